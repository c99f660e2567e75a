"""engine.debug: observe tapes and gradient calls, and explain what happened (a Capture)."""
from .schema import SCHEMA_VERSION, Capture  # noqa: F401
