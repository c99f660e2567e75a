"""zero_gradient_since: a variable whose gradient is exactly 0 from some step to the end of a
loop is said once, at the op that cuts it off (found on a kept step), with that op's fix; the
per-step zero_gradient of those kept steps is the same cause and is not said again."""

from .programs import line_of, run

DEAD_RELU = """
import tensorflow as tf
x = tf.constant([[1.0, 2.0], [3.0, 4.0], [0.5, 1.0], [2.0, 0.5]])
y = tf.constant([[1.0], [2.0], [0.5], [1.0]])
w = tf.Variable([[-1.0], [-1.0]], name="w")
v = tf.Variable([[-2.0], [-0.5]], name="v")
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
for step in range(STEPS):
    with tf.GradientTape() as tape:
        prediction = tf.nn.relu(x @ w + x @ v)
        loss = tf.reduce_mean((prediction - y) ** 2)
    grads = tape.gradient(loss, [w, v])
    optimizer.apply_gradients(zip(grads, [w, v]))
"""

SWITCHED_OFF = """
import tensorflow as tf
w = tf.Variable([1.0, -2.0, 0.5], name="w")
x = tf.constant([0.5, 1.0, 2.0])
for step in range(20):
    scale = 0.0 if WHEN else 1.0
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(w * x) * scale
    g = tape.gradient(loss, w)
    w.assign_sub(0.1 * g)
"""


def _found(capture, code):
    return [f for f in capture.findings if f.code == code]


def test_a_dead_loop_is_one_finding_at_the_relu_with_its_step_and_fix():
    source = DEAD_RELU.replace("STEPS", "30")
    capture = run(source)
    assert _found(capture, "zero_gradient") == []
    (finding,) = _found(capture, "zero_gradient_since")
    assert finding.line == line_of(source, "tf.nn.relu(")
    assert finding.count == 1
    # both variables, cut by the same ReLU from the first step: one finding names both
    assert "The gradients of `w` (line 5), `v` (line 6) have been exactly 0 on every step" in (
        finding.message
    )
    assert "(30 steps, up to step 29; the tape at line 9)" in finding.message
    assert "On step 29 they collapsed at Relu at line 10" in finding.message
    assert "tf.nn.leaky_relu" in finding.suggestion
    # "show in graph" opens the last kept step and selects its ReLU
    (op,) = [capture.ops[i] for i in finding.ops]
    assert op.type == "Relu" and op.location.line == finding.line
    call = capture.calls[finding.call]
    (last,) = [k for k in capture.steps[0].kept if k.step == 29]
    assert call.id in last.calls and op.id in {s.op for s in call.steps}


def test_a_gradient_zero_since_a_later_step_names_that_step_and_the_product():
    source = SWITCHED_OFF.replace("WHEN", "step >= 8")
    capture = run(source)
    assert _found(capture, "zero_gradient") == []
    (finding,) = _found(capture, "zero_gradient_since")
    assert "exactly 0 since step 8 (12 steps, up to step 19;" in finding.message
    assert finding.line == line_of(source, "* scale")
    assert "it collapsed at Mul at line" in finding.message
    assert "0 everywhere" in finding.message


def test_zero_gradients_that_stop_before_the_end_stay_per_step_findings():
    source = SWITCHED_OFF.replace("WHEN", "step < 5")
    capture = run(source)
    assert _found(capture, "zero_gradient_since") == []
    (finding,) = _found(capture, "zero_gradient")
    assert finding.line == line_of(source, "* scale")
    assert finding.count == 3  # the kept steps 0, 1, 2 (first:3)


def test_a_short_loop_keeps_the_per_step_finding():
    capture = run(DEAD_RELU.replace("STEPS", "2"))
    assert _found(capture, "zero_gradient_since") == []
    assert [f.line for f in _found(capture, "zero_gradient")] == [10]
