"""ConcatV2, Pack, Unpack, Split, SplitV: values, gradients (each the other's), errors as TF's."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

RNG = np.random.default_rng(11)


def weights(shape):
    return tf.constant(np.arange(1, 1 + int(np.prod(shape)), dtype=np.float64).reshape(shape) / 5)


def test_concat_stack_values_match_numpy():
    a, b = RNG.normal(size=(2, 3)), RNG.normal(size=(2, 3))
    np.testing.assert_array_equal(tf.concat([a, b], 0).numpy(), np.concatenate([a, b], 0))
    np.testing.assert_array_equal(tf.concat([a, b], -1).numpy(), np.concatenate([a, b], 1))
    np.testing.assert_array_equal(tf.stack([a, b], 1).numpy(), np.stack([a, b], 1))
    np.testing.assert_array_equal(tf.stack([a, b], -1).numpy(), np.stack([a, b], -1))
    assert tf.concat([[1.0, 2.0], [3.0]], 0).numpy().tolist() == [1.0, 2.0, 3.0]
    stacked = tf.stack([[1.0, 2.0], [3.0, 4.0]])
    assert stacked.dtype == tf.float32 and stacked.shape == (2, 2)
    assert tf.stack([]).shape == (0,) and tf.stack([]).dtype == tf.float32


def test_unstack_and_split_values_match_numpy():
    x = RNG.normal(size=(3, 4)).astype(np.float32)
    parts = tf.unstack(x, axis=-1)
    assert len(parts) == 4 and all(p.shape == (3,) for p in parts)
    np.testing.assert_array_equal(parts[2].numpy(), x[:, 2])
    halves = tf.split(x, 2, axis=1)
    np.testing.assert_array_equal(halves[1].numpy(), x[:, 2:])
    pieces = tf.split(x, [1, -1], 1)
    assert [p.shape for p in pieces] == [(3, 1), (3, 3)]
    assert [p.shape for p in tf.split(x, 2, axis=tf.constant(1))] == [(3, 2), (3, 2)]
    assert [p.shape for p in tf.split(x, [2, 2], axis=1, num=2)] == [(3, 2), (3, 2)]


@pytest.mark.parametrize("shape", [s for s in SHAPES if s])
def test_concat_gradient_splits_the_upstream_gradient(shape):
    a, b = RNG.normal(size=shape), RNG.normal(size=shape)
    out = shape[:-1] + (2 * shape[-1],)
    check_gradients(lambda x, y: tf.concat([x, y * x], -1) ** 2 * weights(out), a, b, order=2)


@pytest.mark.parametrize("shape", SHAPES)
def test_stack_gradient_unstacks(shape):
    a, b = RNG.normal(size=shape), RNG.normal(size=shape)
    out = (2,) + shape
    check_gradients(lambda x, y: tf.stack([x, y * x]) ** 2 * weights(out), a, b, order=2)


@pytest.mark.parametrize("shape", [s for s in SHAPES if s])
def test_unstack_gradient_stacks_with_zeros_for_unused_outputs(shape):
    x = RNG.normal(size=shape)
    check_gradients(lambda t: tf.unstack(t * weights(shape), axis=-1)[0] ** 2, x, order=2)
    check_gradients(lambda t: sum(p**2 for p in tf.unstack(t * weights(shape))), x, order=2)


def test_unstack_gradient_of_one_output_matches_tf():
    x = tf.reshape(tf.range(12.0), (3, 4))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.unstack(x)[1] * 2.0
    # TF prints [[0,0,0,0],[2,2,2,2],[0,0,0,0]]
    np.testing.assert_array_equal(
        tape.gradient(y, x).numpy(),
        [[0.0, 0.0, 0.0, 0.0], [2.0, 2.0, 2.0, 2.0], [0.0, 0.0, 0.0, 0.0]],
    )


@pytest.mark.parametrize("shape", [(4,), (3, 4), (2, 1, 4)])
def test_split_gradients_concat_with_zeros(shape):
    x = RNG.normal(size=shape)
    check_gradients(lambda t: tf.split(t * weights(shape), 2, axis=-1)[0] ** 2, x, order=2)
    check_gradients(lambda t: tf.split(t, [1, 3], axis=-1)[1] ** 2 * t[..., 1:], x, order=2)


def test_split_gradient_of_one_part_matches_tf():
    x = tf.reshape(tf.range(12.0), (3, 4))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.split(x, 2, axis=1)[0]
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), [[1.0, 1.0, 0.0, 0.0]] * 3)


def test_one_tensor_concat_is_an_identity():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.concat([x], 0)
    assert [r.op.type for r in tape._records] == ["Identity"]


# --- errors -------------------------------------------------------------------------------
X = tf.reshape(tf.range(12.0), (3, 4))

ERRORS = [
    (
        lambda: tf.concat([X, tf.zeros((2, 3))], 0),
        "ConcatV2",
        "ConcatOp : Dimension 1 in both shapes must be equal: shape[0] = [3,4] vs. shape[1] = [2,3]",
    ),
    (
        lambda: tf.concat([X, tf.zeros((3,))], 0),
        "ConcatV2",
        "ConcatOp : Ranks of all input tensors should match: shape[0] = [3,4] vs. shape[1] = [3]",
    ),
    (
        lambda: tf.concat([X, X], 2),
        "ConcatV2",
        "ConcatOp : Expected concatenating dimensions in the range [-2, 2), but got 2",
    ),
    (
        lambda: tf.concat([tf.constant(1.0), tf.constant(2.0)], 0),
        "ConcatV2",
        "ConcatOp : Can't concatenate scalars (use tf.stack instead)",
    ),
    (
        lambda: tf.concat([X, tf.zeros((3, 4), tf.float64)], 0),
        "ConcatV2",
        "cannot compute ConcatV2 as input #1(zero-based) was expected to be a float tensor but is a "
        "double tensor",
    ),
    (
        lambda: tf.stack([X, tf.zeros((2, 3))]),
        "Pack",
        "Shapes of all inputs must match: values[0].shape = [3,4] != values[1].shape = [2,3]",
    ),
    (
        lambda: tf.stack([X, tf.zeros((3, 4), tf.float64)]),
        "Pack",
        "cannot compute Pack as input #1(zero-based) was expected to be a float tensor but is a "
        "double tensor",
    ),
    (lambda: tf.unstack(X, num=2), "Unpack", "Input shape axis 0 must equal 2, got shape [3,4]"),
    (
        lambda: tf.split(X, 3, axis=1),
        "Split",
        "Number of ways to split should evenly divide the split dimension, but got split_dim 1 "
        "(size = 4) and num_split 3",
    ),
    (
        lambda: tf.split(X, 2, axis=2),
        "Split",
        "-input rank(-2) <= split_dim < input rank (2), but got 2",
    ),
    (
        lambda: tf.split(X, [2, 2], axis=2),
        "SplitV",
        "-input rank(-2) <= split_dim < input rank (2), but got 2",
    ),
    (
        lambda: tf.split(X, [1, 2], axis=1),
        "SplitV",
        "Determined shape must either match input shape along split_dim exactly if fully specified, "
        "or be less than the size of the input along split_dim if not fully specified.  Got: 3",
    ),
    (lambda: tf.split(X, [-1, -1], 1), "SplitV", "There can only be one -1 in the input."),
    (
        lambda: tf.split(X, 0, 1),
        "Split",
        "Value for attr 'num_split' of 0 must be at least minimum 1",
    ),
]


@pytest.mark.parametrize("call,op_type,message", ERRORS, ids=[e[2][:40] for e in ERRORS])
def test_joining_errors_in_tf_wording(call, op_type, message):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == f"{message} [Op:{op_type}]"


def test_axis_out_of_range_in_stack_and_unstack_is_a_value_error_as_in_tf():
    with pytest.raises(ValueError, match=r"^Argument `axis` = 4 not in range \[-3, 3\)$"):
        tf.stack([X, X], 4)
    with pytest.raises(ValueError, match=r"^Argument `axis` = 3 not in range \[-2, 2\)$"):
        tf.unstack(X, axis=3)
    with pytest.raises(ValueError, match=r"^Argument `axis` = 0 not in range \[0, 0\)$"):
        tf.unstack(tf.constant(1.0))
