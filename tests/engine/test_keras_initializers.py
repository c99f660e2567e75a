"""keras.initializers: constant values (and Keras's broadcasting and error), random ones that are
reproducible (their values are the engine's own, not TF's), and lookup by name."""

import numpy as np
import pytest

import engine as tf

I = tf.keras.initializers  # noqa: E741 - the module's short name, as `tf` is


def test_constant_broadcasts_scalars_and_arrays_like_keras():
    assert I.Constant([[1.0, 2.0], [3.0, 4.0]])((2, 2)).numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert I.Constant(2)((2,)).numpy().tolist() == [2.0, 2.0]
    assert I.Constant(np.array([1, 2]))((2, 2)).numpy().tolist() == [[1.0, 2.0], [1.0, 2.0]]
    assert I.Constant()((1,)).numpy().tolist() == [0.0]
    assert I.Constant(2)((2,)).dtype == tf.float32


def test_constant_shape_mismatch_is_tf_s_mul_error():
    with pytest.raises(
        tf.errors.InvalidArgumentError, match=r"Incompatible shapes: \[3\] vs. \[2,2\] \[Op:Mul\]"
    ):
        I.Constant([1.0, 2.0, 3.0])((2, 2))


def test_zeros_and_ones_take_a_dtype():
    zeros = I.Zeros()((2,), dtype="float64")
    ones = I.Ones()((2,), dtype=tf.int32)
    assert (zeros.dtype, zeros.numpy().tolist()) == (tf.float64, [0.0, 0.0])
    assert (ones.dtype, ones.numpy().tolist()) == (tf.int32, [1, 1])


def test_a_seeded_initializer_repeats_its_values():
    first = I.GlorotUniform(seed=1)((2, 2)).numpy()
    assert np.array_equal(first, I.GlorotUniform(seed=1)((2, 2)).numpy())
    same = I.GlorotUniform(seed=1)
    assert np.array_equal(same((2, 2)).numpy(), same((2, 2)).numpy())
    assert not np.array_equal(first, I.GlorotUniform(seed=2)((2, 2)).numpy())


def test_unseeded_initializers_differ_per_call_and_restart_with_set_random_seed():
    tf.keras.utils.set_random_seed(7)
    first = [I.RandomNormal()((3,)).numpy() for _ in range(2)]
    tf.keras.utils.set_random_seed(7)
    again = [I.RandomNormal()((3,)).numpy() for _ in range(2)]
    assert not np.array_equal(first[0], first[1])
    assert all(np.array_equal(a, b) for a, b in zip(first, again))


@pytest.mark.parametrize(
    "shape, fan_in, fan_out",
    [((300, 200), 300, 200), ((500,), 500, 500), ((3, 3, 40, 60), 360, 540)],
)
def test_glorot_uniform_stays_within_its_limit_and_fills_it(shape, fan_in, fan_out):
    values = I.GlorotUniform(seed=3)(shape).numpy()
    limit = np.sqrt(6.0 / (fan_in + fan_out))
    assert values.shape == shape and values.dtype == np.float32
    assert np.abs(values).max() <= limit
    assert np.abs(values).max() > 0.99 * limit
    # Uniform on [-limit, limit]: variance limit**2 / 3.
    assert values.var() == pytest.approx(limit**2 / 3, rel=0.1)


def test_random_normal_has_its_mean_and_stddev():
    values = I.RandomNormal(mean=1.0, stddev=2.0, seed=4)((200, 200)).numpy()
    assert values.mean() == pytest.approx(1.0, abs=0.03)
    assert values.std() == pytest.approx(2.0, rel=0.02)
    assert I.RandomNormal(seed=4)((1000,)).numpy().std() == pytest.approx(0.05, rel=0.1)


def test_get_by_name_and_errors():
    assert isinstance(I.get("glorot_uniform"), I.GlorotUniform)
    assert isinstance(I.get("GlorotUniform"), I.GlorotUniform)
    assert isinstance(I.get("zeros"), I.Zeros) and isinstance(I.get("Ones"), I.Ones)
    assert isinstance(I.get("random_normal"), I.RandomNormal)
    constant = I.Constant(3.0)
    assert I.get(constant) is constant
    with pytest.raises(ValueError, match=r"^Could not interpret initializer identifier: nope$"):
        I.get("nope")
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.keras\.initializers\.identity$"
    ):
        I.get("identity")
    assert isinstance(I.get("orthogonal"), I.Orthogonal)
    assert isinstance(I.get("he_normal"), I.VarianceScaling)


def test_dense_uses_glorot_uniform_kernels_and_zero_biases_by_default():
    layer = tf.keras.layers.Dense(40)
    layer(tf.ones([1, 60]))
    limit = np.sqrt(6.0 / 100)
    kernel = layer.kernel.numpy()
    assert np.abs(kernel).max() <= limit and kernel.std() > 0.5 * limit / np.sqrt(3)
    assert layer.bias.numpy().tolist() == [0.0] * 40


def test_orthogonal_gives_orthonormal_columns_and_the_same_values_at_each_call():
    init = I.Orthogonal(gain=2.0, seed=3)
    w = init((5, 3)).numpy()
    assert w.dtype == np.float32 and w.shape == (5, 3)
    np.testing.assert_allclose(w.T @ w, 4.0 * np.eye(3), atol=1e-5)
    np.testing.assert_array_equal(w, init((5, 3)).numpy())
    wide = I.Orthogonal(seed=3)((2, 4)).numpy()  # rows orthonormal when wider than tall
    np.testing.assert_allclose(wide @ wide.T, np.eye(2), atol=1e-6)
    with pytest.raises(ValueError, match="at least two-dimensional"):
        init((3,))
