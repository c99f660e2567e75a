"""Keras layers' gradients against central finite differences in float64, where a layer composes
ops in its own way (a convolution plus a reshaped bias, moments and normalization, a grouped
reshape, PReLU's two ReLUs, a masked softmax, Dot's L2 normalization): with respect to the
input (first order, and second where it is the true second derivative) and to every trainable
weight.

Moments-based layers (BatchNormalization in training, Layer/GroupNormalization) are checked to
first order only: TF's tf.nn.moments takes the variance about stop_gradient(mean), so its first
derivative is exact but its second is not the function's (TF's is the same; the corpus
compares the engine's second derivatives with TF's in cases_keras_layers_norm)."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

L = tf.keras.layers
RNG = np.random.default_rng(7)


@pytest.fixture(autouse=True)
def fresh_keras_names():
    tf.keras.backend.clear_session()


def _set_fixed_weights(layer, x):
    layer.build(x.shape)
    layer.set_weights([RNG.uniform(0.5, 1.5, w.shape) for w in layer.get_weights()])


def _weight_gradients_match_finite_differences(layer, x, weighting, call_kwargs, eps=1e-6):
    """d sum(layer(x) * weighting) / d w for each trainable weight, engine vs central differences."""

    def loss():
        return float(np.sum(layer(tf.constant(x), **call_kwargs).numpy() * weighting))

    with tf.GradientTape() as tape:
        y = tf.reduce_sum(layer(tf.constant(x), **call_kwargs) * weighting)
    grads = tape.gradient(y, layer.trainable_variables)
    for variable, grad in zip(layer.trainable_variables, grads):
        value = variable.numpy()
        expected = np.zeros_like(value)
        for k in range(value.size):
            for sign in (1, -1):
                shifted = value.copy()
                shifted.reshape(-1)[k] += sign * eps
                variable.assign(shifted)
                expected.reshape(-1)[k] += sign * loss() / (2 * eps)
            variable.assign(value)
        np.testing.assert_allclose(
            np.asarray(grad), expected, rtol=1e-5, atol=1e-6, err_msg=variable.path
        )


CASES = [
    ("conv2d", lambda: L.Conv2D(2, 3, dtype="float64"), (2, 5, 5, 3), {}, 1),
    (
        "conv2d_strided",
        lambda: L.Conv2D(2, 2, strides=2, padding="same", dtype="float64"),
        (1, 5, 5, 2),
        {},
        1,
    ),
    ("conv2d_groups", lambda: L.Conv2D(4, 2, groups=2, dtype="float64"), (1, 4, 4, 4), {}, 1),
    (
        "conv1d_causal",
        lambda: L.Conv1D(2, 3, padding="causal", dilation_rate=2, dtype="float64"),
        (2, 6, 2),
        {},
        1,
    ),
    (
        "conv2d_transpose",
        lambda: L.Conv2DTranspose(2, 3, strides=2, dtype="float64"),
        (1, 3, 3, 2),
        {},
        1,
    ),
    (
        "depthwise",
        lambda: L.DepthwiseConv2D(2, depth_multiplier=2, dtype="float64"),
        (1, 4, 4, 2),
        {},
        1,
    ),
    ("separable", lambda: L.SeparableConv2D(3, 2, dtype="float64"), (1, 4, 4, 2), {}, 1),
    (
        "batch_norm_training",
        lambda: L.BatchNormalization(dtype="float64"),
        (4, 3),
        {"training": True},
        1,
    ),
    (
        "batch_norm_axis1",
        lambda: L.BatchNormalization(axis=1, dtype="float64"),
        (3, 2, 2),
        {"training": True},
        1,
    ),
    ("batch_norm_inference", lambda: L.BatchNormalization(dtype="float64"), (4, 3), {}, 2),
    ("layer_norm", lambda: L.LayerNormalization(dtype="float64"), (3, 4), {}, 1),
    (
        "layer_norm_axes",
        lambda: L.LayerNormalization(axis=[1, 2], dtype="float64"),
        (2, 2, 3),
        {},
        1,
    ),
    ("group_norm", lambda: L.GroupNormalization(2, dtype="float64"), (2, 3, 4), {}, 1),
    ("prelu", lambda: L.PReLU(dtype="float64"), (2, 3), {}, 1),
    ("softmax_axes", lambda: L.Softmax(axis=[1, 2], dtype="float64"), (2, 2, 3), {}, 2),
]


@pytest.mark.parametrize("name, make, shape, call_kwargs, order", CASES, ids=[c[0] for c in CASES])
def test_layer_gradients_match_finite_differences(name, make, shape, call_kwargs, order):
    layer = make()
    x = RNG.normal(size=shape)
    if layer.weights or not layer.built:
        _set_fixed_weights(layer, x)
    out_shape = layer(tf.constant(x), **call_kwargs).shape
    weighting = RNG.normal(size=tuple(out_shape))
    check_gradients(lambda t: layer(t, **call_kwargs) * tf.constant(weighting), x, order=order)
    _weight_gradients_match_finite_differences(layer, x, weighting, call_kwargs)


def test_masked_softmax_gradient_matches_finite_differences():
    mask = tf.constant([[True, False, True], [True, True, False]])
    layer = L.Softmax(dtype="float64")
    weighting = tf.constant(RNG.normal(size=(2, 3)))
    check_gradients(lambda t: layer(t, mask=mask) * weighting, RNG.normal(size=(2, 3)), order=2)


@pytest.mark.parametrize("axes", [1, (2, 2), (1, 1)])
def test_dot_gradients_match_finite_differences(axes):
    shape = (2, 3) if axes == 1 else (2, 3, 4)
    layer = L.Dot(axes=axes, normalize=True, dtype="float64")
    a, b = RNG.normal(size=shape), RNG.normal(size=shape)
    out_shape = layer([tf.constant(a), tf.constant(b)]).shape
    weighting = tf.constant(RNG.normal(size=tuple(out_shape)))
    check_gradients(lambda u, v: layer([u, v]) * weighting, a, b, order=2)


def test_merge_layers_gradients_match_finite_differences():
    a, b, c = (RNG.normal(size=(2, 3)) for _ in range(3))
    for layer in (
        L.Average(dtype="float64"),
        L.Maximum(dtype="float64"),
        L.Multiply(dtype="float64"),
        L.Subtract(dtype="float64"),
    ):
        inputs = (a, b) if isinstance(layer, L.Subtract) else (a, b, c)
        check_gradients(lambda *xs, layer=layer: layer(list(xs)) ** 2, *inputs)


def test_normalization_layer_gradient_matches_finite_differences():
    data = RNG.normal(size=(6, 3))
    layer = L.Normalization(dtype="float64")
    layer.adapt(data)
    check_gradients(lambda t: layer(t) ** 3, RNG.normal(size=(2, 3)), order=2)
