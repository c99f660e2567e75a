"""segment_sum, segment_mean and unsorted_segment_mean: values against a NumPy loop, TF's
checks on the ids, and gradients against central finite differences (first and second order)."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

DATA = np.array([[1.0, 2.0], [3.0, -4.0], [5.0, 6.0], [-7.0, 8.0]])
IDS = [0, 0, 2, 3]


def by_loop(data, ids, rows, mean):
    out = np.zeros((rows,) + data.shape[1:])
    counts = np.zeros(rows)
    for row, i in zip(data, ids):
        if i >= 0:
            out[i] += row
            counts[i] += 1
    if mean:
        out /= np.maximum(counts, 1).reshape((-1,) + (1,) * (data.ndim - 1))
    return out


def test_segment_sum_and_mean_match_a_loop_with_empty_segments_zero():
    got_sum = tf.math.segment_sum(tf.constant(DATA), IDS).numpy()
    got_mean = tf.math.segment_mean(tf.constant(DATA), IDS).numpy()
    np.testing.assert_allclose(got_sum, by_loop(DATA, IDS, 4, mean=False))
    np.testing.assert_allclose(got_mean, by_loop(DATA, IDS, 4, mean=True))


def test_unsorted_segment_mean_matches_a_loop_and_drops_negative_ids():
    ids = [2, -1, 0, 2]
    got = tf.math.unsorted_segment_mean(tf.constant(DATA), ids, 4).numpy()
    np.testing.assert_allclose(got, by_loop(DATA, ids, 4, mean=True))


def test_integer_segment_mean_truncates_and_unsorted_mean_of_integers_is_float64():
    assert tf.math.segment_mean(tf.constant([1, 2, -3, -4]), [0, 0, 1, 1]).numpy().tolist() == [
        1,
        -3,
    ]
    got = tf.math.unsorted_segment_mean(tf.constant([1, 2, 4]), [0, 1, 0], 2)
    assert got.dtype == tf.float64 and got.numpy().tolist() == [2.5, 2.0]


@pytest.mark.parametrize(
    ("ids", "message"),
    [
        ([0, 2, 1, 3], "segment ids are not increasing"),
        ([-1, 0, 1, 1], r"Segment id -1 out of range \[0, 2\)"),
        ([0, 1], "segment_ids should be the same size as dimension 0 of input."),
        ([[0, 0, 1, 1]], "segment_ids should be a vector."),
    ],
)
def test_bad_sorted_segment_ids_raise_as_tensorflow(ids, message):
    with pytest.raises(tf.errors.InvalidArgumentError, match=message):
        tf.math.segment_sum(tf.constant(DATA), ids)


def test_segment_ids_must_be_int32_or_int64():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Tindices"):
        tf.math.segment_mean(tf.constant(DATA), [0.0, 0.0, 1.0, 1.0])


@pytest.mark.parametrize(
    "f",
    [
        lambda x: tf.math.segment_sum(x * x, IDS),
        lambda x: tf.math.segment_mean(x * x * x, IDS),
        lambda x: tf.math.unsorted_segment_mean(x * x * x, [2, -1, 0, 2], 4),
        lambda x: tf.math.segment_mean(tf.sin(x), [0, 1, 1, 1]),
    ],
    ids=["segment_sum", "segment_mean", "unsorted_segment_mean", "segment_mean of sin"],
)
def test_gradients_match_finite_differences(f):
    weights = tf.constant(np.arange(1.0, 9.0).reshape(4, 2))
    check_gradients(lambda x: f(x) * weights[: f(x).shape[0]], DATA, order=2)
