"""tf.sort / tf.argsort (over TopKV2) and tf.searchsorted: values against NumPy, gradients
against finite differences in float64 (first and second order), and what the tape keeps."""

import numpy as np
import pytest

import engine as tf
from engine.ops.registry import lookup
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(7)
WEIGHTS = {(5,): np.arange(1.0, 6.0), (3, 4): np.arange(1.0, 13.0).reshape(3, 4)}


def _distinct(shape):
    """Values far enough apart that a finite-difference step never reorders them."""
    return RNG.permutation(np.arange(int(np.prod(shape)), dtype=np.float64)).reshape(shape) * 0.37


@pytest.mark.parametrize("direction", ["ASCENDING", "DESCENDING"])
@pytest.mark.parametrize("shape, axis", [((5,), -1), ((3, 4), 0), ((3, 4), 1), ((3, 4), -2)])
def test_sort_gradients_match_finite_differences(direction, shape, axis):
    weights = tf.constant(WEIGHTS[shape])

    def f(x):
        return tf.sort(x, axis=axis, direction=direction) ** 3 * weights

    check_gradients(f, _distinct(shape), order=2)


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64", "uint8", "int8"])
@pytest.mark.parametrize("direction", ["ASCENDING", "DESCENDING"])
def test_sort_and_argsort_values_match_numpy(dtype, direction):
    x = RNG.integers(0, 100, size=(4, 6)).astype(dtype)
    expected = np.sort(x, axis=-1, kind="stable")
    order = np.argsort(x, axis=-1, kind="stable")
    if direction == "DESCENDING":
        expected = expected[:, ::-1]
        order = np.argsort(-x.astype(np.int64), axis=-1, kind="stable")
    got = tf.sort(tf.constant(x), direction=direction)
    assert got.dtype.name == dtype
    np.testing.assert_array_equal(got.numpy(), expected)
    indices = tf.argsort(tf.constant(x), direction=direction)
    assert indices.dtype == tf.int32
    np.testing.assert_array_equal(indices.numpy(), order)


def test_argsort_keeps_equal_values_in_their_original_order():
    x = tf.constant([2.0, 1.0, 2.0, 1.0, 2.0])
    assert tf.argsort(x).numpy().tolist() == [1, 3, 0, 2, 4]
    assert tf.argsort(x, direction="DESCENDING").numpy().tolist() == [0, 2, 4, 1, 3]


def test_sort_of_the_most_negative_int_does_not_overflow():
    x = tf.constant(np.array([5, np.iinfo(np.int32).min, 0], np.int32))
    assert tf.sort(x).numpy().tolist() == [np.iinfo(np.int32).min, 0, 5]


def test_sort_records_neg_topkv2_neg_and_argsort_gives_no_gradient():
    x = tf.constant([3.0, 1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = tf.sort(x)
        order = tf.cast(tf.argsort(x), tf.float32)
    assert [r.op.type for r in tape._records][:3] == ["Neg", "TopKV2", "Neg"]
    top_k = tape._records[1]
    assert top_k.inputs is None  # only the indices output is kept for backward
    assert top_k.outputs[0] is None and top_k.outputs[1] is not None
    assert tape.gradient(order, x) is None
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 1.0, 1.0]


def test_topkv2_keeps_only_its_indices_for_backward():
    opdef = lookup("TopKV2")
    assert opdef.saves_inputs == ()
    assert opdef.saves_outputs == (1,)


def test_sort_rejects_a_bad_direction_and_a_non_scalar_axis():
    with pytest.raises(ValueError, match="direction=UP"):
        tf.sort([1.0], direction="UP")
    with pytest.raises(ValueError, match="must be a constant scalar"):
        tf.sort([1.0], axis=[0])
    with pytest.raises(tf.errors.InvalidArgumentError, match="slice index 1 of dimension 0"):
        tf.sort([1.0, 2.0], axis=1)


def _lower_bound(row, value, right=False):
    """std::lower_bound / std::upper_bound, as TF's kernel calls them."""
    first, count = 0, len(row)
    while count > 0:
        step = count // 2
        if (row[first + step] <= value) if right else (row[first + step] < value):
            first, count = first + step + 1, count - step - 1
        else:
            count = step
    return first


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_matches_numpy_on_sorted_rows(side):
    rows = np.sort(RNG.integers(0, 10, size=(3, 7)), axis=1).astype(np.float32)
    values = RNG.integers(-1, 11, size=(3, 5)).astype(np.float32)
    got = tf.searchsorted(tf.constant(rows), tf.constant(values), side=side).numpy()
    expected = np.stack([np.searchsorted(r, v, side=side) for r, v in zip(rows, values)])
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("side", ["left", "right"])
def test_searchsorted_on_unsorted_rows_gives_the_binary_search_answer(side):
    rows = RNG.permutation(np.arange(9.0)).reshape(1, 9)
    values = np.arange(-0.5, 9.5, 0.5).reshape(1, -1)
    got = tf.searchsorted(tf.constant(rows), tf.constant(values), side=side).numpy()
    expected = [_lower_bound(rows[0], v, side == "right") for v in values[0]]
    assert got[0].tolist() == expected


def test_searchsorted_out_type_and_no_gradient_registered():
    s = tf.constant([1.0, 2.0, 3.0])
    assert tf.searchsorted(s, [2.5], out_type=tf.int64).dtype == tf.int64
    assert lookup("LowerBound").gradient is None
    assert lookup("UpperBound").gradient is None
