"""A cgroup per run, made by the server: a memory limit that covers every kind of memory the
run's processes charge (heap, mappings, SysV and POSIX shared memory, page cache, kernel memory)
and a limit on its tasks.

The pool's cgroup is made under the server's own (so an operator's limits on the server still
hold), once per hierarchy: cgroup v2 when the server's cgroup can delegate `memory` and `pids`
to children, else cgroup v1's `memory` and `pids` hierarchies when they are writable. Where
neither works `RunCgroups.available` is False and the rlimits are all there is (the health
endpoint says which). The hierarchies are taken from where they are mounted (cgroup_mounts.py).
"""

import contextlib
import errno
import logging
import os
import re
import secrets
from pathlib import Path

from .cgroup_mounts import V2, Hierarchy, hierarchies_at, mounted_hierarchies

log = logging.getLogger("tapescope.sandbox")
PIDS_PER_RUN = 4  # the worker, its watchdog thread, and room to fail cleanly
CONTROLLERS = ("memory", "pids")


def _own_paths() -> dict[str, str]:
    """controller (or V2) -> this process's cgroup path in that hierarchy."""
    paths = {}
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _number, controllers, path = line.split(":", 2)
            for controller in controllers.split(",") if controllers else [V2]:
                paths[controller] = path
    return paths


SERVER_LEAF = "tapescope-server"
POOL_NAME = re.compile(r"tapescope-(\d+)-(\d+)-[0-9a-f]+")  # pid namespace, server pid, token


def _pid_namespace() -> str:
    try:
        return str(os.stat("/proc/self/ns/pid").st_ino)
    except OSError:
        return "0"


def pool_name() -> str:
    """The pool's cgroup: named by its server, so that a later one can tell when it is gone."""
    return f"tapescope-{_pid_namespace()}-{os.getpid()}-{secrets.token_hex(4)}"


def sweep_stale_pools(parent: Path) -> None:
    """Removes the pool cgroups that servers killed before closing their pool left in `parent`
    (a server killed with SIGKILL cannot remove its own): those whose server, in this pid
    namespace, is gone. A cgroup that still holds a process stays; so do other namespaces'."""
    namespace = _pid_namespace()
    for pool in parent.glob("tapescope-*"):
        match = POOL_NAME.fullmatch(pool.name)
        if match is None or match[1] != namespace or Path(f"/proc/{match[2]}").exists():
            continue
        for group in [*pool.glob("run-*"), pool]:
            with contextlib.suppress(OSError):
                group.rmdir()


def _enable(control: Path, controllers: tuple[str, ...]) -> None:
    control.write_text(" ".join(f"+{name}" for name in controllers))


def _delegate(parent: Path, controllers: tuple[str, ...]) -> None:
    """Enables `controllers` for `parent`'s children (the pool's cgroup among them). cgroup
    v2 lets a cgroup either hold processes or give its children controllers: when the server's
    own cgroup holds it (EBUSY), the server moves to a leaf of its own first, as systemd's
    delegation guide says to."""
    control = parent / "cgroup.subtree_control"
    if set(controllers) <= set(control.read_text().split()):
        return
    try:
        _enable(control, controllers)
    except OSError as error:
        if error.errno != errno.EBUSY:
            raise
        leaf = parent / SERVER_LEAF
        leaf.mkdir(exist_ok=True)
        (leaf / "cgroup.procs").write_text(str(os.getpid()))
        _enable(control, controllers)


class RunCgroups:
    def __init__(
        self,
        memory_bytes: int,
        root: Path | None = None,
        own_paths: dict[str, str] | None = None,
        controllers: tuple[str, ...] = CONTROLLERS,
    ):
        """The hierarchies are found in /proc/self/mountinfo unless `root` names one (a cgroup2
        mount, or a directory of v1 mounts); `own_paths` (this process's cgroups, as
        /proc/self/cgroup says) and `controllers` (what runs need) are given by tests only:
        the kernel's cgroup2 mount can be tested here with a controller that v1 does not
        hold."""
        self.memory_bytes = memory_bytes
        self.hierarchies = (
            mounted_hierarchies() if root is None else hierarchies_at(root, controllers)
        )
        self.own_paths = own_paths
        self.controllers = controllers
        self.version: str | None = None  # "v2", "v1", or None
        self.why_not = ""
        self._parents: dict[str, Path] = {}  # controller (v1) or V2 -> the pool's cgroup
        with contextlib.suppress(OSError):
            self._set_up()

    @property
    def available(self) -> bool:
        return self.version is not None

    def describe(self) -> str:
        return f"cgroup {self.version}" if self.version else f"none ({self.why_not})"

    def _set_up(self) -> None:
        own = _own_paths() if self.own_paths is None else self.own_paths
        name = pool_name()
        wanted = " and ".join(self.controllers)
        if V2 in self.hierarchies and V2 in own:
            self.why_not = self._set_up_v2(self.hierarchies[V2], own[V2], name)
            if self.available:
                return
        if all(controller in self.hierarchies for controller in self.controllers):
            try:
                for controller in self.controllers:
                    parent = self.hierarchies[controller].directory(own.get(controller, "/"))
                    if parent is None:
                        raise FileNotFoundError(errno.ENOENT, "not under its mount")
                    sweep_stale_pools(parent)
                    pool = parent / name
                    pool.mkdir(exist_ok=True)
                    self._parents[controller] = pool
                self.version = "v1"
                return
            except OSError as error:
                self.why_not = f"cgroup v1 not writable: {error.strerror}"
                for pool in self._parents.values():  # made in one hierarchy, not the other
                    with contextlib.suppress(OSError):
                        pool.rmdir()
                self._parents = {}
        self.why_not = self.why_not or f"no cgroup hierarchy with {wanted} here"

    def _set_up_v2(self, hierarchy: Hierarchy, own: str, name: str) -> str:
        """Makes the pool's cgroup under the server's; says why not when it cannot."""
        parent = hierarchy.directory(own)
        if parent is None:
            return f"the server's cgroup is not under the cgroup2 mount {hierarchy.mountpoint}"
        offered = set((parent / "cgroup.controllers").read_text().split())
        if not set(self.controllers) <= offered:
            return f"cgroup v2 without the {' and '.join(self.controllers)} controllers here"
        pool = parent / name
        try:
            sweep_stale_pools(parent)
            _delegate(parent, self.controllers)
            pool.mkdir(exist_ok=True)
            _enable(pool / "cgroup.subtree_control", self.controllers)
        except OSError as error:
            with contextlib.suppress(OSError):
                pool.rmdir()
            return f"cgroup v2 delegation refused: {error.strerror}"
        self._parents, self.version = {V2: pool}, "v2"
        return ""

    def attach(self, run: str, pid: int) -> None:
        """Makes the run's cgroup with its limits and moves `pid` into it (OSError if not)."""
        for hierarchy, parent in self._parents.items():
            group = parent / f"run-{run}"
            group.mkdir(exist_ok=True)
            limited = self.controllers if hierarchy == V2 else (hierarchy,)
            if "memory" in limited:
                self._limit_memory(group)
            if "pids" in limited:
                (group / "pids.max").write_text(str(PIDS_PER_RUN))
            (group / "cgroup.procs").write_text(str(pid))

    def _limit_memory(self, group: Path) -> None:
        if self.version == "v2":
            (group / "memory.max").write_text(str(self.memory_bytes))
            with contextlib.suppress(OSError):
                (group / "memory.swap.max").write_text("0")
            return
        (group / "memory.limit_in_bytes").write_text(str(self.memory_bytes))
        with contextlib.suppress(OSError):  # swap accounting may be off
            (group / "memory.memsw.limit_in_bytes").write_text(str(self.memory_bytes))

    def hit_memory_limit(self, run: str) -> bool:
        """Did the run's cgroup refuse memory (its processes then got killed)?"""
        try:
            if self.version == "v2":
                events = (self._parents[V2] / f"run-{run}" / "memory.events").read_text()
                counts = dict(line.split() for line in events.splitlines())
                return int(counts.get("oom_kill", 0)) > 0 or int(counts.get("max", 0)) > 0
            if self.version == "v1":
                group = self._parents["memory"] / f"run-{run}"
                control = dict(
                    line.split() for line in (group / "memory.oom_control").read_text().splitlines()
                )
                if "oom_kill" in control:
                    return int(control["oom_kill"]) > 0
                return int((group / "memory.failcnt").read_text()) > 0
        except (OSError, ValueError, KeyError):
            pass
        return False

    def kill(self, run: str) -> None:
        """SIGKILL every process left in the run's cgroup (the cgroup names live processes
        only, so no pid can have been reused)."""
        for parent in self._parents.values():
            group = parent / f"run-{run}"
            with contextlib.suppress(OSError):
                if (group / "cgroup.kill").exists():
                    (group / "cgroup.kill").write_text("1")
                    continue
                for pid in (group / "cgroup.procs").read_text().split():
                    with contextlib.suppress(OSError):
                        os.kill(int(pid), 9)

    def remove(self, run: str) -> bool:
        """Removes the run's cgroups once its processes are gone; False if one is still busy."""
        done = True
        for parent in self._parents.values():
            group = parent / f"run-{run}"
            try:
                group.rmdir()
            except FileNotFoundError:
                pass
            except OSError:
                done = False
        return done

    def close(self) -> bool:
        """Removes the pool's cgroups; False while a run's last processes are still ending."""
        done = True
        for parent in self._parents.values():
            for group in parent.glob("run-*"):
                try:
                    group.rmdir()
                except OSError:
                    done = False
            try:
                parent.rmdir()
            except FileNotFoundError:
                pass
            except OSError:
                done = False
        return done
