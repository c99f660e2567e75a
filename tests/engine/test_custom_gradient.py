"""tf.custom_gradient: user gradients, variables=, higher order, forward mode, TF's errors.

Values and messages are what TensorFlow 2.21 returns for the same code.
"""

import numpy as np
import pytest

import engine as tf


@tf.custom_gradient
def log1pexp(x):
    e = tf.exp(x)

    def grad(upstream):
        return upstream * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


@tf.custom_gradient
def cube(x):
    def grad(dy):
        return dy * 3 * x * x

    return x * x * x, grad


def test_a_numerically_stable_gradient():
    x = tf.constant(100.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = log1pexp(x)
    assert np.isinf(float(y))
    assert float(tape.gradient(y, x)) == 1.0


def test_the_decorator_keeps_the_function_name():
    assert cube.__name__ == "cube"


def test_a_clipped_gradient():
    @tf.custom_gradient
    def clip_gradient(x):
        def grad(dy):
            return tf.clip_by_value(dy, -0.5, 0.5)

        return tf.identity(x), grad

    x = tf.constant([3.0, 4.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = clip_gradient(x) * 2.0
    np.testing.assert_array_equal(tape.gradient(y, x), [0.5, 0.5])


def test_the_function_runs_normally_outside_a_tape():
    assert float(cube(tf.constant(3.0))) == 27.0


def test_several_inputs_and_outputs_with_zeros_for_an_unused_output():
    seen = []

    @tf.custom_gradient
    def multi(a, b):
        def grad(da, db):
            seen.append((float(da), float(db)))
            return da + db, da - db

        return (a * b, a + b), grad

    a, b = tf.constant(2.0), tf.constant(5.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([a, b])
        p, s = multi(a, b)
    assert [float(g) for g in tape.gradient(p, [a, b])] == [1.0, 1.0]
    assert [float(g) for g in tape.gradient([p, s], [a, b])] == [2.0, 0.0]
    assert seen == [(1.0, 0.0), (1.0, 1.0)]


def test_grad_fn_may_return_none_for_an_input():
    @tf.custom_gradient
    def first_only(a, b):
        def grad(dy):
            return dy, None

        return a * b, grad

    a, b = tf.constant(2.0), tf.constant(5.0)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = first_only(a, b)
    grads = tape.gradient(y, [a, b])
    assert float(grads[0]) == 1.0 and grads[1] is None


def test_python_number_arguments_count_as_inputs():
    @tf.custom_gradient
    def scale(a, k):
        def grad(dy):
            return dy * k, None

        return a * k, grad

    a = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(a)
        y = scale(a, 3.0)
    assert float(tape.gradient(y, a)) == 3.0


def test_a_variable_passed_as_an_argument_gets_the_custom_gradient():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def times_one(w):
        def grad(dy):
            return dy * 7.0

        return w * 1.0, grad

    with tf.GradientTape() as tape:
        y = times_one(v)
    assert float(tape.gradient(y, v)) == 7.0


def test_variables_used_inside_get_their_gradients_through_the_variables_keyword():
    v = tf.Variable(2.0)
    names = []

    @tf.custom_gradient
    def uses_v(x):
        def grad(dy, variables=None):
            names.extend(w.name for w in variables)
            return dy * 10.0, [dy * 100.0]

        return x * v, grad

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = uses_v(x)
    assert [float(g) for g in tape.gradient(y, [x, v])] == [10.0, 100.0]
    assert names == [v.name]


def test_second_order_through_a_custom_gradient():
    x = tf.constant(2.0)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = cube(x)
        g = inner.gradient(y, x)
    assert float(g) == 12.0
    assert float(outer.gradient(g, x)) == 12.0


def test_forward_mode_through_a_custom_gradient():
    x = tf.constant(2.0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(1.0)) as acc:
        y = cube(x)
    assert float(acc.jvp(y)) == 12.0


def test_jacobian_through_a_custom_gradient():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = cube(x)
    np.testing.assert_array_equal(tape.jacobian(y, x), [[3.0, 0.0], [0.0, 12.0]])


def test_using_variables_without_accepting_the_keyword():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def uses_v(x):
        def grad(dy):
            return dy * 10.0

        return x * v, grad

    with tf.GradientTape() as tape:
        x = tf.constant(3.0)
        tape.watch(x)
        with pytest.raises(TypeError) as caught:
            uses_v(x)
    assert str(caught.value) == (
        "@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function "
        f"uses variables: [{v!r}]"
    )


def test_too_few_variable_gradients():
    v = tf.Variable(2.0)

    @tf.custom_gradient
    def uses_v(x):
        def grad(dy, variables=None):
            return dy * 10.0, []

        return x * v, grad

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = uses_v(x)
    with pytest.raises(
        ValueError,
        match=r"^Must return gradient for each variable from "
        r"@custom_gradient grad_fn\.$",
    ):
        tape.gradient(y, [x, v])


def test_the_wrong_number_of_input_gradients():
    @tf.custom_gradient
    def two_grads(x):
        def grad(dy):
            return dy, dy

        return x * 2.0, grad

    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = two_grads(x)
    with pytest.raises(ValueError) as caught:
        tape.gradient(y, x)
    assert str(caught.value) == (
        "custom_gradient function expected to return 1 gradients, but returned 2 instead."
    )


def test_a_function_that_does_not_return_a_gradient_function():
    @tf.custom_gradient
    def no_grad_fn(x):
        return x * 2.0

    with pytest.raises(TypeError, match=r"Cannot iterate over a scalar tensor\."):
        no_grad_fn(tf.constant(3.0))
