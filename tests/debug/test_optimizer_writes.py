"""An optimizer writes its slots and weights as Keras 3's TF optimizer does: through the
tf.Variable under each keras.Variable (TFOptimizer.assign_add calls tf.Variable.assign_add: one
AssignAddVariableOp), not with keras.Variable.assign_add, which reads the variable and adds
(`assign(self + value)`). Only the iteration counter is a keras.Variable added to
(`self._iterations.assign_add(1)`): the one read and the one AddV2 of apply_gradients' line.
The writes per weight are those of each optimizer's update_step in Keras 3.15 (as TF 2.21 installs it)."""

import pytest

from .programs import line_of, run

STEP = """
    import numpy as np
    import tensorflow as tf
    x = tf.constant(np.ones((4, 3), np.float32))
    layer = tf.keras.layers.Dense(1)
    opt = tf.keras.optimizers.OPTIMIZER
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(layer(x))
    grads = tape.gradient(loss, layer.trainable_variables)
    opt.apply_gradients(zip(grads, layer.trainable_variables))
    """


@pytest.mark.parametrize(
    "optimizer, writes_per_weight",
    [
        ("SGD(0.1)", 1),  # assign_sub(variable, gradient * lr)
        ("SGD(0.1, momentum=0.9)", 2),  # assign(m, ...), assign_add(variable, m)
        ("Adam(0.1)", 3),  # assign_add(m, ...), assign_add(v, ...), assign_sub(variable, ...)
        ("Adagrad(0.1)", 2),  # assign_add(accumulator, ...), assign_sub(variable, ...)
        ("RMSprop(0.1)", 2),  # assign(velocity, ...), assign_sub(variable, ...)
    ],
)
def test_an_update_writes_each_slot_and_weight_once_without_reading_it(
    optimizer, writes_per_weight
):
    source = STEP.replace("OPTIMIZER", optimizer)
    capture = run(source)
    assert capture.error is None
    line = line_of(source, "opt.apply_gradients")
    events = [e.kind for e in capture.events if e.location and e.location.line == line]
    ops = [op.type for op in capture.ops if op.location and op.location.line == line]
    weights = 2  # the kernel and the bias
    assert events.count("variable_assign") == writes_per_weight * weights + 1  # + iterations
    assert events.count("variable_read") == 1  # the iteration counter's
    assert ops == ["AddV2"]  # iterations + 1
