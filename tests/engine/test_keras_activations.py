"""keras.activations: lookup by name, values as TF 2.21 + Keras 3 print them, gradients by
finite differences for the activations composed from several ops."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

X = [[-2.5, -0.7, 0.0, 0.3, 1.2, 4.0]]

# keras.activations.get(name)(X).numpy().tolist() in TF 2.21 / Keras 3.15.
# TF's printed values, laid out as printed
# fmt: off
TF_VALUES = {
    'linear': [[-2.5, -0.699999988079071, 0.0, 0.30000001192092896, 1.2000000476837158, 4.0]],
    'relu': [[0.0, 0.0, 0.0, 0.30000001192092896, 1.2000000476837158, 4.0]],
    'leaky_relu': [[-0.5, -0.14000000059604645, 0.0, 0.30000001192092896, 1.2000000476837158,
                    4.0]],
    'relu6': [[0.0, 0.0, 0.0, 0.30000001192092896, 1.2000000476837158, 4.0]],
    'elu': [[-0.9179149866104126, -0.5034146904945374, 0.0, 0.30000001192092896,
             1.2000000476837158, 4.0]],
    'selu': [[-1.613785743713379, -0.8850530385971069, 0.0, 0.3152103126049042,
              1.2608412504196167, 4.202804088592529]],
    'gelu': [[-0.015524163842201233, -0.16937457025051117, 0.0, 0.1853734254837036,
              1.061916470527649, 3.999873399734497]],
    'sigmoid': [[0.07585817575454712, 0.33181220293045044, 0.5, 0.5744425654411316,
                 0.7685247659683228, 0.9820137619972229]],
    'softmax': [[0.0013490439159795642, 0.008161240257322788, 0.016434717923402786,
                 0.022184548899531364, 0.0545651912689209, 0.8973052501678467]],
    'log_softmax': [[-6.608359336853027, -4.808359146118164, -4.108359336853027,
                     -3.808359146118164, -2.9083590507507324, -0.10835917294025421]],
    'tanh': [[-0.9866143465042114, -0.604367733001709, 0.0, 0.29131263494491577,
              0.8336547017097473, 0.9993292689323425]],
    'softplus': [[0.07888973504304886, 0.40318605303764343, 0.6931471824645996,
                  0.8543552756309509, 1.4632824659347534, 4.0181498527526855]],
    'softsign': [[-0.7142857313156128, -0.4117646813392639, 0.0, 0.23076924681663513,
                  0.5454545617103577, 0.800000011920929]],
    'silu': [[-0.1896454393863678, -0.2322685420513153, 0.0, 0.1723327785730362,
              0.9222297668457031, 3.9280550479888916]],
    'swish': [[-0.1896454393863678, -0.2322685420513153, 0.0, 0.1723327785730362,
               0.9222297668457031, 3.9280550479888916]],
    'exponential': [[0.08208499848842621, 0.49658530950546265, 1.0, 1.3498588800430298,
                     3.3201169967651367, 54.598148345947266]],
    'hard_sigmoid': [[0.0833333358168602, 0.38333332538604736, 0.5, 0.550000011920929,
                      0.699999988079071, 1.0]],
    'hard_silu': [[-0.2083333432674408, -0.2683333158493042, 0.0, 0.16500000655651093,
                   0.8400000333786011, 4.0]],
    'hard_swish': [[-0.2083333432674408, -0.2683333158493042, 0.0, 0.16500000655651093,
                    0.8400000333786011, 4.0]],
    'mish': [[-0.19681619107723236, -0.2678702175617218, 0.0, 0.20800139009952545,
              1.0779458284378052, 3.9974124431610107]],
}
# fmt: on


@pytest.mark.parametrize("name", sorted(TF_VALUES))
def test_activation_by_name_matches_tensorflow(name):
    got = tf.keras.activations.get(name)(tf.constant(X))
    assert got.dtype == tf.float32
    np.testing.assert_allclose(got.numpy(), TF_VALUES[name], rtol=2e-6, atol=1e-7)


@pytest.mark.parametrize(
    "call, expected",
    [
        (
            lambda a, x: a.relu(x, negative_slope=0.1, max_value=2.0, threshold=0.5),
            [
                [
                    -0.30000001192092896,
                    -0.12000000476837158,
                    -0.05000000074505806,
                    -0.019999999552965164,
                    1.2000000476837158,
                    2.0,
                ]
            ],
        ),
        (
            lambda a, x: a.relu(x, negative_slope=0.1),
            [[-0.25, -0.07000000029802322, 0.0, 0.30000001192092896, 1.2000000476837158, 4.0]],
        ),
        (lambda a, x: a.relu(x, max_value=1.0), [[0.0, 0.0, 0.0, 0.30000001192092896, 1.0, 1.0]]),
        (
            lambda a, x: a.elu(x, alpha=0.5),
            [
                [
                    -0.4589574933052063,
                    -0.2517073452472687,
                    0.0,
                    0.30000001192092896,
                    1.2000000476837158,
                    4.0,
                ]
            ],
        ),
        (
            lambda a, x: a.gelu(x, approximate=True),
            [
                [
                    -0.015084221959114075,
                    -0.16942985355854034,
                    0.0,
                    0.18537093698978424,
                    1.061702847480774,
                    3.999929904937744,
                ]
            ],
        ),
    ],
    ids=["relu_all_options", "relu_slope", "relu_max_value", "elu_alpha", "gelu_approximate"],
)
def test_activation_options_match_tensorflow(call, expected):
    got = call(tf.keras.activations, tf.constant(X))
    np.testing.assert_allclose(got.numpy(), expected, rtol=2e-6, atol=1e-7)


def test_softmax_axes_match_tensorflow():
    x = tf.constant([[1.0, 2.0], [3.0, 5.0]])
    np.testing.assert_allclose(
        tf.keras.activations.softmax(x, axis=0).numpy(),
        [[0.11920291185379028, 0.04742587357759476], [0.8807970285415649, 0.9525741338729858]],
        rtol=2e-6,
    )
    np.testing.assert_allclose(  # axis=None: one distribution over every entry
        tf.keras.activations.softmax(x, axis=None).numpy(),
        [[0.015219428576529026, 0.0413706973195076], [0.11245721578598022, 0.8309527039527893]],
        rtol=2e-6,
    )


def test_get_none_is_linear_and_a_callable_is_returned_as_is():
    assert tf.keras.activations.get(None) is tf.keras.activations.linear
    assert tf.keras.activations.get(tf.nn.relu) is tf.nn.relu


@pytest.mark.parametrize("bad", ["nope", 3])
def test_get_rejects_what_keras_rejects(bad):
    with pytest.raises(
        ValueError, match=f"^Could not interpret activation function identifier: {bad}$"
    ):
        tf.keras.activations.get(bad)


def test_keras_activations_the_engine_lacks_name_the_gap():
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.keras\.activations\.sparsemax$"
    ):
        tf.keras.activations.get("sparsemax")
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.keras\.activations\.celu$"
    ):
        tf.keras.activations.celu


COMPOSED = {
    "silu": lambda x: tf.keras.activations.silu(x),
    "hard_sigmoid": lambda x: tf.keras.activations.hard_sigmoid(x),
    "hard_silu": lambda x: tf.keras.activations.hard_silu(x),
    "mish": lambda x: tf.keras.activations.mish(x),
    "relu_all_options": lambda x: tf.keras.activations.relu(
        x, negative_slope=0.1, max_value=2.0, threshold=0.5
    ),
    "elu_alpha": lambda x: tf.keras.activations.elu(x, alpha=0.5),
    "softmax_all_axes": lambda x: (
        tf.keras.activations.softmax(x, axis=None) * tf.constant(np.arange(1.0, 7.0).reshape(2, 3))
    ),
}


@pytest.mark.parametrize("name", sorted(COMPOSED))
def test_composed_activation_gradients_match_finite_differences(name):
    # Away from the kinks (relu's threshold 0.5 and cap 2.0, hard_sigmoid's -3 and 3).
    x = np.array([[-2.2, -0.7, 0.35], [0.9, 1.4, 2.6]])
    check_gradients(COMPOSED[name], x, order=2)
