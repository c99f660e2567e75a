"""Keras 3's convolution, pooling and spatial reshaping layers as TF 2.21 runs them: values,
gradients with respect to inputs and weights (weights set from fixed arrays after build),
output shapes, weight paths and shapes, configs and Keras's errors."""

L = "tf.keras.layers."
X4 = "x = c(np.linspace(-1.0, 1.0, 2 * 5 * 5 * 3).reshape(2, 5, 5, 3).astype('float32'))\n"
X3 = "x = c(np.linspace(-1.0, 1.0, 2 * 7 * 3).reshape(2, 7, 3).astype('float32'))\n"
# Weights from fixed arrays, the same in TF and the engine (initializer streams differ).
SET = (
    "l.build(x.shape)\nl.set_weights([np.linspace(-0.6, 0.8, w.size).reshape(w.shape)"
    ".astype('float32') for w in l.get_weights()])\n"
)
GRAD = (
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = l(x)\n"
    "    loss = tf.reduce_sum(y * y)\n"
    "tape.gradient(loss, [x] + l.trainable_variables)"
)


def layer_cases(make, x=X4, weights=True):
    """Forward, gradients, shapes and weights of the layer `make` builds."""
    setup = x + f"l = {L}{make}\n" + (SET if weights else "")
    cases = [setup + "l(x)", setup + GRAD, setup + "(l(x).shape, l.compute_output_shape(x.shape))"]
    if weights:
        cases.append(setup + "[(v.path, tuple(v.shape), v.trainable) for v in l.weights]")
    return cases


CONV = [
    case
    for make in [
        "Conv2D(4, 3)",
        "Conv2D(2, (2, 3), strides=2, padding='same', activation='relu')",
        "Conv2D(3, 3, dilation_rate=2, padding='same')",
        "Conv2D(6, 3, groups=3, use_bias=False)",
        "Conv2D(1, 1)",
        "Conv2D(4, 2, strides=(2, 1), padding='valid', activation='tanh')",
        "Conv1D(4, 3)",
        "Conv1D(2, 2, strides=2, padding='same', activation='sigmoid')",
        "Conv1D(3, 3, padding='causal', dilation_rate=2)",
        "Conv2DTranspose(4, 3, strides=2)",
        "Conv2DTranspose(2, 2, strides=2, padding='same', use_bias=False)",
        "Conv2DTranspose(3, 3, strides=2, padding='same', output_padding=1)",
        "DepthwiseConv2D(3)",
        "DepthwiseConv2D(2, depth_multiplier=2, padding='same', strides=2)",
        "SeparableConv2D(4, 3)",
        "SeparableConv2D(2, 2, depth_multiplier=2, padding='same', activation='relu')",
        "DepthwiseConv2D(3, strides=2, dilation_rate=2, padding='same')",
        "SeparableConv2D(3, 2, strides=2, dilation_rate=2)",
    ]
    for case in layer_cases(make, X3 if make.startswith("Conv1D") else X4)
]

POOLING = [
    case
    for make in [
        "MaxPooling2D()",
        "MaxPooling2D(pool_size=3, strides=1, padding='same')",
        "AveragePooling2D(2)",
        "AveragePooling2D((2, 3), strides=(1, 2), padding='same')",
        "MaxPooling1D()",
        "MaxPooling1D(3, strides=2, padding='same')",
        "AveragePooling1D(2)",
        "AveragePooling1D(3, strides=1, padding='same')",
        "GlobalAveragePooling2D()",
        "GlobalAveragePooling2D(keepdims=True)",
        "GlobalMaxPooling2D()",
        "GlobalMaxPooling2D(keepdims=True)",
        "GlobalAveragePooling1D()",
        "GlobalMaxPooling1D(keepdims=True)",
    ]
    for case in layer_cases(make, X3 if "1D" in make else X4, weights=False)
]

SPATIAL = [
    case
    for make in [
        "UpSampling2D()",
        "UpSampling2D((2, 3))",
        "UpSampling2D(interpolation='bilinear')",
        "ZeroPadding2D()",
        "ZeroPadding2D(((1, 0), (2, 1)))",
        "Cropping2D(1)",
        "Cropping2D(((1, 0), (0, 2)))",
    ]
    for case in layer_cases(make, weights=False)
]

CONFIGS = [
    f"l = {L}{make}\n"
    "sorted((k, v) for k, v in l.get_config().items() if not k.endswith('initializer'))"
    for make in [
        "Conv2D(4, 3)",
        "Conv2D(2, (2, 3), strides=2, padding='same', activation='relu', name='c')",
        "Conv1D(3, 3, padding='causal', dilation_rate=2)",
        "Conv2DTranspose(3, 3, strides=2, padding='same', output_padding=1)",
        "DepthwiseConv2D(2, depth_multiplier=2)",
        "SeparableConv2D(2, 2, activation='relu')",
        "MaxPooling2D()",
        "AveragePooling1D(3, strides=1, padding='same')",
        "GlobalMaxPooling2D(keepdims=True)",
        "UpSampling2D(interpolation='bilinear')",
        "ZeroPadding2D(((1, 0), (2, 1)))",
        "Cropping2D(1)",
    ]
] + [
    f"l = {L}Conv2D(2, 3, kernel_initializer='zeros', bias_initializer='ones')\n"
    "(l.get_config()['kernel_initializer'], l.get_config()['bias_initializer'])",
]

NAMES = [
    f"[{L}Conv2D(1, 1).name, {L}Conv2D(1, 1).name, {L}MaxPooling2D().name, "
    f"{L}Conv2DTranspose(1, 1).name, {L}DepthwiseConv2D(1).name, {L}SeparableConv2D(1, 1).name, "
    f"{L}GlobalAveragePooling2D().name, {L}UpSampling2D().name, {L}ZeroPadding2D().name]",
    f"l = {L}Conv2D(2, 3)\n(l.built, {L}MaxPooling2D().built, {L}GlobalMaxPooling1D().built)",
    X4 + f"l = {L}Conv2D(2, 3, kernel_initializer='ones')\ny = l(x)\n"
    "(l.built, l.kernel.shape, l.bias.numpy(), l.kernel.path)",
    f"l = {L}Conv2D(2, 3)\nl.kernel",
]

ERRORS = [
    f"{L}Conv2D(2, 3)(tf.ones((2, 5, 5)))",
    f"{L}Conv1D(2, 3)(tf.ones((2, 5)))",
    f"{L}DepthwiseConv2D(3)(tf.ones((5, 5, 3)))",
    f"{L}SeparableConv2D(2, 3)(tf.ones((5, 5, 3)))",
    f"{L}Conv2DTranspose(2, 3)(tf.ones((5, 5, 3)))",
    f"{L}MaxPooling2D()(tf.ones((2, 5, 5)))",
    f"{L}AveragePooling1D(2)(tf.ones((2, 5, 5, 1)))",
    f"{L}GlobalAveragePooling2D()(tf.ones((2, 5, 5)))",
    f"{L}GlobalMaxPooling1D()(tf.ones((2, 5)))",
    f"{L}UpSampling2D()(tf.ones((2, 5, 5)))",
    f"{L}ZeroPadding2D()(tf.ones((2, 5, 5)))",
    f"{L}Cropping2D(1)(tf.ones((2, 5, 5)))",
    f"l = {L}Conv2D(2, 3)\nl(tf.ones((1, 5, 5, 3)))\nl(tf.ones((1, 5, 5, 4)))",
    f"{L}Conv2D(0, 3)",
    f"{L}Conv2D(4, 3, groups=3)",
    f"{L}Conv2D(4, 3, groups=2)(tf.ones((1, 5, 5, 3)))",
    f"{L}Conv2D(2, (3, 3, 3))",
    f"{L}Conv2D(2, 0)",
    f"{L}Conv2D(2, 3, strides=2, dilation_rate=2)",
    f"{L}Conv2D(2, 3, data_format='channels_middle')",
    f"{L}Conv2D(2, 7)(tf.ones((1, 5, 5, 1)))",
    f"{L}Conv2DTranspose(2, 3, strides=2, output_padding=2)",
    f"{L}DepthwiseConv2D(3, depth_multiplier=0)",
    f"{L}MaxPooling2D(pool_size=(2, 2, 2))",
    f"{L}ZeroPadding2D((1, 2, 3))",
    f"{L}Cropping2D(-1)",
    f"{L}AveragePooling2D()",
    f"{L}AveragePooling1D()",
    f"{L}Cropping2D(3).compute_output_shape((1, 5, 5, 1))",
]

# A small CNN block, as in TF's image-classification tutorials.
MODELS = [
    X4
    + "m = tf.keras.Sequential(["
    + L
    + "Conv2D(4, 3, padding='same', activation='relu'), "
    + L
    + "MaxPooling2D(), "
    + L
    + "Conv2D(2, 2, activation='relu'), "
    + L
    + "GlobalAveragePooling2D()])\nm.build(x.shape)\n"
    "m.set_weights([np.linspace(-0.5, 0.5, w.size).reshape(w.shape).astype('float32') "
    "for w in m.get_weights()])\n"
    "with tf.GradientTape() as tape:\n    loss = tf.reduce_mean(m(x) ** 2)\n"
    "(loss, tape.gradient(loss, m.trainable_variables), [v.path for v in m.weights])",
]

MASKS = [
    X3 + f"l = {L}GlobalAveragePooling1D()\n"
    "m = c([[True, False, True, True, False, True, True], [True] * 3 + [False] * 4])\n"
    "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = l(x, mask=m)\n"
    "(y, tape.gradient(tf.reduce_sum(y * y), x))",
    X3 + f"l = {L}GlobalAveragePooling1D(keepdims=True)\n"
    "l(x, mask=c([[1, 0, 1, 1, 0, 1, 1], [1, 1, 1, 0, 0, 0, 0]]))",
]

# Training a small CNN with tape + SGD, as in TF's "custom training loop" guides: losses and
# final weights after three steps.
TRAINING = [
    X4 + "t = c([[1.0, 0.0], [0.0, 1.0]])\n"
    "m = tf.keras.Sequential(["
    + L
    + "Conv2D(3, 3, padding='same', activation='relu'), "
    + L
    + "MaxPooling2D(), "
    + L
    + "Flatten(), "
    + L
    + "Dense(2)])\nm.build(x.shape)\n"
    "m.set_weights([np.linspace(-0.3, 0.3, w.size).reshape(w.shape).astype('float32') "
    "for w in m.get_weights()])\n"
    "opt = tf.keras.optimizers.SGD(0.1)\nlosses = []\n"
    "for _ in range(3):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean((m(x) - t) ** 2)\n"
    "    opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), "
    "m.trainable_variables))\n    losses.append(float(loss))\n"
    "(losses, m.get_weights())",
    X3
    + "m = tf.keras.Sequential(["
    + L
    + "Conv1D(4, 3, padding='causal', activation='tanh'), "
    + L
    + "GlobalAveragePooling1D(), "
    + L
    + "Dense(1)])\nm.build(x.shape)\n"
    "m.set_weights([np.linspace(-0.5, 0.5, w.size).reshape(w.shape).astype('float32') "
    "for w in m.get_weights()])\n"
    "opt = tf.keras.optimizers.Adam(0.05)\nlosses = []\n"
    "for _ in range(3):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean((m(x) - c([[1.0], [-1.0]])) ** 2)\n"
    "    opt.apply_gradients(zip(tape.gradient(loss, m.trainable_variables), "
    "m.trainable_variables))\n    losses.append(float(loss))\n"
    "(losses, m.get_weights())",
]

XCF = "x = c(np.linspace(-1.0, 1.0, 2 * 3 * 4 * 5).reshape(2, 3, 4, 5).astype('float32'))\n"
CHANNELS_FIRST = [
    XCF + f"l = {L}{make}\n" + SET + "(l(x), l.compute_output_shape(x.shape))"
    for make in [
        "MaxPooling2D(data_format='channels_first')",
        "AveragePooling2D(2, strides=1, data_format='channels_first')",
        "GlobalAveragePooling2D(data_format='channels_first', keepdims=True)",
        "GlobalMaxPooling2D(data_format='channels_first')",
        "UpSampling2D(data_format='channels_first')",
        "UpSampling2D(data_format='channels_first', interpolation='bilinear')",
        "ZeroPadding2D(((1, 0), (0, 2)), data_format='channels_first')",
        "Cropping2D(((1, 0), (0, 2)), data_format='channels_first')",
        "Conv1D(2, 2, data_format='channels_first')",
        "MaxPooling1D(data_format='channels_first')",
        "GlobalAveragePooling1D(data_format='channels_first')",
    ]
]

FLOAT64 = [
    X4 + f"l = {L}{make}\n" + "y = l(x)\n(y.dtype, [v.dtype for v in l.weights], y)"
    for make in [
        "Conv2D(2, 3, kernel_initializer='ones', dtype='float64')",
        "DepthwiseConv2D(2, depthwise_initializer='ones', dtype='float64')",
        "MaxPooling2D(dtype='float64')",
    ]
] + [
    f"{L}Conv2D(2, 3, kernel_initializer='ones')(c(np.ones((1, 4, 4, 1), np.float64)))",
    f"{L}Conv2D(2, 3, kernel_initializer='ones')(np.ones((1, 4, 4, 1)))",
    f"{L}MaxPooling2D()(c(np.ones((1, 4, 4, 1), np.int32)))",
]

CASES = (
    CHANNELS_FIRST
    + FLOAT64
    + MASKS
    + TRAINING
    + CONV
    + POOLING
    + SPATIAL
    + CONFIGS
    + NAMES
    + ERRORS
    + MODELS
)
