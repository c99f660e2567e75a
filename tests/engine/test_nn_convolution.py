"""conv2d (NHWC) and bias_add: values and gradients as TF 2.21 prints them, finite differences
(first and second order, float64, including the mixed input/filter derivatives), recorded op
types, saved tensors, errors."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError, UnimplementedError
from tests.engine.finite_differences import check_gradients

X = (np.arange(1 * 4 * 5 * 2) % 7 - 3).reshape(1, 4, 5, 2).astype(np.float32) / 2
W = (np.arange(3 * 2 * 2 * 2) % 5 - 2).reshape(3, 2, 2, 2).astype(np.float32) / 4

CONVOLUTIONS = {
    "SAME_s1_d1": lambda a, b: tf.nn.conv2d(a, b, 1, "SAME"),
    "VALID_s2_d1": lambda a, b: tf.nn.conv2d(a, b, 2, "VALID"),
    "SAME_s2_d2": lambda a, b: tf.nn.conv2d(a, b, 2, "SAME", dilations=2),
    "VALID_s1_d2": lambda a, b: tf.nn.conv2d(a, b, [1, 2], "VALID", dilations=[1, 2]),
    "explicit": lambda a, b: tf.nn.conv2d(a, b, 1, [[0, 0], [1, 0], [2, 1], [0, 0]]),
}

# name -> (output shape, output, [d loss/d input, d loss/d filter]) for loss = sum(y * y) / 2,
# as TF 2.21 printed them (flattened).
# TF's printed values, laid out as printed
# fmt: off
TF_VALUES = {'SAME_s1_d1': ([1, 4, 5, 2],
                [-0.25, -0.25, 1.25, 0.25, -0.75, 0.75, 0.75, 1.25, 0.125, 0.125, 0.75, -0.875,
                 -0.625, 0, 0.625, -0.875, 0.125, 0, 0.25, -0.375, 0.875, 0.875, -1.375, 0, 0.75,
                 -0.875, -0.625, 0, 0, -0.125, -0.75, -0.875, -0.75, 1.25, 1, 0.75, -0.75, 0.25,
                 0.5, 0],
                [[-0.34375, -0.03125, 1.5, -0.875, -0.15625, 0.625, 1.6875, -1.59375, 0.4375,
                  -0.46875, -0.84375, -0.125, 0.1875, 1.28125, -1.625, -0.03125, 0.9375, 1.5,
                  -1.125, 0.5625, 1.0625, -1.125, 0, 0.8125, -1.78125, -0.75, -0.0625, 0.75,
                  -0.9375, -0.21875, -0.84375, 1.25, -0.09375, 0, 1.4375, -1.9375, 0.125, 0.0625,
                  0.5, -0.8125],
                 [-4.625, 0.1875, -2.4375, 2.8125, 5.25, 1.6875, 2.6875, 4.5625, 3.1875, 6.9375,
                  -5.4375, -2.5, -1.375, -1.375, 4, -7.5625, 4.1875, -3.9375, -0.125, 2.125,
                  -4.0625, 0.9375, 1.5, 1.0625]]),
 'SAME_s2_d2': ([1, 2, 3, 2],
                [0.5, -0.375, 0.125, 0.625, 0, -0.5, 0.625, -0.875, -1.375, 0.375, 0.25, -0.25],
                [[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1.59375, 0.15625, 0, 0, -1.03125, 0.15625,
                  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -0.5625, 1.59375, 0, 0, -0.1875,
                  -1.03125, 0, 0],
                 [-1.5, 0.5, -2.0625, 0.5625, 1.3125, -1.0625, 0.9375, -1.3125, -0.8125, 1.3125,
                  -1.3125, 1.4375, 2.125, -1.5, 2.0625, -1.625, 0.0625, 0.8125, 0.125, 0.875,
                  0.125, -0.8125, 0.4375, -0.6875]]),
 'VALID_s1_d2': ([1, 2, 2, 2], [-0.75, -0.75, 0.875, 0.125, 0.25, 1, -0.75, -0.75],
                 [[0.5625, -0.1875, 0, 0, -0.46875, 0.21875, 0, 0, 0.375, -0.21875, -0.9375,
                   0.8125, 0, 0, 0.28125, -0.71875, 0, 0, 0.03125, 0.5625, 0.75, -0.9375, 0, 0,
                   0.03125, 0.28125, 0, 0, -0.65625, 0.03125, -0.0625, 0.5625, 0, 0, -0.1875,
                   -0.3125, 0, 0, 0.5625, -0.1875],
                  [2.6875, 2.3125, 2.5, 2.125, -2, -2.375, -2.1875, -2.5625, -0.9375, 1.3125, -2,
                   -2.375, 2.6875, 2.3125, 2.5, 2.125, -2.375, -2.75, 2.6875, 2.3125, -0.9375,
                   1.3125, -2, -2.375]]),
 'VALID_s2_d1': ([1, 1, 2, 2], [0.75, -0.875, 0.625, -0.875],
                 [[-0.15625, -0.21875, 0.8125, -0.1875, -0.09375, -0.21875, 0.75, -0.15625, 0, 0,
                   -0.25, -0.15625, -0.21875, 0.8125, -0.28125, -0.09375, -0.21875, 0.75, 0, 0,
                   -0.1875, -0.25, -0.15625, -0.21875, -0.15625, -0.28125, -0.09375, -0.21875, 0,
                   0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
                  [-0.8125, 0.875, -0.125, 0, 0.5625, -0.875, -0.9375, 1.3125, -0.9375, 1.3125,
                   -0.25, 0.4375, 0.4375, -0.4375, 1.125, -1.3125, 1.125, -1.3125, -0.8125, 0.875,
                   -0.125, 0, 0.5625, -0.875]]),
 'explicit': ([1, 3, 7, 2],
              [0, 0, -0.5, 0.25, -0.25, -0.25, 1.25, 0.25, -0.75, 0.75, 0.75, 1.25, 0.125, 0.125,
               0, 0, -1, -0.25, 0.75, -0.875, -0.625, 0, 0.625, -0.875, 0.125, 0, 0.25, -0.375, 0,
               0, -0.625, 1.25, 0.875, 0.875, -1.375, 0, 0.75, -0.875, -0.625, 0, 0, -0.125],
              [[-0.65625, -0.15625, 1.5, -0.875, -0.15625, 0.625, 1.6875, -1.59375, 0.4375,
                -0.46875, -1.65625, -0.28125, 0.1875, 1.28125, -1.625, -0.03125, 0.9375, 1.5,
                -1.125, 0.5625, 1.34375, -1.90625, -0.125, 0.3125, -0.09375, -1.125, -0.5, 0.9375,
                -0.1875, -0.40625, -0.21875, 0.96875, -0.3125, -0.125, 0.5, -0.25, 0, -0.375,
                0.3125, -0.0625],
               [-2.75, 2.5, -2.8125, 1.375, 3.875, 0.8125, 1.125, 3.5, 0.9375, 5, -3.8125, -2.5,
                0.9375, -0.5625, 5.4375, -6.8125, 4.1875, -3.9375, -0.125, 2.125, -5.25, -0.0625,
                2.75, 1.5625]])}
# fmt: on

# bias_add(X, [0.5, -1.]), the same layout.
# TF's printed values, laid out as printed
# fmt: off
TF_BIAS_ADD = {'bias_add': ([1, 4, 5, 2],
              [-1, -2, 0, -1, 1, 0, 2, -2.5, -0.5, -1.5, 0.5, -0.5, 1.5, 0.5, -1, -2, 0, -1, 1, 0,
               2, -2.5, -0.5, -1.5, 0.5, -0.5, 1.5, 0.5, -1, -2, 0, -1, 1, 0, 2, -2.5, -0.5, -1.5,
               0.5, -0.5],
              [[-1, -2, 0, -1, 1, 0, 2, -2.5, -0.5, -1.5, 0.5, -0.5, 1.5, 0.5, -1, -2, 0, -1, 1,
                0, 2, -2.5, -0.5, -1.5, 0.5, -0.5, 1.5, 0.5, -1, -2, 0, -1, 1, 0, 2, -2.5, -0.5,
                -1.5, 0.5, -0.5],
               [9, -21.5]])}
# fmt: on


def _value_and_gradients(f, *arrays):
    tensors = [tf.constant(a) for a in arrays]
    with tf.GradientTape() as tape:
        for t in tensors:
            tape.watch(t)
        y = f(*tensors)
        loss = tf.reduce_sum(y * y) / 2
    return y, tape.gradient(loss, tensors)


@pytest.mark.parametrize("name", sorted(CONVOLUTIONS))
def test_conv2d_values_and_gradients_match_tensorflow(name):
    y, (dx, dw) = _value_and_gradients(CONVOLUTIONS[name], X, W)
    shape, expected_y, (expected_dx, expected_dw) = TF_VALUES[name]
    assert y.shape.as_list() == shape and y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy().ravel(), expected_y, atol=1e-6)
    np.testing.assert_allclose(dx.numpy().ravel(), expected_dx, atol=1e-6)
    np.testing.assert_allclose(dw.numpy().ravel(), expected_dw, atol=1e-6)


def _inputs(seed, x_shape=(2, 4, 5, 2), w_shape=(3, 2, 2, 3)):
    rng = np.random.default_rng(seed)
    return rng.normal(size=x_shape), rng.normal(size=w_shape)


@pytest.mark.parametrize("name", sorted(CONVOLUTIONS))
def test_conv2d_matches_finite_differences_first_and_second_order(name):
    conv = CONVOLUTIONS[name]
    # Squared, so the second order goes through Conv2DBackpropInput/Filter's own gradients.
    check_gradients(lambda a, b: conv(a, b) * conv(a, b), *_inputs(1), order=2)


def _first_gradient(f, x_value, w_value, of):
    x, w = tf.constant(x_value), tf.constant(w_value)
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        out = f(x, w)
    return tape.gradient(out, x if of == "x" else w).numpy()


def _numeric_mixed(f, x0, w0, perturb, of, direction, eps=1e-5):
    """d/d(perturbed input) <d f/d(of), direction> by central differences."""
    base = x0 if perturb == "x" else w0
    result = np.zeros_like(base)
    for k in range(base.size):
        step = np.zeros_like(base)
        step.reshape(-1)[k] = eps
        if perturb == "x":
            plus, minus = (x0 + step, w0), (x0 - step, w0)
        else:
            plus, minus = (x0, w0 + step), (x0, w0 - step)
        difference = _first_gradient(f, *plus, of) - _first_gradient(f, *minus, of)
        result.reshape(-1)[k] = np.sum(difference * direction) / (2 * eps)
    return result


@pytest.mark.parametrize("name", ["SAME_s1_d1", "SAME_s2_d2", "explicit"])
def test_conv2d_mixed_second_derivatives_match_finite_differences(name):
    """d/dw <d loss/dx, v> and d/dx <d loss/dw, u>: the Hessian's cross terms, which run
    Conv2DBackpropInput's gradient w.r.t. the filter and Conv2DBackpropFilter's w.r.t. x."""
    conv = CONVOLUTIONS[name]

    def loss(x, w):
        y = conv(x, w)
        return tf.reduce_sum(y * y)

    x0, w0 = _inputs(2, x_shape=(1, 4, 5, 2), w_shape=(2, 2, 2, 2))
    rng = np.random.default_rng(3)
    v, u = rng.normal(size=x0.shape), rng.normal(size=w0.shape)
    x, w = tf.constant(x0), tf.constant(w0)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([x, w])
        with tf.GradientTape() as inner:
            inner.watch([x, w])
            out = loss(x, w)
        dx, dw = inner.gradient(out, [x, w])
        along_v = tf.reduce_sum(dx * tf.constant(v))
        along_u = tf.reduce_sum(dw * tf.constant(u))
    np.testing.assert_allclose(
        outer.gradient(along_v, w).numpy(),
        _numeric_mixed(loss, x0, w0, "w", "x", v),
        rtol=1e-5,
        atol=1e-6,
    )
    np.testing.assert_allclose(
        outer.gradient(along_u, x).numpy(),
        _numeric_mixed(loss, x0, w0, "x", "w", u),
        rtol=1e-5,
        atol=1e-6,
    )


def test_conv2d_records_conv2d_and_keeps_both_inputs():
    x, w = tf.constant(X), tf.constant(W)
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.nn.conv2d(x, w, 1, "SAME")
    (record,) = tape._records
    assert record.op.type == "Conv2D"
    assert record.inputs[0] is x and record.inputs[1] is w and record.outputs is None


def test_conv2d_gradient_runs_tensorflows_backprop_ops():
    x, w = tf.constant(X), tf.constant(W)
    with tf.GradientTape(persistent=True) as outer:
        outer.watch([x, w])
        with tf.GradientTape() as inner:
            inner.watch([x, w])
            y = tf.nn.conv2d(x, w, 1, "SAME")
        inner.gradient(y, [x, w])
    types = [r.op.type for r in outer._records]
    assert types[0] == "Conv2D"
    assert sorted(t for t in types if t.startswith("Conv2DBackprop")) == [
        "Conv2DBackpropFilter",
        "Conv2DBackpropInput",
    ]
    backprop = {r.op.type: r for r in outer._records[1:]}
    # TF keeps everything but the shape operand of each backprop op.
    assert backprop["Conv2DBackpropInput"].inputs[0] is None
    assert backprop["Conv2DBackpropFilter"].inputs[1] is None


def test_conv2d_of_float64_and_int32_keeps_the_dtype():
    assert tf.nn.conv2d(X.astype(np.float64), W.astype(np.float64), 1, "SAME").dtype == tf.float64
    y = tf.nn.conv2d(
        tf.constant(np.ones([1, 5, 5, 2], np.int32)),
        tf.constant(np.ones([3, 3, 2, 4], np.int32)),
        1,
        "SAME",
    )
    assert y.dtype == tf.int32
    # TF 2.21 prints 8, 12, 12, 12, 8 along the first row of every output channel.
    assert y.numpy()[0, 0, :, 0].tolist() == [8, 12, 12, 12, 8]


ONES_IMAGE = tf.constant(np.ones([1, 5, 5, 2], np.float32))


def _ones(*shape, dtype=np.float32):
    return tf.constant(np.ones(shape, dtype))


def test_conv2d_errors_are_tensorflows():
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.conv2d(ONES_IMAGE, _ones(3, 3, 3, 4), 1, "SAME")
    assert str(raised.value) == (
        "input depth must be evenly divisible by filter depth: 2 vs 3 [Op:Conv2D]"
    )
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.conv2d(_ones(5, 5, 2), _ones(3, 3, 2, 4), 1, "SAME")
    assert str(raised.value) == "convolution input must be 4-dimensional: [5,5,2] [Op:Conv2D]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.conv2d(ONES_IMAGE, _ones(3, 3, 2), 1, "SAME")
    assert str(raised.value) == "convolution filter must be 4-dimensional: [3,3,2] [Op:Conv2D]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.conv2d(ONES_IMAGE, _ones(7, 7, 2, 4), 1, "VALID")
    assert str(raised.value) == (
        "Computed output size would be negative: -1 [input_size: 5, "
        "effective_filter_size: 7, stride: 1] [Op:Conv2D]"
    )
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.conv2d(ONES_IMAGE, _ones(3, 3, 2, 4), 1, "FOO")
    assert str(raised.value).startswith(
        'Value for attr \'padding\' of "FOO" is not in the list of allowed values: "SAME", '
        '"VALID", "EXPLICIT"'
    )
    with pytest.raises(
        UnimplementedError,
        match=r"^Current implementation does not yet support "
        r"strides in the batch and depth dimensions.",
    ):
        tf.nn.conv2d(ONES_IMAGE, _ones(3, 3, 2, 4), [2, 2, 2, 1], "SAME")
    with pytest.raises(
        InvalidArgumentError,
        match=r"^cannot compute Conv2D as input #1\(zero-"
        r"based\) was expected to be a float tensor "
        r"but is a double tensor",
    ):
        tf.nn.conv2d(ONES_IMAGE, _ones(3, 3, 2, 4, dtype=np.float64), 1, "SAME")


# --- bias_add ---------------------------------------------------------------------------------
def test_bias_add_values_and_gradients_match_tensorflow():
    y, (dx, db) = _value_and_gradients(tf.nn.bias_add, X, np.array([0.5, -1.0], np.float32))
    shape, expected_y, (expected_dx, expected_db) = TF_BIAS_ADD["bias_add"]
    assert y.shape.as_list() == shape
    np.testing.assert_allclose(y.numpy().ravel(), expected_y, atol=1e-6)
    np.testing.assert_allclose(dx.numpy().ravel(), expected_dx, atol=1e-6)
    np.testing.assert_allclose(db.numpy().ravel(), expected_db, atol=1e-6)


@pytest.mark.parametrize("shape", [(3, 4), (1, 4), (2, 1, 3)])
def test_bias_add_matches_finite_differences_first_and_second_order(shape):
    rng = np.random.default_rng(4)
    value, bias = rng.normal(size=shape), rng.normal(size=shape[-1:])
    check_gradients(lambda v, b: tf.nn.bias_add(v, b) * tf.nn.bias_add(v, b), value, bias, order=2)


def test_bias_add_keeps_nothing_and_its_bias_gradient_is_bias_add_grad():
    value, bias = tf.constant(X), tf.constant([0.5, -1.0])
    with tf.GradientTape(persistent=True) as outer:
        outer.watch(bias)
        with tf.GradientTape() as inner:
            inner.watch(bias)
            y = tf.nn.bias_add(value, bias)
        inner.gradient(y, bias)
    types = [r.op.type for r in outer._records]
    assert types[0] == "BiasAdd" and types.count("BiasAddGrad") == 1
    assert outer._records[0].inputs is None and outer._records[0].outputs is None


def test_bias_add_grad_grad_tiles_the_bias_gradient_back_over_the_input():
    # Third order through BiasAddGrad's own gradient (TF's _BiasAddGradGrad: Reshape + Tile).
    dy = tf.constant(np.arange(6.0).reshape(3, 2))
    with tf.GradientTape() as tape:
        tape.watch(dy)
        from engine.ops.convolution import bias_add_grad

        db = bias_add_grad(dy)
        out = tf.reduce_sum(db * tf.constant([1.0, 10.0], tf.float64))
    np.testing.assert_array_equal(tape.gradient(out, dy).numpy(), [[1.0, 10.0]] * 3)


def test_bias_add_errors_are_tensorflows():
    x = _ones(3, 4)
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.bias_add(x, _ones(3))
    assert str(raised.value) == (
        "Must provide as many biases as the last dimension of the input "
        "tensor: [3] vs. [3,4] [Op:BiasAdd]"
    )
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.bias_add(_ones(3), _ones(3))
    assert str(raised.value) == "Input tensor must be at least 2D: [3] [Op:BiasAdd]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.nn.bias_add(x, _ones(1, 4))
    assert str(raised.value) == "Biases must be 1D: [1,4] [Op:BiasAdd]"


def test_nchw_is_refused_as_tf_cpu_refuses_it():
    with pytest.raises(
        UnimplementedError, match=r"only supports the NHWC tensor format on the CPU"
    ):
        tf.nn.conv2d(_ones(1, 2, 5, 5), _ones(3, 3, 2, 4), 1, "SAME", data_format="NCHW")
