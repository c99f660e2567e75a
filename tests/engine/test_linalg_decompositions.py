"""tf.linalg's decompositions (Cholesky, Qr, Svd, SelfAdjointEigV2) and the compositions
logdet, pinv and expm: values against NumPy (sign-free where vectors' signs are free),
gradients against finite differences in float64 (first and second order) through
gauge-invariant functions of the outputs, as TF's own tests use them, and the documented limits
of TF's spectral gradients."""

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(23)
WEIGHTS = RNG.normal(size=(3, 3))


def spd(m):
    """A symmetric positive definite matrix from any square m, with engine ops."""
    return tf.matmul(m, m, transpose_b=True) + 3.0 * tf.eye(m.shape[-1], dtype=m.dtype)


def symmetric(m):
    return (m + tf.linalg.matrix_transpose(m)) / 2.0


def reconstruct(s, u, v):
    return tf.matmul(u * tf.expand_dims(s, -2), v, adjoint_b=True)


def records(fn, *arrays):
    tensors = [tf.constant(a) for a in arrays]
    with tf.GradientTape() as tape:
        tape.watch(tensors)
        fn(*tensors)
    return [r.op.type for r in tape._records]


# --- values ---------------------------------------------------------------------------------
def test_cholesky_and_logdet_match_numpy():
    m = RNG.normal(size=(2, 3, 3))
    a = m @ m.transpose(0, 2, 1) + 3 * np.eye(3)
    np.testing.assert_allclose(tf.linalg.cholesky(a).numpy(), np.linalg.cholesky(a), rtol=1e-10)
    np.testing.assert_allclose(tf.linalg.logdet(a).numpy(), np.linalg.slogdet(a)[1], rtol=1e-10)


def test_cholesky_of_a_matrix_that_is_not_positive_definite_is_nan():
    chol = tf.linalg.cholesky(tf.constant([[1.0, 2.0], [2.0, 1.0]])).numpy()
    assert np.isnan(chol[np.tril_indices(2)]).all() and chol[0, 1] == 0.0


@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (2, 3, 3)])
@pytest.mark.parametrize("full_matrices", [False, True])
def test_qr_reconstructs_with_orthonormal_q_and_upper_r(shape, full_matrices):
    a = RNG.normal(size=shape)
    q, r = tf.linalg.qr(a, full_matrices=full_matrices)
    assert type(tf.linalg.qr(a)).__name__ == "Qr"
    np.testing.assert_allclose((q @ r).numpy(), a, atol=1e-12)
    np.testing.assert_allclose(r.numpy(), np.triu(r.numpy()))
    k = q.shape[-1]
    np.testing.assert_allclose(
        tf.linalg.adjoint(q) @ q, np.broadcast_to(np.eye(k), q.shape[:-2] + (k, k)), atol=1e-12
    )


@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (2, 3, 3)])
def test_svd_values_and_reconstruction(shape):
    a = RNG.normal(size=shape)
    s, u, v = tf.linalg.svd(a)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(a, compute_uv=False), rtol=1e-12)
    np.testing.assert_allclose(reconstruct(s, u, v).numpy(), a, atol=1e-12)
    np.testing.assert_allclose(tf.linalg.svd(a, compute_uv=False).numpy(), s.numpy())
    _, u_full, v_full = tf.linalg.svd(a, full_matrices=True)
    assert u_full.shape[-2:] == (shape[-2], shape[-2]) and v_full.shape[-2:] == (shape[-1],) * 2


def test_eigh_reads_the_lower_triangle_and_sorts_ascending():
    m = RNG.normal(size=(3, 3))
    lower = np.tril(m) + np.tril(m, -1).T
    e, v = tf.linalg.eigh(m)
    np.testing.assert_allclose(e.numpy(), np.linalg.eigvalsh(lower), rtol=1e-12)
    np.testing.assert_allclose((v * e) @ tf.linalg.adjoint(v), lower, atol=1e-12)
    np.testing.assert_allclose(tf.linalg.eigvalsh(m).numpy(), e.numpy())


def test_pinv_matches_numpy():
    a = RNG.normal(size=(4, 3))
    np.testing.assert_allclose(tf.linalg.pinv(a).numpy(), np.linalg.pinv(a), rtol=1e-10)
    rank_one = np.outer([1.0, 2.0], [1.0, 3.0])
    np.testing.assert_allclose(
        tf.linalg.pinv(rank_one).numpy(), np.linalg.pinv(rank_one), rtol=1e-10
    )


@pytest.mark.parametrize("scale", [0.01, 0.3, 1.0, 5.0, 50.0])
def test_expm_matches_a_taylor_series_after_squaring(scale):
    a = RNG.normal(size=(3, 3)) * scale
    squarings = max(0, int(np.ceil(np.log2(np.abs(a).sum(0).max() + 1))))
    small = a / 2.0**squarings
    term, total = np.eye(3), np.eye(3)
    for k in range(1, 30):
        term = term @ small / k
        total = total + term
    for _ in range(squarings):
        total = total @ total
    np.testing.assert_allclose(tf.linalg.expm(a).numpy(), total, rtol=1e-9)


# --- gradients ------------------------------------------------------------------------------
GRADIENTS = {
    "cholesky": (lambda m: tf.linalg.cholesky(spd(m)) * WEIGHTS, (3, 3)),
    "cholesky batched": (lambda m: tf.linalg.cholesky(spd(m)) ** 2, (2, 3, 3)),
    "logdet": (lambda m: tf.linalg.logdet(spd(m)), (3, 3)),
    "qr square": (lambda m: tf.linalg.qr(m).q * WEIGHTS + tf.linalg.qr(m).r ** 2, (3, 3)),
    "qr tall": (
        lambda m: tf.reduce_sum(tf.linalg.qr(m).q ** 3) + tf.reduce_sum(tf.linalg.qr(m).r),
        (4, 3),
    ),
    "qr wide": (
        lambda m: (
            tf.reduce_sum(tf.linalg.qr(m).q * WEIGHTS[:2, :2])
            + tf.reduce_sum(tf.linalg.qr(m).r ** 2)
        ),
        (2, 4),
    ),
    "svd values": (lambda m: tf.linalg.svd(m, compute_uv=False) * [1.0, 2.0, 3.0], (3, 3)),
    "svd values wide": (lambda m: tf.linalg.svd(m, compute_uv=False) ** 2, (2, 4)),
    "svd square": (lambda m: reconstruct(*tf.linalg.svd(m)) ** 3, (3, 3)),
    "svd tall": (lambda m: reconstruct(*tf.linalg.svd(m)) ** 3, (4, 3)),
    "svd wide": (lambda m: reconstruct(*tf.linalg.svd(m)) ** 3, (2, 4)),
    "svd left projector": (
        lambda m: (lambda s, u, v: tf.matmul(u * s, u, adjoint_b=True) * WEIGHTS[:2, :2])(
            *tf.linalg.svd(m)
        ),
        (2, 4),
    ),
    "svd full wide": (
        lambda m: (
            lambda s, u, v: (
                tf.reduce_sum(s**3) + tf.reduce_sum(tf.matmul(u * s, v[:, :2], adjoint_b=True) ** 2)
            )
        )(*tf.linalg.svd(m, full_matrices=True)),
        (2, 3),
    ),
    "svd batched": (lambda m: reconstruct(*tf.linalg.svd(m)) ** 3, (2, 3, 2)),
    "eigvalsh": (lambda m: tf.linalg.eigvalsh(symmetric(m)) * [1.0, 2.0, 3.0], (3, 3)),
    "eigh projector": (
        lambda m: (lambda e, v: tf.matmul(v * e**2, v, adjoint_b=True) * WEIGHTS)(
            *tf.linalg.eigh(symmetric(m))
        ),
        (3, 3),
    ),
    "eigh batched": (
        lambda m: (lambda e, v: tf.matmul(v * tf.exp(e[..., None, :]), v, adjoint_b=True))(
            *tf.linalg.eigh(symmetric(m))
        ),
        (2, 3, 3),
    ),
    "pinv": (lambda m: tf.linalg.pinv(m) ** 2, (4, 3)),
    "expm": (lambda m: tf.linalg.expm(m) * WEIGHTS, (3, 3)),
    "expm scaled": (lambda m: tf.linalg.expm(4.0 * m) * WEIGHTS, (3, 3)),
}


@pytest.mark.parametrize("name", list(GRADIENTS))
def test_gradient_matches_finite_differences(name):
    fn, shape = GRADIENTS[name]
    check_gradients(fn, RNG.normal(size=shape), order=2, rtol=1e-4, atol=1e-5)


def gradient(fn, array):
    x = tf.constant(array)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    return tape.gradient(y, x)


def test_degenerate_spectra_give_tfs_finite_gradient():
    # _SafeReciprocal turns 1/(e_i - e_j) into 0 for equal values: finite, as TF's (0 here)
    d = np.diag([2.0, 2.0, 5.0])
    got = gradient(lambda x: tf.reduce_sum(tf.linalg.eigh(x)[1] ** 3), d).numpy()
    assert np.isfinite(got).all()
    got = gradient(lambda x: tf.reduce_sum(tf.linalg.svd(x)[1] ** 3), np.eye(3)).numpy()
    np.testing.assert_array_equal(got, np.zeros((3, 3)))


def test_unsupported_gradients_raise_as_tfs():
    with pytest.raises(NotImplementedError, match="abs\\(m - n\\) > 1 when full_matrices"):
        gradient(lambda x: tf.linalg.svd(x, full_matrices=True)[1], RNG.normal(size=(5, 2)))
    with pytest.raises(NotImplementedError, match="QrGrad not implemented when nrows > ncols"):
        gradient(lambda x: tf.linalg.qr(x, full_matrices=True).r, RNG.normal(size=(4, 2)))


def test_recorded_ops_are_tfs():
    a = RNG.normal(size=(3, 3))
    assert records(tf.linalg.pinv, a) == [
        "Svd",
        "Max",
        "Mul",
        "ExpandDims",
        "Greater",
        "SelectV2",
        "ExpandDims",
        "RealDiv",
        "MatMul",
    ]
    assert records(tf.linalg.logdet, a @ a.T + np.eye(3)) == [
        "Cholesky",
        "MatrixDiagPartV3",
        "Log",
        "Sum",
        "Mul",
    ]
    assert records(tf.linalg.eigvalsh, a) == ["SelfAdjointEigV2"]
    assert records(lambda x: tf.linalg.svd(x, compute_uv=False), a) == ["Svd"]
    assert "MatrixSolve" in records(tf.linalg.expm, a)
