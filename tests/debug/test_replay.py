"""Replaying a call's steps from the capture alone gives exactly what the engine returned."""

import numpy as np
import pytest

from engine.debug.replay import ReplayError, replay

from .programs import run
from .returned_gradients import ReturnedGradients

PROGRAMS = {
    "accumulation": """
        import tensorflow as tf
        x = tf.Variable([0.3, -1.2, 2.0])
        with tf.GradientTape() as tape:
            y = x * x + tf.sin(x) * x + tf.exp(x) / (x + 3.0)
        g = tape.gradient(y, x)
        """,
    "structures_and_output_gradients": """
        import tensorflow as tf
        a = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        b = tf.Variable([0.5, -0.5])
        with tf.GradientTape() as tape:
            y = tf.matmul(a, a) + b
            z = tf.reduce_sum(tf.tanh(y), axis=1)
        g = tape.gradient([y, z], {'a': a, 'inner': [b, a]},
                          output_gradients=[tf.ones([2, 2]) * 0.5, tf.constant([1.0, -2.0])])
        """,
    "jacobian": """
        import tensorflow as tf
        x = tf.Variable([1.0, 2.0, 3.0])
        with tf.GradientTape() as tape:
            y = tf.stack([x[0] * x[1], tf.sin(x[2]), tf.reduce_sum(x * x)])
        j = tape.jacobian(y, x)
        """,
    "batch_jacobian": """
        import tensorflow as tf
        x = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        w = tf.constant([[0.5, -1.0, 2.0], [1.5, 0.25, -0.5]])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.tanh(x @ w)
        j = tape.batch_jacobian(y, x)
        """,
    "zeros_for_unconnected": """
        import tensorflow as tf
        x = tf.Variable([2., 2.])
        y = tf.Variable(3.)
        with tf.GradientTape() as tape:
            z = y ** 2
        g = tape.gradient(z, [x, y], unconnected_gradients=tf.UnconnectedGradients.ZERO)
        """,
    "gather_indexed_slices": """
        import tensorflow as tf
        table = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        with tf.GradientTape() as tape:
            rows = tf.gather(table, [0, 2, 0])
            loss = tf.reduce_sum(rows * rows)
        g = tape.gradient(loss, table)
        """,
    "second_order": """
        import tensorflow as tf
        x = tf.Variable(1.5)
        with tf.GradientTape() as t2:
            with tf.GradientTape() as t1:
                y = tf.sin(x) * x ** 2
            dy = t1.gradient(y, x)
        d2y = t2.gradient(dy, x)
        """,
}


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_replay_equals_the_returned_gradients(name):
    with ReturnedGradients() as returned:
        capture = run(PROGRAMS[name])
    assert capture.error is None, capture.error
    assert len(capture.calls) == len(returned.calls) >= 1
    for call, actual in zip(capture.calls, returned.calls):
        for mine, theirs in zip(replay(capture, call.id), actual):
            assert (mine is None) == (theirs is None)
            if theirs is not None:
                np.testing.assert_array_equal(np.asarray(mine).reshape(theirs.shape), theirs)


def test_accumulations_show_their_partial_sums():
    capture = run(PROGRAMS["accumulation"])
    steps = capture.calls[0].steps
    accumulations = [a for step in steps for a in step.accumulations]
    assert accumulations  # x is used four times
    variable = capture.tensors[capture.calls[0].sources[0]]
    assert {a.tensor for a in accumulations} >= {variable.id}


def test_a_jacobian_has_one_pass_per_target_element():
    capture = run(PROGRAMS["jacobian"])
    call = capture.calls[0]
    assert call.kind == "jacobian" and call.passes == 3
    assert sorted({s.pass_index for s in call.seeds}) == [0, 1, 2]


def test_replay_refuses_values_past_the_value_cap():
    capture = run(PROGRAMS["accumulation"], value_cap=2)
    with pytest.raises(ReplayError):
        replay(capture, 0)
