"""Running untrusted programs: a bubblewrap sandbox, resource limits, a Python-level allowlist,
and a pool of pre-started workers. Modules named here run on both sides of the sandbox, so
this package imports nothing heavy, and nothing of the server outside itself (it may import
engine and engine.debug: the worker runs the program under engine.debug's capture)."""
