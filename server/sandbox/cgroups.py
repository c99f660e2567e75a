"""A cgroup per run, made by the server: a memory limit that covers every kind of memory the
run's processes charge (heap, mappings, SysV and POSIX shared memory, page cache, kernel memory)
and a limit on its tasks.

The pool's cgroup is made under the server's own (so an operator's limits on the server still
hold), once per hierarchy: cgroup v2 when the server's cgroup can delegate `memory` and `pids`
to children, else cgroup v1's `memory` and `pids` hierarchies when they are writable. Where
neither works `RunCgroups.available` is False and the rlimits are all there is (the health
endpoint says which).
"""

import contextlib
import errno
import logging
import os
import secrets
from pathlib import Path

log = logging.getLogger("tapescope.sandbox")
ROOT = Path("/sys/fs/cgroup")
PIDS_PER_RUN = 4  # the worker, its watchdog thread, and room to fail cleanly


def _own_paths() -> dict[str, str]:
    """controller (or "" for v2) -> this process's cgroup path in that hierarchy."""
    paths = {}
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/cgroup").read_text().splitlines():
            _number, controllers, path = line.split(":", 2)
            for controller in controllers.split(",") if controllers else [""]:
                paths[controller] = path
    return paths


SERVER_LEAF = "tapescope-server"


def _delegate(parent: Path) -> None:
    """Enables memory and pids for `parent`'s children (the pool's cgroup among them). cgroup
    v2 lets a cgroup either hold processes or give its children controllers: when the server's
    own cgroup holds it (EBUSY), the server moves to a leaf of its own first, as systemd's
    delegation guide says to."""
    control = parent / "cgroup.subtree_control"
    if {"memory", "pids"} <= set(control.read_text().split()):
        return
    try:
        control.write_text("+memory +pids")
    except OSError as error:
        if error.errno != errno.EBUSY:
            raise
        leaf = parent / SERVER_LEAF
        leaf.mkdir(exist_ok=True)
        (leaf / "cgroup.procs").write_text(str(os.getpid()))
        control.write_text("+memory +pids")


class RunCgroups:
    def __init__(
        self, memory_bytes: int, root: Path = ROOT, own_paths: dict[str, str] | None = None
    ):
        """`root` and `own_paths` (this process's cgroups, as /proc/self/cgroup says) are the
        machine's unless a test gives others."""
        self.memory_bytes = memory_bytes
        self.root = root
        self.own_paths = own_paths
        self.version: str | None = None  # "v2", "v1", or None
        self.why_not = ""
        self._parents: dict[str, Path] = {}  # "memory"/"pids" (v1) or "" (v2) -> pool cgroup
        with contextlib.suppress(OSError):
            self._set_up()

    @property
    def available(self) -> bool:
        return self.version is not None

    def describe(self) -> str:
        return f"cgroup {self.version}" if self.version else f"none ({self.why_not})"

    def _set_up(self) -> None:
        own = _own_paths() if self.own_paths is None else self.own_paths
        root = self.root
        name = f"tapescope-{os.getpid()}-{secrets.token_hex(4)}"  # one per pool
        if (root / "cgroup.controllers").exists() and "" in own:
            parent = root / own[""].lstrip("/")
            if {"memory", "pids"} <= set((parent / "cgroup.controllers").read_text().split()):
                try:
                    _delegate(parent)
                    pool = parent / name
                    pool.mkdir(exist_ok=True)
                    (pool / "cgroup.subtree_control").write_text("+memory +pids")
                    self._parents, self.version = {"": pool}, "v2"
                    return
                except OSError as error:
                    self.why_not = f"cgroup v2 delegation refused: {error.strerror}"
            else:
                self.why_not = "cgroup v2 without the memory and pids controllers here"
        if (root / "memory").is_dir() and (root / "pids").is_dir():
            try:
                for controller in ("memory", "pids"):
                    pool = root / controller / own.get(controller, "/").lstrip("/") / name
                    pool.mkdir(exist_ok=True)
                    self._parents[controller] = pool
                self.version = "v1"
                return
            except OSError as error:
                self.why_not = f"cgroup v1 not writable: {error.strerror}"
                self._parents = {}
        self.why_not = self.why_not or "no cgroup hierarchy with memory and pids here"

    def attach(self, run: str, pid: int) -> None:
        """Makes the run's cgroup with its limits and moves `pid` into it (OSError if not)."""
        for controller, parent in self._parents.items():
            group = parent / f"run-{run}"
            group.mkdir(exist_ok=True)
            if controller in ("", "memory"):
                self._limit_memory(group)
            if controller in ("", "pids"):
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
                events = (self._parents[""] / f"run-{run}" / "memory.events").read_text()
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
