"""IndexedSlices: the sparse gradient of gather, as TF's (values at indices of a dense shape).

`values[i]` is the gradient of row `indices[i]` of a tensor of shape `dense_shape`; an index may
repeat, and its rows then add up. Anything that needs a dense tensor (convert_to_tensor, an op
taking it as input) densifies it with UnsortedSegmentSum, as TF does.

The class is defined in engine/tensor.py, beside the tensor, since ops make and take it;
this module sits above the ops and holds what runs ops on it: densifying (installed as the
class's `_as_tensor`, which convert_to_tensor calls), adding two gradients, and the backward
pass's sparse case (which ops pass the slices on to their inputs).
"""

import numpy as np

from .ops import arithmetic
from .ops.elementwise import SCALAR_Y
from .ops.indexing import gather, unsorted_segment_sum
from .ops.joining import concat
from .ops.registry import execute
from .tensor import EagerTensor, IndexedSlices, convert_to_tensor

__all__ = ["IndexedSlices", "densify", "add", "add_gradients", "sparse_backward"]


def densify(value):
    """A dense Tensor for an IndexedSlices (recorded, so higher-order gradients still flow)."""
    if not isinstance(value, IndexedSlices):
        return value
    rows = int(np.asarray(value.dense_shape._value).reshape(-1)[0])
    return unsorted_segment_sum(value.values, value.indices, rows)


IndexedSlices._as_tensor = densify  # what convert_to_tensor calls (see the module docstring)


def add(a, b):
    """The sum of gradients `a` (accumulated so far) and `b` of one tensor, as TF's backprop
    aggregates them: two IndexedSlices concatenate (still sparse); with a dense one, dense."""
    if isinstance(a, IndexedSlices) and isinstance(b, IndexedSlices):
        # `b` came from the earlier op; TF lists it first. Mixed index dtypes go to int64.
        ia, ib = np.asarray(a.indices._value), np.asarray(b.indices._value)
        dtype = ia.dtype if ia.dtype == ib.dtype else np.int64
        indices = EagerTensor(np.concatenate([ib.astype(dtype), ia.astype(dtype)]))
        return IndexedSlices(concat([b.values, a.values], 0), indices, b.dense_shape)
    return arithmetic.add(densify(a), densify(b))


def add_gradients(a, b):
    """Sums two gradients of one tensor (the backward pass's accumulation). Dense ones with
    AddN, the op TF's backprop aggregates with; two IndexedSlices stay sparse (concatenated),
    as TF's; mixed is dense."""
    if isinstance(a, IndexedSlices) or isinstance(b, IndexedSlices):
        return add(a, b)
    if (
        type(a) is EagerTensor
        and type(b) is EagerTensor
        and (a._value.dtype == b._value.dtype and a._value.shape == b._value.shape)
    ):
        return execute(arithmetic.ADD_N, (a, b), a._value + b._value)
    return arithmetic.add_n([a, b])  # anything else is converted and checked as TF's AddN


# --- an IndexedSlices (or another non-Tensor) reaching an op's gradient ---------------------
# In TF's eager backprop a gradient function receives whatever its output's gradient is. Most
# convert an IndexedSlices to a tensor (they pass it to an op); a few hand it on, still
# sparse, to their inputs: Identity, Neg, AddN and float-to-float Cast (elementwise and
# linear: their gradient applied to the rows is the gradient), AddV2/Sub on x when y is a
# scalar the tape does not track (TF's skip_input_indices shortcut), and ConcatV2 (the rows
# that fall in each input). The rule per op type, given the record and the tracked ids:
def _always(rec, tracked):
    return True


def _x_with_untracked_scalar_y(rec, tracked):
    return rec.attrs is SCALAR_Y and rec.input_ids[1] not in tracked


ROW_WISE = {
    "Identity": _always,
    "Neg": _always,
    "AddN": _always,
    "Cast": _always,
    "AddV2": _x_with_untracked_scalar_y,
    "Sub": _x_with_untracked_scalar_y,
}


def sparse_backward(rec, upstream, tracked):
    """The backward pass's step for a record whose upstream gradients are not all Tensors:
    (upstream as the op's gradient saw it, its gradients per input).

    The slices pass on to the inputs where the op allows it (ROW_WISE, ConcatV2) or its rule
    takes them as they are (custom_gradient); otherwise `upstream` is densified for the op's
    own gradient, as TF's gradient functions convert it."""
    slices = upstream[0]
    if len(upstream) == 1 and type(slices) is IndexedSlices and not rec.op.takes_indexed_slices:
        rule = ROW_WISE.get(rec.op.type)
        if rule is not None and rule(rec, tracked):
            rows = rec.op.backward(rec, (slices.values,), tracked)
            return upstream, tuple(
                None if g is None else IndexedSlices(g, slices.indices, slices.dense_shape)
                for g in rows
            )
        if rec.op.type == "ConcatV2":
            parts = _split_concat(rec, slices)
            return upstream, [None if i not in tracked else g for i, g in zip(rec.input_ids, parts)]
    if not rec.op.takes_indexed_slices:
        upstream = tuple(_as_upstream_tensor(g) for g in upstream)
    return upstream, rec.op.backward(rec, upstream, tracked)


def _as_upstream_tensor(gradient):
    """What a gradient function receives: a Tensor, whatever reached the op (an IndexedSlices,
    or a Python number a custom_gradient returned, which TF converts when an op uses it)."""
    if gradient is None or type(gradient) is IndexedSlices:
        return densify(gradient)
    return convert_to_tensor(gradient)


def _split_concat(rec, slices):
    """TF's ConcatV2 gradient for IndexedSlices: along axis 0 each input gets the rows in its
    range (renumbered); along another axis every input gets all rows, cut to its columns."""
    axis, sizes = rec.attrs
    indices = np.asarray(slices.indices._value)
    shape = np.asarray(slices.dense_shape._value)
    grads, start = [], 0
    for size in sizes:
        part_shape = shape.copy()
        part_shape[axis] = size
        dense_shape = EagerTensor(part_shape)
        if axis == 0:
            kept = np.flatnonzero((indices >= start) & (indices < start + size))
            values = gather(slices.values, EagerTensor(kept.astype(np.int64)))
            rows = EagerTensor((indices[kept] - start).astype(indices.dtype))
            grads.append(IndexedSlices(values, rows, dense_shape))
        else:
            key = (slice(None),) * axis + (slice(start, start + size),)
            grads.append(IndexedSlices(slices.values[key], slices.indices, dense_shape))
        start += size
    return tuple(grads) + (None,)
