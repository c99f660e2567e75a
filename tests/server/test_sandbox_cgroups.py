"""The run cgroups' cgroup v2 handling. This machine has cgroup v1 (memory and pids are bound
to v1 hierarchies), so the v2 files are checked against a directory tree laid out as the
kernel's, and a real cgroup2 mount is checked for what it offers here; docs/sandbox.md says
that the v2 path has not run on a real v2 host. (The v1 path runs in every sandbox test.)"""

import os
import subprocess
import tempfile
from pathlib import Path

import pytest

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


def test_a_real_cgroup2_mount_is_used_only_with_memory_and_pids():
    """The kernel's own cgroup2 files: here memory and pids belong to v1, so a cgroup2 mount
    offers neither and the runs must not be given one; on a v2 host it offers both."""
    if os.getuid() != 0:
        pytest.skip("mounting cgroup2 needs root")
    mountpoint = tempfile.mkdtemp(prefix="tapescope-cgroup2-")
    mounted = subprocess.run(["mount", "-t", "cgroup2", "none", mountpoint], capture_output=True)
    try:
        if mounted.returncode != 0:
            pytest.skip(f"cgroup2 cannot be mounted here: {mounted.stderr.decode().strip()}")
        offered = set(Path(mountpoint, "cgroup.controllers").read_text().split())
        cgroups = RunCgroups(1024**3, root=Path(mountpoint), own_paths={"": "/"})
        if {"memory", "pids"} <= offered:
            assert cgroups.version == "v2", cgroups.why_not
            cgroups.close()
        else:
            assert not cgroups.available
            assert "without the memory and pids controllers" in cgroups.why_not
    finally:
        if mounted.returncode == 0:
            subprocess.run(["umount", mountpoint], check=True)
        os.rmdir(mountpoint)
