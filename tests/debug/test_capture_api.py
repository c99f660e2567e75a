"""engine.debug.capture() and capture_program(): what they record, and where."""

import os

import engine as tf
import engine.debug
from engine.debug import capture, capture_program

from .programs import line_of, run


def test_capture_block_is_filled_when_it_exits():
    with capture() as cap:
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(x * x)
        g = tape.gradient(y, x)
        assert cap.tensors == []  # not yet
    assert [op.type for op in cap.ops] == ["Mul", "Sum"]
    assert [t.name for t in cap.tensors if t.name] == ["x", "y", "g"]
    assert cap.calls[0].results[0].gradient == next(t.id for t in cap.tensors if t.name == "g")
    assert g.numpy().tolist() == [2.0, 4.0]


def test_refresh_shows_what_was_recorded_so_far():
    with capture() as cap:
        a = tf.constant(2.0) * 3.0
        cap.refresh()
        assert [op.type for op in cap.ops] == ["Mul"]
        b = a + 1.0  # noqa: F841 - named, as a program names its tensors
    assert [op.type for op in cap.ops] == ["Mul", "AddV2"]


def test_locations_are_the_users_lines_never_the_engines():
    source = """
        import tensorflow as tf
        def layer(x, w):
            return tf.tanh(x @ w)
        w = tf.Variable([[1.0], [2.0]])
        x = tf.constant([[0.5, 0.5]])
        with tf.GradientTape() as tape:
            y = layer(x, w)
            model = tf.keras.Sequential([tf.keras.layers.Dense(2)])
            z = tf.reduce_sum(model(y))
        g = tape.gradient(z, w)
        """
    capture = run(source)
    engine_dir = os.path.dirname(engine.__file__)
    places = [op.location for op in capture.ops] + [
        t.location for t in capture.tensors if t.location
    ]
    assert all(p.file == "program.py" and not p.file.startswith(engine_dir) for p in places)
    tanh = next(op for op in capture.ops if op.type == "Tanh")
    assert (tanh.location.line, tanh.location.function) == (
        line_of(source, "return tf.tanh"),
        "layer",
    )
    dense = next(op for op in capture.ops if op.type == "MatMul" and op.scope)
    assert dense.location.line == line_of(source, "z = tf.reduce_sum(model(y))")
    assert capture.calls[0].location.line == line_of(source, "g = tape.gradient")


def test_names_come_from_the_users_variables():
    source = """
        import tensorflow as tf
        w = tf.Variable(tf.ones([2, 2]), name="weights")
        b = tf.Variable([0.0, 1.0])
        x = tf.constant([[1.0, 2.0]])
        with tf.GradientTape(persistent=True) as tape:
            y = x @ w + b
            loss = tf.reduce_mean(y**2)
        [dl_dw, dl_db] = tape.gradient(loss, [w, b])
        grads = tape.gradient(loss, {'w': w, 'b': b})
        """
    capture = run(source)
    names = {t.name for t in capture.tensors if t.name}
    assert {"w", "b", "x", "y", "loss", "dl_dw", "dl_db", "grads['w']", "grads['b']"} <= names
    matmul = next(op for op in capture.ops if op.type == "MatMul")
    assert capture.tensors[matmul.outputs[0]].name is None  # `y` is the sum, not the product
    assert capture.tapes[0].name == "tape"


def test_events_of_tapes_variables_and_escapes():
    source = """
        import tensorflow as tf
        v = tf.Variable(1.0)
        c = tf.constant([1.0, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(c)
            with tape.stop_recording():
                n = float(v)
            tape.reset()
            y = v * c
        v.assign_add(1.0)
        arr = c.numpy()
        if y[0] > 0:
            flag = bool(y[0] > 0)
        """
    capture = run(source)
    kinds = [e.kind for e in capture.tapes[0].events]
    assert kinds[:5] == ["enter", "stop_recording", "resume", "reset", "exit"]
    lines = {e.kind: e.location.line for e in capture.tapes[0].events}
    assert lines["stop_recording"] == line_of(source, "stop_recording")
    assert lines["reset"] == line_of(source, "tape.reset()")
    watched = capture.tapes[0].watched
    assert [(w.how, w.location.line) for w in watched][:1] == [
        ("watch", line_of(source, "tape.watch(c)"))
    ]
    events = [(e.kind, e.how, e.location.line) for e in capture.events]
    assert ("variable_created", None, line_of(source, "v = tf.Variable")) in events
    assert ("variable_assign", None, line_of(source, "assign_add")) in events
    assert ("escape", "float", line_of(source, "float(v)")) in events
    assert ("escape", "numpy", line_of(source, "c.numpy()")) in events
    assert ("escape", "bool", line_of(source, "if y[0] > 0")) in events
    reads = [e for e in capture.events if e.kind == "variable_read"]
    assert reads and all(capture.tensors[e.variable].kind == "variable" for e in reads)


def test_assign_makes_a_new_version_of_the_variable():
    source = """
        import tensorflow as tf
        v = tf.Variable(1.0)
        a = v * 2.0
        v.assign(5.0)
        b = v * 2.0
        """
    capture = run(source)
    first, second = (capture.tensors[op.inputs[0]] for op in capture.ops if op.type == "Mul")
    assert first.kind == second.kind == "variable"
    assert first.summary.value == 1.0 and second.summary.value == 5.0
    assert second.variable == first.id and first.variable is None
    assert second.location.line == line_of(source, "v.assign(5.0)")


def test_a_program_error_keeps_what_was_captured_and_its_line():
    source = """
        import tensorflow as tf
        x = tf.constant([1.0, 2.0])
        y = x * 2.0
        print("before")
        z = tf.reshape(y, [3])
        print("after")
        """
    capture = run(source)
    assert capture.stdout == "before\n"
    assert capture.error.type == "InvalidArgumentError" or capture.error.type.endswith("Error")
    assert capture.error.line == line_of(source, "tf.reshape")
    assert capture.error.location.file == "program.py"
    assert "program.py" in capture.error.traceback
    assert [op.type for op in capture.ops][:1] == ["Mul"]
    assert [e.message for e in capture.events if e.kind == "print"] == ["before"]


def test_a_syntax_error_is_reported_with_its_line():
    capture = capture_program("x = 1\ny = (\n", "bad.py")
    assert capture.error.type == "SyntaxError" and capture.error.line == 2
    assert capture.program.source == "x = 1\ny = (\n"


def test_tensorflow_imports_resolve_to_the_engine_only_while_the_program_runs():
    import sys

    before = sys.modules.get("tensorflow")
    capture = run("""
        import tensorflow as tf
        import tensorflow.contrib.eager as tfe
        print(tf.__name__, tfe.gradients_function.__name__)
        """)
    assert capture.stdout == "engine gradients_function\n"
    assert sys.modules.get("tensorflow") is before


def test_engine_warnings_are_events_not_stderr(capsys):
    capture = run("""
        import tensorflow as tf
        x = tf.constant(10)
        with tf.GradientTape() as g:
            g.watch(x)
        """)
    assert any(
        "must be floating" in (e.message or "") for e in capture.events if e.kind == "warning"
    )
    assert capsys.readouterr().err == ""


def test_stdout_is_capped():
    capture = capture_program(
        "for i in range(1000):\n    print('x' * 100)\n", "p.py", max_stdout=500
    )
    assert capture.stdout.startswith("x" * 100) and capture.stdout.endswith("[output truncated]\n")
    assert len(capture.stdout) < 600


def test_capture_program_can_leave_stdout_to_the_caller(capsys):
    capture = capture_program("print('hello')\n", "p.py", capture_stdout=False)
    assert capture.stdout == "" and capsys.readouterr().out == "hello\n"


def _sine_then_cosine(with_sine):
    x = tf.constant([1.0, 2.0])
    if with_sine:
        s = tf.sin(x)  # noqa: F841 - named, as a program names its tensors
    c = tf.cos(x)  # the only op of the second capture below
    return c


def test_a_place_an_earlier_capture_visited_is_this_captures_own():
    # Places are worked out once per (code, instruction) for every capture (naming.py): the
    # second capture meets the cosine's first, and must locate it in its own list.
    with capture() as first:
        _sine_then_cosine(True)
    with capture() as second:
        _sine_then_cosine(False)
    sine, cosine = first.ops
    (again,) = second.ops
    assert again.type == "Cos" and sine.location.line + 1 == cosine.location.line
    assert (again.location.line, again.location.function) == (
        cosine.location.line,
        "_sine_then_cosine",
    )
    assert [t.name for t in second.tensors if t.op == again.id] == ["c"]
