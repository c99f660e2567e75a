"""tf.nn.dropout: TF's scaling, masks, noise_shape, seeds (reproducible runs, and rate=0 still
taking an op seed as TF does), recorded ops, gradients and errors."""

import numpy as np
import pytest

import engine as tf

X = tf.constant(np.arange(1.0, 13.0).reshape(3, 4).astype(np.float32))


@pytest.fixture(autouse=True)
def _no_global_seed_afterwards():
    """Tests here set global seeds; later tests (in any file) start from an unseeded state."""
    yield
    tf.random.set_seed(None)


def test_kept_elements_are_scaled_by_one_over_keep_probability_and_the_rest_are_zero():
    y = tf.nn.dropout(X, 0.25, seed=1).numpy()
    kept = y != 0
    np.testing.assert_allclose(y[kept], X.numpy()[kept] / 0.75, rtol=1e-6)
    assert y.dtype == np.float32


def test_about_rate_of_the_elements_are_dropped():
    tf.random.set_seed(0)
    y = tf.nn.dropout(tf.ones([100, 100]), 0.3).numpy()
    assert abs((y == 0).mean() - 0.3) < 0.03


def test_a_seeded_program_drops_the_same_elements_every_run():
    def program():
        tf.random.set_seed(42)
        return [
            tf.nn.dropout(X, 0.5).numpy(),
            tf.nn.dropout(X, 0.5).numpy(),
            tf.nn.dropout(X, 0.5, seed=7).numpy(),
        ]

    first, second = program(), program()
    for a, b in zip(first, second):
        np.testing.assert_array_equal(a, b)
    assert not np.array_equal(first[0], first[1])


def test_rate_zero_returns_x_but_still_takes_an_op_seed_as_tensorflow():
    # TF 2.21: dropout(x, 0.0) consumes one op seed from the global sequence (later draws shift),
    # while dropout(x, 0.0, seed=3) does not.
    tf.random.set_seed(5)
    assert tf.nn.dropout(X, 0.0) is X
    after_dropout = float(tf.random.uniform([]))
    tf.random.set_seed(5)
    draws = [float(tf.random.uniform([])), float(tf.random.uniform([]))]
    assert after_dropout == draws[1] != draws[0]
    tf.random.set_seed(5)
    tf.nn.dropout(X, 0.0, seed=3)
    assert float(tf.random.uniform([])) == draws[0]


def test_noise_shape_shares_the_mask_along_broadcast_dimensions():
    y = tf.nn.dropout(tf.ones([6, 4]), 0.5, noise_shape=[1, 4], seed=3).numpy()
    assert (y == y[0]).all()
    z = tf.nn.dropout(tf.ones([6, 4]), 0.5, noise_shape=[None, 1], seed=3).numpy()
    assert (z == z[:, :1]).all()


def test_a_tensor_rate_divides_by_one_minus_rate():
    y = tf.nn.dropout(X, tf.constant(0.5), seed=3).numpy()
    kept = y != 0
    np.testing.assert_allclose(y[kept], X.numpy()[kept] * 2, rtol=1e-6)


def test_gradient_is_the_mask_over_keep_probability_and_the_tape_shows_tensorflows_ops():
    x = tf.constant(np.ones([3, 4], np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.dropout(x, 0.5, seed=1)
    # TF records Mul and SelectV2 (RandomUniform and GreaterEqual see no watched tensor).
    assert [r.op.type for r in tape._records] == ["Mul", "SelectV2"]
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), (y.numpy() != 0) * 2.0)


def test_errors_are_tensorflows():
    for rate in (1.0, -0.1):
        with pytest.raises(ValueError) as raised:
            tf.nn.dropout(X, rate)
        assert str(raised.value) == (
            f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}"
        )
    with pytest.raises(ValueError) as raised:
        tf.nn.dropout(tf.constant([1, 2]), 0.5)
    assert str(raised.value) == (
        "`x.dtype` must be a floating point tensor as `x` will be "
        "scaled. Received: x_dtype=<dtype: 'int32'>"
    )
    with pytest.raises(tf.errors.InvalidArgumentError) as raised:
        tf.nn.dropout(X, 0.5, noise_shape=[2, 4])
    assert str(raised.value) == (
        "condition [2,4], then [3,4], and else [] must be broadcastable [Op:SelectV2]"
    )
