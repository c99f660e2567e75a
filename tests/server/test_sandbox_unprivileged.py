"""The sandbox run by a server that is not root (here as `nobody`): isolation degrades as
docs/sandbox.md says (no per-run uid: every run has the server's; no cgroup: RLIMIT_AS bounds
memory and seccomp refuses SysV IPC), the namespaces still hold where the kernel lets an
unprivileged user make them, and the health answer lists exactly the layers in force."""

import json
import os
import pwd
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
USER = "nobody"
PROBE = """import ctypes, errno, json, os
libc = ctypes.CDLL(None, use_errno=True)
def failure(result):
    return errno.errorcode.get(ctypes.get_errno(), "?") if result == -1 else "ALLOWED"
seen = {"uid": os.getuid(), "pid": os.getpid(), "proc": os.listdir("/proc")}
seen["shmget"] = failure(libc.shmget(0x5EED, 4096, 0o1666))
try:
    os.kill(-1, 0)
    seen["kill -1"] = "ALLOWED"
except OSError as error:
    seen["kill -1"] = errno.errorcode[error.errno]
print(json.dumps(seen))
"""


# the server starts its workers with its own interpreter: it must be one the user may execute
CAN_START_WORKERS = (
    "import subprocess, sys, numpy, fastapi, server\n"
    "subprocess.run([sys.executable, '-c', 'import numpy'], check=True)"
)


def _as_user(command: list[str], env: dict, timeout: float = 120):
    user = pwd.getpwnam(USER)
    setpriv = ["setpriv", f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups"]
    setpriv.append("--")
    return subprocess.run(
        setpriv + command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=timeout
    )


def _interpreter() -> tuple[str, dict]:
    """A Python the user can run with the project's packages: this one, or else the system's
    of the same version with this one's packages on PYTHONPATH (a virtualenv under /root, say,
    is out of its reach)."""
    packages = [p for p in sys.path if p.endswith("site-packages")]
    base = {"HOME": "/tmp", "PATH": os.environ["PATH"], "PYTHONDONTWRITEBYTECODE": "1"}
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    candidates = [(sys.executable, [str(ROOT)]), (f"/usr/bin/{version}", [str(ROOT), *packages])]
    for python, path in candidates:
        env = {**base, "PYTHONPATH": os.pathsep.join(path)}
        if os.path.exists(python):
            check = _as_user([python, "-c", CAN_START_WORKERS], env, timeout=60)
            if check.returncode == 0:
                return python, env
    pytest.skip(f"no Python that {USER} may run with the project's packages")


@pytest.fixture(scope="module")
def unprivileged():
    if os.getuid() != 0 or shutil.which("setpriv") is None:
        pytest.skip("switching to another user needs root and setpriv (util-linux)")
    python, env = _interpreter()
    # not under pytest's own temporary directory, which only root may enter
    data_dir = tempfile.mkdtemp(prefix="tapescope-unprivileged-")
    os.chmod(data_dir, 0o777)
    try:
        done = _as_user(
            [python, "-m", "tests.server.unprivileged_server", data_dir, PROBE], env, 300
        )
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_health_names_the_layers_of_an_unprivileged_server(unprivileged):
    health = unprivileged["health"]
    assert health["status"] == "ok" and health["pool"] == "ready"
    layers = health["isolation"]
    assert "own_uid" not in layers  # only root can give each run a uid of its own
    assert not any(layer.startswith("cgroup") for layer in layers)  # cgroups are root's here
    assert health["memory_limit"].startswith("RLIMIT_AS only")
    assert "no_sysv_ipc" in layers  # no memory cgroup: seccomp refuses SysV IPC instead
    assert {"seccomp", "no_capabilities", "rlimits", "python_allowlist"} <= set(layers)
    if health["sandbox"] == "bubblewrap":  # the kernel lets unprivileged users make namespaces
        assert {"user_namespace", "pid_namespace", "ipc_namespace", "private_proc"} <= set(layers)


def test_an_escaped_run_of_an_unprivileged_server_is_still_contained(unprivileged):
    run = unprivileged["run"]
    assert run["status"] == "ok", run["error"]
    seen = json.loads(run["stdout"])
    assert seen["shmget"] == "EPERM"
    if "pid_namespace" in unprivileged["health"]["isolation"]:
        assert seen["pid"] == 1 and seen["proc"] == []
        assert seen["kill -1"] == "ESRCH"  # no other process to signal
        assert seen["uid"] == 1000  # the server's uid, seen through the run's user namespace
