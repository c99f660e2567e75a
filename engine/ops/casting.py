"""tf.cast (op Cast): converting a tensor's dtype with TF's conversion rules."""

import logging

import numpy as np

from .. import dtypes
from ..errors import UnimplementedError
from ..tensor import EagerTensor, convert_to_tensor
from .registry import define, execute

_LOGGER = logging.getLogger("tensorflow")  # TF logs its cast warning there
_INT32 = np.iinfo(np.int32)
_INT64 = np.iinfo(np.int64)


def _float_to_integer(value, target):
    """Truncates toward zero as TF's CPU kernel does: NaN and out-of-range values become the
    most negative int32 (int64 for int64 targets), and narrower integers keep the low bits of
    that int32, so 300.0 -> uint8 is 44 and -1.0 -> uint8 is 255."""
    wide = np.asarray(value, dtype=np.float64)
    bounds, via = (_INT64, np.int64) if target == np.int64 else (_INT32, np.int32)
    in_range = (wide >= bounds.min) & (wide < -float(bounds.min))  # NaN compares False
    whole = np.where(in_range, np.trunc(np.where(in_range, wide, 0)), bounds.min).astype(via)
    return whole.astype(target)


def cast_value(value, target):
    """`value` (a NumPy array or scalar) converted to the NumPy dtype `target` as TF casts."""
    target = np.dtype(target)
    if value.dtype.kind == "c" and target.kind in "fiub":  # TF drops the imaginary part
        value = np.real(value)
    if value.dtype.kind == "f" and target.kind in "iu":
        result = _float_to_integer(value, target)
    elif target.kind == "b":
        result = np.asarray(value) != 0  # NaN is True, as in TF
    else:
        with np.errstate(over="ignore"):  # float64 -> float16 overflows to inf, silently
            result = np.asarray(value).astype(target)
    return result if result.ndim else result[()]


def _cast_grad(rec, dy):
    """Float to float passes the gradient back in the source dtype; other casts give None."""
    source = rec.attrs
    if source.kind in "fc" and dy._value.dtype.kind in "fc":  # floating or complex, both
        return cast(dy, source)
    return None


CAST = define("Cast", (_cast_grad,))


def cast(x, dtype, name=None):
    """tf.cast: returns `x` itself when it already has `dtype` (a Variable stays a Variable)."""
    target = dtypes.as_dtype(dtype)
    if (isinstance(x, EagerTensor) or hasattr(x, "_as_tensor")) and x.dtype == target:
        return x
    if hasattr(x, "indices") and hasattr(x, "values"):  # IndexedSlices: cast its values
        from ..indexed_slices import IndexedSlices

        return IndexedSlices(cast(x.values, target), x.indices, x.dense_shape)
    x = convert_to_tensor(x)
    if x.dtype == target:
        return x
    if x.dtype is dtypes.string or target is dtypes.string:  # TF has no kernel for these
        raise UnimplementedError(
            None,
            "Cast",
            f"Cast {dtypes.kernel_name(x.dtype)} to {dtypes.kernel_name(target)} is not "
            "supported [Op:Cast]",
        )
    if x.dtype.is_complex and not target.is_complex:
        _LOGGER.warning(
            f"You are casting an input of type {x.dtype.name} to an incompatible dtype "
            f"{target.name}.  This will discard the imaginary part and may not be what you "
            "intended."
        )
    return execute(CAST, (x,), cast_value(x._value, target._np), x._value.dtype)


__all__ = []
TOP_LEVEL = ["cast"]
