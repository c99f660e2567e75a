"""Complex tensors: creation, dtypes, arithmetic, tf.complex/real/imag/conj/angle/abs, what TF
refuses for complex, and gradients with TF's conjugate convention (written as in TF's guides:
a real loss of complex parameters, tape.gradient, an optimizer-style update)."""

Z = "z = c([1 + 2j, 3 - 1j])\n"
Z64 = "z = tf.complex(c([1.0, -0.5]), c([2.0, 0.25]))\n"


def _grad(expression, source="z", setup=Z):
    return (
        setup + "with tf.GradientTape() as tape:\n"
        f"    tape.watch({source})\n"
        f"    y = {expression}\n"
        f"tape.gradient(y, {source})"
    )


CREATION = [
    "c(1 + 2j)",
    "c([1 + 2j, 3 - 1j])",
    "c([[1j, 2], [3, 4 + 0.5j]])",
    "c([2j, 1.0])",
    "c([1, 2j])",
    "c([1.0, 2j])",
    "c([1.0, 2.0], tf.complex64)",
    "c([1, 2], tf.complex128)",
    "c(True, tf.complex64)",
    "c([1 + 2j], tf.float32)",
    "c(np.array([1 + 2j, 0.5j], np.complex64))",
    "c(np.array([1 + 2j], np.complex128))",
    "tf.convert_to_tensor(1j, tf.complex128)",
    "tf.complex(1.0, 2.0)",
    "tf.complex(c([1.0, 2.0]), c([0.5, -1.0]))",
    "tf.complex(c([1.0], tf.float64), c([2.0], tf.float64))",
    "tf.complex(c([1.0]), c([1.0, 2.0]))",
    "tf.complex(c([1.0], tf.float64), c([2.0]))",
    "tf.complex(1, 2)",
    "tf.complex(c([1.0, 2.0]), c([1.0, 2.0, 3.0]))",
    "tf.zeros([2], tf.complex64)",
    "tf.ones([2, 1], tf.complex128)",
    "tf.zeros_like(c([1j]))",
    "tf.ones_like(c([1j, 2]))",
    "tf.cast(c([1.5, -2.0]), tf.complex64)",
    "tf.cast(c([1, 2]), tf.complex128)",
    "tf.cast(c([1 + 2j]), tf.complex64)",
    "tf.cast(c([1.5 + 2j, -3 - 1j]), tf.int32)",
    "tf.cast(c([1j, 0]), tf.bool)",
    "tf.Variable([1 + 1j, 2j])",
    "c(1 + 2j).numpy()",
    "c(1 + 2j, tf.complex64).numpy()",
    "c([1 + 2j, 3]).numpy()",
    "type(c(1 + 2j).numpy()).__name__",
    "tf.reduce_sum(c([1 + 2j], tf.complex64)).numpy()",
]

DTYPES = [
    "tf.complex64.is_complex, tf.complex64.is_floating, tf.complex64.real_dtype",
    "tf.complex128.real_dtype, tf.float32.real_dtype, tf.int32.real_dtype",
    "tf.as_dtype(np.complex64), tf.as_dtype('complex128'), tf.complex64.size",
    "tf.complex64.min",
    "tf.complex128.max",
    "tf.as_dtype(complex)",
    "str(tf.complex64), repr(tf.complex128)",
    "tf.complex64 == np.complex64",
    "c([1j]).dtype",
    "tf.complex(1.0, 2.0).dtype",
]

ARITHMETIC = [
    Z + "z + 1",
    Z + "z + 1.5",
    Z + "z * z",
    Z + "z / z",
    Z + "z ** 2",
    Z + "z ** 0.5",
    Z + "z - 2 * z",
    Z + "-z",
    Z + "2 * c([1j], tf.complex128)",
    "c([1j], tf.complex64) * 2",
    Z + "z + c([1.0, 2.0])",
    Z + "c([1.0, 2.0]) + z",
    Z + "tf.add_n([z, z])",
    Z + "z == z",
    Z + "z != c([1 + 2j, 0])",
    Z + "tf.abs(z)",
    Z + "abs(z)",
    Z64 + "tf.abs(z)",
    Z + "tf.math.real(z), tf.math.imag(z)",
    Z64 + "tf.math.real(z), tf.math.imag(z)",
    Z + "tf.math.conj(z)",
    Z + "tf.math.angle(z)",
    "tf.math.real(c([1.0])), tf.math.imag(c([1.0])), tf.math.conj(c([1.0]))",
    "tf.math.angle(c([-1.0, 2.0]))",
    "tf.math.angle(c([-1, 2]))",
    "tf.math.angle(1 + 1j)",
    "tf.math.real(1 + 1j)",
    "tf.math.conj(c(['a']))",
    Z + "tf.reduce_sum(z)",
    Z + "tf.reduce_mean(z)",
    Z + "tf.reduce_prod(z)",
    Z + "tf.reduce_sum(z, axis=0, keepdims=True)",
    Z + "tf.exp(z)",
    Z + "tf.math.log(z)",
    Z + "tf.sqrt(z)",
    Z + "tf.square(z)",
    Z + "tf.math.rsqrt(z)",
    Z + "tf.math.reciprocal(z)",
    Z + "tf.sin(z), tf.cos(z)",
    Z + "tf.tanh(z)",
    Z + "tf.sigmoid(z)",
    Z + "tf.math.expm1(z), tf.math.log1p(z)",
    Z + "tf.math.sign(z)",
    Z + "tf.math.squared_difference(z, z)",
    Z + "tf.matmul(tf.reshape(z, [1, 2]), tf.reshape(z, [2, 1]))",
    Z + "tf.matmul(tf.reshape(z, [1, 2]), tf.reshape(z, [1, 2]), adjoint_b=True)",
    Z + "tf.matmul(tf.reshape(z, [1, 1, 2]), tf.reshape(z, [1, 1, 2]), adjoint_b=True)",
    Z + "tf.transpose(tf.reshape(z, [1, 2]), conjugate=True)",
    Z + "tf.reshape(z, [2, 1])",
    Z + "tf.concat([z, z], 0)",
    Z + "tf.stack([z, z])",
    Z + "z[0]",
    Z + "print(z)\nprint(c(1.5 - 2j))",
    "print(c([[1 + 2j, 3 - 1j], [0.5, -1e-3j]]))",
    Z64 + "print(z)\nz",
]

REFUSED = [
    Z + "tf.reduce_max(z)",
    Z + "tf.nn.relu(z)",
    Z + "tf.maximum(z, z)",
    Z + "tf.minimum(z, z)",
    Z + "z < z",
    Z + "tf.math.floor(z)",
    Z + "tf.math.erf(z)",
    Z + "tf.math.softplus(z)",
    Z + "tf.nn.softmax(z)",
    Z + "tf.math.is_nan(z)",
    Z + "tf.round(z)",
    Z + "z % z",
    Z + "z // z",
]

GRADIENTS = [
    _grad("tf.abs(z) ** 2"),
    _grad("tf.abs(z)"),
    _grad("z * z"),
    _grad("tf.math.real(z)"),
    _grad("tf.math.imag(z)"),
    _grad("tf.math.conj(z)"),
    _grad("tf.math.angle(z)"),
    _grad("tf.exp(z)"),
    _grad("tf.math.real(z * z)"),
    _grad("tf.reduce_sum(tf.math.real(z * tf.math.conj(z)))"),
    _grad("tf.complex(tf.math.real(z), tf.math.imag(z))"),
    _grad("tf.math.real(tf.complex(x, 2 * x))", "x", "x = c([1.0, 2.0])\n"),
    _grad("tf.math.imag(tf.complex(x, 2 * x))", "x", "x = c([1.0, 2.0])\n"),
    _grad("tf.abs(tf.complex(x, 2 * x))", "x", "x = c([1.0, 2.0])\n"),
    _grad("tf.complex(x, 2 * x)", "x", "x = c([1.0, 2.0])\n"),
    _grad("tf.cast(x, tf.complex64)", "x", "x = c([1.0, 2.0])\n"),
    _grad("tf.matmul(tf.reshape(z, [1, 2]), tf.reshape(z, [2, 1]))"),
    _grad("tf.matmul(tf.reshape(z, [1, 2]), tf.reshape(z, [1, 2]), adjoint_b=True)"),
    _grad("tf.matmul(tf.reshape(z, [1, 1, 2]), tf.reshape(z, [1, 1, 2]), adjoint_b=True)"),
    _grad("tf.matmul(tf.reshape(z, [1, 2, 1]), tf.reshape(z, [1, 2, 1]), adjoint_a=True)"),
    _grad("tf.transpose(tf.reshape(z, [1, 2]) * z, conjugate=True)"),
    _grad("z / (z + 1)"),
    _grad("z ** 2"),
    _grad("z ** z"),
    _grad("tf.sqrt(z)"),
    _grad("tf.math.log(z)"),
    _grad("tf.square(z)"),
    _grad("tf.reduce_mean(z)"),
    _grad("tf.reduce_prod(z)"),
    _grad("tf.sin(z) + tf.cos(z) + tf.tan(z)"),
    _grad("tf.sinh(z) + tf.cosh(z)"),
    _grad("tf.tanh(z)"),
    _grad("tf.sigmoid(z)"),
    _grad("1 / z"),
    _grad("tf.math.reciprocal(z)"),
    _grad("tf.math.rsqrt(z)"),
    _grad("tf.math.expm1(z) + tf.math.log1p(z)"),
    _grad("-z"),
    _grad("tf.math.xlogy(z, z)"),
    _grad("tf.math.squared_difference(z, 1.0)"),
    _grad("tf.math.divide_no_nan(z, z * z)"),
    _grad("tf.math.sign(z)"),
    _grad("tf.sign(z * c([2j, 0]))"),
    Z + "tf.sign(c([0j, 3 + 4j]))",
    Z + "with tf.GradientTape() as t2:\n    t2.watch(z)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(z)\n        y = tf.tanh(z) * tf.sqrt(z)\n"
    "    dz = t1.gradient(y, z)\n(dz, t2.gradient(dz, z))",
    Z + "with tf.GradientTape() as t2:\n    t2.watch(z)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(z)\n"
    "        y = tf.sigmoid(z) / z + tf.math.rsqrt(z)\n"
    "    dz = t1.gradient(y, z)\n(dz, t2.gradient(dz, z))",
    _grad("tf.abs(z * c([2j, 1 - 1j]))", setup=Z64),
    Z + "with tf.GradientTape() as tape:\n    tape.watch(z)\n    y = z * z\n"
    "tape.gradient(y, z, output_gradients=c([1j, 1.0]))",
    Z + "with tf.GradientTape() as t2:\n    t2.watch(z)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(z)\n        y = z * z * z\n"
    "    dz = t1.gradient(y, z)\n(dz, t2.gradient(dz, z))",
    Z + "with tf.GradientTape() as t2:\n    t2.watch(z)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(z)\n"
    "        y = tf.reduce_sum(tf.abs(z) ** 2)\n"
    "    dz = t1.gradient(y, z)\n(dz, t2.gradient(dz, z))",
    "v = tf.Variable([1 + 1j, 2j])\nwith tf.GradientTape() as tape:\n"
    "    y = tf.reduce_sum(tf.abs(v) ** 2)\n"
    "(tape.gradient(y, v), [w.dtype for w in tape.watched_variables()], v.trainable)",
    # gradient descent on a complex parameter: |w * x - t|^2 with TF's conjugate convention
    "w = tf.Variable(0.5 + 0.5j)\nx = c([1 + 1j, 2 - 1j])\nt = c([3 + 1j, 1 - 2j])\n"
    "for _ in range(3):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_sum(tf.abs(w * x - t) ** 2)\n"
    "    w.assign_sub(0.1 * tape.gradient(loss, w))\n"
    "(w.numpy(), loss.numpy())",
    "zi = c([1, 2])\nwith tf.GradientTape() as tape:\n    tape.watch(zi)\n"
    "    y = tf.cast(zi, tf.complex64)\ntape.gradient(y, zi)",
]

CASES = CREATION + DTYPES + ARITHMETIC + REFUSED + GRADIENTS
