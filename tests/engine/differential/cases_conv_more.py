"""Convolutions, pooling and resizing beyond conv2d / max_pool2d / avg_pool2d: conv1d,
conv2d_transpose, conv1d_transpose, depthwise and separable convolutions, grouped conv2d, the
1-D and generic pools, tf.image.resize. Values, dtypes, shapes, gradients wrt input and filter
(first and second order), odd sizes with 'SAME' padding, strides, dilations, TF's errors.

Recorded with oneDNN off (TF's reference kernels): there, gradients of dilated or grouped
Conv2D and of a dilated conv2d_transpose are refused on CPU, while TF's default x86 build
(oneDNN on) computes them, as the engine does; so no case here differentiates those.
"""

# Inputs built from arange, so TF and the engine see the same numbers.
X1 = "x = c((np.arange(2 * 7 * 3) % 5 - 2).reshape(2, 7, 3) / 4, tf.float32)\n"
W1 = "w = c((np.arange(3 * 3 * 4) % 7 - 3).reshape(3, 3, 4) / 8, tf.float32)\n"
X2 = "x = c((np.arange(2 * 5 * 5 * 3) % 7 - 3).reshape(2, 5, 5, 3) / 4, tf.float32)\n"
W2 = "w = c((np.arange(3 * 3 * 3 * 2) % 5 - 2).reshape(3, 3, 3, 2) / 4, tf.float32)\n"
# conv2d_transpose: input [2, 3, 3, 4] (its out channels), filter [3, 3, 2, 4]
XT = "x = c((np.arange(2 * 3 * 3 * 4) % 5 - 2).reshape(2, 3, 3, 4) / 4, tf.float32)\n"
WT = "w = c((np.arange(3 * 3 * 2 * 4) % 7 - 3).reshape(3, 3, 2, 4) / 8, tf.float32)\n"
W4 = "w = c((np.arange(2 * 2 * 3 * 4) % 5 - 2).reshape(2, 2, 3, 4) / 4, tf.float32)\n"
IMG = "img = c(np.arange(2 * 4 * 5 * 2).reshape(2, 4, 5, 2) % 9, tf.float32)\n"


def grads(setup, expr, sources="[x, w]", dtype=None):
    """The gradients of sum(expr ** 2) / 2 wrt `sources`, through one tape."""
    cast = "" if dtype is None else f"x = tf.cast(x, tf.{dtype})\nw = tf.cast(w, tf.{dtype})\n"
    return (
        f"{setup}{cast}with tf.GradientTape() as t:\n    t.watch([x, w])\n"
        f"    y = {expr}\n    loss = tf.reduce_sum(y * y) / 2\nt.gradient(loss, {sources})"
    )


def grad2(setup, expr, wrt="x"):
    """d/d{wrt} of sum(d loss / d{wrt}), loss = sum(expr ** 2) / 2, in float64."""
    return (
        f"{setup}x = tf.cast(x, tf.float64)\nw = tf.cast(w, tf.float64)\n"
        f"with tf.GradientTape() as t2:\n    t2.watch([x, w])\n"
        f"    with tf.GradientTape() as t1:\n        t1.watch([x, w])\n"
        f"        y = {expr}\n        loss = tf.reduce_sum(y * y) / 2\n"
        f"    g = t1.gradient(loss, {wrt})\n    s = tf.reduce_sum(g * g)\nt2.gradient(s, [x, w])"
    )


CONV1D = [
    X1 + W1 + "tf.nn.conv1d(x, w, stride=1, padding='SAME')",
    X1 + W1 + "tf.nn.conv1d(x, w, stride=2, padding='SAME')",
    X1 + W1 + "tf.nn.conv1d(x, w, stride=2, padding='VALID')",
    X1 + W1 + "tf.nn.conv1d(x, w, stride=[1, 2, 1], padding='SAME')",
    X1 + W1 + "tf.nn.conv1d(x, w, stride=1, padding='SAME', dilations=2)",
    X1 + W1 + "tf.nn.conv1d(x, w, 3, 'VALID').shape",
    X1 + W1 + "tf.nn.conv1d(tf.stack([x, x * 2.0]), w, 1, 'SAME')",
    "tf.nn.conv1d(tf.ones([1, 5, 1], tf.int32), tf.ones([2, 1, 1], tf.int32), 1, 'VALID')",
    grads(X1 + W1, "tf.nn.conv1d(x, w, 1, 'SAME')"),
    grads(X1 + W1, "tf.nn.conv1d(x, w, 2, 'VALID')"),
    grads(X1 + W1, "tf.nn.conv1d(x, w, 2, 'SAME')", dtype="float64"),
    grad2(X1 + W1, "tf.nn.conv1d(x, w, 2, 'SAME')"),
    grad2(X1 + W1, "tf.nn.conv1d(x, w, 1, 'VALID')", wrt="w"),
    X1 + W1 + "tf.nn.conv1d(x, w, 1, 'SAME', data_format='NCW')",
    X1 + W1 + "tf.nn.conv1d(x, w, 1, 'SAME', data_format='NCHWX')",
    X1 + W1 + "tf.nn.conv1d(x, w, 1, [[0, 0], [1, 1], [0, 0]])",
    X1 + W1 + "tf.nn.conv1d(x, w, [1, 2], 'SAME')",
    X1 + "tf.nn.conv1d(x, tf.ones([3, 2, 4]), 1, 'SAME')",
    W1 + "tf.nn.conv1d(tf.ones([7, 3]), w, 1, 'SAME')",
    X1 + W1 + "tf.nn.conv1d(x, tf.cast(w, tf.float64), 1, 'SAME')",
]

GROUPED = [
    X2 + "w = c((np.arange(3 * 3 * 1 * 6) % 5 - 2).reshape(3, 3, 1, 6) / 4, tf.float32)\n"
    "tf.nn.conv2d(x, w, 1, 'SAME')",
    "x = c((np.arange(1 * 5 * 4 * 4) % 7 - 3).reshape(1, 5, 4, 4), tf.float32)\n"
    "w = c((np.arange(2 * 2 * 2 * 4) % 5 - 2).reshape(2, 2, 2, 4), tf.float32)\n"
    "tf.nn.conv2d(x, w, 2, 'VALID')",
    "x = c((np.arange(1 * 5 * 5 * 4) % 7 - 3).reshape(1, 5, 5, 4), tf.float32)\n"
    "w = c((np.arange(3 * 3 * 2 * 2) % 5 - 2).reshape(3, 3, 2, 2), tf.float32)\n"
    "tf.nn.conv2d(x, w, 1, 'SAME', dilations=2)",
    "tf.nn.conv2d(tf.ones([1, 3, 3, 4], tf.int32), tf.ones([2, 2, 2, 2], tf.int32), 1, 'SAME')",
    "tf.nn.conv2d(tf.ones([1, 5, 5, 4]), tf.ones([3, 3, 2, 5]), 1, 'SAME')",
    "tf.nn.conv2d(tf.ones([1, 5, 5, 4]), tf.ones([3, 3, 3, 6]), 1, 'SAME')",
    "tf.nn.conv2d(tf.ones([1, 4, 5, 5]), tf.ones([3, 3, 4, 6]), 1, 'SAME', data_format='NCHW')",
    "tf.nn.conv2d(tf.ones([1, 5, 5, 4]), tf.ones([3, 3, 4, 6]), 1, 'SAME', data_format='NCHW')",
]

TRANSPOSE = [
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 6, 6, 2], 2, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 5, 5, 2], 2, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 7, 7, 2], 2, 'VALID')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 8, 8, 2], 2, 'VALID')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 3, 3, 2], 1, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 5, 5, 2], 1, 'VALID')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, tf.constant([2, 6, 6, 2]), [2, 2], 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 3, 5, 2], [1, 1, 2, 1], 'SAME').shape",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 3, 3, 2], 1, [[0, 0], [1, 1], [1, 1], [0, 0]])",
    grads(XT + WT, "tf.nn.conv2d_transpose(x, w, [2, 6, 6, 2], 2, 'SAME')"),
    grads(XT + WT, "tf.nn.conv2d_transpose(x, w, [2, 7, 7, 2], 2, 'VALID')", dtype="float64"),
    grad2(XT + WT, "tf.nn.conv2d_transpose(x, w, [2, 5, 5, 2], 2, 'SAME')"),
    grad2(XT + WT, "tf.nn.conv2d_transpose(x, w, [2, 5, 5, 2], 2, 'SAME')", wrt="w"),
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 9, 9, 2], 2, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [6, 6, 2], 2, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 6, 6, 3], 2, 'SAME')",
    XT + "tf.nn.conv2d_transpose(x, tf.ones([3, 3, 2, 3]), [2, 6, 6, 2], 2, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 2, 6, 6], 2, 'SAME', data_format='NCHW')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 6, 6, 2], 0, 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 6, 6, 2], [1, 2, 3], 'SAME')",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [2, 6, 6, 2], 2, 'FULL')",
    "tf.nn.conv2d_transpose(tf.ones([1, 2, 2, 1], tf.int32), tf.ones([2, 2, 1, 1], tf.int32), "
    "[1, 4, 4, 1], 2, 'VALID')",
]

TRANSPOSE_1D = [
    X1 + "w = c((np.arange(3 * 2 * 3) % 5 - 2).reshape(3, 2, 3) / 4, tf.float32)\n"
    "tf.nn.conv1d_transpose(x, w, [2, 14, 2], 2, 'SAME')",
    X1 + "w = c((np.arange(2 * 2 * 3) % 5 - 2).reshape(2, 2, 3) / 4, tf.float32)\n"
    "tf.nn.conv1d_transpose(x, w, [2, 14, 2], 2, 'VALID')",
    grads(
        X1 + "w = c((np.arange(3 * 2 * 3) % 5 - 2).reshape(3, 2, 3) / 4, tf.float32)\n",
        "tf.nn.conv1d_transpose(x, w, [2, 13, 2], 2, 'SAME')",
    ),
    X1 + "tf.nn.conv1d_transpose(x, tf.ones([3, 2, 3]), [2, 14, 2], 2, 'SAME', data_format='NCW')",
    X1 + "tf.nn.conv1d_transpose(x, tf.ones([3, 2, 3]), [2, 14, 2], 2, 'SAME', data_format='NHWC')",
    X1 + "tf.nn.conv1d_transpose(x, tf.ones([3, 2, 3]), [2, 9, 2], 1, [[0, 0], [0, 0], [0, 0]])",
    X1 + "tf.nn.conv1d_transpose(x, tf.ones([3, 2, 3]), [2, 20, 2], 2, 'SAME')",
]

DW = "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME')"
DEPTHWISE = [
    X2 + W2 + DW,
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], 'VALID')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME', dilations=[2, 2])",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'VALID', dilations=[2, 1])",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], [[0, 0], [1, 0], [2, 1], [0, 0]])",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], [[0, 0], [1, 1], [1, 1], [0, 0]], "
    "dilations=[2, 2])",
    X2 + W2 + "tf.nn.depthwise_conv2d(x[:, :4, :3], w, [1, 1, 1, 1], 'SAME').shape",
    X2 + "tf.nn.depthwise_conv2d(x, tf.ones([2, 2, 3, 1]), [1, 1, 1, 1], 'SAME')",
    grads(X2 + W2, DW),
    grads(X2 + W2, "tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], 'VALID')", dtype="float64"),
    grads(X2 + W2, "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME', dilations=[2, 2])"),
    grad2(X2 + W2, "tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], 'SAME')"),
    grad2(X2 + W2, DW, wrt="w"),
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME', data_format='NCHW')",
    X2 + "tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 2, 2]), [1, 1, 1, 1], 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, 2, 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [2, 2], 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 2, 1], 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [2, 1, 1, 1], 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 0, 0, 1], 'SAME')",
    W2 + "tf.nn.depthwise_conv2d(tf.ones([5, 5, 3]), w, [1, 1, 1, 1], 'SAME')",
    X2 + "tf.nn.depthwise_conv2d(x, tf.ones([3, 3, 3]), [1, 1, 1, 1], 'SAME')",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], 'SAME', dilations=[0, 1])",
    X2 + W2 + "tf.nn.depthwise_conv2d(x, tf.cast(w, tf.float64), [1, 1, 1, 1], 'SAME')",
    "tf.nn.depthwise_conv2d(tf.ones([1, 3, 3, 1], tf.int32), tf.ones([2, 2, 1, 1], tf.int32), "
    "[1, 1, 1, 1], 'SAME')",
]

PW = "p = c((np.arange(6 * 4) % 5 - 2).reshape(1, 1, 6, 4) / 4, tf.float32)\n"
SEP = "tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], 'SAME')"
SEPARABLE = [
    X2 + W2 + PW + SEP,
    X2 + W2 + PW + "tf.nn.separable_conv2d(x, w, p, [1, 2, 2, 1], 'VALID')",
    X2 + W2 + PW + "tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], 'SAME', dilations=[2, 2])",
    X2 + W2 + PW + f"with tf.GradientTape() as t:\n    t.watch([x, w, p])\n    y = {SEP}\n"
    "    loss = tf.reduce_sum(y * y) / 2\nt.gradient(loss, [x, w, p])",
    X2 + W2 + "tf.nn.separable_conv2d(x, w, tf.ones([2, 1, 6, 4]), [1, 1, 1, 1], 'SAME')",
    X2 + W2 + "tf.nn.separable_conv2d(x, w, tf.ones([1, 1, 5, 4]), [1, 1, 1, 1], 'SAME')",
]

POOLING = [
    X1 + "tf.nn.max_pool1d(x, 2, 2, 'SAME')",
    X1 + "tf.nn.max_pool1d(x, 3, 2, 'VALID')",
    X1 + "tf.nn.max_pool1d(x, [3], [1], 'SAME')",
    X1 + "tf.nn.max_pool1d(x, 2, 2, [[0, 0], [1, 1], [0, 0]])",
    X1 + "tf.nn.avg_pool1d(x, 2, 2, 'SAME')",
    X1 + "tf.nn.avg_pool1d(x, 3, 2, 'VALID')",
    X1 + "tf.nn.avg_pool1d(x, 3, 1, 'SAME')",
    "tf.nn.max_pool1d(tf.constant([[[1], [5], [3], [2], [4]]]), 2, 2, 'SAME')",
    X1 + "with tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.nn.max_pool1d(x, 3, 2, 'SAME')\n    y = y * y\nt.gradient(y, x)",
    X1 + "with tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.nn.avg_pool1d(x, 3, 2, 'SAME')\n    y = y * y\nt.gradient(y, x)",
    X1 + "x = tf.cast(x, tf.float64)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(x)\n"
    "        y = tf.nn.avg_pool1d(x, 2, 1, 'SAME')\n        loss = tf.reduce_sum(y * y * y)\n"
    "    g = t1.gradient(loss, x)\nt2.gradient(g, x)",
    X1 + "tf.nn.avg_pool1d(x, 2, 2, [[0, 0], [1, 1], [0, 0]])",
    X1 + "tf.nn.max_pool1d(x, 2, 2, 'SAME', data_format='NCW')",
    X1 + "tf.nn.avg_pool1d(x, 2, 2, 'SAME', data_format='NCW')",
    "tf.nn.avg_pool1d(tf.ones([1, 4, 1], tf.int32), 2, 2, 'SAME')",
    X2 + "tf.nn.max_pool1d(x, 2, 2, 'SAME')",
    X1 + "tf.nn.max_pool(x, 2, 2, 'SAME')",
    X2 + "tf.nn.max_pool(x, [2, 3], [2, 1], 'VALID')",
    X2 + "tf.nn.avg_pool(x, 3, 2, 'SAME')",
    X1 + "tf.nn.avg_pool(x, [2], [1], 'VALID')",
    X2 + "tf.nn.max_pool(x, 2, 2, [[0, 0], [1, 0], [0, 1], [0, 0]])",
    "tf.nn.max_pool(tf.ones([4, 1]), 2, 2, 'SAME')",
    X2 + "tf.nn.pool(x, [2, 2], 'MAX', strides=[2, 2], padding='SAME')",
    X2 + "tf.nn.pool(x, [3, 2], 'AVG', padding='VALID')",
    X1 + "tf.nn.pool(x, [2], 'MAX', padding='SAME')",
    X2 + "tf.nn.pool(x, [2, 2], 'AVG', padding='VALID', dilations=[2, 2])",
    X2 + "with tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.nn.pool(x, [2, 2], 'MAX', padding='VALID', dilations=[2, 1])\n"
    "    y = y * y\nt.gradient(y, x)",
    X2 + "tf.nn.pool(x, [2, 2], 'AVG', padding='SAME', dilations=[2, 2])",
    X2 + "tf.nn.pool(x, [2, 2], 'MAX', padding=[[0, 0], [1, 1], [0, 1], [0, 0]], dilations=[2, 2])",
    X2 + "tf.nn.pool(x, [2, 2], 'MAX', padding=[[0, 0], [1, 1], [0, 1], [0, 0]])",
    X2 + "tf.nn.pool(x, [2, 2], 'MIN', padding='SAME')",
    X2 + "tf.nn.pool(x, [2, 2], 'MAX', padding='VALID', strides=[3, 3])",
    X2 + "tf.nn.pool(x, [2, 2], 'MAX', padding='VALID', strides=[2, 2], dilations=[2, 2])",
    X2 + "tf.nn.pool(x, [2, 2, 2, 2], 'MAX', padding='VALID')",
]

RESIZE = [
    IMG + "tf.image.resize(img, [3, 7])",
    IMG + "tf.image.resize(img, [7, 3])",
    IMG + "tf.image.resize(img, [2, 2])",
    IMG + "tf.image.resize(img[0], [5, 4])",
    IMG + "tf.image.resize(img, [6, 9], method='nearest')",
    IMG + "tf.image.resize(img, [3, 2], method=tf.image.ResizeMethod.NEAREST_NEIGHBOR)",
    IMG + "tf.image.resize(img, [4, 5])",
    IMG + "tf.image.resize(img, tf.constant([5, 3]))",
    IMG + "tf.image.resize(img, [8, 8], preserve_aspect_ratio=True)",
    IMG + "tf.image.resize(img[1], [3, 10], preserve_aspect_ratio=True)",
    IMG + "tf.image.resize(tf.cast(img, tf.uint8), [3, 3])",
    IMG + "tf.image.resize(tf.cast(img, tf.uint8), [3, 3], 'nearest')",
    IMG + "tf.image.resize(tf.cast(img, tf.float64), [3, 3]).dtype",
    IMG + "tf.image.resize(tf.cast(img, tf.float16), [3, 3], 'nearest').dtype",
    IMG + "tf.image.resize(tf.cast(img, tf.int64), [5, 6])",
    IMG + "with tf.GradientTape() as t:\n    t.watch(img)\n"
    "    y = tf.image.resize(img, [3, 7])\n    y = y * y\nt.gradient(y, img)",
    IMG + "x = tf.cast(img, tf.float64)\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.image.resize(x, [7, 3])\n    loss = tf.reduce_sum(y * y)\nt.gradient(loss, x)",
    IMG + "with tf.GradientTape() as t:\n    t.watch(img)\n"
    "    y = tf.image.resize(img, [6, 3], 'nearest')\n    y = y * y\nt.gradient(y, img)",
    IMG + "with tf.GradientTape() as t:\n    t.watch(img)\n"
    "    y = tf.image.resize(img[0], [2, 2], 'nearest')\nt.gradient(y, img)",
    IMG + "with tf.GradientTape() as t2:\n    t2.watch(img)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(img)\n"
    "        y = tf.image.resize(img, [3, 3])\n        y = y * y\n"
    "    g = t1.gradient(y, img)\nt2.gradient(g, img)",
    "(tf.image.ResizeMethod.BILINEAR, tf.image.ResizeMethod.NEAREST_NEIGHBOR, "
    "tf.image.ResizeMethod.BICUBIC, tf.image.ResizeMethod.AREA)",
    IMG + "tf.image.resize(img, [3, 3], 'bogus')",
    IMG + "tf.image.resize(img, [0, 3])",
    IMG + "tf.image.resize(img, [3])",
    IMG + "tf.image.resize(img, [3.5, 3])",
    "tf.image.resize(tf.ones([4, 4]), [3, 3])",
    "tf.image.resize(tf.ones([0, 4, 4, 1]), [2, 2]).shape",
    "tf.image.resize(tf.ones([1, 4, 4, 0]), [2, 2])",
]

GENERIC = [
    X1 + W1 + "tf.nn.convolution(x, w, padding='SAME')",
    X1 + W1 + "tf.nn.convolution(x, w, strides=2, padding='VALID')",
    X1 + W1 + "tf.nn.convolution(x, w, padding='SAME', dilations=2)",
    X2 + W4 + "tf.nn.convolution(x, w, padding='SAME', dilations=[2, 1])",
    X2 + W4 + "tf.nn.convolution(x, w, padding=[[0, 0], [1, 1], [0, 1], [0, 0]], dilations=2)",
    X2 + W4 + "tf.nn.convolution(x, w, strides=[2, 1], padding='SAME')",
    grads(X1 + W1, "tf.nn.convolution(x, w, padding='SAME', dilations=2)"),
    grads(
        X2 + W4,
        "tf.nn.convolution(x, w, padding='VALID', dilations=2)",
    ),
    grad2(
        X2 + W4,
        "tf.nn.convolution(x, w, padding='SAME', dilations=[1, 2])",
    ),
    X2 + W2 + "tf.nn.convolution(x, w, strides=2, padding='SAME', dilations=2)",
    X2 + "tf.nn.convolution(x, tf.ones([3, 4]), padding='SAME')",
    X2 + W2 + "tf.nn.convolution(x, w, padding=[[0, 0], [1, 1], [1, 1], [0, 0]])",
    XT + WT + "tf.nn.conv_transpose(x, w, [2, 6, 6, 2], 2)",
    XT + WT + "tf.nn.conv_transpose(x, w, tf.constant([2, 7, 7, 2]), 2, 'VALID')",
    X1 + "tf.nn.conv_transpose(x, tf.ones([3, 2, 3]), [2, 14, 2], 2)",
    XT + WT + "tf.nn.conv_transpose(x, w, [2, 6], 2)",
    XT + WT + "tf.nn.conv_transpose(x, w, 5, 2)",
    XT + WT + "tf.nn.conv2d_transpose(x, w, [6, 6], 2)",
    X2 + W2 + "tf.nn.depthwise_conv2d(tf.cast(x, tf.float64), tf.cast(w, tf.float64), "
    "[1, 1, 1, 1], 'VALID')",
    W1 + "tf.nn.conv1d(tf.zeros([0, 7, 3]), w, 1, 'SAME')",
    X1 + "tf.nn.max_pool1d(x, [1, 2, 1], [1, 2, 1], 'VALID')",
    IMG + "tf.image.resize(img, [3, 4])",
    IMG + "tf.image.resize(img, [1, 1], 'nearest')",
    IMG + "tf.image.resize(img[:, :, :, :1], [9, 2])[0, :, :, 0]",
    "print(tf.image.resize(tf.reshape(tf.range(8.0), [2, 4, 1]), [4, 2])[..., 0])",
    "print(tf.nn.max_pool1d(tf.constant([[[1], [5], [3], [2], [4]]]), 2, 1, 'VALID'))",
    X1 + W1 + "y = tf.nn.conv1d(x, w, 2, 'VALID')\nprint(y.shape, y.dtype)",
    X2 + W4 + "tf.nn.atrous_conv2d(x, w, 2, 'SAME')",
    grads(X2 + W4, "tf.nn.atrous_conv2d(x, w, 2, 'VALID')"),
    X2 + W2 + "dy = tf.ones([2, 3, 3, 6])\n"
    "tf.nn.depthwise_conv2d_backprop_input([2, 5, 5, 3], w, dy, [1, 2, 2, 1], 'SAME')",
    X2 + W2 + "dy = tf.ones([2, 5, 5, 6])\n"
    "tf.nn.depthwise_conv2d_backprop_filter(x, tf.shape(w), dy, [1, 1, 1, 1], 'SAME')",
]

CASES = (
    GENERIC + CONV1D + GROUPED + TRANSPOSE + TRANSPOSE_1D + DEPTHWISE + SEPARABLE + POOLING + RESIZE
)
