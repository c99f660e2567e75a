"""tf.random.stateless_binomial and Generator.binomial: TF's RandomBinomialFunctor
(random_binomial_op.cc), value for value.

Each output value starts its own stretch of the stream: Philox call counter + 256 * index for
Hormann's BTRS rejection (count * p >= 10), counter + 42 * index for inversion (summing
geometric draws) otherwise; uniforms are doubles, two per call, used last first. Probabilities
over 1/2 draw the failures. The thresholds compare in the counts' dtype, the rest in double.
"""

import math

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..tensor import convert_to_tensor
from . import random_distributions as _dist
from .random_ops import sample_dims
from .registry import ALL, NOT_DIFFERENTIABLE, define, execute
from .stateless_random_ops import seed_generator

__all__ = ["stateless_binomial"]
TOP_LEVEL: list[str] = []

# TF: the stateless op is not differentiable, the stateful one has no gradient registered
# (tape.gradient through it raises LookupError); the tape keeps both ops' inputs and outputs
# (they are on neither of TF's exclusion lists).
STATELESS_BINOMIAL = define(
    "StatelessRandomBinomial", NOT_DIFFERENTIABLE, saves_inputs=ALL, saves_outputs=ALL
)
STATEFUL_BINOMIAL = define("StatefulRandomBinomial", saves_inputs=ALL, saves_outputs=ALL)

# Stirling's series tail for log k!, TF's table for k <= 9
_TAIL = [0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509]
_TAIL += [0.0166446911898211, 0.0138761288230707, 0.0118967099458917, 0.0104112652619720]
_TAIL += [0.00925546218271273, 0.00833056343336287]


def _uniforms(generator, skip):
    """Uniform doubles from call counter + skip on: two per call, each call's last first."""
    stream = generator.copy()
    stream.skip(skip)
    while True:
        yield from reversed(_dist.uniform(stream, 2, np.float64).tolist())


def _inversion(count, prob, uniforms):
    geom_sum, num_geom = 0.0, 0
    while True:
        geom_sum += math.ceil(math.log(next(uniforms)) / math.log1p(-prob))
        if geom_sum > count:
            return float(num_geom)
        num_geom += 1


def _stirling_tail(k):
    if k <= 9:
        return _TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1.0 / 12 - (1.0 / 360 - 1.0 / 1260 / kp1sq) / kp1sq) / (k + 1)


def _btrs(count, prob, uniforms):
    stddev = math.sqrt(count * prob * (1 - prob))
    b = 1.15 + 2.53 * stddev
    a = -0.0873 + 0.0248 * b + 0.01 * prob
    c = count * prob + 0.5
    v_r = 0.92 - 4.2 / b
    r = prob / (1 - prob)
    alpha = (2.83 + 5.1 / b) * stddev
    m = math.floor((count + 1) * prob)
    log = math.log
    while True:
        u = next(uniforms)
        v = next(uniforms)
        u = u - 0.5
        us = 0.5 - abs(u)
        k = float(math.floor((2 * a / us + b) * u + c))
        if us >= 0.07 and v <= v_r:
            return k
        if k < 0 or k > count:
            continue
        v = log(v * alpha / (a / (us * us) + b))
        upperbound = (
            (m + 0.5) * log((m + 1) / (r * (count - m + 1)))
            + (count + 1) * log((count - m + 1) / (count - k + 1))
            + (k + 0.5) * log(r * (count - k + 1) / (k + 1))
            + _stirling_tail(m)
            + _stirling_tail(count - m)
            - _stirling_tail(k)
            - _stirling_tail(count - k)
        )
        if v <= upperbound:
            return k


def _one(generator, count, prob, index):
    """One value for (count, prob) (numbers of the counts' dtype) at output `index`."""
    t = type(count)
    dcount = float(count)
    if dcount <= 0.0 or prob <= t(0):
        return 0.0
    if prob >= t(1):
        return dcount
    if prob <= t(0.5):
        if count * prob >= t(10):
            return _btrs(dcount, float(prob), _uniforms(generator, 256 * index))
        return _inversion(dcount, float(prob), _uniforms(generator, 42 * index))
    if prob > t(0.5):
        q = t(1) - prob
        if count * q >= t(10):
            return dcount - _btrs(dcount, float(q), _uniforms(generator, 256 * index))
        return dcount - _inversion(dcount, float(q), _uniforms(generator, 42 * index))
    return math.nan  # prob is NaN


def _layout(op_type, dims, counts, probs):
    """The broadcast (counts, probs) batch and the samples per batch member."""
    try:
        batch_shape = np.broadcast_shapes(counts.shape, probs.shape)
    except ValueError:
        dims_text = [f"[{','.join(map(str, v.shape))}]" for v in (counts, probs)]
        raise invalid_argument(
            op_type,
            "counts and probs must have compatible batch dimensions: "
            f"{dims_text[0]} vs. {dims_text[1]}",
        ) from None
    if len(batch_shape) > len(dims) or tuple(dims[len(dims) - len(batch_shape) :]) != tuple(
        batch_shape
    ):
        raise invalid_argument(op_type, "Shape passed in must end with broadcasted shape.")
    return np.broadcast_to(counts, batch_shape), np.broadcast_to(probs, batch_shape)


def binomial_values(generator, dims, counts, probs, out_dtype):
    """RandomBinomialFunctor's output: value (batch b, sample s) at s * num_batches + b."""
    counts, probs = counts.reshape(-1), probs.reshape(-1)
    num_batches = max(len(counts), 1)
    per_batch = math.prod(dims) // num_batches if len(counts) else 0
    out = np.empty((per_batch, len(counts)))
    for b in range(len(counts)):
        for s in range(per_batch):
            out[s, b] = _one(generator, counts[b], probs[b], b * per_batch + s)
    return out.reshape(dims).astype(out_dtype.as_numpy_dtype)


def stateless_binomial(shape, seed, counts, probs, output_dtype=dtypes.int32, name=None):
    """Binomial(counts, probs) samples: `shape` ends with their broadcast shape."""
    op_type = "StatelessRandomBinomial"
    dims = sample_dims(op_type, shape)
    probs = convert_to_tensor(probs, dtype_hint=dtypes.float32)
    counts = convert_to_tensor(counts, dtype_hint=probs.dtype)
    generator = seed_generator(seed)
    output_dtype = dtypes.as_dtype(output_dtype)
    batch_counts, batch_probs = _layout(op_type, dims, counts._value, probs._value)
    values = binomial_values(generator, dims, batch_counts, batch_probs, output_dtype)
    shape_tensor = convert_to_tensor(np.asarray(dims, np.int32))
    return execute(STATELESS_BINOMIAL, (shape_tensor, counts, probs), values)


def stateful_binomial(reserve, shape, counts, probs, dtype):
    """Generator.binomial: reserve(calls) reads the state's Philox and moves it on by TF's
    num_batches * 2 * 100 * (samples_per_batch + 3) / 4 values (times 256 calls)."""
    op_type = "StatefulRandomBinomial"
    dims = sample_dims(op_type, shape)
    counts, probs = convert_to_tensor(counts), convert_to_tensor(probs)
    batch_counts, batch_probs = _layout(op_type, dims, counts._value, probs._value)
    num_batches = max(batch_counts.size, 1)
    per_batch = math.prod(dims) // num_batches
    generator = reserve(num_batches * 2 * 100 * (per_batch + 3) // 4)
    values = binomial_values(generator, dims, batch_counts, batch_probs, dtypes.as_dtype(dtype))
    shape_tensor = convert_to_tensor(np.asarray(dims, np.int32))
    return execute(STATEFUL_BINOMIAL, (shape_tensor, counts, probs), values)
