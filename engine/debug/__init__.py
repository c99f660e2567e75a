"""engine.debug: observe tapes and gradient calls, and explain what happened (a Capture).

    with engine.debug.capture() as cap:      # a block of code
        ...
    cap = engine.debug.capture_program(source, "main.py")   # a whole program

`replay(capture, call_id)` re-enacts a call's backward steps from the capture's data alone.
`show(capture)` displays the debugger inline in a notebook.

The layer above the engine (docs/architecture.md). It reads the engine through one door: the
observers (engine/hooks.py), the introspection module (engine/introspection.py) and the public
API; tests/debug/test_engine_door.py holds it to that. Besides, it imports only third-party
libraries (pydantic, NumPy); never `server` (`show` finds the server's notebook view by an entry
point). `import engine.debug` imports no server module.
"""

from .diagnosis.vocabulary import CODES, THRESHOLDS
from .schema import SCHEMA_VERSION, Capture
from .session import capture, capture_program
from .show import show

__all__ = [
    "CODES",
    "SCHEMA_VERSION",
    "THRESHOLDS",
    "Capture",
    "capture",
    "capture_program",
    "show",
]
