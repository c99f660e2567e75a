"""tf.nn activations: values and gradients as TF 2.21 prints them, finite differences (first and
second order, float64), the op types the tape records and what each record keeps."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

X = [-3.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0, 7.0]

# (forward, first derivative, second derivative) at X, printed by TF 2.21 (float32, nested tapes).
# TF's printed values, laid out as printed
# fmt: off
TF_VALUES = {
    "relu": ([0.0, 0.0, 0.0, 0.0, 0.5, 1.0, 2.0, 7.0],
             [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0],
             [0.0] * 8),
    "relu6": ([0.0, 0.0, 0.0, 0.0, 0.5, 1.0, 2.0, 6.0],
              [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0],
              [0.0] * 8),
    "leaky_relu": ([-0.6000000238418579, -0.20000000298023224, -0.10000000149011612, 0.0, 0.5,
                    1.0, 2.0, 7.0],
                   [0.20000000298023224] * 4 + [1.0] * 4,
                   [0.0] * 8),
    "leaky_relu_0.1": ([-0.30000001192092896, -0.10000000149011612, -0.05000000074505806, 0.0,
                        0.5, 1.0, 2.0, 7.0],
                       [0.10000000149011612] * 4 + [1.0] * 4,
                       [0.0] * 8),
    "elu": ([-0.9502129554748535, -0.6321205496788025, -0.39346933364868164, 0.0, 0.5, 1.0, 2.0,
             7.0],
            [0.049787044525146484, 0.3678794503211975, 0.6065306663513184, 1.0, 1.0, 1.0, 1.0,
             1.0],
            [0.049787044525146484, 0.3678794503211975, 0.6065306663513184, 0.0, 0.0, 0.0, 0.0,
             0.0]),
    "selu": ([-1.6705687046051025, -1.1113307476043701, -0.6917581558227539, 0.0,
              0.5253505110740662, 1.0507010221481323, 2.1014020442962646, 7.354907035827637],
             [0.08753061294555664, 0.6467685699462891, 1.0663411617279053] + [1.0507010221481323]
             * 5,
             [0.08753061294555664, 0.6467685699462891, 1.0663411617279053, 0.0, 0.0, 0.0, 0.0,
              0.0]),
    "softplus": ([0.04858735576272011, 0.3132616877555847, 0.4740769863128662, 0.6931471824645996,
                  0.9740769267082214, 1.31326162815094, 2.1269280910491943, 7.000911712646484],
                 [0.04742586612701416, 0.26894140243530273, 0.3775406777858734, 0.5,
                  0.622459352016449, 0.7310585379600525, 0.8807970881462097, 0.9990889430046082],
                 [0.04517665505409241, 0.1966119259595871, 0.23500370979309082, 0.25,
                  0.23500370979309082, 0.19661195576190948, 0.10499357432126999,
                  0.0009102269541472197]),
    "gelu": ([-0.004049695562571287, -0.15865525603294373, -0.1542687714099884, 0.0,
              0.3457312285900116, 0.8413447141647339, 1.9544997215270996, 7.0],
             [-0.011945651844143867, -0.08331549167633057, 0.1325048804283142, 0.5,
              0.8674951195716858, 1.0833154916763306, 1.0852317810058594, 1.0],
             [-0.031022947281599045, 0.2419707477092743, 0.6161143183708191, 0.7978845834732056,
              0.6161143183708191, 0.2419707477092743, -0.10798193514347076,
              -4.293318756065645e-10]),
    "gelu_approx": ([-0.0036374330520629883, -0.15880799293518066, -0.1542859971523285, 0.0,
                     0.3457140028476715, 0.8411920070648193, 1.9545977115631104, 7.0],
                    [-0.011584242805838585, -0.08296409249305725, 0.1326300948858261, 0.5,
                     0.8673699498176575, 1.0829640626907349, 1.0860990285873413, 1.0],
                    [-0.03176788240671158, 0.24214816093444824, 0.6155069470405579,
                     0.7978845834732056, 0.6155069470405579, 0.24214816093444824,
                     -0.10787491500377655, 0.0]),
    "sigmoid": ([0.04742586612701416, 0.26894140243530273, 0.3775406777858734, 0.5,
                 0.622459352016449, 0.7310585379600525, 0.8807970881462097, 0.9990889430046082],
                [0.04517665505409241, 0.1966119259595871, 0.23500370979309082, 0.25,
                 0.23500370979309082, 0.19661195576190948, 0.10499357432126999,
                 0.0009102269541472197],
                [0.04089157283306122, 0.09085775166749954, 0.05755678936839104, 0.0,
                 -0.05755680426955223, -0.09085774421691895, -0.07996249198913574,
                 -0.0009085684432648122]),
    "tanh": ([-0.9950547218322754, -0.7615941762924194, -0.46211713552474976, 0.0,
              0.46211713552474976, 0.7615941762924194, 0.9640275835990906, 0.9999983310699463],
             [0.009866118431091309, 0.41997432708740234, 0.7864477634429932, 1.0,
              0.7864477634429932, 0.41997432708740234, 0.07065081596374512,
              3.337860107421875e-06],
             [0.019634654745459557, 0.6396999955177307, 0.7268619537353516, 0.0,
              -0.7268619537353516, -0.6396999955177307, -0.13621866703033447,
              -6.675709300907329e-06]),
}
# fmt: on

ACTIVATIONS = {
    "relu": tf.nn.relu,
    "relu6": tf.nn.relu6,
    "leaky_relu": tf.nn.leaky_relu,
    "leaky_relu_0.1": lambda t: tf.nn.leaky_relu(t, alpha=0.1),
    "elu": tf.nn.elu,
    "selu": tf.nn.selu,
    "softplus": tf.nn.softplus,
    "gelu": tf.nn.gelu,
    "gelu_approx": lambda t: tf.nn.gelu(t, approximate=True),
    "sigmoid": tf.nn.sigmoid,
    "tanh": tf.nn.tanh,
}


def _value_and_derivatives(f, x):
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
        first = inner.gradient(y, x)
    second = outer.gradient(first, x)
    return y, first, second


@pytest.mark.parametrize("name", sorted(TF_VALUES))
def test_values_first_and_second_derivatives_match_tensorflow(name):
    y, first, second = _value_and_derivatives(ACTIVATIONS[name], tf.constant(X))
    expected_y, expected_first, expected_second = TF_VALUES[name]
    assert y.dtype == tf.float32
    # float32 rounding: gelu_approx's gradient at -3 goes through 1 - tanh(.)**2 near 1, where
    # NumPy's and Eigen's tanh differ in the last bit (2.8e-7 absolute here).
    np.testing.assert_allclose(y.numpy(), expected_y, rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(first.numpy(), expected_first, rtol=2e-6, atol=1e-6)
    np.testing.assert_allclose(second.numpy(), expected_second, rtol=1e-5, atol=1e-6)


def _away_from_kinks(shape, seed, scale=3.0):
    """Normal samples nudged at least 1e-3 away from the kinks at 0 and 6 (finite differences
    across a kink measure nothing)."""
    x = np.random.default_rng(seed).normal(size=shape) * scale
    for kink in (0.0, 6.0):
        close = np.abs(x - kink) < 1e-3
        x = np.where(close, kink + 1e-2, x)
    return x


SMOOTH_OR_PIECEWISE = [
    "relu",
    "relu6",
    "leaky_relu",
    "leaky_relu_0.1",
    "elu",
    "selu",
    "softplus",
    "gelu",
    "gelu_approx",
    "sigmoid",
    "tanh",
]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("name", SMOOTH_OR_PIECEWISE)
def test_gradients_match_finite_differences_first_and_second_order(name, shape):
    check_gradients(ACTIVATIONS[name], _away_from_kinks(shape, seed=len(shape)), order=2)


def _recorded(f, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        f(x)
    return tape._records


# The ops TF's eager tape records for each function (read from TF 2.21 op callbacks).
TF_OP_TYPES = {
    "relu": ["Relu"],
    "relu6": ["Relu6"],
    "leaky_relu": ["LeakyRelu"],
    "elu": ["Elu"],
    "selu": ["Selu"],
    "softplus": ["Softplus"],
    "sigmoid": ["Sigmoid"],
    "tanh": ["Tanh"],
    "gelu": ["Mul", "Neg", "Mul", "Erfc", "Mul"],
    "gelu_approx": ["Mul", "Pow", "Mul", "AddV2", "Mul", "Tanh", "AddV2", "Mul"],
}


@pytest.mark.parametrize("name", sorted(TF_OP_TYPES))
def test_tape_records_tensorflows_op_types(name):
    records = _recorded(ACTIVATIONS[name], tf.constant([0.5, -1.0]))
    assert [r.op.type for r in records] == TF_OP_TYPES[name]


@pytest.mark.parametrize(
    "name, keeps",
    [
        ("relu", "output"),
        ("relu6", "output"),
        ("elu", "output"),
        ("selu", "output"),
        ("leaky_relu", "input"),
        ("softplus", "input"),
    ],
)
def test_records_keep_what_tensorflows_gradient_reads(name, keeps):
    x = tf.constant([0.5, -1.0])
    (record,) = _recorded(ACTIVATIONS[name], x)
    if keeps == "output":
        assert record.inputs is None and record.outputs[0] is not None
    else:
        assert record.inputs[0] is x and record.outputs is None


def test_relu_gradient_at_exactly_zero_is_zero_and_leaky_relu_uses_alpha_there():
    x = tf.constant([0.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        r, leaky = tf.nn.relu(x), tf.nn.leaky_relu(x, alpha=0.3)
    assert tape.gradient(r, x).numpy().tolist() == [0.0]
    np.testing.assert_allclose(tape.gradient(leaky, x).numpy(), [0.3], rtol=1e-7)


def test_relu_keeps_negative_zero_and_nan_as_tensorflow():
    # TF 2.21 prints relu([nan, -0., -1., 2.]) as [nan -0. 0. 2.].
    y = tf.nn.relu(tf.constant([np.nan, -0.0, -1.0, 2.0], tf.float32)).numpy()
    assert np.isnan(y[0]) and np.signbit(y[1]) and y[1] == 0 and y[2:].tolist() == [0.0, 2.0]


def test_relu_gradient_propagates_nan_upstream_even_where_the_unit_is_off():
    # TF's ReluGrad multiplies: nan * 0 stays nan (printed by TF 2.21: [nan nan 1.]).
    x = tf.constant([0.0, -1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.relu(x)
    g = tape.gradient(y, x, output_gradients=tf.constant([np.nan, np.nan, 1.0], tf.float32))
    assert np.isnan(g.numpy()[:2]).all() and g.numpy()[2] == 1.0


def test_relu_keeps_integer_dtype_and_converts_python_lists_to_float32():
    assert tf.nn.relu(tf.constant([-1, 2])).numpy().tolist() == [0, 2]
    assert tf.nn.relu(tf.constant([-1, 2])).dtype == tf.int32
    assert tf.nn.relu6(tf.constant([-1, 7])).numpy().tolist() == [0, 6]
    assert tf.nn.relu([-1.0, 2.0]).dtype == tf.float32


def test_leaky_relu_casts_integer_features_to_float32():
    y = tf.nn.leaky_relu(tf.constant([-3, 4]))
    assert y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy(), [-0.6, 4.0], rtol=1e-6)


@pytest.mark.parametrize(
    "name, op_type", [("elu", "Elu"), ("selu", "Selu"), ("softplus", "Softplus")]
)
def test_float_only_activations_reject_integers_with_tensorflows_message(name, op_type):
    with pytest.raises(InvalidArgumentError) as raised:
        ACTIVATIONS[name](tf.constant([-1, 2]))
    assert str(raised.value).startswith(
        "Value for attr 'T' of int32 is not in the list of allowed values: half, bfloat16, "
        "float, double"
    )
    assert f"[Op:{op_type}]" in str(raised.value)


def test_gelu_rejects_integers_with_a_value_error_as_tensorflow():
    with pytest.raises(ValueError, match=r"`features.dtype` must be a floating point tensor."):
        tf.nn.gelu(tf.constant([-1, 2]))


def test_float64_stays_float64():
    for name in SMOOTH_OR_PIECEWISE:
        assert ACTIVATIONS[name](tf.constant([0.5, -1.0], tf.float64)).dtype == tf.float64


def test_tf_nn_functions_the_engine_lacks_are_named_as_missing():
    with pytest.raises(AttributeError, match=r"^engine does not implement tf.nn.ctc_loss$"):
        tf.nn.ctc_loss


def test_sigmoid_and_tanh_are_the_math_ops_as_in_tensorflow():
    assert tf.nn.sigmoid is tf.math.sigmoid and tf.nn.tanh is tf.math.tanh
    assert tf.nn.softplus is tf.math.softplus and tf.nn.l2_normalize is tf.math.l2_normalize


@pytest.mark.parametrize(
    "name, grad_type",
    [("relu", "ReluGrad"), ("relu6", "Relu6Grad"), ("leaky_relu", "LeakyReluGrad")],
)
def test_gradient_ops_keep_the_features_but_not_the_upstream_gradient(name, grad_type):
    x = tf.constant([0.5, -1.0])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = ACTIVATIONS[name](x)
        inner.gradient(y, x)
    (record,) = [r for r in outer._records if r.op.type == grad_type]
    assert record.inputs[0] is None and record.inputs[1] is not None  # TF's exclusion list
