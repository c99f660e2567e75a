"""Where the files the server reads at run time are: the web build, the gallery and the docs.

In a checkout they sit beside the package (web/dist, examples/, docs/). An installed wheel has
no checkout around it, so `make dist` (scripts/build_wheel.py) puts them inside the package:
server/static/ and server/share/<name>/. The package's own copy wins when it is there."""

from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
CHECKOUT_DIR = PACKAGE_DIR.parent


def shipped_dir(name: str) -> Path:
    """server/share/<name> in an installed wheel, else <checkout>/<name>."""
    inside = PACKAGE_DIR / "share" / name
    return inside if inside.is_dir() else CHECKOUT_DIR / name


def static_candidates() -> list[Path]:
    """The web build: the package's copy (a wheel, the Docker image), else the checkout's."""
    return [PACKAGE_DIR / "static", CHECKOUT_DIR / "web" / "dist"]
