"""einsum (Einsum), tensordot and norm (TF's composites, recording the same ops), and
tf.linalg.matmul being tf.matmul: values, gradients, recorded op types, errors."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError
from tests.engine.finite_differences import SHAPES, check_gradients

RNG = np.random.default_rng(17)
X = tf.reshape(tf.range(12.0), (3, 4))
Y = tf.reshape(tf.range(20.0), (4, 5))


def recorded(fn, *tensors):
    with tf.GradientTape() as tape:
        tape.watch(list(tensors))
        fn(*tensors)
    return [r.op.type for r in tape._records]


def test_linalg_matmul_is_tf_matmul():
    assert tf.linalg.matmul is tf.matmul
    assert tf.linalg.norm is tf.norm and tf.linalg.einsum is tf.einsum
    assert tf.linalg.tensordot is tf.tensordot and tf.linalg.eye is tf.eye
    with pytest.raises(AttributeError, match=r"^engine does not implement tf\.linalg\.lu$"):
        tf.linalg.lu


# --- einsum -------------------------------------------------------------------------------
EQUATIONS = [
    ("ij,jk->ik", [(3, 4), (4, 5)]),
    ("ij,jk", [(3, 4), (4, 2)]),
    ("ba", [(2, 3)]),
    ("aA", [(2, 3)]),
    ("bij,bjk->bik", [(2, 3, 4), (2, 4, 5)]),
    ("i,j->ij", [(3,), (2,)]),
    ("ii->i", [(3, 3)]),
    ("ii", [(3, 3)]),
    ("ij->", [(3, 4)]),
    ("ij,k->i", [(3, 4), (2,)]),
    ("...ij,...jk->...ik", [(2, 1, 3, 4), (5, 4, 2)]),
    ("ij,jk,kl->il", [(2, 3), (3, 4), (4, 2)]),
    ("i j, j k -> i k", [(2, 3), (3, 2)]),
    ("i...,i->...", [(3, 2, 2), (3,)]),
    ("iij->j", [(2, 2, 3)]),
    ("...i,...i->...", [(1, 3), (4, 3)]),
]


@pytest.mark.parametrize("equation,shapes", EQUATIONS, ids=[e for e, _ in EQUATIONS])
def test_einsum_values_match_numpy(equation, shapes):
    arrays = [RNG.normal(size=s).astype(np.float32) for s in shapes]
    got = tf.einsum(equation, *arrays)
    expected = np.einsum(equation.replace(" ", ""), *arrays)
    assert got.shape == expected.shape and got.dtype == tf.float32
    np.testing.assert_allclose(got.numpy(), expected, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("equation,shapes", EQUATIONS, ids=[e for e, _ in EQUATIONS])
def test_einsum_gradients_match_finite_differences(equation, shapes):
    arrays = [RNG.normal(size=s) for s in shapes]
    # Squared, so that the second derivative is not trivially zero for linear equations.
    check_gradients(lambda *ts: tf.einsum(equation, *ts) ** 2, *arrays, order=2)


def test_einsum_gradients_match_tf():
    with tf.GradientTape(persistent=True) as tape:
        a, b = tf.reshape(tf.range(9.0), (3, 3)), tf.ones((2, 1, 3, 4))
        c = tf.ones((5, 4, 2))
        tape.watch([a, b, c, X])
        diagonal = tf.einsum("ii->i", a)
        trace = tf.einsum("ii", a)
        summed = tf.einsum("ij,k->i", X, tf.ones(2))
        batched = tf.einsum("...ij,...jk->...ik", b, c)
    np.testing.assert_array_equal(tape.gradient(diagonal, a).numpy(), np.eye(3))
    np.testing.assert_array_equal(tape.gradient(trace, a).numpy(), np.eye(3))
    np.testing.assert_array_equal(tape.gradient(summed, X).numpy(), np.full((3, 4), 2.0))
    np.testing.assert_array_equal(tape.gradient(batched, b).numpy(), np.full((2, 1, 3, 4), 10.0))
    np.testing.assert_array_equal(tape.gradient(batched, c).numpy(), np.full((5, 4, 2), 6.0))


def test_einsum_records_one_einsum_and_keeps_its_inputs():
    a, b = tf.ones((2, 3)), tf.ones((3, 4))
    with tf.GradientTape() as tape:
        tape.watch(a)
        tf.einsum("ij,jk->ik", a, b)
    (record,) = tape._records
    assert record.op.type == "Einsum" and record.inputs == (a, b)


@pytest.mark.parametrize(
    "call,error,message",
    [
        (
            lambda: tf.einsum("ij,jk->ik", X, X),
            InvalidArgumentError,
            "Expected dimension 4 at axis 0 of the input shaped [3,4] but got dimension 3 [Op:Einsum]",
        ),
        (
            lambda: tf.einsum("ij,ij->i", tf.ones((3, 1)), tf.ones((3, 4))),
            InvalidArgumentError,
            "Expected dimension 1 at axis 1 of the input shaped [3,4] but got dimension 4 [Op:Einsum]",
        ),
        (
            lambda: tf.einsum("ij->i", tf.ones((2, 3, 4))),
            InvalidArgumentError,
            "Expected input 0 to have rank 2 but got: 3 [Op:Einsum]",
        ),
        (
            lambda: tf.einsum("...i->i", tf.ones((2, 3, 4))),
            InvalidArgumentError,
            "Output contains 2 broadcasting dimension(s) but no ellipsis (...) was found in the output "
            "subscripts. [Op:Einsum]",
        ),
        (
            lambda: tf.einsum("ij->k", X),
            ValueError,
            "Output subscripts contain the label k not present in the input subscripts.",
        ),
        (
            lambda: tf.einsum("ij->ii", tf.ones((2, 2))),
            ValueError,
            "Output subscripts contain a label appearing more than once: ij->ii",
        ),
        (
            lambda: tf.einsum("ij,jk->ik", tf.ones((2, 3))),
            ValueError,
            'Got 1 inputs for equation "ij,jk->ik", expecting 2',
        ),
        (
            lambda: tf.einsum("i1->i", tf.ones((2, 3))),
            ValueError,
            "Subscripts have incorrect format: i1->i",
        ),
    ],
)
def test_einsum_errors_as_tf(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert type(info.value) is error and str(info.value) == message


# --- tensordot ----------------------------------------------------------------------------
def test_tensordot_values_match_tf():
    np.testing.assert_array_equal(
        tf.tensordot(X, Y, 1).numpy(),
        [[70, 76, 82, 88, 94], [190, 212, 234, 256, 278], [310, 348, 386, 424, 462]],
    )
    a, b = tf.reshape(tf.range(24.0), (2, 3, 4)), tf.reshape(tf.range(24.0), (4, 3, 2))
    np.testing.assert_array_equal(
        tf.tensordot(a, b, [[1, 2], [1, 0]]).numpy(), [[880, 946], [2464, 2674]]
    )
    assert tf.tensordot(tf.ones(2), tf.ones(3), 0).shape == (2, 3)
    assert tf.tensordot(X, X, [0, 0]).shape == (4, 4)


def test_tensordot_records_only_the_ops_tf_needs():
    assert recorded(lambda a, b: tf.tensordot(a, b, 1), X, Y) == ["MatMul"]
    assert recorded(lambda a, b: tf.tensordot(a, b, [[0], [1]]), X, tf.ones((5, 3))) == [
        "Transpose",
        "Transpose",
        "MatMul",
    ]
    assert recorded(lambda a, b: tf.tensordot(a, b, 1), tf.ones((2, 3, 4)), tf.ones((4, 5))) == [
        "Reshape",
        "MatMul",
        "Reshape",
    ]


def test_tensordot_gradients():
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([X, Y])
        z = tf.tensordot(X, Y, 1) * tf.reshape(tf.range(15.0), (3, 5))
    np.testing.assert_array_equal(
        tape.gradient(z, X).numpy(),
        [[30, 80, 130, 180], [80, 255, 430, 605], [130, 430, 730, 1030]],
    )
    np.testing.assert_array_equal(
        tape.gradient(z, Y).numpy(),
        [
            [100, 112, 124, 136, 148],
            [115, 130, 145, 160, 175],
            [130, 148, 166, 184, 202],
            [145, 166, 187, 208, 229],
        ],
    )
    check_gradients(
        lambda a, b: tf.tensordot(a, b, [[1, 0], [0, 2]]) ** 2,
        RNG.normal(size=(2, 3, 4)),
        RNG.normal(size=(3, 5, 2)),
        order=2,
    )


def test_tensordot_axes_errors_as_tf():
    with pytest.raises(ValueError, match=r"^`axes` must be at least 0. Received: -1.$"):
        tf.tensordot(X, X, -1)
    with pytest.raises(ValueError) as info:
        tf.tensordot(X, X, 3)
    assert str(info.value) == (
        "`axes` must not be larger than the number of dimensions of tensor [[ 0.  1.  2.  3.]\n"
        " [ 4.  5.  6.  7.]\n [ 8.  9. 10. 11.]].  Received 3, vs tensor dimensions 2."
    )
    with pytest.raises(
        ValueError,
        match=r"^Different number of contraction axes `a` and `b`, "
        r"1 != 2.$",
    ):
        tf.tensordot(X, X, [[0], [0, 1]])
    with pytest.raises(InvalidArgumentError) as info:
        tf.tensordot(X, X, 1)
    assert str(info.value) == "Matrix size-incompatible: In[0]: [3,4], In[1]: [3,4] [Op:MatMul]"


# --- norm ---------------------------------------------------------------------------------
def test_norm_values_match_tf():
    assert float(tf.norm(X)) == pytest.approx(22.494443893432617, rel=1e-7)
    np.testing.assert_allclose(
        tf.norm(X, axis=1).numpy(), [3.7416575, 11.224972, 19.131126], rtol=1e-7
    )
    np.testing.assert_allclose(
        tf.norm(X, axis=-2).numpy(), [8.944272, 10.34408, 11.83216, 13.379088], rtol=1e-7
    )
    assert float(tf.norm(X, ord=np.inf)) == 11.0
    assert float(tf.norm(X, ord=1)) == 66.0
    assert float(tf.norm(X, ord=3)) == pytest.approx(16.331623077392578, rel=1e-7)
    assert float(tf.norm(X, ord=0.5)) == pytest.approx(664.861328125, rel=1e-6)
    assert float(tf.norm(X, ord=1, axis=[0, 1])) == 21.0
    assert float(tf.norm(X, ord=np.inf, axis=[0, 1])) == 38.0
    assert float(tf.norm(X, ord="fro", axis=(0, 1))) == pytest.approx(22.494443893432617)
    assert tf.norm(X, axis=1, keepdims=True).shape == (3, 1)
    assert tf.linalg.norm(X, axis=(-2, -1), keepdims=True).shape == (1, 1)


def test_norm_records_tfs_ops():
    assert recorded(lambda a: tf.norm(a), X) == ["Mul", "Sum", "Sqrt", "Squeeze"]
    assert recorded(lambda a: tf.norm(a, ord=1), X) == ["Abs", "Sum", "Squeeze"]
    assert recorded(lambda a: tf.norm(a, ord=np.inf), X) == ["Abs", "Max", "Squeeze"]


@pytest.mark.parametrize("shape", [s for s in SHAPES if s])
@pytest.mark.parametrize("ord", ["euclidean", 1, 3])
def test_norm_gradients(shape, ord):  # noqa: A002 - TF's keyword
    x = RNG.normal(size=shape) + 0.5
    check_gradients(lambda t: tf.norm(t, ord=ord), x, order=2)
    check_gradients(lambda t: tf.norm(t, ord=ord, axis=-1), x, order=2)


def test_norm_gradient_matches_tf_including_nan_at_zero():
    with tf.GradientTape(persistent=True) as tape:
        zeros = tf.zeros((3,))
        tape.watch([X, zeros])
        n = tf.norm(X, axis=1) * tf.range(3.0)
        at_zero = tf.norm(zeros)
    np.testing.assert_allclose(
        tape.gradient(n, X).numpy(),
        [
            [0.0, 0.0, 0.0, 0.0],
            [0.35634833574295044, 0.44543540477752686, 0.534522533416748, 0.6236096024513245],
            [0.8363333940505981, 0.9408750534057617, 1.0454167127609253, 1.1499583721160889],
        ],
        rtol=1e-6,
    )
    assert np.isnan(tape.gradient(at_zero, zeros).numpy()).all()  # TF prints [nan nan nan]


@pytest.mark.parametrize(
    "kwargs,message",
    [
        (
            dict(ord=3, axis=[0, 1]),
            "'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got 3",
        ),
        (dict(ord="nuc"), "'ord' must be a supported vector norm, got nuc"),
        (dict(ord="fro"), "'ord' must be a supported vector norm, got fro"),
        (dict(ord=-1), "'ord' must be a supported vector norm, got -1"),
        (
            dict(axis=[1]),
            "'axis' must be None, an integer, or a tuple of 2 unique integers, got [1]",
        ),
        (
            dict(axis=[1, 1]),
            "'axis' must be None, an integer, or a tuple of 2 unique integers, got (1, 1)",
        ),
    ],
)
def test_norm_argument_errors_as_tf(kwargs, message):
    with pytest.raises(ValueError) as info:
        tf.norm(X, **kwargs)
    assert str(info.value) == message
