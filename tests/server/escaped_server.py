"""A server whose programs run with the Python allowlist switched off (the real builtins and
modules, through tests/server/escape_capture.py): what holds them is the OS layers alone."""

from pathlib import Path

from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

from . import escape_capture
from .conftest import FAST_LIMITS

TESTS_DIR = str(Path(__file__).resolve().parent.parent)


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
