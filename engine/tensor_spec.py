"""tf.TensorSpec: the shape and dtype a tensor is expected to have (tf.function signatures,
tf.data element specs). A description only; nothing is computed with it."""

from . import dtypes
from .shape import TensorShape
from .tensor import Tensor


class TensorSpec:
    __slots__ = ("_shape", "_dtype", "_name")

    def __init__(self, shape, dtype=dtypes.float32, name=None):
        self._shape = TensorShape(shape)
        self._dtype = dtypes.as_dtype(dtype)
        self._name = name

    @classmethod
    def from_tensor(cls, tensor, name=None):
        return cls(tensor.shape, tensor.dtype, name)

    @classmethod
    def from_spec(cls, spec, name=None):
        return cls(spec.shape, spec.dtype, spec.name if name is None else name)

    @property
    def shape(self):
        return self._shape

    @property
    def dtype(self):
        return self._dtype

    @property
    def name(self):
        return self._name

    def is_compatible_with(self, spec_or_tensor):
        """Same dtype and compatible shapes. As in TF 2.21, only a TensorSpec or a tensor can
        be compatible: a list, a NumPy array or a tf.Variable is not."""
        if not isinstance(spec_or_tensor, (TensorSpec, Tensor)):
            return False
        return self._dtype == spec_or_tensor.dtype and self._shape.is_compatible_with(
            spec_or_tensor.shape
        )

    def is_subtype_of(self, other):
        """Every tensor this spec describes is also described by `other`."""
        if type(other) is not TensorSpec or (self._dtype, self._name) != (other.dtype, other.name):
            return False
        if other.shape.rank is None:
            return True
        if self._shape.rank is None or len(self._shape) != len(other.shape):
            return False
        return all(b is None or a == b for a, b in zip(self._shape, other.shape))

    def most_specific_common_supertype(self, others):
        """The narrowest spec describing this one and every one of `others` (None if their
        dtypes or names differ): dimensions that disagree become None."""
        shape = self._shape
        for other in others:
            if type(other) is not TensorSpec or (self._dtype, self._name) != (
                other.dtype,
                other.name,
            ):
                return None
            shape = _common_shape(shape, other.shape)
        return TensorSpec(shape, self._dtype, self._name)

    def __eq__(self, other):
        return type(other) is TensorSpec and (self._shape, self._dtype, self._name) == (
            other.shape,
            other.dtype,
            other.name,
        )

    def __hash__(self):
        return hash(
            (
                tuple(self._shape.as_list()) if self._shape.rank is not None else None,
                self._dtype,
                self._name,
            )
        )

    def __repr__(self):
        return f"TensorSpec(shape={self._shape}, dtype=tf.{self._dtype.name}, name={self._name!r})"


def _common_shape(a, b):
    if a.rank is None or b.rank is None or len(a) != len(b):
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a, b)])
