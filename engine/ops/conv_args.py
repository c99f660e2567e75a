"""TF's Python-side argument handling shared by the 1-D and generic conv/pool functions."""

import numpy as np


def get_sequence(value, n, channel_index, name):
    """TF's nn_ops._get_sequence: int or 1/n/(n+2)-list -> the op's n+2 attr list."""
    if value is None:
        return [1] * (n + 2)
    if isinstance(value, (list, tuple)):
        value = list(value)
    elif isinstance(value, (int, np.integer)) or not hasattr(value, "__len__"):
        value = [value]
    else:
        value = list(np.asarray(value).reshape(-1))
    if len(value) == n + 2:
        return value
    if len(value) == 1:
        value = value * n
    elif len(value) != n:
        raise ValueError(
            f"{name} should be of length 1, {n} or {n + 2}. "
            f"Received: {name}={value} of length {len(value)}"
        )
    return [1, 1] + value if channel_index == 1 else [1] + value + [1]


def require_string_padding(padding):
    """Ops whose padding attr is a string only (AvgPool, Conv2D's 1-D wrappers' callers)."""
    if isinstance(padding, (list, tuple)):
        raise TypeError(f"Expected string for argument 'padding' not {padding!r}.")


def strides_and_rate(n, strides, rate):
    """TF's _get_strides_and_dilation_rate."""
    if rate is None:
        rate = [1] * n
    elif len(rate) != n:
        raise ValueError(
            f"`len(dilation_rate)` should be {n}. Received: dilation_rate={rate} of length "
            f"{len(rate)}"
        )
    rate = np.array(rate, dtype=np.int32)
    if np.any(rate < 1):
        raise ValueError(
            f"all values of `dilation_rate` must be positive. Received: dilation_rate={rate}"
        )
    if strides is None:
        strides = [1] * n
    elif len(strides) != n:
        raise ValueError(
            f"`len(strides)` should be {n}. Received: strides={strides} of length {len(strides)}"
        )
    strides = np.array(strides, dtype=np.int32)
    if np.any(strides < 1):
        raise ValueError(f"all values of `strides` must be positive. Received: strides={strides}")
    if np.any(strides > 1) and np.any(rate > 1):
        raise ValueError(
            "`strides > 1` not supported in conjunction with `dilation_rate > 1`. "
            f"Received: strides={strides} and dilation_rate={rate}"
        )
    return strides, rate
