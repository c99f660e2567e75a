"""Small Keras training runs written as plain TensorFlow 2 code, parameterised by the `tf` module.

The tests run them with `tf = engine` and compare with the values real TensorFlow 2.21 +
Keras 3 printed for the very same functions. Every model starts from Constant initializers,
so both start from identical weights. To regenerate the expected values (never at test time;
the project does not depend on TensorFlow):

    TF_CPP_MIN_LOG_LEVEL=3 /work/tfenv/bin/python tests/engine/keras_scenarios.py
"""

import warnings

X = [[0.5, -1.0], [1.5, 0.25], [-0.75, 0.8], [0.3, 0.9]]
Y_REGRESSION = [[1.0], [-0.5], [0.25], [0.8]]
Y_CLASSES = [0, 2, 1, 2]
Y_BINARY = [[1.0], [0.0], [1.0], [0.0]]

HIDDEN_KERNEL = [[0.2, -0.4, 0.6], [0.5, 0.1, -0.3]]
HIDDEN_BIAS = [0.1, -0.2, 0.05]
OUT_KERNEL_1 = [[0.3], [-0.6], [0.45]]
OUT_BIAS_1 = [0.05]
OUT_KERNEL_3 = [[0.3, -0.2, 0.1], [-0.6, 0.4, 0.25], [0.45, 0.15, -0.35]]
OUT_BIAS_3 = [0.05, -0.1, 0.0]
STEPS = 4


def mlp(tf, out_units, hidden_activation="tanh", out_activation=None):
    """Dense(3, hidden_activation) -> Dense(out_units, out_activation), constant-initialized."""
    constant = tf.keras.initializers.Constant
    out_kernel, out_bias = (
        (OUT_KERNEL_1, OUT_BIAS_1) if out_units == 1 else (OUT_KERNEL_3, OUT_BIAS_3)
    )
    return tf.keras.Sequential(
        [
            tf.keras.layers.Dense(
                3,
                activation=hidden_activation,
                kernel_initializer=constant(HIDDEN_KERNEL),
                bias_initializer=constant(HIDDEN_BIAS),
            ),
            tf.keras.layers.Dense(
                out_units,
                activation=out_activation,
                kernel_initializer=constant(out_kernel),
                bias_initializer=constant(out_bias),
            ),
        ]
    )


def train(tf, model, loss_fn, optimizer, y, steps=STEPS):
    """A custom training loop: tape, gradient, apply_gradients. Returns losses and weights."""
    x = tf.constant(X)
    y = tf.constant(y)
    losses = []
    for _ in range(steps):
        with tf.GradientTape() as tape:
            loss = loss_fn(y, model(x))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        losses.append(float(loss))
    return _result(losses, model.trainable_variables)


def _result(losses, variables):
    return {"losses": losses, "weights": [v.numpy().tolist() for v in variables]}


def mse_sgd(tf):
    return train(
        tf,
        mlp(tf, 1),
        tf.keras.losses.MeanSquaredError(),
        tf.keras.optimizers.SGD(learning_rate=0.1),
        Y_REGRESSION,
    )


def mse_sgd_momentum(tf):
    return train(
        tf,
        mlp(tf, 1),
        tf.keras.losses.MeanSquaredError(),
        tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.9),
        Y_REGRESSION,
    )


def mse_sgd_nesterov(tf):
    return train(
        tf,
        mlp(tf, 1, hidden_activation="relu"),
        tf.keras.losses.MeanSquaredError(),
        tf.keras.optimizers.SGD(learning_rate=0.05, momentum=0.8, nesterov=True),
        Y_REGRESSION,
    )


def sparse_ce_logits_adam(tf):
    return train(
        tf,
        mlp(tf, 3, hidden_activation="relu"),
        tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        tf.keras.optimizers.Adam(learning_rate=0.05),
        Y_CLASSES,
    )


def sparse_ce_softmax_rmsprop(tf):
    # The softmax output carries its logits: Keras computes the loss from them.
    return train(
        tf,
        mlp(tf, 3, out_activation="softmax"),
        tf.keras.losses.SparseCategoricalCrossentropy(),
        tf.keras.optimizers.RMSprop(learning_rate=0.02),
        Y_CLASSES,
    )


def sparse_ce_probabilities_adam_amsgrad(tf):
    # Probabilities from tf.nn.softmax carry no logits: Keras clips them and takes the log.
    model = mlp(tf, 3, hidden_activation="elu")
    loss = tf.keras.losses.SparseCategoricalCrossentropy()
    return train(
        tf,
        model,
        lambda y, logits: loss(y, tf.nn.softmax(logits)),
        tf.keras.optimizers.Adam(learning_rate=0.03, amsgrad=True),
        Y_CLASSES,
    )


def binary_ce_logits_rmsprop_momentum_centered(tf):
    return train(
        tf,
        mlp(tf, 1, hidden_activation="sigmoid"),
        tf.keras.losses.BinaryCrossentropy(from_logits=True),
        tf.keras.optimizers.RMSprop(learning_rate=0.01, momentum=0.5, centered=True),
        Y_BINARY,
    )


def binary_ce_sigmoid_layer_adam(tf):
    # Dense(activation='sigmoid') tags its output with the logits: no clipping happens.
    return train(
        tf,
        mlp(tf, 1, out_activation="sigmoid"),
        tf.keras.losses.BinaryCrossentropy(),
        tf.keras.optimizers.Adam(learning_rate=0.05, beta_1=0.8, beta_2=0.99, epsilon=1e-3),
        Y_BINARY,
    )


def binary_ce_smoothing_sgd(tf):
    model = mlp(tf, 1, hidden_activation="selu")
    loss = tf.keras.losses.BinaryCrossentropy(label_smoothing=0.1)
    return train(
        tf,
        model,
        lambda y, logits: loss(y, tf.sigmoid(logits)),
        tf.keras.optimizers.SGD(learning_rate=0.2),
        Y_BINARY,
    )


def function_forms_sgd(tf):
    """The function forms, averaged by hand."""
    model = mlp(tf, 1, hidden_activation="softplus")

    def loss(y, prediction):
        return tf.reduce_mean(tf.keras.losses.mse(y, prediction)) + tf.reduce_mean(
            tf.keras.losses.binary_crossentropy(y, prediction, from_logits=True)
        )

    return train(tf, model, loss, tf.keras.optimizers.SGD(learning_rate=0.1), Y_BINARY)


def gelu_sparse_function_form(tf):
    model = mlp(tf, 3, hidden_activation="gelu")

    def loss(y, logits):
        return tf.reduce_mean(
            tf.keras.losses.sparse_categorical_crossentropy(y, logits, from_logits=True)
        )

    return train(tf, model, loss, tf.keras.optimizers.SGD(learning_rate=0.3), Y_CLASSES)


def clipnorm_sgd(tf):
    return train(
        tf,
        mlp(tf, 1),
        tf.keras.losses.MeanSquaredError(),
        tf.keras.optimizers.SGD(learning_rate=0.5, clipnorm=0.2),
        Y_REGRESSION,
    )


def global_clipnorm_adam(tf):
    return train(
        tf,
        mlp(tf, 1),
        tf.keras.losses.MeanSquaredError(),
        tf.keras.optimizers.Adam(learning_rate=0.05, global_clipnorm=0.3),
        Y_REGRESSION,
    )


def clipvalue_weight_decay_sgd(tf):
    return train(
        tf,
        mlp(tf, 1),
        tf.keras.losses.MeanSquaredError(),
        tf.keras.optimizers.SGD(learning_rate=0.3, clipvalue=0.1, weight_decay=0.05),
        Y_REGRESSION,
    )


def _gather_training(tf, optimizer):
    """An embedding table trained through tf.gather: IndexedSlices gradients, a repeated row."""
    table = tf.Variable([[0.5, -0.2], [0.1, 0.4], [-0.3, 0.8], [0.7, 0.0]], name="table")
    ids = tf.constant([2, 0, 2])
    targets = tf.constant([[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]])
    losses = []
    for _ in range(STEPS):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.gather(table, ids) - targets))
        grad = tape.gradient(loss, table)
        optimizer.apply_gradients([(grad, table)])
        losses.append(float(loss))
    return _result(losses, [table])


def gather_sgd_momentum(tf):
    return _gather_training(tf, tf.keras.optimizers.SGD(learning_rate=0.5, momentum=0.5))


def gather_adam(tf):
    return _gather_training(tf, tf.keras.optimizers.Adam(learning_rate=0.1))


def gather_rmsprop(tf):
    return _gather_training(tf, tf.keras.optimizers.RMSprop(learning_rate=0.05))


def gather_sgd(tf):
    return _gather_training(tf, tf.keras.optimizers.SGD(learning_rate=0.5))


def gather_sgd_nesterov(tf):
    return _gather_training(
        tf, tf.keras.optimizers.SGD(learning_rate=0.3, momentum=0.6, nesterov=True)
    )


def gather_rmsprop_momentum_centered(tf):
    return _gather_training(
        tf, tf.keras.optimizers.RMSprop(learning_rate=0.02, momentum=0.4, centered=True)
    )


def gather_adam_amsgrad(tf):
    return _gather_training(tf, tf.keras.optimizers.Adam(learning_rate=0.1, amsgrad=True))


def none_gradient_skipped(tf):
    """A variable the loss does not use gets None: Keras warns and updates the others."""
    used = tf.Variable([1.0, -2.0], name="used")
    unused = tf.Variable([3.0], name="unused")
    optimizer = tf.keras.optimizers.Adam(learning_rate=0.1)
    losses = []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(STEPS):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.square(used))
            grads = tape.gradient(loss, [used, unused])
            optimizer.apply_gradients(zip(grads, [used, unused]))
            losses.append(float(loss))
    result = _result(losses, [used, unused])
    result["warnings"] = sum(
        "Gradients do not exist for variables" in str(w.message) for w in caught
    )
    result["iterations"] = int(optimizer.iterations.numpy())
    return result


SCENARIOS = {
    fn.__name__: fn
    for fn in (
        mse_sgd,
        mse_sgd_momentum,
        mse_sgd_nesterov,
        sparse_ce_logits_adam,
        sparse_ce_softmax_rmsprop,
        sparse_ce_probabilities_adam_amsgrad,
        binary_ce_logits_rmsprop_momentum_centered,
        binary_ce_sigmoid_layer_adam,
        binary_ce_smoothing_sgd,
        function_forms_sgd,
        gelu_sparse_function_form,
        clipnorm_sgd,
        global_clipnorm_adam,
        clipvalue_weight_decay_sgd,
        gather_sgd,
        gather_sgd_momentum,
        gather_sgd_nesterov,
        gather_adam,
        gather_adam_amsgrad,
        gather_rmsprop,
        gather_rmsprop_momentum_centered,
        none_gradient_skipped,
    )
}


if __name__ == "__main__":  # prints the expected values from real TensorFlow
    import pprint

    import tensorflow  # the reference; only ever imported when run as a script

    expected = {name: scenario(tensorflow) for name, scenario in SCENARIOS.items()}
    pprint.pprint(expected, width=100, sort_dicts=False)
