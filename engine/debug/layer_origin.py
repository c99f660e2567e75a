"""Where the Keras layer that owns a new variable was defined in the user's code.

Read once per variable, when it is created: the layer is the `self` of the innermost Keras
frame (a frame of the engine's keras package, `add_weight`) whose `self` is a layer or a metric,
and the user's code holds it either as an attribute (`self.d1 = Dense(4)` in a model's
`__init__`) or as a name (`head = Dense(1)`). The line is found in that code's file: the last
assignment to that attribute or name. Findings name an unused layer the way TF's "Gradients do
not exist for variables" warning cannot: `self.d1`, defined at line 6.
"""

import linecache
import re
import sys
import types

import engine

_DEPTH = 40  # frames to look through: variable creation is a few Keras calls below add_weight


def layer_origin(is_library):
    """(label, filename, line) of the layer creating a variable now, or None."""
    frame: types.FrameType | None = sys._getframe(1)
    layer = None
    for _ in range(_DEPTH):
        if frame is None:
            return None
        if layer is None:
            layer = _owner(frame)
        elif not is_library(frame.f_code):
            found = _held_by(frame, layer)
            if found is not None:
                return found
        frame = frame.f_back
    return None


def _owner(frame):
    """The layer or metric a Keras frame runs a method of (the one adding the weight), or
    None for any other frame."""
    if not frame.f_globals.get("__name__", "").startswith(_KERAS):
        return None
    owner = frame.f_locals.get("self")
    keras = engine.keras
    return owner if isinstance(owner, (keras.layers.Layer, keras.metrics.Metric)) else None


_KERAS = engine.keras.__name__ + "."


def _held_by(frame, layer):
    local = frame.f_locals
    owner = local.get("self")
    filename = frame.f_code.co_filename
    if owner is not None and owner is not layer:
        for attr, value in getattr(owner, "__dict__", {}).items():
            if value is layer:
                return f"self.{attr}", filename, _assigned_at(filename, rf"self\.{attr}\s*=")
    for name, value in local.items():
        if value is layer and name != "self":
            return name, filename, _assigned_at(filename, rf"^\s*{re.escape(name)}\s*=")
    return None


def _assigned_at(filename, pattern):
    """The last line of the file that assigns the attribute or name, or None."""
    compiled = re.compile(pattern)
    lines = linecache.getlines(filename)
    hits = [i + 1 for i, line in enumerate(lines) if compiled.search(line)]
    return hits[-1] if hits else None
