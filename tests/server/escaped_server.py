"""A server whose programs run with the Python allowlist switched off (the real builtins and
modules, through tests/server/escape_capture.py): what holds them is the OS layers alone."""

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

from . import escape_capture
from .conftest import FAST_LIMITS

TESTS_DIR = str(Path(__file__).resolve().parent.parent)
# time enough for a long loop to run before it crashes or meets a memory limit
LONG_RUN_LIMITS = {"memory_bytes": 512 * 1024**2, "wall_seconds": 60.0, "cpu_seconds": 60}


def escaped_client(data_dir, **overrides) -> TestClient:
    settings = Settings(data_dir=data_dir, token=None, **{**FAST_LIMITS, **overrides})
    app = create_app(
        settings,
        capture=escape_capture.capture_program,
        extra_paths=[TESTS_DIR],
    )
    return TestClient(app, base_url="http://127.0.0.1")


# Prepended to a program: system calls by number through ctypes (x86_64 numbers, as the
# machine the tests run on; seccomp.py knows aarch64's too).
SYSCALLS = """
import ctypes, errno, os
libc = ctypes.CDLL(None, use_errno=True)
def syscall(number, *args):
    result = libc.syscall(number, *[ctypes.c_long(a) for a in args])
    return errno.errorcode.get(ctypes.get_errno(), "?") if result == -1 else "ALLOWED"
"""


# SysV shared memory is outside the address space: only the cgroup sees it, and kills
SHARED_MEMORY_BOMB = """import ctypes
libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
for n in range(16):
    ident = libc.shmget(0x5EED + n, 64 << 20, 0o1666)
    address = libc.shmat(ident, None, 0)
    ctypes.memset(address, 1, 64 << 20)
    libc.shmdt(ctypes.c_void_p(address))
"""


def require_cgroup(client) -> None:
    if not any(
        layer.startswith("cgroup") for layer in client.get("/api/health").json()["isolation"]
    ):
        pytest.skip("no cgroup here: memory is bounded by RLIMIT_AS, whose MemoryError is soft")
