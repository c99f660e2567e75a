"""A seccomp filter for one run: the system calls no program needs fail with EPERM.

Written as a classic BPF program installed with prctl (no libseccomp binding needed). It is a
denylist on top of the namespaces: debugging other processes (ptrace, process_vm_*), loading
kernels, modules or BPF programs, mounting, keyrings, perf events, userfaultfd, io_uring, new
namespaces (unshare, setns, clone with a CLONE_NEW* flag) and, when the run's memory is not in a
cgroup, SysV IPC (its segments would escape the address-space limit). Another architecture's
calls (x32 on x86_64, or an unknown architecture) kill the process.
"""

import ctypes
import errno
import platform
import struct

# name -> (x86_64, aarch64); checked against asm/unistd_64.h and asm-generic/unistd.h
_NUMBERS = {
    "ptrace": (101, 117),
    "process_vm_readv": (310, 270),
    "process_vm_writev": (311, 271),
    "kexec_load": (246, 104),
    "kexec_file_load": (320, 294),
    "init_module": (175, 105),
    "finit_module": (313, 273),
    "delete_module": (176, 106),
    "mount": (165, 40),
    "umount2": (166, 39),
    "pivot_root": (155, 41),
    "chroot": (161, 51),
    "open_tree": (428, 428),
    "move_mount": (429, 429),
    "fsopen": (430, 430),
    "fsconfig": (431, 431),
    "fsmount": (432, 432),
    "fspick": (433, 433),
    "mount_setattr": (442, 442),
    "keyctl": (250, 219),
    "add_key": (248, 217),
    "request_key": (249, 218),
    "bpf": (321, 280),
    "perf_event_open": (298, 241),
    "userfaultfd": (323, 282),
    "unshare": (272, 97),
    "setns": (308, 268),
    "swapon": (167, 224),
    "swapoff": (168, 225),
    "reboot": (169, 142),
    "acct": (163, 89),
    "io_uring_setup": (425, 425),
    "io_uring_enter": (426, 426),
    "io_uring_register": (427, 427),
    "name_to_handle_at": (303, 264),
    "open_by_handle_at": (304, 265),
    "kcmp": (312, 272),
    "pidfd_getfd": (438, 438),
}
_SYSV_IPC = {
    "shmget": (29, 194),
    "shmat": (30, 196),
    "shmctl": (31, 195),
    "shmdt": (67, 197),
    "semget": (64, 190),
    "semop": (65, 193),
    "semctl": (66, 191),
    "semtimedop": (220, 192),
    "msgget": (68, 186),
    "msgsnd": (69, 189),
    "msgrcv": (70, 188),
    "msgctl": (71, 187),
}
_CLONE = (56, 220)
_CLONE3 = (435, 435)  # its flags are in memory a filter cannot read: ENOSYS makes libc use clone
# CLONE_NEWNS | NEWCGROUP | NEWUTS | NEWIPC | NEWUSER | NEWPID | NEWNET | NEWTIME
_CLONE_NEW_FLAGS = 0x00020000 | 0x02000000 | 0x04000000 | 0x08000000 | 0x10000000
_CLONE_NEW_FLAGS |= 0x20000000 | 0x40000000 | 0x00000080
_ARCHES = {"x86_64": (0, 0xC000003E), "aarch64": (1, 0xC00000B7)}  # AUDIT_ARCH_*
_X32_BIT = 0x40000000

DENIED = tuple(_NUMBERS)
SYSV_IPC = tuple(_SYSV_IPC)

# classic BPF
_LD_ABS_W, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW, _KILL_PROCESS, _ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
_PR_SET_NO_NEW_PRIVS, _PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 38, 22, 2


def supported() -> bool:
    return platform.machine() in _ARCHES


def _instruction(code: int, k: int, jt: int = 0, jf: int = 0) -> bytes:
    return struct.pack("HBBI", code, jt, jf, k)


def filter_program(deny_sysv_ipc: bool) -> bytes:
    """The BPF program, as the bytes of a `struct sock_filter` array."""
    column, audit_arch = _ARCHES[platform.machine()]
    denied = list(_NUMBERS.values()) + (list(_SYSV_IPC.values()) if deny_sysv_ipc else [])
    eperm, enosys = _ERRNO | errno.EPERM, _ERRNO | errno.ENOSYS
    program = [
        _instruction(_LD_ABS_W, 4),  # seccomp_data.arch
        _instruction(_JEQ, audit_arch, jt=1),
        _instruction(_RET, _KILL_PROCESS),
        _instruction(_LD_ABS_W, 0),  # seccomp_data.nr
    ]
    if column == 0:  # x32 system calls on x86_64: another ABI, refused whole
        program += [_instruction(_JGE, _X32_BIT, jf=1), _instruction(_RET, _KILL_PROCESS)]
    for numbers in denied:
        program += [_instruction(_JEQ, numbers[column], jf=1), _instruction(_RET, eperm)]
    program += [_instruction(_JEQ, _CLONE3[column], jf=1), _instruction(_RET, enosys)]
    program += [
        _instruction(_JEQ, _CLONE[column], jf=3),
        _instruction(_LD_ABS_W, 16),  # the low half of args[0], clone's flags (little endian)
        _instruction(_JSET, _CLONE_NEW_FLAGS, jf=1),
        _instruction(_RET, eperm),
        _instruction(_RET, _ALLOW),
    ]
    return b"".join(program)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


def install(deny_sysv_ipc: bool) -> None:
    """Sets no_new_privs and installs the filter on the calling thread (and every thread it
    starts later). OSError when the kernel refuses."""
    libc = ctypes.CDLL(None, use_errno=True)
    program = filter_program(deny_sysv_ipc)
    buffer = ctypes.create_string_buffer(program, len(program))
    fprog = _SockFprog(len(program) // 8, ctypes.cast(buffer, ctypes.c_void_p))
    if libc.prctl(_PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_NO_NEW_PRIVS) failed")
    if libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, ctypes.byref(fprog), 0, 0) != 0:
        raise OSError(ctypes.get_errno(), "prctl(PR_SET_SECCOMP) failed")
