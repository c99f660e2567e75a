"""GradientTape.jacobian and batch_jacobian: shapes, values, unconnected sources, tape rules.

Values are what TensorFlow 2.21 returns, and jacobians of smooth functions are checked against
central finite differences in float64.
"""

import numpy as np
import pytest

import engine as tf


def numerical_jacobian(f, x, eps=1e-6):
    """d f(x)[i...] / d x[j...] in float64, shaped f(x).shape + x.shape."""
    x = np.asarray(x, np.float64)
    out_shape = np.shape(f(x))
    jac = np.zeros(out_shape + x.shape)
    for j in np.ndindex(x.shape):
        step = np.zeros_like(x)
        step[j] = eps
        jac[(...,) + j] = (f(x + step) - f(x - step)) / (2 * eps)
    return jac


def test_jacobian_of_an_elementwise_square():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    jac = tape.jacobian(y, x)
    assert jac.shape == (2, 2) and jac.dtype == tf.float32
    np.testing.assert_array_equal(jac, [[2.0, 0.0], [0.0, 4.0]])


def test_jacobian_shapes_are_target_shape_plus_source_shape():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    w = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, w])
        y = tf.tanh(tf.matmul(x, w))
    jx, jw = tape.jacobian(y, [x, w])
    assert jx.shape == (2, 3, 2, 2) and jw.shape == (2, 3, 2, 3)
    np.testing.assert_allclose(
        jx.numpy()[1, 2], [[0.0, 0.0], [0.00268197, -0.00067049]], rtol=1e-4, atol=1e-7
    )
    np.testing.assert_allclose(
        jw.numpy()[0, 1], [[0.0, 0.78644776, 0.0], [0.0, 1.5728955, 0.0]], rtol=1e-5
    )


def test_jacobian_matches_finite_differences_in_float64():
    w = np.array([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]])
    x0 = np.array([[0.3, -0.2], [0.1, 0.4], [-0.5, 0.6]])
    x = tf.constant(x0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(tf.matmul(x, tf.constant(w))) * tf.reduce_sum(x)
    expected = numerical_jacobian(lambda v: np.sin(v @ w) * v.sum(), x0)
    np.testing.assert_allclose(tape.jacobian(y, x).numpy(), expected, rtol=1e-6, atol=1e-9)


def test_jacobian_of_a_scalar_is_the_gradient():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        s = tf.reduce_sum(x * x)
    np.testing.assert_array_equal(tape.jacobian(s, x), [2.0, 4.0])


def test_jacobian_of_scalar_by_scalar():
    s = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(s)
        t = s * s
    jac = tape.jacobian(t, s)
    assert jac.shape == () and float(jac) == 4.0


def test_jacobian_sources_structure_and_variables():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(v * v, axis=1)
    jac = tape.jacobian(y, {"v": v})
    np.testing.assert_array_equal(jac["v"], [[[2.0, 4.0], [0.0, 0.0]], [[0.0, 0.0], [6.0, 8.0]]])


def test_jacobian_unconnected_source_is_none_or_zeros():
    x = tf.constant([1.0, 2.0])
    other = tf.constant([3.0, 4.0, 5.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    _jx, jo = tape.jacobian(y, [x, other])
    assert jo is None
    zeros = tape.jacobian(y, other, unconnected_gradients="zero")
    assert zeros.shape == (2, 3)
    np.testing.assert_array_equal(zeros, np.zeros((2, 3)))


def test_jacobian_rows_that_do_not_reach_the_source_are_zero():
    a = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = tf.stack([a[0] * 3.0, tf.constant(5.0)])
    np.testing.assert_array_equal(tape.jacobian(y, a), [[3.0, 0.0], [0.0, 0.0]])


def test_jacobian_of_integers_is_none_or_integer_zeros():
    xi = tf.constant([1, 2])
    xf = tf.constant([1.0, 2.0])
    with pytest.warns(UserWarning), tf.GradientTape(persistent=True) as tape:
        tape.watch([xi, xf])
        yi = xi * xi
        yf = xf * xf
    with pytest.warns(UserWarning):
        assert tape.jacobian(yi, xi) is None
    with pytest.warns(UserWarning):
        zeros = tape.jacobian(yi, xi, unconnected_gradients="zero")
    assert zeros.dtype == tf.int32 and zeros.shape == (2, 2)
    with pytest.warns(UserWarning):
        zeros = tape.jacobian(yf, xi, unconnected_gradients="zero")
    assert zeros.dtype == tf.int32  # the source's dtype


def test_jacobian_of_an_empty_target():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        e = x[:0] * 2.0
    jac = tape.jacobian(e, x)
    assert jac.shape == (0, 2) and jac.dtype == tf.float32


def test_jacobian_keeps_float64():
    d = tf.constant([1.0, 2.0], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(d)
        y = d * d
    jac = tape.jacobian(y, d)
    assert jac.dtype == tf.float64
    np.testing.assert_array_equal(jac, [[2.0, 0.0], [0.0, 4.0]])


def test_jacobian_does_not_rerun_user_code():
    calls = []
    x = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        calls.append(1)
        y = tf.exp(x)
    tape.jacobian(y, x)
    assert calls == [1]


def test_jacobian_inside_a_non_persistent_context():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        jac = tape.jacobian(y, x)
    np.testing.assert_array_equal(jac, [[2.0, 0.0], [0.0, 4.0]])


def test_jacobian_inside_a_persistent_context_warns_and_works():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        with pytest.warns(UserWarning, match="persistent tape inside its context"):
            jac = tape.jacobian(y, x)
    np.testing.assert_array_equal(jac, [[2.0, 0.0], [0.0, 4.0]])
    np.testing.assert_array_equal(tape.jacobian(y, x), [[2.0, 0.0], [0.0, 4.0]])


def test_persistent_jacobian_without_pfor():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
    jac = tape.jacobian(y, x, experimental_use_pfor=False)
    np.testing.assert_array_equal(jac, [[2.0, 0.0], [0.0, 4.0]])


def test_batch_jacobian_is_per_example():
    m = tf.constant([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    with tf.GradientTape() as tape:
        tape.watch(m)
        z = tf.matmul(m, tf.transpose(m))
    bj = tape.batch_jacobian(z, m)
    np.testing.assert_array_equal(
        bj, [[[6.0, 9.0, 12.0], [4.0, 5.0, 6.0]], [[1.0, 2.0, 3.0], [9.0, 12.0, 15.0]]]
    )


def test_batch_jacobian_shape_is_batch_target_source():
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    w = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.tanh(tf.matmul(x, w))
    bj = tape.batch_jacobian(y, x)
    assert bj.shape == (2, 3, 2)
    np.testing.assert_allclose(
        bj.numpy()[0],
        [
            [1.8203855e-03, 5.4611564e-03],
            [-7.8644776e-01, 1.9661194e-01],
            [8.3994865e-01, -2.0998716e-01],
        ],
        rtol=1e-4,
    )


def test_batch_jacobian_with_more_dimensions():
    x = tf.reshape(tf.range(12, dtype=tf.float32), [2, 3, 2])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(x * x, axis=2)
    bj = tape.batch_jacobian(y, x)
    assert bj.shape == (2, 3, 3, 2)
    np.testing.assert_array_equal(
        bj.numpy()[1],
        [
            [[12.0, 14.0], [0.0, 0.0], [0.0, 0.0]],
            [[0.0, 0.0], [16.0, 18.0], [0.0, 0.0]],
            [[0.0, 0.0], [0.0, 0.0], [20.0, 22.0]],
        ],
    )


def test_batch_jacobian_matches_finite_differences_in_float64():
    x0 = np.array([[0.3, -0.2, 0.5], [0.1, 0.4, -0.7]])
    x = tf.constant(x0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sin(x) * tf.reduce_sum(x * x, axis=1, keepdims=True)
    expected = numerical_jacobian(lambda v: np.sin(v) * (v * v).sum(axis=1, keepdims=True), x0)
    per_example = np.stack([expected[b, :, b, :] for b in range(2)])
    np.testing.assert_allclose(tape.batch_jacobian(y, x).numpy(), per_example, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("mode", ["none", "zero"])
def test_batch_jacobian_of_an_unconnected_source_is_zeros(mode):
    m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(m)
        z = m * m
    bj = tape.batch_jacobian(z, tf.constant([[1.0], [2.0]]), unconnected_gradients=mode)
    assert bj.shape == (2, 2, 1)
    np.testing.assert_array_equal(bj, np.zeros((2, 2, 1)))


def test_jacobians_on_a_persistent_tape_can_be_repeated():
    m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(m)
        z = m * 2.0
    first = tape.batch_jacobian(z, m).numpy()
    np.testing.assert_array_equal(tape.batch_jacobian(z, m), first)
    assert tape.jacobian(z, m).shape == (2, 2, 2, 2)
