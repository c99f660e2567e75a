"""Values leaving the engine inside a tf.data function: TF traces map/filter functions into
graphs, so `.numpy()` there raises TF's AttributeError when the dataset is built, and the
capture shows that error at the user's line inside the function, with the `map` line that
led there; `.numpy()` on a captured tensor, or after the dataset, is no error."""

from .programs import line_of, run, serious


def test_numpy_inside_a_map_function_is_tfs_error_at_the_users_line():
    source = """
        import tensorflow as tf
        def double(t):
            return tf.constant(t.numpy() * 2.0)
        ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0]).map(double)
        """
    capture = run(source)
    inner, outer = line_of(source, "t.numpy()"), line_of(source, ".map(double)")
    assert capture.error.type == "AttributeError"
    assert capture.error.message == "'SymbolicTensor' object has no attribute 'numpy'"
    assert capture.error.line == inner and capture.error.location.function == "double"
    assert f"line {outer}, in <module>" in capture.error.traceback
    assert serious(capture) == []  # no gradient was taken: nothing to blame on a tape


def test_numpy_of_a_captured_tensor_or_of_the_elements_is_no_error():
    source = """
        import tensorflow as tf
        w = tf.Variable(2.0)
        scale = tf.constant(3.0)
        ds = tf.data.Dataset.range(3).map(lambda i: tf.cast(i, tf.float32) * scale.numpy())
        values = [t.numpy() for t in ds]
        with tf.GradientTape() as tape:
            loss = tf.add_n([w * v for v in ds])
        g = tape.gradient(loss, w)
        """
    capture = run(source)
    assert capture.error is None
    assert serious(capture) == []
