"""A soft limit tells the server at once which limit stopped the program at which line, so
that a run killed while its capture is still being built (the cgroup's memory limit, the
pool's deadline) says where it stopped rather than "at an unknown line"."""

import json
import signal
import socket
import threading

import pytest

from server.sandbox import protocol
from server.sandbox.child import Child
from server.sandbox.limits import Limits, MemoryLimitExceeded

from .conftest import run
from .escaped_server import LONG_RUN_LIMITS, SHARED_MEMORY_BOMB, escaped_client, require_cgroup
from .test_sandbox_protocol import FORGE, IS_SOCKET

LOOP = """
total = 0
while True:
    total += 1
"""


def test_a_soft_limit_sends_its_kind_and_the_programs_line_at_once():
    server_end, worker_end = socket.socketpair()
    child = Child(worker_end, Limits(), capture=None, views=None)
    code = compile(LOOP, "main.py", "exec")
    stopped = threading.Event()

    def stop_when_running():
        # the program's frame is on the main thread once `total` exists in its namespace
        while "total" not in child.namespace:
            pass
        assert child._stop(MemoryLimitExceeded) is True
        stopped.set()

    # the stop reaches the program through a signal to its thread, as in Child.run
    previous = signal.signal(signal.SIGUSR1, child._soft_limit)
    try:
        threading.Thread(target=stop_when_running, daemon=True).start()
        with pytest.raises(MemoryLimitExceeded):
            exec(code, child.namespace)
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert stopped.wait(10)
    server_end.settimeout(10)
    notice = protocol.decode_reply(server_end.makefile("rb").readline(), Limits())
    # the loop's lines: `while True:` (3) or `total += 1` (4), wherever it was
    assert notice["type"] == "stopping" and notice["kind"] == "memory"
    assert notice["line"] in (3, 4)


# the notice, then SysV shared memory beyond the limit: only the cgroup sees it, and kills
NOTICE = json.dumps({"type": "stopping", "kind": "memory", "line": 2}).encode() + b"\n"
NOTICE_THEN_KILLED = (
    IS_SOCKET + f"FORGED = {NOTICE!r}\n" + FORGE.replace("os._exit(0)\n", "") + SHARED_MEMORY_BOMB
)


@pytest.fixture(scope="module")
def escaped(tmp_path_factory):
    with escaped_client(tmp_path_factory.mktemp("data"), **LONG_RUN_LIMITS) as client:
        yield client


def test_a_run_killed_after_the_notice_says_the_line_it_stopped_at(escaped):
    require_cgroup(escaped)
    summary = run(escaped, NOTICE_THEN_KILLED)
    assert summary["status"] == "limit", summary["error"]
    assert summary["error"]["type"] == "MemoryLimitExceeded"
    assert summary["error"]["line"] == 2
    assert "at line 2" in summary["error"]["message"]
