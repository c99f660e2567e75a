"""Processes seen through /proc: whether one still runs, which ones another started."""

from pathlib import Path


def _stat_fields(pid: int) -> list[str]:
    """/proc/PID/stat after the command name (which may hold spaces and parentheses)."""
    return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()


def alive(pid: int) -> bool:
    """Still running (a zombie has ended: it is only waiting for its parent)."""
    try:
        return _stat_fields(pid)[0] != "Z"
    except OSError:
        return False


def children_of(pid: int) -> list[int]:
    children = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int(_stat_fields(int(entry.name))[1])
            except OSError:
                continue
            if parent == pid:
                children.append(int(entry.name))
    return children
