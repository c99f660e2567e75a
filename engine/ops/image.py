"""tf.image: adjust_contrast, a real op (AdjustContrastv2) with no gradient registered.

TF registers no gradient for AdjustContrastv2, so `tape.gradient` through it raises
`LookupError: gradient registry has no entry for: AdjustContrastv2`; the engine keeps that
state explicit (gradient=None), which the debugger reports as such.
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import convert_to_tensor
from . import array as _array, math_ops as _math
from .registry import ALL, define, execute
from .resize import ResizeMethod, resize

__all__ = ["adjust_contrast", "resize", "ResizeMethod"]
TOP_LEVEL: list[str] = []

# No gradient, and (on neither of TF's exclusion lists) the tape keeps inputs and output.
ADJUST_CONTRAST = define("AdjustContrastv2", None, saves_inputs=ALL, saves_outputs=ALL)


def _adjust_contrast_op(images, contrast_factor):
    op_type = "AdjustContrastv2"
    v = images._value
    if v.ndim < 3:
        raise invalid_argument(
            op_type, f"input must be at least 3-D, got shape[{','.join(map(str, v.shape))}]"
        )
    factor = contrast_factor._value
    if np.ndim(factor):
        raise invalid_argument(
            op_type, f"contrast_factor must be scalar: [{','.join(map(str, np.shape(factor)))}]"
        )
    # Per image and channel: (x - mean over height and width) * factor + mean.
    mean = np.mean(v, axis=(-3, -2), keepdims=True, dtype=np.float64).astype(v.dtype)
    value = (v - mean) * v.dtype.type(factor) + mean
    return execute(ADJUST_CONTRAST, (images, contrast_factor), value.astype(v.dtype, copy=False))


def convert_image_dtype(image, dtype, saturate=False):
    """TF's convert_image_dtype, for the float and integer images adjust_contrast accepts."""
    dtype = dtypes.as_dtype(dtype)
    if dtype == image.dtype:
        return _array.identity(image)
    if image.dtype.is_floating and dtype.is_floating:
        return _math.cast(image, dtype)
    if image.dtype.is_integer and dtype.is_floating:
        return _math.multiply(_math.cast(image, dtype), 1.0 / image.dtype.max)
    if image.dtype.is_floating and dtype.is_integer:
        scaled = _math.multiply(image, dtype.max + 0.5)  # avoid rounding problems in the cast
        if saturate:
            scaled = _math.minimum(_math.maximum(scaled, float(dtype.min)), float(dtype.max))
        return _math.cast(scaled, dtype)
    raise TypeError(f"engine does not convert {image.dtype.name} images to {dtype.name}")


def adjust_contrast(images, contrast_factor):
    """Scales each channel's deviation from its mean over the image by `contrast_factor`."""
    images = convert_to_tensor(images)
    orig_dtype = images.dtype
    if orig_dtype in (dtypes.float16, dtypes.float32):
        flt_images = images
    else:
        flt_images = convert_image_dtype(images, dtypes.float32)
    factor = convert_to_tensor(contrast_factor, dtype=dtypes.float32)
    adjusted = _adjust_contrast_op(flt_images, factor)
    return convert_image_dtype(adjusted, orig_dtype, saturate=True)
