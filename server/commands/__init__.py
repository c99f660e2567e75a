"""What each `tapescope` subcommand does (the parser is in server/cli.py)."""

from .export import export
from .run import run
from .serve import serve
