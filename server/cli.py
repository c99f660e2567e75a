"""The `tapescope` command: serve, run a script under capture, export a run."""

import argparse
import sys
from pathlib import Path

from . import commands
from .version import __version__


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tapescope", description="TapeScope: an interactive debugger for gradient tapes."
    )
    parser.add_argument("--version", action="version", version=f"tapescope {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser(
        "serve",
        help="serve the web app, the REST API and the gallery",
        description="Serve the web app, the REST API (/docs) and the gallery. Programs sent to "
        "POST /api/runs run in a sandbox. On an address other than loopback every "
        "request needs a token (generated and printed unless --token is given) and "
        "bubblewrap must work.",
    )
    serve.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    serve.add_argument("--port", type=int, help="port (default 8765)")
    serve.add_argument(
        "--data-dir", type=Path, help="where runs are stored (default: your user data directory)"
    )
    serve.add_argument("--workers", type=int, help="programs that run at once (default 2)")
    serve.add_argument("--token", help="the token clients must send (also TAPESCOPE_TOKEN)")
    serve.add_argument(
        "--database-url",
        help="SQLAlchemy URL, e.g. postgresql+psycopg://host/db "
        "(default: SQLite in the data directory)",
    )
    serve.add_argument(
        "--frame-ancestors",
        metavar="ORIGINS",
        help="origins that may show the app in a frame, e.g. a notebook's "
        "http://localhost:8888 (space-separated; default: none)",
    )
    serve.add_argument(
        "--sandbox",
        choices=["auto", "bubblewrap", "none"],
        help="OS isolation (default auto: bubblewrap when it works here)",
    )
    serve.set_defaults(handler=commands.serve)

    run = sub.add_parser(
        "run",
        help="run a script of yours under capture and store its run",
        description="Run SCRIPT with this Python (your machine, no sandbox) under engine.debug's "
        "capture, store the capture locally (or upload it with --server), and print "
        "the run's URL.",
    )
    run.add_argument("script", type=Path)
    run.add_argument("args", nargs="*", help="arguments for the script (put them after --)")
    run.add_argument("--server", help="upload to this TapeScope server, e.g. http://127.0.0.1:8765")
    run.add_argument("--token", help="the server's token (also TAPESCOPE_TOKEN)")
    run.add_argument("--open", action="store_true", help="open the run in a browser")
    run.add_argument(
        "--data-dir", type=Path, help="local store (default: your user data directory)"
    )
    run.set_defaults(handler=commands.run)

    export = sub.add_parser(
        "export",
        help="write a stored run's capture as JSON, or the run as one HTML file",
        description="Write the capture of RUN_ID as JSON, or with --html the run as one "
        "self-contained HTML file (graph, stepper, diagnosis, plots) that works from "
        "disk with no server; from the local store or a server.",
    )
    export.add_argument("run_id")
    output = export.add_mutually_exclusive_group()
    output.add_argument("--out", type=Path, help="file to write the JSON to (default: stdout)")
    output.add_argument(
        "--html",
        type=Path,
        metavar="FILE",
        help="write the run as one self-contained HTML file instead",
    )
    export.add_argument("--server", help="read from this TapeScope server instead")
    export.add_argument("--token", help="the server's token (also TAPESCOPE_TOKEN)")
    export.add_argument(
        "--data-dir", type=Path, help="local store (default: your user data directory)"
    )
    export.set_defaults(handler=commands.export)
    return parser


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    return args.handler(args) or 0


if __name__ == "__main__":
    sys.exit(main())
