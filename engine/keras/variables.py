"""The variables Keras layers and optimizers own.

They are engine variables (tapes watch them, gradients flow to them) with Keras's `path`
('sequential/dense/kernel') and a settable `trainable`, as Keras 3 variables have.

Their `name` is the path with ':0' ('dense/kernel:0'). That follows the acceptance seed 004,
which prints tf.keras 2 names; Keras 3 (TF 2.21) would print the bare 'kernel'.
"""
from .. import name_scopes
from ..variables import ResourceVariable
from . import naming


class KerasVariable(ResourceVariable):
    # tf.Module ignores these, as TF 2.21's Module ignores Keras 3 variables.
    _keras_variable = True

    def __init__(self, initial_value, name, trainable=True, dtype=None):
        self._path = naming.variable_path(name)
        # An absolute tf.name_scope: the Keras path, not the tf scope open around the layer,
        # names the variable.
        with name_scopes.name_scope(self._path.rpartition("/")[0] + "/"):
            super().__init__(initial_value, trainable=trainable, name=name, dtype=dtype)

    @property
    def path(self):
        return self._path

    @property
    def trainable(self):
        return self._trainable

    @trainable.setter
    def trainable(self, value):
        self._trainable = bool(value)
