"""zero_gradient: a connected source whose gradient is zero or tiny, explained at the op where
it collapsed, with the mechanism, the factor, and one finding per cause."""

import pytest

from .programs import line_of, run


def zero_findings(capture):
    return [f for f in capture.findings if f.code == "zero_gradient"]


def the_finding(source, line_text):
    capture = run(source)
    assert capture.error is None, capture.error
    findings = zero_findings(capture)
    assert [f.line for f in findings] == [line_of(source, line_text)], capture.findings
    return capture, findings[0]


def test_the_issue_example_saturated_sigmoid_output_layer():
    source = """
        import tensorflow as tf
        w = tf.Variable([[25.0, -30.0, 40.0]])
        x = tf.constant([[1.0], [2.0]])
        with tf.GradientTape() as tape:
            p = tf.sigmoid(x @ w)
            loss = tf.reduce_sum(p)
        g = tape.gradient(loss, w)
        """
    capture, finding = the_finding(source, "p = tf.sigmoid")
    assert finding.severity == "warning"
    defined = line_of(source, "w = tf.Variable")
    assert f"`w` (line {defined})" in finding.message  # by name, with its definition line
    assert "saturated" in finding.message and "Sigmoid" in finding.message
    assert "-60 to 80" in finding.message  # the pre-activations that saturate it
    assert "sigmoid_cross_entropy_with_logits" in finding.suggestion
    assert capture.ops[finding.ops[0]].type == "Sigmoid"  # "show in graph" selects it


def test_inactive_relu():
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 2.0], [0.5, 1.0], [2.0, 0.3], [1.0, 1.0]])
        w1 = tf.Variable([[-1.0, -2.0], [-1.0, -0.5]])
        w2 = tf.Variable([[1.0], [1.0]])
        with tf.GradientTape() as tape:
            h = tf.nn.relu(x @ w1)
            loss = tf.reduce_sum(h @ w2)
        g = tape.gradient(loss, [w1, w2])
        """
    capture = run(source)
    by_line = {f.line: f for f in zero_findings(capture)}
    relu = by_line[line_of(source, "tf.nn.relu")]
    assert "inactive" in relu.message and "leaky_relu" in relu.suggestion
    # w2's gradient is zero too: it multiplies h, which is 0 everywhere
    product = by_line[line_of(source, "h @ w2")]
    assert "`w2`" in product.message and "`h`" in product.message


def test_clip_by_value_inside_a_helper_points_at_the_helper_line():
    source = """
        import tensorflow as tf
        def safe_sigmoid(z):
            return tf.sigmoid(tf.clip_by_value(z, -10.0, 10.0))
        w = tf.Variable([[30.0, 40.0]])
        x = tf.constant([[1.0], [2.0]])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(safe_sigmoid(x @ w))
        g = tape.gradient(loss, w)
        """
    _, finding = the_finding(source, "clip_by_value(z")
    assert "clip_by_value" in finding.message and "upper bound" in finding.message
    # TF 2.21 has no tf.clip_by_value_preserve_gradient: the fix is a straight-through clip
    assert "stop_gradient" in finding.suggestion
    assert "preserve_gradient(" not in finding.suggestion


@pytest.mark.parametrize(
    ("call", "bound"),
    [("tf.minimum(w, 1.0)", "Minimum"), ("tf.maximum(w, 10.0)", "Maximum")],
)
def test_minimum_and_maximum_picking_the_other_operand(call, bound):
    source = f"""
        import tensorflow as tf
        w = tf.Variable([3.0, 4.0])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum({call} * 2.0)
        g = tape.gradient(loss, w)
        """
    capture, finding = the_finding(source, call)
    assert capture.ops[finding.ops[0]].type == bound
    assert "other operand" in finding.message


def test_where_selecting_the_constant_branch():
    source = """
        import tensorflow as tf
        w = tf.Variable([-3.0, -4.0])
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as tape:
            y = x * w
            z = tf.where(y > 0, y, tf.zeros_like(y))
            loss = tf.reduce_sum(z)
        g = tape.gradient(loss, w)
        """
    capture, finding = the_finding(source, "tf.where")
    assert capture.ops[finding.ops[0]].type == "SelectV2"
    assert "other branch" in finding.message


def test_multiplication_by_a_zero_initialized_weight_one_finding_for_all_sources():
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 2.0]])
        w1 = tf.Variable([[0.1, 0.2], [0.3, 0.4]])
        b1 = tf.Variable([0.5, 0.5])
        w2 = tf.Variable(tf.zeros([2, 1]))
        with tf.GradientTape() as tape:
            h = tf.tanh(x @ w1 + b1)
            loss = tf.reduce_sum(h @ w2)
        g = tape.gradient(loss, [w1, b1, w2])
        """
    _, finding = the_finding(source, "h @ w2")
    assert "`w1`" in finding.message and "`b1`" in finding.message  # one finding, both named
    assert "`w2`" in finding.message and "0 everywhere" in finding.message


def test_sign_has_zero_derivative_everywhere():
    source = """
        import tensorflow as tf
        w = tf.Variable([0.5, -2.0])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.sign(w) * 3.0)
        g = tape.gradient(loss, w)
        """
    _, finding = the_finding(source, "tf.sign")
    assert "derivative is 0 everywhere" in finding.message
    assert "stop_gradient" in finding.suggestion


def test_a_saturated_layer_inside_keras_names_the_layer_scope():
    source = """
        import tensorflow as tf
        layer = tf.keras.layers.Dense(
            2, activation="sigmoid", kernel_initializer=tf.keras.initializers.Constant(50.0),
            name="out")
        x = tf.constant([[1.0, 2.0], [2.0, 1.0]])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(x))
        g = tape.gradient(loss, layer.trainable_variables)
        """
    _, finding = the_finding(source, "loss = tf.reduce_sum(layer(x))")
    assert "-> out -> Sigmoid" in finding.message  # user line -> layer -> op
    assert "`out/kernel`" in finding.message and "`out/bias`" in finding.message


def test_a_converged_loss_is_not_a_zero_gradient():
    source = """
        import tensorflow as tf
        w = tf.Variable(2.0)
        with tf.GradientTape() as tape:
            loss = (w - 2.0) ** 2
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    assert zero_findings(capture) == []


@pytest.mark.parametrize(
    ("activation", "weights", "op", "words"),
    [
        # TF 2.21: tape.gradient(loss, w) is [[0. 0. 0.]] for both
        ("tf.tanh", "[[25.0, -30.0, 40.0]]", "Tanh", "tanh is saturated: its inputs range from"),
        ("tf.nn.relu6", "[[25.0, 30.0, 40.0]]", "Relu6", "inputs is >= 6 (the smallest is 25)"),
    ],
)
def test_a_saturated_tanh_or_relu6_output_is_where_the_gradient_died(
    activation, weights, op, words
):
    source = f"""
        import tensorflow as tf
        w = tf.Variable({weights})
        x = tf.constant([[1.0], [2.0]])
        with tf.GradientTape() as tape:
            p = {activation}(x @ w)
            loss = tf.reduce_sum(p)
        print(tape.gradient(loss, w).numpy().tolist())
        """
    capture, finding = the_finding(source, "p = ")
    assert capture.stdout.strip() == "[[0.0, 0.0, 0.0]]"
    assert capture.ops[finding.ops[0]].type == op
    assert words in finding.message
    assert "scale" in finding.suggestion  # the pre-activations are too large: scale them down
