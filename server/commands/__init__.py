"""What each `tapescope` subcommand does (the parser is in server/cli.py)."""
from .export import export  # noqa: F401
from .run import run  # noqa: F401
from .serve import serve  # noqa: F401
