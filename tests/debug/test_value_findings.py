"""Errors, zero-but-connected, vanishing/exploding and non-finite gradients, each at its line."""

from engine.debug import THRESHOLDS

from .programs import line_of, run


def found(capture):
    return {(f.code, f.line): f for f in capture.findings}


def test_no_gradient_registered_points_at_the_op():
    source = """
        import tensorflow as tf
        x0 = tf.Variable([[[0.5, 0.0, 0.0]]])
        x1 = tf.Variable(0.1)
        with tf.GradientTape() as tape:
            y = tf.image.adjust_contrast(x0, x1)
        try:
            tape.gradient(y, [x0, x1])
        except LookupError as e:
            print(e)
        """
    capture = run(source)
    finding = found(capture)[("no_gradient_registered", line_of(source, "adjust_contrast"))]
    assert finding.severity == "error" and "AdjustContrastv2" in finding.message
    assert capture.calls[0].error.type == "LookupError"
    assert capture.ops[finding.ops[0]].type == "AdjustContrastv2"


def test_an_uncaught_lookup_error_is_the_program_error_and_a_finding():
    source = """
        import tensorflow as tf
        x = tf.Variable([[[0.5, 0.2, 0.0]]])
        with tf.GradientTape() as tape:
            y = tf.image.adjust_contrast(x, 0.5)
        g = tape.gradient(y, x)
        print("not reached")
        """
    capture = run(source)
    assert capture.error.type == "LookupError"
    assert capture.error.line == line_of(source, "g = tape.gradient")
    assert ("no_gradient_registered", line_of(source, "adjust_contrast")) in found(capture)
    assert capture.stdout == ""


def test_tape_consumed_points_at_the_second_call():
    source = """
        import tensorflow as tf
        x = tf.constant(3.0)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x
        first = tape.gradient(y, x)
        second = tape.gradient(y, x)
        """
    capture = run(source)
    assert capture.error.type == "RuntimeError"
    finding = found(capture)[("tape_consumed", line_of(source, "second = "))]
    assert finding.call == 0 and "persistent=True" in finding.suggestion


def test_dead_relu_counts_the_units_that_never_fire():
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 2.0], [0.5, -1.0], [2.0, 0.0], [-1.0, 1.0], [0.0, 3.0]])
        w = tf.Variable([[1.0, -1.0, 0.5, -0.5], [0.5, 1.0, -1.0, -0.2]])
        b = tf.Variable([-10.0, -10.0, -10.0, 0.0])
        with tf.GradientTape() as tape:
            h = tf.nn.relu(x @ w + b)
            loss = tf.reduce_sum(h)
        g = tape.gradient(loss, [w, b])
        """
    capture = run(source)
    finding = found(capture)[("dead_relu", line_of(source, "tf.nn.relu"))]
    assert finding.severity == "warning"
    assert "3 of 4 units (75%)" in finding.message and "5 examples" in finding.message


def test_a_few_dead_units_in_a_small_batch_are_only_info():
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 2.0]])
        w = tf.Variable([[1.0, -1.0], [0.5, -1.0]])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.nn.relu(x @ w))
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    assert [f.severity for f in capture.findings if f.code == "dead_relu"] == ["info"]


def test_saturated_sigmoid():
    source = """
        import tensorflow as tf
        w = tf.Variable([[30.0, -40.0, 25.0]])
        v = tf.Variable([[1.0], [2.0], [3.0]])
        x = tf.constant([[1.0], [2.0], [-1.5], [3.0]])
        with tf.GradientTape() as tape:
            s = tf.sigmoid(x @ w)
            loss = tf.reduce_mean(s @ v)
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    finding = found(capture)[("saturated_activation", line_of(source, "tf.sigmoid"))]
    assert "sigmoid" in finding.message


def test_a_saturated_output_layer_is_not_a_finding():
    source = """
        import tensorflow as tf
        logits = tf.Variable([[9.0], [-8.0], [7.5], [-9.5]])
        with tf.GradientTape() as tape:
            p = tf.sigmoid(logits)
            loss = -tf.reduce_mean(tf.math.log(p + 1e-7))
        g = tape.gradient(loss, logits)
        """
    capture = run(source)
    assert not [f for f in capture.findings if f.code == "saturated_activation"]


def test_vanishing_points_at_the_first_layer_past_the_threshold():
    # Each layer scales the gradient by 0.01: the third layer from the loss is at 1e-4.
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 1.0]])
        ws = [tf.Variable([[0.01, 0.0], [0.0, 0.01]]) for _ in range(4)]
        with tf.GradientTape() as tape:
            h = x
            for w in ws:
                h = h @ w
            loss = tf.reduce_sum(h) * 1e8
        g = tape.gradient(loss, ws)
        """
    capture = run(source)
    finding = found(capture)[("vanishing_gradient", line_of(source, "h = h @ w"))]
    layers = capture.calls[0].layers
    assert len(layers) == 4
    ratios = [layer.norm / layers[0].norm for layer in layers]
    first_below = next(i for i, r in enumerate(ratios) if r < THRESHOLDS["vanishing_factor"])
    assert finding.ops == [layers[first_below].op]


def test_exploding_gradients():
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 1.0]])
        ws = [tf.Variable([[30.0, 0.0], [0.0, 30.0]]) for _ in range(4)]
        with tf.GradientTape() as tape:
            h = x
            for w in ws:
                h = tf.matmul(h, w)
            loss = tf.reduce_sum(h)
        g = tape.gradient(loss, ws)
        """
    capture = run(source)
    assert ("exploding_gradient", line_of(source, "tf.matmul(h, w)")) in found(capture)


def test_two_layers_are_never_called_vanishing():
    source = """
        import tensorflow as tf
        x = tf.constant([[1.0, 1.0]])
        ws = [tf.Variable([[1e-4, 0.0], [0.0, 1e-4]]) for _ in range(2)]
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(x @ ws[0] @ ws[1])
        g = tape.gradient(loss, ws)
        """
    capture = run(source)
    assert not [f for f in capture.findings if f.code == "vanishing_gradient"]


def test_nan_from_the_where_trap_in_backward_and_inf_in_forward():
    source = """
        import tensorflow as tf
        x = tf.constant([0.0, 1.0, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.where(x > 0, tf.math.log(x), 0.0)
        g = tape.gradient(y, x)
        """
    capture = run(source)
    line = line_of(source, "tf.where")
    nan = found(capture)[("nan_origin", line)]
    inf = found(capture)[("inf_origin", line)]
    assert capture.ops[nan.ops[0]].type == "Log" and "tf.where" in nan.message
    assert nan.call == 0 and inf.call is None


def test_nan_origin_in_forward_is_the_first_op_not_its_consumers():
    source = """
        import tensorflow as tf
        a = tf.constant([1.0, -1.0])
        b = tf.sqrt(a)
        c = b * 2.0 + 1.0
        """
    capture = run(source)
    nans = [f for f in capture.findings if f.code == "nan_origin"]
    assert [(f.line, capture.ops[f.ops[0]].type) for f in nans] == [
        (line_of(source, "tf.sqrt"), "Sqrt")
    ]


def test_inf_origin_log_of_zero():
    source = """
        import tensorflow as tf
        p = tf.Variable([0.5, 0.0])
        with tf.GradientTape() as tape:
            loss = -tf.reduce_sum(tf.math.log(p))
        g = tape.gradient(loss, p)
        """
    capture = run(source)
    line = line_of(source, "tf.math.log")
    assert ("inf_origin", line) in found(capture)


def test_repeated_findings_are_merged_with_a_count():
    source = """
        import tensorflow as tf
        for step in range(3):
            x = tf.constant(1.0)
            with tf.GradientTape() as tape:
                y = x * 2.0
            g = tape.gradient(y, x)
        """
    capture = run(source)
    (finding,) = [f for f in capture.findings if f.code == "not_watched"]
    assert finding.count == 3 and finding.call == 0
