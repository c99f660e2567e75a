"""Debian's Caddy in front of running replicas with deploy/Caddyfile as shipped (its replica
addresses and listening port replaced): for the replica tests and the load benchmark."""

import contextlib
import os
import shutil
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live_server import free_port

ROOT = Path(__file__).resolve().parents[1]


@contextlib.contextmanager
def caddy_proxy(replicas: list[str], workdir: Path) -> Iterator[str]:
    """Yields the proxy's base URL; skips when Caddy is not installed."""
    caddy = shutil.which("caddy")
    if caddy is None:
        pytest.skip("Caddy is not installed here (Debian: apt-get install caddy)")
    port = free_port()
    config = (ROOT / "deploy" / "Caddyfile").read_text()
    for name, base in zip(("replica-1:8765", "replica-2:8765"), replicas, strict=True):
        config = config.replace(name, base.removeprefix("http://"))
    config = "{\n\tadmin off\n}\n" + config.replace(":8080 {", f"http://127.0.0.1:{port} {{")
    (workdir / "Caddyfile").write_text(config)
    env = {**os.environ, "XDG_DATA_HOME": str(workdir), "XDG_CONFIG_HOME": str(workdir)}
    env["TAPESCOPE_TOKEN"] = ""
    log = workdir / "caddy.log"
    with open(log, "w") as output:
        process = subprocess.Popen(
            [caddy, "run", "--config", str(workdir / "Caddyfile"), "--adapter", "caddyfile"],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    proxy = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while not _answers(proxy):
            assert process.poll() is None, log.read_text()
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        yield proxy
    finally:
        process.terminate()
        process.wait(timeout=10)


def _answers(base: str) -> bool:
    try:
        with urllib.request.urlopen(base + "/api/health", timeout=30):
            return True
    except (urllib.error.HTTPError, OSError):
        return False
