"""tf.autodiff.ForwardAccumulator: JVPs, forward-over-backward and backward-over-forward.

Values are what TensorFlow 2.21 prints for the same code, and JVPs are checked against
central finite differences in float64.
"""

import numpy as np
import pytest

import engine as tf


def test_autodiff_namespace():
    assert tf.autodiff.GradientTape is tf.GradientTape
    assert tf.autodiff.ForwardAccumulator is not None


def test_jvp_of_elementwise_ops_and_a_reduction():
    x = tf.constant([1.0, 2.0])
    v = tf.constant([0.5, -1.0])
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        y = tf.sin(x) * x
        z = tf.reduce_sum(y)
    np.testing.assert_allclose(acc.jvp(y), [0.6908866, -0.07700372], rtol=1e-5)
    np.testing.assert_allclose(float(acc.jvp(z)), 0.6138829, rtol=1e-5)


def test_jvp_matches_finite_differences_in_float64():
    x0 = np.array([[0.3, -1.2], [0.7, 2.0]])
    v0 = np.array([[1.0, 0.5], [-2.0, 0.25]])
    w = np.array([[1.5, -0.5], [0.25, 2.0]])

    def f(x):
        return np.tanh(x @ w) * np.exp(x * 0.5)

    x = tf.constant(x0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(v0)) as acc:
        y = tf.tanh(tf.matmul(x, tf.constant(w))) * tf.exp(x * 0.5)
    eps = 1e-6
    expected = (f(x0 + eps * v0) - f(x0 - eps * v0)) / (2 * eps)
    np.testing.assert_allclose(acc.jvp(y).numpy(), expected, rtol=1e-6, atol=1e-9)


def test_jvp_accepts_nested_structures():
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        y = x * 3.0
        z = tf.reduce_sum(x)
    result = acc.jvp([y, {"a": z}])
    np.testing.assert_array_equal(result[0], [3.0, 3.0])
    assert float(result[1]["a"]) == 2.0


def test_jvp_of_a_primal_is_its_tangent_even_before_entering():
    x = tf.constant([1.0, 2.0])
    v = tf.constant([0.5, -1.0])
    acc = tf.autodiff.ForwardAccumulator(x, v)
    np.testing.assert_array_equal(acc.jvp(x), [0.5, -1.0])


def test_unconnected_jvp_is_none_or_zeros():
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        w = tf.constant(3.0) * 2.0
    assert acc.jvp(w) is None
    assert float(acc.jvp(w, unconnected_gradients="zero")) == 0.0
    assert float(acc.jvp(w, unconnected_gradients=tf.UnconnectedGradients.ZERO)) == 0.0


def test_ops_after_the_context_have_no_tangent():
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        y = x * 2.0
    q = y * 2.0
    assert acc.jvp(q) is None
    np.testing.assert_array_equal(acc.jvp(y), [2.0, 2.0])


def test_tangents_of_dropped_intermediates_are_freed():
    # The engine's memory rule (TF 2.21 keeps this tangent while the accumulator lives).
    import gc
    import weakref

    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        y = tf.sin(x)
        tangent = weakref.ref(acc.jvp(y))
        z = y * 2.0
    del y
    gc.collect()
    assert tangent() is None
    np.testing.assert_allclose(acc.jvp(z), 2 * np.cos([1.0, 2.0]), rtol=1e-6)


def test_jvp_through_variables():
    var = tf.Variable([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(var, tf.constant([1.0, 0.0])) as acc:
        y = var * var * 3.0
    np.testing.assert_array_equal(acc.jvp(y), [6.0, 0.0])
    np.testing.assert_array_equal(acc.jvp(var), [1.0, 0.0])


def test_non_differentiable_and_integer_results_have_no_tangent():
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        a = tf.argmax(x)
        r = tf.round(x)
        c = tf.cast(x, tf.int32)
        d = tf.cast(c, tf.float32)
        e = tf.stop_gradient(x) * x
    assert acc.jvp(a) is None and acc.jvp(r) is None
    assert acc.jvp(c) is None and acc.jvp(d) is None
    np.testing.assert_array_equal(acc.jvp(e), [1.0, 2.0])
    zeros = acc.jvp(c, unconnected_gradients="zero")
    assert zeros.dtype == tf.int32
    np.testing.assert_array_equal(zeros, [0, 0])


def test_jvp_through_an_op_with_several_outputs():
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        a, b = tf.unstack(x)
        p = a * b
    assert (float(acc.jvp(a)), float(acc.jvp(b)), float(acc.jvp(p))) == (1.0, 1.0, 3.0)


def test_hessian_vector_product_forward_over_backward():
    x = tf.constant([1.0, 2.0])
    v = tf.constant([0.5, -1.0])
    with tf.autodiff.ForwardAccumulator(x, v) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.sin(x) * x * x)
        g = tape.gradient(y, x)
    np.testing.assert_allclose(g, [2.2232442, 1.9726022], rtol=1e-6)
    np.testing.assert_allclose(acc.jvp(g), [1.50134, 5.1477695], rtol=1e-5)


def test_hessian_vector_product_matches_the_exact_hessian():
    x0 = np.array([0.3, -0.8, 1.1])
    v0 = np.array([1.0, 2.0, -0.5])
    x = tf.constant(x0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(v0)) as acc:
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.exp(x) * x) + x[0] * x[1] * x[2]
        g = tape.gradient(y, x)
    hessian = np.diag(np.exp(x0) * (x0 + 2))
    hessian[0, 1] = hessian[1, 0] = x0[2]
    hessian[0, 2] = hessian[2, 0] = x0[1]
    hessian[1, 2] = hessian[2, 1] = x0[0]
    np.testing.assert_allclose(acc.jvp(g).numpy(), hessian @ v0, rtol=1e-10)


def test_backward_over_forward():
    x = tf.constant([1.0, 2.0])
    v = tf.constant([0.5, -1.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        with tf.autodiff.ForwardAccumulator(x, v) as acc:
            y = tf.reduce_sum(tf.sin(x) * x * x)
        j = acc.jvp(y)
    np.testing.assert_allclose(float(j), -0.86098015, rtol=1e-5)
    np.testing.assert_allclose(tape.gradient(j, x), [1.50134, 5.1477695], rtol=1e-5)


def test_forward_over_forward():
    s = tf.constant(1.5)
    with tf.autodiff.ForwardAccumulator(s, tf.constant(1.0)) as outer:
        with tf.autodiff.ForwardAccumulator(s, tf.constant(1.0)) as inner:
            y = s * s * s
        d1 = inner.jvp(y)
    assert float(d1) == 6.75
    assert float(outer.jvp(d1)) == 9.0


def test_ops_with_only_boolean_results_need_no_gradient():
    x = tf.constant([1.0, 2.0])
    with tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 1.0])) as acc:
        finite = tf.math.is_finite(x)
        y = tf.reduce_logsumexp(x)
    assert acc.jvp(finite) is None
    np.testing.assert_allclose(float(acc.jvp(y)), 1.0, rtol=1e-6)


def test_an_op_without_gradient_raises_under_an_accumulator():
    x0 = tf.constant([[[0.5, 0.0, 0.0]]])
    with (
        pytest.raises(LookupError, match="gradient registry has no entry for: AdjustContrastv2"),
        tf.autodiff.ForwardAccumulator(x0, tf.ones_like(x0)),
    ):
        tf.image.adjust_contrast(x0, 0.1)


def test_re_entering_an_active_accumulator():
    acc = tf.autodiff.ForwardAccumulator(tf.constant(1.0), tf.constant(1.0))
    with acc, pytest.raises(ValueError, match=r"^Accumulator is already recording\.$"):
        acc.__enter__()


def test_tangent_dtype_must_match_the_primal():
    x = tf.constant([1.0, 2.0])
    with pytest.raises(
        ValueError, match="Tensor conversion requested dtype float32 for Tensor with dtype float64"
    ):
        tf.autodiff.ForwardAccumulator(x, tf.constant([1.0, 2.0], tf.float64))


def test_a_primal_given_twice():
    x = tf.constant([1.0, 2.0])
    v = tf.constant([1.0, 1.0])
    with pytest.raises(ValueError) as caught:
        tf.autodiff.ForwardAccumulator([x, x], [v, v])
    assert str(caught.value) == (
        "Tensor {} was specified as a primal multiple times. This may "
        "indicate an error. If it was intended, please sum the "
        "corresponding tangents."
    )


def test_primals_and_tangents_must_share_a_structure():
    x = tf.constant([1.0, 2.0])
    with pytest.raises(
        ValueError,
        match=r"The two structures don't have the same nested "
        r"structure\.",
    ):
        tf.autodiff.ForwardAccumulator(x, [1.0, 2.0])


def test_an_integer_primal_warns():
    with pytest.warns(
        UserWarning,
        match=r"The dtype of the watched primal must be floating "
        r"\(e.g. tf.float32\), got tf.int32",
    ):
        tf.autodiff.ForwardAccumulator(tf.constant([1, 2]), tf.constant([1, 1]))


def test_unknown_unconnected_gradients_in_jvp():
    acc = tf.autodiff.ForwardAccumulator(tf.constant(1.0), tf.constant(1.0))
    with pytest.raises(ValueError, match=r"^'bad' is not a valid UnconnectedGradients$"):
        acc.jvp(tf.constant(2.0), unconnected_gradients="bad")


# Every op with a registered gradient gets forward mode through it: JVPs against central
# finite differences in float64, for a spread of op families.
FORWARD_CASES = {
    "exp_log_sqrt": lambda x: tf.sqrt(tf.exp(x) + tf.math.log(x * x + 1.0)),
    "tanh_sigmoid_softplus": lambda x: tf.tanh(x) * tf.sigmoid(x) + tf.nn.softplus(x),
    "pow_divide_square": lambda x: tf.pow(x * x + 1.0, 1.5) / (tf.square(x) + 2.0),
    "maximum_minimum_abs": lambda x: tf.maximum(x, 0.1) + tf.minimum(x, -0.2) * tf.abs(x),
    "matmul_transpose": lambda x: tf.matmul(x, tf.transpose(x)),
    "reductions": lambda x: (
        tf.reduce_mean(x, axis=0) * tf.reduce_max(x, axis=1)[0] + tf.reduce_logsumexp(x)
    ),
    "softmax_log_softmax": lambda x: tf.nn.softmax(x) + tf.nn.log_softmax(x, axis=0),
    "reshape_concat_slice": lambda x: tf.concat([tf.reshape(x, [-1]), x[1:, ::-1][0]], 0) * 2.0,
    "gather_where": lambda x: tf.where(x > 0.0, tf.gather(x, [1, 0]), x * 3.0),
    "cumsum_l2_normalize": lambda x: tf.math.cumsum(x, axis=1) + tf.math.l2_normalize(x),
    "broadcasting": lambda x: (
        x * tf.constant([[1.0], [2.0]], tf.float64) + tf.reduce_sum(x, axis=0)
    ),
}


@pytest.mark.parametrize("name", sorted(FORWARD_CASES))
def test_jvp_of_op_families_matches_finite_differences(name):
    f = FORWARD_CASES[name]
    rng = np.random.default_rng(7)
    x0 = rng.normal(size=(2, 2)) + np.array([[0.3, -0.4], [0.5, 0.7]])
    v0 = rng.normal(size=(2, 2))
    x = tf.constant(x0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(v0)) as acc:
        y = f(x)
    eps = 1e-6
    expected = (f(tf.constant(x0 + eps * v0)).numpy() - f(tf.constant(x0 - eps * v0)).numpy()) / (
        2 * eps
    )
    np.testing.assert_allclose(acc.jvp(y).numpy(), expected, rtol=1e-5, atol=1e-7)
