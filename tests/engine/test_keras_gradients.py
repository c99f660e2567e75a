"""Gradients through Keras layers against central finite differences in float64: with respect to
the inputs (first and second order) and to every weight of a Dense stack."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

K = tf.keras
RNG = np.random.default_rng(0)
X = RNG.normal(size=(4, 3))
Y = RNG.normal(size=(4, 2))


class Stack:
    """Flatten -> Dense(5) -> Dense(4) -> Dense(2), float64, seeded Glorot weights, random biases.

    Layers called in turn, not a keras.Sequential: a Sequential model's own dtype is float32 and
    Keras casts its float64 inputs to it (as TF 2.21 does), which finite differences in float64
    would see as noise.
    """

    def __init__(self, hidden_activation, out_activation=None):
        def dense(units, activation, seed):
            return K.layers.Dense(
                units,
                activation=activation,
                dtype="float64",
                kernel_initializer=K.initializers.GlorotUniform(seed=seed),
                bias_initializer=K.initializers.RandomNormal(stddev=0.3, seed=seed + 1),
            )

        self.layers = [
            K.layers.Flatten(dtype="float64"),
            dense(5, hidden_activation, 1),
            dense(4, hidden_activation, 3),
            dense(2, out_activation, 5),
        ]
        self(tf.constant(X))
        self.trainable_variables = [v for layer in self.layers for v in layer.trainable_variables]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x


def stack(hidden_activation, out_activation=None):
    return Stack(hidden_activation, out_activation)


ACTIVATIONS = ["tanh", "sigmoid", "softplus", "elu", "gelu", "selu", "swish", "mish"]


@pytest.mark.parametrize("activation", ACTIVATIONS)
def test_input_gradients_of_a_dense_stack_first_and_second_order(activation):
    model = stack(activation, out_activation="softmax")
    check_gradients(lambda x: model(x) * tf.constant(Y), X, order=2)


def numerical_weight_gradients(loss_of_model, variables, eps=1e-6):
    grads = []
    for variable in variables:
        base = variable.numpy()
        grad = np.zeros_like(base)
        for index in np.ndindex(base.shape):
            for sign in (1, -1):
                shifted = base.copy()
                shifted[index] += sign * eps
                variable.assign(shifted)
                grad[index] += sign * float(loss_of_model()) / (2 * eps)
        variable.assign(base)
        grads.append(grad)
    return grads


@pytest.mark.parametrize(
    "activation, loss",
    [
        ("tanh", K.losses.MeanSquaredError(dtype="float64")),
        ("relu", K.losses.MeanSquaredError(dtype="float64")),
        ("sigmoid", K.losses.BinaryCrossentropy(from_logits=True, dtype="float64")),
        ("elu", K.losses.SparseCategoricalCrossentropy(from_logits=True, dtype="float64")),
    ],
)
def test_weight_gradients_of_a_dense_stack(activation, loss):
    model = stack(activation)
    x = tf.constant(X)
    y = (
        tf.constant([1, 0, 1, 1])
        if isinstance(loss, K.losses.SparseCategoricalCrossentropy)
        else tf.constant((Y > 0).astype(float))
    )
    with tf.GradientTape() as tape:
        value = loss(y, model(x))
    grads = tape.gradient(value, model.trainable_variables)
    assert [g.shape for g in grads] == [v.shape for v in model.trainable_variables]
    expected = numerical_weight_gradients(lambda: loss(y, model(x)), model.trainable_variables)
    for got, want, variable in zip(grads, expected, model.trainable_variables):
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-7, err_msg=variable.path)


def test_sigmoid_output_layer_trains_through_its_logits():
    """BinaryCrossentropy on Dense(activation='sigmoid') uses the logits; the gradient is the
    logits' gradient, which finite differences of the (unclipped) loss confirm."""
    model = stack("tanh", out_activation="sigmoid")
    x, y = tf.constant(X), tf.constant((Y > 0).astype(float))
    loss = K.losses.BinaryCrossentropy(dtype="float64")
    with tf.GradientTape() as tape:
        value = loss(y, model(x))
    grads = tape.gradient(value, model.trainable_variables)
    expected = numerical_weight_gradients(lambda: loss(y, model(x)), model.trainable_variables)
    for got, want in zip(grads, expected):
        np.testing.assert_allclose(got.numpy(), want, rtol=1e-5, atol=1e-7)
