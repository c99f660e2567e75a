"""Causes from real programs: results dropped inside a model's `call`, values that leave the
engine inside layers and helpers, a variable rebound in a training loop (and the exception it
leads to), assignments on the path, the tf.where trap, custom gradients, long chains."""

import json

import pytest

from .programs import line_of, run, serious


def found(capture):
    return {(f.code, f.line): f for f in capture.findings}


def test_call_that_drops_each_layers_output_is_explained_at_those_lines():
    source = """
        import tensorflow as tf
        class Net(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.d1 = tf.keras.layers.Dense(4)
                self.d2 = tf.keras.layers.Dense(4)
                self.d3 = tf.keras.layers.Dense(1)
            def call(self, x):
                h = self.d1(x)
                h = self.d2(x)
                return self.d3(x)
        net = Net()
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(net(tf.ones([3, 2])))
        grads = tape.gradient(loss, net.trainable_variables)
        """
    capture = run(source)
    first = line_of(source, "h = self.d1(x)")
    second = line_of(source, "h = self.d2(x)")
    assert serious(capture) == [("result_dropped", first), ("result_dropped", second)]
    overwritten = found(capture)[("result_dropped", first)]
    # one finding per layer, naming both of its variables, and the line that overwrote it
    assert "kernel`" in overwritten.message and "bias`" in overwritten.message
    assert f"line {second}" in overwritten.message
    assert overwritten.suggestion.startswith("h = self.d2(h)")
    # the layer named as the program holds it, with the line that defines it
    defined = line_of(source, "self.d1 = ")
    assert f"(layer `self.d1`, defined at line {defined})" in overwritten.message


def test_numpy_inside_a_custom_layer_is_left_engine_at_the_layer_line():
    source = """
        import numpy as np
        import tensorflow as tf
        class Scale(tf.keras.layers.Layer):
            def build(self, input_shape):
                self.s = self.add_weight(shape=(input_shape[-1],), initializer="ones")
            def call(self, x):
                return np.tanh(x * self.s)
        layer = Scale()
        with tf.GradientTape() as tape:
            y = layer(tf.constant([[1.0, 2.0]]))
            loss = tf.reduce_sum(tf.constant(y) ** 2)
        g = tape.gradient(loss, layer.trainable_variables)
        """
    capture = run(source)
    line = line_of(source, "np.tanh")
    assert serious(capture) == [("left_engine", line)]
    finding = found(capture)[("left_engine", line)]
    assert "left the engine through NumPy" in finding.message
    assert finding.suggestion.startswith("return tf.tanh(x * self.s)")


def test_float_in_a_loss_function_and_numpy_in_a_helper():
    source = """
        import tensorflow as tf
        w = tf.Variable(2.0)
        def loss_fn(pred):
            return float(pred) ** 2
        def scaled(t):
            return t.numpy() * 3.0
        with tf.GradientTape() as tape:
            loss = tf.constant(loss_fn(w * 3.0))
        with tf.GradientTape() as tape2:
            loss2 = tf.reduce_sum(tf.constant(scaled(w * 1.0)))
        g = tape.gradient(loss, w)
        g2 = tape2.gradient(loss2, w)
        """
    capture = run(source)
    assert serious(capture) == sorted(
        [
            ("left_engine", line_of(source, "float(pred)")),
            ("left_engine", line_of(source, "t.numpy()")),
        ]
    )
    assert "float()" in found(capture)[("left_engine", line_of(source, "float(pred)"))].message


def test_a_variable_rebound_in_the_loop_explains_the_type_error_at_step_two():
    source = """
        import tensorflow as tf
        w = tf.Variable(1.0)
        for step in range(3):
            with tf.GradientTape() as tape:
                loss = (w * 2.0 - 1.0) ** 2
            g = tape.gradient(loss, w)
            w = w - 0.1 * g
        """
    capture = run(source)
    line = line_of(source, "w = w - 0.1 * g")
    assert capture.error.type == "TypeError" and capture.error.line == line
    finding = found(capture)[("variable_replaced_by_tensor", line)]
    assert "raised TypeError" in finding.message and "None" in finding.message
    assert finding.suggestion.startswith("w.assign_sub(0.1 * g)")


def test_an_assignment_on_one_of_two_paths_is_a_stateful_assign_warning():
    source = """
        import tensorflow as tf
        w = tf.Variable(1.0)
        v = tf.Variable(0.0)
        with tf.GradientTape() as tape:
            v.assign(w * 3.0)
            loss = v * v + w
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    line = line_of(source, "v.assign")
    assert serious(capture) == [("stateful_assign", line)]
    assert found(capture)[("stateful_assign", line)].severity == "warning"


def test_an_unused_layer_held_by_a_name_is_named_with_its_definition_line():
    source = """
        import tensorflow as tf
        trunk = tf.keras.layers.Dense(4, activation="tanh")
        head_a = tf.keras.layers.Dense(1)
        head_b = tf.keras.layers.Dense(1)
        x = tf.ones([8, 3])
        with tf.GradientTape() as tape:
            hidden = trunk(x)
            a, b = head_a(hidden), head_b(hidden)
            loss = tf.reduce_mean(a ** 2)
        variables = trunk.trainable_variables + head_a.trainable_variables + head_b.trainable_variables
        grads = tape.gradient(loss, variables)
        """
    capture = run(source)
    line = line_of(source, "a, b = head_a")
    assert serious(capture) == [("result_dropped", line)]
    finding = found(capture)[("result_dropped", line)]
    assert f"layer `head_b`, defined at line {line_of(source, 'head_b = ')}" in finding.message
    assert "bias" in finding.message  # one finding for both of the head's variables


def test_set_weights_with_a_recorded_value_is_a_stateful_assign():
    source = """
        import tensorflow as tf
        layer = tf.keras.layers.Dense(1)
        layer.build((None, 2))
        a = tf.Variable([[1.0], [2.0]])
        with tf.GradientTape() as tape:
            layer.set_weights([a * 2.0, tf.zeros([1])])
            loss = tf.reduce_sum(layer(tf.constant([[1.0, 1.0]])))
        g = tape.gradient(loss, a)
        """
    capture = run(source)
    assert serious(capture) == [("stateful_assign", line_of(source, "set_weights"))]


def test_the_where_trap_names_the_where_and_writes_the_double_where():
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
    forward = found(capture)[("inf_origin", line)]
    assert "does not select" in forward.message
    assert "every value computed from it is non-finite" not in forward.message
    assert [capture.ops[i].type for i in forward.ops] == ["Log", "SelectV2"]
    assert "tf.where(x > 0, x, 1.0)" in forward.suggestion
    assert "tf.math.log(safe_x)" in forward.suggestion
    backward = found(capture)[("nan_origin", line)]
    assert "tf.math.log(safe_x)" in backward.suggestion
    # no comparison feeding only the where's condition is reported
    assert not any(f.code == "non_differentiable_op" for f in capture.findings)


def test_a_custom_gradient_that_returns_none_is_named():
    source = """
        import tensorflow as tf
        @tf.custom_gradient
        def f(x):
            def grad(dy):
                return None
            return x * 2.0, grad
        x = tf.constant(1.0)
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        g = t.gradient(y, x)
        """
    capture = run(source)
    line = line_of(source, "y = f(x)")
    assert serious(capture) == [("non_differentiable_op", line)]
    assert "custom gradient of `f`" in found(capture)[("non_differentiable_op", line)].message


def test_a_gradient_penalty_tape_reports_no_ones_like():
    source = """
        import tensorflow as tf
        w = tf.Variable([[0.5], [-0.3]])
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(x @ w)
            g = inner.gradient(y, x)
            penalty = tf.reduce_mean((tf.norm(g, axis=1) - 1.0) ** 2)
        gw = outer.gradient(penalty, w)
        """
    capture = run(source)
    assert serious(capture) == []


def test_a_long_elementwise_chain_vanishes_where_the_norms_panel_says():
    source = """
        import tensorflow as tf
        x = tf.Variable([0.3, 1.2, 2.0])
        with tf.GradientTape() as tape:
            y = x
            for _ in range(5000):
                y = tf.sin(y)
            loss = tf.reduce_sum(y)
        g = tape.gradient(loss, x)
        """
    capture = run(source, value_cap=16)
    line = line_of(source, "y = tf.sin(y)")
    assert serious(capture) == [("vanishing_gradient", line)]
    finding = found(capture)[("vanishing_gradient", line)]
    # the op flagged is the first whose bar in the per-op Norms panel falls below the line:
    # the norm nearest the target times the vanishing factor
    call = capture.calls[0]
    norms = call.norms
    reference = norms[0].norm
    first_below = next(
        n for n in norms if n.norm < reference * capture.thresholds["vanishing_factor"]
    )
    assert finding.ops == [first_below.op]


def test_an_rnn_unrolled_over_time_vanishes_per_time_step():
    source = """
        import tensorflow as tf
        tf.random.set_seed(0)
        wx = tf.Variable(tf.random.normal([4, 8], stddev=0.3))
        wh = tf.Variable(tf.random.normal([8, 8], stddev=0.1))
        xs = tf.random.normal([40, 2, 4])
        with tf.GradientTape() as tape:
            h = tf.zeros([2, 8])
            for t in range(40):
                h = tf.tanh(xs[t] @ wx + h @ wh)
            loss = tf.reduce_sum(h)
        g = tape.gradient(loss, [wx, wh])
        """
    capture = run(source)
    assert serious(capture) == [("vanishing_gradient", line_of(source, "h = tf.tanh"))]


def test_a_forward_pass_outside_the_tape_in_a_training_loop_is_one_finding():
    source = """
        import tensorflow as tf
        model = tf.keras.Sequential(
            [tf.keras.layers.Dense(4, activation="tanh"), tf.keras.layers.Dense(1)])
        x = tf.ones([8, 3])
        for step in range(3):
            pred = model(x)
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean((pred - 1.0) ** 2)
            grads = tape.gradient(loss, model.trainable_variables)
        """
    capture = run(source)
    line = line_of(source, "pred = model(x)")
    assert serious(capture) == [("outside_tape", line)]
    finding = found(capture)[("outside_tape", line)]
    assert finding.count == 3  # once per step, reported once
    assert "3 more sources" in finding.message  # the four variables in one finding
    assert finding.suggestion.startswith(f"move line {line} (`pred = model(x)`) inside")


@pytest.mark.parametrize(
    ("expression", "how"),
    [
        ("tf.constant(np.asarray(t) * 2.0)", "NumPy"),
        ("tf.constant(np.square(t))", "NumPy"),  # a ufunc
        ("tf.constant(np.mean(t, axis=0))", "NumPy"),  # an array function
        ("tf.constant(t.numpy() + 1.0)", ".numpy()"),
        ("tf.constant(float(t[0]))", "float()"),
        ("tf.constant([float(v) for v in t])", "float()"),  # iteration into a Python list
        ("tf.constant(float(int(t[1])))", "int()"),
    ],
)
def test_every_way_out_of_the_engine_is_left_engine(expression, how):
    source = f"""
        import numpy as np
        import tensorflow as tf
        w = tf.Variable([1.5, 2.5])
        with tf.GradientTape() as tape:
            t = w * 2.0
            back = {expression}
            loss = tf.reduce_sum(back)
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    line = line_of(source, "back = ")
    assert serious(capture) == [("left_engine", line)]
    assert f"through {how}" in found(capture)[("left_engine", line)].message


def test_a_value_computed_in_build_is_outside_the_tape_and_belongs_in_call():
    source = """
        import tensorflow as tf
        class Scaled(tf.keras.layers.Layer):
            def build(self, input_shape):
                self.w = self.add_weight(shape=(input_shape[-1], 1), initializer="ones")
                self.w2 = self.w * 2.0
            def call(self, x):
                return x @ self.w2
        layer = Scaled()
        x = tf.constant([[1.0, 2.0]])
        print(layer(x).numpy().tolist())
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(x))
        print(tape.gradient(loss, layer.trainable_variables))
        """  # TF 2.21: [[6.0]], then [None]
    capture = run(source)
    assert capture.stdout.split() == ["[[6.0]]", "[None]"]
    line = line_of(source, "self.w2 = self.w * 2.0")
    assert serious(capture) == [("outside_tape", line)]
    assert "from build() into call()" in found(capture)[("outside_tape", line)].suggestion


def test_a_watched_tensor_added_into_a_variable_is_a_stateful_assign():
    source = """
        import tensorflow as tf
        x = tf.constant([1.0, 2.0])
        v = tf.Variable([0.0, 0.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            v.assign_add(x)
            loss = tf.reduce_sum(v * v)
        print(tape.gradient(loss, x))
        """  # TF 2.21: None
    capture = run(source)
    assert capture.stdout.strip() == "None"
    line = line_of(source, "v.assign_add(x)")
    assert serious(capture) == [("stateful_assign", line)]
    assert (
        "computed from `x` (line 3) into `v`" in found(capture)[("stateful_assign", line)].message
    )


def test_numpy_inside_a_tf_function_is_left_engine_and_says_tf_raises_there():
    source = """
        import numpy as np
        import tensorflow as tf
        w = tf.Variable([1.0, 2.0])
        @tf.function
        def f(x):
            return tf.constant(np.tanh(x * w))
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(f(tf.constant([1.0, 1.0])))
        print(tape.gradient(loss, w))
        """  # TF 2.21 raises NotImplementedError at the np.tanh line while tracing f; with
    # tf.config.run_functions_eagerly(True) it prints None, as the engine does
    capture = run(source)
    line = line_of(source, "np.tanh")
    assert serious(capture) == [("left_engine", line)]
    message = found(capture)[("left_engine", line)].message
    assert "inside the tf.function `f`" in message and "NotImplementedError" in message


def test_repeated_multiplication_vanishes_at_the_product_line():
    source = """
        import tensorflow as tf
        x = tf.Variable([0.5, 1.0, 2.0])
        with tf.GradientTape() as tape:
            y = x
            for _ in range(12):
                y = y * 0.3
            loss = tf.reduce_sum(y)
        print(tape.gradient(loss, x).numpy().tolist())
        """  # TF 2.21: [5.3144123e-07, 5.3144123e-07, 5.3144123e-07]
    capture = run(source)
    assert json.loads(capture.stdout) == pytest.approx([5.3144123e-07] * 3, rel=1e-6)
    assert serious(capture) == [("vanishing_gradient", line_of(source, "y = y * 0.3"))]


def test_a_python_if_on_a_tensor_explains_the_branch_not_taken_as_info():
    source = """
        import tensorflow as tf
        w = tf.Variable(2.0)
        v = tf.Variable(3.0)
        x = tf.constant(1.5)
        with tf.GradientTape() as tape:
            if x > 1.0:
                y = w * x
            else:
                y = v * x
        print(tape.gradient(y, [w, v])[1])
        """  # TF 2.21: [1.5, None] (bool() of the tensor chose the branch)
    capture = run(source)
    assert capture.stdout.strip() == "None"
    assert serious(capture) == []
    finding = found(capture)[("unconnected", line_of(source, "if x > 1.0"))]
    assert finding.severity == "info" and "A Python `if` on a tensor" in finding.message
