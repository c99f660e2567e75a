"""tf.linalg: diagonals and bands, inverses and solves, determinants, Cholesky, QR, SVD, eigh,
lstsq, pinv, expm, and the compositions over them: values, dtypes, shapes, gradients (first and
second order), TF's errors, the limits of the spectral gradients, and the advanced autodiff
guide's Newton step. Singular and eigenvectors are compared through sign-free quantities
(|v|, reconstructions): their signs are LAPACK's in the engine, Eigen's in TF."""

A = "a = c([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])\n"  # symmetric positive definite
M = "m = c([[2.0, -1.0, 0.5], [0.3, 1.5, -0.7], [1.0, 0.4, 3.0]])\n"  # well conditioned
B = "b = c([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])\n"
A64 = "a = c([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], tf.float64)\n"
M64 = "m = c([[2.0, -1.0, 0.5], [0.3, 1.5, -0.7], [1.0, 0.4, 3.0]], tf.float64)\n"
W64 = "w = c([[1.0, 2.0, -0.5, 0.3], [0.4, -1.0, 2.0, 1.5]], tf.float64)\n"  # wide 2x4
T64 = "t = c([[1.0, 0.2], [-0.5, 2.0], [0.3, 0.7], [1.2, -0.4]], tf.float64)\n"  # tall 4x2
SING = "s = c([[1.0, 2.0], [2.0, 4.0]])\n"


def grad(setup, expr, source="m"):
    return (
        f"{setup}with tf.GradientTape() as tape:\n    tape.watch({source})\n"
        f"    y = {expr}\ntape.gradient(y, {source})"
    )


def second(setup, expr, source="m"):
    return (
        f"{setup}with tf.GradientTape() as t2:\n    t2.watch({source})\n"
        f"    with tf.GradientTape() as t1:\n        t1.watch({source})\n"
        f"        y = {expr}\n    g = t1.gradient(y, {source})\n"
        f"    z = tf.reduce_sum(g * g)\nt2.gradient(z, {source})"
    )


DIAGONALS = [
    "tf.linalg.diag(c([1.0, 2.0, 3.0]))",
    "tf.linalg.diag(c([1, 2]))",
    "tf.linalg.diag(c([[1.0, 2.0], [3.0, 4.0]]))",
    "tf.linalg.diag(c([1.0, 2.0]), k=1)",
    "tf.linalg.diag(c([1.0, 2.0]), k=-1, padding_value=9.0)",
    "tf.linalg.diag(c([1.0, 2.0]), k=1, num_rows=3, num_cols=4)",
    "tf.linalg.diag(c([[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]]), k=(-1, 0))",
    "tf.linalg.diag(c([[1.0, 2.0, 3.0], [4.0, 5.0, 0.0]]), k=(-1, 0), align='LEFT_RIGHT')",
    "tf.linalg.diag(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), k=(0, 1), num_rows=3, num_cols=4)",
    "tf.linalg.diag(c([True, False]))",
    "tf.linalg.diag(c(1.0))",
    "tf.linalg.diag(c([1.0, 2.0]), k=(1, 0))",
    "tf.linalg.diag(c([1.0, 2.0]), num_rows=5, num_cols=5)",
    "tf.linalg.diag_part(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]))",
    "tf.linalg.diag_part(c([[1, 2, 3], [4, 5, 6]]))",
    "tf.linalg.diag_part(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]), k=(-1, 1))",
    "tf.linalg.diag_part(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]), k=(-1, 1), "
    "align='LEFT_RIGHT')",
    "tf.linalg.diag_part(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]), k=(-2, 0), "
    "align='RIGHT_RIGHT', padding_value=-1.0)",
    "tf.linalg.diag_part(c([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]), k=1)",
    "tf.linalg.diag_part(tf.reshape(tf.range(24.0), [2, 3, 4]))",
    "tf.linalg.diag_part(c([1.0, 2.0]))",
    "tf.linalg.set_diag(tf.zeros([3, 3]), c([1.0, 2.0, 3.0]))",
    "tf.linalg.set_diag(tf.ones([2, 3]), c([[7.0, 8.0], [9.0, 0.0]]), k=(-1, 0))",
    "tf.linalg.set_diag(tf.ones([3, 3]), c([5.0, 6.0]), k=1)",
    "tf.linalg.set_diag(c([[1.0, 2.0], [3.0, 4.0]]), c([1.0, 2.0, 3.0]))",
    "tf.linalg.set_diag(c([[1.0, 2.0], [3.0, 4.0]]), c([1.0, 2.0], tf.float64))",
    "tf.linalg.set_diag(c([[1.0, 2.0], [3.0, 4.0]]), [5.0, 6.0])",
    "tf.linalg.band_part(tf.reshape(tf.range(16.0), [4, 4]), 1, -1)",
    "tf.linalg.band_part(tf.reshape(tf.range(16.0), [4, 4]), 2, 1)",
    "tf.linalg.band_part(tf.reshape(tf.range(12), [3, 4]), 0, 0)",
    "tf.linalg.band_part(tf.ones([2, 3, 3]), -1, 0)",
    "tf.linalg.band_part(c([[1.0, 2.0], [3.0, 4.0]]), 5, 0)",
    "tf.linalg.band_part(c([1.0, 2.0]), 0, 0)",
    "tf.linalg.trace(c([[1.0, 2.0], [3.0, 4.0]]))",
    "tf.linalg.trace(tf.reshape(tf.range(18), [2, 3, 3]))",
    "tf.linalg.trace(c([1.0, 2.0]))",
    "tf.linalg.matrix_transpose(tf.reshape(tf.range(6.0), [1, 2, 3]))",
    "tf.linalg.adjoint(c([[1.0, 2.0, 3.0]]))",
    "tf.linalg.matrix_transpose(c([1.0, 2.0]))",
    grad(M, "tf.linalg.diag(tf.linalg.diag_part(m)) * m"),
    grad(M, "tf.linalg.diag_part(m, k=(-1, 1)) * c([[1.0, 2.0, 3.0]])"),
    grad("d = c([[1.0, 2.0], [3.0, 4.0]])\n", "tf.linalg.diag(d, k=(0, 1)) ** 2", "d"),
    grad(M + "d = c([5.0, 6.0, 7.0])\n", "tf.linalg.set_diag(m, d * d) * m", "[m, d]"),
    grad(M, "tf.linalg.band_part(m, 0, 1) ** 2"),
    grad(M, "tf.linalg.trace(m @ m)"),
    grad(M, "tf.linalg.adjoint(m) * c([[1.0, 2.0, 3.0]])"),
]

INVERSES = [
    M + "tf.linalg.inv(m)",
    M64 + "tf.linalg.inv(m)",
    M + "tf.linalg.inv(m, adjoint=True)",
    M + "tf.linalg.inv(tf.stack([m, 2.0 * m]))",
    SING + "tf.linalg.inv(s)",
    "tf.linalg.inv(c([[np.nan, 1.0], [1.0, 1.0]]))",
    "tf.linalg.inv(c([[1, 2], [3, 4]]))",
    "tf.linalg.inv(c([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]))",
    "tf.linalg.inv(c([1.0, 2.0]))",
    "tf.linalg.inv(tf.zeros([0, 0]))",
    "tf.linalg.inv(c([[1.0, 2.0], [3.0, 4.0]], tf.float16))",
    M + B + "tf.linalg.solve(m, b)",
    M64 + "tf.linalg.solve(m, tf.ones([3, 1], tf.float64), adjoint=True)",
    M + B + "tf.linalg.solve(tf.stack([m, m]), tf.stack([b, -b]))",
    SING + "tf.linalg.solve(s, c([[1.0], [1.0]]))",
    M + "tf.linalg.solve(m, c([[1.0], [1.0]]))",
    M + "tf.linalg.solve(m, c([1.0, 1.0, 1.0]))",
    "tf.linalg.solve(tf.ones([2, 2, 2]), tf.ones([3, 2, 1]))",
    "tf.linalg.solve(c([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]), c([[1.0], [1.0]]))",
    "tf.linalg.solve(c([[1, 2], [3, 4]]), c([[1], [1]]))",
    "tf.linalg.solve(c([[1.0, 2.0], [3.0, 4.0]]), c([[1.0], [1.0]], tf.float64))",
    M + "tf.linalg.det(m)",
    M64 + "tf.linalg.det(tf.stack([m, m @ m]))",
    SING + "tf.linalg.det(s)",
    "tf.linalg.det(tf.zeros([2, 0, 0]))",
    "tf.linalg.det(c([[1, 2], [3, 4]]))",
    "tf.linalg.det(c([[1.0, 2.0], [3.0, 4.0]], tf.float16))",
    "tf.linalg.det(c([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]))",
    M + "tf.linalg.slogdet(m)",
    M + "sign, logabs = tf.linalg.slogdet(-m)\n(sign, logabs)",
    M + "r = tf.linalg.slogdet(m)\n(r.sign, r.log_abs_determinant, type(r).__name__)",
    "tf.linalg.slogdet(c([[1.0, 2.0], [2.0, 4.0]], tf.float64))",
    "tf.linalg.slogdet(c([[1, 2], [3, 4]]))",
    grad(M, "tf.reduce_sum(tf.linalg.inv(m) ** 2)"),
    grad(M64, "tf.reduce_sum(tf.linalg.inv(m, adjoint=True) * m)"),
    grad(M + B, "tf.reduce_sum(tf.linalg.solve(m, b) ** 2)", "[m, b]"),
    grad(
        M64 + B.replace("]])", "]], tf.float64)"), "tf.linalg.solve(m, b, adjoint=True)", "[m, b]"
    ),
    grad(M, "tf.linalg.det(m)"),
    grad(M64, "tf.linalg.det(tf.stack([m, 2.0 * m]))"),
    grad(M, "tf.linalg.slogdet(m)[1]"),
    grad(M, "tf.linalg.slogdet(m)[0]"),
    second(M64, "tf.linalg.det(m)"),
    second(M64, "tf.reduce_sum(tf.linalg.inv(m))"),
    second(M64, "tf.reduce_sum(tf.linalg.solve(m, tf.ones([3, 2], tf.float64)))"),
]

TRIANGULAR = [
    "a = c([[3.0, 0.0, 0.0, 0.0], [2.0, 1.0, 0.0, 0.0], [1.0, 0.0, 1.0, 0.0], "
    "[1.0, 1.0, 1.0, 1.0]])\nb = c([[4.0], [2.0], [4.0], [2.0]])\n"
    "x = tf.linalg.triangular_solve(a, b, lower=True)\n(x, tf.matmul(a, x))",
    M + B + "tf.linalg.triangular_solve(m, b)",
    M + B + "tf.linalg.triangular_solve(m, b, lower=False)",
    M + B + "tf.linalg.triangular_solve(m, b, lower=False, adjoint=True)",
    M + B + "tf.linalg.triangular_solve(m, b, adjoint=True)",
    "tf.linalg.triangular_solve(tf.eye(2, batch_shape=[2]), tf.ones([1, 2, 1]))",
    "tf.linalg.triangular_solve(tf.eye(2), tf.ones([3, 2, 1]))",
    "tf.linalg.triangular_solve(c([[0.0, 0.0], [3.0, 4.0]]), c([[1.0], [1.0]]))",
    "tf.linalg.triangular_solve(c([[1.0, 0.0], [3.0, 4.0]]), c([[1.0], [1.0], [1.0]]))",
    "tf.linalg.triangular_solve(c([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]), c([[1.0], [1.0]]))",
    "tf.linalg.triangular_solve(c([[1, 0], [3, 4]]), c([[1], [1]]))",
    grad(M + B, "tf.reduce_sum(tf.linalg.triangular_solve(m, b) ** 2)", "[m, b]"),
    grad(
        M64 + B.replace("]])", "]], tf.float64)"),
        "tf.linalg.triangular_solve(m, b, lower=False, adjoint=True)",
        "[m, b]",
    ),
    grad(
        M + B,
        "tf.linalg.triangular_solve(tf.stack([m, 2.0 * m]), b[tf.newaxis]) ** 2",
        "[m, b]",
    ),
    second(M64, "tf.reduce_sum(tf.linalg.triangular_solve(m, tf.ones([3, 1], tf.float64)))"),
]

CHOLESKY = [
    A + "tf.linalg.cholesky(a)",
    A64 + "tf.linalg.cholesky(tf.stack([a, 2.0 * a]))",
    "tf.linalg.cholesky(c([[4.0, 100.0], [2.0, 3.0]]))",
    "tf.linalg.cholesky(c([[1.0, 2.0], [2.0, 1.0]]))",
    "tf.linalg.cholesky(c([[1, 2], [3, 4]]))",
    "tf.linalg.cholesky(c([[1.0, 0.0], [0.0, 4.0]], tf.float16))",
    "tf.linalg.cholesky(c([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]))",
    A + B + "tf.linalg.cholesky_solve(tf.linalg.cholesky(a), b)",
    A + B + "x = tf.linalg.cholesky_solve(tf.linalg.cholesky(a), b)\ntf.matmul(a, x)",
    A + "tf.linalg.logdet(a)",
    A64 + "(tf.linalg.logdet(a), tf.math.log(tf.linalg.det(a)))",
    "tf.linalg.logdet(c([[1.0, 2.0], [2.0, 1.0]]))",
    "tf.linalg.logdet(c([[1, 2], [3, 4]]))",
    grad(A, "tf.reduce_sum(tf.linalg.cholesky(a) * c([[1.0, 2.0, 3.0]]))", "a"),
    grad(A64, "tf.linalg.logdet(a)", "a"),
    grad(A + B, "tf.reduce_sum(tf.linalg.cholesky_solve(tf.linalg.cholesky(a), b))", "[a, b]"),
    second(A64, "tf.reduce_sum(tf.linalg.cholesky(a) ** 2)", "a"),
    second(A64, "tf.linalg.logdet(a)", "a"),
]

QR = [
    M + "tf.linalg.qr(m)",
    M + "q, r = tf.linalg.qr(m)\n(type(tf.linalg.qr(m)).__name__, tf.matmul(q, r))",
    T64 + "tf.linalg.qr(t)",
    T64 + "[x.shape for x in tf.linalg.qr(t, full_matrices=True)]",
    W64 + "tf.linalg.qr(w)",
    "tf.linalg.qr(c([[2.0, 1.0], [1.0, 3.0]], tf.float16))",
    "tf.linalg.qr(c([[1, 2], [3, 4]]))",
    "tf.linalg.qr(c([1.0, 2.0]))",
    grad(M64, "tf.reduce_sum(tf.linalg.qr(m)[0] * m) + tf.reduce_sum(tf.linalg.qr(m)[1] ** 2)"),
    grad(T64, "tf.reduce_sum(tf.linalg.qr(t).r ** 2)", "t"),
    grad(
        W64, "tf.reduce_sum(tf.linalg.qr(w).q * w[:, :2]) + tf.reduce_sum(tf.linalg.qr(w).r)", "w"
    ),
    grad(T64, "tf.reduce_sum(tf.linalg.qr(t, full_matrices=True).r)", "t"),
    second(M64, "tf.reduce_sum(tf.linalg.qr(m).r ** 2)"),
]

SPECTRAL = [
    M + "tf.linalg.svd(m, compute_uv=False)",
    M64 + "s, u, v = tf.linalg.svd(m)\n(s, tf.abs(u), tf.abs(v))",
    M + "s, u, v = tf.linalg.svd(m)\ntf.matmul(u * s, v, adjoint_b=True)",
    W64 + "[x.shape for x in tf.linalg.svd(w)]",
    W64 + "[x.shape for x in tf.linalg.svd(w, full_matrices=True)]",
    T64 + "s, u, v = tf.linalg.svd(t)\n(s, tf.matmul(u * s, v, adjoint_b=True))",
    "[x.shape for x in tf.linalg.svd(tf.zeros([0, 3]))]",
    "tf.linalg.svd(c([[1, 2], [3, 4]]))",
    "tf.linalg.svd(c([1.0, 2.0]))",
    "tf.linalg.svd(c([[1.0, 2.0], [3.0, 4.0]], tf.float16))",
    grad(M64, "tf.reduce_sum(tf.linalg.svd(m, compute_uv=False))"),
    grad(M64, "tf.reduce_sum(tf.linalg.svd(m)[0] ** 2)"),
    grad(
        M64,
        "(lambda s, u, v: tf.reduce_sum(tf.matmul(u * s, v, adjoint_b=True) ** 3))"
        "(*tf.linalg.svd(m))",
    ),
    grad(
        W64,
        "(lambda s, u, v: tf.reduce_sum(tf.matmul(u * s ** 2, u, adjoint_b=True)))"
        "(*tf.linalg.svd(w))",
        "w",
    ),
    grad(
        T64,
        "(lambda s, u, v: tf.reduce_sum(tf.matmul(u * s, v, adjoint_b=True) * t))"
        "(*tf.linalg.svd(t))",
        "t",
    ),
    grad(
        W64,
        "(lambda s, u, v: tf.reduce_sum(s) + tf.reduce_sum(tf.matmul(v, v, adjoint_b=True)))"
        "(*tf.linalg.svd(w, full_matrices=True))",
        "w",
    ),
    grad(
        T64 + "t = tf.concat([t, t], axis=0)\n",
        "tf.reduce_sum(tf.linalg.svd(t, full_matrices=True)[1])",
        "t",
    ),
    grad("d = tf.eye(3, dtype=tf.float64)\n", "tf.reduce_sum(tf.linalg.svd(d)[1] ** 3)", "d"),
    A + "tf.linalg.eigvalsh(a)",
    A64 + "e, v = tf.linalg.eigh(a)\n(e, tf.abs(v))",
    A + "e, v = tf.linalg.eigh(a)\ntf.matmul(v * e, v, adjoint_b=True)",
    "tf.linalg.eigh(c([[4.0, 100.0], [2.0, 3.0]]))[0]",
    "tf.linalg.eigh(c([[1, 2], [3, 4]]))",
    "tf.linalg.eigvalsh(c([[1.0, 0.0], [0.0, 4.0]], tf.float16))",
    "tf.linalg.eigh(c([[1.0, 2.0, 3.0], [3.0, 4.0, 5.0]]))",
    grad(A64, "tf.reduce_sum(tf.linalg.eigvalsh(a) * c([1.0, 2.0, 3.0], tf.float64))", "a"),
    grad(
        A64,
        "(lambda e, v: tf.reduce_sum(tf.matmul(v * e ** 2, v, adjoint_b=True) * a))"
        "(*tf.linalg.eigh(a))",
        "a",
    ),
    grad(
        "d = c([[2.0, 0.0, 0.0], [0.0, 2.0, 0.0], [0.0, 0.0, 5.0]], tf.float64)\n",
        "tf.reduce_sum(tf.linalg.eigh(d)[1] ** 3)",
        "d",
    ),
    second(A64, "tf.reduce_sum(tf.linalg.eigvalsh(a) ** 2)", "a"),
    second(M64, "tf.reduce_sum(tf.linalg.svd(m, compute_uv=False) ** 2)"),
]

LEAST_SQUARES = [
    T64 + "tf.linalg.lstsq(t, c([[1.0], [2.0], [0.5], [-1.0]], tf.float64))",
    W64 + "tf.linalg.lstsq(w, c([[1.0], [2.0]], tf.float64))",
    T64 + "tf.linalg.lstsq(t, tf.ones([4, 2], tf.float64), l2_regularizer=0.5)",
    T64 + "tf.linalg.lstsq(t, tf.ones([4, 1], tf.float64), fast=False)",
    "tf.linalg.lstsq(c([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), c([[1.0], [1.0]]))",
    "tf.linalg.lstsq(c([[1, 2], [3, 4]]), c([[1], [1]]))",
    grad(T64, "tf.reduce_sum(tf.linalg.lstsq(t, tf.ones([4, 1], tf.float64)) ** 2)", "t"),
    grad(
        W64,
        "tf.reduce_sum(tf.linalg.lstsq(w, c([[1.0], [2.0]], tf.float64), l2_regularizer=0.1))",
        "w",
    ),
    grad(T64, "tf.linalg.lstsq(t, tf.ones([4, 1], tf.float64), fast=False)", "t"),
    T64 + "tf.linalg.pinv(t)",
    "tf.linalg.pinv(c([[1.0, 2.0], [2.0, 4.0]]))",
    "tf.linalg.pinv(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), rcond=0.5)",
    "tf.linalg.pinv(c([[1, 2], [3, 4]]))",
    grad(T64, "tf.reduce_sum(tf.linalg.pinv(t) ** 2)", "t"),
]

EXPM = [
    "tf.linalg.expm(c([[0.0, 1.0], [-1.0, 0.0]]))",
    M + "tf.linalg.expm(m)",
    M64 + "tf.linalg.expm(tf.stack([m, 5.0 * m, 0.01 * m]))",
    "tf.linalg.expm(c([[10.0, 2.0], [-3.0, 8.0]], tf.float64))",
    "tf.linalg.expm(tf.zeros([0, 0]))",
    "tf.linalg.expm(c([[1, 2], [3, 4]]))",
    grad(M64, "tf.reduce_sum(tf.linalg.expm(m) * c([[1.0, 2.0, 3.0]], tf.float64))"),
    grad(M, "tf.reduce_sum(tf.linalg.expm(0.5 * m))"),
    second(M64, "tf.reduce_sum(tf.linalg.expm(m))"),
]

_NEWTON_MODEL = (
    "k = tf.keras.initializers.Constant\n"
    "x = c([[1.0, 2.0], [0.5, -1.0], [2.0, 0.3]])\n"
    "layer1 = tf.keras.layers.Dense(3, activation=tf.nn.elu, "
    "kernel_initializer=k([[0.1, -0.2, 0.3], [0.4, 0.1, -0.5]]), bias_initializer=k(0.1))\n"
    "layer2 = tf.keras.layers.Dense(1, kernel_initializer=k([[0.5], [-0.3], [0.2]]))\n"
    "model = tf.keras.Sequential([layer1, layer2])\n"
    "model(x)\n"
    "with tf.GradientTape() as t2:\n"
    "    with tf.GradientTape() as t1:\n"
    "        loss = tf.reduce_mean(model(x) ** 2)\n"
    "    g = t1.gradient(loss, layer1.kernel)\n"
    "h = t2.jacobian(g, layer1.kernel)\n"
    "n_params = tf.reduce_prod(layer1.kernel.shape)\n"
    "g_vec = tf.reshape(g, [n_params, 1])\n"
    "h_mat = tf.reshape(h, [n_params, n_params])\n"
)
NEWTON = [
    # the advanced autodiff guide's Newton step: solve with the regularized Hessian
    _NEWTON_MODEL + "eps = 1e-3\neye_eps = tf.eye(h_mat.shape[0]) * eps\n"
    "update = tf.linalg.solve(h_mat + eye_eps, g_vec)\n"
    "_ = layer1.kernel.assign_sub(tf.reshape(update, layer1.kernel.shape))\n"
    "(update, layer1.kernel.numpy())",
    # the same step through inv and a diagonal regularizer
    _NEWTON_MODEL + "reg = tf.linalg.diag(tf.fill([n_params], 1e-3))\n"
    "update = tf.linalg.inv(h_mat + reg) @ g_vec\n"
    "(update, tf.linalg.diag_part(h_mat))",
    # and printed, as a script would
    _NEWTON_MODEL + "print(tf.linalg.slogdet(h_mat + tf.eye(6) * 1e-3).sign)\n"
    "print(tf.linalg.trace(h_mat))",
]

MORE = [
    # forward mode goes through the same gradients
    M64 + "t = c([[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, 1.0, 0.0]], tf.float64)\n"
    "with tf.autodiff.ForwardAccumulator(m, t) as acc:\n"
    "    y = tf.linalg.inv(m)\n    d = tf.linalg.det(m)\n"
    "(acc.jvp(y), acc.jvp(d))",
    # svd with full_matrices=True and |m - n| = 1 has a gradient
    grad(
        "w = c([[1.0, 2.0, -0.5], [0.4, -1.0, 2.0]], tf.float64)\n",
        "(lambda s, u, v: tf.reduce_sum(s ** 3) + tf.reduce_sum(tf.matmul(u * s, v[:, :2], "
        "adjoint_b=True) ** 2))(*tf.linalg.svd(w, full_matrices=True))",
        "w",
    ),
    grad(
        "a = tf.stack([c([[2.0, 0.5], [0.5, 1.0]]), c([[3.0, -1.0], [-1.0, 4.0]])])\n",
        "(lambda e, v: tf.reduce_sum(tf.matmul(v * tf.exp(e)[:, None, :], v, adjoint_b=True)))"
        "(*tf.linalg.eigh(a))",
        "a",
    ),
    "print(tf.linalg.qr(c([[1.0, 2.0], [0.0, 3.0]])))",
    "print(tf.linalg.slogdet(c([[2.0, 1.0], [1.0, 3.0]])))",
    "tf.linalg.svd(c([[2.0, 1.0], [1.0, 3.0]]), name='svd', compute_uv=False)",
    "tf.linalg.diag_part(c([[True, False], [False, True]]), k=(0, 1))",
    "v = tf.Variable([[2.0, 1.0], [1.0, 3.0]])\nwith tf.GradientTape() as tape:\n"
    "    loss = -tf.linalg.logdet(v) + tf.linalg.trace(v)\ntape.gradient(loss, v)",
]

CASES = (
    DIAGONALS
    + INVERSES
    + TRIANGULAR
    + CHOLESKY
    + QR
    + SPECTRAL
    + LEAST_SQUARES
    + EXPM
    + NEWTON
    + MORE
)
