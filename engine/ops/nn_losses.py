"""Softmax, the losses of tf.nn and l2 helpers: forward, gradient and saved tensors side by side.

The fused cross-entropy ops return (loss, backprop) as TF's kernels do; their gradient reads the
saved backprop output (softmax - labels) and, for the second order, the logits (TF's
nn_grad.py: _SoftmaxCrossEntropyWithLogitsGrad).
"""

import numpy as np

from ..errors import InvalidArgumentError, invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from . import array as _array, math_ops as _math
from .activations import NN_FLOAT_NAMES, float_features, select
from .operands import FLOATS, require
from .registry import ALL, define, execute, execute_many


def _require_rank_1(op_type, x):
    if x._value.ndim < 1:
        raise invalid_argument(op_type, "logits must have >= 1 dimension, got []")


def _softmax_values(v):
    shifted = v - np.max(v, axis=-1, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=-1, keepdims=True)


def _log_softmax_values(v):
    shifted = v - np.max(v, axis=-1, keepdims=True)
    return shifted - np.log(np.sum(np.exp(shifted), axis=-1, keepdims=True))


def _softmax_grad(rec, dy):
    softmax = rec.outputs[0]
    return (dy - _math.reduce_sum(dy * softmax, -1, keepdims=True)) * softmax


def _log_softmax_grad(rec, dy):
    return dy - _math.reduce_sum(dy, -1, keepdims=True) * _math.exp(rec.outputs[0])


SOFTMAX = define("Softmax", (_softmax_grad,), saves_outputs=ALL)
LOG_SOFTMAX = define("LogSoftmax", (_log_softmax_grad,), saves_outputs=ALL)


def _softmax_op(x):
    x = float_features("Softmax", x)
    _require_rank_1("Softmax", x)
    return execute(SOFTMAX, (x,), _softmax_values(x._value))


def _log_softmax_op(x):
    x = float_features("LogSoftmax", x)
    _require_rank_1("LogSoftmax", x)
    return execute(LOG_SOFTMAX, (x,), _log_softmax_values(x._value))


def _on_axis(compute_op, logits, axis):
    """TF's _wrap_2d_function: the op works on the last axis; other axes are transposed there."""
    x = convert_to_tensor(logits)
    ndim = x._value.ndim
    if axis is None or axis == -1 or axis == ndim - 1:
        return compute_op(x)
    if not -ndim <= axis < ndim:
        raise InvalidArgumentError(
            None,
            None,
            f"`dim` must be in the range [{-ndim}, {ndim}) where {ndim} is the "
            f"number of dimensions in the input. Received: dim={axis}",
        )
    axis %= ndim
    swap = list(range(ndim))
    swap[axis], swap[-1] = swap[-1], swap[axis]
    return _array.transpose(compute_op(_array.transpose(x, swap)), swap)


def softmax(logits, axis=None, name=None):
    return _on_axis(_softmax_op, logits, axis)


def log_softmax(logits, axis=None, name=None):
    return _on_axis(_log_softmax_op, logits, axis)


# --- L2 -------------------------------------------------------------------------------------
L2_LOSS = define("L2Loss", (lambda rec, dy: rec.inputs[0] * dy,), saves_inputs=ALL)


def l2_loss(t, name=None):
    x = float_features("L2Loss", t)
    v = x._value
    return execute(L2_LOSS, (x,), v.dtype.type(np.sum(v * v) / 2))


# --- fused softmax cross-entropy --------------------------------------------------------------
def _broadcast_mul(vec, mat):
    """TF's _BroadcastMul: vec[:, None] * mat."""
    return _array.expand_dims(vec, -1) * mat


def _xent_logits_grad(rec, grad_loss, grad_grad):
    """d/d(logits) of (loss, backprop); the grad_grad term exists only for second order."""
    grad = None if grad_loss is None else _broadcast_mul(grad_loss, rec.outputs[1])
    if grad_grad is not None:
        softmax = _softmax_op(rec.inputs[0])
        term = (
            grad_grad
            - _array.squeeze(
                _math.matmul(_array.expand_dims(grad_grad, 1), _array.expand_dims(softmax, 2)),
                axis=1,
            )
        ) * softmax
        grad = term if grad is None else grad + term
    return grad


def _xent_labels_grad(rec, grad_loss, grad_grad):
    if grad_loss is None:
        return None
    return _broadcast_mul(grad_loss, -_log_softmax_op(rec.inputs[0]))


# TF keeps the logits (input 0) and the backprop (output 1) for these ops' gradients.
SOFTMAX_XENT = define(
    "SoftmaxCrossEntropyWithLogits",
    (_xent_logits_grad, _xent_labels_grad),
    saves_inputs=(0,),
    saves_outputs=(1,),
)
SPARSE_SOFTMAX_XENT = define(
    "SparseSoftmaxCrossEntropyWithLogits",
    (_xent_logits_grad, None),
    saves_inputs=(0,),
    saves_outputs=(1,),
)


def _shape_text(shape):
    return "[" + ",".join(str(d) for d in shape) + "]"


def _softmax_xent_op(logits, labels):
    """The kernel: 2-D logits and labels (broadcastable) -> (loss [batch], backprop)."""
    op_type = "SoftmaxCrossEntropyWithLogits"
    lv, yv = logits._value, labels._value
    try:
        shape = np.broadcast_shapes(lv.shape, yv.shape)
    except ValueError:
        shape = None
    if shape is None or len(shape) != 2:
        raise invalid_argument(
            op_type,
            f"logits and labels must be broadcastable: logits_size={_shape_text(lv.shape)}"
            f" labels_size={_shape_text(yv.shape)}",
        )
    shifted = lv - np.max(lv, axis=-1, keepdims=True)
    exp = np.exp(shifted)
    sum_exp = np.sum(exp, axis=-1, keepdims=True)
    loss = np.sum(yv * (np.log(sum_exp) - shifted), axis=-1)
    backprop = exp / sum_exp - yv
    return execute_many(SOFTMAX_XENT, (logits, labels), (loss, backprop))


def _sparse_softmax_xent_op(logits, labels):
    op_type = "SparseSoftmaxCrossEntropyWithLogits"
    lv, yv = logits._value, labels._value
    classes = lv.shape[-1]
    # One reduction checks both bounds: viewed as unsigned, a negative label is huge.
    if yv.size and np.maximum.reduce(yv.view(_UNSIGNED[yv.itemsize]), axis=None) >= classes:
        bad = yv[(yv < 0) | (yv >= classes)][0]
        raise invalid_argument(
            op_type,
            f"Received a label value of {bad} which is outside the valid range of "
            f"[0, {classes}).  Label values: {' '.join(str(v) for v in yv.reshape(-1))}",
        )
    # The ufuncs' reduce rather than np.max/ndarray.max (and sum), which are Python wrappers
    # around it: this op is on the MLP benchmark's hot path. Each row's label entry is picked
    # by its flat index: 1-D fancy indexing costs about a third of 2-D.
    shifted = lv - np.maximum.reduce(lv, axis=-1, keepdims=True)
    backprop = np.exp(shifted)
    sum_exp = np.add.reduce(backprop, axis=-1, keepdims=True)
    picked = np.arange(lv.shape[0]) * classes + yv
    loss = np.log(sum_exp[:, 0]) - shifted.ravel()[picked]
    backprop /= sum_exp  # softmax, in place
    backprop.ravel()[picked] -= 1  # a view: backprop is a new C-contiguous array
    return execute_many(SPARSE_SOFTMAX_XENT, (logits, labels), (loss, backprop))


def _ensure_xent_args(name, labels, logits):
    if labels is None or logits is None:
        raise ValueError(
            f"Both `labels` and `logits` must be provided for {name}"
            f"Received: labels={_as_text(labels)} and logits={_as_text(logits)}"
        )


def _as_text(value):
    """How TF's f-strings show a tensor in these messages: its NumPy value."""
    return str(np.asarray(value._value)) if isinstance(value, EagerTensor) else str(value)


def _shape_str(shape):
    """A TensorShape printed as TF prints it in these messages: (3, 4), (2,), ()."""
    return str(tuple(shape))


def sparse_softmax_cross_entropy_with_logits(labels=None, logits=None, name=None):
    _ensure_xent_args("sparse_softmax_cross_entropy_with_logits", labels, logits)
    labels = convert_to_tensor(labels)
    logits = convert_to_tensor(logits)
    ls, gs = labels._value.shape, logits._value.shape
    if not gs:
        raise ValueError(f"`logits` cannot be a scalar. Received logits={logits._value}`")
    if len(ls) != len(gs) - 1:
        raise ValueError(
            "`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape="
            f"{_shape_str(ls)} of rank {len(ls)} and logits.shape={_shape_str(gs)} of rank "
            f"{len(gs)}"
        )
    if ls != gs[:-1]:
        raise ValueError(
            "`labels.shape` must equal `logits.shape` except for the last dimension. Received: "
            f"labels.shape={_shape_str(ls)} and logits.shape={_shape_str(gs)}"
        )
    # The usual dtypes pass on a NumPy dtype set lookup; anything else takes TF's checks.
    if logits._value.dtype not in _LOGIT_DTYPES:
        require("SparseSoftmaxCrossEntropyWithLogits", logits, FLOATS, NN_FLOAT_NAMES)
    if labels._value.dtype not in _LABEL_DTYPES and labels.dtype.name not in ("int32", "int64"):
        raise invalid_argument(
            "SparseSoftmaxCrossEntropyWithLogits",
            f"Value for attr 'Tlabels' of {_tf_name(labels.dtype)} is not in the list of allowed "
            "values: int32, int64",
        )
    precise = _to_float32_if_half(logits)
    if len(gs) == 2:
        cost = _sparse_softmax_xent_op(precise, labels)[0]
    else:
        flat_logits = _array.reshape(precise, [-1, gs[-1]])
        flat_labels = _array.reshape(labels, [-1])
        cost = _array.reshape(_sparse_softmax_xent_op(flat_logits, flat_labels)[0], ls)
    return _math.cast(cost, logits.dtype) if precise is not logits else cost


def _to_float32_if_half(logits):
    """TF computes the fused losses of float16 logits in float32 (and casts the cost back)."""
    return _math.cast(logits, "float32") if logits._value.dtype == _HALF else logits


_HALF = np.dtype(np.float16)
_LOGIT_DTYPES = frozenset(np.dtype(t) for t in (np.float16, np.float32, np.float64))
_LABEL_DTYPES = frozenset(np.dtype(t) for t in (np.int32, np.int64))
_UNSIGNED = {4: np.uint32, 8: np.uint64}  # by the labels' itemsize (int32 or int64)


def _tf_name(dtype):
    return {"float32": "float", "float64": "double", "float16": "half"}.get(dtype.name, dtype.name)


def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """TF's v2 op: labels get gradients too. Other axes are moved last, then both are 2-D."""
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels)
    require("SoftmaxCrossEntropyWithLogits", logits, FLOATS, NN_FLOAT_NAMES)
    original_dtype = logits.dtype
    logits = _to_float32_if_half(logits)
    if labels.dtype != logits.dtype:
        labels = _math.cast(labels, logits.dtype)
    ndim = logits._value.ndim
    if axis != -1:
        # TF moves the axis last with range(axis) and range(axis + 1, rank), unnormalized:
        # a negative axis other than -1, or one past the rank, fails in its Range op.
        if axis < 0 or axis >= ndim:
            start, limit = (0, axis) if axis < 0 else (axis + 1, ndim)
            raise invalid_argument(
                "Range", f"Requires start <= limit when delta > 0: {start}/{limit}"
            )
        order = [d for d in range(ndim) if d != axis] + [axis]
        logits = _array.transpose(logits, order)
        labels = _array.transpose(labels, order)
    shape = logits._value.shape
    flat_logits = _array.reshape(logits, [-1, shape[-1]])
    flat_labels = _array.reshape(labels, [-1, labels._value.shape[-1]])
    cost = _array.reshape(_softmax_xent_op(flat_logits, flat_labels)[0], shape[:-1])
    return _math.cast(cost, original_dtype) if cost.dtype != original_dtype else cost


# --- sigmoid cross-entropy: a composite, as TF builds it -----------------------------------
def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """max(x, 0) - x * z + log(1 + exp(-abs(x))), with TF's ops (x: logits, z: labels)."""
    _ensure_xent_args("sigmoid_cross_entropy_with_logits", labels, logits)
    logits = convert_to_tensor(logits)
    labels = convert_to_tensor(labels)
    if logits._value.shape != labels._value.shape:
        raise ValueError(
            "`logits` and `labels` must have the same shape, received "
            f"({_shape_str(logits._value.shape)} vs "
            f"{_shape_str(labels._value.shape)})."
        )
    zeros = _array.zeros_like(logits)
    cond = _math.greater_equal(logits, zeros)
    relu_logits = select(cond, logits, zeros)
    neg_abs_logits = select(cond, -logits, logits)
    return _math.add(relu_logits - logits * labels, _math.log1p(_math.exp(neg_abs_logits)))
