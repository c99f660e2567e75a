"""engine.debug: observe tapes and gradient calls, and explain what happened (a Capture).

    with engine.debug.capture() as cap:      # a block of code
        ...
    cap = engine.debug.capture_program(source, "main.py")   # a whole program

`replay(capture, call_id)` re-enacts a call's backward steps from the capture's data alone.
"""
from .schema import SCHEMA_VERSION, Capture  # noqa: F401
from .session import capture, capture_program  # noqa: F401
from .diagnosis.vocabulary import CODES, THRESHOLDS  # noqa: F401
