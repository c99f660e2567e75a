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
    "gradient_penalty_nested_tapes": """
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
        """,
    "where_on_a_comparison_and_clip_in_range": """
        import tensorflow as tf
        w = tf.Variable([1.0, -2.0, 3.0])
        with tf.GradientTape() as tape:
            y = tf.where(w > 0, w * 2.0, w * 0.5)
            z = tf.clip_by_value(y, -10.0, 10.0)
            loss = tf.reduce_sum(tf.maximum(z, -1.5) + tf.minimum(z, 5.0))
        g = tape.gradient(loss, w)
        """,
    "sigmoid_classifier_trained_to_convergence": """
        import tensorflow as tf
        tf.random.set_seed(1)
        x = tf.random.normal([64, 2])
        y = tf.cast(x[:, :1] + x[:, 1:] > 0, tf.float32)
        w = tf.Variable(tf.zeros([2, 1]))
        b = tf.Variable(0.0)
        for step in range(100):
            with tf.GradientTape() as tape:
                p = tf.sigmoid(x @ w + b)
                loss = tf.reduce_mean(tf.keras.losses.binary_crossentropy(y, p))
            gw, gb = tape.gradient(loss, [w, b])
            w.assign_sub(1.0 * gw)
            b.assign_sub(1.0 * gb)
        """,
    "small_relu_batch_and_dropout_style_mask": """
        import tensorflow as tf
        x = tf.constant([[-1.0, 2.0]])
        w = tf.Variable([[1.0, -1.0, 0.5], [0.5, 1.0, -0.2]])
        with tf.GradientTape() as tape:
            h = tf.nn.relu(x @ w)
            mask = tf.cast(tf.constant([[1, 0, 1]]), tf.float32)
            loss = tf.reduce_sum(h * mask) + tf.reduce_sum(w * w)
        g = tape.gradient(loss, w)
        """,
    "rnn_short_sequence": """
        import tensorflow as tf
        tf.random.set_seed(0)
        wx = tf.Variable(tf.random.normal([3, 5], stddev=0.5))
        wh = tf.Variable(tf.random.normal([5, 5], stddev=0.5))
        xs = tf.random.normal([6, 4, 3])
        with tf.GradientTape() as tape:
            h = tf.zeros([4, 5])
            for t in range(6):
                h = tf.tanh(xs[t] @ wx + h @ wh)
            loss = tf.reduce_mean(h ** 2)
        g = tape.gradient(loss, [wx, wh])
        """,
    "assign_after_the_gradient_and_a_state_counter": """
        import tensorflow as tf
        w = tf.Variable(1.0)
        steps = tf.Variable(0)
        ema = tf.Variable(0.0, trainable=False)
        for _ in range(3):
            with tf.GradientTape() as tape:
                loss = (w - 3.0) ** 2
                steps.assign_add(1)
            g = tape.gradient(loss, w)
            w.assign_sub(0.1 * g)
            ema.assign(0.9 * ema + 0.1 * loss)
        """,
    "keras_sequential_custom_loop": """
        import tensorflow as tf
        tf.random.set_seed(2)
        model = tf.keras.Sequential([
            tf.keras.layers.Dense(16, activation="relu"),
            tf.keras.layers.Dense(16, activation="tanh"),
            tf.keras.layers.Dense(1, activation="sigmoid"),
        ])
        x = tf.random.normal([32, 4])
        y = tf.cast(tf.reduce_sum(x, axis=1, keepdims=True) > 0, tf.float32)
        opt = tf.keras.optimizers.Adam(0.01)
        for step in range(30):
            with tf.GradientTape() as tape:
                p = model(x)
                loss = tf.reduce_mean(tf.keras.losses.binary_crossentropy(y, p))
            grads = tape.gradient(loss, model.trainable_variables)
            opt.apply_gradients(zip(grads, model.trainable_variables))
        """,
    # TF 2.21 passes the number on: t.gradient(y, x) is the Python float 5.0
    "custom_gradient_returning_a_number": """
        import tensorflow as tf
        @tf.custom_gradient
        def f(x):
            def grad(dy):
                return 5.0
            return x * 2.0, grad
        x = tf.constant(1.0)
        with tf.GradientTape() as t:
            t.watch(x)
            y = f(x)
        g = t.gradient(y, x)
        """,
    # first-order MAML: the inner update happens inside the outer tape, and the outer gradient
    # is the one of the updated weights (an assignment, but with respect to w's new value)
    "first_order_meta_step": """
        import tensorflow as tf
        w = tf.Variable([1.0, -2.0])
        x = tf.constant([0.5, 1.5])
        opt = tf.keras.optimizers.Adam(0.1)
        with tf.GradientTape() as outer:
            with tf.GradientTape() as inner:
                inner_loss = tf.reduce_sum((w * x - 1.0) ** 2)
            opt.apply_gradients([(inner.gradient(inner_loss, w), w)])
            outer_loss = tf.reduce_sum((w * x + 1.0) ** 2)
        meta = outer.gradient(outer_loss, w)
        """,
}


@pytest.mark.parametrize("name", sorted(CORRECT))
def test_correct_program_has_no_error_or_warning(name):
    capture = run(CORRECT[name])
    assert capture.error is None, capture.error
    assert serious(capture) == []
    assert all(r.gradient is not None for call in capture.calls for r in call.results)
