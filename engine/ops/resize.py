"""tf.image.resize ('bilinear', 'nearest'): ResizeBilinear and ResizeNearestNeighbor with TF2's
half-pixel centers, their gradient ops, saved tensors.

As in TF's image_grad.py: ResizeBilinear's gradient is ResizeBilinearGrad (registered
not differentiable); ResizeNearestNeighbor's is ResizeNearestNeighborGrad, which has no
gradient registered. ResizeBilinear always returns float32 (its kernel computes in float);
ResizeNearestNeighbor keeps the input's dtype.
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..missing import missing_attribute
from ..tensor import EagerTensor, convert_to_tensor
from . import arithmetic, casting, unary_math
from .joining import stack
from .operands import require
from .registry import NOT_DIFFERENTIABLE, define, execute
from .shape_ops import expand_dims, squeeze

__all__ = ["resize", "ResizeMethod"]
TOP_LEVEL: list[str] = []


class ResizeMethod:
    """See `tf.image.resize` for details."""

    BILINEAR = "bilinear"
    NEAREST_NEIGHBOR = "nearest"
    BICUBIC = "bicubic"
    AREA = "area"
    LANCZOS3 = "lanczos3"
    LANCZOS5 = "lanczos5"
    GAUSSIAN = "gaussian"
    MITCHELLCUBIC = "mitchellcubic"


_RESIZE_TYPES = (
    dtypes.int8,
    dtypes.uint8,
    dtypes.int16,
    dtypes.int32,
    dtypes.int64,
    dtypes.float16,
    dtypes.float32,
    dtypes.float64,
)
_RESIZE_TYPE_NAMES = (
    "int8, uint8, int16, uint16, int32, int64, bfloat16, half, float, double, bfloat16"
)


# --- the kernels' index arithmetic (float32, as TF's CPU kernels compute it) ----------------
def _scale(in_size, out_size):
    return np.float32(in_size) / np.float32(out_size)


def _bilinear_axis(in_size, out_size):
    """TF's compute_interpolation_weights with HalfPixelScaler: lower, upper, lerp per output."""
    centers = (np.arange(out_size, dtype=np.float32) + np.float32(0.5)) * _scale(
        in_size, out_size
    ) - np.float32(0.5)
    floor = np.floor(centers)
    lower = np.maximum(floor, 0).astype(np.intp)
    upper = np.minimum(np.ceil(centers), in_size - 1).astype(np.intp)
    return lower, upper, (centers - floor).astype(np.float32)


def _nearest_axis(in_size, out_size):
    """TF's nearest-neighbour index with HalfPixelScalerForNN: floor((i + 0.5) * scale)."""
    centers = (np.arange(out_size, dtype=np.float32) + np.float32(0.5)) * _scale(in_size, out_size)
    return np.clip(np.floor(centers).astype(np.intp), 0, in_size - 1)


def _bilinear_matrix(in_size, out_size):
    """[out, in]: the weight each input row (or column) has in each output one."""
    lower, upper, lerp = _bilinear_axis(in_size, out_size)
    matrix = np.zeros((out_size, in_size), np.float32)
    rows = np.arange(out_size)
    np.add.at(matrix, (rows, lower), np.float32(1) - lerp)
    np.add.at(matrix, (rows, upper), lerp)
    return matrix


def _check_images(op_type, images, size):
    v = images._value
    if v.ndim != 4:
        raise invalid_argument(op_type, f"input must be 4-dimensional{list(v.shape)}")
    if v.shape[3] == 0:
        raise invalid_argument(op_type, "image must have at least one channel")
    height, width = (int(d) for d in size._value)
    if height <= 0 or width <= 0:
        raise invalid_argument(op_type, "output dimensions must be positive")
    return height, width


# --- ResizeBilinear -------------------------------------------------------------------------
RESIZE_BILINEAR = define(
    "ResizeBilinear",
    (lambda rec, dy: resize_bilinear_grad(dy, rec.inputs[0]), None),
    saves_inputs=(0,),
)
RESIZE_BILINEAR_GRAD = define("ResizeBilinearGrad", NOT_DIFFERENTIABLE)


def resize_bilinear(images, size):
    op_type = "ResizeBilinear"
    require(op_type, images, _RESIZE_TYPES, _RESIZE_TYPE_NAMES)
    out_h, out_w = _check_images(op_type, images, size)
    v = images._value.astype(np.float32, copy=False)
    top, bottom, y_lerp = _bilinear_axis(v.shape[1], out_h)
    left, right, x_lerp = _bilinear_axis(v.shape[2], out_w)
    x_lerp = x_lerp[None, None, :, None]
    # TF's compute_lerp order: along x in the top and bottom rows, then along y
    top_rows, bottom_rows = v[:, top], v[:, bottom]
    upper = top_rows[:, :, left] + (top_rows[:, :, right] - top_rows[:, :, left]) * x_lerp
    lower = bottom_rows[:, :, left] + (bottom_rows[:, :, right] - bottom_rows[:, :, left]) * x_lerp
    value = upper + (lower - upper) * y_lerp[None, :, None, None]
    return execute(RESIZE_BILINEAR, (images, size), value.astype(np.float32, copy=False))


def resize_bilinear_grad(grads, original_image):
    """d loss / d image: each output's gradient shared among its four inputs by their weights."""
    dy = grads._value
    shape = original_image._value.shape
    dtype = original_image._value.dtype
    if dtype == np.float32:  # one product of interpolation matrices: fast, and TF's dtype
        rows = _bilinear_matrix(shape[1], dy.shape[1])
        cols = _bilinear_matrix(shape[2], dy.shape[2])
        value = np.einsum("oh,nopc,pw->nhwc", rows, dy, cols, optimize=True)
    else:  # TF rounds each weighted share to float, then accumulates it in the image's dtype
        value = _scatter_shares(dy, shape, dtype)
    return execute(RESIZE_BILINEAR_GRAD, (grads, original_image), value.astype(dtype, copy=False))


def _scatter_shares(dy, shape, dtype):
    top, bottom, y_lerp = _bilinear_axis(shape[1], dy.shape[1])
    left, right, x_lerp = _bilinear_axis(shape[2], dy.shape[2])
    one = np.float32(1)
    wy = np.stack([one - y_lerp, one - y_lerp, y_lerp, y_lerp], axis=-1)[:, None, :]
    wx = np.stack([one - x_lerp, x_lerp, one - x_lerp, x_lerp], axis=-1)[None, :, :]
    rows = np.stack([top, top, bottom, bottom], axis=-1)[:, None, :]
    cols = np.stack([left, right, left, right], axis=-1)[None, :, :]
    rows, cols = np.broadcast_arrays(rows, cols)  # [oh, ow, 4]: TF's corner order
    wy, wx = np.broadcast_arrays(wy, wx)
    # (grad * y weight) * x weight, in float32, in TF's order
    shares = dy[:, :, :, None, :] * wy[None, :, :, :, None] * wx[None, :, :, :, None]
    # accumulate over [h, w, n, c] so the index arrays address the leading axes only
    shares = shares.astype(dtype).transpose(1, 2, 3, 0, 4)
    value = np.zeros((shape[1], shape[2], shape[0], shape[3]), dtype)
    np.add.at(value, (rows, cols), shares)
    return value.transpose(2, 0, 1, 3)


# --- ResizeNearestNeighbor ------------------------------------------------------------------
def _nearest_grad_of_input(rec, dy):
    size = convert_to_tensor(np.asarray(rec.inputs[0]._value.shape[1:3], dtype=np.int32))
    return resize_nearest_neighbor_grad(dy, size)


RESIZE_NEAREST = define("ResizeNearestNeighbor", (_nearest_grad_of_input, None), saves_inputs=(0,))
RESIZE_NEAREST_GRAD = define("ResizeNearestNeighborGrad", None)  # TF registers no gradient


def resize_nearest_neighbor(images, size):
    op_type = "ResizeNearestNeighbor"
    require(op_type, images, _RESIZE_TYPES, _RESIZE_TYPE_NAMES)
    out_h, out_w = _check_images(op_type, images, size)
    v = images._value
    rows = _nearest_axis(v.shape[1], out_h)
    cols = _nearest_axis(v.shape[2], out_w)
    return execute(RESIZE_NEAREST, (images, size), v[:, rows][:, :, cols])


def resize_nearest_neighbor_grad(grads, size):
    dy = grads._value
    height, width = (int(d) for d in size._value)
    rows = _nearest_axis(height, dy.shape[1])
    cols = _nearest_axis(width, dy.shape[2])
    value = np.zeros((height, width, dy.shape[0], dy.shape[3]), dy.dtype)
    np.add.at(value, (rows[:, None], cols[None, :]), dy.transpose(1, 2, 0, 3))
    return execute(
        RESIZE_NEAREST_GRAD, (grads, size), np.ascontiguousarray(value.transpose(2, 0, 1, 3))
    )


# --- tf.image.resize ------------------------------------------------------------------------
def _size_tensor(size):
    if isinstance(size, EagerTensor):
        size_t = size
        if size_t.dtype != dtypes.int32:  # TF converts it to int32, which refuses others
            raise ValueError("'size' must be a 1-D int32 Tensor")
    else:
        values = np.asarray(size)
        if values.dtype.kind not in "iu":
            raise ValueError("'size' must be a 1-D int32 Tensor")
        size_t = convert_to_tensor(values.astype(np.int32))
    if size_t._value.shape != (2,):
        raise ValueError("'size' must be a 1-D Tensor of 2 elements: new_height, new_width")
    return size_t


def _aspect_preserving_size(height, width, size):
    """TF's preserve_aspect_ratio arithmetic, op for op (float32, as TF does it)."""

    def as_float(value):
        return casting.cast(convert_to_tensor(value), dtypes.float32)

    scale = arithmetic.minimum(
        arithmetic.real_div(as_float(size[0]), as_float(height)),
        arithmetic.real_div(as_float(size[1]), as_float(width)),
    )
    scaled = [
        casting.cast(unary_math.round(arithmetic.multiply(scale, as_float(d))), dtypes.int32)
        for d in (height, width)
    ]
    return stack(scaled)


def resize(
    images,
    size,
    method=ResizeMethod.BILINEAR,
    preserve_aspect_ratio=False,
    antialias=False,
    name=None,
):
    """tf.image.resize for 3-D [h, w, c] or 4-D [n, h, w, c] images."""
    images = convert_to_tensor(images)
    rank = images._value.ndim
    if rank not in (3, 4):
        raise ValueError("'images' must have either 3 or 4 dimensions.")
    if rank == 3:
        images = expand_dims(images, 0)
    size = _size_tensor(size)
    if preserve_aspect_ratio:
        size = _aspect_preserving_size(images._value.shape[1], images._value.shape[2], size)
    method = str(method)
    if method == ResizeMethod.BILINEAR and not antialias:
        resized = resize_bilinear(images, size)
    elif method == ResizeMethod.NEAREST_NEIGHBOR:
        resized = resize_nearest_neighbor(images, size)
    elif method == ResizeMethod.BILINEAR or method in vars(ResizeMethod).values():
        what = "antialias" if method == ResizeMethod.BILINEAR else f"method '{method}'"
        raise missing_attribute("tf.image", f"resize ({what})")
    else:
        raise ValueError(f"Resize method is not implemented: {method}")
    return squeeze(resized, [0]) if rank == 3 else resized
