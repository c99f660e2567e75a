"""`tapescope export RUN_ID`: a run's capture as JSON, to stdout or a file."""
import gzip
import sys

from ..settings import Settings
from .client import ServerError, request


def export(args) -> int:
    try:
        payload = _from_server(args) if args.server else _from_store(args)
    except (ServerError, LookupError) as error:
        print(f"tapescope: {error}", file=sys.stderr)
        return 2
    if args.out:
        args.out.write_bytes(payload)
        print(f"wrote {args.out} ({len(payload):,} bytes)", file=sys.stderr)
    else:
        sys.stdout.buffer.write(payload)
        sys.stdout.buffer.flush()
    return 0


def _from_server(args) -> bytes:
    return request(args.server, "GET", f"/api/runs/{args.run_id}/capture", args.token)


def _from_store(args) -> bytes:
    from ..store import RunStore
    settings = Settings(**({"data_dir": args.data_dir} if args.data_dir else {}))
    store = RunStore(settings.resolved_database_url)
    try:
        compressed = store.capture_gzip(args.run_id)
    finally:
        store.close()
    if compressed is None:
        raise LookupError(f"no run {args.run_id} in {settings.data_dir}")
    return gzip.decompress(compressed)
