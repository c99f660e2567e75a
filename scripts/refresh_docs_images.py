"""Refresh docs/images from freshly drawn pictures, rewriting only those that changed visibly.

`make docs-images` runs the browser tests that draw the documentation's pictures into a
directory of their own (tests/web/pictures.py), then this script. Two screenshots of the same
UI differ in their bytes (PNG encoder settings, one anti-aliased pixel), so pictures are compared
by their decoded pixels: a committed picture is replaced only when its size changed or more than
CHANGED_SHARE of its pixels moved by more than CHANNEL_TOLERANCE in some channel.

    python scripts/refresh_docs_images.py NEW_DIR [docs/images]
"""

import argparse
import shutil
import sys
from pathlib import Path

import numpy as np
from PIL import Image

CHANNEL_TOLERANCE = 24  # of 255: anti-aliasing and font hinting move a pixel by less
CHANGED_SHARE = 0.0005  # 0.05% of the pixels: ~650 at 1440x900, a changed word or icon


def pixels(path: Path) -> np.ndarray:
    with Image.open(path) as image:
        return np.asarray(image.convert("RGBA"), dtype=np.int16)


def changed_visibly(old: Path, new: Path) -> bool:
    before, after = pixels(old), pixels(new)
    if before.shape != after.shape:
        return True
    moved = (np.abs(before - after) > CHANNEL_TOLERANCE).any(axis=-1)
    return bool(moved.mean() > CHANGED_SHARE)


def refresh(new_dir: Path, docs_dir: Path) -> dict[str, list[str]]:
    """Copies into `docs_dir` each picture of `new_dir` that is new or changed visibly; says
    which were added, updated and left as they were."""
    report: dict[str, list[str]] = {"added": [], "updated": [], "unchanged": []}
    docs_dir.mkdir(parents=True, exist_ok=True)
    for new in sorted(new_dir.glob("*.png")):
        old = docs_dir / new.name
        kind = "added" if not old.exists() else "updated" if changed_visibly(old, new) else ""
        if kind:
            shutil.copyfile(new, old)
        report[kind or "unchanged"].append(new.name)
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new_dir", type=Path)
    parser.add_argument("docs_dir", type=Path, nargs="?", default=Path("docs/images"))
    args = parser.parse_args(argv)
    if not any(args.new_dir.glob("*.png")):
        print(f"no pictures in {args.new_dir}: did the browser tests run?", file=sys.stderr)
        return 1
    for kind, names in refresh(args.new_dir, args.docs_dir).items():
        print(f"{kind}: {', '.join(names) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
