"""One run's own namespaces, uid and seccomp filter, set up in the zygote's fork before any of
the program's code exists in the process.

The zygote forks a *keeper* for each run. The keeper takes the run's own uid (when the zygote
may set uids), makes a user namespace with new PID, IPC, mount and network namespaces, and forks
the worker, which is PID 1 of its namespace: it sees no other process (not the zygote, not
another run), cannot signal one, and the SysV IPC objects it makes die with it. The worker hides
/proc and /dev/shm under empty read-only tmpfs, drops every capability, dies with its keeper,
and installs the seccomp filter. The keeper waits and ends with the worker's status, so the
zygote reaps and reports it as before.

Every step is tried and reported: `Layers` says which took effect (the health endpoint shows
them); a kernel that refuses user namespaces still runs programs, with fewer layers.
"""

import ctypes
import os
import signal
import struct
from dataclasses import dataclass, field

from . import seccomp

UID_BASE = 200_000  # each run's uid: UID_BASE + its number modulo UID_SPAN
UID_SPAN = 60_000
INSIDE_UID = 1000  # the worker's uid as it sees it (mapped to its own outside uid)

_CLONE_NEWNS, _CLONE_NEWUSER, _CLONE_NEWPID = 0x00020000, 0x10000000, 0x20000000
_CLONE_NEWIPC, _CLONE_NEWNET = 0x08000000, 0x40000000
_MS_RDONLY, _MS_NOSUID, _MS_NODEV, _MS_NOEXEC = 0x1, 0x2, 0x4, 0x8
_MS_REC, _MS_PRIVATE = 0x4000, 0x40000
_PR_SET_PDEATHSIG, _PR_SET_DUMPABLE = 1, 4
_SYS_CAPSET = {"x86_64": 126, "aarch64": 91}
_LINUX_CAPABILITY_VERSION_3 = 0x20080522
_libc = ctypes.CDLL(None, use_errno=True)


@dataclass
class Layers:
    """Which isolation a run got (each name is a layer that took effect)."""

    active: list[str] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)  # layer -> why not

    def add(self, name: str) -> None:
        self.active.append(name)


def _check(result: int, what: str) -> None:
    if result != 0:
        number = ctypes.get_errno()
        raise OSError(number, f"{what}: {os.strerror(number)}")


def _write(path: str, text: str) -> None:
    with open(path, "w") as file:
        file.write(text)


def _take_uid(uid: int, layers: Layers) -> None:
    if os.getresuid()[2] != 0:
        layers.missing["own_uid"] = "the worker template may not set uids (server not root)"
        return
    os.setresuid(-1, 0, -1)  # the zygote keeps root as its saved uid only, for this
    os.setgroups([])
    os.setresgid(uid, uid, uid)
    os.setresuid(uid, uid, uid)
    # Changing uids makes a process undumpable, which hides /proc/self/uid_map from it.
    _libc.prctl(_PR_SET_DUMPABLE, 1, 0, 0, 0)
    layers.add("own_uid")


def _unshare(layers: Layers) -> bool:
    outside_uid, outside_gid = os.getuid(), os.getgid()
    flags = _CLONE_NEWUSER | _CLONE_NEWPID | _CLONE_NEWIPC | _CLONE_NEWNS | _CLONE_NEWNET
    try:
        _check(_libc.unshare(flags), "unshare")
        _write("/proc/self/setgroups", "deny")
        _write("/proc/self/uid_map", f"{INSIDE_UID} {outside_uid} 1")
        _write("/proc/self/gid_map", f"{INSIDE_UID} {outside_gid} 1")
    except OSError as error:
        layers.missing["namespaces"] = str(error)
        return False
    layers.active += ["user_namespace", "pid_namespace", "ipc_namespace", "mount_namespace"]
    layers.active.append("network_namespace")
    return True


def _hide(path: str) -> None:
    """An empty, read-only tmpfs over `path` (in the run's own mount namespace)."""
    _check(
        _libc.mount(
            b"tmpfs",
            path.encode(),
            b"tmpfs",
            _MS_RDONLY | _MS_NOSUID | _MS_NODEV | _MS_NOEXEC,
            b"size=4k,mode=555",
        ),
        f"mount tmpfs on {path}",
    )


def _private_mounts(layers: Layers) -> None:
    try:
        _check(_libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None), "make / private")
        # bubblewrap's /proc shows the zygote's PID namespace: the run sees none of it
        _hide("/proc")
        if os.path.isdir("/dev/shm"):
            _hide("/dev/shm")  # POSIX shared memory would outlive the run and reach the next
        layers.add("private_proc")
    except OSError as error:
        layers.missing["private_proc"] = str(error)


class _CapHeader(ctypes.Structure):
    _fields_ = [("version", ctypes.c_uint32), ("pid", ctypes.c_int)]


def _drop_capabilities(layers: Layers) -> None:
    import platform

    number = _SYS_CAPSET.get(platform.machine())
    if number is None:
        layers.missing["no_capabilities"] = "unknown architecture"
        return
    header = _CapHeader(_LINUX_CAPABILITY_VERSION_3, 0)
    data = ctypes.create_string_buffer(struct.pack("6I", 0, 0, 0, 0, 0, 0), 24)
    try:
        _check(_libc.syscall(number, ctypes.byref(header), data), "capset")
    except OSError as error:
        layers.missing["no_capabilities"] = str(error)
        return
    layers.add("no_capabilities")


def _install_seccomp(layers: Layers, deny_sysv_ipc: bool) -> None:
    if not seccomp.supported():
        layers.missing["seccomp"] = seccomp.why_unsupported()
        return
    try:
        seccomp.install(deny_sysv_ipc)
    except OSError as error:
        layers.missing["seccomp"] = str(error)
        return
    layers.add("seccomp")


def _end_like(status: int) -> None:
    """End the keeper the way its worker ended (the zygote reports this status)."""
    if os.WIFSIGNALED(status):
        number = os.WTERMSIG(status)
        if number not in (signal.SIGKILL, signal.SIGSTOP):  # these two have no handler
            signal.signal(number, signal.SIG_DFL)
        os.kill(os.getpid(), number)
        os._exit(128 + number)
    os._exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 1)


def isolate(run_number: int, cgroup_memory: bool) -> Layers:
    """In the zygote's fresh fork: returns in the run's worker, isolated; the keeper process
    never returns (it ends with the worker's status)."""
    import resource

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    layers = Layers()
    _take_uid(UID_BASE + run_number % UID_SPAN, layers)
    if _unshare(layers):
        worker = os.fork()
        if worker != 0:
            while True:
                try:
                    _pid, status = os.waitpid(worker, 0)
                    break
                except InterruptedError:
                    continue
            _end_like(status)
        _private_mounts(layers)
        _drop_capabilities(layers)
        # after the capabilities change, which clears it: the worker dies with its keeper
        _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    else:
        _drop_capabilities(layers)
    # SysV IPC is refused when neither an IPC namespace nor a memory cgroup bounds it
    ipc_bounded = "ipc_namespace" in layers.active and cgroup_memory
    _install_seccomp(layers, deny_sysv_ipc=not ipc_bounded)
    if not ipc_bounded:
        layers.add("no_sysv_ipc")
    return layers
