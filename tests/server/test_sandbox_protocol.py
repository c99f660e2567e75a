"""The worker channel: whatever a run writes on it (malformed, forged, oversized), the run
fails with a clear error and the server answers normally; a run cannot pass itself off as
another program."""

import json

import pytest

from server.sandbox import protocol
from server.sandbox.limits import Limits
from server.sandbox.protocol import ProtocolError

from .conftest import run
from .escaped_server import escaped_client

LIMITS = Limits()
RESULT = {"type": "result", "bytes": 10, "values_bytes": 0, "stdout_truncated": False}
LIMIT = {
    "type": "limit",
    "kind": "time",
    "line": 3,
    "detail": "",
    "stdout": "",
    "stdout_truncated": False,
}


def line(**fields) -> bytes:
    return json.dumps(fields).encode() + b"\n"


MALFORMED = {
    "not JSON": b"not json\n",
    "a list": b"[1, 2]\n",
    "deeply nested": b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "unknown type": line(type="hello", layers=[]),
    "missing field": line(type="result", bytes=10),
    "extra field": line(**RESULT, run_id="another run"),
    "negative size": line(**{**RESULT, "bytes": -1}),
    "size over the capture cap": line(**{**RESULT, "bytes": LIMITS.capture_bytes + 1}),
    "values over their cap": line(**{**RESULT, "values_bytes": 1 << 40}),
    "size as a string": line(**{**RESULT, "bytes": "10"}),
    "size as a bool": line(**{**RESULT, "bytes": True}),
    "truncated as an int": line(**{**RESULT, "stdout_truncated": 1}),
    "unknown limit": line(**{**LIMIT, "kind": "nonsense"}),
    "line as a string": line(**{**LIMIT, "line": "3"}),
    "negative line": line(**{**LIMIT, "line": -3}),
    "stdout over its cap": line(**{**LIMIT, "stdout": "x" * (LIMITS.stdout_bytes + 1)}),
    "partial over the capture cap": line(type="partial", bytes=LIMITS.capture_bytes + 1),
    "partial with an extra field": line(type="partial", bytes=10, program="another"),
    "output over the stdout cap": line(
        type="output", text="x" * (LIMITS.stdout_bytes + 1), truncated=False
    ),
    "output truncated as an int": line(type="output", text="", truncated=0),
    "stop notice of an unknown limit": line(type="stopping", kind="nonsense", line=3),
    "stop notice with a negative line": line(type="stopping", kind="memory", line=-1),
    "stop notice with an extra field": line(type="stopping", kind="time", line=3, run="x"),
}


@pytest.mark.parametrize("name", sorted(MALFORMED))
def test_a_malformed_reply_is_a_protocol_error(name):
    with pytest.raises(ProtocolError):
        protocol.decode_reply(MALFORMED[name], LIMITS)


def test_well_formed_replies_decode():
    assert protocol.decode_reply(line(**RESULT), LIMITS) == RESULT
    assert protocol.decode_reply(line(type="partial", bytes=10), LIMITS)["bytes"] == 10
    output = line(type="output", text="x\n", truncated=True)
    assert protocol.decode_reply(output, LIMITS)["text"] == "x\n"
    assert protocol.decode_reply(line(**{**LIMIT, "line": None}), LIMITS)["line"] is None
    notice = line(type="stopping", kind="memory", line=7)
    assert protocol.decode_reply(notice, LIMITS) == {
        "type": "stopping",
        "kind": "memory",
        "line": 7,
    }


@pytest.mark.parametrize(
    "hello", [b"", b"{}\n", line(type="hello", layers=[1]), b"x" * 5000 + b"\n", b'{"type"']
)
def test_a_malformed_hello_is_a_protocol_error(hello):
    with pytest.raises(ProtocolError):
        protocol.decode_hello(hello)


# A program (allowlist off) that writes `FORGED` on its own channel to the server and stops.
FORGE = """import os, socket, stat
channel = next(fd for fd in range(3, 64) if _is_socket(fd))
os.write(channel, FORGED) if len(FORGED) < 65536 else socket.socket(fileno=channel).sendall(FORGED)
os._exit(0)
"""
IS_SOCKET = """import os, stat
def _is_socket(fd):
    try:
        return stat.S_ISSOCK(os.fstat(fd).st_mode)
    except OSError:
        return False
"""


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with escaped_client(tmp_path_factory.mktemp("data")) as client:
        yield client


def forge(client, forged: bytes | str) -> dict:
    """`forged`: the bytes, or a Python expression that makes them (for large ones)."""
    expression = forged if isinstance(forged, str) else repr(forged)
    return run(client, IS_SOCKET + f"FORGED = {expression}\n" + FORGE)


@pytest.mark.parametrize(
    "name",
    [
        "not JSON",
        "a list",
        "extra field",
        "size over the capture cap",
        "unknown limit",
        "line as a string",
        "truncated as an int",
    ],
)
def test_a_forged_reply_is_a_failed_run_not_a_server_error(client, name):
    summary = forge(client, MALFORMED[name])
    assert summary["status"] == "crashed"
    assert summary["error"]["type"] == "WorkerCrashed"
    assert "malformed reply" in summary["error"]["message"], summary["error"]
    assert client.get("/api/health").json()["status"] == "ok"


@pytest.mark.parametrize(
    "expression",
    ['b"x" * (8 << 20)', 'b"[" * 100_000 + b"]" * 100_000 + b"\\n"'],
    ids=["oversized", "deeply nested"],
)
def test_an_oversized_or_nested_header_is_a_failed_run(client, expression):
    summary = forge(client, expression)
    assert summary["status"] == "crashed"
    assert "malformed reply" in summary["error"]["message"], summary["error"]
    assert client.get("/api/health").json()["status"] == "ok"


def test_a_reply_cut_short_is_a_failed_run(client):
    summary = forge(client, line(**{**RESULT, "bytes": 1000}) + b"{}")
    assert summary["status"] == "crashed"
    assert summary["error"]["type"] == "WorkerCrashed"


def test_an_unreadable_capture_is_a_failed_run(client):
    summary = forge(client, line(**RESULT) + b"0123456789")
    assert summary["status"] == "crashed"
    assert "unreadable capture" in summary["error"]["message"]


def test_a_capture_naming_another_program_is_stored_as_this_run(client):
    impostor = json.dumps(
        {"program": {"filename": "main.py", "source": "print('another run')"}, "stdout": "x"}
    ).encode()
    code = IS_SOCKET + f"FORGED = {line(**{**RESULT, 'bytes': len(impostor)}) + impostor!r}\n"
    code += FORGE
    summary = run(client, code)
    capture = client.get(f"/api/runs/{summary['id']}/capture").json()
    assert capture["program"]["source"] == code
    assert capture["program"]["filename"] == "main.py"


def test_a_forged_partial_capture_is_stored_as_this_run(client):
    """A snapshot naming another program, then the worker ends without a result: the run
    keeps the snapshot's records under its own program, and the output it sent."""
    impostor = json.dumps(
        {"program": {"filename": "main.py", "source": "print('another run')"}, "stdout": "x"}
    ).encode()
    forged = line(type="output", text="sent\n", truncated=False)
    forged += line(type="partial", bytes=len(impostor)) + impostor
    code = IS_SOCKET + f"FORGED = {forged!r}\n" + FORGE
    summary = run(client, code)
    assert summary["status"] == "crashed"
    assert summary["stdout"] == "sent\n"
    capture = client.get(f"/api/runs/{summary['id']}/capture").json()
    assert capture["program"]["source"] == code
