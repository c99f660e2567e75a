"""max_pool2d and avg_pool2d (NHWC): values and gradients as TF 2.21 prints them, finite
differences (first and second order, float64), ties, recorded op types, saved tensors, errors."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError, UnimplementedError
from tests.engine.finite_differences import check_gradients

X = (np.arange(1 * 4 * 5 * 2) % 7 - 3).reshape(1, 4, 5, 2).astype(np.float32) / 2

POOLS = {
    "max_k2_s2_SAME": lambda a: tf.nn.max_pool2d(a, 2, 2, "SAME"),
    "max_k2_s2_VALID": lambda a: tf.nn.max_pool2d(a, 2, 2, "VALID"),
    "max_k3_s1_SAME": lambda a: tf.nn.max_pool2d(a, 3, 1, "SAME"),
    "avg_k2_s2_SAME": lambda a: tf.nn.avg_pool2d(a, 2, 2, "SAME"),
    "avg_k2_s2_VALID": lambda a: tf.nn.avg_pool2d(a, 2, 2, "VALID"),
    "avg_k3_s1_SAME": lambda a: tf.nn.avg_pool2d(a, 3, 1, "SAME"),
}

# name -> (output shape, output, [d loss/d input]) for loss = sum(y * y) / 2, as TF 2.21 printed
# them (flattened). X has ties, so the max pools also check TF's tie rule.
# TF's printed values, laid out as printed
# fmt: off
TF_VALUES = {'avg_k2_s2_SAME': ([1, 2, 3, 2],
                    [-0.25, 0.25, 0, -0.375, -0.25, 0.25, 0.125, -0.25, 0.375, 0, -0.75, -0.25],
                    [[-0.0625, 0.0625, -0.0625, 0.0625, 0, -0.09375, 0, -0.09375, -0.125, 0.125,
                      -0.0625, 0.0625, -0.0625, 0.0625, 0, -0.09375, 0, -0.09375, -0.125, 0.125,
                      0.03125, -0.0625, 0.03125, -0.0625, 0.09375, 0, 0.09375, 0, -0.375, -0.125,
                      0.03125, -0.0625, 0.03125, -0.0625, 0.09375, 0, 0.09375, 0, -0.375,
                      -0.125]]),
 'avg_k2_s2_VALID': ([1, 2, 2, 2], [-0.25, 0.25, 0, -0.375, 0.125, -0.25, 0.375, 0],
                     [[-0.0625, 0.0625, -0.0625, 0.0625, 0, -0.09375, 0, -0.09375, 0, 0, -0.0625,
                       0.0625, -0.0625, 0.0625, 0, -0.09375, 0, -0.09375, 0, 0, 0.03125, -0.0625,
                       0.03125, -0.0625, 0.09375, 0, 0.09375, 0, 0, 0, 0.03125, -0.0625, 0.03125,
                       -0.0625, 0.09375, 0, 0.09375, 0, 0, 0]]),
 'avg_k3_s1_SAME': ([1, 4, 5, 2],
                    [-0.25, 0.25, -0.333333, 0.166667, 0.083333, 0, -0.083333, -0.166667, 0.125,
                     -0.25, -0.083333, -0.166667, -0.166667, -0.055556, 0.055556, 0.166667,
                     -0.111111, 0, 0, -0.083333, 0.25, 0.166667, 0.166667, -0.111111, 0, 0.111111,
                     -0.166667, -0.055556, -0.25, 0.25, 0.125, -0.25, 0.333333, -0.333333,
                     0.166667, 0.083333, 0, -0.083333, -0.375, 0.125],
                    [[-0.150463, 0.056327, -0.130401, 0.074846, -0.080247, 0.012346, 0.025077,
                      -0.085648, 0.005015, -0.104167, -0.090278, 0.071759, -0.070216, 0.102623,
                      -0.080247, 0.006173, -0.035108, -0.037809, -0.05517, -0.068673, 0.114583,
                      -0.136574, 0.148534, -0.091821, 0.058642, -0.049383, -0.13233, 0.083719,
                      -0.166281, 0.038966, 0.146991, -0.102623, 0.174769, -0.076389, 0.083333,
                      -0.061728, -0.126157, 0.07909, -0.153935, 0.052855]]),
 'max_k2_s2_SAME': ([1, 2, 3, 2], [1, 1.5, 1.5, 1, 0.5, 1, 1.5, 1, 1.5, 1.5, 0, 0.5],
                    [[0, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 0.5, 1, 1.5, 0, 0,
                      0, 0, 0, 0, 1.5, 0, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 0.5]]),
 'max_k2_s2_VALID': ([1, 2, 2, 2], [1, 1.5, 1.5, 1, 1.5, 1, 1.5, 1.5],
                     [[0, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 0, 0, 1.5, 0, 0,
                       0, 0, 0, 0, 1.5, 0, 0, 0, 0, 0, 1, 1.5, 0, 0, 0, 0, 0]]),
 'max_k3_s1_SAME': ([1, 4, 5, 2],
                    [1, 1.5, 1, 1.5, 1.5, 1.5, 1.5, 1, 1.5, 1, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5,
                     1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1.5, 1, 1.5, 1.5, 1, 1.5,
                     1, 1.5, 1.5, 1.5, 1.5, 1, 1.5],
                    [[0, 0, 0, 0, 0, 1, 9, 0, 0, 0, 0, 0, 2, 13.5, 0, 0, 0, 0, 0, 1, 9, 0, 0, 0,
                      0, 0, 2, 10.5, 0, 0, 0, 0, 0, 2, 6, 0, 0, 0, 0, 0]])}
# fmt: on


def _value_and_gradient(f, array):
    x = tf.constant(array)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
        loss = tf.reduce_sum(y * y) / 2
    return y, tape.gradient(loss, x)


@pytest.mark.parametrize("name", sorted(POOLS))
def test_pool_values_and_gradients_match_tensorflow(name):
    y, dx = _value_and_gradient(POOLS[name], X)
    shape, expected_y, (expected_dx,) = TF_VALUES[name]
    assert y.shape.as_list() == shape and y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy().ravel(), expected_y, atol=1e-6)
    np.testing.assert_allclose(dx.numpy().ravel(), expected_dx, atol=1e-6)


def _distinct(shape, seed):
    """Values with no ties (a max pool's gradient is discontinuous where two values tie)."""
    values = np.random.default_rng(seed).permutation(int(np.prod(shape))).astype(np.float64)
    return (values / 4 - 3).reshape(shape)


@pytest.mark.parametrize("name", sorted(POOLS))
def test_pool_matches_finite_differences_first_and_second_order(name):
    pool = POOLS[name]
    # Squared, so the second order runs MaxPoolGrad's and AvgPoolGrad's own gradients.
    check_gradients(lambda a: pool(a) * pool(a), _distinct((2, 4, 5, 3), seed=1), order=2)


def test_max_pool_routes_the_gradient_to_the_first_maximum_of_a_tie():
    # TF 2.21 prints [0. 1. 0. 0.] and, for the 3x3 case, [0. 2. 1. 0. 2. 0. 1. 1. 2.].
    x = tf.constant([[[[1.0], [3.0]], [[3.0], [2.0]]]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, 2, 2, "VALID")
    assert tape.gradient(y, x).numpy().ravel().tolist() == [0.0, 1.0, 0.0, 0.0]
    x = tf.constant(
        np.array([1.0, 5.0, 5.0, 2.0, 5.0, 0.0, 1.0, 1.0, 1.0], np.float32).reshape(1, 3, 3, 1)
    )
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.max_pool2d(x, 2, 1, "SAME")
    assert y.numpy().ravel().tolist() == [5.0, 5.0, 5.0, 5.0, 5.0, 1.0, 1.0, 1.0, 1.0]
    assert tape.gradient(y, x).numpy().ravel().tolist() == [
        0.0,
        2.0,
        1.0,
        0.0,
        2.0,
        0.0,
        1.0,
        1.0,
        2.0,
    ]


def test_avg_pool_with_same_padding_averages_only_real_elements():
    # TF 2.21: [3.25 3.75 2.5 2.25 1.75 0.5 1. 1. 1.] and gradient
    # [0.25 0.5 0.75 0.5 1. 1.5 0.75 1.5 2.25].
    x = tf.constant(
        np.array([1.0, 5.0, 5.0, 2.0, 5.0, 0.0, 1.0, 1.0, 1.0], np.float32).reshape(1, 3, 3, 1)
    )
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.avg_pool2d(x, 2, 1, "SAME")
    np.testing.assert_allclose(y.numpy().ravel(), [3.25, 3.75, 2.5, 2.25, 1.75, 0.5, 1.0, 1.0, 1.0])
    np.testing.assert_allclose(
        tape.gradient(y, x).numpy().ravel(), [0.25, 0.5, 0.75, 0.5, 1.0, 1.5, 0.75, 1.5, 2.25]
    )


def _second_order_records(pool):
    x = tf.constant(_distinct((1, 4, 4, 1), seed=2))
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = pool(x)
        inner.gradient(y, x)
    return outer._records


def test_max_pool_keeps_input_and_output_and_its_gradient_is_max_pool_grad():
    records = _second_order_records(lambda a: tf.nn.max_pool2d(a, 2, 2, "VALID"))
    pool = records[0]
    assert pool.op.type == "MaxPool"
    assert pool.inputs[0] is not None and pool.outputs[0] is not None
    (grad,) = [r for r in records if r.op.type == "MaxPoolGrad"]
    assert grad.inputs[0] is not None and grad.inputs[1] is not None and grad.inputs[2] is None


def test_avg_pool_keeps_its_input_and_its_gradient_is_avg_pool_grad():
    records = _second_order_records(lambda a: tf.nn.avg_pool2d(a, 2, 2, "VALID"))
    assert records[0].op.type == "AvgPool" and records[0].outputs is None
    assert [r.op.type for r in records].count("AvgPoolGrad") == 1


def test_max_pool_grad_grad_gathers_at_the_maxima():
    """Third order: MaxPoolGradGrad's gradient is MaxPoolGrad again (TF's nn_grad.py)."""
    x = tf.constant(_distinct((1, 4, 4, 2), seed=3))
    check_gradients(lambda a: tf.nn.max_pool2d(a, 2, 2, "SAME") ** 3, x.numpy(), order=2)


def test_max_pool_keeps_integer_dtypes_and_avg_pool_rejects_them():
    y = tf.nn.max_pool2d(
        tf.constant(np.arange(16, dtype=np.int32).reshape(1, 4, 4, 1)), 2, 2, "VALID"
    )
    assert y.dtype == tf.int32 and y.numpy().ravel().tolist() == [5, 7, 13, 15]
    with pytest.raises(
        InvalidArgumentError,
        match=r"^Value for attr 'T' of int32 is not in the "
        r"list of allowed values: half, bfloat16, "
        r"float, double",
    ):
        tf.nn.avg_pool2d(tf.constant(np.ones([1, 4, 4, 1], np.int32)), 2, 2, "VALID")


def test_pool_errors_are_tensorflows():
    image = tf.constant(np.ones([1, 5, 5, 2], np.float32))
    for pool, op_type in ((tf.nn.max_pool2d, "MaxPool"), (tf.nn.avg_pool2d, "AvgPool")):
        with pytest.raises(InvalidArgumentError) as raised:
            pool(image, 7, 1, "VALID")
        assert str(raised.value) == (
            "Computed output size would be negative: -1 [input_size: 5, "
            f"effective_filter_size: 7, stride: 1] [Op:{op_type}]"
        )
        with pytest.raises(InvalidArgumentError) as raised:
            pool(tf.constant(np.ones([5, 5, 2], np.float32)), 2, 1, "VALID")
        assert str(raised.value) == (
            f"tensor_in_shape must have 2 spatial dimensions. 3 0 [Op:{op_type}]"
        )
    with pytest.raises(
        UnimplementedError,
        match=r"^Pooling is not yet supported on the batch "
        r"dimension.",
    ):
        tf.nn.max_pool2d(image, [2, 2, 2, 1], 1, "VALID")
    with pytest.raises(TypeError, match=r"^Expected string for argument 'padding' not"):
        tf.nn.avg_pool2d(image, 2, 1, [[0, 0], [1, 1], [1, 1], [0, 0]])
    explicit = tf.nn.max_pool2d(image, 2, 1, [[0, 0], [1, 1], [1, 1], [0, 0]])
    assert explicit.shape.as_list() == [1, 6, 6, 2]  # as TF 2.21
