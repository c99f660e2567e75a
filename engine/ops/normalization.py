"""tf.nn.moments and tf.nn.batch_normalization, composites built as TF's nn_impl.py builds
them (Mean, StopGradient, SquaredDifference, Squeeze; Rsqrt, Mul, Sub, AddV2), so gradients
and second derivatives come from those ops."""

from .. import dtypes
from ..tensor import EagerTensor, convert_to_tensor
from . import casting, shape_ops, unary_math
from .arithmetic import squared_difference
from .reductions import reduce_mean


def moments(x, axes, shift=None, keepdims=False, name=None):
    """(mean, variance) over `axes`; `shift` is ignored, as in TF 2. Half inputs are reduced
    in float32 and the results cast back."""
    x = convert_to_tensor(x)
    y = casting.cast(x, dtypes.float32) if x.dtype == dtypes.float16 else x
    mean = reduce_mean(y, axes, keepdims=True)
    variance = reduce_mean(
        squared_difference(y, shape_ops.stop_gradient(mean)), axes, keepdims=True
    )
    if not keepdims:
        if isinstance(axes, EagerTensor):  # TF's Squeeze takes its axes as an attribute
            raise TypeError(f"Expected list for 'axis' argument to 'squeeze' Op, not {axes!r}.")
        mean = shape_ops.squeeze(mean, axes)
        variance = shape_ops.squeeze(variance, axes)
    if x.dtype == dtypes.float16:
        return casting.cast(mean, dtypes.float16), casting.cast(variance, dtypes.float16)
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """scale * (x - mean) / sqrt(variance + epsilon) + offset, in TF's op order:
    x * inv + (offset - mean * inv), inv = rsqrt(variance + epsilon) * scale."""
    inv = unary_math.rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv *= scale
    x = convert_to_tensor(x)
    scaled = x * casting.cast(inv, x.dtype)  # first, as Python evaluates TF's expression
    shift = offset - mean * inv if offset is not None else -mean * inv
    return scaled + casting.cast(shift, x.dtype)


__all__ = ["moments", "batch_normalization"]
TOP_LEVEL: list[str] = []
