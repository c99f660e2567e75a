"""A server killed before it closes its pool: it makes the pool's cgroups (where the JSON
argument says, else on this host's hierarchies), runs a process in a run's cgroup, prints the
pool's cgroups and SIGKILLs itself.

    python -m tests.server.killed_server '{"root": ..., "own_paths": ..., "controllers": ...}'
"""

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from server.sandbox.cgroups import CONTROLLERS, RunCgroups

REPO = Path(__file__).resolve().parents[2]


def killed_server(**where) -> list[Path]:
    """The pool cgroups left by a server killed before closing (this module, run as a script)."""
    killed = subprocess.run(
        [sys.executable, "-m", "tests.server.killed_server", json.dumps(where)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert killed.returncode == -9, killed.stderr
    return [Path(pool) for pool in json.loads(killed.stdout)]


if __name__ == "__main__":
    where = json.loads(sys.argv[1])
    cgroups = RunCgroups(
        1024**3,
        root=Path(where["root"]) if "root" in where else None,
        own_paths=where.get("own_paths"),
        controllers=tuple(where.get("controllers", CONTROLLERS)),
    )
    if cgroups.available:
        worker = subprocess.Popen(["sleep", "300"])
        cgroups.attach("1", worker.pid)
        worker.kill()
        worker.wait()
    print(json.dumps([str(pool) for pool in cgroups._parents.values()]), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
