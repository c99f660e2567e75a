"""Central finite differences in float64: the reference every engine gradient is checked against.

`check_gradients(f, *arrays)` compares, for each input, the engine's d(sum f)/dx with a central
difference of the same function evaluated in float64, and (order=2) the engine's second
derivative (a Hessian-vector product from two nested tapes) with a central difference of the
engine's first derivative, which the first check has already validated.
"""

import numpy as np

import engine as tf

SHAPES = [(), (4,), (3, 4), (1, 4), (2, 1, 3)]


def _scalar(f, arrays):
    out = f(*[tf.constant(a) for a in arrays])
    return float(np.sum(np.asarray(out._value, dtype=np.float64)))


def numerical_gradient(f, arrays, index, eps=1e-6):
    """d(sum f)/d(arrays[index]) by central differences."""
    x = arrays[index]
    grad = np.zeros_like(x, dtype=np.float64)
    flat = grad.reshape(-1)
    for k in range(x.size):
        plus = [a.copy() for a in arrays]
        minus = [a.copy() for a in arrays]
        plus[index].reshape(-1)[k] += eps
        minus[index].reshape(-1)[k] -= eps
        flat[k] = (_scalar(f, plus) - _scalar(f, minus)) / (2 * eps)
    return grad


def engine_gradient(f, arrays, index):
    tensors = [tf.constant(a) for a in arrays]
    with tf.GradientTape() as tape:
        tape.watch(tensors[index])
        out = f(*tensors)
    grad = tape.gradient(out, tensors[index])
    return None if grad is None else np.asarray(tf.convert_to_tensor(grad)._value)


def engine_hvp(f, arrays, index, direction):
    """d/dx <d(sum f)/dx, direction>, from a tape nested around another."""
    tensors = [tf.constant(a) for a in arrays]
    x = tensors[index]
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            out = f(*tensors)
        grad = tf.convert_to_tensor(inner.gradient(out, x))
        projected = tf.reduce_sum(grad * tf.constant(direction))
    second = outer.gradient(projected, x)
    return (
        np.zeros_like(arrays[index])
        if second is None
        else np.asarray(tf.convert_to_tensor(second)._value)
    )


def numerical_hvp(f, arrays, index, direction, eps=1e-5):
    def first(*xs):
        return engine_gradient(f, list(xs), index)

    plus = [a.copy() for a in arrays]
    minus = [a.copy() for a in arrays]
    plus[index] = plus[index] + eps * direction
    minus[index] = minus[index] - eps * direction
    return (first(*plus) - first(*minus)) / (2 * eps)


def check_gradients(f, *arrays, order=1, rtol=1e-5, atol=1e-6, seed=0):
    """Asserts the engine's gradients of sum(f(*arrays)) match finite differences (float64)."""
    arrays = [np.asarray(a, dtype=np.float64) for a in arrays]
    for index in range(len(arrays)):
        expected = numerical_gradient(f, arrays, index)
        got = engine_gradient(f, arrays, index)
        assert got is not None, f"engine gave no gradient for input {index}"
        assert got.shape == arrays[index].shape, (got.shape, arrays[index].shape)
        np.testing.assert_allclose(
            got, expected, rtol=rtol, atol=atol, err_msg=f"first-order gradient of input {index}"
        )
        if order >= 2:
            direction = np.random.default_rng(seed + index).normal(size=arrays[index].shape)
            expected2 = numerical_hvp(f, arrays, index, direction)
            got2 = engine_hvp(f, arrays, index, direction)
            np.testing.assert_allclose(
                got2,
                expected2,
                rtol=1e-4,
                atol=1e-5,
                err_msg=f"second-order gradient of input {index}",
            )
