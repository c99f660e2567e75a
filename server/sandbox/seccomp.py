"""A seccomp filter for one run: the system calls no program needs fail with EPERM.

Built with libseccomp (`libseccomp.so.2`, Debian's libseccomp2, which apt itself depends on),
called through ctypes: libseccomp knows each architecture's system call numbers and writes
the BPF program, its architecture checks included. No Python binding is used: the PyPI one
(pyseccomp) has had no release since 2021, and Debian's python3-seccomp is built for Debian's
own Python, not the virtualenv's (docs/sandbox.md).

It is a denylist on top of the namespaces: debugging other processes (ptrace, process_vm_*),
loading kernels, modules or BPF programs, mounting, keyrings, perf events, userfaultfd,
io_uring, new namespaces (unshare, setns, clone with a CLONE_NEW* flag) and, when the run's
memory is not in a cgroup, SysV IPC (its segments would escape the address-space limit).
`clone3` fails with ENOSYS (its flags are in memory a filter cannot read; the C library then
falls back to clone). A call of another architecture or ABI (x32 on x86_64) kills the process.
"""

import ctypes
import errno
from functools import cache

DENIED = (
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "open_tree",
    "move_mount",
    "fsopen",
    "fsconfig",
    "fsmount",
    "fspick",
    "mount_setattr",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "unshare",
    "setns",
    "swapon",
    "swapoff",
    "reboot",
    "acct",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "name_to_handle_at",
    "open_by_handle_at",
    "kcmp",
    "pidfd_getfd",
)
SYSV_IPC = (
    "shmget",
    "shmat",
    "shmctl",
    "shmdt",
    "semget",
    "semop",
    "semctl",
    "semtimedop",
    "msgget",
    "msgsnd",
    "msgrcv",
    "msgctl",
)
# CLONE_NEWNS, NEWCGROUP, NEWUTS, NEWIPC, NEWUSER, NEWPID, NEWNET, NEWTIME
CLONE_NEW_FLAGS = (
    0x00020000,
    0x02000000,
    0x04000000,
    0x08000000,
    0x10000000,
    0x20000000,
    0x40000000,
    0x00000080,
)

# from seccomp.h (libseccomp 2.4 and later)
_ACT_ALLOW, _ACT_KILL_PROCESS, _ACT_ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
_FLTATR_ACT_BADARCH = 2
_CMP_MASKED_EQ = 7


class _ArgCmp(ctypes.Structure):  # struct scmp_arg_cmp
    _fields_ = [
        ("arg", ctypes.c_uint),
        ("op", ctypes.c_int),
        ("datum_a", ctypes.c_uint64),
        ("datum_b", ctypes.c_uint64),
    ]


@cache
def _library() -> ctypes.CDLL | None:
    """libseccomp, loaded once (in the worker template, before any run is forked)."""
    try:
        library = ctypes.CDLL("libseccomp.so.2", use_errno=True)
    except OSError:
        return None
    library.seccomp_init.restype = ctypes.c_void_p
    library.seccomp_init.argtypes = [ctypes.c_uint32]
    library.seccomp_release.argtypes = [ctypes.c_void_p]
    library.seccomp_attr_set.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32]
    library.seccomp_syscall_resolve_name.argtypes = [ctypes.c_char_p]
    library.seccomp_rule_add_array.argtypes = [
        ctypes.c_void_p,
        ctypes.c_uint32,
        ctypes.c_int,
        ctypes.c_uint,
        ctypes.POINTER(_ArgCmp),
    ]
    library.seccomp_load.argtypes = [ctypes.c_void_p]
    return library


def supported() -> bool:
    return _library() is not None


def why_unsupported() -> str:
    return "libseccomp.so.2 is not installed (Debian package libseccomp2)"


def _check(result: int, what: str) -> None:
    if result < 0:  # libseccomp returns -errno
        raise OSError(-result, f"{what}: {errno.errorcode.get(-result, -result)}")


def install(deny_sysv_ipc: bool) -> None:
    """Installs the filter on the calling thread (and every thread it starts later), setting
    no_new_privs first. OSError when libseccomp or the kernel refuses."""
    library = _library()
    if library is None:
        raise OSError(errno.ENOSYS, why_unsupported())
    context = library.seccomp_init(_ACT_ALLOW)
    if not context:
        raise OSError(errno.ENOMEM, "seccomp_init failed")
    try:
        _check(
            library.seccomp_attr_set(context, _FLTATR_ACT_BADARCH, _ACT_KILL_PROCESS),
            "seccomp_attr_set",
        )

        def deny(name: str, number: int = errno.EPERM, *conditions: _ArgCmp) -> None:
            call = library.seccomp_syscall_resolve_name(name.encode())
            if call < 0:
                return  # not a call of this architecture
            array = (_ArgCmp * max(len(conditions), 1))(*conditions)
            _check(
                library.seccomp_rule_add_array(
                    context, _ACT_ERRNO | number, call, len(conditions), array
                ),
                f"seccomp rule for {name}",
            )

        for name in DENIED + (SYSV_IPC if deny_sysv_ipc else ()):
            deny(name)
        deny("clone3", errno.ENOSYS)
        for flag in CLONE_NEW_FLAGS:  # a rule per flag: a rule's conditions must all hold
            deny("clone", errno.EPERM, _ArgCmp(0, _CMP_MASKED_EQ, flag, flag))
        _check(library.seccomp_load(context), "seccomp_load")
    finally:
        library.seccomp_release(context)
