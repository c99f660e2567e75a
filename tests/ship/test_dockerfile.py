"""The Dockerfile, checked without a Docker engine (none runs here): hadolint (from the dev
extras) finds nothing, and its instructions do what the image promises: Node builds the web app,
the wheel is built as `make dist` builds it, a slim Python image runs `tapescope serve` as a
non-root user on 0.0.0.0:8765 with bubblewrap, a volume it owns for /data, and a health check,
with flags that server/cli.py accepts."""

import subprocess
import sys
from fnmatch import fnmatch
from pathlib import Path

import pytest

from server.cli import build_parser
from tests.ship.dockerfile import parse

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "Dockerfile"
HADOLINT = Path(sys.executable).parent / "hadolint"


@pytest.fixture(scope="module")
def stages():
    return parse(DOCKERFILE)


@pytest.fixture(scope="module")
def final(stages):
    return stages[-1]


def test_hadolint_finds_nothing():
    if not HADOLINT.exists():
        pytest.fail(f"{HADOLINT} is missing: install the dev extras (`make python-deps`)")
    lint = subprocess.run(
        [str(HADOLINT), "--no-color", "--failure-threshold", "info", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert lint.returncode == 0 and lint.stdout == "", lint.stdout + lint.stderr


def test_node_builds_the_web_app_and_the_wheel_is_built_as_make_dist_builds_it(stages):
    web, wheel = stages[0], stages[1]
    assert web.image.startswith("node:") and web.name == "web"
    runs = " && ".join(i.args for i in web.all("RUN"))
    assert "npm ci" in runs and "npm run build" in runs
    assert wheel.image.startswith("python:3.11-") and wheel.name == "wheel"
    assert "scripts/build_wheel.py" in wheel.all("RUN")[-1].args
    assert any(i.args.startswith("--from=web /src/web/dist/") for i in wheel.all("COPY"))
    makefile = (ROOT / "Makefile").read_text()
    assert "scripts/build_wheel.py" in makefile.split("\ndist:")[1]


def test_the_server_runs_as_a_non_root_user_with_bubblewrap(final):
    assert final.image.startswith("python:3.11-") and "slim" in final.image
    runs = [i.args for i in final.all("RUN")]
    assert any("apt-get install" in r and "bubblewrap" in r for r in runs)
    assert any("pip install" in r and "tapescope-*.whl" in r for r in runs)
    user = final.one("USER")
    uid = user.args.split(":")[0]
    assert uid.isdigit() and int(uid) != 0
    assert any(f"--uid {uid}" in r for r in runs)
    assert final.index(user) < final.index(final.one("ENTRYPOINT"))


def test_serve_flags_match_the_cli_and_the_image(final):
    command = final.one("ENTRYPOINT").exec_form()
    assert command[0] == "tapescope"
    args = build_parser().parse_args(command[1:])  # exits (fails) on a flag the CLI lacks
    assert args.command == "serve" and args.host == "0.0.0.0"
    assert final.one("EXPOSE").args == str(args.port) == "8765"
    assert final.one("VOLUME").exec_form() == [str(args.data_dir)]
    # the volume's directory is made, and given to the server's user, before it is declared
    uid = final.one("USER").args.split(":")[0]
    made = next(i for i in final.all("RUN") if f"mkdir {args.data_dir}" in i.args)
    assert f"chown {uid}:{uid} {args.data_dir}" in made.args
    assert final.index(made) < final.index(final.one("VOLUME"))


def test_the_health_check_asks_the_server_it_runs(final):
    check = final.one("HEALTHCHECK")
    command = check.exec_form()
    assert command[:3] == ["python", "-m", "server.healthcheck"]
    port = build_parser().parse_args(final.one("ENTRYPOINT").exec_form()[1:]).port
    assert command[3:] == ["--port", str(port)]
    assert (ROOT / "server" / "healthcheck.py").is_file()


def test_every_copied_path_is_in_the_build_context(stages):
    ignored = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for must_stay_out in (".venv", "web/node_modules", "web/dist"):
        assert must_stay_out in ignored
    for stage in stages:
        for copy in stage.all("COPY"):
            if copy.args.startswith("--from="):
                continue
            *sources, _ = copy.args.split()
            for source in sources:
                assert (ROOT / source).exists(), source
                assert not any(fnmatch(source.rstrip("/"), pattern) for pattern in ignored), source
