"""Padding and its inverse, slicing a block out: Pad, PadV2, MirrorPad(Grad), Slice.

Pad's gradient is a Slice of the upstream gradient and Slice's is a Pad, as in TF; a mirrored
pad's gradient folds the mirrored border back onto the values it copied (MirrorPadGrad).
"""

import numpy as np

from ..errors import invalid_argument
from ..tensor import EagerTensor, convert_to_tensor
from .array_args import contiguous, int_tensor, ints, shape_text
from .registry import define, execute

__all__ = ["pad", "slice"]

_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


def _pad_grad(rec, dy):
    shape_, paddings = rec.attrs[0], rec.attrs[1]
    return slice(dy, [before for before, _ in paddings], list(shape_))


PAD = define("Pad", (_pad_grad, None))
# As in TF, the padding value itself gets no gradient.
PAD_V2 = define("PadV2", (_pad_grad, None, None))


def pad(tensor, paddings, mode="CONSTANT", name=None, constant_values=0):
    mode = mode.upper()
    if mode not in _MODES:
        raise ValueError(
            'Value of argument `mode` expected to be one of "CONSTANT", "REFLECT", '
            f'or "SYMMETRIC". Received `mode` = {mode}'
        )
    x = convert_to_tensor(tensor)
    paddings_t = int_tensor(paddings)
    op_type = (
        "MirrorPad"
        if mode != "CONSTANT"
        else ("Pad" if _is_python_zero(constant_values) else "PadV2")
    )
    pairs = _checked_paddings(op_type, x, paddings_t)
    shape_ = x._value.shape
    if mode == "CONSTANT":
        if op_type == "Pad":
            value = np.pad(x._value, pairs) if pairs else x._value
            return execute(PAD, (x, paddings_t), value, (shape_, pairs))
        fill = convert_to_tensor(constant_values, dtype=x.dtype)
        value = np.pad(x._value, pairs, constant_values=fill._value) if pairs else x._value
        return execute(PAD_V2, (x, paddings_t, fill), value, (shape_, pairs))
    _check_mirror_paddings(mode, shape_, pairs)
    value = (
        np.pad(x._value, pairs, mode="reflect" if mode == "REFLECT" else "symmetric")
        if pairs
        else x._value
    )
    return execute(MIRROR_PAD, (x, paddings_t), value, (shape_, pairs, mode))


def _is_python_zero(value):
    return (
        not hasattr(value, "_value")
        and not hasattr(value, "_as_tensor")
        and np.ndim(value) == 0
        and value == 0
    )


def _checked_paddings(op_type, x, paddings_t):
    ndim = x._value.ndim
    p = np.asarray(paddings_t._value)
    if p.ndim != 2 or p.shape[1] != 2:
        raise invalid_argument(
            op_type, f"paddings must be a matrix with 2 columns: {shape_text(p.shape)}"
        )
    if p.shape[0] != ndim:
        raise invalid_argument(
            op_type,
            f"The first dimension of paddings must be the rank of "
            f"inputs{shape_text(p.shape)} {shape_text(x._value.shape)}",
        )
    pairs = tuple((int(a), int(b)) for a, b in p)
    for a, b in pairs:
        if a < 0 or b < 0:
            raise invalid_argument(op_type, f"Paddings must be non-negative: {a} {b}")
    return pairs


def _check_mirror_paddings(mode, shape_, pairs):
    # REFLECT excludes the border value, so it can copy at most n - 1 values per side.
    for n, (a, b) in zip(shape_, pairs):
        if mode == "REFLECT" and (a >= n or b >= n):
            raise invalid_argument(
                "MirrorPad",
                f"paddings must be less than the dimension size: {a}, {b} not less than {n}",
            )
        if mode == "SYMMETRIC" and (a > n or b > n):
            raise invalid_argument(
                "MirrorPad",
                f"paddings must be no greater than the dimension size: {a}, {b} greater than {n}",
            )


MIRROR_PAD = define("MirrorPad", (lambda rec, dy: _mirror_pad_grad(dy, *rec.attrs), None))


def _mirror_pad_grad(dy, shape_, pairs, mode):
    dy = convert_to_tensor(dy)
    return execute(
        MIRROR_PAD_GRAD,
        (dy, _paddings_tensor(pairs)),
        _fold_mirrored(dy._value, pairs, mode),
        (dy._value.shape, pairs, mode),
    )


def _paddings_tensor(pairs):
    return EagerTensor(np.array(pairs, dtype=np.int32).reshape(-1, 2))


def _fold_mirrored(grad, pairs, mode):
    """Adds each mirrored border of `grad` onto the values it was copied from."""
    offset = 1 if mode == "REFLECT" else 0  # REFLECT skips the edge value itself
    for axis, (before, after) in enumerate(pairs):
        n = grad.shape[axis] - before - after
        moved = np.moveaxis(grad, axis, 0)
        core = moved[before : before + n].copy()
        if before:
            core[offset : offset + before] += moved[:before][::-1]
        if after:
            core[n - offset - after : n - offset] += moved[before + n :][::-1]
        grad = np.moveaxis(core, 0, axis)
    return contiguous(grad)


def _mirror_pad_grad_grad(rec, ddy):
    _shape, pairs, mode = rec.attrs
    return pad(ddy, _paddings_tensor(pairs), mode=mode)


MIRROR_PAD_GRAD = define("MirrorPadGrad", (_mirror_pad_grad_grad, None))


# --- Slice --------------------------------------------------------------------------------
def _slice_grad(rec, dy):
    shape_, begin, sizes = rec.attrs
    paddings = [[b, n - b - s] for n, b, s in zip(shape_, begin, sizes)]
    return pad(dy, paddings) if paddings else dy


SLICE = define("Slice", (_slice_grad, None, None))


def slice(input_, begin, size, name=None):  # noqa: A001 - TF's public name
    """tf.slice: the block of `size` elements starting at `begin` (-1: to the end)."""
    x = convert_to_tensor(input_)
    begin_t, size_t = int_tensor(begin), int_tensor(size)
    shape_ = x._value.shape
    b, s = ints(begin_t), ints(size_t)
    if len(b) != len(shape_) or len(s) != len(shape_):
        raise invalid_argument(
            "Slice",
            f"Expected begin and size arguments to be 1-D tensors of "
            f"size {len(shape_)}, but got shapes "
            f"{shape_text(begin_t._value.shape)} and "
            f"{shape_text(size_t._value.shape)} instead.",
        )
    sizes = []
    for i, (n, start, count) in enumerate(zip(shape_, b, s)):
        count = n - start if count == -1 else count
        if not 0 <= start <= n or not 0 <= count <= n - start:
            raise invalid_argument(
                "Slice",
                f"Expected size[{i}] in [0, {n - start}], but got {count}"
                if 0 <= start <= n
                else f"Expected begin[{i}] in [0, {n}], but got {start}",
            )
        sizes.append(count)
    index = tuple(np.s_[start : start + count] for start, count in zip(b, sizes))
    return execute(SLICE, (x, begin_t, size_t), x._value[index], (shape_, b, tuple(sizes)))
