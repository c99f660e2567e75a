"""Gradient clipping as Keras 3's TF backend does it: per-gradient norm (tf.clip_by_norm), global
norm, or value, in NumPy on each gradient's dtype."""

import numpy as np


def clip_by_norm(grad, clip_norm):
    """tf.clip_by_norm: grad * clip_norm / max(l2norm, clip_norm)."""
    clip_norm = grad.dtype.type(clip_norm)
    l2norm = np.sqrt(np.sum(grad * grad))
    return (grad * clip_norm) / np.maximum(l2norm, clip_norm)


def clip_by_global_norm(grads, clip_norm):
    """Keras's clip_by_global_norm: every gradient scaled by clip_norm / max(norm, clip_norm)."""
    dtype = grads[0].dtype.type
    use_norm = np.sqrt(np.sum(np.stack([np.sum(np.square(g)) for g in grads])))
    one = dtype(1.0)
    scale = dtype(clip_norm) * np.minimum(one / use_norm, dtype(1.0 / clip_norm))
    scale = scale + (use_norm - use_norm)  # NaN/Inf norms make every gradient NaN, as Keras
    return [g * scale for g in grads]


def clip_by_value(values, low, high):
    """tf.clip_by_value: minimum(values, high), then maximum(., low); a value equal to a bound
    is kept (so -0.0 and 0.0 stay as they are, unlike np.clip)."""
    values = np.where(values > high, high, values)
    return np.where(values < low, low, values).astype(values.dtype, copy=False)
