"""Norms and clipping by norm: EuclideanNorm (reduce_euclidean_norm), and the composites TF's
clip_ops.py builds from ops (global_norm, clip_by_norm, clip_by_global_norm), op for op, so
their gradients and second derivatives come from those ops' own."""

import collections.abc

import numpy as np

from ..tensor import EagerTensor, IndexedSlices, convert_to_tensor
from . import arithmetic, casting, comparisons, creation, shape_ops, unary_math
from .activations import select
from .elementwise import ALLOWED_T
from .joining import stack
from .nn_losses import l2_loss
from .reductions import _kept_shape, _reduction, reduce_sum
from .registry import ALL, define
from .shape_ops import identity, reshape

ALLOWED_T["EuclideanNorm"] = ALLOWED_T["Sum"]


# --- EuclideanNorm --------------------------------------------------------------------------
def _euclidean_norm(v, axes, keepdims):
    if v.dtype.kind == "f":
        return np.sqrt(np.sum(v * v, axis=axes, keepdims=keepdims, dtype=v.dtype))
    wide = np.sum(np.square(v.astype(np.float64)), axis=axes, keepdims=keepdims)
    return np.sqrt(wide).astype(v.dtype)  # Eigen takes an integer sqrt: truncated


def _euclidean_norm_grad(rec, dy):
    """TF's: x / (norm / dy), the norm and dy reshaped to the kept dims."""
    shape, axes, keepdims = rec.attrs
    norm = rec.outputs[0]
    if not keepdims:
        kept = _kept_shape(shape, axes)
        norm, dy = reshape(norm, kept), reshape(dy, kept)
    return arithmetic.truediv(rec.inputs[0], norm / dy)


EUCLIDEAN_NORM = define(
    "EuclideanNorm", (_euclidean_norm_grad,), saves_inputs=ALL, saves_outputs=ALL
)
reduce_euclidean_norm = _reduction(EUCLIDEAN_NORM, _euclidean_norm)


# --- clip_ops.py ----------------------------------------------------------------------------
def _values(t):
    return t.values if isinstance(t, IndexedSlices) else t


def _tensor_list(t_list):
    if not isinstance(t_list, collections.abc.Sequence) or isinstance(t_list, str):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {_tf_class(t_list)}.")
    return list(t_list)


def _tf_class(value):
    """TF's text names its own tensor class: <class '...ops.EagerTensor'>."""
    if isinstance(value, EagerTensor):
        return "<class 'tensorflow.python.framework.ops.EagerTensor'>"
    return str(type(value))


def global_norm(t_list, name=None):
    """sqrt(sum of the tensors' squares): sqrt(2 * sum(L2Loss(t))), None entries skipped."""
    t_list = _tensor_list(t_list)
    values = [convert_to_tensor(_values(t)) for t in t_list if t is not None]
    half_squared_norm = reduce_sum(stack([l2_loss(v) for v in values]))
    return unary_math.sqrt(
        half_squared_norm * convert_to_tensor(2.0, dtype=half_squared_norm.dtype)
    )


def clip_by_norm(t, clip_norm, axes=None, name=None):
    """t * clip_norm / max(norm(t, axes), clip_norm), with TF's two-tap where so that a zero
    norm gives no NaN gradient."""
    values = convert_to_tensor(_values(t))
    if np.isscalar(clip_norm):
        clip_norm = 0 if clip_norm < 0 else clip_norm  # type: ignore[operator]
    else:
        clip_norm = casting.cast(arithmetic.maximum(clip_norm, 0), values.dtype)
    l2sum = reduce_sum(values * values, axes, keepdims=True)
    pred = comparisons.greater(l2sum, 0)
    # TF's ones_like runs Shape and Fill in eager mode
    ones = creation.fill(shape_ops.shape(l2sum), convert_to_tensor(1, dtype=l2sum.dtype))
    l2sum_safe = select(pred, l2sum, ones)
    l2norm = select(pred, unary_math.sqrt(l2sum_safe), l2sum)
    intermediate = values * clip_norm
    values_clip = identity(arithmetic.divide(intermediate, arithmetic.maximum(l2norm, clip_norm)))
    if isinstance(t, IndexedSlices):
        return IndexedSlices(values_clip, t.indices, t.dense_shape)
    return values_clip


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """Scales every tensor by clip_norm / max(global_norm, clip_norm); returns (list, norm).
    An inf or NaN norm makes every clipped tensor NaN, as in TF."""
    t_list = _tensor_list(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list, name)
    use_norm = convert_to_tensor(use_norm)
    one = convert_to_tensor(1.0, dtype=use_norm.dtype)
    scale_for_finite = arithmetic.multiply(
        clip_norm, arithmetic.minimum(1.0 / use_norm, one / clip_norm)
    )
    scale = scale_for_finite + (use_norm - use_norm)  # NaN for an inf or NaN norm
    clipped: list = []
    for t in t_list:
        if t is None:
            clipped.append(None)
            continue
        v = convert_to_tensor(_values(t))
        c = identity(v * casting.cast(scale, v.dtype))
        if isinstance(t, IndexedSlices):
            c = IndexedSlices(c, t.indices, t.dense_shape)
        clipped.append(c)
    return clipped, use_norm


__all__ = ["reduce_euclidean_norm", "global_norm", "clip_by_norm", "clip_by_global_norm"]
TOP_LEVEL: list[str] = []
