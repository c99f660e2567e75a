"""Values that reach an optimizer: a tape's value handed to apply_gradients inside the tape
(a learned learning-rate scale, MAML) flows into the variables and the optimizer's slots only
by assignment, and None gradients are skipped (or, all None, raise). Each program is written
as a user writes it; the None or value TF 2.21 returns is noted beside it (run under TF)."""

import re

import pytest

from .programs import line_of, run, serious

META = """
import tensorflow as tf
w = tf.Variable([1.0, -2.0], name="w")
alpha = tf.Variable(0.5, name="alpha")
x = tf.constant([0.5, 1.5])
opt = tf.keras.optimizers.OPTIMIZER
with tf.GradientTape() as outer:
    with tf.GradientTape() as inner:
        inner_loss = tf.reduce_sum((w * x - 1.0) ** 2)
    g = inner.gradient(inner_loss, w)
    scaled = alpha * g
    opt.apply_gradients([(scaled, w)])
    outer_loss = tf.reduce_sum((w * x + 1.0) ** 2)
print("alpha grad:", outer.gradient(outer_loss, alpha))
"""  # TF 2.21: alpha grad: None, with SGD and with Adam (its moments are slots)


def _finding(capture, code):
    (finding,) = [f for f in capture.findings if f.code == code]
    return finding


@pytest.mark.parametrize("optimizer", ["SGD(0.1)", "Adam(0.1)"])
def test_a_gradient_handed_to_an_optimizer_inside_the_tape_is_a_stateful_assign(optimizer):
    source = META.replace("OPTIMIZER", optimizer)
    capture = run(source)
    assert "alpha grad: None" in capture.stdout
    line = line_of(source, "opt.apply_gradients")
    assert serious(capture) == [("stateful_assign", line)]
    finding = _finding(capture, "stateful_assign")
    assert finding.severity == "error"
    assert "handed a gradient computed from `alpha` (line 4) to an optimizer" in finding.message
    assert "applied it to `w` by assignment" in finding.message
    assert "`w_new = w - learning_rate * scaled`" in finding.suggestion


def test_a_watched_tensor_written_into_an_optimizer_slot_names_the_slot():
    source = """
        import tensorflow as tf
        w = tf.Variable([1.0, -2.0], name="w")
        x = tf.constant([0.5, 1.5])
        opt = tf.keras.optimizers.SGD(0.1, momentum=0.9)
        opt.build([w])
        with tf.GradientTape() as tape:
            tape.watch(x)
            opt.apply_gradients([(x * 2.0, w)])
            momentum = opt.variables[2]
            loss = tf.reduce_sum(momentum * momentum)
        print("x grad:", tape.gradient(loss, x))
        """  # TF 2.21: x grad: None (variables[2] is sgd/w_0_momentum)
    capture = run(source)
    assert "x grad: None" in capture.stdout
    assert serious(capture) == [("stateful_assign", line_of(source, "opt.apply_gradients"))]
    finding = _finding(capture, "stateful_assign")
    # (sgd_1, ... when an earlier test of this process made an SGD: Keras numbers the names)
    assert re.search(r"wrote it into its slot `sgd(_\d+)?/w_0_momentum`", finding.message)


def test_an_update_on_one_of_two_paths_is_a_warning_and_the_value_is_tfs():
    source = """
        import tensorflow as tf
        w = tf.Variable([1.0, -2.0])
        b = tf.Variable(0.5, name="b")
        x = tf.constant([0.5, 1.5])
        opt = tf.keras.optimizers.SGD(0.1)
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                inner_loss = tf.reduce_sum((w * x - b) ** 2)
            g = inner.gradient(inner_loss, w)
            opt.apply_gradients([(b * g, w)])
            outer_loss = tf.reduce_sum((w * x + b) ** 2)
        print("b grad:", float(outer.gradient(outer_loss, b)))
        """  # TF 2.21: b grad: -1.4249997 (the direct path only)
    capture = run(source)
    assert float(capture.stdout.split("b grad:")[1]) == pytest.approx(-1.4249997, rel=1e-6)
    assert serious(capture) == [("stateful_assign", line_of(source, "opt.apply_gradients"))]
    finding = _finding(capture, "stateful_assign")
    assert finding.severity == "warning"
    assert "to an optimizer" in finding.message and "counts only the other paths" in (
        finding.message
    )


def test_a_none_gradient_skipped_by_apply_gradients_is_said_with_tfs_warning():
    source = """
        import tensorflow as tf
        w1 = tf.Variable([1.0, -2.0], name="w1")
        w2 = tf.Variable([0.5, 0.5], name="w2")
        x = tf.constant([0.5, 1.5])
        opt = tf.keras.optimizers.Adam(0.1)
        for step in range(3):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum((w1 * x - 1.0) ** 2)
            grads = tape.gradient(loss, [w1, w2])
            opt.apply_gradients(zip(grads, [w1, w2]))
        print(w1.numpy(), w2.numpy())
        """  # TF 2.21: [ 1.2984102 -1.7004406] [0.5 0.5], warning for ['w2:0'] once
    capture = run(source)
    assert capture.stdout.strip() == "[ 1.2984102 -1.7004406] [0.5 0.5]"
    line = line_of(source, "grads = tape.gradient")
    assert serious(capture) == [("unconnected", line)]
    finding = _finding(capture, "unconnected")
    assert finding.count == 3  # one per step, said once
    applied = line_of(source, "opt.apply_gradients")
    assert f"Line {applied} then handed the None to an optimizer" in finding.message
    assert "\"Gradients do not exist for variables ['w2:0']\"" in finding.message


def test_every_gradient_none_explains_the_optimizers_value_error():
    source = """
        import tensorflow as tf
        w = tf.Variable([1.0, -2.0], name="w")
        x = tf.constant([0.5, 1.5])
        opt = tf.keras.optimizers.Adam(0.1)
        loss = tf.reduce_sum((w * x - 1.0) ** 2)
        with tf.GradientTape() as tape:
            doubled = loss * 2.0
        grads = tape.gradient(doubled, [w])
        opt.apply_gradients(zip(grads, [w]))
        """  # TF 2.21: ValueError: No gradients provided for any variable.
    capture = run(source)
    line = line_of(source, "opt.apply_gradients")
    assert capture.error.type == "ValueError" and capture.error.line == line
    assert capture.error.message == "No gradients provided for any variable."
    finding = _finding(capture, "outside_tape")
    assert f"That is why line {line} raised ValueError" in finding.message


def test_an_output_without_a_loss_in_fit_names_its_variables_and_the_compile_fix():
    source = """
        import numpy as np
        import tensorflow as tf
        inputs = tf.keras.Input(shape=(3,))
        hidden = tf.keras.layers.Dense(4, activation="tanh", name="trunk")(inputs)
        out_a = tf.keras.layers.Dense(1, name="head_a")(hidden)
        out_b = tf.keras.layers.Dense(1, name="head_b")(hidden)
        model = tf.keras.Model(inputs, [out_a, out_b])
        model.compile(optimizer="sgd", loss=["mse", None])
        x = np.ones((8, 3), dtype="float32")
        y = np.ones((8, 1), dtype="float32")
        model.fit(x, [y, y], epochs=1, verbose=0)
        """  # TF 2.21 warns: Gradients do not exist for variables ['head_b/kernel', 'head_b/bias']
    capture = run(source)
    fit = line_of(source, "model.fit(")
    assert serious(capture) == [("unconnected", fit)]
    finding = _finding(capture, "unconnected")
    assert "`head_b/kernel`" in finding.message and "`head_b/bias`" in finding.message
    assert "['head_b/kernel', 'head_b/bias']" in finding.message
    assert "loss in model.compile" in finding.suggestion


def test_an_ordinary_training_loop_with_adam_has_no_stateful_assign():
    source = """
        import tensorflow as tf
        w = tf.Variable([[0.5], [-0.3]])
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        y = tf.constant([[1.0], [0.0]])
        opt = tf.keras.optimizers.Adam(0.05)
        for step in range(4):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((x @ w - y) ** 2)
            opt.apply_gradients(zip(tape.gradient(loss, [w]), [w]))
        """
    assert serious(run(source)) == []
