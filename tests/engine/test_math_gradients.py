"""Every differentiable math op against central finite differences in float64, first and
second order, over the shape matrix () (4,) (3,4) (1,4) (2,1,3), binary ops over every pair of
those shapes that broadcasts. Inputs are drawn from domains away from each op's kinks and poles.
"""

import itertools

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import SHAPES, check_gradients


def normal(rng, shape):
    return rng.normal(size=shape)


def uniform(low, high):
    return lambda rng, shape: rng.uniform(low, high, size=shape)


def magnitude(low, high):
    """Values of either sign with |v| in [low, high]: away from a pole or kink at 0."""
    return lambda rng, shape: rng.uniform(low, high, size=shape) * rng.choice([-1, 1], size=shape)


UNARY = {
    "negative": (tf.negative, normal),
    "abs": (tf.abs, magnitude(0.2, 2)),
    "sign": (tf.sign, magnitude(0.2, 2)),
    "exp": (tf.exp, normal),
    "expm1": (tf.math.expm1, normal),
    "log": (tf.math.log, uniform(0.3, 3)),
    "log1p": (tf.math.log1p, uniform(-0.5, 3)),
    "sqrt": (tf.sqrt, uniform(0.3, 3)),
    "rsqrt": (tf.math.rsqrt, uniform(0.3, 3)),
    "square": (tf.square, normal),
    "reciprocal": (tf.math.reciprocal, magnitude(0.4, 2)),
    "sin": (tf.sin, normal),
    "cos": (tf.cos, normal),
    "tan": (tf.tan, uniform(-1.2, 1.2)),
    "asin": (tf.asin, uniform(-0.8, 0.8)),
    "acos": (tf.acos, uniform(-0.8, 0.8)),
    "atan": (tf.atan, normal),
    "sinh": (tf.sinh, normal),
    "cosh": (tf.cosh, normal),
    "tanh": (tf.tanh, normal),
    "sigmoid": (tf.sigmoid, normal),
    "softplus": (tf.math.softplus, normal),
    "erf": (tf.math.erf, normal),
    "erfc": (tf.math.erfc, normal),
    "x ** 3": (lambda x: x**3.0, magnitude(0.3, 2)),
    "x * x (same tensor twice)": (lambda x: x * x, normal),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_op_gradients_match_finite_differences(name, shape):
    f, sample = UNARY[name]
    check_gradients(f, sample(np.random.default_rng(len(shape)), shape), order=2)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_softsign_first_order_matches_finite_differences(shape):
    # Second order is not checked: TF registers no gradient for SoftsignGrad, and neither
    # does the engine (test_math_reference checks the LookupError).
    check_gradients(tf.math.softsign, normal(np.random.default_rng(0), shape), order=1)


def _broadcasting_pairs():
    pairs = []
    for a, b in itertools.product(SHAPES, SHAPES):
        try:
            np.broadcast_shapes(a, b)
        except ValueError:
            continue
        pairs.append((a, b))
    return pairs


PAIRS = _broadcasting_pairs()


def _apart(rng, shape_x, shape_y, sample, ok):
    """Draws x and y until `ok(x, y)` holds everywhere they broadcast together."""
    for _ in range(200):
        x, y = sample(rng, shape_x), sample(rng, shape_y)
        if np.all(ok(*np.broadcast_arrays(x, y))):
            return x, y
    raise AssertionError("could not draw inputs away from the op's kinks")


def _fractional_part_inside(x, y):
    frac = np.mod(x / y, 1.0)
    return (frac > 0.15) & (frac < 0.85)


BINARY = {
    "add": (tf.add, normal, None),
    "subtract": (tf.subtract, normal, None),
    "multiply": (tf.multiply, normal, None),
    "divide": (tf.divide, None, lambda rng, sx, sy: (normal(rng, sx), magnitude(0.5, 2)(rng, sy))),
    "truediv via /": (
        lambda x, y: x / y,
        None,
        lambda rng, sx, sy: (normal(rng, sx), magnitude(0.5, 2)(rng, sy)),
    ),
    "floormod": (
        tf.math.floormod,
        None,
        lambda rng, sx, sy: _apart(rng, sx, sy, magnitude(0.5, 3), _fractional_part_inside),
    ),
    "pow": (
        tf.pow,
        None,
        lambda rng, sx, sy: (uniform(0.5, 2)(rng, sx), uniform(-1.5, 1.5)(rng, sy)),
    ),
    "atan2": (
        tf.atan2,
        None,
        lambda rng, sx, sy: (magnitude(0.3, 2)(rng, sx), magnitude(0.3, 2)(rng, sy)),
    ),
    "maximum": (
        tf.maximum,
        None,
        lambda rng, sx, sy: _apart(rng, sx, sy, normal, lambda x, y: abs(x - y) > 0.05),
    ),
    "minimum": (
        tf.minimum,
        None,
        lambda rng, sx, sy: _apart(rng, sx, sy, normal, lambda x, y: abs(x - y) > 0.05),
    ),
    "squared_difference": (tf.math.squared_difference, normal, None),
    "divide_no_nan": (
        tf.math.divide_no_nan,
        None,
        lambda rng, sx, sy: (normal(rng, sx), magnitude(0.5, 2)(rng, sy)),
    ),
    "xlogy": (
        tf.math.xlogy,
        None,
        lambda rng, sx, sy: (magnitude(0.2, 2)(rng, sx), uniform(0.3, 3)(rng, sy)),
    ),
    "xdivy": (
        tf.math.xdivy,
        None,
        lambda rng, sx, sy: (magnitude(0.2, 2)(rng, sx), magnitude(0.5, 2)(rng, sy)),
    ),
}


@pytest.mark.parametrize("shapes", PAIRS, ids=str)
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_op_gradients_match_finite_differences(name, shapes):
    f, sample, sample_pair = BINARY[name]
    rng = np.random.default_rng(len(shapes[0]) * 10 + len(shapes[1]))
    if sample_pair is None:
        x, y = sample(rng, shapes[0]), sample(rng, shapes[1])
    else:
        x, y = sample_pair(rng, *shapes)
    check_gradients(f, x, y, order=2)


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_add_n_gradients_match_finite_differences(shape):
    rng = np.random.default_rng(3)
    check_gradients(
        lambda a, b: tf.add_n([a, b, a]) * b, normal(rng, shape), normal(rng, shape), order=2
    )


def _axis_variants(shape):
    """(axis, keepdims) choices that are valid for `shape`."""
    variants = [(None, False), (None, True)]
    if shape:
        variants += [(0, False), (-1, True)]
    if len(shape) >= 2:
        variants += [([0, -1], False)]
    return variants


REDUCTIONS = {
    "reduce_sum": (tf.reduce_sum, normal),
    "reduce_mean": (tf.reduce_mean, normal),
    "reduce_max": (tf.reduce_max, normal),
    "reduce_min": (tf.reduce_min, normal),
    "reduce_prod": (tf.reduce_prod, magnitude(0.5, 1.5)),
    "reduce_logsumexp": (tf.reduce_logsumexp, normal),
    "reduce_variance": (tf.math.reduce_variance, normal),
    "reduce_std": (tf.math.reduce_std, normal),
}


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("name", sorted(REDUCTIONS))
def test_reduction_gradients_match_finite_differences(name, shape):
    reduce, sample = REDUCTIONS[name]
    rng = np.random.default_rng(5)
    for axis, keepdims in _axis_variants(shape):
        if (
            name == "reduce_std"
            and shape
            and axis is not None
            and (np.prod([shape[a] for a in np.atleast_1d(axis)]) == 1)
        ):
            continue  # the std of one value is 0: sqrt's kink
        if name == "reduce_std" and not shape:
            continue  # likewise
        x = sample(rng, shape)
        check_gradients(
            lambda t, axis=axis, keepdims=keepdims: reduce(t, axis=axis, keepdims=keepdims) * 1.5,
            x,
            order=2,
        )


@pytest.mark.parametrize("shape", [s for s in SHAPES if s], ids=str)
def test_l2_normalize_gradients_match_finite_differences(shape):
    rng = np.random.default_rng(6)
    weights = rng.normal(size=shape)
    for axis in (None, -1):
        check_gradients(
            lambda t, axis=axis: tf.math.l2_normalize(t, axis=axis) * weights,
            normal(rng, shape),
            order=2,
        )


@pytest.mark.parametrize("shape", [s for s in SHAPES if s], ids=str)
@pytest.mark.parametrize("exclusive,reverse", list(itertools.product([False, True], repeat=2)))
def test_cumulative_gradients_match_finite_differences(shape, exclusive, reverse):
    rng = np.random.default_rng(7)
    weights = rng.normal(size=shape)  # so the sum's gradient depends on the position
    for axis in (0, -1):
        check_gradients(
            lambda t, axis=axis: (
                tf.cumsum(t, axis=axis, exclusive=exclusive, reverse=reverse) * weights
            ),
            normal(rng, shape),
            order=2,
        )
        check_gradients(
            lambda t, axis=axis: (
                tf.math.cumprod(t, axis=axis, exclusive=exclusive, reverse=reverse) * weights
            ),
            magnitude(0.5, 1.5)(rng, shape),
            order=2,
        )


MATMULS = [
    ((3, 4), (4, 2), {}),
    ((4, 3), (4, 2), {"transpose_a": True}),
    ((3, 4), (2, 4), {"transpose_b": True}),
    ((4, 3), (2, 4), {"transpose_a": True, "transpose_b": True}),
    ((4, 3), (2, 4), {"adjoint_a": True, "adjoint_b": True}),
    ((2, 3, 4), (2, 4, 5), {}),
    ((2, 4, 3), (2, 5, 4), {"adjoint_a": True, "adjoint_b": True}),
    ((2, 3, 4), (4, 5), {}),
    ((3, 4), (2, 4, 5), {"transpose_a": False}),
    ((2, 1, 3, 4), (5, 4, 2), {}),
    ((2, 1, 4, 3), (5, 2, 4), {"transpose_a": True, "transpose_b": True}),
]


@pytest.mark.parametrize("shape_a,shape_b,flags", MATMULS, ids=str)
def test_matmul_gradients_match_finite_differences(shape_a, shape_b, flags):
    rng = np.random.default_rng(8)
    check_gradients(
        lambda a, b: tf.matmul(a, b, **flags), normal(rng, shape_a), normal(rng, shape_b), order=2
    )
