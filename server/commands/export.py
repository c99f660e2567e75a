"""`tapescope export RUN_ID`: a run's capture as JSON (stdout or --out), or with --html the run
as one self-contained HTML file that works from disk with no server."""

import argparse
import gzip
import sys
from typing import TYPE_CHECKING

from ..export_html import ExportUnavailable, export_stored_run
from ..settings import Settings
from .client import ServerError, request

if TYPE_CHECKING:
    from ..store.run_store import RunStore


def export(args: argparse.Namespace) -> int:
    try:
        if args.html:
            payload = _html_from_server(args) if args.server else _html_from_store(args)
            target = args.html
        else:
            payload = _from_server(args) if args.server else _from_store(args)
            target = args.out
    except (ServerError, LookupError, ExportUnavailable) as error:
        print(f"tapescope: {error}", file=sys.stderr)
        return 2
    if target:
        target.write_bytes(payload)
        print(f"wrote {target} ({len(payload):,} bytes)", file=sys.stderr)
    else:
        sys.stdout.buffer.write(payload)
        sys.stdout.buffer.flush()
    return 0


def _settings(args: argparse.Namespace) -> Settings:
    return Settings(**({"data_dir": args.data_dir} if args.data_dir else {}))


def _open_store(settings: Settings) -> "RunStore":
    from ..store.run_store import RunStore

    return RunStore(settings.resolved_database_url)


def _from_server(args: argparse.Namespace) -> bytes:
    return request(args.server, "GET", f"/api/runs/{args.run_id}/capture", args.token)


def _from_store(args: argparse.Namespace) -> bytes:
    settings = _settings(args)
    store = _open_store(settings)
    try:
        compressed = store.capture_gzip(args.run_id)
    finally:
        store.close()
    if compressed is None:
        raise LookupError(f"no run {args.run_id} in {settings.data_dir}")
    return gzip.decompress(compressed)


def _html_from_server(args: argparse.Namespace) -> bytes:
    return request(args.server, "GET", f"/api/runs/{args.run_id}/export", args.token)


def _html_from_store(args: argparse.Namespace) -> bytes:
    settings = _settings(args)
    store = _open_store(settings)
    try:
        _, page = export_stored_run(store, args.run_id, settings.resolved_static_dir)
    except LookupError:
        raise LookupError(f"no run {args.run_id} in {settings.data_dir}") from None
    finally:
        store.close()
    return page.encode("utf-8")
