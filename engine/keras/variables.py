"""The variables Keras layers and optimizers own.

They are engine variables (tapes watch them, gradients flow to them) with Keras's `path`
('sequential/dense/kernel') and a settable `trainable`, as Keras 3 variables have.

Two flags, as in TF 2.21, where a Keras variable wraps a tf.Variable:
- `trainable` is Keras's flag: it decides `layer.trainable_variables`, and freezing a layer
  (`layer.trainable = False`, `Dense(..., trainable=False)`) clears it;
- whether tapes watch the variable when it is read is the wrapped tf.Variable's flag, fixed
  when the weight is made. So a frozen layer's weights are still watched and still get
  gradients, as in TF; only weights made with `add_weight(trainable=False)` are not.

Their `name` is the path with ':0' ('dense/kernel:0'). That follows the acceptance seed 004,
which prints tf.keras 2 names; Keras 3 (TF 2.21) would print the bare 'kernel'.
"""

from .. import name_scopes, tape as tape_module
from ..variables import ResourceVariable
from . import naming


class KerasVariable(ResourceVariable):
    # tf.Module ignores these, as TF 2.21's Module ignores Keras 3 variables.
    _keras_variable = True

    def __init__(self, initial_value, name, trainable=True, dtype=None, watched=None):
        """`watched`: the wrapped tf.Variable's flag (defaults to `trainable`)."""
        self._path = naming.variable_path(name)
        self._keras_trainable = bool(trainable)
        # An absolute tf.name_scope: the Keras path, not the tf scope open around the layer,
        # names the variable.
        with name_scopes.name_scope(self._path.rpartition("/")[0] + "/"):
            super().__init__(
                initial_value,
                trainable=trainable if watched is None else watched,
                name=name,
                dtype=dtype,
            )

    @property
    def path(self):
        return self._path

    @property
    def trainable(self):
        return self._keras_trainable

    @trainable.setter
    def trainable(self, value):
        self._keras_trainable = bool(value)

    def _as_tensor(self):
        if tape_module.recording_tapes and self._trainable and not self._keras_trainable:
            # Frozen by Keras, yet its tf.Variable is trainable: tapes still watch it.
            for tape in tape_module.recording_tapes:
                if tape._watch_accessed_variables:
                    tape._watch_variable(self)
        return super()._as_tensor()


def Variable(initializer, shape=None, dtype=None, trainable=True, name=None, **unused_keras_kwargs):
    """keras.Variable: from a value, or from an initializer (a callable) and a shape."""
    from . import initializers

    if isinstance(initializer, (str, initializers.Initializer)):
        initializer = initializers.get(initializer)
    if callable(initializer):
        if shape is None:
            raise ValueError(
                "When creating a Variable from an initializer, the `shape` "
                "argument should be specified. Received: "
                f"initializer={initializer} and shape={shape}"
            )
        initializer = initializer(shape, dtype=dtype)
    return KerasVariable(
        initializer, name=name or naming.auto_name("Variable"), trainable=trainable, dtype=dtype
    )
