"""What a GradientTape records: watch rules, variables, stop_recording, reset, re-entering.

Expected values and warnings are what TensorFlow 2.21 returns and logs for the same code.
"""

import warnings

import numpy as np
import pytest

import engine as tf


def value(t):
    return None if t is None else np.asarray(t)


def test_constants_are_not_watched_unless_asked():
    x = tf.constant(3.0)
    with tf.GradientTape(persistent=True) as tape:
        y = x * x
        tape.watch(x)
        z = x * x
    assert tape.gradient(y, x) is None  # computed before the watch
    assert value(tape.gradient(z, x)) == 6.0


def test_watch_takes_nested_structures_of_tensors_and_variables():
    a, b, v = tf.constant(1.0), tf.constant(2.0), tf.Variable(3.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch({"a": a, "rest": [(b,), v]})
        y = a * b * v
    grads = tape.gradient(y, [a, b, v])
    assert [float(g) for g in grads] == [6.0, 3.0, 2.0]
    assert tape.watched_variables() == (v,)


def test_trainable_variables_read_inside_are_watched_in_creation_order():
    v = tf.Variable(2.0, name="v")
    w = tf.Variable(3.0, trainable=False, name="w")
    u = tf.Variable(1.0, name="u")
    with tf.GradientTape() as tape:
        y = u * v * w
    assert [x.name for x in tape.watched_variables()] == ["v:0", "u:0"]
    grads = tape.gradient(y, [v, w, u])
    assert float(grads[0]) == 3.0 and grads[1] is None and float(grads[2]) == 6.0


def test_watched_variables_are_sorted_by_creation_not_by_access():
    v, w, u = tf.Variable(2.0, name="v"), tf.Variable(3.0, name="w"), tf.Variable(1.0, name="u")
    with tf.GradientTape() as tape:
        u * v
        tape.watch(w)
    assert [x.name for x in tape.watched_variables()] == ["v:0", "w:0", "u:0"]


def test_a_non_trainable_variable_can_be_watched_explicitly():
    v = tf.Variable(2.0)
    w = tf.Variable(3.0, trainable=False)
    with tf.GradientTape() as tape:
        tape.watch(w)
        y = v * w
    assert [float(g) for g in tape.gradient(y, [v, w])] == [3.0, 2.0]


def test_watch_accessed_variables_false_watches_only_what_is_asked():
    x0, x1 = tf.Variable(0.0), tf.Variable(10.0)
    with tf.GradientTape(watch_accessed_variables=False) as tape:
        tape.watch(x1)
        y = tf.sin(x0) + x1 * x1
    grad = tape.gradient(y, {"x0": x0, "x1": x1})
    assert grad["x0"] is None
    assert float(grad["x1"]) == 20.0
    assert tape.watched_variables() == (x1,)


def test_stop_recording_leaves_ops_off_the_tape():
    x = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        y = x * x
        with tape.stop_recording():
            z = y * x
        q = y * 3
    assert tape.gradient(z, x) is None
    assert float(tape.gradient(q, x)) == 12.0


def test_reset_discards_records_and_watches():
    x = tf.constant(2.0)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
        tape.reset()
        x * 5  # x is no longer watched: not recorded
        tape.watch(x)
        z2 = x * 7
    assert float(tape.gradient([y, z2], x)) == 7.0


def test_reset_forgets_watched_variables():
    v = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        y = v * v
        tape.reset()
        assert tape.watched_variables() == ()
        z = v * 4
    assert float(tape.gradient(z, v)) == 4.0
    assert tape.gradient(y, v) is None


def test_re_entering_a_persistent_tape_continues_its_recording():
    x = tf.constant(2.0)
    tape = tf.GradientTape(persistent=True)
    with tape:
        tape.watch(x)
        y = x * x
    outside = y * x
    with tape:
        z = y * x
    assert float(tape.gradient(z, x)) == 12.0
    assert tape.gradient(outside, x) is None


def test_watching_after_exit_does_not_record():
    x = tf.constant(2.0)
    tape = tf.GradientTape(persistent=True)
    with tape:
        y = x * 2
    tape.watch(x)
    z = x * 3
    assert tape.gradient(z, x) is None
    assert tape.gradient(y, x) is None


def test_a_spent_non_persistent_tape_starts_afresh_when_entered_again():
    x = tf.constant(2.0)
    tape = tf.GradientTape()
    with tape:
        tape.watch(x)
        y = x * x
    assert float(tape.gradient(y, x)) == 4.0
    assert tape.watched_variables() == ()
    with tape:
        tape.watch(x)
        z = x * x * x
    assert float(tape.gradient(z, x)) == 12.0
    with pytest.raises(RuntimeError):
        tape.gradient(y, x)


def test_a_spent_tape_keeps_reporting_its_watched_variables():
    v = tf.Variable(1.0)
    tape = tf.GradientTape()
    with tape:
        y = v * 2
    assert float(tape.gradient(y, v)) == 2.0
    assert tape.watched_variables() == (v,)


def test_a_tape_that_never_recorded_has_no_watched_variables():
    assert tf.GradientTape().watched_variables() == ()


def test_watching_an_integer_tensor_warns_and_gives_no_gradient():
    x = tf.constant(10)
    with tf.GradientTape() as tape:
        with pytest.warns(
            UserWarning,
            match=r"The dtype of the watched tensor must be floating "
            r"\(e.g. tf.float32\), got tf.int32",
        ):
            tape.watch(x)
        y = x * x
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert tape.gradient(y, x) is None
    messages = [str(w.message) for w in caught]
    assert messages == [
        "The dtype of the target tensor must be floating (e.g. tf.float32) when calling "
        "GradientTape.gradient, got tf.int32",
        "The dtype of the source tensor must be floating (e.g. tf.float32) when calling "
        "GradientTape.gradient, got tf.int32",
    ]


def test_engine_warnings_point_at_the_users_line():
    x = tf.constant(10)
    with tf.GradientTape() as tape, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        tape.watch(x)
    assert caught[0].filename == __file__


def test_integer_paths_are_not_recorded():
    xf = tf.constant(2.0)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(xf)
        yi = tf.cast(xf, tf.int32)
        z = tf.cast(yi, tf.float32) * xf
    with pytest.warns(UserWarning, match="The dtype of the target tensor must be floating"):
        assert tape.gradient(yi, xf) is None
    assert float(tape.gradient(z, xf)) == 2.0  # only the float path counts


def test_integer_variables_are_watched_but_get_no_gradient():
    v = tf.Variable(3)
    with tf.GradientTape() as tape:
        y = v * 2
    assert tape.watched_variables() == (v,)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert tape.gradient(y, v) is None


def test_float64_gradients_stay_float64():
    x = tf.constant(2.0, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x * x
    grad = tape.gradient(y, x)
    assert grad.dtype == tf.float64 and float(grad) == 4.0


def test_assign_stops_gradients():
    x0, x1 = tf.Variable(3.0), tf.Variable(0.0)
    with tf.GradientTape() as tape:
        x1.assign_add(x0)
        y = x1**2
    assert tape.gradient(y, x0) is None
    with tf.GradientTape() as tape:
        x2 = x1 + x0
        y = x2**2
    assert float(tape.gradient(y, x0)) == 12.0


def test_a_variable_read_after_assign_gives_the_gradient_at_the_new_value():
    v = tf.Variable(2.0)
    with tf.GradientTape() as tape:
        v.assign(v * 3)
        y = v * v
    assert float(tape.gradient(y, v)) == 12.0


def test_replacing_a_variable_with_a_tensor_loses_the_gradient():
    x = tf.Variable(2.0)
    found = []
    for _ in range(2):
        with tf.GradientTape() as tape:
            y = x + 1
        found.append((type(x).__name__, value(tape.gradient(y, x))))
        x = x + 1
    assert found == [("ResourceVariable", 1.0), ("EagerTensor", None)]


def test_stop_gradient_blocks_its_input():
    x = tf.constant(1.5)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.stop_gradient(x * x) * x
    assert float(tape.gradient(y, x)) == 2.25


def test_calculations_outside_the_engine_are_not_recorded():
    x = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        x2 = x**2
        y = np.mean(x2, axis=0)
        y = tf.reduce_mean(y, axis=0)
    assert tape.gradient(y, x) is None
