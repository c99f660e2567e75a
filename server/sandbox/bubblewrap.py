"""The worker's command line: bubblewrap isolation, or (when unavailable) a plain process.

Inside bubblewrap a worker sees only what it needs, read-only: /usr, the Python installation, the
virtualenv's packages and the project's own packages. No network, no /etc, no home directory, no
data directory, its own PID namespace and an empty read-only /tmp. The server's environment
(and its token) is not passed on.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

ENVIRONMENT = {
    "PATH": "/usr/bin:/bin",
    "LANG": "C.UTF-8",
    "HOME": "/tmp",
    # one BLAS thread: workers are single-threaded (the process limit forbids new threads anyway)
    "OPENBLAS_NUM_THREADS": "1",
    "OMP_NUM_THREADS": "1",
    "MKL_NUM_THREADS": "1",
}
# Passed through when set: OpenBLAS needs them on some processors to pick a working kernel.
PASSED_THROUGH = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")


def worker_environment() -> dict[str, str]:
    env = dict(ENVIRONMENT)
    env.update({name: os.environ[name] for name in PASSED_THROUGH if name in os.environ})
    return env


def _package_dir(name: str) -> Path:
    module_file = __import__(name).__file__
    assert module_file is not None, f"{name} is a namespace package"
    return Path(module_file).resolve().parent


def read_only_paths() -> list[Path]:
    """What a worker must read: the interpreter, its packages, and our engine and server."""
    paths = [Path(sys.base_prefix), Path(sys.prefix), Path(sys.executable).parent]
    paths += [_package_dir(name).parent for name in ("numpy", "pydantic", "pydantic_core")]
    paths += [_package_dir("engine"), _package_dir("server")]
    return _outermost(paths)


def import_roots() -> list[str]:
    """sys.path entries that make `engine` and `server` importable."""
    return sorted({str(_package_dir("engine").parent), str(_package_dir("server").parent)})


def _outermost(paths) -> list[Path]:
    unique = sorted({path.resolve() for path in paths}, key=lambda p: len(p.parts))
    kept: list[Path] = []
    for path in unique:
        if not any(path == outer or outer in path.parents for outer in kept):
            kept.append(path)
    return kept


def _directory_chain(path: Path) -> list[str]:
    """--dir for every ancestor, world-readable (bubblewrap would create them 0700)."""
    args = []
    for parent in reversed(path.parents[:-1]):
        args += ["--perms", "0755", "--dir", str(parent)]
    return args


def bubblewrap_command(program: list[str], extra_paths=(), hidden_paths=()) -> list[str]:
    bwrap = shutil.which("bwrap") or "bwrap"
    root = os.getuid() == 0
    args = [
        bwrap,
        "--die-with-parent",
        "--new-session",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--hostname",
        "tapescope",
    ]
    if not root:
        args.append("--unshare-user")  # unprivileged: namespaces need a user namespace
    else:
        # As root, bubblewrap keeps root inside; the zygote runs as nobody before any import,
        # with root kept as its saved uid only (run_isolation.py, zygote.py).
        # CAP_SETUID/SETGID give each run its own uid; CAP_KILL ends a run under that uid.
        args += ["--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
        args += ["--cap-add", "CAP_KILL"]
    args += ["--ro-bind", "/usr", "/usr"]
    for name in ("bin", "lib", "lib32", "lib64", "sbin"):
        host = Path("/") / name
        if host.is_symlink():
            args += ["--symlink", os.readlink(host), str(host)]
        elif host.is_dir():
            args += ["--ro-bind", str(host), str(host)]
    # The private /tmp comes first: a checkout or virtualenv under /tmp is bound on top of it
    # (mounted after, it would hide them); it turns read-only once those are in place.
    args += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    bound = _outermost([*read_only_paths(), *map(Path, extra_paths)])
    for path in bound:
        if str(path).startswith("/usr/"):
            continue
        args += _directory_chain(path) + ["--ro-bind", str(path), str(path)]
    args += ["--remount-ro", "/tmp"]
    for path in map(lambda p: Path(p).resolve(), hidden_paths):
        # e.g. a data directory inside the project: covered by an empty, read-only tmpfs
        if path.is_dir() and any(outer in path.parents or outer == path for outer in bound):
            args += ["--tmpfs", str(path), "--remount-ro", str(path)]
    args += ["--clearenv"]
    for name, value in worker_environment().items():
        args += ["--setenv", name, value]
    args += ["--chdir", "/tmp", "--"]
    return args + program


def probe(extra_paths=()) -> tuple[bool, str]:
    """Can bubblewrap start a Python worker here? (False, why) when it cannot."""
    if shutil.which("bwrap") is None:
        return False, "bubblewrap (bwrap) is not installed; install the Debian package bubblewrap"
    command = bubblewrap_command([sys.executable, "-I", "-c", "print('ok')"], extra_paths)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as error:
        return False, f"bubblewrap could not start: {error}"
    if done.returncode != 0 or done.stdout.strip() != "ok":
        reason = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return (
            False,
            f"bubblewrap could not start a worker here ({reason}); user namespaces "
            "may be disabled (sysctl kernel.unprivileged_userns_clone)",
        )
    return True, "bubblewrap"
