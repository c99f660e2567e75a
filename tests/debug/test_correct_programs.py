"""A program with nothing wrong gets no error or warning findings."""

import pytest

from .programs import run, serious

CORRECT = {
    "seed_004_gradient_tapes": """
        import tensorflow as tf
        w = tf.Variable(tf.random.normal((3, 2)), name='w')
        b = tf.Variable(tf.zeros(2, dtype=tf.float32), name='b')
        x = tf.constant([[1.0, 2.0, 3.0]])
        with tf.GradientTape(persistent=True) as tape:
            y = x @ w + b
            loss = tf.reduce_mean(y**2)
        [dl_dw, dl_db] = tape.gradient(loss, [w, b])
        grad = tape.gradient(loss, {'w': w, 'b': b})
        """,
    "seed_004_model": """
        import tensorflow as tf
        layer = tf.keras.layers.Dense(2, activation='relu')
        x = tf.constant([[1.0, 2.0, 3.0]])
        with tf.GradientTape() as tape:
            y = layer(x)
            loss = tf.reduce_mean(y**2)
        grad = tape.gradient(loss, layer.trainable_variables)
        """,
    "seed_002_function": """
        import tensorflow as tf
        def f(w1, w2):
            return 3 * w1 ** 2 + 2 * w1 * w2
        w1, w2 = tf.Variable(5.), tf.Variable(3.)
        with tf.GradientTape() as tape:
            z = f(w1, w2)
        gradients = tape.gradient(z, [w1, w2])
        """,
    "mlp_training": """
        import tensorflow as tf
        tf.random.set_seed(0)
        x = tf.random.normal([32, 8])
        y = tf.random.uniform([32], 0, 3, dtype=tf.int32)
        w1 = tf.Variable(tf.random.normal([8, 16], stddev=0.3))
        w2 = tf.Variable(tf.random.normal([16, 3], stddev=0.3))
        opt = tf.keras.optimizers.Adam(0.01)
        for step in range(20):
            with tf.GradientTape() as tape:
                logits = tf.tanh(x @ w1) @ w2
                loss = tf.reduce_mean(
                    tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
            grads = tape.gradient(loss, [w1, w2])
            opt.apply_gradients(zip(grads, [w1, w2]))
        """,
    "jacobian_and_hessian": """
        import tensorflow as tf
        x = tf.Variable([1.0, 2.0])
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                y = tf.reduce_sum(x ** 3)
            g = inner.gradient(y, x)
        h = outer.jacobian(g, x)
        """,
    "used_twice_and_watched": """
        import tensorflow as tf
        x = tf.constant([1.0, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = x * x + tf.sin(x) * x
        g = tape.gradient(y, x)
        """,
}


@pytest.mark.parametrize("name", sorted(CORRECT))
def test_correct_program_has_no_error_or_warning(name):
    capture = run(CORRECT[name])
    assert capture.error is None, capture.error
    assert serious(capture) == []
    assert all(r.gradient is not None for call in capture.calls for r in call.results)
