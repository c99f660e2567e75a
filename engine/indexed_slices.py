"""IndexedSlices: the sparse gradient of gather, as TF's (values at indices of a dense shape).

`values[i]` is the gradient of row `indices[i]` of a tensor of shape `dense_shape`; an index may
repeat, and its rows then add up. Anything that needs a dense tensor (convert_to_tensor, an op
taking it as input) densifies it with UnsortedSegmentSum, as TF does.
"""

import numpy as np


class IndexedSlices:
    __slots__ = ("values", "indices", "dense_shape")

    def __init__(self, values, indices, dense_shape=None):
        self.values = values
        self.indices = indices
        self.dense_shape = dense_shape

    @property
    def dtype(self):
        return self.values.dtype

    @property
    def shape(self):
        from .shape import TensorShape

        return TensorShape(np.asarray(self.dense_shape._value).tolist())

    @property
    def device(self):
        return self.values.device

    def _as_tensor(self):
        return densify(self)

    def __neg__(self):
        return IndexedSlices(-self.values, self.indices, self.dense_shape)

    def __str__(self):
        shape = "" if self.dense_shape is None else f", dense_shape={self.dense_shape!s}"
        return f"IndexedSlices(indices={self.indices!s}, values={self.values!s}{shape})"

    def __repr__(self):
        return (
            f"IndexedSlices(indices={self.indices!r}, values={self.values!r}, "
            f"dense_shape={self.dense_shape!r})"
        )


def densify(value):
    """A dense Tensor for an IndexedSlices (recorded, so higher-order gradients still flow)."""
    if not isinstance(value, IndexedSlices):
        return value
    from .ops.indexing import unsorted_segment_sum

    rows = int(np.asarray(value.dense_shape._value).reshape(-1)[0])
    return unsorted_segment_sum(value.values, value.indices, rows)


def add(a, b):
    """The sum of gradients `a` (accumulated so far) and `b` of one tensor, as TF's backprop
    aggregates them: two IndexedSlices concatenate (still sparse); with a dense one, dense."""
    from .ops.joining import concat

    if isinstance(a, IndexedSlices) and isinstance(b, IndexedSlices):
        from .tensor import EagerTensor

        # `b` came from the earlier op; TF lists it first. Mixed index dtypes go to int64.
        ia, ib = np.asarray(a.indices._value), np.asarray(b.indices._value)
        dtype = ia.dtype if ia.dtype == ib.dtype else np.int64
        indices = EagerTensor(np.concatenate([ib.astype(dtype), ia.astype(dtype)]))
        return IndexedSlices(concat([b.values, a.values], 0), indices, b.dense_shape)
    from .ops.arithmetic import add as dense_add

    return dense_add(densify(a), densify(b))


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
    from .ops.elementwise import SCALAR_Y

    return rec.attrs is SCALAR_Y and rec.input_ids[1] not in tracked


ROW_WISE = {
    "Identity": _always,
    "Neg": _always,
    "AddN": _always,
    "Cast": _always,
    "AddV2": _x_with_untracked_scalar_y,
    "Sub": _x_with_untracked_scalar_y,
}


def upstream_gradients(rec, upstream, tracked):
    """(upstream, gradients) for a record whose upstream gradients are not all Tensors.

    `gradients` is one per input when the op passes the slices on, else None and `upstream`
    is densified for the op's own gradient, as TF's gradient functions convert it."""
    if getattr(rec.op.gradient, "takes_indexed_slices", False):  # custom_gradient's grad_fn
        return upstream, rec.op.gradient(rec, *upstream)
    rule = ROW_WISE.get(rec.op.type)
    slices = upstream[0]
    if (
        len(upstream) == 1
        and type(slices) is IndexedSlices
        and rule is not None
        and rule(rec, tracked)
    ):
        from .ops.registry import gradient_of

        gradient = rec.op.gradient
        if type(gradient) is tuple:
            rows = [
                None if fn is None or i not in tracked else fn(rec, slices.values)
                for fn, i in zip(gradient, rec.input_ids)
            ]
        else:
            rows = gradient_of(rec.op)(rec, slices.values)
        return upstream, tuple(
            None if g is None else IndexedSlices(g, slices.indices, slices.dense_shape)
            for g in rows
        )
    if len(upstream) == 1 and type(slices) is IndexedSlices and rec.op.type == "ConcatV2":
        return upstream, _split_concat(rec, slices)
    return tuple(_as_upstream_tensor(g) for g in upstream), None


def _as_upstream_tensor(gradient):
    """What a gradient function receives: a Tensor, whatever reached the op (an IndexedSlices,
    or a Python number a custom_gradient returned, which TF converts when an op uses it)."""
    if gradient is None or type(gradient) is IndexedSlices:
        return densify(gradient)
    from .tensor import convert_to_tensor

    return convert_to_tensor(gradient)


def _split_concat(rec, slices):
    """TF's ConcatV2 gradient for IndexedSlices: along axis 0 each input gets the rows in its
    range (renumbered); along another axis every input gets all rows, cut to its columns."""
    from .ops.indexing import gather
    from .tensor import EagerTensor

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
