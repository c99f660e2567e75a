"""Run as an unprivileged user by test_sandbox_unprivileged.py: the app with the Python
allowlist off (as tests/server/escaped_server.py), its health, and one program's run, as JSON.

    python -m tests.server.unprivileged_server DATA_DIR PROGRAM
"""

import json
import os
import sys
from pathlib import Path

from fastapi.testclient import TestClient

from server.app import create_app
from server.settings import Settings

from . import escape_capture

TESTS_DIR = str(Path(__file__).resolve().parent.parent)


def main(data_dir: str, program: str) -> None:
    # The interpreter may be one this user can run with the project's packages on PYTHONPATH,
    # which a worker (started with -I) does not read: they are passed on as extra paths.
    packages = [p for p in sys.path if p.endswith("site-packages") and os.path.isdir(p)]
    app = create_app(
        Settings(data_dir=Path(data_dir), token=None, wall_seconds=10.0),
        capture=escape_capture.capture_program,
        extra_paths=[TESTS_DIR, *packages],
    )
    with TestClient(app, base_url="http://127.0.0.1") as client:
        health = client.get("/api/health").json()
        run = client.post("/api/runs", json={"code": program}).json()
    print(json.dumps({"health": health, "run": run}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
