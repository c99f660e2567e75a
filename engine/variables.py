"""tf.Variable: mutable state. Its id is the resource handle's: every read shares it, so
gradients from all reads accumulate into the variable, and assigning never records (state
stops gradients, as in TF)."""
import numpy as np

from . import hooks, tape as tape_module
from .name_scopes import scoped_name
from .tensor import EagerTensor, _next_id, _Reference, convert_to_tensor, value_text


class ResourceVariable:
    """A variable. Named ResourceVariable because user code prints `type(v).__name__`."""

    __array_priority__ = 100

    def __init__(self, initial_value=None, trainable=True, name=None, dtype=None, shape=None,
                 **unused_tf_kwargs):
        if initial_value is None:
            raise ValueError("The initial_value must be specified.")
        if callable(initial_value):
            initial_value = initial_value()
        value = convert_to_tensor(initial_value, dtype=dtype)
        self._value = value._value
        self._id = _next_id()
        self._trainable = bool(trainable)
        self._name = scoped_name(name or "Variable") + ":0"
        if hooks.observers:
            hooks.notify("variable_event", self, "created", None)

    # --- reading ---------------------------------------------------------------------------
    def _snapshot(self):
        """The current value as a Tensor carrying the variable's id, without a read event."""
        snapshot = EagerTensor.__new__(EagerTensor)
        snapshot._value = self._value
        snapshot._id = self._id
        return snapshot

    def _as_tensor(self):
        """A read: watched by recording tapes that watch accessed variables, as TF does."""
        if tape_module.recording_tapes:
            tape_module.variable_read(self)
        snapshot = self._snapshot()
        if hooks.observers:
            hooks.notify("variable_event", self, "read", snapshot)
        return snapshot

    def read_value(self):
        return self._as_tensor()

    value = read_value

    def numpy(self):
        return self._as_tensor().numpy()

    # --- writing ---------------------------------------------------------------------------
    def assign(self, value, use_locking=None, name=None, read_value=True):
        new = convert_to_tensor(value, dtype=self.dtype)
        if new._value.shape != self._value.shape:
            raise ValueError(f"Cannot assign value to variable ' {self._name} ': Shape mismatch."
                             f"The variable shape {self.shape}, and the assigned value shape "
                             f"{new.shape} are incompatible.")
        return self._store(new._value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._store(self._value + self._checked_delta(delta))

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._store(self._value - self._checked_delta(delta))

    def _checked_delta(self, delta):
        value = convert_to_tensor(delta, dtype=self.dtype)._value
        if value.shape != self._value.shape and value.size != 1:
            raise ValueError(f"Shapes {self.shape} and {value.shape} are incompatible")
        return value

    def _store(self, array):
        # A new array, never an in-place write: tensors already read keep their snapshot.
        self._value = np.asarray(array, dtype=self._value.dtype).reshape(self._value.shape)
        if not self._value.ndim:
            self._value = self._value[()]
        if hooks.observers:
            hooks.notify("variable_event", self, "assign", None)
        return self

    # --- metadata --------------------------------------------------------------------------
    @property
    def dtype(self):
        return self._snapshot().dtype

    @property
    def shape(self):
        return self._snapshot().shape

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return self._value.ndim

    @property
    def name(self):
        return self._name

    @property
    def trainable(self):
        return self._trainable

    @property
    def device(self):
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    def ref(self):
        return _Reference(self)

    def __hash__(self):
        raise TypeError("Variable is unhashable. Instead, use variable.ref() as the key.")

    def __repr__(self):
        text = value_text(self._value)
        return (f"<tf.Variable '{self._name}' shape={self.shape} dtype={self.dtype.name}, "
                f"numpy={text}>")

    def __str__(self):
        return self.__repr__()


Variable = ResourceVariable
