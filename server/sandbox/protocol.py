"""Messages between the server and a worker: one JSON header line, then an optional payload.

Worker -> server headers:
  {"type": "result", "bytes": N, "values_bytes": M, "stdout_truncated": bool}
   followed by N bytes of capture JSON, then M bytes of .npz: the full values the capture kept
   beside it (engine/debug/kept_values.py; M is 0 when it kept none)
  {"type": "limit", "kind": "time" | "cpu" | "memory" | "capture", "line": int | null,
   "stdout": str, "detail": str}
Server -> worker: {"code": str, "filename": str, "keep": str | null (the retention policy)}
Server <-> zygote (SOCK_SEQPACKET, one message each): "spawn <id>" with the worker's socket as
SCM_RIGHTS, "kill <id>"; back: "ready", "exit <id> <wait status>".
"""

import json


def encode_header(**fields) -> bytes:
    return json.dumps(fields).encode() + b"\n"


def decode_header(line: bytes) -> dict:
    return json.loads(line)
