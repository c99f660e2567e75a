"""User functions as tf.data calls them (map, filter, take_while, reduce).

TF traces a dataset's function into a graph that runs inside the iterator: the function gets
an element unpacked (a tuple's items as positional arguments, anything else as one argument),
and no GradientTape records its ops (a gradient from a mapped element back to a tensor or
variable the function captured is None, as in TF). The engine runs the function eagerly with
every tape paused; engine.debug's observers still see each op it runs.
"""

import contextlib
import io

from .. import hooks
from ..errors import InvalidArgumentError
from ..tape import stop_all_recording
from . import structure


def call(fn, element):
    with stop_all_recording():
        return fn(*element) if type(element) is tuple else fn(element)


class unobserved:
    """Context in which neither tapes nor observers see the ops, and what the function prints
    is dropped: a dataset running its functions only to learn the shapes of their results
    (TF traces them once instead; a tf.print inside prints only as elements are produced)."""

    def __enter__(self):
        self._observers = hooks.observers[:]
        hooks.observers.clear()
        self._quiet = contextlib.ExitStack()
        self._quiet.enter_context(contextlib.redirect_stdout(io.StringIO()))
        self._quiet.enter_context(contextlib.redirect_stderr(io.StringIO()))

    def __exit__(self, *exc):
        self._quiet.close()
        hooks.observers[:] = self._observers


def call_unobserved(fn, element):
    with unobserved():
        return call(fn, element)


def as_element(value):
    """A function's result as an element: a list at the top becomes a tuple (TF's map does
    so), every leaf a tensor."""
    if value is None:
        # TF fails building the op for a function without outputs (a missing `return`).
        raise InvalidArgumentError(
            None,
            "MapDataset",
            "Length for attr 'output_shapes' of 0 must be at least minimum 1",
        )
    if isinstance(value, list):
        value = tuple(value)
    return structure.normalize(value)
