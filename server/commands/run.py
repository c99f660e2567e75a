"""`tapescope run script.py`: your own script, your own Python, captured and stored."""

import sys
import webbrowser

from ..models import RunSummary
from ..settings import Settings
from .client import ServerError, request


def run(args) -> int:
    script = args.script.resolve()
    if not script.is_file():
        print(f"tapescope: no such script: {args.script}", file=sys.stderr)
        return 2
    capture = _capture(script, args.args)
    if capture.stdout:
        sys.stdout.write(capture.stdout)
    try:
        summary, base = _upload(capture, args) if args.server else _store(capture, args)
    except ServerError as error:
        print(f"tapescope: {error}", file=sys.stderr)
        return 2
    url = base.rstrip("/") + summary.url
    if capture.error is not None:
        where = f" at line {capture.error.line}" if capture.error.line else ""
        print(
            f"{script.name} raised {capture.error.type}{where}: {capture.error.message}",
            file=sys.stderr,
        )
    print(
        f"{len(capture.tapes)} tapes, {len(capture.calls)} gradient calls, "
        f"{len(capture.findings)} findings"
    )
    print(f"run {summary.id}: {url}")
    if args.open:
        webbrowser.open(url)
    return 1 if capture.error is not None else 0


def _capture(script, script_args):
    from engine.debug import capture_program

    saved_argv, saved_path = sys.argv, list(sys.path)
    sys.argv = [str(script), *script_args]
    sys.path.insert(0, str(script.parent))
    try:
        return capture_program(script.read_text(), str(script))
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path


def _upload(capture, args):
    body = request(args.server, "POST", "/api/captures", args.token, capture.to_json().encode())
    return RunSummary.model_validate_json(body), args.server


def _store(capture, args):
    from ..run_service import RunService
    from ..store import RunStore

    settings = Settings(**({"data_dir": args.data_dir} if args.data_dir else {}))
    store = RunStore(settings.resolved_database_url)
    try:
        # with the full values kept beside the capture (an upload over HTTP sends the JSON only)
        summary = RunService(settings, store, None).upload(capture, capture.values)
    finally:
        store.close()
    print(f"stored in {settings.data_dir} (view it with `tapescope serve`)")
    return summary, f"http://{settings.host}:{settings.port}"
