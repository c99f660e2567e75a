"""Keras 3's activation, merging, core and reshaping layers as TF 2.21 runs them (ReLU,
LeakyReLU, ELU, PReLU, Softmax, Activation, Dropout, Lambda, Reshape, Permute, RepeatVector,
Add ... Dot, Rescaling, CategoryEncoding): values, gradients, shapes, configs and errors."""

L = "tf.keras.layers."
X = "x = c(np.linspace(-2.0, 2.0, 2 * 3 * 4).reshape(2, 3, 4).astype('float32'))\n"
X2 = "x = c([[1.0, -2.0, 3.0], [0.5, 4.0, -1.0]])\n"
Y2 = "y = c([[2.0, 1.0, -1.0], [3.0, 0.5, 2.0]])\n"
SET = (
    "l.build(x.shape)\nl.set_weights([np.linspace(-0.6, 0.8, w.size).reshape(w.shape)"
    ".astype('float32') for w in l.get_weights()])\n"
)
GRAD = (
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    out = l(x{call})\n"
    "    loss = tf.reduce_sum(out * out)\n"
    "tape.gradient(loss, [x] + l.trainable_variables)"
)


def layer_cases(make, x=X, call="", weights=False):
    setup = x + f"l = {L}{make}\n" + (SET if weights else "")
    cases = [
        setup + f"l(x{call})",
        setup + GRAD.format(call=call),
        setup + f"(l(x{call}).shape, l.compute_output_shape(x.shape))",
    ]
    if weights:
        cases.append(setup + "[(v.path, tuple(v.shape), v.trainable) for v in l.weights]")
    return cases


ACTIVATIONS = [
    case
    for make, weights in [
        ("ReLU()", False),
        ("ReLU(max_value=1.0)", False),
        ("ReLU(max_value=6.0)", False),
        ("ReLU(negative_slope=0.1)", False),
        ("ReLU(max_value=1.5, negative_slope=0.2, threshold=0.5)", False),
        ("LeakyReLU()", False),
        ("LeakyReLU(negative_slope=0.05)", False),
        ("ELU()", False),
        ("ELU(alpha=0.5)", False),
        ("PReLU()", True),
        ("PReLU(shared_axes=[1])", True),
        ("Softmax()", False),
        ("Softmax(axis=1)", False),
        ("Softmax(axis=[1, 2])", False),
        ("Activation('tanh')", False),
        ("Activation('softplus')", False),
        ("Activation(tf.nn.gelu)", False),
    ]
    for case in layer_cases(make, weights=weights)
] + [
    X + f"l = {L}Softmax()\nl(x, mask=c([[True, False, True, True], [True, True, False, True], "
    "[False, True, True, True]]))",
    X + f"l = {L}PReLU(alpha_initializer=tf.keras.initializers.Constant(0.25))\nl(x)",
]

CORE = [
    X + f"l = {L}Dropout(0.5)\nl(x)",
    X + f"l = {L}Dropout(0.5)\nl(x, training=False)",
    X + f"l = {L}Dropout(0.0)\nl(x, training=True)",
    X + f"l = {L}Dropout(0.5, seed=1)\nout = l(x, training=True)\n"
    "(out.shape, out.dtype, bool(tf.reduce_all((out == 0) | (tf.abs(out - 2 * x) < 1e-6))))",
    X + f"l = {L}Dropout(1.0)\nl(x, training=True)",
    X + f"m = tf.keras.Sequential([{L}Dense(2, kernel_initializer='ones'), {L}Dropout(0.3)])\n"
    "(m(x), m(x, training=False))",
    X + f"l = {L}Lambda(lambda t: t * 2.0 + 1.0)\nl(x)",
    X + f"l = {L}Lambda(lambda t, training=None: t * (2.0 if training else 1.0))\n"
    "(l(x, training=True), l(x))",
    X + f"l = {L}Lambda(tf.reduce_sum, arguments={{'axis': 1}})\nl(x)",
    X + f"l = {L}Lambda(lambda t: t ** 2)\n"
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = tf.reduce_sum(l(x))\ntape.gradient(y, x)",
    X
    + f"l = {L}Lambda(lambda t: t[:, 0], output_shape=(4,))\n(l(x).shape, l.compute_output_shape((2, 3, 4)))",
]

RESHAPING = [
    case
    for make, x in [
        ("Reshape((4, 3))", X),
        ("Reshape((-1, 2))", X),
        ("Reshape((12,))", X),
        ("Permute((2, 1))", X),
        ("RepeatVector(3)", X2),
        ("Flatten()", X),
    ]
    for case in layer_cases(make, x)
]

MERGE_SETUP = X2 + Y2 + "z = c([[1.0, 1.0, 2.0], [0.0, -1.0, 1.0]])\n"
MERGING = [
    MERGE_SETUP + f"l = {L}{make}\n" + body
    for make in [
        "Add()",
        "Subtract()",
        "Multiply()",
        "Average()",
        "Maximum()",
        "Minimum()",
        "Concatenate()",
        "Concatenate(axis=0)",
        "Dot(axes=1)",
        "Dot(axes=1, normalize=True)",
    ]
    for body in [
        "l([x, y])",
        "with tf.GradientTape() as tape:\n    tape.watch([x, y])\n"
        "    out = l([x, y])\n    loss = tf.reduce_sum(out * out)\ntape.gradient(loss, [x, y])",
        "l.compute_output_shape([tuple(x.shape), tuple(y.shape)])",
    ]
] + [
    MERGE_SETUP + f"{L}Add()([x, y, z])",
    MERGE_SETUP + f"{L}Average()([x, y, z])",
    MERGE_SETUP + f"{L}Multiply()([x, y, z])",
    MERGE_SETUP + f"{L}Maximum()([x, y, z])",
    MERGE_SETUP + f"{L}Concatenate()([x, y, z])",
    MERGE_SETUP + f"{L}Add()([x, c([1.0, 2.0, 3.0])])",
    MERGE_SETUP + f"{L}Add()([x, c([[1.0], [2.0]])])",
    X + f"{L}Concatenate(axis=1)([x, x[:, :2]])",
    X + f"{L}Dot(axes=(2, 2))([x, x])",
    X + f"{L}Dot(axes=(1, 1))([x, x])",
    "x = c(np.linspace(-1.0, 1.0, 2 * 3 * 2 * 4).reshape(2, 3, 2, 4).astype('float32'))\n"
    f"({L}Dot(axes=(3, 3))([x, x]), {L}Dot(axes=(1, 1))([x, x]).shape)",
    X + "w = c(np.linspace(0.0, 1.0, 2 * 4 * 2 * 5).reshape(2, 4, 2, 5).astype('float32'))\n"
    f"l = {L}Dot(axes=(2, 1))\n(l([x, w]), l.compute_output_shape([(2, 3, 4), (2, 4, 2, 5)]))",
    X + "w = c(np.ones((2, 4), np.float32))\n" + f"{L}Dot(axes=(2, 1))([x, w])",
    MERGE_SETUP + f"[{L}Add().name, {L}Add().name, {L}Concatenate().name, {L}Dot(1).name]",
]

PREPROCESSING = [
    X + f"{L}Rescaling(1.0 / 255)(x)",
    X + f"{L}Rescaling(2.0, offset=-1.0)(x)",
    f"{L}Rescaling(0.5)(c([[1, 2], [3, 4]]))",
    X + f"l = {L}Rescaling(0.5, 0.25)\n"
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = tf.reduce_sum(l(x) ** 2)\ntape.gradient(y, x)",
    f"{L}CategoryEncoding(num_tokens=4, output_mode='one_hot')(c([3, 2, 0, 1]))",
    f"{L}CategoryEncoding(num_tokens=4, output_mode='multi_hot')(c([[0, 1], [0, 0], [1, 2], [3, 1]]))",
    f"{L}CategoryEncoding(num_tokens=5, output_mode='count')(c([[0, 1, 1], [3, 3, 4]]))",
    f"{L}CategoryEncoding(num_tokens=4, output_mode='count')(c([[0, 1], [2, 2]]), "
    "count_weights=c([[0.5, 1.0], [2.0, 0.25]]))",
    f"{L}CategoryEncoding(num_tokens=3, output_mode='one_hot')(c([[1], [2]]))",
    f"{L}CategoryEncoding(num_tokens=3)(c([1, 2]))",
    f"l = {L}CategoryEncoding(num_tokens=4, output_mode='one_hot')\n"
    "(l.compute_output_shape((5,)), l.compute_output_shape((5, 1)), l.compute_output_shape((5, 2)))",
]

CONFIGS = [
    f"l = {L}{make}\nsorted(l.get_config().items())"
    for make in [
        "ReLU(max_value=1.5, negative_slope=0.2, threshold=0.5)",
        "LeakyReLU(negative_slope=0.05)",
        "ELU(alpha=0.5)",
        "Softmax(axis=1)",
        "Activation('tanh')",
        "Dropout(0.3, noise_shape=(None, 1), seed=3)",
        "Reshape((4, 3))",
        "Permute((2, 1))",
        "RepeatVector(3)",
        "Concatenate(axis=0)",
        "Dot(axes=(1, 2), normalize=True)",
        "Add(name='plus')",
        "Rescaling(0.5, offset=0.25)",
        "CategoryEncoding(num_tokens=4, output_mode='count')",
    ]
] + [
    f"l = {L}PReLU(shared_axes=[1, 2])\n"
    "sorted((k, v) for k, v in l.get_config().items() if not k.endswith('initializer'))",
    f"[{L}ReLU().name, {L}LeakyReLU().name, {L}PReLU().name, {L}ELU().name, {L}Softmax().name, "
    f"{L}Activation('relu').name, {L}Dropout(0.1).name, {L}Lambda(abs).name, "
    f"{L}RepeatVector(2).name, {L}CategoryEncoding(2).name]",
]

ERRORS = [
    f"{L}ReLU(max_value=-1.0)",
    f"{L}ReLU(negative_slope=-0.1)",
    f"{L}ReLU(threshold=-1.0)",
    f"{L}LeakyReLU(negative_slope=-1.0)",
    f"{L}Dropout(1.5)",
    f"{L}Dropout(0.5, noise_shape='abc')",
    f"{L}Dropout(0.5, noise_shape=(2, 0))",
    f"{L}Permute((2, 3))",
    f"{L}Permute((2, 1))(tf.ones((2, 3)))",
    f"{L}RepeatVector(2.0)",
    f"{L}RepeatVector(0)",
    f"{L}RepeatVector(2)(tf.ones((2, 3, 4)))",
    f"{L}Reshape((-1, -1))",
    f"{L}Reshape((7,)).compute_output_shape((2, 6))",
    f"{L}Add()(tf.ones((2, 3)))",
    f"{L}Add()([tf.ones((2, 3)), tf.ones((2, 4))])",
    f"{L}Add()([tf.ones((2, 3)), tf.ones((3, 3))])",
    f"{L}Subtract()([tf.ones((2, 3)), tf.ones((2, 3)), tf.ones((2, 3))])",
    f"{L}Concatenate()([tf.ones((2, 3)), tf.ones((3, 3))])",
    f"{L}Dot(axes=1)([tf.ones((2, 3)), tf.ones((2, 4))])",
    f"{L}Dot(axes='a')",
    f"{L}Dot(axes=(1, 2, 3))",
    f"{L}Dot(axes=1)([tf.ones((2, 3))])",
    f"{L}CategoryEncoding(output_mode='one_hot')",
    f"{L}CategoryEncoding(0)",
    f"{L}CategoryEncoding(3, output_mode='tf_idf')",
    f"l = {L}PReLU(shared_axes=[1])\nl(tf.ones((2, 3, 4)))\nl(tf.ones((2, 3, 5)))",
]

CASES = ACTIVATIONS + CORE + RESHAPING + MERGING + PREPROCESSING + CONFIGS + ERRORS
