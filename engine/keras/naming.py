"""Keras object names ('dense', 'dense_1', ...) and the Keras scope that gives variables their path.

Keras keeps two scopes, and so do we:
- its own path stack (layer names only: 'sequential/dense'), which names variables; a
  tf.name_scope around a layer does not change its variables' paths;
- the tf.name_scope, which Keras's TensorFlow backend also enters, so the ops a layer runs
  are recorded under the layer's name (the debugger groups ops by it).
"""

import contextlib
import re

from .. import name_scopes

_name_counts: dict[str, int] = {}
_path_stack: list[tuple[str, object]] = []  # (name, the object that opened it)

_WORD_START = re.compile("(.)([A-Z][a-z]+)")
_LOWER_UPPER = re.compile("([a-z])([A-Z])")


def to_snake_case(name):
    # Keras's two passes: 'Conv2DTranspose' -> 'conv2d_transpose', 'UpSampling2D' -> 'up_sampling2d'
    name = _WORD_START.sub(r"\1_\2", re.sub(r"\W+", "", name))
    return _LOWER_UPPER.sub(r"\1_\2", name).lower()


def auto_name(class_name):
    """A unique default name per kind: 'dense', then 'dense_1', 'dense_2', ... (as Keras)."""
    base = to_snake_case(class_name)
    count = _name_counts.get(base, 0)
    _name_counts[base] = count + 1
    return base if count == 0 else f"{base}_{count}"


def clear_session():
    """keras.backend.clear_session: default names start again from 'dense'."""
    _name_counts.clear()


def current_path():
    return "/".join(name for name, _ in _path_stack)


def variable_path(name):
    parent = current_path()
    return f"{parent}/{name}" if parent else name


@contextlib.contextmanager
def keras_scope(name, owner=None):
    """Opens `name` both as a Keras path scope and as a tf.name_scope.

    As in Keras, an object re-entering its own scope (add_weight inside build, which already
    runs in the layer's scope) does not nest it a second time.
    """
    if owner is not None and _path_stack and _path_stack[-1] == (name, owner):
        yield
        return
    _path_stack.append((name, owner))
    try:
        with name_scopes.name_scope(name):
            yield
    finally:
        _path_stack.pop()
