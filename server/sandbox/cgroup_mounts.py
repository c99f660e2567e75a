"""Where the cgroup hierarchies are mounted, as /proc/self/mountinfo says: the cgroup2
filesystem is at /sys/fs/cgroup on a v2 host, at /sys/fs/cgroup/unified on a hybrid one (v1
controllers beside it), and wherever an operator or a test mounts it."""

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

V2 = ""  # the key of the cgroup2 hierarchy, as /proc/self/cgroup's "0::/path" line names it


@dataclass(frozen=True)
class Hierarchy:
    mountpoint: Path
    root: str = "/"  # the cgroup seen at the mount point ("/" but in a container's mount)

    def directory(self, cgroup: str) -> Path | None:
        """The directory of `cgroup` (a path as /proc/self/cgroup gives it), or None when
        this mount does not show it."""
        try:
            return self.mountpoint / PurePosixPath(cgroup).relative_to(self.root)
        except ValueError:
            return None


def _unescape(field: str) -> str:
    """mountinfo spells a space in a path as \\040."""
    return re.sub(r"\\([0-7]{3})", lambda match: chr(int(match.group(1), 8)), field)


def parse_mountinfo(text: str) -> dict[str, Hierarchy]:
    """V2 -> the first cgroup2 mount; a v1 controller's name -> the first mount of its
    hierarchy."""
    found: dict[str, Hierarchy] = {}
    for line in text.splitlines():
        mount, separator, filesystem = line.partition(" - ")
        fields, described = mount.split(), filesystem.split()
        if not separator or len(fields) < 5 or len(described) < 3:
            continue
        hierarchy = Hierarchy(Path(_unescape(fields[4])), _unescape(fields[3]))
        if described[0] == "cgroup2":
            found.setdefault(V2, hierarchy)
        elif described[0] == "cgroup":
            for option in described[2].split(","):
                if option not in ("rw", "ro"):
                    found.setdefault(option, hierarchy)
    return found


def mounted_hierarchies() -> dict[str, Hierarchy]:
    with contextlib.suppress(OSError):
        return parse_mountinfo(Path("/proc/self/mountinfo").read_text())
    return {}


def hierarchies_at(root: Path, controllers: tuple[str, ...]) -> dict[str, Hierarchy]:
    """The hierarchies under a directory given by hand: a cgroup2 mount itself, or a directory
    holding v1's mounts, one per controller (as /sys/fs/cgroup on a v1 host)."""
    if (root / "cgroup.controllers").exists():
        return {V2: Hierarchy(root)}
    return {name: Hierarchy(root / name) for name in controllers if (root / name).is_dir()}
