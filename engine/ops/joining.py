"""Joining tensors and taking them apart: concat, stack, unstack, split.

Each pair is the other's gradient (ConcatV2 <-> SplitV, Pack <-> Unpack); an output that got no
gradient contributes zeros, as TF fills in missing output gradients.
"""

import numpy as np

from .. import tensor as tensor_module
from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor, is_tensor
from .array_args import as_int, check_python_axis, int_tensor, ints, shape_text
from .operands import same_dtype
from .registry import define, execute, execute_many
from .shape_ops import identity

__all__ = ["concat", "stack", "unstack", "split"]


def _dense(dy):
    return convert_to_tensor(dy)  # an IndexedSlices (from gather) becomes a dense tensor


def _filled(dys, shapes, dtype):
    """The upstream gradients with zeros for outputs that got none."""
    return [
        EagerTensor(np.zeros(s, dtype)) if dy is None else _dense(dy) for dy, s in zip(dys, shapes)
    ]


# --- ConcatV2 -----------------------------------------------------------------------------
def _concat_grad(rec, dy):
    axis, sizes = rec.attrs
    return tuple(split(_dense(dy), list(sizes), axis=axis)) + (None,)


CONCAT = define("ConcatV2", _concat_grad)


def concat(values, axis, name="concat"):
    if not isinstance(values, (list, tuple)):
        values = [values]  # one tensor (not a list of its rows), as TF's concat reads it
    if len(values) == 1:  # TF records an Identity for a one-tensor concat
        return identity(values[0])
    tensors = same_dtype("ConcatV2", *values)
    axis_t = int_tensor(axis)
    a = ints(axis_t)[0]
    first = tensors[0]._value.shape
    ndim = len(first)
    if ndim == 0:
        raise invalid_argument(
            "ConcatV2", "ConcatOp : Can't concatenate scalars (use tf.stack instead)"
        )
    if not -ndim <= a < ndim:
        raise invalid_argument(
            "ConcatV2",
            f"ConcatOp : Expected concatenating dimensions in the "
            f"range [{-ndim}, {ndim}), but got {a}",
        )
    a %= ndim
    for i, t in enumerate(tensors[1:], 1):
        s = t._value.shape
        if len(s) != ndim:
            raise invalid_argument(
                "ConcatV2",
                f"ConcatOp : Ranks of all input tensors should "
                f"match: shape[0] = {shape_text(first)} vs. "
                f"shape[{i}] = {shape_text(s)}",
            )
        for d in range(ndim):
            if d != a and s[d] != first[d]:
                raise invalid_argument(
                    "ConcatV2",
                    f"ConcatOp : Dimension {d} in both shapes "
                    f"must be equal: shape[0] = {shape_text(first)}"
                    f" vs. shape[{i}] = {shape_text(s)}",
                )
    value = np.concatenate([t._value for t in tensors], axis=a)
    sizes = tuple(t._value.shape[a] for t in tensors)
    return execute(CONCAT, tensors + (axis_t,), value, (a, sizes))


# --- Pack / Unpack ------------------------------------------------------------------------
PACK = define("Pack", lambda rec, dy: tuple(unstack(_dense(dy), axis=rec.attrs)))


def stack(values, axis=0, name="stack"):
    axis = as_int(axis)
    if axis == 0 and not any(is_tensor(v) for v in values):
        return convert_to_tensor(values)  # a constant list is a constant, as in TF
    tensors = same_dtype("Pack", *values)
    first = tensors[0]._value.shape
    a = check_python_axis(axis, len(first) + 1)
    for i, t in enumerate(tensors[1:], 1):
        if t._value.shape != first:
            raise invalid_argument(
                "Pack",
                f"Shapes of all inputs must match: values[0].shape = "
                f"{shape_text(first)} != values[{i}].shape = "
                f"{shape_text(t._value.shape)}",
            )
    value = np.stack([t._value for t in tensors], axis=a)
    return execute(PACK, tensors, value, a)


# convert_to_tensor of a list holding tensors packs them (see engine/tensor.py)
tensor_module.pack_tensors = stack


def _unpack_grad(rec, *dys):
    axis, shape_ = rec.attrs
    part = shape_[:axis] + shape_[axis + 1 :]
    dtype = next(_dense(d) for d in dys if d is not None)._value.dtype
    return (stack(_filled(dys, [part] * len(dys), dtype), axis=axis),)


UNPACK = define("Unpack", _unpack_grad)


def unstack(value, num=None, axis=0, name="unstack"):
    x = convert_to_tensor(value)
    shape_ = x._value.shape
    a = check_python_axis(as_int(axis), len(shape_))
    if num is not None and as_int(num) != shape_[a]:
        raise invalid_argument(
            "Unpack",
            f"Input shape axis {a} must equal {as_int(num)}, got shape {shape_text(shape_)}",
        )
    lead = (slice(None),) * a
    values = [x._value[lead + (i,)] for i in range(shape_[a])]
    if x._value.dtype.kind == "O" and len(shape_) == 1:  # strings stay arrays at rank 0
        values = [np.array(v, dtype=object) for v in values]
    return list(execute_many(UNPACK, (x,), values, (a, shape_)))


# --- Split / SplitV -----------------------------------------------------------------------
def _split_grad(rec, *dys):
    axis, sizes, shape_ = rec.attrs
    shapes = [shape_[:axis] + (n,) + shape_[axis + 1 :] for n in sizes]
    dtype = next(_dense(d) for d in dys if d is not None)._value.dtype
    grad = concat(_filled(dys, shapes, dtype), axis)
    return (None, grad) if rec.op is SPLIT else (grad, None, None)


SPLIT = define("Split", _split_grad)
SPLIT_V = define("SplitV", _split_grad)


def split(value, num_or_size_splits, axis=0, num=None, name="split"):
    x = convert_to_tensor(value)
    axis_t = int_tensor(axis)
    a = ints(axis_t)[0]
    shape_ = x._value.shape
    ndim = len(shape_)
    equal_parts = isinstance(num_or_size_splits, (int, np.integer))
    op_type = "Split" if equal_parts else "SplitV"
    if equal_parts and num_or_size_splits < 1:
        raise invalid_argument(
            "Split",
            f"Value for attr 'num_split' of {num_or_size_splits} must be at least minimum 1",
        )
    if not -ndim <= a < ndim:
        raise invalid_argument(
            op_type, f"-input rank(-{ndim}) <= split_dim < input rank ({ndim}), but got {a}"
        )
    a %= ndim
    n = shape_[a]
    if equal_parts:
        parts = int(num_or_size_splits)
        if n % parts:
            raise invalid_argument(
                "Split",
                f"Number of ways to split should evenly divide the "
                f"split dimension, but got split_dim {a} (size = {n})"
                f" and num_split {parts}",
            )
        sizes = (n // parts,) * parts
    else:
        sizes_t = int_tensor(num_or_size_splits)
        if sizes_t._value.ndim == 0:
            raise ValueError(
                f"Rank-0 tensors are not supported as the num_or_size_splits "
                f"argument to split. Argument provided: {num_or_size_splits}"
            )
        sizes = _resolved_sizes(ints(sizes_t), n)
    bounds = np.cumsum(sizes)[:-1]
    values = np.split(x._value, bounds, axis=a)
    attrs = (a, sizes, shape_)
    if equal_parts:
        return list(execute_many(SPLIT, (axis_t, x), values, attrs))
    return list(execute_many(SPLIT_V, (x, sizes_t, axis_t), values, attrs))


def _resolved_sizes(sizes, n):
    unknown = [i for i, s in enumerate(sizes) if s == -1]
    if len(unknown) > 1:
        raise invalid_argument("SplitV", "There can only be one -1 in the input.")
    known = sum(s for s in sizes if s != -1)
    if (unknown and known > n) or (not unknown and known != n):
        raise invalid_argument(
            "SplitV",
            "Determined shape must either match input shape along split_dim exactly if "
            "fully specified, or be less than the size of the input along split_dim if not fully "
            f"specified.  Got: {known}",
        )
    return tuple(n - known if s == -1 else s for s in sizes)
