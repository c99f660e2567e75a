"""Which steps of a long run keep their full detail: the retention policy.

A *step* is everything from a tape entered at a line (with no other tape recording) to the
next time a tape is entered at that same line: the forward pass, the gradient call, the
optimizer's assigns, the prints. Steps at the same line (a loop's iterations) are numbered
0, 1, 2... Every step leaves a small record (steps.py); the policy says which also keep their
tensors, ops, backward steps and memory timeline:

    first:N        the first N steps of each loop
    last:N         the last N steps of each loop
    anomalies      the first step where the loss or a gradient turned NaN/Inf, where a gradient
                   first was None, and the first MAX_JUMPS steps whose gradient norm jumped
                   (more than JUMP_FACTOR times the step before)
    steps:I,J,...  these step numbers (0-based)
    all            every step (the capture of a short program)

Items are separated by commas (`first:3,last:3,anomalies,steps:10,20`); DEFAULT is what
capture(), capture_program() and the API use when nothing is said.
"""

import functools
from dataclasses import dataclass, field

DEFAULT = "first:3,last:3,anomalies"
JUMP_FACTOR = 10.0
MAX_JUMPS = 3
MAX_REQUESTED = 1000  # steps:... may name at most this many steps
MAX_SPEC_CHARS = 2000


@dataclass(frozen=True)
class KeepPolicy:
    spec: str
    first: int = 0
    last: int = 0
    anomalies: bool = False
    steps: frozenset[int] = field(default_factory=frozenset)
    all: bool = False

    def __str__(self):
        return self.spec


def parse_keep(spec: "str | KeepPolicy | None") -> KeepPolicy:
    """The policy a spec names; ValueError saying what is wrong with a bad one."""
    if isinstance(spec, KeepPolicy):
        return spec
    if spec is None:
        spec = DEFAULT
    if not isinstance(spec, str):
        raise TypeError(f"keep must be a string like {DEFAULT!r}, not {type(spec).__name__}")
    return _parsed(spec)


@functools.lru_cache(maxsize=64)  # (the same few specs, once per capture; a policy is frozen)
def _parsed(spec: str) -> KeepPolicy:
    if len(spec) > MAX_SPEC_CHARS:
        raise ValueError(f"keep is {len(spec):,} characters; at most {MAX_SPEC_CHARS:,}")
    items = [item.strip() for item in spec.split(",")]
    first = last = 0
    anomalies = everything = False
    steps: set[int] = set()
    in_steps = False
    for item in items:
        if not item:
            raise ValueError(f"keep {spec!r}: empty item (two commas in a row?)")
        name, colon, value = item.partition(":")
        name = name.strip()
        if in_steps and not colon and _is_count(item):
            steps.add(int(item))
            continue
        in_steps = False
        if name in ("first", "last", "steps") and not colon:
            raise ValueError(f"keep {spec!r}: {name!r} needs a number, e.g. {name}:3")
        if name in ("first", "last"):
            if not _is_count(value.strip()):
                raise ValueError(f"keep {spec!r}: {item!r} needs a whole number >= 0")
            if name == "first":
                first = max(first, int(value))
            else:
                last = max(last, int(value))
        elif name == "steps":
            if not _is_count(value.strip()):
                raise ValueError(f"keep {spec!r}: {item!r} needs step numbers >= 0")
            steps.add(int(value))
            in_steps = True
        elif name in ("anomalies", "all") and not colon:
            anomalies = anomalies or name == "anomalies"
            everything = everything or name == "all"
        else:
            raise ValueError(
                f"keep {spec!r}: unknown item {item!r}; expected first:N, last:N, anomalies, "
                "steps:I,J,... or all"
            )
        if len(steps) > MAX_REQUESTED:
            raise ValueError(f"keep {spec!r}: more than {MAX_REQUESTED} requested steps")
    if first > 10**6 or last > 10**6:
        raise ValueError(f"keep {spec!r}: first/last are at most 1000000")
    return KeepPolicy(spec, first, last, anomalies, frozenset(steps), everything)


def _is_count(text):
    return text.isdigit() and len(text) <= 9
