"""tf.function's trace-time Python side effects, and tf.debugging.check_numerics failures, as
findings at the user's line."""

import engine as tf

from .programs import line_of, run


def side_effects(capture):
    return [f for f in capture.findings if f.code == "python_side_effect_in_function"]


def test_print_inside_a_tf_function_is_an_info_finding_at_the_print():
    source = """
        import tensorflow as tf

        @tf.function
        def square(x):
            y = x * x
            print("tracing", y)
            return y

        for i in range(3):
            square(tf.constant(2.0))
        """
    capture = run(source)
    (finding,) = side_effects(capture)
    assert finding.severity == "info"
    assert finding.line == line_of(source, 'print("tracing"')
    assert "ran 3 times here" in finding.message and "prints once" in finding.message
    assert finding.suggestion == "tf.print('tracing', y)"
    assert capture.stdout.count("tracing") == 3  # the engine ran it at every call


def test_only_the_first_side_effect_of_each_function_is_reported():
    source = """
        import tensorflow as tf
        losses = []
        count = 0

        @tf.function
        def step(x):
            global count
            local = []
            local.append(x)
            loss = tf.reduce_sum(x * x)
            losses.append(loss)
            count += 1
            return loss

        step(tf.constant([1.0])); step(tf.constant([1.0, 2.0]))
        """
    capture = run(source)
    (finding,) = side_effects(capture)
    assert finding.line == line_of(source, "losses.append(loss)")
    assert "2 traces here" in finding.message and "ran twice" in finding.message
    assert "losses.append(result)" in finding.suggestion


def test_global_assignment_and_method_attribute_mutation():
    source = """
        import tensorflow as tf
        calls = 0

        @tf.function
        def count_calls(x):
            global calls
            calls += 1
            return x

        class Model(tf.Module):
            def __init__(self):
                self.outputs = []

            @tf.function
            def __call__(self, x):
                self.outputs.append(x)
                return x

        count_calls(tf.constant(1.0))
        Model()(tf.constant(1.0))
        """
    capture = run(source)
    lines = sorted(f.line for f in side_effects(capture))
    assert lines == [line_of(source, "calls += 1"), line_of(source, "self.outputs.append")]
    assignment = next(f for f in side_effects(capture) if "calls += 1" in f.message)
    assert "assign_add" in assignment.suggestion


def test_no_finding_for_pure_functions_or_under_run_functions_eagerly():
    pure = """
        import tensorflow as tf

        @tf.function
        def f(x):
            out = []
            out.append(tf.math.add(x, 1.0))
            return out[0]

        f(tf.constant(1.0))
        """
    assert side_effects(run(pure)) == []
    eager = """
        import tensorflow as tf
        tf.config.run_functions_eagerly(True)

        @tf.function
        def f(x):
            print(x)
            return x

        f(tf.constant(1.0))
        tf.config.run_functions_eagerly(False)
        """
    assert side_effects(run(eager)) == []
    tf.config.run_functions_eagerly(False)


def test_ops_inside_a_tf_function_are_recorded_and_differentiated():
    source = """
        import tensorflow as tf
        w = tf.Variable(3.0)

        @tf.function
        def loss_fn(x):
            return tf.math.log(w * x)

        with tf.GradientTape() as tape:
            loss = loss_fn(tf.constant(0.0))
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    assert [op.type for op in capture.ops][:2] == ["Mul", "Log"]
    codes = {(f.code, f.line) for f in capture.findings}
    assert ("inf_origin", line_of(source, "tf.math.log")) in codes


def test_check_numerics_failure_is_an_inf_origin_finding_at_the_producing_op():
    source = """
        import tensorflow as tf
        x = tf.Variable([1.0, 0.0])
        with tf.GradientTape() as tape:
            y = tf.math.log(x)
            z = tf.debugging.check_numerics(y, "log output")
        """
    capture = run(source)
    assert capture.error.type == "InvalidArgumentError"
    assert "log output : Tensor had Inf values" in capture.error.message
    assert capture.error.line == line_of(source, "check_numerics")
    codes = {(f.code, f.line) for f in capture.findings}
    assert ("inf_origin", line_of(source, "tf.math.log")) in codes


def test_check_numerics_nan_is_a_nan_origin_finding():
    source = """
        import tensorflow as tf
        x = tf.constant([-1.0, 4.0])
        y = tf.sqrt(x)
        tf.debugging.check_numerics(y, "sqrt")
        """
    capture = run(source)
    assert "sqrt : Tensor had NaN values" in capture.error.message
    assert ("nan_origin", line_of(source, "tf.sqrt")) in {
        (f.code, f.line) for f in capture.findings
    }


def test_enable_check_numerics_raises_at_the_op_and_the_capture_still_sees_it():
    source = """
        import tensorflow as tf
        tf.debugging.enable_check_numerics()
        try:
            x = tf.constant([1.0, 0.0])
            y = tf.math.log(x)
        finally:
            tf.debugging.disable_check_numerics()
        """
    capture = run(source)
    assert capture.error.type == "InvalidArgumentError"
    assert 'eagerly-executing op "Log"' in capture.error.message
    assert ("inf_origin", line_of(source, "tf.math.log")) in {
        (f.code, f.line) for f in capture.findings
    }


def test_lazy_variable_creation_is_not_a_side_effect():
    source = """
        import tensorflow as tf

        class Lazy(tf.Module):
            def __init__(self):
                self.v = None

            @tf.function
            def __call__(self, x):
                if self.v is None:
                    self.v = tf.Variable(2.0)
                return self.v * x

        lazy = Lazy()
        lazy(tf.constant(1.0))
        lazy(tf.constant(2.0))
        """
    assert side_effects(run(source)) == []
