"""keras.metrics.Metric: named state (non-trainable Keras variables under the metric's name,
e.g. 'mean/total'), update_state / result / reset_state, and __call__ = update then result.

Metrics keep their state in variables that tapes do not watch (trainable=False), and `fit`
updates them outside its gradient tape, as Keras does; so a metric never adds a path from the
loss to the weights."""

import numpy as np

from .. import naming
from ..variables import KerasVariable


class Metric:
    def __init__(self, dtype=None, name=None):
        self.name = name or naming.auto_name(type(self).__name__)
        self._dtype = str(getattr(dtype, "name", dtype) or "float32")
        self._variables = []

    @property
    def dtype(self):
        return self._dtype

    def add_variable(self, shape, initializer=None, dtype=None, aggregation="sum", name=None):
        """A zero-initialised state variable (Keras metrics' initializers are all Zeros)."""
        with naming.keras_scope(self.name.replace("/", ">"), self):
            variable = KerasVariable(
                np.zeros(shape, dtype=dtype or "float32"),
                trainable=False,
                aggregation=aggregation,
                synchronization="on_read",
                name=name,
            )
        self._variables.append(variable)
        return variable

    def add_weight(self, shape=(), initializer=None, dtype=None, name=None):
        return self.add_variable(shape=shape, initializer=initializer, dtype=dtype, name=name)

    @property
    def variables(self):
        return list(self._variables)

    def reset_state(self):
        for v in self._variables:
            v.assign(np.zeros(v.shape.as_list(), dtype=v.dtype))

    def update_state(self, *args, **kwargs):
        raise NotImplementedError

    def result(self):
        raise NotImplementedError

    def __call__(self, *args, **kwargs):
        self.update_state(*args, **kwargs)
        return self.result()

    def get_config(self):
        return {"name": self.name, "dtype": self.dtype}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def __repr__(self):
        return f"<{type(self).__name__} name={self.name}>"

    __str__ = __repr__
