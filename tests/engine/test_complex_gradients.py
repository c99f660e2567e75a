"""Complex gradients against central finite differences in complex128.

TF's convention: for z = x + iy, tape.gradient(f(z), z) is dL/dx + i dL/dy with
L = Re(sum f(z)) (seed 1); for a holomorphic f that is conj(f'(z)), for a real loss it is
2 dL/d(conj z). So the reference perturbs the real and the imaginary part separately.
"""

import numpy as np
import pytest

import engine as tf

RNG = np.random.default_rng(7)
Z = (RNG.normal(size=(2, 3)) + 1j * RNG.normal(size=(2, 3))).astype(np.complex128) + (1 + 1j)


def _loss(f, z):
    """L = Re(sum f(z)) for a NumPy complex128 z, as a Python float."""
    out = f(tf.constant(z))
    return float(np.sum(np.real(np.asarray(out.numpy(), dtype=np.complex128))))


def numerical_gradient(f, z, eps=1e-6):
    grad = np.zeros_like(z)
    for k in range(z.size):
        for direction in (1.0, 1j):
            plus, minus = z.copy(), z.copy()
            plus.reshape(-1)[k] += eps * direction
            minus.reshape(-1)[k] -= eps * direction
            grad.reshape(-1)[k] += direction * (_loss(f, plus) - _loss(f, minus)) / (2 * eps)
    return grad


def engine_gradient(f, z):
    zt = tf.constant(z)
    with tf.GradientTape() as tape:
        tape.watch(zt)
        out = f(zt)
    grad = tape.gradient(out, zt)
    assert grad.dtype == tf.complex128
    return grad.numpy()


FUNCTIONS = {
    "abs_squared": lambda z: tf.abs(z) ** 2,
    "abs": lambda z: tf.abs(z),
    "square": lambda z: z * z,
    "real": lambda z: tf.math.real(z * 3),
    "imag_of_exp": lambda z: tf.math.imag(tf.exp(z)),
    "exp_imag": lambda z: tf.exp(z * 1j),
    "conj": lambda z: tf.math.conj(z) * tf.constant(2 - 1j, tf.complex128),
    "angle": lambda z: tf.math.angle(z),
    "log": lambda z: tf.math.log(z),
    "sqrt": lambda z: tf.sqrt(z),
    "rsqrt": lambda z: tf.math.rsqrt(z),
    "reciprocal": lambda z: 1 / z,
    "division": lambda z: z / (z + 2),
    "power": lambda z: z**2.5,
    "power_of_z": lambda z: z**z,
    "trigonometric": lambda z: tf.sin(z) + tf.cos(z) * tf.tan(z),
    "hyperbolic": lambda z: tf.tanh(z) + tf.sinh(z) - tf.cosh(z),
    "sigmoid": lambda z: tf.sigmoid(z),
    "sign": lambda z: tf.math.sign(z) * z,
    "expm1_log1p": lambda z: tf.math.expm1(z) * tf.math.log1p(z),
    "matmul": lambda z: tf.matmul(z, z, transpose_b=True),
    "matmul_adjoint": lambda z: tf.matmul(z, z, adjoint_b=True),
    "batch_matmul_adjoint": lambda z: tf.matmul(z[None], z[None], adjoint_a=True),
    "conjugate_transpose": lambda z: tf.transpose(z * z, conjugate=True),
    "reduce_prod": lambda z: tf.reduce_prod(z, axis=1),
    "reduce_mean": lambda z: tf.reduce_mean(z * z, axis=0),
    "abs_of_product": lambda z: tf.abs(z * tf.math.conj(z[:, :1]) + 1j),
    "rebuilt": lambda z: tf.complex(tf.math.real(z) ** 2, tf.math.imag(z) * tf.math.real(z)),
    "real_cast": lambda z: tf.cast(tf.cast(z, tf.float64) ** 2, tf.complex128),
}


@pytest.mark.parametrize("name", FUNCTIONS)
def test_complex_gradient_matches_finite_differences(name):
    f = FUNCTIONS[name]
    np.testing.assert_allclose(engine_gradient(f, Z), numerical_gradient(f, Z), atol=1e-6)


def test_gradient_through_tf_complex_to_real_parts():
    x = RNG.normal(size=4)
    y = RNG.normal(size=4)

    def loss(a, b):
        return tf.abs(tf.complex(a * b, a - b)) ** 3

    xt, yt = tf.constant(x), tf.constant(y)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([xt, yt])
        out = tf.reduce_sum(loss(xt, yt))
    eps = 1e-6
    for source, index in ((xt, 0), (yt, 1)):
        expected = np.zeros(4)
        for k in range(4):
            args = [x.copy(), y.copy()], [x.copy(), y.copy()]
            args[0][index][k] += eps
            args[1][index][k] -= eps
            values = [float(np.sum(loss(*map(tf.constant, a)).numpy())) for a in args]
            expected[k] = (values[0] - values[1]) / (2 * eps)
        np.testing.assert_allclose(tape.gradient(out, source).numpy(), expected, atol=1e-6)


SECOND_ORDER = ["abs_squared", "square", "log", "sqrt", "rsqrt", "reciprocal", "hyperbolic"]
SECOND_ORDER += ["sigmoid", "matmul", "abs", "angle", "power", "exp_imag"]


@pytest.mark.parametrize("name", SECOND_ORDER)
def test_second_order_complex_gradient_matches_finite_differences(name):
    """The gradient of Re(sum(first gradient * w)), against finite differences of that real
    function of z (the first gradient is checked above)."""
    f = FUNCTIONS[name]
    w = (RNG.normal(size=Z.shape) + 1j * RNG.normal(size=Z.shape)).astype(np.complex128)

    def projected(z):
        with tf.GradientTape() as tape:
            tape.watch(z)
            out = f(z)
        return tf.math.real(tf.reduce_sum(tape.gradient(out, z) * tf.constant(w)))

    np.testing.assert_allclose(
        engine_gradient(projected, Z), numerical_gradient(projected, Z), atol=1e-5
    )


def test_complex_tensors_are_tracked_and_variables_trainable():
    v = tf.Variable([1 + 1j, 2j])
    z = tf.constant([1.0 + 2j])
    with tf.GradientTape() as tape:
        tape.watch(z)
        loss = tf.reduce_sum(tf.abs(v) ** 2) + tf.math.real(tf.reduce_sum(z * z))
    assert tape.watched_variables() == (v,)
    grad_v, grad_z = tape.gradient(loss, [v, z])
    np.testing.assert_allclose(grad_v.numpy(), [2 + 2j, 4j])
    np.testing.assert_allclose(grad_z.numpy(), [2 - 4j])
