"""GatherV2, GatherNd, ScatterNd, UnsortedSegmentSum, boolean_mask, and gather's IndexedSlices
gradient (densified by convert_to_tensor, accumulated as TF accumulates it)."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(5)
unsorted_segment_sum = tf.math.unsorted_segment_sum
X = tf.reshape(tf.range(12.0), (3, 4))


def weights(shape):
    return tf.constant(np.arange(1, 1 + int(np.prod(shape)), dtype=np.float64).reshape(shape) / 7)


# --- forward values -----------------------------------------------------------------------
def test_gather_values_match_numpy_take():
    a = RNG.normal(size=(3, 4, 2)).astype(np.float32)
    np.testing.assert_array_equal(tf.gather(a, [2, 0, 2]).numpy(), np.take(a, [2, 0, 2], 0))
    np.testing.assert_array_equal(
        tf.gather(a, [[1, 3], [0, 0]], axis=1).numpy(), np.take(a, [[1, 3], [0, 0]], 1)
    )
    np.testing.assert_array_equal(tf.gather(a, [1], axis=-1).numpy(), np.take(a, [1], -1))
    np.testing.assert_array_equal(tf.gather(X, 1, axis=1).numpy(), [1.0, 5.0, 9.0])
    batched = tf.gather(X, [[0, 2], [1, 1], [3, 3]], axis=1, batch_dims=1)
    np.testing.assert_array_equal(batched.numpy(), [[0.0, 2.0], [5.0, 5.0], [11.0, 11.0]])


def test_gather_nd_scatter_nd_and_segment_sum_values_match_tf():
    params = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_array_equal(
        tf.gather_nd(params, [[[0, 1]], [[1, 0]]]).numpy(), [[2.0], [3.0]]
    )
    assert float(tf.gather_nd(params, [1, 0])) == 3.0
    np.testing.assert_array_equal(tf.gather_nd(X, [[1], [0]]).numpy(), X.numpy()[[1, 0]])
    np.testing.assert_array_equal(
        tf.scatter_nd([[1], [3], [1]], [1.0, 2.0, 3.0], [5]).numpy(), [0.0, 4.0, 0.0, 2.0, 0.0]
    )
    np.testing.assert_array_equal(
        tf.scatter_nd([[0, 1], [2, 3]], [1.0, 2.0], [3, 4]).numpy(),
        [[0, 1, 0, 0], [0, 0, 0, 0], [0, 0, 0, 2]],
    )
    # Negative segment ids are dropped, as TF drops them.
    summed = unsorted_segment_sum([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], [1, -1, 1], 3)
    np.testing.assert_array_equal(summed.numpy(), [[0.0, 0.0], [6.0, 8.0], [0.0, 0.0]])
    summed = unsorted_segment_sum(X, [0, 1, 0], tf.constant(2))
    np.testing.assert_array_equal(summed.numpy(), [[8.0, 10.0, 12.0, 14.0], [4.0, 5.0, 6.0, 7.0]])


def test_boolean_mask_values_match_tf():
    np.testing.assert_array_equal(
        tf.boolean_mask(X, X > 5.0).numpy(), [6.0, 7.0, 8.0, 9.0, 10.0, 11.0]
    )
    np.testing.assert_array_equal(
        tf.boolean_mask(X, [True, False, True, False], axis=1).numpy(),
        [[0.0, 2.0], [4.0, 6.0], [8.0, 10.0]],
    )
    np.testing.assert_array_equal(
        tf.boolean_mask(X, [True, False, True]).numpy(), X.numpy()[[0, 2]]
    )
    masked = tf.boolean_mask([1, 2, 3], [True, False, True])
    assert masked.dtype == tf.int32 and masked.numpy().tolist() == [1, 3]


# --- gradients: IndexedSlices as TF builds them -------------------------------------------
def test_gather_axis_0_gradient_is_indexed_slices_like_tf():
    with tf.GradientTape() as tape:
        tape.watch(X)
        y = tf.gather(X, [[0, 2], [0, 1]]) * tf.reshape(tf.range(16.0), (2, 2, 4))
    grad = tape.gradient(y, X)
    assert isinstance(grad, tf.IndexedSlices)
    assert grad.indices.dtype == tf.int32 and grad.dense_shape.dtype == tf.int32
    np.testing.assert_array_equal(grad.values.numpy(), np.arange(16.0).reshape(4, 4))
    assert grad.indices.numpy().tolist() == [0, 2, 0, 1]
    assert grad.dense_shape.numpy().tolist() == [3, 4]
    assert grad.shape == (3, 4) and grad.dtype == tf.float32
    dense = tf.convert_to_tensor(grad)  # TF prints this densified value
    np.testing.assert_array_equal(
        dense.numpy(), [[8.0, 10.0, 12.0, 14.0], [12.0, 13.0, 14.0, 15.0], [4.0, 5.0, 6.0, 7.0]]
    )


def test_gather_of_a_variable_gives_indexed_slices_like_tf():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, [2, 2]) ** 2)
    grad = tape.gradient(y, v)
    assert isinstance(grad, tf.IndexedSlices)
    assert grad.values.numpy().tolist() == [[10.0, 12.0], [10.0, 12.0]]
    assert grad.indices.numpy().tolist() == [2, 2]
    assert grad.dense_shape.numpy().tolist() == [3, 2]


def test_two_sparse_gradients_stay_sparse_and_mixed_ones_are_dense_as_in_tf():
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(X)
        two = tf.reduce_sum(tf.gather(X, [0])) + tf.reduce_sum(tf.gather(X, [1, 0]))
        mixed = tf.reduce_sum(tf.gather(X, [0])) + tf.reduce_sum(X)
    sparse = tape.gradient(two, X)
    # TF prints IndexedSlices(indices=[0 1 0] int32, values=ones((3, 4)), dense_shape=[3 4])
    assert isinstance(sparse, tf.IndexedSlices)
    assert sparse.indices.numpy().tolist() == [0, 1, 0]
    assert sparse.indices.dtype == tf.int32
    np.testing.assert_array_equal(sparse.values.numpy(), np.ones((3, 4)))
    np.testing.assert_array_equal(
        tf.convert_to_tensor(sparse).numpy(), [[2.0] * 4, [1.0] * 4, [0.0] * 4]
    )
    dense = tape.gradient(mixed, X)
    assert type(dense).__name__ == "EagerTensor"
    np.testing.assert_array_equal(dense.numpy(), [[2.0] * 4, [1.0] * 4, [1.0] * 4])


def test_indexed_slices_prints_like_tf():
    with tf.GradientTape() as tape:
        tape.watch(X)
        y = tf.gather(X, [1])
    assert str(tape.gradient(y, X)) == (
        "IndexedSlices(indices=tf.Tensor([1], shape=(1,), dtype=int32), values=tf.Tensor([[1. 1. "
        "1. 1.]], shape=(1, 4), dtype=float32), dense_shape=tf.Tensor([3 4], shape=(2,), "
        "dtype=int32))"
    )


def test_an_op_consuming_a_sparse_gradient_densifies_it():
    sliced = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([3, 2]))
    np.testing.assert_array_equal(
        tf.multiply(sliced, 2.0).numpy(), [[0.0, 0.0], [2.0, 4.0], [0.0, 0.0]]
    )
    np.testing.assert_array_equal((-sliced).values.numpy(), [[-1.0, -2.0]])


def test_other_gather_gradients_are_dense_and_match_tf():
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(X)
        along_1 = tf.gather(X, [3, 0, 3], axis=1) * tf.reshape(tf.range(9.0), (3, 3))
        rows = tf.gather_nd(X, [[1], [1]]) * tf.reshape(tf.range(8.0), (2, 4))
        mask = tf.boolean_mask(X, X > 5.0) * tf.range(6.0)
        mask_1 = tf.boolean_mask(X, [True, False, True, True], axis=1) * 2.0
    np.testing.assert_array_equal(
        tape.gradient(along_1, X).numpy(), [[1, 0, 0, 2], [4, 0, 0, 8], [7, 0, 0, 14]]
    )
    sparse_rows = tape.gradient(rows, X)  # TF: GatherNd of whole rows is sparse too
    assert isinstance(sparse_rows, tf.IndexedSlices)
    assert sparse_rows.indices.numpy().tolist() == [1, 1]
    np.testing.assert_array_equal(sparse_rows.values.numpy(), np.arange(8.0).reshape(2, 4))
    np.testing.assert_array_equal(
        tape.gradient(mask, X).numpy(), [[0, 0, 0, 0], [0, 0, 0, 1], [2, 3, 4, 5]]
    )
    np.testing.assert_array_equal(tape.gradient(mask_1, X).numpy(), [[2, 0, 2, 2]] * 3)


@pytest.mark.parametrize(
    "axis,batch_dims,indices",
    [
        (0, 0, [2, 0, 2]),
        (0, 0, [[1, 1], [0, 2]]),
        (1, 0, [[3, 0], [1, 1]]),
        (-1, 0, [0, 1, 1]),
        (1, 1, [[0, 2], [1, 1], [3, 3]]),
        (2, 1, [[1, 0], [0, 0], [1, 1]]),
    ],
)
def test_gather_gradients_match_finite_differences(axis, batch_dims, indices):
    shape = (3, 4, 2)
    out = tf.gather(tf.zeros(shape), indices, axis=axis, batch_dims=batch_dims).shape
    check_gradients(
        lambda t: tf.gather(t, indices, axis=axis, batch_dims=batch_dims) ** 2 * weights(out),
        RNG.normal(size=shape),
        order=2,
    )


def test_gather_nd_scatter_nd_segment_sum_and_boolean_mask_gradients():
    x = RNG.normal(size=(3, 4))
    check_gradients(
        lambda t: tf.gather_nd(t, [[0, 2], [0, 2], [2, 1]]) ** 2 * weights((3,)), x, order=2
    )
    check_gradients(lambda t: tf.gather_nd(t, [[2], [0], [2]]) ** 2 * weights((3, 4)), x, order=2)
    check_gradients(
        lambda u: tf.scatter_nd([[1, 0], [2, 3], [1, 0]], u, [3, 4]) ** 2 * weights((3, 4)),
        RNG.normal(size=(3,)),
        order=2,
    )
    check_gradients(
        lambda t: unsorted_segment_sum(t, [1, -1, 1], 3) ** 2 * weights((3, 4)), x, order=2
    )
    check_gradients(
        lambda t: unsorted_segment_sum(t, [[0, 1], [1, 1], [0, 0]], 2) ** 2,
        RNG.normal(size=(3, 2, 2)),
        order=2,
    )
    check_gradients(lambda t: tf.boolean_mask(t, t > 0.0) ** 2, x, order=2)


def test_segment_sum_gradient_matches_tf():
    data = tf.ones((3, 2, 2))
    with tf.GradientTape() as tape:
        tape.watch(data)
        y = unsorted_segment_sum(data, [[0, 1], [1, 1], [0, 0]], 3)
    np.testing.assert_array_equal(tape.gradient(y, data).numpy(), np.ones((3, 2, 2)))
    with tf.GradientTape() as tape:
        tape.watch(X)
        y = unsorted_segment_sum(X, [0, -1, 1], 2)
    np.testing.assert_array_equal(tape.gradient(y, X).numpy(), [[1.0] * 4, [0.0] * 4, [1.0] * 4])


# --- errors -------------------------------------------------------------------------------
ERRORS = [
    (lambda: tf.gather(X, [0, 5]), "GatherV2", "indices[1] = 5 is not in [0, 3)"),
    (lambda: tf.gather(X, [0, 5], axis=1), "GatherV2", "indices[1] = 5 is not in [0, 4)"),
    (lambda: tf.gather(X, [[0, 1], [5, 0]]), "GatherV2", "indices[1,0] = 5 is not in [0, 3)"),
    (lambda: tf.gather(X, [-1]), "GatherV2", "indices[0] = -1 is not in [0, 3)"),
    (lambda: tf.gather(X, [1], axis=2), "GatherV2", "Shape must be at least rank 3 but is rank 2"),
    (
        lambda: tf.gather(X, [0.0]),
        "GatherV2",
        "Value for attr 'Tindices' of float is not in the list of allowed values: int16, int32, int64",
    ),
    (
        lambda: tf.gather_nd(X, [[0, 7]]),
        "GatherNd",
        "indices[0] = [0, 7] does not index into param shape [3,4], node name: GatherNd",
    ),
    (
        lambda: tf.gather_nd(X, [[-1, 0]]),
        "GatherNd",
        "indices[0] = [-1, 0] does not index into param shape [3,4], node name: GatherNd",
    ),
    (
        lambda: tf.gather_nd(X, [[0, 1, 2]]),
        "GatherNd",
        "index innermost dimension length must be <= params rank; saw: 3 vs. 2",
    ),
    (
        lambda: tf.scatter_nd([[5]], [1.0], [3]),
        "ScatterNd",
        "indices[0] = [5] does not index into shape [3]",
    ),
    (
        lambda: unsorted_segment_sum(X, [0, 5, 1], 2),
        "UnsortedSegmentSum",
        "segment_ids[1] = 5 is out of range [0, 2)",
    ),
    (
        lambda: unsorted_segment_sum(X, [0, 1], 2),
        "UnsortedSegmentSum",
        "data.shape = [3,4] does not start with segment_ids.shape = [2]",
    ),
]


@pytest.mark.parametrize("call,op_type,message", ERRORS, ids=[e[2][:40] for e in ERRORS])
def test_indexing_errors_in_tf_wording(call, op_type, message):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == f"{message} [Op:{op_type}]"


def test_boolean_mask_shape_errors_are_value_errors_as_in_tf():
    with pytest.raises(ValueError, match=r"^Shapes \(3,\) and \(2,\) are incompatible$"):
        tf.boolean_mask(X, [True, False])
    with pytest.raises(ValueError, match=r"^mask cannot be scalar\.$"):
        tf.boolean_mask(X, True)


def test_unsorted_segment_sum_lives_in_tf_math_only_as_in_tf():
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.unsorted_segment_sum$"
    ):
        tf.unsorted_segment_sum
