"""The eager-era functional API (seed 001): gradients_function, value_and_gradients_function,
implicit_gradients, implicit_value_and_gradients, and the TF1 eager switches.

Values and messages are those of TensorFlow's own implementations of these functions
(tensorflow/python/eager/backprop.py in TF 2.21, the code tf.contrib.eager exported).
"""

import pytest

import engine as tf


def floats(values):
    return [None if v is None else float(v) for v in values]


def test_gradients_function_differentiates_every_argument_by_default():
    grad_fn = tf.gradients_function(lambda x, y: x * y)
    grads = grad_fn(2.0, 3.0)
    assert isinstance(grads, list)
    assert floats(grads) == [3.0, 2.0]


def test_params_by_name_and_by_position():
    def f(w1, x1, w2, x2):
        return w1 * x1 + w2 * x2

    assert floats(tf.gradients_function(f, params=["w1", "w2"])(1.0, 2.0, 3.0, 4.0)) == [2.0, 4.0]
    assert floats(tf.gradients_function(f, params=[0, 2])(1.0, 2.0, 3.0, 4.0)) == [2.0, 4.0]


def test_params_of_mixed_kinds_are_refused():
    def f(w1, x1):
        return w1 * x1

    with pytest.raises(
        ValueError,
        match=r"^params must be all strings or all integers; got "
        r"\[0, 'x1'\].$",
    ):
        tf.gradients_function(f, params=[0, "x1"])(1.0, 2.0)


def test_an_unknown_parameter_name():
    with pytest.raises(ValueError, match="'zz' is not in list"):
        tf.gradients_function(lambda w1: w1, params=["zz"])(1.0)


def test_the_same_tensor_twice_is_two_parameters():
    one = tf.constant(3.0)
    assert floats(tf.gradients_function(lambda x, y: x * y)(one, one)) == [3.0, 3.0]


def test_an_argument_the_result_does_not_use_gets_none():
    assert floats(tf.gradients_function(lambda x, y: x * 2.0)(2.0, 3.0)) == [2.0, None]


def test_a_list_result_is_summed():
    assert floats(tf.gradients_function(lambda x: [x * 2.0, x * x])(2.0)) == [6.0]


def test_the_identity_function():
    assert floats(tf.gradients_function(lambda x: x)(2.0)) == [1.0]


def test_an_integer_argument_gets_none():
    with pytest.warns(UserWarning):
        assert tf.gradients_function(lambda x: x)(2) == [None]


def test_methods_skip_self_and_callables_use_their_call():
    class Model:
        def product(self, x, y):
            return x * y

        def __call__(self, x):
            return x * x

    assert floats(tf.gradients_function(Model().product)(3.0, 4.0)) == [4.0, 3.0]
    assert floats(tf.gradients_function(Model())(3.0)) == [6.0]


def test_varargs_functions_differentiate_every_argument():
    assert floats(tf.gradients_function(lambda *a: a[0] * a[1])(3.0, 4.0)) == [4.0, 3.0]


def test_gradients_functions_nest_for_higher_order():
    first = tf.gradients_function(lambda x: x * x * x)
    second = tf.gradients_function(lambda x: first(x)[0])
    assert floats(second(3.0)) == [18.0]


def test_value_and_gradients_function():
    value, grads = tf.value_and_gradients_function(lambda x, y: x * y)(2.0, 3.0)
    assert float(value) == 6.0 and floats(grads) == [3.0, 2.0]


def test_value_and_gradients_function_with_dy():
    value, grads = tf.value_and_gradients_function(lambda x, y: x * y)(2.0, 3.0, dy=10.0)
    assert float(value) == 6.0 and floats(grads) == [30.0, 20.0]


def test_keyword_arguments_are_refused():
    with pytest.raises(
        ValueError,
        match=r"^Functions to be differentiated cannot receive keyword "
        r"arguments\.$",
    ):
        tf.value_and_gradients_function(lambda x, y: x * y)(2.0, 3.0, k=10.0)


def test_a_function_returning_none():
    def none_fn(x):
        return None

    message = (
        "^Cannot differentiate a function that returns None; did you forget to return a "
        "value from none_fn\\?$"
    )
    with pytest.raises(ValueError, match=message):
        tf.gradients_function(none_fn)(1.0)
    with pytest.raises(ValueError, match=message):
        tf.implicit_gradients(none_fn)(1.0)


def test_implicit_gradients_pairs_gradients_with_the_variables_used():
    w1, w2 = tf.Variable(2.0), tf.Variable(3.0)
    pairs = tf.implicit_gradients(lambda x1, x2: w1 * x1 + w2 * x2)(5.0, 7.0)
    assert [(float(g), v) for g, v in pairs] == [(5.0, w1), (7.0, w2)]
    assert pairs[0][1] is w1 and pairs[1][1] is w2


def test_implicit_gradients_lists_variables_in_creation_order():
    a, b = tf.Variable(1.0), tf.Variable(2.0)
    pairs = tf.implicit_gradients(lambda: b * a)()
    assert [v is a for _, v in pairs] == [True, False]


def test_implicit_gradients_skip_untrainable_variables():
    w1, w2 = tf.Variable(2.0, trainable=False), tf.Variable(3.0)
    pairs = tf.implicit_gradients(lambda x1, x2: w1 * x1 + w2 * x2)(5.0, 7.0)
    assert len(pairs) == 1 and pairs[0][1] is w2 and float(pairs[0][0]) == 7.0


def test_implicit_gradients_need_a_variable():
    with pytest.raises(
        ValueError,
        match=r"^No trainable variables were accessed while the "
        r"function was being computed\.$",
    ):
        tf.implicit_gradients(lambda: tf.constant(1.0))()


def test_implicit_value_and_gradients():
    w = tf.Variable(3.0)
    value, pairs = tf.implicit_value_and_gradients(lambda v: v * v)(w)
    assert float(value) == 9.0
    assert [(float(g), v) for g, v in pairs] == [(6.0, w)]


def test_eager_execution_switches():
    tf.enable_eager_execution()
    assert tf.executing_eagerly() is True


def test_contrib_eager_module():
    import engine.contrib.eager as tfe

    assert tfe.Variable is tf.Variable
    assert tfe.GradientTape is tf.GradientTape
    assert tfe.gradients_function is tf.gradients_function
    assert tfe.implicit_value_and_gradients is tf.implicit_value_and_gradients
    with pytest.raises(
        AttributeError, match=r"^engine does not implement tf\.contrib\.eager\.nope$"
    ):
        tfe.nope
