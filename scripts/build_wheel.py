"""`make dist`: the wheel, with everything the server reads at run time inside it.

In a checkout the server finds the web build in web/dist, the gallery in examples/ and the docs
in docs/ (server/shipped.py). An installed package has no checkout around it, so the wheel
carries them as package data: web/dist -> server/static/, examples/ and docs/ ->
server/share/. The wheel is built from a staged copy: the checkout is never written to.

    python scripts/build_wheel.py [--web-dist web/dist] [--out dist] [--no-build-isolation]
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# what the server and the export need from the web build
WEB_FILES = ("index.html", "export/index.html", "swagger/swagger-ui-bundle.js")
TOP_FILES = ("pyproject.toml", "README.md", "LICENSE")


def _ignore(directory, names):
    skipped = {"__pycache__"}
    if Path(directory) == ROOT / "server":
        skipped |= {"static", "share"}  # a stale local copy must not shadow the staged one
    return [name for name in names if name in skipped or name.endswith(".pyc")]


def stage(into: Path, web_dist: Path) -> None:
    missing = [name for name in WEB_FILES if not (web_dist / name).is_file()]
    if missing:
        raise SystemExit(
            f"build_wheel: {web_dist} has no {', '.join(missing)}: "
            "build the web app first (`make web`)"
        )
    for name in TOP_FILES:
        shutil.copy2(ROOT / name, into / name)
    for package in ("engine", "server"):
        shutil.copytree(ROOT / package, into / package, ignore=_ignore)
    shutil.copytree(web_dist, into / "server" / "static")
    for name in ("examples", "docs"):
        shutil.copytree(ROOT / name, into / "server" / "share" / name, ignore=_ignore)


def build(out: Path, web_dist: Path, isolated: bool = True) -> Path:
    """Build the wheel into `out`; returns its path. Without isolation, the running Python's
    setuptools builds it (no download: what the offline tests use)."""
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tapescope-wheel-") as staging:
        staged = Path(staging) / "tapescope"
        staged.mkdir()
        stage(staged, web_dist)
        command = [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "--wheel-dir",
            str(out),
            str(staged),
        ]
        if not isolated:
            command.append("--no-build-isolation")
        subprocess.run(command, check=True)
    wheels = sorted(out.glob("tapescope-*.whl"), key=lambda path: path.stat().st_mtime)
    return wheels[-1]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--web-dist", type=Path, default=ROOT / "web" / "dist")
    parser.add_argument("--out", type=Path, default=ROOT / "dist")
    parser.add_argument("--no-build-isolation", dest="isolated", action="store_false")
    args = parser.parse_args(argv)
    print(f"wrote {build(args.out, args.web_dist.resolve(), args.isolated)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
