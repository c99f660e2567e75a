"""TopKV2: the k largest entries along the last axis, and their indices.

tf.sort and tf.argsort are built on it (engine/ops/sorting.py), as in TF's sort_ops.py.
NOTE for the merge: the public `tf.math.top_k` is another helper's; this module registers the
op type TopKV2 once, with TF's gradient, and exposes only the private forward `top_k_v2`.
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import int_tensor
from .indexing import scatter_nd
from .operands import _tf_type_name
from .registry import define, execute_many
from .shape_ops import reshape

_TOPK_TYPES = (
    np.float32, np.float64, np.int32, np.uint8, np.int16, np.int8, np.int64, np.float16, np.uint16
)  # fmt: skip
_TOPK_NAMES = (
    "float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64"
)


def _top_k_grad(rec, dy, _indices_grad):
    """TF's _TopKGrad: each output value's gradient goes back to the input entry it came from,
    one scatter_nd over the flattened input (so a second order goes through GatherNd)."""
    in_shape = rec.attrs
    indices = rec.outputs[1]._value
    n = in_shape[-1] if in_shape else 1
    k = indices.shape[-1] if indices.ndim else 1
    rows = indices.reshape(-1, k).astype(np.int64)
    flat = (rows + n * np.arange(rows.shape[0], dtype=np.int64).reshape(-1, 1)).reshape(-1, 1)
    size = int(np.prod(in_shape, dtype=np.int64))
    spread = scatter_nd(
        EagerTensor(flat.astype(np.int32)), reshape(convert_to_tensor(dy), [-1]), [size]
    )
    return reshape(spread, in_shape), None


TOP_K = define("TopKV2", _top_k_grad, saves_outputs=(1,))


def descending_order(values):
    """Indices sorting the last axis in descending order; ties keep their original order (as
    TF's TopKV2 kernel orders them): a stable ascending sort of the reversed axis, reversed."""
    n = values.shape[-1]
    reversed_order = np.argsort(values[..., ::-1], axis=-1, kind="stable")[..., ::-1]
    return n - 1 - reversed_order


def top_k_v2(input, k, sorted=True):
    """(values, indices) of the k largest entries of each last-axis row (op TopKV2)."""
    x = convert_to_tensor(input)
    k_t = int_tensor(k)
    if x._value.dtype.type not in _TOPK_TYPES:
        raise invalid_argument(
            "TopKV2",
            f"Value for attr 'T' of {_tf_type_name(x.dtype)} is not in the list of allowed "
            f"values: {_TOPK_NAMES}",
        )
    kk = int(k_t._value)
    value = x._value
    if value.ndim < 1:
        raise invalid_argument("TopKV2", "input must be >= 1-D, got shape []")
    if kk < 0:
        raise invalid_argument("TopKV2", f"Need k >= 0, got {kk}")
    if value.shape[-1] < kk:
        raise invalid_argument(
            "TopKV2", f"input must have at least k columns. Had {value.shape[-1]}, needed {kk}"
        )
    order = descending_order(value)[..., :kk]
    top = np.take_along_axis(value, order, axis=-1)
    return execute_many(TOP_K, (x, k_t), (top, order.astype(np.int32)), value.shape)
