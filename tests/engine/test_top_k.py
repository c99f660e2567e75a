"""top_k and in_top_k: values and indices against NumPy, ties and NaN as TF orders them,
TF's errors, and top_k's gradient against central finite differences."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients


def test_top_k_matches_a_stable_descending_sort_along_the_last_axis():
    x = np.random.default_rng(0).normal(size=(3, 4, 7))
    values, indices = tf.math.top_k(tf.constant(x), 3)
    expected = np.argsort(-x, axis=-1, kind="stable")[..., :3]
    np.testing.assert_array_equal(indices.numpy(), expected)
    np.testing.assert_array_equal(values.numpy(), np.take_along_axis(x, expected, -1))
    assert indices.dtype == tf.int32


def test_ties_go_to_the_lower_index():
    r = tf.nn.top_k(tf.constant([1.0, 3.0, 5.0, 3.0, 2.0]), 3)
    assert r.indices.numpy().tolist() == [2, 1, 3]
    assert type(r).__name__ == "TopKV2" and r._fields == ("values", "indices")


def test_nan_is_placed_where_tensorflows_heap_leaves_it():
    # recorded from TF 2.21: its comparator says NaN is neither larger nor smaller
    r = tf.nn.top_k(tf.constant([1.0, 3.0, np.nan, 3.0, 2.0]), 3)
    assert r.indices.numpy().tolist() == [1, 2, 3]


def test_top_k_errors_as_tensorflow():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Had 3, needed 4"):
        tf.math.top_k(tf.constant([1.0, 2.0, 3.0]), 4)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Need k >= 0, got -1"):
        tf.math.top_k(tf.constant([1.0, 2.0, 3.0]), -1)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"input must be >= 1-D"):
        tf.math.top_k(tf.constant(1.0), 1)


def test_top_k_gradient_scatters_back_to_the_chosen_entries():
    x = np.array([[0.5, 3.0, 1.5, -1.0], [4.0, 1.0, 2.0, 0.25]])
    weights = tf.constant([[2.0, -3.0], [0.5, 1.0]], tf.float64)
    check_gradients(lambda t: tf.math.top_k(t * t * t, 2).values * weights, x, order=2)


def test_in_top_k_counts_ties_as_in_and_rows_with_non_finite_predictions_as_out():
    predictions = tf.constant([[1.0, 2.0, 2.0], [3.0, np.inf, 0.0], [0.1, 0.2, 0.3]])
    got = tf.math.in_top_k(tf.constant([1, 0, 7]), predictions, 1)
    assert got.numpy().tolist() == [True, False, False]


def test_in_top_k_takes_float32_predictions_only():
    with pytest.raises(tf.errors.InvalidArgumentError, match="expected to be a float tensor"):
        tf.math.in_top_k(tf.constant([0]), tf.constant([[1.0, 2.0]], tf.float64), 1)


# Recorded from TF 2.21: tf.math.top_k(row, k, sorted=False).indices, the order its heap
# leaves them in (neither sorted nor the input's order)
TF_UNSORTED = [
    ([2.0, 5.0, 1.0, 3.0, 4.0], 3, [3, 1, 4]),
    ([1.0, 3.0, 2.0, 5.0, 4.0], 3, [1, 3, 4]),
    ([2.0, 1.0, 5.0, 3.0, 4.0], 3, [3, 2, 4]),
    ([1.0, 3.0, 3.0, 2.0], 2, [2, 1]),
]


def test_unsorted_top_k_keeps_tensorflows_heap_order():
    for row, k, expected in TF_UNSORTED:
        got = tf.math.top_k(tf.constant(row), k, sorted=False).indices.numpy().tolist()
        assert got == expected, (row, k)


def test_unsorted_top_k_picks_the_same_entries_as_sorted():
    x = np.random.default_rng(3).normal(size=(6, 11))
    for k in range(2, 11):
        unsorted = tf.math.top_k(tf.constant(x), k, sorted=False).indices.numpy()
        ordered = tf.math.top_k(tf.constant(x), k).indices.numpy()
        assert (np.sort(unsorted, -1) == np.sort(ordered, -1)).all()
