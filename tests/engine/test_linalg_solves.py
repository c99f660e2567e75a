"""tf.linalg's inverses, determinants and solves (MatrixInverse, MatrixDeterminant,
LogMatrixDeterminant, MatrixSolve, MatrixTriangularSolve, MatrixSolveLs) and the compositions
cholesky_solve and lstsq: values against NumPy, gradients against finite differences in
float64 (first and second order), saved tensors, TF's errors and recorded op types."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError, NotFoundError
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(11)


def well_conditioned(*shape):
    return RNG.normal(size=shape) + 3.0 * np.eye(shape[-1])


def spd(m):
    """A symmetric positive definite matrix from any square m, with engine ops."""
    return tf.matmul(m, m, transpose_b=True) + 3.0 * tf.eye(m.shape[-1], dtype=m.dtype)


def records(fn, *arrays):
    tensors = [tf.constant(a) for a in arrays]
    with tf.GradientTape() as tape:
        tape.watch(tensors)
        fn(*tensors)
    return tape._records


def test_values_match_numpy():
    m, b = well_conditioned(2, 3, 3), RNG.normal(size=(2, 3, 2))
    np.testing.assert_allclose(tf.linalg.inv(m).numpy(), np.linalg.inv(m), rtol=1e-10)
    np.testing.assert_allclose(
        tf.linalg.inv(m, adjoint=True).numpy(), np.linalg.inv(m).transpose(0, 2, 1), rtol=1e-10
    )
    np.testing.assert_allclose(tf.linalg.det(m).numpy(), np.linalg.det(m), rtol=1e-10)
    sign, log_abs = tf.linalg.slogdet(-m)
    np.testing.assert_allclose(sign.numpy(), np.linalg.slogdet(-m)[0])
    np.testing.assert_allclose(log_abs.numpy(), np.linalg.slogdet(-m)[1], rtol=1e-10)
    np.testing.assert_allclose(tf.linalg.solve(m, b).numpy(), np.linalg.solve(m, b), rtol=1e-9)
    lower = np.tril(m)
    np.testing.assert_allclose(
        tf.linalg.triangular_solve(m, b).numpy(), np.linalg.solve(lower, b), rtol=1e-9
    )
    np.testing.assert_allclose(
        tf.linalg.triangular_solve(m, b, lower=False, adjoint=True).numpy(),
        np.linalg.solve(np.triu(m).transpose(0, 2, 1), b),
        rtol=1e-9,
    )


def test_float32_stays_float32():
    m = well_conditioned(3, 3).astype(np.float32)
    for out in [tf.linalg.inv(m), tf.linalg.det(m), tf.linalg.solve(m, m), *tf.linalg.slogdet(m)]:
        assert out.dtype == tf.float32


def test_least_squares_match_numpy_for_tall_and_wide_matrices():
    tall, wide = RNG.normal(size=(5, 3)), RNG.normal(size=(2, 4))
    rhs_tall, rhs_wide = RNG.normal(size=(5, 2)), RNG.normal(size=(2, 1))
    for a, rhs in [(tall, rhs_tall), (wide, rhs_wide)]:
        expected = np.linalg.lstsq(a, rhs, rcond=None)[0]
        np.testing.assert_allclose(tf.linalg.lstsq(a, rhs).numpy(), expected, rtol=1e-8)
        np.testing.assert_allclose(tf.linalg.lstsq(a, rhs, fast=False).numpy(), expected, rtol=1e-8)
    regularized = np.linalg.solve(tall.T @ tall + 0.5 * np.eye(3), tall.T @ rhs_tall)
    np.testing.assert_allclose(
        tf.linalg.lstsq(tall, rhs_tall, l2_regularizer=0.5).numpy(), regularized, rtol=1e-8
    )


def test_singular_matrices_raise_tfs_errors():
    singular = tf.constant([[1.0, 2.0], [2.0, 4.0]])
    with pytest.raises(InvalidArgumentError, match=r"^Input is not invertible\."):
        tf.linalg.inv(singular)
    with pytest.raises(InvalidArgumentError, match=r"^Input matrix is not invertible\."):
        tf.linalg.solve(singular, tf.ones([2, 1]))
    assert float(tf.linalg.det(singular)) == 0.0
    x = tf.linalg.triangular_solve(tf.constant([[0.0, 0.0], [3.0, 4.0]]), tf.ones([2, 1]))
    assert np.isinf(x.numpy()).all()  # TF's kernel divides by the zero pivot


def test_dtype_and_shape_errors_are_tfs():
    ints = tf.constant([[1, 2], [3, 4]])
    for fn in [tf.linalg.inv, tf.linalg.det, lambda x: tf.linalg.solve(x, x)]:
        with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32"):
            fn(ints)
    with pytest.raises(NotFoundError, match="MatrixDeterminant\\[T=DT_HALF\\]"):
        tf.linalg.det(tf.constant([[1.0]], tf.float16))
    with pytest.raises(InvalidArgumentError, match=r"^Input matrix must be square\."):
        tf.linalg.inv(tf.ones([2, 3]))
    with pytest.raises(InvalidArgumentError, match="same outer dimensions"):
        tf.linalg.solve(tf.ones([2, 2, 2]), tf.ones([3, 2, 1]))
    with pytest.raises(InvalidArgumentError, match="In\\[0\\] mismatch In\\[1\\] shape"):
        tf.linalg.triangular_solve(tf.eye(2), tf.ones([3, 1]))


# --- gradients ------------------------------------------------------------------------------
RHS = RNG.normal(size=(3, 2))
GRADIENTS = {
    "inv": (lambda m: tf.linalg.inv(m) ** 2, [well_conditioned(3, 3)]),
    "inv adjoint": (
        lambda m: tf.linalg.inv(m, adjoint=True) * RHS[:, :1],
        [well_conditioned(3, 3)],
    ),
    "det": (tf.linalg.det, [well_conditioned(2, 3, 3)]),
    "slogdet": (lambda m: tf.linalg.slogdet(m)[1], [well_conditioned(2, 3, 3)]),
    "solve": (lambda m, b: tf.linalg.solve(m, b) ** 2, [well_conditioned(3, 3), RHS]),
    "solve adjoint": (
        lambda m, b: tf.linalg.solve(m, b, adjoint=True) ** 2,
        [well_conditioned(3, 3), RHS],
    ),
    "triangular_solve": (
        lambda m, b: tf.linalg.triangular_solve(m, b) ** 2,
        [well_conditioned(3, 3), RHS],
    ),
    "triangular_solve upper adjoint": (
        lambda m, b: tf.linalg.triangular_solve(m, b, lower=False, adjoint=True) ** 2,
        [well_conditioned(3, 3), RHS],
    ),
    "triangular_solve broadcast": (
        lambda m, b: tf.linalg.triangular_solve(m, b) ** 2,
        [well_conditioned(2, 3, 3), RHS],
    ),
    "cholesky_solve": (
        lambda m, b: tf.linalg.cholesky_solve(tf.linalg.cholesky(spd(m)), b) ** 2,
        [RNG.normal(size=(3, 3)), RHS],
    ),
    "lstsq tall": (
        lambda a, b: tf.linalg.lstsq(a, b) ** 2,
        [RNG.normal(size=(4, 2)), RNG.normal(size=(4, 1))],
    ),
    "lstsq wide regularized": (
        lambda a, b: tf.linalg.lstsq(a, b, l2_regularizer=0.3) ** 2,
        [RNG.normal(size=(2, 4)), RNG.normal(size=(2, 1))],
    ),
}


@pytest.mark.parametrize("name", list(GRADIENTS))
def test_gradient_matches_finite_differences(name):
    fn, arrays = GRADIENTS[name]
    check_gradients(fn, *arrays, order=2, rtol=1e-4, atol=1e-5)


def test_matrix_solve_ls_kernel_gradient_is_tfs_for_fast_and_refused_for_slow():
    from engine.ops.linalg_lstsq import _matrix_solve_ls

    a, b = RNG.normal(size=(4, 2)), RNG.normal(size=(4, 1))
    check_gradients(lambda a_, b_: _matrix_solve_ls(a_, b_, 0.2, True) ** 2, a, b, rtol=1e-4)
    x = tf.constant(a)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.linalg.lstsq(x, b, fast=False)
    with pytest.raises(ValueError, match="Gradient not defined for fast=False"):
        tape.gradient(y, x)


def test_saved_tensors_are_what_each_gradient_reads():
    m = well_conditioned(3, 3)
    (rec,) = records(tf.linalg.inv, m)
    assert rec.inputs is None and len(rec.outputs) == 1  # MatrixInverse: its output only
    (rec,) = records(lambda x: tf.linalg.solve(x, RHS), m)
    # MatrixSolve: the matrix and the output, not the right-hand side
    assert rec.inputs[0] is not None and rec.inputs[1] is None and len(rec.outputs) == 1


def test_recorded_ops_are_tfs():
    a, b = RNG.normal(size=(4, 2)), RNG.normal(size=(4, 1))
    assert [r.op.type for r in records(tf.linalg.lstsq, a, b)] == [
        "MatMul",
        "Cholesky",
        "MatMul",
        "MatrixTriangularSolve",
        "MatrixTriangularSolve",
    ]
    assert [r.op.type for r in records(lambda x: tf.linalg.lstsq(x, b, fast=False), a)] == [
        "MatrixSolveLs"
    ]
    w = well_conditioned(3, 3)
    chol = np.linalg.cholesky(w @ w.T)
    assert [r.op.type for r in records(tf.linalg.cholesky_solve, chol, RHS)] == [
        "MatrixTriangularSolve",
        "MatrixTriangularSolve",
    ]
    assert [r.op.type for r in records(tf.linalg.slogdet, chol)] == ["LogMatrixDeterminant"]
