"""Keras 3's normalization layers as TF 2.21 runs them: BatchNormalization in training and
inference (moving statistics after a few training calls, momentum, epsilon, center/scale,
axis), LayerNormalization, GroupNormalization and the Normalization preprocessing layer
(adapt, given mean/variance, invert); values, gradients, weights, configs and errors."""

L = "tf.keras.layers."
X4 = "x = c(np.linspace(-1.0, 2.0, 2 * 3 * 3 * 4).reshape(2, 3, 3, 4).astype('float32') ** 2)\n"
X2 = "x = c([[1.0, -2.0, 3.0, 0.5], [0.0, 4.0, -1.0, 2.0], [2.5, 1.0, 0.0, -3.0]])\n"
SET = (
    "l.build(x.shape)\nl.set_weights([np.linspace(0.5, 1.5, w.size).reshape(w.shape)"
    ".astype('float32') for w in l.get_weights()])\n"
)
GRAD = (
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = l(x{call})\n"
    "    loss = tf.reduce_sum(y * tf.cos(tf.reshape(tf.range(tf.size(y), dtype=y.dtype), y.shape)))\n"
    "tape.gradient(loss, [x] + l.trainable_variables)"
)


def layer_cases(make, x, call=""):
    setup = x + f"l = {L}{make}\n" + SET
    return [
        setup + f"l(x{call})",
        setup + GRAD.format(call=call),
        setup + f"(l(x{call}).shape, l.compute_output_shape(x.shape))",
        setup + "[(v.path, tuple(v.shape), v.trainable) for v in l.weights]",
    ]


BATCH_NORM = [
    case
    for make, x, call in [
        ("BatchNormalization()", X4, ""),
        ("BatchNormalization()", X4, ", training=True"),
        ("BatchNormalization()", X2, ", training=True"),
        ("BatchNormalization(momentum=0.5, epsilon=0.1)", X2, ", training=True"),
        ("BatchNormalization(center=False)", X2, ", training=True"),
        ("BatchNormalization(scale=False)", X4, ", training=True"),
        ("BatchNormalization(axis=1)", X4, ", training=True"),
        ("BatchNormalization(axis=1)", X4, ", training=False"),
    ]
    for case in layer_cases(make, x, call)
]

MOVING = [
    x + f"l = {L}{make}\n" + f"for _ in range({n}):\n    y = l(x, training=True)\n"
    "(l.moving_mean.numpy(), l.moving_variance.numpy(), l(x), l(x, training=False))"
    for make, x, n in [
        ("BatchNormalization()", X2, 3),
        ("BatchNormalization(momentum=0.5)", X4, 4),
        ("BatchNormalization(momentum=0.9, axis=1)", X4, 2),
        ("BatchNormalization(momentum=0.0, epsilon=1e-5)", X2, 1),
    ]
] + [
    X2 + f"l = {L}BatchNormalization()\nl.trainable = False\ny = l(x, training=True)\n"
    "(l.moving_mean.numpy(), y)",
    X2 + f"l = {L}BatchNormalization()\ny = l(x)\n(l.moving_mean.numpy(), y)",
    X2 + f"l = {L}BatchNormalization()\nl.build(x.shape)\n"
    "([v.name for v in l.trainable_variables], [v.name for v in l.non_trainable_variables])",
    X2 + f"m = tf.keras.Sequential([{L}Dense(3, kernel_initializer='ones'), "
    f"{L}BatchNormalization(momentum=0.8), {L}ReLU()])\n"
    "for _ in range(2):\n    y = m(x, training=True)\n"
    "([v.path for v in m.weights], m.layers[1].moving_variance.numpy(), m(x))",
]

LAYER_NORM = [
    case
    for make, x in [
        ("LayerNormalization()", X2),
        ("LayerNormalization()", X4),
        ("LayerNormalization(axis=[1, 2, 3], epsilon=0.01)", X4),
        ("LayerNormalization(axis=1, center=False)", X4),
        ("LayerNormalization(scale=False)", X2),
        ("GroupNormalization(2)", X4),
        ("GroupNormalization(groups=4, epsilon=0.1)", X2),
        ("GroupNormalization(-1, center=False)", X4),
        ("GroupNormalization(1, scale=False)", X4),
    ]
    for case in layer_cases(make, x)
]

PREPROCESSING = [
    X2 + f"l = {L}Normalization()\nl.adapt(x)\n(l(x), l.mean, l.variance)",
    X2 + f"l = {L}Normalization()\nl.adapt(x.numpy())\nl(c([[0.0, 0.0, 0.0, 0.0]]))",
    X2 + f"l = {L}Normalization(axis=None)\nl.adapt(x)\nl(x)",
    X4 + f"l = {L}Normalization(axis=(1, 3))\nl.adapt(x)\n(l(x), l.mean.shape)",
    X2 + f"l = {L}Normalization(mean=2.0, variance=4.0)\nl(x)",
    X2 + f"l = {L}Normalization(mean=[1.0, 2.0, 3.0, 4.0], variance=[1.0, 4.0, 9.0, 16.0])\nl(x)",
    X2 + f"l = {L}Normalization(mean=2.0, variance=4.0, invert=True)\nl(x)",
    X2 + f"l = {L}Normalization()\nl.adapt(x)\nli = {L}Normalization(invert=True)\n"
    "li.adapt(x)\nli(l(x))",
    X2
    + f"l = {L}Normalization()\nl.adapt(x)\n[(v.path, tuple(v.shape), v.dtype) for v in l.weights]",
    X2 + f"l = {L}Normalization()\nl.adapt([x[:2], x[2:]])\n(l.mean, l.variance, l(x))",
    X2 + f"l = {L}Normalization(axis=None)\nl.adapt(iter([x.numpy(), x.numpy() * 2.0]))\n"
    "(l.mean, l.variance)",
    f"{L}Normalization().adapt([])",
    f"{L}Normalization().adapt([[1.0, 2.0]])",
    f"{L}Normalization().adapt(3.0)",
    f"l = {L}Normalization()\nl.adapt([np.ones((2, 3)), np.ones((2, 4))])",
    X2 + f"l = {L}Normalization(mean=2.0, variance=4.0)\n"
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = tf.reduce_sum(l(x) ** 2)\n"
    "tape.gradient(y, x)",
]

CONFIGS = [
    f"l = {L}{make}\n"
    "sorted((k, v) for k, v in l.get_config().items() if not k.endswith('initializer'))"
    for make in [
        "BatchNormalization()",
        "BatchNormalization(axis=1, momentum=0.9, epsilon=1e-5, center=False)",
        "LayerNormalization()",
        "LayerNormalization(axis=[1, 2], epsilon=0.01, scale=False)",
        "GroupNormalization(4)",
        "Normalization(mean=2.0, variance=4.0, invert=True)",
    ]
] + [
    f"l = {L}BatchNormalization()\n"
    "sorted((k, v['class_name']) for k, v in l.get_config().items() if k.endswith('initializer'))",
    f"[{L}BatchNormalization().name, {L}BatchNormalization().name, {L}LayerNormalization().name, "
    f"{L}GroupNormalization().name, {L}Normalization().name]",
]

ERRORS = [
    f"{L}BatchNormalization()(tf.ones((2, 3, 4)))\n{L}BatchNormalization()(tf.ones((2, 3)))",
    f"l = {L}BatchNormalization()\nl(tf.ones((2, 3)))\nl(tf.ones((2, 3, 4)))",
    f"l = {L}BatchNormalization()\nl(tf.ones((2, 3)))\nl(tf.ones((2, 4)))",
    f"{L}GroupNormalization(3)(tf.ones((2, 4)))",
    f"{L}GroupNormalization(8)(tf.ones((2, 4)))",
    f"{L}GroupNormalization(0)",
    f"{L}LayerNormalization(axis='a')",
    f"{L}Normalization(mean=1.0)",
    f"{L}Normalization(mean=[1.0, 2.0], variance=[1.0])",
    f"{L}Normalization()(tf.ones((2, 3)))",
    f"{L}Normalization(axis=3).build((2, 3))",
    f"l = {L}Normalization()\nl.adapt(np.ones((4, 3)))\nl.adapt(np.ones((4, 2)))",
    f"{L}BatchNormalization(axis=3).compute_output_shape((2, 3))",
]

# Second derivatives: tf.nn.moments' stop_gradient(mean) makes them TF's own, not the function's.
SECOND_ORDER = [
    x + f"l = {L}{make}\n" + SET + "with tf.GradientTape() as outer:\n    outer.watch(x)\n"
    "    with tf.GradientTape() as inner:\n        inner.watch(x)\n"
    f"        y = tf.reduce_sum(l(x{call}) * tf.reshape(tf.range(1.0, 13.0), (3, 4)))\n"
    "    g = inner.gradient(y, x)\n    h = tf.reduce_sum(g * g)\nouter.gradient(h, x)"
    for make, x, call in [
        ("BatchNormalization()", X2, ", training=True"),
        ("BatchNormalization()", X2, ""),
        ("LayerNormalization()", X2, ""),
        ("GroupNormalization(2)", X2, ""),
    ]
]

MASKED = [
    "x = c(np.linspace(-1.0, 2.0, 2 * 3 * 2).reshape(2, 3, 2).astype('float32'))\n"
    f"l = {L}BatchNormalization(momentum=0.5)\n"
    "y = l(x, training=True, mask=c([[True, False, True], [True, True, False]]))\n"
    "(y, l.moving_mean.numpy(), l.moving_variance.numpy())",
]

# An MLP with BatchNormalization and Dropout trained by tape + SGD (dropout at rate 0.0 and in
# inference, where TF's masks and the engine's agree): losses, weights, moving statistics.
TRAINING = [
    X2 + "t = c([[1.0], [0.0], [1.0]])\n"
    f"m = tf.keras.Sequential([{L}Dense(3, activation='relu'), {L}BatchNormalization(), "
    f"{L}Dropout(0.0), {L}Dense(1, activation='sigmoid')])\nm.build(x.shape)\n"
    "m.set_weights([np.linspace(-0.4, 0.6, w.size).reshape(w.shape).astype('float32') + "
    "(1.0 if 'variance' in v.path else 0.0) for w, v in zip(m.get_weights(), m.weights)])\n"
    "opt = tf.keras.optimizers.SGD(0.5, momentum=0.9)\n"
    "bce = tf.keras.losses.BinaryCrossentropy()\nlosses = []\n"
    "for _ in range(4):\n    with tf.GradientTape() as tape:\n"
    "        loss = bce(t, m(x, training=True))\n"
    "    opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), "
    "m.trainable_variables))\n    losses.append(float(loss))\n"
    "(losses, [v.numpy() for v in m.weights], m(x, training=False))",
    X4 + f"m = tf.keras.Sequential([{L}Conv2D(2, 2), {L}GroupNormalization(2), "
    f"{L}LayerNormalization(), {L}GlobalMaxPooling2D()])\nm.build(x.shape)\n"
    "m.set_weights([np.linspace(-0.4, 0.6, w.size).reshape(w.shape).astype('float32') "
    "for w in m.get_weights()])\nopt = tf.keras.optimizers.SGD(0.1)\n"
    "for _ in range(2):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_sum(m(x) ** 2)\n"
    "    opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), "
    "m.trainable_variables))\n(float(loss), m.get_weights())",
]

CASES = (
    MASKED
    + TRAINING
    + SECOND_ORDER
    + BATCH_NORM
    + MOVING
    + LAYER_NORM
    + PREPROCESSING
    + CONFIGS
    + ERRORS
)
