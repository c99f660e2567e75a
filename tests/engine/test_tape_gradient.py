"""GradientTape.gradient: structures, output_gradients, unconnected sources, accumulation.

Expected values are what TensorFlow 2.21 returns for the same code; numerical gradients are
also checked against central finite differences in float64.
"""

import warnings

import numpy as np
import pytest

import engine as tf
from tests.engine.finite_differences import SHAPES, check_gradients


def floats(structure):
    """Python floats (or None) of a nested structure of scalar tensors, same structure."""
    if isinstance(structure, dict):
        return {k: floats(v) for k, v in structure.items()}
    if isinstance(structure, (list, tuple)):
        return type(structure)(floats(v) for v in structure)
    return None if structure is None else float(structure)


@pytest.fixture
def recorded():
    """x watched, y = 2x, y2 = 3x on a persistent tape."""
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * 2
        y2 = x * 3
    return tape, x, y, y2


def test_results_have_the_structure_of_sources(recorded):
    tape, x, y, _ = recorded
    grads = tape.gradient(y, {"a": x, "b": (x, [x])})
    assert floats(grads) == {"a": 2.0, "b": (2.0, [2.0])}
    assert isinstance(grads["b"], tuple) and isinstance(grads["b"][1], list)


def test_structured_targets_differentiate_their_sum(recorded):
    tape, x, y, y2 = recorded
    assert float(tape.gradient({"q": y, "r": [y2, (y,)]}, x)) == 7.0


def test_an_empty_source_list_gives_an_empty_list(recorded):
    tape, _, y, _ = recorded
    assert tape.gradient(y, []) == []


def test_an_empty_target_list_gives_none(recorded):
    tape, x, _, _ = recorded
    assert tape.gradient([], x) is None


def test_non_scalar_targets_differentiate_their_sum():
    x = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        y0 = x**2
        y1 = tf.exp(1 / x)
        y2 = y0 + y1
    assert float(tape.gradient(y0, x)) == 4.0
    np.testing.assert_allclose(float(tape.gradient(y1, x)), -0.4121803, rtol=1e-6)
    np.testing.assert_allclose(float(tape.gradient({"y0": y0, "y1": y1}, x)), 3.5878196, rtol=1e-6)
    np.testing.assert_allclose(float(tape.gradient(y2, x)), 3.5878196, rtol=1e-6)


def test_vector_target_gives_the_vector_jacobian_product_with_ones():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    np.testing.assert_array_equal(tape.gradient(y, x), [2.0, 4.0])


def test_output_gradients_weight_the_target():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    grad = tape.gradient(y, x, output_gradients=tf.constant([2.0, 3.0]))
    np.testing.assert_array_equal(grad, [4.0, 12.0])


def test_output_gradients_follow_the_targets_structure(recorded):
    tape, x, y, y2 = recorded
    assert float(tape.gradient(y, x, output_gradients=tf.constant(5.0))) == 10.0
    assert float(tape.gradient([y], x, output_gradients=[tf.constant(5.0)])) == 10.0
    assert float(tape.gradient(y, x, output_gradients=5.0)) == 10.0
    weighted = tape.gradient({"a": y, "b": y2}, x, output_gradients={"a": 1.0, "b": 10.0})
    assert float(weighted) == 32.0


def test_targets_without_an_output_gradient_start_from_ones(recorded):
    tape, x, y, _ = recorded
    assert float(tape.gradient([y, y], x, output_gradients=[tf.constant(5.0)])) == 12.0


def test_output_gradients_may_change_the_gradients_shape(recorded):
    tape, x, y, _ = recorded
    grad = tape.gradient(y, x, output_gradients=tf.constant([5.0, 1.0]))
    np.testing.assert_array_equal(grad, [10.0, 2.0])


def test_unconnected_sources_give_none_by_default():
    x, y = tf.Variable(2.0), tf.Variable(3.0)
    with tf.GradientTape() as tape:
        z = y * y
    assert tape.gradient(z, x) is None


@pytest.mark.parametrize("mode", ["zero", tf.UnconnectedGradients.ZERO])
def test_unconnected_gradients_zero_gives_zeros_shaped_like_the_source(mode):
    x, y = tf.Variable([2.0, 2.0]), tf.Variable(3.0)
    with tf.GradientTape() as tape:
        z = y**2
    grad = tape.gradient(z, x, unconnected_gradients=mode)
    assert grad.dtype == tf.float32
    np.testing.assert_array_equal(grad, [0.0, 0.0])


@pytest.mark.parametrize("mode", ["none", tf.UnconnectedGradients.NONE])
def test_unconnected_gradients_none_spelled_either_way(recorded, mode):
    tape, _, y, _ = recorded
    assert tape.gradient(y, tf.constant(2.0), unconnected_gradients=mode) is None


def test_unconnected_gradients_zero_keeps_an_integer_sources_dtype():
    xf, xi = tf.constant(2.0), tf.constant(10)
    with tf.GradientTape() as tape:
        tape.watch(xf)
        z = xf * 3.0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        grad = tape.gradient(z, xi, unconnected_gradients="zero")
    assert grad.dtype == tf.int32 and int(grad) == 0


def test_unconnected_gradients_enum_values():
    assert tf.UnconnectedGradients.NONE.value == "none"
    assert tf.UnconnectedGradients.ZERO.value == "zero"
    assert repr(tf.UnconnectedGradients.NONE) == "<UnconnectedGradients.NONE: 'none'>"


def test_only_the_variable_used_on_the_taken_branch_is_connected():
    x = tf.constant(1.0)
    v0, v1 = tf.Variable(2.0), tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        result = v0 if x > 0.0 else v1**2
    dv0, dv1 = tape.gradient(result, [v0, v1])
    assert float(dv0) == 1.0 and dv1 is None


def test_a_source_listed_twice_gets_its_gradient_twice():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    assert floats(tape.gradient(y, [x, x])) == [4.0, 4.0]


def test_a_tensor_used_several_times_accumulates():
    x = tf.constant(3.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x + x * 2.0 + tf.sin(x) * x
    expected = 2 * 3.0 + 2.0 + np.cos(3.0) * 3.0 + np.sin(3.0)
    np.testing.assert_allclose(float(tape.gradient(y, x)), expected, rtol=1e-6)


def test_every_read_of_a_variable_accumulates_into_it():
    v = tf.Variable(3.0)
    with tf.GradientTape() as tape:
        y = v * 2.0
        z = y * v
    assert float(tape.gradient(z, v)) == 12.0


def test_a_target_that_is_also_a_source(recorded):
    tape, x, y, _ = recorded
    assert float(tape.gradient(x, x)) == 1.0
    assert floats(tape.gradient(y, [x, y])) == [2.0, 1.0]
    assert floats(tape.gradient([x, y], [x, y])) == [3.0, 1.0]
    assert float(tape.gradient([y, y], x)) == 4.0
    assert float(tape.gradient(y, y)) == 1.0


def test_a_tensor_is_its_own_gradient_target_even_unwatched():
    c = tf.constant(3.0)
    with tf.GradientTape() as tape:
        pass
    assert float(tape.gradient(c, c)) == 1.0


def test_an_unwatched_operand_gets_no_gradient_even_if_asked_for():
    x, c = tf.constant(2.0), tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * c
        w = tf.sin(c) * x
    assert tape.gradient(y, c) is None
    assert tape.gradient(w, c) is None
    assert floats(tape.gradient(y, [x, c])) == [3.0, None]


def test_a_variable_as_its_own_target():
    v = tf.Variable(1.0)
    with tf.GradientTape(persistent=True) as tape:
        r = v * 1.0
    assert float(tape.gradient(v, v)) == 1.0
    assert float(tape.gradient(r, v)) == 1.0


def test_gradients_with_respect_to_an_intermediate():
    x = tf.constant([1.0, 3.0])
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y
    np.testing.assert_array_equal(tape.gradient(z, y), [2.0, 18.0])
    np.testing.assert_array_equal(tape.gradient(z, x), [4.0, 108.0])
    np.testing.assert_array_equal(tape.gradient(y, x), [2.0, 6.0])


def test_a_persistent_tape_answers_many_calls():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        z = y * y
    assert float(tape.gradient(z, x)) == 108.0
    assert float(tape.gradient(y, x)) == 6.0
    assert float(tape.gradient(z, x)) == 108.0


def test_ops_off_the_targets_path_are_not_run():
    x0, x1 = tf.Variable([[[0.5, 0.0, 0.0]]]), tf.Variable(0.1)
    with tf.GradientTape() as tape:
        z = x1 * 2.0
        tf.image.adjust_contrast(x0, x1)  # no gradient registered, but not on z's path
        q = z + 1.0
    assert floats(tape.gradient(q, [x1])) == [2.0]


def test_broadcasting_is_undone():
    a = tf.constant(np.arange(6.0).reshape(2, 3), tf.float32)
    b = tf.constant([1.0, 2.0, 3.0])
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = a * b
    ga, gb = tape.gradient(y, [a, b])
    np.testing.assert_array_equal(ga, [[1, 2, 3], [1, 2, 3]])
    np.testing.assert_array_equal(gb, [3.0, 5.0, 7.0])


@pytest.mark.parametrize("shape", SHAPES)
def test_a_chain_of_ops_matches_finite_differences(shape):
    x = np.random.default_rng(3).normal(size=shape)
    check_gradients(lambda t: tf.tanh(tf.sin(t) * t + 1.0) * tf.exp(t * 0.5), x, order=2)
