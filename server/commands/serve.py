"""`tapescope serve`: the web app, the API and the gallery, with the sandbox."""

import secrets
import socket
import sys

from ..sandbox import bubblewrap
from ..settings import Settings, is_loopback
from ..version import __version__


def serve_settings(args) -> Settings:
    flags = {
        "host": args.host,
        "port": args.port,
        "data_dir": args.data_dir,
        "workers": args.workers,
        "token": args.token,
        "database_url": args.database_url,
        "sandbox": args.sandbox,
        "frame_ancestors": args.frame_ancestors,
    }
    return Settings(**{name: value for name, value in flags.items() if value is not None})


def public_url(settings: Settings) -> str:
    host = settings.host
    if host in ("0.0.0.0", "::", ""):
        host = socket.gethostname()
    elif ":" in host:
        host = f"[{host}]"
    token = f"?token={settings.token}" if settings.token else ""
    return f"http://{host}:{settings.port}/{token}"


def serve(args) -> int:
    settings = serve_settings(args)
    if not is_loopback(settings.host):
        works, why = (
            (False, "--sandbox none was given")
            if settings.sandbox == "none"
            else bubblewrap.probe()
        )
        if not works:
            print(
                f"tapescope: refusing to serve on {settings.host}: programs from other machines "
                f"must run under bubblewrap, and {why}. Serve on 127.0.0.1, or make bubblewrap "
                "work here.",
                file=sys.stderr,
            )
            return 2
        if not settings.token:
            settings = settings.model_copy(update={"token": secrets.token_urlsafe(24)})
    import uvicorn

    from ..app import create_app

    print(f"TapeScope {__version__} at {public_url(settings)}", flush=True)
    where = (settings.database_url and "the database at --database-url") or settings.data_dir
    print(f"  runs are stored in {where}; API docs at /docs", flush=True)
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    return 0
