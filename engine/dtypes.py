"""TensorFlow's dtype objects, backed by NumPy dtypes."""

import numpy as np


class DType:
    """A TF dtype. Equal to anything `as_dtype` maps to it (`tf.float32 == np.float32`), as in
    TF."""

    __slots__ = ("name", "as_numpy_dtype", "_np")

    def __init__(self, name, numpy_type):
        self.name = name
        self.as_numpy_dtype = numpy_type
        self._np = np.dtype(numpy_type)

    @property
    def is_floating(self):
        return self._np.kind == "f"

    @property
    def is_integer(self):
        return self._np.kind in "iu"

    @property
    def is_unsigned(self):
        return self._np.kind == "u"

    @property
    def is_bool(self):
        return self._np.kind == "b"

    @property
    def is_complex(self):
        return self._np.kind == "c"

    @property
    def real_dtype(self):
        """float32 for complex64, float64 for complex128, the dtype itself otherwise."""
        return _REAL.get(self.name, self)

    @property
    def size(self):
        return 0 if self is string else self._np.itemsize

    @property
    def min(self):
        self._check_bounded("minimum")
        return np.finfo(self._np).min if self.is_floating else np.iinfo(self._np).min

    @property
    def max(self):
        self._check_bounded("maximum")
        return np.finfo(self._np).max if self.is_floating else np.iinfo(self._np).max

    def _check_bounded(self, which):
        if self._np.kind in "cOb":
            raise TypeError(f"Cannot find {which} value of {self} with type {self}.")

    def __eq__(self, other):
        if other is self:
            return True
        try:
            return as_dtype(other) is self
        except TypeError:
            return False

    def __hash__(self):
        return hash(self.name)

    @property
    def base_dtype(self):
        return self

    def __repr__(self):
        return f"tf.{self.name}"

    def __str__(self):
        return f"<dtype: '{self.name}'>"

    def __reduce__(self):
        return as_dtype, (self.name,)


float16 = half = DType("float16", np.float16)
float32 = DType("float32", np.float32)
float64 = double = DType("float64", np.float64)
int8 = DType("int8", np.int8)
int16 = DType("int16", np.int16)
int32 = DType("int32", np.int32)
int64 = DType("int64", np.int64)
uint8 = DType("uint8", np.uint8)
bool = DType("bool", np.bool_)  # noqa: A001 - TF's public name
complex64 = DType("complex64", np.complex64)
complex128 = DType("complex128", np.complex128)
# String tensors hold NumPy object arrays of bytes, as TF's .numpy() returns them.
string = DType("string", np.object_)

_REAL_NUMBERS = (float16, float32, float64, int8, int16, int32, int64, uint8, bool)
_ALL = (*_REAL_NUMBERS, complex64, complex128, string)
_REAL = {"complex64": float32, "complex128": float64}
_BY_NAME = {d.name: d for d in _ALL}
_BY_NUMPY = {d._np: d for d in _ALL}


def kernel_name(dtype):
    """The name TF's kernels use in messages: float, double, half, int32, ..."""
    return {"float32": "float", "float64": "double", "float16": "half"}.get(dtype.name, dtype.name)


def from_numpy(np_dtype):
    """The DType for a NumPy dtype; raises TypeError for dtypes TF (or the engine) lacks."""
    try:
        return _BY_NUMPY[np_dtype]
    except KeyError:
        raise TypeError(f"engine does not support the NumPy dtype {np.dtype(np_dtype)}") from None


def as_dtype(type_value):
    """Converts a DType, its name, a NumPy dtype or a Python type to a DType, like
    tf.dtypes.as_dtype."""
    if isinstance(type_value, DType):
        return type_value
    if isinstance(type_value, str):  # TF's names only: 'float' is float32, 'int' is no dtype
        found = _BY_NAME.get(type_value) or _ALIASES.get(type_value)
        if found is not None:
            return found
    elif type_value is float:
        return float32
    elif not (type_value is int or type_value is complex or type_value is None):  # no TF dtype
        try:
            return from_numpy(np.dtype(type_value))
        except TypeError:
            pass
    raise TypeError(
        f"Cannot convert the argument `type_value`: {type_value!r} to a TensorFlow DType."
    )


_ALIASES = {"half": float16, "float": float32, "double": float64}
