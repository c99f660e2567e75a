"""tf.cast (op Cast): converting a tensor's dtype with TF's conversion rules."""

import logging

from .. import dtypes
from ..conversion import cast_value
from ..errors import UnimplementedError
from ..tensor import EagerTensor, IndexedSlices, convert_to_tensor
from .registry import define, execute

_LOGGER = logging.getLogger("tensorflow")  # TF logs its cast warning there


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
