"""tf.Variable: mutable state. Its id is the resource handle's: every read shares it, so
gradients from all reads accumulate into the variable, and assigning never records (state
stops gradients, as in TF)."""

import numpy as np

from . import hooks, recording
from .eager_only import VariableGraphAttributes
from .errors import invalid_argument
from .name_scopes import scoped_name
from .shape import TensorShape
from .tensor import EagerTensor, _next_id, _Reference, convert_to_tensor, value_text


def _written(value):
    """A tensor's value goes into a variable's state: an observable escape (the tape records
    no op for it), so a debugger can say the path from it ends in an assignment. Only while a
    tape records: a training loop's updates after its tape need no event each."""
    if hooks.observers and recording.recording_tapes and isinstance(value, EagerTensor):
        hooks.notify("escaped", value, "assign")


def _refuse_in_place(operator, advice):
    def refuse(self, value):
        raise RuntimeError(f"`{operator}` with `tf.Variable`s is not supported. {advice}")

    return refuse


class ResourceVariable(VariableGraphAttributes):
    """A variable. Named ResourceVariable because user code prints `type(v).__name__`."""

    __array_priority__ = 100

    def __init__(
        self,
        initial_value=None,
        trainable=True,
        name=None,
        dtype=None,
        shape=None,
        **unused_tf_kwargs,
    ):
        if initial_value is None:
            raise ValueError(
                "The `initial_value` arg to `tf.Variable` must be specified except "
                "when you are not providing a `variable_def`. You provided neither."
            )
        if callable(initial_value):
            initial_value = initial_value()
        try:
            value = convert_to_tensor(initial_value, dtype=dtype)
        except ValueError as error:
            if not isinstance(initial_value, EagerTensor):
                raise
            raise ValueError(f"initial_value: {error}") from None  # TF names the argument
        self._value = value._value
        if shape is not None:
            self._declare_shape(TensorShape(shape), value.shape)
        self._id = _next_id()
        self._trainable = trainable  # kept as given, as TF keeps it
        self._name = scoped_name(name or "Variable") + ":0"
        if hooks.observers:
            hooks.notify("variable_event", self, "created", None)

    # A shape given to the constructor (`shape=[None, 3]`, `TensorShape(None)`): the shape the
    # variable reports and the one assigned values must be compatible with, as in TF.
    _declared_shape = None

    def _declare_shape(self, shape, value_shape):
        if not shape.is_compatible_with(value_shape):
            raise ValueError(
                f"In this `tf.Variable` creation, the initial value's shape ({value_shape}) is "
                f"not compatible with the explicitly supplied `shape` argument ({shape.as_list()})."
            )
        self._declared_shape = shape

    # --- reading ---------------------------------------------------------------------------
    def _snapshot(self):
        """The current value as a Tensor carrying the variable's id, without a read event."""
        snapshot = EagerTensor.__new__(EagerTensor)
        snapshot._value = self._value
        snapshot._id = self._id
        return snapshot

    def _as_tensor(self):
        """A read: watched by recording tapes that watch accessed variables, as TF does."""
        if recording.recording_tapes:
            recording.variable_read(self)
        snapshot = self._snapshot()
        # (hooks.notify, inlined here and in _store: an optimizer step reads and assigns a few
        # dozen times, and the debugger walks past each frame between the event and the user)
        for observer in hooks.observers:
            observer.variable_event(self, "read", snapshot)
        return snapshot

    def read_value(self):
        return self._as_tensor()

    value = read_value

    def numpy(self):
        return self._as_tensor()._numpy()

    # --- writing ---------------------------------------------------------------------------
    # Each returns what TF's eager assign ops return: the variable as an _UnreadVariable (read
    # when used), or None with read_value=False.
    def assign(self, value, use_locking=None, name=None, read_value=True):
        _written(value)
        new = convert_to_tensor(value, dtype=self.dtype)
        if self._declared_shape is not None and self._declared_shape.is_compatible_with(new.shape):
            return self._store(new._value, read_value, new._value.shape)
        if new._value.shape != self._value.shape:
            raise ValueError(
                f"Cannot assign value to variable ' {self.name}': Shape mismatch."
                f"The variable shape {self.shape}, and the assigned value shape "
                f"{new.shape} are incompatible."
            )
        return self._store(new._value, read_value)

    def assign_add(self, delta, use_locking=None, name=None, read_value=True):
        return self._store(
            self._value + self._checked_delta(delta, "AssignAddVariableOp"), read_value
        )

    def assign_sub(self, delta, use_locking=None, name=None, read_value=True):
        return self._store(
            self._value - self._checked_delta(delta, "AssignSubVariableOp"), read_value
        )

    def _checked_delta(self, delta, op_type):
        _written(delta)
        value = convert_to_tensor(delta, dtype=self.dtype)._value
        if value.shape != self._value.shape:
            shape, delta_shape = (",".join(map(str, s)) for s in (self._value.shape, value.shape))
            raise invalid_argument(
                op_type,
                (
                    f"Cannot update variable with shape [{shape}] using a Tensor with shape "
                    f"[{delta_shape}], shapes must be equal."
                ),
            )
        return value

    def _store(self, array, read_value=True, shape=None):
        # A new array, never an in-place write: tensors already read keep their snapshot.
        shape = self._value.shape if shape is None else shape
        self._value = np.asarray(array, dtype=self._value.dtype).reshape(shape)
        if not self._value.ndim and self._value.dtype.kind != "O":  # strings stay arrays
            self._value = self._value[()]
        for observer in hooks.observers:
            observer.variable_event(self, "assign", None)
        return _UnreadVariable(self) if read_value else None

    # TF refuses Python's in-place operators on variables (rebinding would lose the variable).
    __iadd__ = _refuse_in_place(
        "variable += value",
        "Use `variable.assign_add(value)` to modify "
        "the variable, or `out = variable + value` if you need to get a "
        "new output Tensor.",
    )
    __isub__ = _refuse_in_place(
        "variable -= value",
        "Use `variable.assign_sub(value)` to modify "
        "the variable, or `out = variable * value` if you need to get a "
        "new output Tensor.",
    )
    __imul__ = _refuse_in_place(
        "var *= value",
        "Use `var.assign(var * value)` to modify the "
        "variable, or `out = var * value` if you need to get a new output "
        "Tensor.",
    )
    __itruediv__ = _refuse_in_place(
        "var /= value",
        "Use `var.assign(var / value)` to modify the "
        "variable, or `out = var / value` if you need to get a new "
        "output Tensor.",
    )
    __ipow__ = _refuse_in_place(
        "var **= value",
        "Use `var.assign(var ** value)` to modify the "
        "variable, or `out = var ** value` if you need to get a new output "
        "Tensor.",
    )

    # --- metadata --------------------------------------------------------------------------
    @property
    def dtype(self):
        return self._snapshot().dtype

    @property
    def shape(self):
        declared = self._declared_shape
        return self._snapshot().shape if declared is None else declared

    def get_shape(self):
        return self.shape

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
        raise TypeError(
            f"Variable is unhashable. Instead, use variable.ref() as the key. (Variable: {self!r})"
        )

    def experimental_ref(self):
        return self.ref()

    def __repr__(self):
        text = value_text(self._value)
        return (
            f"<tf.Variable '{self._name}' shape={self.shape} dtype={self.dtype.name}, numpy={text}>"
        )

    def __str__(self):
        return self.__repr__()


class _UnreadVariable(ResourceVariable):
    """What assign* return in TF's eager mode: the same variable (its value is read when
    used), named 'UnreadVariable' and trainable whatever the variable's flag."""

    def __init__(self, variable):
        self._variable = variable
        self._id = variable._id
        self._trainable = True
        self._name = "UnreadVariable"

    @property
    def _value(self):
        return self._variable._value

    def _as_tensor(self):
        return self._variable._as_tensor()

    def _store(self, array, read_value=True, shape=None):
        return self._variable._store(array, read_value, shape)


Variable = ResourceVariable
