"""Finding the user's frame: where in *their* program an op, a watch or a gradient call happened.

The engine, engine.debug, the standard library and installed packages (NumPy calling
`__array__`, contextlib, ...) are "library" frames; the first frame outside them, walking out
from the hook, is the user's. A walk stops at the frame that started the capture, so a test
runner's or a server's own frames above it are never visited (and cost nothing).
"""

import os
import sys
import sysconfig
from types import FrameType

from .. import introspection

_ENGINE_DIR = introspection.ENGINE_DIR  # the engine's frames: its modules, by file path


def _library_prefixes():
    prefixes = {_ENGINE_DIR + os.sep}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            prefixes.add(os.path.realpath(path) + os.sep)
            prefixes.add(os.path.abspath(path) + os.sep)
    for module in ("numpy", "pydantic"):  # wherever they are installed (a venv, a user site)
        loaded = sys.modules.get(module)
        module_file = getattr(loaded, "__file__", None)
        if module_file:
            package = os.path.dirname(os.path.abspath(module_file))
            prefixes.add(os.path.dirname(package) + os.sep)
    return tuple(sorted(prefixes))


_PREFIXES = None
# file name -> bool, shared by every capture: one dict lookup per frame on the hot path. Keyed
# by the name, not the code object: a str caches its hash, a code object hashes its constants
# and names on every lookup (8x slower, and a training step walks ~10 frames per op).
_IS_LIBRARY: dict[str, bool] = {}
_LIBRARY_FILES: set[str] = set()  # its True keys, for a bare `in` on the hottest path
_USER_FILES: set[str] = set()


class FrameLocator:
    """Walks out of library frames; remembers, per code object, which side it is on."""

    def __init__(self, stop_frame=None):
        global _PREFIXES
        if _PREFIXES is None:
            _PREFIXES = _library_prefixes()
        self._prefixes = _PREFIXES
        self._is_library = _IS_LIBRARY
        self.stop_frame = stop_frame

    @staticmethod
    def mark_user_file(filename):
        """A program run by capture_program is the user's wherever its file name points."""
        _IS_LIBRARY[filename] = False
        _LIBRARY_FILES.discard(filename)
        _USER_FILES.add(filename)

    def _classify(self, code):
        filename = code.co_filename
        if filename in _USER_FILES:
            library = False
        elif filename.startswith("<frozen") or filename.startswith("<string>"):
            library = filename.startswith("<frozen")
        else:
            path = os.path.abspath(filename) if not filename.startswith("<") else filename
            library = path.startswith(self._prefixes)
        self._is_library[filename] = library
        if library:
            _LIBRARY_FILES.add(filename)
        return library

    def is_library(self, code):
        library = self._is_library.get(code.co_filename)
        return self._classify(code) if library is None else library

    def user_frame(self, depth=2):
        """(the innermost user frame above the caller's caller, the frame it called), or
        (None, None) when no user frame is on the stack (engine-internal use)."""
        frame: FrameType | None = sys._getframe(depth)
        child = None
        is_library = self._is_library
        stop = self.stop_frame
        while frame is not None and frame is not stop:
            code = frame.f_code
            library = is_library.get(code.co_filename)
            if library is None:
                library = self._classify(code)
            if not library:
                return frame, child
            child, frame = frame, frame.f_back
        return None, None

    def user_frames(self, frame, child):
        """[(frame, the frame it called)] for `frame` and every user frame outside it,
        innermost first. The callee tells one call of a line from the next: a loop that runs
        `x1.assign_add(x0)` again makes a new callee frame each time."""
        frames = []
        stop = self.stop_frame
        is_library = self._is_library
        while frame is not None and frame is not stop:
            code = frame.f_code
            library = is_library.get(code.co_filename)
            if library is None:
                library = self._classify(code)
            if not library:
                frames.append((frame, child))
            child, frame = frame, frame.f_back
        return frames


def code_table(tables, code):
    """The dict `tables` keeps for `code` (by instruction offset). Keyed by id(code), the code
    object held beside it so that the id stays its own: hashing a code object (its constants,
    names...) on every event costs more than the rest of the lookup."""
    entry = tables.get(id(code))
    if entry is None or entry[0] is not code:
        entry = tables[id(code)] = (code, {})
    return entry[1]


class Locations:
    """Interns (file, line, function) triples so that each distinct place is stored once."""

    def __init__(self):
        self.by_key = {}
        self.entries = []  # index -> (file, line, function)

    def of_key(self, key):
        index = self.by_key.get(key)
        if index is None:
            index = self.by_key[key] = len(self.entries)
            self.entries.append(key)
        return index

    def line(self, index):
        return None if index is None else self.entries[index][1]
