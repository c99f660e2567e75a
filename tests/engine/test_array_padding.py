"""Pad, PadV2, MirrorPad (REFLECT/SYMMETRIC) and MirrorPadGrad, Slice: values vs NumPy,
gradients vs finite differences and TF's printed values, errors in TF's wording."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

RNG = np.random.default_rng(3)
X = tf.reshape(tf.range(12.0), (3, 4))


def weights(shape):
    return tf.constant(np.arange(1, 1 + int(np.prod(shape)), dtype=np.float64).reshape(shape) / 9)


def test_pad_values_match_numpy_in_every_mode():
    a = np.arange(12.0).reshape(3, 4).astype(np.float32)
    pairs = [[1, 2], [2, 1]]
    np.testing.assert_array_equal(tf.pad(a, pairs).numpy(), np.pad(a, pairs))
    np.testing.assert_array_equal(
        tf.pad(a, pairs, constant_values=7.0).numpy(), np.pad(a, pairs, constant_values=7.0)
    )
    np.testing.assert_array_equal(
        tf.pad(a, pairs, mode="reflect").numpy(), np.pad(a, pairs, mode="reflect")
    )
    np.testing.assert_array_equal(
        tf.pad(a, [[3, 1], [4, 0]], mode="SYMMETRIC").numpy(),
        np.pad(a, [[3, 1], [4, 0]], mode="symmetric"),
    )
    # TF prints [[2,1,1,2],[2,1,1,2],[4,3,3,4],[4,3,3,4]] for this int SYMMETRIC pad
    assert tf.pad(
        tf.constant([[1, 2], [3, 4]]), [[1, 1], [2, 0]], mode="symmetric"
    ).numpy().tolist() == [[2, 1, 1, 2], [2, 1, 1, 2], [4, 3, 3, 4], [4, 3, 3, 4]]
    padded = tf.pad(tf.constant([1, 2]), [[1, 1]], constant_values=9)
    assert padded.dtype == tf.int32 and padded.numpy().tolist() == [9, 1, 2, 9]


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("mode", ["CONSTANT", "REFLECT", "SYMMETRIC"])
def test_pad_gradients(shape, mode):
    widest = {"CONSTANT": 9, "REFLECT": -1, "SYMMETRIC": 0}[
        mode
    ]  # REFLECT pads < n, SYMMETRIC <= n
    pairs = [
        [min(a, d + widest), min(b, d + widest)]
        for d, (a, b) in zip(shape, [[1, 2], [2, 1], [0, 3]])
    ]
    out = tuple(d + a + b for d, (a, b) in zip(shape, pairs))
    pairs = np.array(pairs, dtype=np.int32).reshape(-1, 2)  # a scalar's paddings: shape [0, 2]
    check_gradients(
        lambda t: tf.pad(t, pairs, mode=mode) ** 2 * weights(out), RNG.normal(size=shape), order=2
    )


def test_mirror_pad_gradients_match_tf():
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(X)
        symmetric = tf.pad(X, [[1, 0], [2, 1]], mode="SYMMETRIC") * tf.reshape(
            tf.range(28.0), (4, 7)
        )
        reflect = tf.pad(X, [[2, 2], [3, 3]], mode="REFLECT") * tf.reshape(tf.range(70.0), (7, 10))
        plain = tf.pad(X, [[1, 0], [2, 1]], mode="REFLECT") * tf.reshape(tf.range(28.0), (4, 7))
    np.testing.assert_array_equal(
        tape.gradient(symmetric, X).numpy(), [[20, 20, 15, 36], [31, 31, 18, 39], [45, 45, 25, 53]]
    )
    np.testing.assert_array_equal(
        tape.gradient(reflect, X).numpy(),
        [[184, 268, 266, 172], [216, 312, 309, 198], [104, 148, 146, 92]],
    )
    np.testing.assert_array_equal(
        tape.gradient(plain, X).numpy(), [[9, 18, 31, 12], [18, 36, 62, 24], [23, 46, 73, 26]]
    )


def test_padv2_gives_no_gradient_to_the_padding_value_as_in_tf():
    x, c = tf.ones(2), tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, c])
        y = tf.pad(x, [[1, 0]], constant_values=c)
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 1.0]
    assert tape.gradient(y, c) is None


def test_slice_values_and_gradient():
    np.testing.assert_array_equal(tf.slice(X, [1, 0], [2, -1]).numpy(), X.numpy()[1:])
    with tf.GradientTape() as tape:
        tape.watch(X)
        y = tf.slice(X, [1, 1], [2, -1]) * 3.0
    np.testing.assert_array_equal(
        tape.gradient(y, X).numpy(), [[0, 0, 0, 0], [0, 3, 3, 3], [0, 3, 3, 3]]
    )
    check_gradients(
        lambda t: tf.slice(t, [1, 1], [2, 2]) ** 2 * weights((2, 2)),
        RNG.normal(size=(3, 4)),
        order=2,
    )


ERRORS = [
    (
        lambda: tf.pad(X, [[1, 1]]),
        "Pad",
        "The first dimension of paddings must be the rank of inputs[1,2] [3,4]",
    ),
    (lambda: tf.pad(X, [[-1, 1], [0, 0]]), "Pad", "Paddings must be non-negative: -1 1"),
    (lambda: tf.pad(tf.constant(1.0), []), "Pad", "paddings must be a matrix with 2 columns: [0]"),
    (
        lambda: tf.pad(X, [[3, 0], [0, 0]], mode="REFLECT"),
        "MirrorPad",
        "paddings must be less than the dimension size: 3, 0 not less than 3",
    ),
    (
        lambda: tf.pad(X, [[4, 0], [0, 0]], mode="SYMMETRIC"),
        "MirrorPad",
        "paddings must be no greater than the dimension size: 4, 0 greater than 3",
    ),
    (lambda: tf.slice(X, [1, 0], [3, 1]), "Slice", "Expected size[0] in [0, 2], but got 3"),
    (lambda: tf.slice(X, [4, 0], [0, 1]), "Slice", "Expected begin[0] in [0, 3], but got 4"),
    (lambda: tf.slice(X, [-1, 0], [1, 1]), "Slice", "Expected begin[0] in [0, 3], but got -1"),
    (lambda: tf.slice(X, [0, 0], [-2, 1]), "Slice", "Expected size[0] in [0, 3], but got -2"),
    (
        lambda: tf.slice(X, [1], [1, 1]),
        "Slice",
        "Expected begin and size arguments to be 1-D tensors of size 2, but got shapes [1] and [2] "
        "instead.",
    ),
]


@pytest.mark.parametrize("call,op_type,message", ERRORS, ids=[e[2][:40] for e in ERRORS])
def test_padding_errors_in_tf_wording(call, op_type, message):
    with pytest.raises(InvalidArgumentError) as info:
        call()
    assert str(info.value) == f"{message} [Op:{op_type}]"


def test_unknown_mode_is_a_value_error():
    with pytest.raises(ValueError) as info:
        tf.pad(X, [[1, 0], [0, 0]], mode="foo")
    assert str(info.value) == (
        'Value of argument `mode` expected to be one of "CONSTANT", '
        '"REFLECT", or "SYMMETRIC". Received `mode` = FOO'
    )
