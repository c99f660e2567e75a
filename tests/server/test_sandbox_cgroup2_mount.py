"""The run cgroups' v2 path against the kernel: a real cgroup2 filesystem mounted in a temporary
directory. On this host memory and pids are bound to cgroup v1 hierarchies, so a cgroup2 mount
offers neither; everything else of the v2 path is checked here with a controller the mount does
offer (hugetlb): the pool's cgroup under the server's, controllers enabled in
cgroup.subtree_control, the server moving itself into a leaf first (cgroup v2 allows no
processes in a cgroup that gives its children controllers), a run's process moved into its
cgroup, every process of a run killed through cgroup.kill, the cgroups removed after, and the
fallback to rlimits (said by /api/health) when memory and pids are not offered.

Mounting needs root: as the other root-only tests (test_sandbox_unprivileged.py) they skip for
another user, and fail, not skip, when root cannot mount cgroup2.

The cgroup2 hierarchy is one per machine: a new mount shows the same tree as any other (here
/sys/fs/cgroup/unified). The tests work in a cgroup of their own under its root and remove it;
they move only processes they started."""

import contextlib
import fcntl
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from server.app import create_app
from server.sandbox.cgroups import CONTROLLERS, SERVER_LEAF, RunCgroups
from server.settings import Settings
from tests.processes import alive

from . import escape_capture
from .conftest import FAST_LIMITS, run
from .escaped_server import SYSCALLS
from .killed_server import killed_server

REPO = Path(__file__).resolve().parents[2]


def wait_until(predicate, timeout: float = 10.0, what: str = "the state") -> None:
    """Polls for an explicit state (never a fixed sleep in place of one)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"{what} was not reached in {timeout} s"
        time.sleep(0.01)


def _remove_tree(top: Path) -> None:
    """Kills what is left in `top` (only the tests' own processes) and removes its cgroups."""
    if not top.exists():
        return
    with contextlib.suppress(OSError):
        (top / "cgroup.kill").write_text("1")
    wait_until(lambda: "populated 0" in (top / "cgroup.events").read_text(), what="an empty tree")
    for directory, _subdirectories, _files in sorted(os.walk(top), key=lambda w: -len(w[0])):
        os.rmdir(directory)


@pytest.fixture
def cgroup2(tmp_path):
    """(the mount point, the test's cgroup under its root as /proc/self/cgroup names it, the
    controller to delegate). The controller is memory and pids where the mount offers both
    (a v2 host), else one it does offer; it is enabled in the root's subtree_control for the
    test (under a lock: another run of these tests may share the root) and disabled after."""
    if os.getuid() != 0:
        pytest.skip("mounting cgroup2 needs root")
    mountpoint = tmp_path / "cgroup2"
    mountpoint.mkdir()
    mounted = subprocess.run(["mount", "-t", "cgroup2", "none", str(mountpoint)], text=True,
                             capture_output=True)  # fmt: skip
    if mounted.returncode != 0:
        pytest.fail(f"root could not mount cgroup2 here: {mounted.stderr.strip()}")
    lock = open(Path(tempfile.gettempdir(), "tapescope-cgroup2-test.lock"), "w")  # noqa: SIM115
    fcntl.flock(lock, fcntl.LOCK_EX)
    own = mountpoint / f"tapescope-test-{secrets.token_hex(4)}"
    root_control = mountpoint / "cgroup.subtree_control"
    enabled_here: list[str] = []
    try:
        offered = (mountpoint / "cgroup.controllers").read_text().split()
        controllers = CONTROLLERS if set(CONTROLLERS) <= set(offered) else tuple(offered[:1])
        if not controllers:
            pytest.fail("this cgroup2 mount offers no controller: all are bound to cgroup v1")
        enabled_here = [name for name in controllers if name not in root_control.read_text()]
        if enabled_here:
            root_control.write_text(" ".join(f"+{name}" for name in enabled_here))
        own.mkdir()
        yield mountpoint, f"/{own.name}", controllers
    finally:
        try:
            _remove_tree(own)
            if enabled_here:
                with contextlib.suppress(OSError):  # EBUSY: another cgroup came to use it
                    root_control.write_text(" ".join(f"-{name}" for name in enabled_here))
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()
            subprocess.run(["umount", str(mountpoint)], check=True)


def v2_path(pid: int) -> str:
    """The process's cgroup in the v2 hierarchy, as /proc/PID/cgroup says."""
    for line in Path(f"/proc/{pid}/cgroup").read_text().splitlines():
        if line.startswith("0::"):
            return line[3:]
    raise AssertionError(f"process {pid} is in no cgroup2 cgroup")


# A run's worker that starts two more processes once it is in its cgroup: one in a session of
# its own (out of reach of its process group), then prints the three pids and waits.
WORKER = (
    "import os, subprocess, sys, time\n"
    "sys.stdin.readline()\n"
    "escaped = subprocess.Popen(['sleep', '300'], start_new_session=True)\n"
    "child = subprocess.Popen(['sleep', '300'])\n"
    "print(os.getpid(), escaped.pid, child.pid, flush=True)\n"
    "time.sleep(300)\n"
)


def test_a_run_is_moved_into_its_cgroup_killed_whole_and_removed(cgroup2):
    mountpoint, own, controllers = cgroup2
    cgroups = RunCgroups(1024**3, root=mountpoint, own_paths={"": own}, controllers=controllers)
    assert cgroups.version == "v2", cgroups.why_not
    server = mountpoint / own.lstrip("/")
    assert set(controllers) <= set((server / "cgroup.subtree_control").read_text().split())
    (pool,) = server.glob("tapescope-*")
    assert set(controllers) <= set((pool / "cgroup.subtree_control").read_text().split())

    worker = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        cgroups.attach("1", worker.pid)
        assert v2_path(worker.pid) == f"{own}/{pool.name}/run-1"
        if "pids" in controllers:
            assert (pool / "run-1" / "pids.max").read_text().strip() == "4"
        assert worker.stdin is not None and worker.stdout is not None
        worker.stdin.write("go\n")
        worker.stdin.flush()
        pids = [int(pid) for pid in worker.stdout.readline().split()]
        assert len(pids) == 3 and all(v2_path(pid) == v2_path(worker.pid) for pid in pids)
        assert not cgroups.remove("1"), "a cgroup with live processes was removed"

        cgroups.kill("1")
        wait_until(lambda: not any(alive(pid) for pid in pids), what="every process killed")
        assert worker.wait(5) == -9
        wait_until(lambda: cgroups.remove("1"), what="the run's cgroup removed")
        assert not (pool / "run-1").exists()
        assert cgroups.close() and not pool.exists()
    finally:
        worker.kill()
        worker.wait()


def test_the_cgroups_of_a_server_killed_before_closing_are_removed(cgroup2):
    mountpoint, own, controllers = cgroup2
    (left,) = killed_server(root=str(mountpoint), own_paths={"": own}, controllers=controllers)
    assert (left / "run-1").is_dir()  # what SIGKILL left: real cgroups, emptied
    cgroups = RunCgroups(1024**3, root=mountpoint, own_paths={"": own}, controllers=controllers)
    assert cgroups.version == "v2", cgroups.why_not
    assert not left.exists()
    assert cgroups.close()


def test_a_process_outside_the_run_survives_its_cgroup_kill(cgroup2):
    """cgroup.kill reaches the run's cgroup only: the server's other processes live on."""
    mountpoint, own, controllers = cgroup2
    cgroups = RunCgroups(1024**3, root=mountpoint, own_paths={"": own}, controllers=controllers)
    runs = [subprocess.Popen(["sleep", "300"]) for _ in range(2)]
    try:
        for number, process in enumerate(runs):
            cgroups.attach(str(number), process.pid)
        cgroups.kill("0")
        assert runs[0].wait(5) == -9
        assert runs[1].poll() is None and alive(runs[1].pid)
        assert not cgroups.close(), "a pool holding a live run was removed"
    finally:
        for process in runs:
            process.kill()
            process.wait()
    wait_until(cgroups.close, what="the pool removed once its runs ended")


# The server, started in the test's cgroup: its own cgroup holds a process (itself), so the
# kernel refuses to enable controllers for its children until it has moved into a leaf.
SERVER = (
    "import json, sys\nfrom pathlib import Path\n"
    "from server.sandbox.cgroups import RunCgroups\n"
    "cgroups = RunCgroups(1024**3, root=Path(sys.argv[1]), controllers=tuple(sys.argv[2:]))\n"
    "own = [line[3:] for line in open('/proc/self/cgroup') if line.startswith('0::')]\n"
    "print(json.dumps({'version': cgroups.version, 'why_not': cgroups.why_not,\n"
    "                  'own': own, 'closed': cgroups.close()}))\n"
)


def test_the_server_moves_itself_into_a_leaf_before_enabling_controllers(cgroup2):
    mountpoint, own, controllers = cgroup2
    server_cgroup = mountpoint / own.lstrip("/")
    with pytest.raises(OSError, match="busy"):  # the kernel's rule, which the server must meet
        holder = subprocess.Popen(["sleep", "300"])
        try:
            (server_cgroup / "cgroup.procs").write_text(str(holder.pid))
            (server_cgroup / "cgroup.subtree_control").write_text(f"+{controllers[0]}")
        finally:
            holder.kill()
            holder.wait()
    wait_until(lambda: "populated 0" in (server_cgroup / "cgroup.events").read_text())

    server = subprocess.run(
        [sys.executable, "-c", SERVER, str(mountpoint), *controllers],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        preexec_fn=lambda: (server_cgroup / "cgroup.procs").write_text("0"),  # itself
    )
    assert server.returncode == 0, server.stderr
    report = json.loads(server.stdout)
    assert report["version"] == "v2", report["why_not"]
    assert report["own"] == [f"{own}/{SERVER_LEAF}\n"]
    enabled = (server_cgroup / "cgroup.subtree_control").read_text().split()
    assert set(controllers) <= set(enabled)
    pools = [path.name for path in server_cgroup.glob("tapescope-*") if path.name != SERVER_LEAF]
    assert report["closed"] and not pools


def test_without_memory_and_pids_the_runs_get_no_cgroup_and_say_so(cgroup2):
    mountpoint, own, _controllers = cgroup2
    offered = set((mountpoint / own.lstrip("/") / "cgroup.controllers").read_text().split())
    cgroups = RunCgroups(1024**3, root=mountpoint, own_paths={"": own})
    if set(CONTROLLERS) <= offered:  # a v2 host: the runs get theirs
        assert cgroups.version == "v2", cgroups.why_not
        assert cgroups.close()
        return
    assert not cgroups.available
    assert cgroups.why_not == "cgroup v2 without the memory and pids controllers here"
    assert not list((mountpoint / own.lstrip("/")).glob("tapescope-*"))


SHMGET = (
    SYSCALLS + "libc.shmget.restype = ctypes.c_int\n"
    "ident = libc.shmget(0x7a9e, 1 << 20, 0o1666)\n"
    "print(ident, errno.errorcode.get(ctypes.get_errno()))"
)


def test_health_says_rlimits_bound_memory_when_cgroup2_lacks_memory(cgroup2, tmp_path):
    """The server on the real cgroup2 mount of this host (no memory, no pids): runs still run,
    memory is bounded by RLIMIT_AS, /api/health says so, and SysV shared memory (which the
    address-space limit does not cover) is refused by seccomp."""
    mountpoint, _own, _controllers = cgroup2
    offered = set((mountpoint / "cgroup.controllers").read_text().split())
    if set(CONTROLLERS) <= offered:
        pytest.skip("this host's cgroup2 has memory and pids: the runs get a cgroup")
    settings = Settings(data_dir=tmp_path / "data", token=None, **FAST_LIMITS)
    app = create_app(
        settings,
        capture=escape_capture.capture_program,
        extra_paths=[Path(__file__).parent],
        cgroup_root=mountpoint,
    )
    with TestClient(app, base_url="http://127.0.0.1") as client:
        health = client.get("/api/health").json()
        assert health["memory_limit"] == (
            "RLIMIT_AS only (address space; no cgroup: "
            "cgroup v2 without the memory and pids controllers here)"
        )
        assert not any(layer.startswith("cgroup") for layer in health["isolation"])
        assert "rlimits" in health["isolation"]
        summary = run(client, SHMGET)
        assert summary["status"] == "ok", summary["error"]
        assert "no_sysv_ipc" in health["isolation"]
        assert summary["stdout"] == "-1 EPERM\n"
