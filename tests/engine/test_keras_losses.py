"""keras.losses: values, reductions, clipping, label smoothing, the logits Keras activations
carry, and errors, as TF 2.21 + Keras 3 give them; gradients against finite differences."""

import warnings

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

L = tf.keras.losses
P = [[0.6, 0.4], [0.4, 0.6]]
T = [[0.0, 1.0], [0.0, 0.0]]
LOGITS = [[1.0, 2.0, 30.0], [0.5, -1.0, 2.0]]


def value(x):
    return np.asarray(x.numpy()).tolist()


# Each call below printed the commented value under TF 2.21 / Keras 3.15.
CASES = {
    "bce": (lambda: L.BinaryCrossentropy()(tf.constant(T), tf.constant(P)), 0.8149244785308838),
    "bce_function": (
        lambda: L.binary_crossentropy(tf.constant(T), tf.constant(P)),
        [0.9162907600402832, 0.7135581970214844],
    ),
    "bce_label_smoothing": (
        lambda: L.BinaryCrossentropy(label_smoothing=0.2)(tf.constant(T), tf.constant(P)),
        0.794651210308075,
    ),
    "bce_function_smoothing_logits": (
        lambda: L.binary_crossentropy(
            tf.constant(T),
            tf.constant([[-1.5, 0.5], [2.0, -0.25]]),
            from_logits=True,
            label_smoothing=0.3,
        ),
        [0.48774513602256775, 1.2201837301254272],
    ),
    "bce_logits": (
        lambda: L.BinaryCrossentropy(from_logits=True)(
            tf.constant(T), tf.constant([[-18.6, 0.51], [2.94, -12.8]])
        ),
        0.8654580116271973,
    ),
    "bce_clipped_at_epsilon": (
        lambda: L.BinaryCrossentropy()([[0.0, 1.0]], [[0.0, 1.0]]),
        1.1920928955078125e-07,
    ),
    "bce_clipped_wrong_side": (
        lambda: L.BinaryCrossentropy()([[0.0, 1.0]], [[1.0, 0.0]]),
        16.03023910522461,
    ),
    "bce_axis_0": (
        lambda: L.binary_crossentropy(tf.constant(T), tf.constant(P), axis=0),
        [0.7135581970214844, 0.9162907600402832],
    ),
    "bce_reduction_none": (
        lambda: L.BinaryCrossentropy(reduction=None)(tf.constant(T), tf.constant(P)),
        [0.9162907600402832, 0.7135581970214844],
    ),
    "bce_reduction_sum": (
        lambda: L.BinaryCrossentropy(reduction="sum")(tf.constant(T), tf.constant(P)),
        1.6298489570617676,
    ),
    "bce_int_labels_expanded": (
        lambda: L.BinaryCrossentropy()(tf.constant([0, 1]), tf.constant([[0.3], [0.8]])),
        0.2899092435836792,
    ),
    "scce_from_keras_softmax_uses_logits": (
        lambda: L.SparseCategoricalCrossentropy()(
            tf.constant([0, 1]), tf.keras.activations.softmax(tf.constant(LOGITS))
        ),
        16.120655059814453,
    ),
    "scce_from_tf_softmax_is_clipped": (
        lambda: L.SparseCategoricalCrossentropy()(
            tf.constant([0, 1]), tf.nn.softmax(tf.constant(LOGITS))
        ),
        9.679703712463379,
    ),
    "scce_logits": (
        lambda: L.SparseCategoricalCrossentropy(from_logits=True)(
            tf.constant([0, 1]), tf.constant(LOGITS)
        ),
        16.120655059814453,
    ),
    "scce_unnormalized_probabilities": (
        lambda: L.SparseCategoricalCrossentropy()(
            np.array([1, 2]), np.array([[0.1, 0.5, 0.1], [0.1, 0.2, 0.1]])
        ),
        0.861383318901062,
    ),
    "scce_function_float64": (
        lambda: L.sparse_categorical_crossentropy(
            np.array([1, 2]), np.array([[0.05, 0.95, 0], [0.1, 0.8, 0.1]])
        ),
        [0.05129339438754555, 2.3025850929940455],
    ),
    "scce_labels_n_by_1": (
        lambda: L.SparseCategoricalCrossentropy(from_logits=True)(
            tf.constant([[0], [2]]), tf.constant(LOGITS)
        ),
        14.62065601348877,
    ),
    "scce_ignore_class": (
        lambda: L.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1)(
            tf.constant([1, -1]), tf.constant(LOGITS)
        ),
        28.0,
    ),
    "scce_ignore_class_none": (
        lambda: L.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1, reduction=None)(
            tf.constant([1, -1]), tf.constant(LOGITS)
        ),
        [28.0, 0.0],
    ),
    "scce_ignore_class_sum": (
        lambda: L.SparseCategoricalCrossentropy(from_logits=True, ignore_class=-1, reduction="sum")(
            tf.constant([1, -1]), tf.constant(LOGITS)
        ),
        28.0,
    ),
    "scce_sample_weight": (
        lambda: L.SparseCategoricalCrossentropy(from_logits=True)(
            tf.constant([0, 1]), tf.constant(LOGITS), sample_weight=tf.constant([0.3, 0.7])
        ),
        5.484459400177002,
    ),
    "scce_mean_with_sample_weight": (
        lambda: L.SparseCategoricalCrossentropy(
            from_logits=True, reduction="mean_with_sample_weight"
        )(tf.constant([0, 1]), tf.constant(LOGITS), sample_weight=tf.constant([0.3, 0.7])),
        10.968918800354004,
    ),
    "mse": (lambda: L.MeanSquaredError()([[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [1.0, 0.0]]), 0.5),
    "mse_rank_1_labels_expanded": (
        lambda: L.MeanSquaredError()(
            tf.constant([1.0, 2.0, 3.0]), tf.constant([[1.5], [2.0], [2.0]])
        ),
        0.4166666567325592,
    ),
    "mse_broadcast": (
        lambda: L.MeanSquaredError()(
            tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[1.5], [2.0], [2.0]])
        ),
        0.75,
    ),
    "mse_int_inputs": (lambda: L.MeanSquaredError()(tf.constant([1, 2]), tf.constant([1, 3])), 0.5),
    "mse_sample_weight": (
        lambda: L.MeanSquaredError()(
            [[0.0, 1.0], [0.0, 0.0]], [[1.0, 1.0], [1.0, 0.0]], sample_weight=[0.7, 0.3]
        ),
        0.25,
    ),
    "mse_rank_1": (lambda: L.MeanSquaredError()([1.0, 2.0], [3.0, 3.0]), 2.5),
    "mse_rank_3": (
        lambda: L.MeanSquaredError()(tf.ones([2, 3, 4]), tf.zeros([2, 3, 4]) + 0.5),
        0.25,
    ),
    "mse_function": (
        lambda: L.mse(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([[1.5, 2.0], [2.0, 5.0]])),
        [0.125, 1.0],
    ),
    "mse_function_rank": (
        lambda: L.mse(tf.constant([1.0, 2.0, 3.0]), tf.constant([[1.5], [2.0], [2.0]])),
        [0.25, 0.0, 1.0],
    ),
    "mse_float64_inputs_computed_in_float32": (
        lambda: L.MeanSquaredError()(
            tf.constant([1.0, 2.0], tf.float64), tf.constant([1.5, 3.0], tf.float64)
        ),
        0.625,
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_loss_values_match_tensorflow(name):
    compute, expected = CASES[name]
    np.testing.assert_allclose(value(compute()), expected, rtol=2e-6, atol=1e-7)


def test_loss_dtypes_follow_keras():
    assert (
        L.MeanSquaredError()(tf.constant([1.0], tf.float64), tf.constant([2.0], tf.float64)).dtype
        == tf.float32
    )
    assert L.MeanSquaredError(dtype="float64")([1.0, 2.0], [1.5, 3.0]).dtype == tf.float64
    assert L.binary_crossentropy(tf.ones([2, 3, 4]), tf.ones([2, 3, 4]) * 0.5).shape == (2, 3)


def test_default_names():
    assert (
        L.MeanSquaredError().name,
        L.SparseCategoricalCrossentropy().name,
        L.BinaryCrossentropy().name,
    ) == ("mean_squared_error", "sparse_categorical_crossentropy", "binary_crossentropy")
    assert L.mse is L.MSE and L.mse.__name__ == "mean_squared_error"
    assert L.get("mean_squared_error") is L.mse
    with pytest.raises(AttributeError):  # TF 2.21's tf.keras.losses has no such function
        L.mean_squared_error


def test_from_logits_on_an_activation_output_warns_and_uses_the_logits():
    logits = tf.constant([[0.5], [-1.0]])
    probabilities = tf.keras.activations.sigmoid(logits)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        loss = L.BinaryCrossentropy(from_logits=True)(tf.constant([[1.0], [0.0]]), probabilities)
    assert [str(w.message) for w in caught] == [
        '"`binary_crossentropy` received `from_logits=True`, but the `output` argument was '
        "produced by a Sigmoid activation and thus does not represent logits. Was this "
        "intended?"
    ]
    np.testing.assert_allclose(loss.numpy(), 0.39366933703422546, rtol=2e-6)


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: L.MeanSquaredError(reduction="auto"),
            ValueError,
            "Invalid value for argument `reduction`. Expected one of",
        ),
        (
            lambda: L.binary_crossentropy(tf.constant([0.0, 1.0]), tf.constant([[0.3], [0.8]])),
            ValueError,
            r"Arguments `target` and `output` must have the same rank \(ndim\). Received: "
            r"target.shape=\(2,\), output.shape=\(2, 1\)",
        ),
        (
            lambda: L.BinaryCrossentropy()(
                tf.constant([[0.0, 1.0, 1.0]]), tf.constant([[0.3, 0.8]])
            ),
            ValueError,
            r"Arguments `target` and `output` must have the same shape. Received: "
            r"target.shape=\(1, 3\), output.shape=\(1, 2\)",
        ),
        (
            lambda: L.SparseCategoricalCrossentropy(from_logits=True)(
                tf.constant([[1, 2]]), tf.constant(LOGITS)
            ),
            ValueError,
            r"Argument `output` must have rank \(ndim\) `target.ndim - 1`. Received: "
            r"target.shape=\(1, 2\), output.shape=\(2, 3\)",
        ),
        (
            lambda: L.SparseCategoricalCrossentropy()([1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]]),
            ValueError,
            "Structures don't have the same nested structure.",
        ),
        (
            lambda: L.MeanSquaredError()([1.0, 2.0], tf.constant([1.5, 2.5])),
            ValueError,
            r"^Expected an instance of list, got <tf.Tensor: shape=\(2,\), dtype=float32",
        ),
        (
            lambda: L.MeanSquaredError()((1.0, 2.0), [1.5, 2.5]),
            ValueError,
            r"^Expected an instance of tuple, got \[<tf.Tensor: shape=\(\), dtype=float32, numpy=1.5>",
        ),
        (
            lambda: L.MeanSquaredError()(tf.constant([1.0, 2.0]), [1.5, 2.5]),
            ValueError,
            "^Structures don't have the same nested structure.$",
        ),
        (
            lambda: L.sparse_categorical_crossentropy([1, 2], [[0.05, 0.95, 0], [0.1, 0.8, 0.1]]),
            AttributeError,
            "'list' object has no attribute 'shape'",
        ),
    ],
)
def test_misuse_raises_like_keras(call, error, message):
    with pytest.raises(error, match=message):
        call()


def test_missing_losses_name_the_gap():
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.keras\.losses\.Dice$"
    ):
        L.Dice


GRADIENT_CASES = {
    "mse": lambda y, p: L.MeanSquaredError(dtype="float64")(y, p),
    "bce_probabilities_smoothed": lambda y, p: L.BinaryCrossentropy(
        label_smoothing=0.1, dtype="float64"
    )(y, tf.sigmoid(p)),
    "bce_logits": lambda y, p: L.BinaryCrossentropy(from_logits=True, dtype="float64")(y, p),
    "bce_sigmoid_activation": lambda y, p: L.BinaryCrossentropy(dtype="float64")(
        y, tf.keras.activations.sigmoid(p)
    ),
}


@pytest.mark.parametrize("name", sorted(GRADIENT_CASES))
def test_loss_gradients_match_finite_differences(name):
    labels = tf.constant([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], tf.float64)
    loss = GRADIENT_CASES[name]
    predictions = np.array([[0.3, -1.2, 0.8], [1.5, 0.1, -0.4]])
    check_gradients(lambda p: loss(labels, p), predictions, order=2)


@pytest.mark.parametrize("from_logits", [True, False])
def test_sparse_crossentropy_gradients_match_finite_differences(from_logits):
    labels = tf.constant([2, 0])
    loss = L.SparseCategoricalCrossentropy(from_logits=from_logits, dtype="float64")

    def f(logits):
        return loss(labels, logits if from_logits else tf.nn.softmax(logits))

    check_gradients(f, np.array([[0.3, -1.2, 0.8], [1.5, 0.1, -0.4]]), order=2)
