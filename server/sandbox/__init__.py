"""Running untrusted programs: a bubblewrap sandbox, resource limits, a Python-level allowlist,
and a pool of pre-started workers. Modules named here run on both sides of the sandbox, so
this package imports nothing heavy."""
