"""`make docs-images` rewrites a committed picture only when it changed visibly: pixels, not
bytes (scripts/refresh_docs_images.py)."""

import numpy as np
from PIL import Image

from scripts.refresh_docs_images import main, refresh


def _png(path, array, compress_level=6):
    Image.fromarray(array.astype(np.uint8), "RGB").save(path, compress_level=compress_level)
    return path


def _ui(height=300, width=400):
    rng = np.random.default_rng(0)
    picture = np.full((height, width, 3), 245)
    picture[40:260, 30:370] = rng.integers(0, 255, (220, 340, 3))  # a busy panel
    return picture


def test_only_pictures_that_changed_visibly_are_rewritten(tmp_path):
    docs, new = tmp_path / "docs", tmp_path / "new"
    docs.mkdir(), new.mkdir()
    same = _ui()
    _png(docs / "same-bytes-differ.png", same, compress_level=1)
    _png(new / "same-bytes-differ.png", same, compress_level=9)
    anti_aliased = _ui()
    anti_aliased[100:104, 100:110] += 10  # 40 pixels nudged, as font hinting does
    _png(docs / "anti-aliased.png", _ui())
    _png(new / "anti-aliased.png", np.clip(anti_aliased, 0, 255))
    relabelled = _ui()
    relabelled[270:290, 30:130] = 20  # a new dark label under the panel
    _png(docs / "relabelled.png", _ui())
    _png(new / "relabelled.png", relabelled)
    _png(docs / "resized.png", _ui())
    _png(new / "resized.png", _ui(height=310))
    _png(new / "added.png", _ui())
    kept = {
        name: (docs / name).read_bytes() for name in ("same-bytes-differ.png", "anti-aliased.png")
    }

    report = refresh(new, docs)

    assert report == {
        "added": ["added.png"],
        "updated": ["relabelled.png", "resized.png"],
        "unchanged": ["anti-aliased.png", "same-bytes-differ.png"],
    }
    assert all((docs / name).read_bytes() == data for name, data in kept.items())
    for name in ("added.png", "relabelled.png", "resized.png"):
        assert (docs / name).read_bytes() == (new / name).read_bytes()


def test_no_pictures_is_an_error_not_a_silent_success(tmp_path, capsys):
    assert main([str(tmp_path), str(tmp_path / "docs")]) == 1
    assert "no pictures" in capsys.readouterr().err
