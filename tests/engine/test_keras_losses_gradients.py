"""Gradients of every Keras loss with respect to its predictions, in float64, against central
finite differences (and second order where the loss is twice differentiable at the points)."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

L = tf.keras.losses

REGRESSION_TRUE = tf.constant([[0.0, 1.0, 2.0], [1.5, -0.5, 0.25]], tf.float64)
PROBABILITIES_TRUE = tf.constant([[0.0, 1.0, 0.0], [0.2, 0.3, 0.5]], tf.float64)
BINARY_TRUE = tf.constant([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], tf.float64)
# Predictions away from the kinks (|error| = delta, hinge margins, clipping bounds).
PREDICTIONS = np.array([[0.3, -1.2, 0.8], [1.5, 0.1, -0.4]])
POSITIVE = np.array([[0.2, 0.5, 0.3], [0.1, 0.6, 0.3]])


def on_probabilities(loss):
    """The loss on softmax(p): probabilities away from the clipping bounds."""
    return lambda y, p: loss(y, tf.nn.softmax(p))


CASES = {
    "mean_squared_error": (L.MeanSquaredError, REGRESSION_TRUE, PREDICTIONS, 2),
    "mean_absolute_error": (L.MeanAbsoluteError, REGRESSION_TRUE, PREDICTIONS, 1),
    "mean_absolute_percentage_error": (
        L.MeanAbsolutePercentageError,
        REGRESSION_TRUE + 0.1,
        PREDICTIONS,
        1,
    ),
    "mean_squared_logarithmic_error": (
        L.MeanSquaredLogarithmicError,
        REGRESSION_TRUE + 1.0,
        POSITIVE,
        2,
    ),
    "huber": (lambda **k: L.Huber(delta=0.7, **k), REGRESSION_TRUE, PREDICTIONS, 2),
    "log_cosh": (L.LogCosh, REGRESSION_TRUE, PREDICTIONS, 2),
    "cosine_similarity": (L.CosineSimilarity, REGRESSION_TRUE, PREDICTIONS, 2),
    "kl_divergence": (L.KLDivergence, PROBABILITIES_TRUE, POSITIVE, 2),
    "poisson": (L.Poisson, PROBABILITIES_TRUE, POSITIVE, 2),
    "hinge": (L.Hinge, BINARY_TRUE, PREDICTIONS * 0.5, 1),
    "squared_hinge": (L.SquaredHinge, BINARY_TRUE, PREDICTIONS * 0.5, 1),
    "categorical_hinge": (L.CategoricalHinge, PROBABILITIES_TRUE, PREDICTIONS, 1),
    "binary_crossentropy_smoothed": (
        lambda **k: L.BinaryCrossentropy(label_smoothing=0.2, **k),
        BINARY_TRUE,
        POSITIVE,
        2,
    ),
    "binary_crossentropy_logits": (
        lambda **k: L.BinaryCrossentropy(from_logits=True, **k),
        BINARY_TRUE,
        PREDICTIONS,
        2,
    ),
    "binary_focal_crossentropy": (
        lambda **k: L.BinaryFocalCrossentropy(apply_class_balancing=True, **k),
        BINARY_TRUE,
        POSITIVE,
        2,
    ),
    "binary_focal_crossentropy_logits": (
        lambda **k: L.BinaryFocalCrossentropy(from_logits=True, gamma=1.5, **k),
        BINARY_TRUE,
        PREDICTIONS,
        2,
    ),
    "categorical_crossentropy_smoothed": (
        lambda **k: L.CategoricalCrossentropy(label_smoothing=0.1, **k),
        PROBABILITIES_TRUE,
        POSITIVE,
        2,
    ),
    "categorical_crossentropy_logits": (
        lambda **k: L.CategoricalCrossentropy(from_logits=True, **k),
        PROBABILITIES_TRUE,
        PREDICTIONS,
        2,
    ),
    "categorical_focal_crossentropy": (
        L.CategoricalFocalCrossentropy,
        PROBABILITIES_TRUE,
        POSITIVE,
        2,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_loss_gradient_matches_finite_differences(name):
    make, labels, predictions, order = CASES[name]
    loss = make(dtype="float64")
    check_gradients(lambda p: loss(labels, p), predictions, order=order)


@pytest.mark.parametrize("reduction", ["sum", "none", "mean"])
def test_weighted_reductions_differentiate_through_the_weights(reduction):
    loss = L.Huber(reduction=reduction, dtype="float64")
    weights = tf.constant([0.5, 2.0], tf.float64)
    check_gradients(lambda p: loss(REGRESSION_TRUE, p, sample_weight=weights), PREDICTIONS, order=2)


def test_categorical_crossentropy_on_a_softmax_activation_differentiates_through_logits():
    loss = L.CategoricalCrossentropy(dtype="float64")
    check_gradients(
        lambda p: loss(PROBABILITIES_TRUE, tf.keras.activations.softmax(p)),
        PREDICTIONS,
        order=2,
    )


def test_sparse_crossentropy_with_ignored_class_differentiates_the_kept_rows():
    loss = L.SparseCategoricalCrossentropy(from_logits=True, ignore_class=1, dtype="float64")
    labels = tf.constant([2, 1])
    check_gradients(lambda p: loss(labels, p), PREDICTIONS, order=2)
