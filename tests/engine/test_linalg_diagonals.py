"""tf.linalg's diagonal and band ops (MatrixDiagV3, MatrixDiagPartV3, MatrixSetDiagV3,
MatrixBandPart) and the compositions trace, matrix_transpose, adjoint: values against NumPy,
gradients against finite differences (first and second order), the op types TF records."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import check_gradients

RNG = np.random.default_rng(5)


def recorded(fn, *arrays):
    tensors = [tf.constant(a) for a in arrays]
    with tf.GradientTape() as tape:
        tape.watch(tensors)
        fn(*tensors)
    return [r.op.type for r in tape._records]


def test_diag_of_a_batch_puts_each_vector_on_a_diagonal():
    d = RNG.normal(size=(2, 3)).astype(np.float32)
    got = tf.linalg.diag(d).numpy()
    assert got.shape == (2, 3, 3)
    for i in range(2):
        np.testing.assert_array_equal(got[i], np.diag(d[i]))


@pytest.mark.parametrize("k", [-2, -1, 0, 1, 3])
def test_diag_part_of_one_diagonal_matches_numpy(k):
    m = RNG.normal(size=(4, 5))
    np.testing.assert_array_equal(tf.linalg.diag_part(m, k=k).numpy(), np.diagonal(m, k))


def test_diag_and_diag_part_of_a_range_invert_each_other():
    m = RNG.normal(size=(2, 4, 5))
    for align in ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]:
        packed = tf.linalg.diag_part(m, k=(-1, 2), align=align)
        assert packed.shape == (2, 4, 4)
        back = tf.linalg.diag(packed, k=(-1, 2), num_rows=4, num_cols=5, align=align).numpy()
        np.testing.assert_array_equal(back, np.triu(np.tril(m, 2), -1))


def test_set_diag_replaces_only_the_given_diagonals():
    m = RNG.normal(size=(3, 3))
    got = tf.linalg.set_diag(m, np.array([7.0, 8.0]), k=1).numpy()
    expected = m.copy()
    expected[0, 1], expected[1, 2] = 7.0, 8.0
    np.testing.assert_array_equal(got, expected)


@pytest.mark.parametrize("lower,upper", [(0, 0), (1, -1), (-1, 0), (2, 1), (-1, -1)])
def test_band_part_keeps_the_band(lower, upper):
    m = RNG.normal(size=(2, 4, 5))
    rows, cols = np.arange(4)[:, None], np.arange(5)[None, :]
    keep = ((lower < 0) | (rows - cols <= lower)) & ((upper < 0) | (cols - rows <= upper))
    np.testing.assert_array_equal(
        tf.linalg.band_part(m, lower, upper).numpy(), np.where(keep, m, 0.0)
    )


def test_trace_and_transposes():
    m = RNG.normal(size=(2, 3, 3))
    np.testing.assert_allclose(tf.linalg.trace(m).numpy(), np.trace(m, axis1=1, axis2=2))
    np.testing.assert_array_equal(tf.linalg.matrix_transpose(m).numpy(), m.transpose(0, 2, 1))
    np.testing.assert_array_equal(tf.linalg.adjoint(m).numpy(), m.transpose(0, 2, 1))
    with pytest.raises(ValueError, match="should be a \\(batch\\) matrix"):
        tf.linalg.matrix_transpose(tf.constant([1.0, 2.0]))


def test_shape_errors_are_tfs():
    with pytest.raises(InvalidArgumentError, match="input must be at least 2-dim"):
        tf.linalg.diag_part(tf.constant([1.0]))
    with pytest.raises(InvalidArgumentError, match="num_lower must be negative or less"):
        tf.linalg.band_part(tf.ones([2, 2]), 5, 0)
    with pytest.raises(InvalidArgumentError, match="Expected diagonal shape: \\[2\\]"):
        tf.linalg.set_diag(tf.ones([2, 2]), tf.ones([3]))


# --- gradients ------------------------------------------------------------------------------
WEIGHTS = RNG.normal(size=(3, 4))
GRADIENTS = {
    "diag": (lambda d: tf.linalg.diag(d, k=(-1, 1), num_rows=3, num_cols=4) ** 2, [(3, 3)]),
    "diag_part": (lambda m: tf.linalg.diag_part(m, k=(-1, 2)) ** 3, [(3, 4)]),
    "set_diag": (lambda m, d: tf.linalg.set_diag(m, d, k=1) ** 2 * WEIGHTS, [(3, 4), (3,)]),
    "band_part": (lambda m: tf.linalg.band_part(m, 1, 0) ** 2 * WEIGHTS, [(3, 4)]),
    "trace": (lambda m: tf.linalg.trace(m * m), [(2, 3, 3)]),
    "adjoint": (lambda m: tf.linalg.adjoint(m) ** 2 * WEIGHTS.T, [(3, 4)]),
}


@pytest.mark.parametrize("name", list(GRADIENTS))
def test_gradient_matches_finite_differences(name):
    fn, shapes = GRADIENTS[name]
    check_gradients(fn, *[RNG.normal(size=s) for s in shapes], order=2)


def test_recorded_ops_are_tfs():
    m = RNG.normal(size=(3, 3)).astype(np.float32)
    assert recorded(tf.linalg.trace, m) == ["MatrixDiagPartV3", "Sum"]
    assert recorded(tf.linalg.adjoint, m) == ["Transpose"]
    assert recorded(lambda x: tf.linalg.diag(x[0]), m) == ["StridedSlice", "MatrixDiagV3"]
    assert recorded(lambda x: tf.linalg.set_diag(x, x[0]), m) == [
        "StridedSlice",
        "MatrixSetDiagV3",
    ]
    assert recorded(lambda x: tf.linalg.band_part(x, 0, -1), m) == ["MatrixBandPart"]
