"""The run cgroups' choice of hierarchy and the files of cgroup v2's memory and pids
controllers, against a directory tree laid out as the kernel's: memory and pids are bound to
cgroup v1 on this machine, so no cgroup2 mount here offers them. What the kernel's cgroup2 does
offer here is tested on a real mount (test_sandbox_cgroup2_mount.py); the v1 path runs in
every sandbox test."""

import os
import subprocess
from pathlib import Path

from server.sandbox.cgroup_mounts import V2, Hierarchy, parse_mountinfo
from server.sandbox.cgroups import RunCgroups

SERVICE = "/system.slice/tapescope.service"


def v2_tree(tmp_path: Path, controllers: str = "cpu io memory pids") -> Path:
    """The files of a cgroup2 root and of the server's own cgroup, as the kernel shows them."""
    root = tmp_path / "cgroup"
    own = root / SERVICE.lstrip("/")
    own.mkdir(parents=True)
    (root / "cgroup.controllers").write_text(controllers + "\n")
    (own / "cgroup.controllers").write_text(controllers + "\n")
    (own / "cgroup.subtree_control").write_text("\n")
    return root


def test_v2_delegates_memory_and_pids_and_limits_each_run(tmp_path):
    root = v2_tree(tmp_path)
    cgroups = RunCgroups(512 * 1024**2, root=root, own_paths={"": SERVICE})
    assert cgroups.available and cgroups.version == "v2", cgroups.why_not
    own = root / SERVICE.lstrip("/")
    assert (own / "cgroup.subtree_control").read_text() == "+memory +pids"
    (pool,) = [path for path in own.iterdir() if path.name.startswith("tapescope-")]
    assert (pool / "cgroup.subtree_control").read_text() == "+memory +pids"

    cgroups.attach("7", 4242)
    run = pool / "run-7"
    assert (run / "memory.max").read_text() == str(512 * 1024**2)
    assert (run / "memory.swap.max").read_text() == "0"
    assert (run / "pids.max").read_text() == "4"
    assert (run / "cgroup.procs").read_text() == "4242"


def attached(tmp_path: Path, run_name: str) -> tuple[RunCgroups, Path]:
    """The pool's cgroups in a v2 tree, and the directory of one run's, made."""
    root = v2_tree(tmp_path)
    cgroups = RunCgroups(1024**3, root=root, own_paths={"": SERVICE})
    cgroups.attach(run_name, 1)
    (run,) = (root / SERVICE.lstrip("/")).glob(f"tapescope-*/run-{run_name}")
    return cgroups, run


def test_v2_reads_the_memory_limit_from_memory_events(tmp_path):
    cgroups, run = attached(tmp_path, "1")
    (run / "memory.events").write_text("low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\n")
    assert not cgroups.hit_memory_limit("1")
    (run / "memory.events").write_text("low 0\nhigh 0\nmax 3\noom 1\noom_kill 1\n")
    assert cgroups.hit_memory_limit("1")


def test_v2_kills_through_cgroup_kill_and_removes_emptied_cgroups(tmp_path):
    cgroups, run = attached(tmp_path, "3")
    (run / "cgroup.kill").write_text("0")
    cgroups.kill("3")
    assert (run / "cgroup.kill").read_text() == "1"
    assert not cgroups.remove("3")  # still holds files: as a cgroup with processes, busy
    for interface in run.iterdir():  # the kernel removes them with the last process
        interface.unlink()
    assert cgroups.remove("3") and not run.exists()
    for interface in run.parent.glob("cgroup.*"):
        interface.unlink()
    assert cgroups.close() and not run.parent.exists()


def test_v2_without_memory_and_pids_says_so(tmp_path):
    root = v2_tree(tmp_path, controllers="cpu io")
    cgroups = RunCgroups(1024**3, root=root, own_paths={"": SERVICE})
    assert not cgroups.available
    assert cgroups.why_not == "cgroup v2 without the memory and pids controllers here"


HYBRID_MOUNTINFO = """\
31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
52 41 0:38 /system.slice /srv/run\\040cgroups rw - cgroup2 none rw
"""


def test_hierarchies_are_found_where_they_are_mounted():
    found = parse_mountinfo(HYBRID_MOUNTINFO)
    assert found[V2] == Hierarchy(Path("/sys/fs/cgroup/unified"))  # the first cgroup2 mount
    assert found["memory"].directory("/a/b") == Path("/sys/fs/cgroup/memory/a/b")
    assert found["pids"].mountpoint == Path("/sys/fs/cgroup/pids")
    assert set(found) == {V2, "memory", "pids"}
    (line,) = [line for line in HYBRID_MOUNTINFO.splitlines() if "/srv" in line]
    container = parse_mountinfo(line)[V2]  # a mount showing only part of the hierarchy
    assert container == Hierarchy(Path("/srv/run cgroups"), "/system.slice")
    assert container.directory(SERVICE) == Path("/srv/run cgroups/tapescope.service")
    assert container.directory("/user.slice/x") is None


def test_v1_is_taken_when_v2_lacks_memory_and_pids(tmp_path):
    """A hybrid host, as this one: the cgroup2 mount beside v1's offers no memory or pids."""
    root = v2_tree(tmp_path, controllers="hugetlb")
    for controller in ("memory", "pids"):
        (tmp_path / controller / "server").mkdir(parents=True)
    own_paths = {"": SERVICE, "memory": "/server", "pids": "/"}
    cgroups = RunCgroups(1024**3, root=tmp_path / "nothing", own_paths=own_paths)
    assert not cgroups.available  # made nothing: the hierarchies are given next
    cgroups.hierarchies = {
        V2: Hierarchy(root),
        "memory": Hierarchy(tmp_path / "memory"),
        "pids": Hierarchy(tmp_path / "pids"),
    }
    cgroups._set_up()
    assert cgroups.version == "v1", cgroups.why_not
    assert cgroups._parents["memory"].parent == tmp_path / "memory" / "server"
    assert cgroups._parents["pids"].parent == tmp_path / "pids"


def test_pools_of_servers_killed_before_closing_are_removed(tmp_path):
    """A server killed with SIGKILL leaves its pool's cgroups; the next server in the same
    cgroup removes those of servers that are gone, and no other."""
    root = v2_tree(tmp_path)
    own = root / SERVICE.lstrip("/")
    ended = subprocess.Popen(["true"])
    ended.wait()
    namespace = os.stat("/proc/self/ns/pid").st_ino
    stale = own / f"tapescope-{namespace}-{ended.pid}-0a1b2c3d"
    (stale / "run-3").mkdir(parents=True)
    kept = [
        own / f"tapescope-{namespace}-{os.getpid()}-0a1b2c3d",  # a server still running
        own / f"tapescope-{namespace + 1}-{ended.pid}-0a1b2c3d",  # another pid namespace's
        own / "tapescope-server",
        own / "unrelated",
    ]
    for directory in kept:
        directory.mkdir()
    cgroups = RunCgroups(1024**3, root=root, own_paths={"": SERVICE})
    assert cgroups.version == "v2", cgroups.why_not
    assert not stale.exists()
    assert all(directory.is_dir() for directory in kept)
    assert cgroups._parents[V2].name.startswith(f"tapescope-{namespace}-{os.getpid()}-")


def test_v1_half_made_leaves_nothing(tmp_path):
    """The memory pool's cgroup made, the pids one refused: no cgroup, and nothing left."""
    (tmp_path / "memory").mkdir()
    (tmp_path / "pids").mkdir()
    cgroups = RunCgroups(1024**3, root=tmp_path, own_paths={"pids": "/gone"})
    assert not cgroups.available
    assert cgroups.why_not == "cgroup v1 not writable: No such file or directory"
    assert not list((tmp_path / "memory").iterdir())
