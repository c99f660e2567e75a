"""Messages between the server and a worker: one JSON header line, then an optional payload.

Worker -> server, in order:
  {"type": "hello", "layers": [str, ...]}   sent before the program exists; the server reads
   the sender's pid from the message's credentials (SO_PASSCRED)
  then, while the program runs, any number of
  {"type": "output", "text": str, "truncated": bool}   what it printed since the last one
  {"type": "partial", "bytes": N}   followed by N bytes of capture JSON: what it recorded so far
   (the server keeps the last whole one, for a run that ends without a result)
  {"type": "stopping", "kind": <a limit's kind>, "line": int | null}   a soft limit has just
   stopped the program at that line (for a run killed while its capture is built)
  then one of
  {"type": "result", "bytes": N, "values_bytes": M, "stdout_truncated": bool}
   followed by N bytes of capture JSON, then M bytes of .npz: the full values the capture kept
   beside it (engine/debug/kept_values.py; M is 0 when it kept none)
  {"type": "limit", "kind": "time" | "cpu" | "memory" | "capture", "line": int | null,
   "stdout": str, "stdout_truncated": bool, "detail": str}
Server -> worker: {"code": str, "filename": str, "keep": str | null (the retention policy)}
Server <-> zygote (SOCK_SEQPACKET, one message each): "spawn <id>" with the worker's socket as
SCM_RIGHTS, "kill <id>", "ping"; back: "ready <layers json>", "exit <id> <wait status>", "pong".

A worker runs someone else's program, so everything it sends is checked here, strictly: a
header that is not exactly one of the shapes above (unknown or missing fields, wrong types,
sizes over the caps) is a `ProtocolError`, which the pool turns into a failed run.
"""

import json

from .limits import LIMIT_KINDS

MAX_HELLO_BYTES = 4096
MAX_LINE = 1 << 31  # a `line` field beyond any program's length


class ProtocolError(ValueError):
    """A worker sent something that is not a well-formed message."""


def encode_header(**fields) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def max_header_bytes(stdout_bytes: int) -> int:
    """The longest header a worker may send: a limit report carries the program's stdout,
    JSON-escaped (at most 6 bytes per byte), plus room for the other fields."""
    return 6 * stdout_bytes + 64 * 1024


def _object(line: bytes) -> dict:
    try:
        header = json.loads(line)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"the header is not JSON ({type(error).__name__})") from None
    if type(header) is not dict:
        raise ProtocolError("the header is not a JSON object")
    return header


def _fields(header: dict, shape: dict[str, tuple]) -> dict:
    if set(header) != set(shape):
        unexpected = sorted(set(header) ^ set(shape))
        raise ProtocolError(f"a {header.get('type')!r} header with wrong fields: {unexpected}")
    for name, types in shape.items():
        # `type(...) in`: bool is not an int here, and an int is not a bool
        if type(header[name]) not in types:
            raise ProtocolError(f"field {name!r} has the wrong type")
    return header


def _size(header: dict, name: str, cap: int) -> None:
    if not 0 <= header[name] <= cap:
        raise ProtocolError(f"field {name!r} is {header[name]}, outside 0..{cap}")


def decode_hello(line: bytes) -> list[str]:
    if len(line) > MAX_HELLO_BYTES or not line.endswith(b"\n"):
        raise ProtocolError("the worker's first message is not a hello")
    header = _fields(_object(line), {"type": (str,), "layers": (list,)})
    if header["type"] != "hello" or any(type(layer) is not str for layer in header["layers"]):
        raise ProtocolError("the worker's first message is not a hello")
    return header["layers"]


def decode_reply(line: bytes, limits) -> dict:
    """A worker's header after its hello, checked against `limits` (sizes, stdout)."""
    header = _object(line)
    kind = header.get("type")
    if kind == "result":
        _fields(
            header,
            {"type": (str,), "bytes": (int,), "values_bytes": (int,), "stdout_truncated": (bool,)},
        )
        _size(header, "bytes", limits.capture_bytes)
        _size(header, "values_bytes", limits.kept_values_wire_bytes)
        return header
    if kind == "limit":
        _fields(
            header,
            {
                "type": (str,),
                "kind": (str,),
                "line": (int, type(None)),
                "detail": (str,),
                "stdout": (str,),
                "stdout_truncated": (bool,),
            },
        )
        if header["kind"] not in LIMIT_KINDS:
            raise ProtocolError(f"unknown limit {header['kind'][:40]!r}")
        if header["line"] is not None:
            _size(header, "line", MAX_LINE)
        if len(header["stdout"].encode("utf-8", "replace")) > limits.stdout_bytes:
            raise ProtocolError("the reported output is over the stdout cap")
        if len(header["detail"]) > 1000:
            raise ProtocolError("the limit's detail is too long")
        return header
    if kind == "stopping":
        _fields(header, {"type": (str,), "kind": (str,), "line": (int, type(None))})
        if header["kind"] not in LIMIT_KINDS:
            raise ProtocolError(f"unknown limit {header['kind'][:40]!r}")
        if header["line"] is not None:
            _size(header, "line", MAX_LINE)
        return header
    if kind == "partial":
        _fields(header, {"type": (str,), "bytes": (int,)})
        _size(header, "bytes", limits.capture_bytes)
        return header
    if kind == "output":
        _fields(header, {"type": (str,), "text": (str,), "truncated": (bool,)})
        if len(header["text"].encode("utf-8", "replace")) > limits.stdout_bytes:
            raise ProtocolError("the reported output is over the stdout cap")
        return header
    raise ProtocolError(
        "the header is not a result, a limit report, a stop notice, a partial capture or output"
    )


def decode_request(line: bytes) -> dict:
    return _fields(_object(line), {"code": (str,), "filename": (str,), "keep": (str, type(None))})


def decode_header(line: bytes) -> dict:
    return _object(line)
