"""tensor[key] (StridedSlice): NumPy's basic-indexing semantics, TF's encoding and errors, and
the gradient (StridedSliceGrad, itself differentiable)."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

A = np.arange(24.0).reshape(2, 3, 4).astype(np.float32)
T = tf.constant(A)

KEYS = [
    0,
    -1,
    1,
    slice(None),
    slice(1, None),
    slice(None, -1),
    slice(None, None, -1),
    slice(5, 10),
    slice(-10, 1),
    (0, 1),
    (1, -3, -4),
    (slice(None), 1),
    (..., 1),
    (1, ...),
    (..., None),
    (None, ..., 1),
    (None, 0, None, slice(1, 3)),
    (slice(None, None, -1), slice(None, None, -2), slice(3, 0, -2)),
    (0, slice(2, 0, -1), slice(None, None, 3)),
    (slice(1, 2), ..., slice(-3, None)),
    Ellipsis,
    (),
    (slice(None), slice(None), slice(None)),
    (np.int64(1), np.int32(2)),
    (np.array(1),),
]


@pytest.mark.parametrize("key", KEYS, ids=[repr(k) for k in KEYS])
def test_basic_indexing_matches_numpy(key):
    got = T[key]
    expected = A[key]
    assert got.shape == expected.shape
    np.testing.assert_array_equal(got.numpy(), expected)
    assert got.dtype == tf.float32


def test_scalar_tensor_indices_and_slice_bounds():
    assert T[tf.constant(1)].shape == (3, 4)
    assert T[tf.constant(1, tf.int64)].shape == (3, 4)
    assert T[tf.constant(1) :].shape == (1, 3, 4)
    assert T[:, :: tf.constant(2)].shape == (2, 2, 4)
    assert T[[tf.constant(1), 2]].shape == (4,)  # a list is a tuple of indices, as in TF
    np.testing.assert_array_equal(T[[0, 1]].numpy(), A[0, 1])


def test_tf_newaxis_is_none():
    assert tf.newaxis is None
    assert T[:, tf.newaxis].shape == (2, 1, 3, 4)


def test_scalars_take_ellipsis_and_new_axis():
    s = tf.constant(3.0)
    assert s[...].numpy() == 3.0 and s[...].shape == ()
    assert s[None].numpy().tolist() == [3.0]


def test_a_boolean_key_is_a_boolean_mask_as_in_tf():
    np.testing.assert_array_equal(T[T > 20.0].numpy(), [21.0, 22.0, 23.0])
    assert T[np.array([True, False])].shape == (1, 3, 4)
    assert T[tf.ones((2, 3), tf.bool)].shape == (6, 4)
    with pytest.raises(ValueError, match=r"^mask cannot be scalar\.$"):
        T[True]


def test_variables_slice_like_tensors():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert v[1, ::-1].numpy().tolist() == [4.0, 3.0]
    with tf.GradientTape() as tape:
        y = v[0, 1] * 3.0
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [[0.0, 3.0], [0.0, 0.0]])


def test_strided_slice_with_masks():
    x = tf.reshape(tf.range(12.0), (3, 4))
    np.testing.assert_array_equal(
        tf.strided_slice(x, [0, 1], [3, 4], [2, 2]).numpy(), [[1.0, 3.0], [9.0, 11.0]]
    )
    np.testing.assert_array_equal(
        tf.strided_slice(
            x, [1, 0], [0, 2], begin_mask=0b10, end_mask=0b01, shrink_axis_mask=0
        ).numpy(),
        x.numpy()[1:, :2],
    )
    np.testing.assert_array_equal(
        tf.strided_slice(x, [1], [2], shrink_axis_mask=1).numpy(), x.numpy()[1]
    )


def test_slicing_records_strided_slice_with_tf_encoding():
    x = tf.reshape(tf.range(12.0), (3, 4))
    with tf.GradientTape() as tape:
        tape.watch(x)
        x[1:, None, ::2]
    (record,) = tape._records
    assert record.op.type == "StridedSlice"
    spec = record.attrs
    assert (spec.begin, spec.end, spec.strides) == ([1, 0, 0], [0, 0, 0], [1, 1, 2])
    # TF's graph records begin_mask=4 end_mask=5 ellipsis_mask=0 new_axis_mask=2 shrink=0
    assert spec.masks == (4, 5, 0, 2, 0)
    assert record.inputs is None  # the gradient keeps shapes, not values


# --- gradients ----------------------------------------------------------------------------
GRAD_KEYS = [
    (slice(1, None), slice(None, None, -2)),
    (-1, None, Ellipsis, slice(1, 3)),
    (Ellipsis, 0),
    (0, 2),
    (slice(None), slice(5, 0, -2), None),
]


@pytest.mark.parametrize("key", GRAD_KEYS, ids=[repr(k) for k in GRAD_KEYS])
def test_slicing_gradients_match_finite_differences(key):
    x = np.random.default_rng(2).normal(size=(3, 4))
    weights = np.arange(1.0, 1 + x[key].size).reshape(x[key].shape)
    check_gradients(lambda t: t[key] ** 2 * weights, x, order=2)


@pytest.mark.parametrize("shape", SHAPES)
def test_ellipsis_slicing_gradients_over_the_shape_matrix(shape):
    x = np.random.default_rng(4).normal(size=shape)
    key = (None, Ellipsis, slice(None, None, -1)) if shape else (None, Ellipsis)
    weights = np.arange(1.0, 1 + x.size).reshape(x[key].shape)
    check_gradients(lambda t: t[key] ** 2 * weights, x, order=2)


def test_slicing_gradient_matches_tf():
    x = tf.reshape(tf.range(12.0), (3, 4))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x[1:, ::2] * x[-1, tf.constant(1)]
    np.testing.assert_array_equal(
        tape.gradient(y, x).numpy(),
        [[0.0, 0.0, 0.0, 0.0], [9.0, 0.0, 9.0, 0.0], [9.0, 28.0, 9.0, 0.0]],
    )


def test_slicing_a_scalar_gradient_and_iteration():
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = sum(v * v for v in x)
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [2.0, 4.0, 6.0])


# --- errors -------------------------------------------------------------------------------
ERRORS = [
    (lambda: T[5], "slice index 5 of dimension 0 out of bounds."),
    (lambda: T[-3], "slice index -1 of dimension 0 out of bounds."),
    (lambda: T[:, 7], "slice index 7 of dimension 1 out of bounds."),
    (lambda: T[..., 4], "slice index 4 of dimension 2 out of bounds."),
    (lambda: T[0, 0, 0, 0], "Index out of range using input dim 3; input has only 3 dims"),
    (lambda: T[:, :, :, :], "Index out of range using input dim 3; input has only 3 dims"),
    (lambda: T[::0], "strides[0] must be non-zero"),
    (lambda: T[..., ...], "Multiple ellipses in slice spec not allowed"),
    (lambda: tf.constant(3.0)[0], "Attempting to slice scalar input."),
]


@pytest.mark.parametrize("call,message", ERRORS, ids=[e[1][:40] for e in ERRORS])
def test_slicing_errors_in_tf_wording(call, message):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == f"{message} [Op:StridedSlice]"


BAD_INDICES = [
    1.5,
    "a",
    tf.constant(1.0),
    tf.constant([0, 1]),
    tf.constant(1, tf.uint8),
    np.array([0, 1]),
]


@pytest.mark.parametrize("index", BAD_INDICES, ids=[repr(i)[:30] for i in BAD_INDICES])
def test_invalid_index_types_raise_tf_type_error(index):
    with pytest.raises(TypeError) as info:
        T[index]
    assert str(info.value) == (
        "Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
        f"tf.int32/tf.int64 tensors are valid indices, got {index!r}"
    )
