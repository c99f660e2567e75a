"""Runs are isolated from each other and from the worker template by the OS alone: every
program here runs with the Python allowlist off (real builtins, `import os, ctypes`), and each
attack from issue 14 is one test."""

import json
import os
import signal
import threading
import time

import pytest

from server.sandbox import seccomp
from server.sandbox.cgroups import RunCgroups

from .conftest import run
from .escaped_server import SYSCALLS, escaped_client
from .killed_server import killed_server


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with escaped_client(tmp_path_factory.mktemp("data")) as client:
        health = client.get("/api/health").json()
        if "pid_namespace" not in health["isolation"]:
            pytest.skip(f"no per-run namespaces on this kernel: {health['isolation']}")
        yield client


def ok(client, code: str) -> dict:
    summary = run(client, code)
    assert summary["status"] == "ok", summary["error"]
    return summary


def wait_until(predicate, timeout: float = 10.0) -> None:
    """Polls for an explicit state (never a fixed sleep in place of one)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "the state was not reached in time"
        time.sleep(0.01)


def run_alongside(client, code: str, attack: str) -> tuple[dict, dict]:
    """Runs `code` (which must take a while) and, while it runs, `attack`; both summaries."""
    pool = client.app.state.runs.pool
    victim: list[dict] = []
    thread = threading.Thread(target=lambda: victim.append(run(client, code)))
    thread.start()
    wait_until(lambda: pool.running == 1)
    attacker = run(client, attack)
    thread.join()
    return victim[0], attacker


VICTIM = "import time\ntime.sleep(1.0)\nprint('victim finished')"


def test_a_run_is_pid_1_of_its_own_namespace_and_sees_no_process(client):
    summary = ok(client, "import os\nprint(os.getpid(), os.getppid(), os.listdir('/proc'))")
    assert summary["stdout"] == "1 0 []\n"


def test_a_run_cannot_signal_another_run_in_progress(client):
    attack = (
        "import os, signal\nhit = []\n"
        "for pid in range(2, 1 << 16):\n"
        "    try:\n        os.kill(pid, signal.SIGKILL)\n        hit.append(pid)\n"
        "    except OSError:\n        pass\n"
        "try:\n    os.kill(-1, signal.SIGKILL)\nexcept OSError as e:\n    hit.append(str(e))\n"
        "print(hit)"
    )
    victim, attacker = run_alongside(client, VICTIM, attack)
    assert attacker["status"] == "ok", attacker["error"]
    # 2 is the run's own watchdog thread (a thread id signals its own process, which as the
    # namespace's init ignores it); -1 reaches nobody
    assert attacker["stdout"] in ("[2, '[Errno 3] No such process']\n", "[2]\n")
    assert victim["status"] == "ok" and victim["stdout"] == "victim finished\n"


def test_a_run_cannot_stop_the_worker_template(client):
    attack = (
        "import os, signal\nhit = []\n"
        "for pid in range(2, 1 << 16):\n"
        "    try:\n        os.kill(pid, signal.SIGSTOP)\n        hit.append(pid)\n"
        "    except OSError:\n        pass\n"
        "try:\n    os.kill(-1, signal.SIGSTOP)\nexcept OSError:\n    pass\n"
        "print(hit)"
    )
    assert ok(client, attack)["stdout"] == "[2]\n"  # its own watchdog thread, as above
    assert client.get("/api/health").json()["pool"] == "ready"
    drop_ready_workers(client.app.state.runs.pool)  # the next run needs the template
    assert ok(client, "print('next')")["stdout"] == "next\n"


SHM = (
    SYSCALLS
    + """
libc.shmget.restype = ctypes.c_int
libc.shmat.restype = ctypes.c_void_p
KEY = 0x5EED
"""
)


def test_sysv_shared_memory_dies_with_its_run(client):
    made = ok(
        client,
        SHM + "ident = libc.shmget(KEY, 1 << 20, 0o1666)\n"
        "address = libc.shmat(ident, None, 0)\nctypes.memset(address, 7, 1 << 20)\n"
        "print(ident >= 0, address not in (None, ctypes.c_void_p(-1).value))",
    )
    assert made["stdout"] == "True True\n"
    later = ok(client, SHM + "print(libc.shmget(KEY, 0, 0o666), ctypes.get_errno())")
    assert later["stdout"] == f"-1 {__import__('errno').ENOENT}\n"


def test_shared_memory_counts_against_the_run_memory_limit(tmp_path):
    """Segments outside the address space (attached and detached one at a time) still count."""
    with escaped_client(tmp_path, memory_bytes=512 * 1024**2) as client:
        if not any(
            layer.startswith("cgroup") for layer in client.get("/api/health").json()["isolation"]
        ):
            pytest.skip("no cgroup here: SysV IPC is refused by seccomp instead (next test)")
        summary = run(
            client,
            SHM + "size = 64 << 20\nfor n in range(16):\n"
            "    ident = libc.shmget(KEY + n, size, 0o1666)\n"
            "    address = libc.shmat(ident, None, 0)\n"
            "    ctypes.memset(address, 1, size)\n    libc.shmdt(ctypes.c_void_p(address))\n"
            "print('held 1 GiB')",
        )
        assert summary["status"] == "limit", summary["error"]
        assert summary["error"]["type"] == "MemoryLimitExceeded"
        assert ok(client, "print('after')")["stdout"] == "after\n"


def test_posix_shared_memory_cannot_reach_the_next_run(client):
    summary = ok(
        client,
        "import os\ntry:\n    open('/dev/shm/planted', 'w').write('x')\n    print('ALLOWED')\n"
        "except OSError as error:\n    print(type(error).__name__)",
    )
    assert summary["stdout"] != "ALLOWED\n"


# name -> arguments that would succeed (or fail otherwise than EPERM) without the filter
DENIED_CALLS = {
    "ptrace": (101, 0, 0, 0, 0),  # PTRACE_TRACEME
    "process_vm_readv": (310, 1, 0, 0, 0, 0, 0),  # pid 1 is the run itself: allowed unfiltered
    "process_vm_writev": (311, 1, 0, 0, 0, 0, 0),
    "mount": (165, 0, 0, 0, 0, 0),
    "umount2": (166, 0, 0),
    "keyctl": (250, 0, -3, 0),  # KEYCTL_GET_KEYRING_ID of the session keyring
    "add_key": (248, 0, 0, 0, 0, 0),
    "request_key": (249, 0, 0, 0, 0),  # EFAULT unfiltered
    "bpf": (321, 0, 0, 0),
    "perf_event_open": (298, 0, 0, -1, -1, 0),
    "userfaultfd": (323, 1),  # UFFD_USER_MODE_ONLY: open to anyone unfiltered
    "kexec_load": (246, 0, 0, 0, 0),
    "unshare": (272, 0x200),  # CLONE_FS: open to anyone unfiltered, as no CLONE_NEW* is here
    "setns": (308, -1, 0),
    "clone with CLONE_NEWUSER": (56, 0x10000000 | 17, 0, 0, 0, 0),
    "io_uring_setup": (425, 1, 0),
}


@pytest.fixture(scope="module")
def denied_results(client):
    if not seccomp.supported() or os.uname().machine != "x86_64":
        pytest.skip("the system call numbers below are x86_64's")
    calls = json.dumps({name: list(args) for name, args in DENIED_CALLS.items()})
    summary = ok(
        client,
        SYSCALLS + f"results = {{name: syscall(*args) for name, args in {calls}.items()}}\n"
        "import json\nprint(json.dumps(results))",
    )
    return json.loads(summary["stdout"])


@pytest.mark.parametrize("name", sorted(DENIED_CALLS))
def test_seccomp_denies(denied_results, name):
    assert denied_results[name] == "EPERM", denied_results


def test_a_call_of_another_abi_kills_the_run(client):
    if os.uname().machine != "x86_64":
        pytest.skip("x32 is x86_64's second ABI")
    summary = run(client, SYSCALLS + "print('before', flush=True)\nsyscall(0x40000000 | 39)\n")
    assert summary["status"] == "crashed", summary["error"]
    assert "SIGSYS" in summary["error"]["message"]  # getpid of the x32 ABI
    assert summary["stdout"] == "before\n"


def test_health_reports_every_active_layer(client):
    health = client.get("/api/health").json()
    assert health["status"] == "ok" and health["pool"] == "ready"
    for layer in ("pid_namespace", "ipc_namespace", "mount_namespace", "seccomp", "rlimits"):
        assert layer in health["isolation"]
    assert ("cgroup" in health["memory_limit"]) == any(
        layer.startswith("cgroup") for layer in health["isolation"]
    )


def drop_ready_workers(pool) -> None:
    """Forget the workers forked in advance: the next run needs a fresh fork."""
    while pool._ready:
        pool._ready.popleft().socket.close()


def _template_pid(pool) -> int:
    """The worker template's pid (a descendant of bubblewrap running zygote.py)."""
    pending = [pool._zygote.process.pid]
    while pending:
        pid = pending.pop()
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                arguments = file.read().split(b"\0")
            if b"bwrap" not in arguments[0] and any(b"sandbox.zygote" in a for a in arguments):
                return pid  # the first python process below bubblewrap: its children come later
            for task in os.listdir(f"/proc/{pid}/task"):
                with open(f"/proc/{pid}/task/{task}/children") as file:
                    pending += [int(child) for child in file.read().split()]
        except OSError:
            continue
    raise AssertionError("no worker template found")


def test_health_reports_a_wedged_template_and_a_new_one_serves(tmp_path):
    with escaped_client(tmp_path) as client:
        pool = client.app.state.runs.pool
        stopped = _template_pid(pool)
        os.kill(stopped, signal.SIGSTOP)
        health = client.get("/api/health").json()
        assert (health["status"], health["pool"]) == ("degraded", "wedged")
        wait_until(lambda: client.get("/api/health").json()["pool"] == "ready", timeout=60)
        assert _template_pid(pool) != stopped
        drop_ready_workers(pool)
        assert ok(client, "print('served')")["stdout"] == "served\n"


def test_health_reports_a_dead_template(tmp_path):
    with escaped_client(tmp_path) as client:
        pool = client.app.state.runs.pool
        process = pool._zygote.process
        process.kill()
        wait_until(lambda: process.returncode is not None or not pool._zygote.alive)
        health = client.get("/api/health").json()
        assert (health["status"], health["pool"]) == ("degraded", "stopped")
        wait_until(lambda: client.get("/api/health").json()["pool"] == "ready", timeout=60)
        assert ok(client, "print('served')")["stdout"] == "served\n"


def test_a_closed_pool_leaves_no_cgroup_behind(tmp_path):
    with escaped_client(tmp_path) as client:
        ok(client, "print(1)")
        cgroups = client.app.state.runs.pool.cgroups
        if not cgroups.available:
            pytest.skip("no cgroup here")
        parents = list(cgroups._parents.values())
        assert all(parent.is_dir() for parent in parents)
    assert not any(parent.exists() for parent in parents)


def test_the_cgroups_a_killed_server_left_are_removed_by_the_next():
    """On this host's own hierarchies (cgroup v1 here)."""
    left = killed_server()
    if not left:
        pytest.skip("no cgroup here")
    assert all((pool / "run-1").is_dir() for pool in left)
    cgroups = RunCgroups(1024**3)
    try:
        assert not any(pool.exists() for pool in left)
    finally:
        cgroups.close()


def test_a_run_that_ignores_its_signals_does_not_outlive_its_time_limit(client):
    """A run that ignores every signal it can and sleeps past the wall time holding the GIL
    (so that its watchdog thread cannot end it from inside) ends as a time limit with nothing
    of it left running: every run's cgroup empties."""
    cgroups = client.app.state.runs.pool.cgroups
    if not cgroups.available:
        pytest.skip("no cgroup here: the run's processes cannot be listed from outside")
    summary = run(
        client,
        "import ctypes, signal\n"
        "for name in ('SIGTERM', 'SIGINT', 'SIGHUP', 'SIGALRM', 'SIGXCPU', 'SIGUSR1'):\n"
        "    signal.signal(getattr(signal, name), signal.SIG_IGN)\n"
        "ctypes.PyDLL(None).sleep(60)\n",  # a PyDLL call keeps the GIL
    )
    assert summary["status"] == "limit", summary["error"]
    assert summary["error"]["type"] == "TimeLimitExceeded"

    def left_running() -> list[str]:
        groups = [group for parent in cgroups._parents.values() for group in parent.glob("run-*")]
        return [pid for group in groups for pid in _procs(group)]

    wait_until(lambda: not left_running())


def _procs(group) -> list[str]:
    try:
        return (group / "cgroup.procs").read_text().split()
    except FileNotFoundError:  # removed between listing and reading: nothing left in it
        return []
