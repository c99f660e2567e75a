"""An observer, independent of engine.debug, that keeps what each gradient call returned.

Tests compare engine.debug's replay of a call with these values: the engine's own results,
taken where the engine hands them out (hooks.Observer.gradient_finished), copied as NumPy."""

import numpy as np

from engine import hooks, nest
from engine.indexed_slices import IndexedSlices


def _value(g):
    if g is None:
        return None
    if isinstance(g, IndexedSlices):
        dense = np.zeros(tuple(np.asarray(g.dense_shape._value).tolist()), g.values._value.dtype)
        np.add.at(dense, np.asarray(g.indices._value).reshape(-1), g.values._value)
        return dense
    return np.array(g._value, copy=True)


class ReturnedGradients(hooks.Observer):
    def __init__(self):
        self.calls = []  # per call, in order: list of arrays (None for a None gradient), or error

    def gradient_finished(self, tape, results, error):
        self.calls.append(
            error if error is not None else [_value(g) for g in nest.flatten(results)]
        )

    def __enter__(self):
        hooks.observers.append(self)
        return self

    def __exit__(self, *exc):
        hooks.observers.remove(self)
