"""tf.nn: activations, softmax and losses, convolution and pooling, dropout.

The ops live in one module per concept (activations.py, nn_losses.py, convolution.py,
pooling.py); this module gathers tf.nn's public names and defines dropout.
"""

import numbers

from ..tensor import EagerTensor, convert_to_tensor
from . import array as _array, math_ops as _math, random_ops as _random
from .activations import elu, gelu, leaky_relu, relu, relu6, selu, sigmoid, softplus, tanh
from .conv1d import conv1d
from .conv_transpose import conv1d_transpose, conv2d_transpose
from .convolution import bias_add, conv2d
from .convolution_nd import atrous_conv2d, conv_transpose, convolution
from .depthwise import (
    depthwise_conv2d,
    depthwise_conv2d_backprop_filter,
    depthwise_conv2d_backprop_input,
    separable_conv2d,
)
from .math_ops import l2_normalize  # tf.nn.l2_normalize is tf.math.l2_normalize
from .nn_losses import (
    l2_loss,
    log_softmax,
    sigmoid_cross_entropy_with_logits,
    softmax,
    softmax_cross_entropy_with_logits,
    sparse_softmax_cross_entropy_with_logits,
)
from .normalization import batch_normalization, moments
from .norms import clip_by_global_norm, clip_by_norm  # noqa: F401  (tf.clip_by_*, top-level only)
from .pooling import avg_pool2d, max_pool2d
from .pooling_nd import avg_pool, avg_pool1d, max_pool, max_pool1d, pool
from .swish import silu, swish
from .top_k import in_top_k, top_k

__all__ = [
    "relu",
    "relu6",
    "leaky_relu",
    "elu",
    "selu",
    "gelu",
    "sigmoid",
    "tanh",
    "softplus",
    "softmax",
    "log_softmax",
    "l2_loss",
    "l2_normalize",
    "dropout",
    "sparse_softmax_cross_entropy_with_logits",
    "softmax_cross_entropy_with_logits",
    "sigmoid_cross_entropy_with_logits",
    "conv2d",
    "max_pool2d",
    "avg_pool2d",
    "bias_add",
    "conv1d",
    "conv1d_transpose",
    "conv2d_transpose",
    "depthwise_conv2d",
    "separable_conv2d",
    "max_pool1d",
    "avg_pool1d",
    "max_pool",
    "avg_pool",
    "pool",
    "convolution",
    "conv_transpose",
    "atrous_conv2d",
    "depthwise_conv2d_backprop_input",
    "depthwise_conv2d_backprop_filter",
]
__all__ += ["silu", "swish", "top_k", "in_top_k", "moments", "batch_normalization"]
# No tf.nn function is also a top-level tf.<name> except sigmoid and tanh, which tf.math has.
TOP_LEVEL: list[str] = []
TOP_LEVEL += ["clip_by_norm", "clip_by_global_norm"]  # from clip_ops.py, not tf.nn


def _noise_shape(x, noise_shape):
    """TF's _get_noise_shape: None dims of a same-rank noise_shape take x's dims."""
    shape = x._value.shape
    if noise_shape is None:
        return shape
    if hasattr(noise_shape, "as_list"):
        noise_shape = noise_shape.as_list()
    if isinstance(noise_shape, EagerTensor):
        return tuple(int(d) for d in noise_shape._value)
    noise_shape = list(noise_shape)
    if len(noise_shape) == len(shape):
        return tuple(shape[i] if d is None else int(d) for i, d in enumerate(noise_shape))
    return tuple(int(d) for d in noise_shape)


def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """Zeroes each element with probability `rate` and scales the rest by 1 / (1 - rate).

    Built as TF builds it (Mul, RandomUniform, GreaterEqual, SelectV2), with the op's seed
    drawn by tf.random's rules, so a seeded program drops the same elements every run.
    """
    return general_dropout(
        x,
        rate,
        lambda shape, dtype: _random.uniform(shape, dtype=dtype, seed=seed),
        noise_shape,
        lambda: _random.get_seed(seed),  # TF still takes an op seed, so later ops do not shift
    )


def general_dropout(x, rate, uniform_sampler, noise_shape=None, skip_sampler=None):
    """TF's _dropout: dropout with its uniform noise from uniform_sampler(shape, dtype);
    skip_sampler runs instead when rate is 0 (tf.nn.dropout still takes an op seed then)."""
    is_rate_number = isinstance(rate, numbers.Real)
    if is_rate_number and (rate < 0 or rate >= 1):
        raise ValueError(
            f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}"
        )
    x = convert_to_tensor(x)
    if not x.dtype.is_floating:
        raise ValueError(
            "`x.dtype` must be a floating point tensor as `x` will be scaled. "
            f"Received: x_dtype=<dtype: '{x.dtype.name}'>"
        )
    if is_rate_number and rate == 0:
        if skip_sampler is not None:
            skip_sampler()
        return x
    if is_rate_number:
        scale = convert_to_tensor(1 / (1 - rate), dtype=x.dtype)
        kept = _math.multiply(x, scale)
    else:
        rate = convert_to_tensor(rate)
        if rate._value.ndim:
            raise ValueError(f"Shapes {rate.shape} and () must have the same rank")
        if rate.dtype != x.dtype:
            rate = _math.cast(rate, x.dtype)
        kept = _math.divide(x, _math.subtract(convert_to_tensor(1, dtype=x.dtype), rate))
    random_tensor = uniform_sampler(_noise_shape(x, noise_shape), x.dtype)
    keep_mask = _math.greater_equal(random_tensor, rate)
    return _array.where(keep_mask, kept, convert_to_tensor(0, dtype=x.dtype))
