"""keras.Variable: the variables Keras layers and optimizers own, as TF 2.21's Keras 3 has them.

A Keras variable is not a tf.Variable (`isinstance(v, tf.Variable)` is False): it wraps one,
`v.value`, named by the tf.name_scope open when it was made ('dense/kernel:0'), while the Keras
variable itself has a bare `name` ('kernel'), a `path` ('dense/kernel'), a string `dtype` and
its own repr (`<Variable path=dense/kernel, shape=(3, 2), dtype=float32, value=...>`). Ops read
the wrapped tf.Variable, so tapes watch that one: `tape.watched_variables()` lists tf.Variables,
and a Keras variable works as a gradient source because it shares the wrapped variable's id.
`tape.watch(v)` refuses it, as TF does (`tape.watch(v.value)` works).

Two trainable flags, as in TF 2.21:
- `trainable` is Keras's flag: it decides `layer.trainable_variables`, and freezing a layer
  (`layer.trainable = False`) clears it;
- whether tapes watch the variable when it is read is the wrapped tf.Variable's flag, fixed
  when the weight is made. So a frozen layer's weights are still watched and still get
  gradients, as in TF; only weights made with `add_weight(trainable=False)` are not.
"""

import numpy as np

from .. import dtypes, recording
from ..ops.operators import install_operators
from ..tensor import convert_to_tensor
from ..variables import ResourceVariable
from . import naming


class Variable:
    __array_priority__ = 100
    __hash__ = None  # type: ignore[assignment]  # unhashable, as Keras 3's
    _wraps_variable = True  # tape.watch refuses it, as TF's does

    def __init__(
        self,
        initializer,
        shape=None,
        dtype=None,
        trainable=True,
        autocast=True,
        aggregation="none",
        synchronization="auto",
        name=None,
        *,
        watched=None,
        **unused_keras_kwargs,
    ):
        """`watched`: the wrapped tf.Variable's trainable flag (defaults to `trainable`)."""
        name = name or naming.auto_name("Variable")
        self._path = naming.variable_path(name)
        self._name = name
        self._keras_trainable = bool(trainable)
        self.aggregation = aggregation
        self.synchronization = synchronization
        self._variable = ResourceVariable(
            _initial_value(initializer, shape, dtype),
            trainable=bool(trainable if watched is None else watched),
            name=name,
            dtype=dtype,
        )

    # --- what Keras 3 shows -----------------------------------------------------------------
    @property
    def name(self):
        return self._name

    @property
    def path(self):
        return self._path

    @property
    def value(self):
        """The wrapped tf.Variable."""
        return self._variable

    @property
    def dtype(self):
        return self._variable.dtype.name

    @property
    def shape(self):
        return self._variable.shape

    @property
    def ndim(self):
        return self._variable._value.ndim

    @property
    def trainable(self):
        return self._keras_trainable

    @trainable.setter
    def trainable(self, value):
        self._keras_trainable = bool(value)

    constraint = None
    regularizer = None  # add_weight(regularizer=...) sets it; layer.losses calls it

    def numpy(self):
        return self._variable.numpy()

    def __repr__(self):
        value = self._variable._value
        text = value.item() if value.ndim == 0 else value  # Keras prints 0-d as a Python number
        return f"<Variable path={self._path}, shape={self.shape}, dtype={self.dtype}, value={text}>"

    __str__ = __repr__

    def __len__(self):
        raise TypeError("object of type 'Variable' has no len()")

    def __bool__(self):
        raise TypeError("A Keras Variable cannot be used as a boolean.")

    def __array__(self, dtype=None, copy=None):
        return np.asarray(self._variable._value, dtype=dtype)

    def __float__(self):
        return float(self._variable._value)

    def __int__(self):
        return int(self._variable._value)

    # --- what the engine uses: the wrapped variable's read, id and value ----------------------
    @property
    def _id(self):
        return self._variable._id

    @property
    def _value(self):
        return self._variable._value

    @property
    def _trainable(self):
        return self._variable._trainable

    def _snapshot(self):
        return self._variable._snapshot()

    def _as_tensor(self):
        variable = self._variable
        if recording.recording_tapes and variable._trainable and not self._keras_trainable:
            # Frozen by Keras, yet its tf.Variable is trainable: tapes still watch it.
            for tape in recording.recording_tapes:
                if tape._watch_accessed_variables:
                    tape._watch_variable(variable)
        return variable._as_tensor()

    # --- writing, as Keras 3: assign returns the value; assign_add is assign(self + value) ----
    def assign(self, value):
        value = convert_to_tensor(value, dtype=self._variable.dtype)
        if value.shape != self.shape:
            raise ValueError(
                "The shape of the target variable and the shape of the target value in "
                "`variable.assign(value)` must match. "
                f"variable.shape={self.shape}, Received: value.shape={value.shape}. "
                f"Target variable: {self!r}"
            )
        self._variable.assign(value, read_value=False)
        return value

    def assign_add(self, value):
        return self.assign(self + value)

    def assign_sub(self, value):
        return self.assign(self - value)


install_operators(Variable)
KerasVariable = Variable  # the name the engine's Keras code uses for it


def _initial_value(initializer, shape, dtype):
    """keras.Variable's first argument: a value, or an initializer (name, object or callable)
    called with `shape`."""
    from . import initializers

    if isinstance(initializer, (str, initializers.Initializer)):
        initializer = initializers.get(initializer)
    if not callable(initializer):
        return initializer
    if shape is None:
        raise ValueError(
            "When creating a Variable from an initializer, the `shape` "
            "argument should be specified. Received: "
            f"initializer={initializer} and shape={shape}"
        )
    return initializer(shape, dtype=dtypes.as_dtype(dtype or "float32"))
