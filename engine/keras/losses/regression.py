"""Regression losses, per sample, written with the engine's ops in Keras 3's order: mean
absolute (percentage) error, mean squared logarithmic error, Huber, log-cosh and cosine
similarity (mean squared error is in functions.py)."""

from .. import _tf as tf
from .functions import EPSILON, _cast_to
from .loss import squeeze_or_expand_to_same_rank


def _prepare(y_true, y_pred):
    """Keras's opening: y_pred as a tensor, y_true converted to its dtype, ranks matched."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _cast_to(y_true, y_pred.dtype)
    return squeeze_or_expand_to_same_rank(y_true, y_pred)


def mean_absolute_error(y_true, y_pred):
    """mean(|y_true - y_pred|, axis=-1)."""
    y_true, y_pred = _prepare(y_true, y_pred)
    return tf.reduce_mean(tf.abs(y_true - y_pred), axis=-1)


def mean_absolute_percentage_error(y_true, y_pred):
    """100 * mean(|(y_true - y_pred) / max(|y_true|, epsilon)|, axis=-1)."""
    y_pred = tf.convert_to_tensor(y_pred)
    y_true = _cast_to(y_true, y_pred.dtype)
    epsilon = tf.constant(EPSILON, dtype=y_pred.dtype)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    diff = tf.abs((y_true - y_pred) / tf.maximum(tf.abs(y_true), epsilon))
    return 100.0 * tf.reduce_mean(diff, axis=-1)


def mean_squared_logarithmic_error(y_true, y_pred):
    """mean((log(max(y_pred, eps) + 1) - log(max(y_true, eps) + 1))**2, axis=-1)."""
    y_true, y_pred = _prepare(y_true, y_pred)
    epsilon = tf.constant(EPSILON, dtype=y_pred.dtype)
    first_log = tf.math.log(tf.maximum(y_pred, epsilon) + 1.0)
    second_log = tf.math.log(tf.maximum(y_true, epsilon) + 1.0)
    return tf.reduce_mean(tf.square(first_log - second_log), axis=-1)


def huber(y_true, y_pred, delta=1.0):
    """Quadratic (0.5 * e**2) within delta of the target, linear beyond it."""
    y_true, y_pred = _prepare(y_true, y_pred)
    delta = tf.constant(delta, dtype=y_pred.dtype)
    error = tf.subtract(y_pred, y_true)
    abs_error = tf.abs(error)
    half = tf.constant(0.5, dtype=abs_error.dtype)
    return tf.reduce_mean(
        tf.where(
            abs_error <= delta,
            half * tf.square(error),
            delta * abs_error - half * tf.square(delta),
        ),
        axis=-1,
    )


def log_cosh(y_true, y_pred):
    """mean(log(cosh(y_pred - y_true)), axis=-1), as x + softplus(-2x) - log(2)."""
    y_true, y_pred = _prepare(y_true, y_pred)
    log2 = tf.cast(tf.math.log(tf.constant(2.0)), y_pred.dtype)
    x = y_pred - y_true
    return tf.reduce_mean(x + tf.math.softplus(x * -2.0) - log2, axis=-1)


def _l2_normalize(x, axis):
    """Keras's ops.normalize(order=2): x * min(rsqrt(sum(x**2)), 1 / epsilon)."""
    if len(x.shape) == 0:
        x = tf.expand_dims(x, axis=0)
    square_sum = tf.reduce_sum(tf.square(x), axis=axis, keepdims=True)
    inv_norm = tf.minimum(tf.math.rsqrt(square_sum), 1.0 / EPSILON)
    return x * inv_norm


def cosine_similarity(y_true, y_pred, axis=-1):
    """-sum(l2_normalize(y_true) * l2_normalize(y_pred), axis)."""
    y_true, y_pred = _prepare(y_true, y_pred)
    y_pred = _l2_normalize(y_pred, axis)
    y_true = _l2_normalize(y_true, axis)
    return -tf.reduce_sum(y_true * y_pred, axis=axis)
