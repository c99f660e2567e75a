"""The resource limits of one run, and how a run that hit one is described."""

import json
from dataclasses import asdict, dataclass

GIB = 1024**3


class SoftLimit(BaseException):
    """Raised in the program at a soft limit. A BaseException: the program's own
    `except Exception` does not swallow it; engine.debug ends the program there and builds
    the capture of what ran (`release_memory`: the program's objects are let go first)."""

    kind = ""
    release_memory = False


class TimeLimitExceeded(SoftLimit):
    kind = "time"


class CPULimitExceeded(SoftLimit):
    kind = "cpu"


class MemoryLimitExceeded(SoftLimit):
    kind = "memory"
    release_memory = True


# error type -> limit kind, for a capture whose program a soft limit stopped
STOPS = {
    cls.__name__: cls.kind for cls in (TimeLimitExceeded, CPULimitExceeded, MemoryLimitExceeded)
}


@dataclass(frozen=True)
class Limits:
    wall_seconds: float = 10.0
    cpu_seconds: int = 12
    memory_bytes: int = GIB
    file_size_bytes: int = 0
    stdout_bytes: int = 256 * 1024
    capture_bytes: int = 64 * 1024**2
    # Full values above the capture's inline cap kept beside it (engine/debug/kept_values.py):
    # the worker's engine keeps no more, and the server accepts no more whatever it is sent.
    kept_array_bytes: int = 4 * 1024**2
    kept_total_bytes: int = 64 * 1024**2

    @property
    def kept_values_wire_bytes(self) -> int:
        """Largest .npz of kept values a worker may send: the arrays plus the .npz framing
        (~260 bytes an entry, an entry holds more than 1,024 bytes, so under a third more)."""
        return self.kept_total_bytes + self.kept_total_bytes // 3 + 64 * 1024

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "Limits":
        return cls(**json.loads(text))


def format_bytes(count: int) -> str:
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if count >= size:
            value = count / size
            return f"{value:.0f} {unit}" if value == int(value) else f"{value:.1f} {unit}"
    return f"{count} bytes"


def format_seconds(seconds: float) -> str:
    return f"{seconds:g} s"


# kind -> (error type, "what limit of how much")
_LIMIT_NAMES = {
    "time": ("TimeLimitExceeded", lambda lim: f"time limit of {format_seconds(lim.wall_seconds)}"),
    "cpu": ("CPULimitExceeded", lambda lim: f"CPU time limit of {format_seconds(lim.cpu_seconds)}"),
    "memory": (
        "MemoryLimitExceeded",
        lambda lim: f"memory limit of {format_bytes(lim.memory_bytes)}",
    ),
    "capture": (
        "CaptureLimitExceeded",
        lambda lim: f"capture size limit of {format_bytes(lim.capture_bytes)}",
    ),
}
LIMIT_KINDS = frozenset(_LIMIT_NAMES)


def limit_error(kind: str, limits: Limits, line: int | None, detail: str = "") -> tuple[str, str]:
    """(error type, message), e.g. ("TimeLimitExceeded", "time limit of 10 s exceeded at
    line 3")."""
    error_type, name = _LIMIT_NAMES[kind]
    message = f"{name(limits)} exceeded" + (f" at line {line}" if line else "")
    return error_type, message + (f": {detail}" if detail else "")
