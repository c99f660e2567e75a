"""tf.unique(_with_counts), tf.math.bincount, tf.histogram_fixed_width and tf.sequence_mask:
values against NumPy, result structures, and TF's gradient registry (none registered for
Unique, DenseBincount, HistogramFixedWidth: backprop into them raises LookupError)."""

import numpy as np
import pytest

import engine as tf

RNG = np.random.default_rng(3)


def test_unique_returns_the_namedtuple_in_order_of_first_appearance():
    x = np.array([4, 1, 4, 9, 1, 1, 7], np.int32)
    result = tf.unique(tf.constant(x))
    assert type(result).__name__ == "Unique" and result._fields == ("y", "idx")
    assert result.y.numpy().tolist() == [4, 1, 9, 7]
    np.testing.assert_array_equal(result.y.numpy()[result.idx.numpy()], x)
    counted = tf.unique_with_counts(tf.constant(x), out_idx=tf.int64)
    assert counted.count.numpy().tolist() == [2, 3, 1, 1]
    assert counted.idx.dtype == tf.int64 and counted.count.dtype == tf.int64


@pytest.mark.parametrize(
    "call, op_type",
    [
        (lambda x: tf.unique(x).y, "Unique"),
        (lambda x: tf.math.bincount([0, 1, 1], weights=x), "DenseBincount"),
    ],
)
def test_backprop_into_ops_without_a_gradient_raises_lookup_error(call, op_type):
    x = tf.constant([3.0, 1.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = call(x)
    with pytest.raises(LookupError, match=f"gradient registry has no entry for: {op_type}"):
        tape.gradient(y, x)


@pytest.mark.parametrize("minlength, maxlength", [(None, None), (12, None), (None, 4), (2, 6)])
def test_bincount_matches_numpy(minlength, maxlength):
    arr = RNG.integers(0, 8, size=20).astype(np.int32)
    weights = RNG.normal(size=20).astype(np.float32)
    size = arr.max() + 1
    if minlength is not None:
        size = max(size, minlength)
    if maxlength is not None:
        size = min(size, maxlength)
    kept = arr < size
    expected = np.bincount(arr[kept], weights[kept], minlength=size)
    got = tf.math.bincount(arr, weights=weights, minlength=minlength, maxlength=maxlength)
    assert got.dtype == tf.float32
    np.testing.assert_allclose(got.numpy(), expected, rtol=1e-6)


def test_bincount_per_row_and_binary_output():
    arr = np.array([[1, 2, 2], [0, 0, 1]], np.int32)
    got = tf.math.bincount(arr, axis=-1, minlength=4)
    assert got.numpy().tolist() == [[0, 1, 2, 0], [2, 1, 0, 0]]
    assert tf.math.bincount(arr, binary_output=True).numpy().tolist() == [1, 1, 1]
    with pytest.raises(tf.errors.InvalidArgumentError, match="must be non-negative"):
        tf.math.bincount([1, -1])


def test_histogram_fixed_width_matches_numpy_inside_the_range_and_clamps_outside():
    values = RNG.uniform(-0.5, 1.5, size=200).astype(np.float32)
    got = tf.histogram_fixed_width(values, [0.0, 1.0], nbins=5).numpy()
    clipped = np.clip(values, 0.0, 0.9999)
    expected, _ = np.histogram(clipped, bins=5, range=(0.0, 1.0))
    assert got.tolist() == expected.tolist()
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"but got '\[1, 0\]'"):
        tf.histogram_fixed_width(values, [1.0, 0.0], nbins=2)


def test_sequence_mask_matches_a_comparison_with_positions():
    lengths = np.array([[1, 4], [0, 2]], np.int32)
    got = tf.sequence_mask(lengths, 5, dtype=tf.float32).numpy()
    expected = (np.arange(5) < lengths[..., None]).astype(np.float32)
    np.testing.assert_array_equal(got, expected)
    assert tf.sequence_mask([1, 3]).shape == (2, 3)
    with pytest.raises(ValueError, match="must be scalar for sequence_mask"):
        tf.sequence_mask([1, 3], maxlen=[3])


def test_a_masked_loss_gets_gradient_only_inside_each_sequence():
    pred = tf.constant(np.linspace(0.0, 1.0, 8).reshape(2, 4))
    mask = tf.sequence_mask([3, 1], 4, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(pred)
        loss = tf.reduce_sum(tf.square(pred - 1.0) * mask)
    expected = 2.0 * (pred.numpy() - 1.0) * (np.arange(4) < np.array([[3], [1]]))
    np.testing.assert_allclose(tape.gradient(loss, pred).numpy(), expected)
