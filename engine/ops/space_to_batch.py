"""SpaceToBatchND and BatchToSpaceND, and TF's with_space_to_batch built on them.

TF runs a dilated depthwise convolution (and a dilated tf.nn.pool) as SpaceToBatchND, the op
with no dilation and 'VALID' padding, then BatchToSpaceND (nn_ops._WithSpaceToBatch); each
op's gradient is the other (array_grad.py), so higher orders work.
"""

import numpy as np

from ..tensor import convert_to_tensor
from .registry import define, execute


def _space_to_batch(x, block, paddings):
    m = len(block)
    widths = [(0, 0)] + [tuple(p) for p in paddings] + [(0, 0)] * (x.ndim - m - 1)
    padded = np.pad(x, widths)
    batch = padded.shape[0]
    split = [batch]
    for i in range(m):
        split += [padded.shape[i + 1] // block[i], block[i]]
    rest = list(padded.shape[m + 1 :])
    view = padded.reshape(split + rest)
    order = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)]
    order += list(range(2 * m + 1, view.ndim))
    out = view.transpose(order)
    return out.reshape([batch * int(np.prod(block))] + split[1::2] + rest)


def _batch_to_space(x, block, crops):
    m = len(block)
    batch = x.shape[0] // int(np.prod(block))
    inner = list(x.shape[1 : m + 1])
    rest = list(x.shape[m + 1 :])
    view = x.reshape(list(block) + [batch] + inner + rest)
    order = [m]
    for i in range(m):
        order += [m + 1 + i, i]
    order += list(range(2 * m + 1, view.ndim))
    out = view.transpose(order).reshape([batch] + [d * b for d, b in zip(inner, block)] + rest)
    index = (slice(None),) + tuple(
        slice(c[0], out.shape[i + 1] - c[1]) for i, c in enumerate(crops)
    )
    return np.ascontiguousarray(out[index])


SPACE_TO_BATCH_ND = define(
    "SpaceToBatchND",
    (lambda rec, dy: batch_to_space_nd(dy, rec.inputs[1], rec.inputs[2]), None, None),
    saves_inputs=(1, 2),
)
BATCH_TO_SPACE_ND = define(
    "BatchToSpaceND",
    (lambda rec, dy: space_to_batch_nd(dy, rec.inputs[1], rec.inputs[2]), None, None),
    saves_inputs=(1, 2),
)


def space_to_batch_nd(input, block_shape, paddings):
    x = convert_to_tensor(input)
    block_t = convert_to_tensor(np.asarray(block_shape, dtype=np.int32))
    paddings_t = convert_to_tensor(np.asarray(paddings, dtype=np.int32))
    value = _space_to_batch(x._value, [int(b) for b in block_t._value], paddings_t._value)
    return execute(SPACE_TO_BATCH_ND, (x, block_t, paddings_t), value)


def batch_to_space_nd(input, block_shape, crops):
    x = convert_to_tensor(input)
    block_t = convert_to_tensor(np.asarray(block_shape, dtype=np.int32))
    crops_t = convert_to_tensor(np.asarray(crops, dtype=np.int32))
    value = _batch_to_space(x._value, [int(b) for b in block_t._value], crops_t._value)
    return execute(BATCH_TO_SPACE_ND, (x, block_t, crops_t), value)


def with_space_to_batch(x, filter_spatial, rate, padding, explicit, op):
    """TF's _WithSpaceToBatch for NHWC-style inputs: `op(converted, padding)` runs undilated.

    `padding` is 'SAME', 'VALID' or 'EXPLICIT' (then `explicit` is TF's flat list of 2 * rank
    pads); `filter_spatial` the filter's spatial sizes; `rate` the dilation per spatial axis.
    """
    if all(r == 1 for r in rate):
        return op(x, padding)
    m = len(rate)
    if padding == "SAME":
        extra = [(k - 1) * r for k, r in zip(filter_spatial, rate)]
        base = [(e // 2, e - e // 2) for e in extra]
    elif padding == "VALID":
        base = [(0, 0)] * m
    else:
        base = [(explicit[2 * i], explicit[2 * i + 1]) for i in range(1, m + 1)]
    # required_space_to_batch_paddings: pad the end so each padded size is a multiple of rate
    spatial = x._value.shape[1 : m + 1]
    paddings, crops = [], []
    for size, (start, end), r in zip(spatial, base, rate):
        extra_end = (r - (size + start + end) % r) % r
        paddings.append([start, end + extra_end])
        crops.append([0, extra_end])
    converted = space_to_batch_nd(x, list(rate), paddings)
    return batch_to_space_nd(op(converted, "VALID"), list(rate), crops)
