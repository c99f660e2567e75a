"""compile(metrics=[...])'s name resolution (engine.keras.metrics.compile_names.resolve), with
the classes and names TF 2.21's Keras 3 (trainers/compile_utils.get_metric) gives."""

import pytest

import engine as tf
from engine.keras.metrics import compile_names

M = tf.keras.metrics


@pytest.fixture(autouse=True)
def fresh_keras_names():
    tf.keras.backend.clear_session()


# (identifier, y_true shape, y_pred shape) -> (class, name), recorded from TF 2.21.
EXPECTED = [
    ("accuracy", (4, 1), (4, 1), "BinaryAccuracy", "accuracy"),
    ("acc", (4,), (4, 3), "SparseCategoricalAccuracy", "acc"),
    ("Accuracy", (4, 3), (4, 3), "CategoricalAccuracy", "Accuracy"),
    ("ACC", (4, 1), (4, 5), "SparseCategoricalAccuracy", "ACC"),
    ("accuracy", (4, 2), (4, 2), "CategoricalAccuracy", "accuracy"),
    ("mse", (4, 1), (4, 1), "MeanSquaredError", "mse"),
    ("auc", (4, 1), (4, 1), "AUC", "auc"),
]


@pytest.mark.parametrize("identifier, y_true, y_pred, cls, name", EXPECTED)
def test_names_resolve_as_keras_compile_does(identifier, y_true, y_pred, cls, name):
    metric = compile_names.resolve(identifier, tf.zeros(y_true), tf.zeros(y_pred))
    assert (type(metric).__name__, metric.name) == (cls, name)


def test_a_function_is_wrapped_in_a_mean_named_after_it():
    metric = compile_names.resolve(M.mae, tf.zeros([4, 1]), tf.zeros([4, 1]))
    assert (type(metric).__name__, metric.name) == ("MeanMetricWrapper", "mean_absolute_error")


def test_a_metric_object_keeps_its_name():
    precision = M.Precision(name="p")
    assert compile_names.resolve(precision, tf.zeros([4, 1]), tf.zeros([4, 1])) is precision
    assert precision.name == "p"


def test_unknown_and_missing_names_fail_as_keras_get_does():
    with pytest.raises(ValueError, match=r"^Could not interpret metric identifier: nope$"):
        compile_names.resolve("nope", tf.zeros([1]), tf.zeros([1]))
    with pytest.raises(
        AttributeError, match=r"engine does not implement tf\.keras\.metrics\.r2_score"
    ):
        M.get("r2_score")
