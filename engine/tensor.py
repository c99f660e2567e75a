"""The eager Tensor: an immutable NumPy value with a stable id, and conversion to tensors.

Python operators are installed by engine.ops.operators (as TF installs them), so this module
does not depend on any op.
"""
import itertools

import numpy as np

from . import dtypes, hooks
from .shape import TensorShape

_next_id = itertools.count(1).__next__


class EagerTensor:
    """An eager tensor. `_value` is a NumPy array or NumPy scalar that is never mutated.

    Named EagerTensor because user code prints `type(x).__name__`, as TF's seeds do."""

    __slots__ = ("_value", "_id", "__weakref__")
    # Makes NumPy defer to our reflected operators (np_array * tensor -> Tensor.__rmul__).
    __array_priority__ = 100

    def __init__(self, value):
        self._value = value
        self._id = _next_id()

    # --- metadata -------------------------------------------------------------------------
    @property
    def dtype(self):
        return dtypes._BY_NUMPY[self._value.dtype]

    @property
    def shape(self):
        return TensorShape(self._value.shape)

    def get_shape(self):
        return self.shape

    @property
    def ndim(self):
        return self._value.ndim

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    @property
    def device(self):
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    def ref(self):
        return _Reference(self)

    def __hash__(self):
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    # --- leaving the engine (each is an observable escape) ---------------------------------
    def numpy(self):
        if hooks.observers:
            hooks.notify("escaped", self, "numpy")
        value = self._value
        return value.copy() if isinstance(value, np.ndarray) else value

    def __array__(self, dtype=None, copy=None):
        if hooks.observers:
            hooks.notify("escaped", self, "__array__")
        value = np.array(self._value, copy=True)
        return value if dtype is None else value.astype(dtype, copy=False)

    def _scalar(self, how):
        if hooks.observers:
            hooks.notify("escaped", self, how)
        if self._value.size != 1:
            raise TypeError(
                f"only size-1 tensors can be converted to Python scalars, got shape {self.shape}"
            )
        return self._value.reshape(()).item()

    def __float__(self):
        return float(self._scalar("float"))

    def __int__(self):
        return int(self._scalar("int"))

    def __index__(self):
        if not self.dtype.is_integer:
            raise TypeError(f"Only integer tensors can be used as an index, got {self.dtype.name}")
        return int(self._scalar("index"))

    def __bool__(self):
        if self._value.ndim and self._value.size != 1:
            raise ValueError(
                "The truth value of an array with more than one element is ambiguous. "
                "Use a.any() or a.all()"
            )
        return bool(self._scalar("bool"))

    def __len__(self):
        if not self._value.ndim:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __iter__(self):
        if not self._value.ndim:
            raise TypeError("Cannot iterate over a scalar tensor.")
        return (self[i] for i in range(self._value.shape[0]))

    # --- printing, in TF's format ----------------------------------------------------------
    def __str__(self):
        text = str(self._value)
        if "\n" in text:
            text = "\n" + text
        return f"tf.Tensor({text}, shape={self.shape}, dtype={self.dtype.name})"

    def __format__(self, format_spec):
        # f"{t}" prints the NumPy value, as TF's does; str(t) keeps the tf.Tensor(...) form.
        return format(self._value, format_spec)

    def __repr__(self):
        return f"<tf.Tensor: shape={self.shape}, dtype={self.dtype.name}, numpy={value_text(self._value)}>"


def value_text(value):
    """NumPy's repr for arrays and str for scalars (`numpy=3.0`), as TF prints them."""
    return repr(value) if value.ndim else str(value)


Tensor = EagerTensor


class _Reference:
    """What `tensor.ref()` returns: hashable by identity, as TF's Reference."""

    __slots__ = ("_wrapped",)

    def __init__(self, wrapped):
        self._wrapped = wrapped

    def deref(self):
        return self._wrapped

    def __hash__(self):
        return id(self._wrapped)

    def __eq__(self, other):
        return isinstance(other, _Reference) and other._wrapped is self._wrapped


# --- conversion ---------------------------------------------------------------------------
_INT32_RANGE = (-(2**31), 2**31 - 1)


def _python_dtype(value):
    """TF's inference for Python values: floats -> float32, ints -> int32 (int64 if too big)."""
    if isinstance(value, (np.ndarray, np.generic)):  # first: np.float64 is a Python float too
        return dtypes.from_numpy(value.dtype)
    if isinstance(value, bool):
        return dtypes.bool
    if isinstance(value, int):
        lo, hi = _INT32_RANGE
        return dtypes.int32 if lo <= value <= hi else dtypes.int64
    if isinstance(value, float):
        return dtypes.float32
    if isinstance(value, (list, tuple)):
        found = [_python_dtype(v) for v in value]
        if not found:
            return dtypes.float32
        for kind in (dtypes.float64, dtypes.float32, dtypes.int64, dtypes.int32, dtypes.bool):
            if kind in found:
                return kind
        return found[0]
    if isinstance(value, Tensor):
        return value.dtype
    if hasattr(value, "_as_tensor"):
        return value.dtype
    raise TypeError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                    f"({type(value)}) to a Tensor.")


def _has_tensor(value):
    return isinstance(value, (list, tuple)) and any(
        isinstance(v, Tensor) or hasattr(v, "_as_tensor") or _has_tensor(v) for v in value)


def convert_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """Like tf.convert_to_tensor: Tensors pass through, Variables are read, values are wrapped."""
    if type(value) is Tensor:  # the hot path: about 3x faster than isinstance on every op input
        if dtype is not None and value.dtype != dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} "
                             f"for Tensor with dtype {value.dtype.name}: {value!r}")
        return value
    as_tensor = getattr(value, "_as_tensor", None)  # Variables and IndexedSlices
    if as_tensor is not None:
        return convert_to_tensor(as_tensor(), dtype=dtype)
    if isinstance(value, Tensor):
        return value
    if _has_tensor(value):
        from .ops import array  # a list holding tensors packs them, as TF does
        return array.stack([convert_to_tensor(v, dtype=dtype) for v in value])
    if dtype is not None:
        target = dtypes.as_dtype(dtype)
    else:
        target = _python_dtype(value)
        if dtype_hint is not None and not isinstance(value, (np.ndarray, np.generic)):
            hint = dtypes.as_dtype(dtype_hint)
            if _fits(value, hint):
                target = hint
    return Tensor(_to_array(value, target))


def _fits(value, dtype):
    """Whether a Python value converts to `dtype` without losing information."""
    inferred = _python_dtype(value)
    if inferred is dtype or dtype.is_floating:
        return inferred.is_floating or inferred.is_integer or dtype == inferred
    return False


def _to_array(value, dtype):
    np_dtype = dtype.as_numpy_dtype
    if isinstance(value, (np.ndarray, np.generic)):
        if value.dtype != np_dtype and not _safe_numpy_cast(value, np_dtype):
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
        array = np.array(value, dtype=np_dtype)
    else:
        inferred = _python_dtype(value)
        if (inferred.is_floating and not dtype.is_floating) or (
                inferred is dtypes.bool and dtype is not dtypes.bool and not isinstance(value, bool)) or (
                dtype is dtypes.bool and inferred is not dtypes.bool):  # TF: 1 is no bool
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
        array = np.array(value, dtype=np_dtype)
    return array if array.ndim else array[()]


def _safe_numpy_cast(value, np_dtype):
    return np.can_cast(value.dtype, np_dtype, casting="same_kind")


def is_tensor(value):
    return isinstance(value, Tensor) or hasattr(value, "_as_tensor")
