"""Gradients across op families (first and second order, jacobians), as the tape gives them:
values, dtypes, None-ness, and the structure of the result."""


def grad(expr, x, dtype="float32"):
    """d sum(expr) / dx for a watched constant x."""
    return (
        f"x = c({x}, tf.{dtype})\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
        f"    y = {expr}\nt.gradient(y, x)"
    )


def grad2(expr, x):
    """d/dx of sum(d expr / dx) through nested tapes, in float64."""
    return (
        f"x = c({x}, tf.float64)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
        f"    with tf.GradientTape() as t1:\n        t1.watch(x)\n        y = {expr}\n"
        f"    g = t1.gradient(y, x)\nt2.gradient(g, x)"
    )


def jac(expr, x):
    return (
        f"x = c({x})\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = {expr}\n"
        f"t.jacobian(y, x)"
    )


M = "[[1.0, -2.0, 3.0], [0.5, 4.0, -1.5]]"
V = "[0.5, -1.0, 2.0]"

ARRAY_OPS = [
    grad("tf.reshape(x, [3, 2]) * c([[1.0, 2.0]])", M),
    grad("tf.transpose(x) * c([[1.0, 2.0]])", M),
    grad("tf.expand_dims(x, 1) * 2.0", V),
    grad("tf.squeeze(tf.expand_dims(x, 0)) * x", V),
    grad("tf.concat([x, x * 2.0], axis=0)", M),
    grad("tf.concat([x, x], axis=-1) ** 2", M),
    grad("tf.stack([x, x * 3.0], axis=1)[:, 0]", V),
    grad("tf.unstack(x)[1] * 5.0", M),
    grad("tf.unstack(x, axis=1)[2] ** 2", M),
    grad("tf.split(x, 3, axis=1)[1] * 4.0", M),
    grad("tf.split(x, [1, 2], axis=1)[1] ** 2", M),
    grad("tf.tile(x, [2, 2]) ** 2", M),
    grad("tf.pad(x, [[1, 0], [0, 2]]) * 3.0", M),
    grad("tf.pad(x, [[1, 1], [1, 1]], mode='REFLECT') ** 2", M),
    grad("tf.reverse(x, [1]) * c([1.0, 2.0, 3.0])", M),
    grad("tf.gather(x, [2, 0, 2]) * c([1.0, 2.0, 3.0])", V),
    grad("tf.gather(x, [1, 1], axis=1) ** 2", M),
    grad("tf.gather_nd(x, [[0, 1], [1, 2]])", M),
    grad("tf.gather_nd(x, [[1], [1]]) * 2.0", M),
    grad("tf.where(x > 0, x, x * 0.1)", M),
    grad("tf.where([True, False, True], x, -x)", V),
    grad("tf.clip_by_value(x, -1.0, 2.0)", M),
    grad("tf.clip_by_value(x, 0.5, 0.5)", V),
    grad("tf.boolean_mask(x, [True, False, True]) ** 2", V),
    grad("tf.broadcast_to(x, [2, 3]) * c([[1.0], [2.0]])", V),
    grad("x[1:, ::-1] * 2.0", M),
    grad("x[..., 1] ** 2", M),
    grad("x[None, 0] * 3.0", M),
    grad("x[-1] + x[0]", V),
    grad("tf.identity(x) * x", V),
    grad("tf.stop_gradient(x) * x", V),
    grad("tf.reduce_sum(tf.one_hot([0, 2], 3) * x)", V),
    grad("tf.zeros_like(x) + x", V),
    grad("tf.ones_like(x) * x", V),
    grad("tf.cast(x, tf.float64) ** 2", V),
    grad("tf.cast(x, tf.int32)", V),
    grad("tf.cast(tf.cast(x, tf.float16), tf.float32)", V),
    grad("tf.slice(x, [0, 1], [2, 2]) ** 2", M),
    grad("tf.strided_slice(x, [0, 0], [2, 3], [1, 2])", M),
    grad("tf.einsum('ij,ij->i', x, x)", M),
    grad("tf.einsum('ij->ji', x) * 2.0", M),
    grad("tf.tensordot(x, c([1.0, 2.0, 3.0]), 1)", M),
    grad("tf.norm(x)", M),
    grad("tf.norm(x, axis=1)", M),
    grad("tf.linalg.norm(x, ord=1)", V),
    grad("tf.matmul(x, x, transpose_b=True)", M),
    grad("tf.linalg.matmul(x, x, transpose_a=True)", M),
    grad("tf.size(x)", V),
    grad("tf.shape(x)", V),
    grad("tf.rank(x)", V),
    grad("tf.argmax(x)", V),
    grad("tf.round(x)", V),
    grad("tf.sign(x)", V),
    grad("tf.math.floor(x)", V),
    grad("tf.equal(x, x)", V),
]

NN_OPS = [
    grad("tf.nn.relu(x)", V),
    grad("tf.nn.relu6(x * 4.0)", V),
    grad("tf.nn.leaky_relu(x)", V),
    grad("tf.nn.leaky_relu(x, alpha=0.3)", V),
    grad("tf.nn.elu(x)", V),
    grad("tf.nn.selu(x)", V),
    grad("tf.nn.gelu(x)", V),
    grad("tf.nn.gelu(x, approximate=True)", V),
    grad("tf.nn.sigmoid(x)", V),
    grad("tf.nn.tanh(x)", V),
    grad("tf.nn.softplus(x)", V),
    grad("tf.nn.softmax(x) * c([1.0, 2.0, 3.0])", V),
    grad("tf.nn.softmax(x, axis=0)[0]", M),
    grad("tf.nn.log_softmax(x) * c([1.0, 2.0, 3.0])", V),
    grad("tf.nn.l2_loss(x)", M),
    grad("tf.nn.l2_normalize(x, axis=1)[:, 0]", M),
    grad("tf.nn.bias_add(x, c([1.0, 2.0, 3.0])) ** 2", M),
    grad("tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[2, 0], logits=x)", M),
    grad(
        "tf.nn.softmax_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]],"
        " logits=x)",
        M,
    ),
    grad(
        "tf.nn.sigmoid_cross_entropy_with_logits(labels=[[0.0, 1.0, 0.0], [1.0, 1.0, 0.0]],"
        " logits=x)",
        M,
    ),
    grad("tf.nn.conv2d(tf.reshape(x, [1, 2, 3, 1]), tf.ones([2, 2, 1, 1]), 1, 'VALID')", M),
    grad("tf.nn.conv2d(tf.reshape(x, [1, 2, 3, 1]), tf.ones([2, 2, 1, 2]), 1, 'SAME') ** 2", M),
    grad("tf.nn.max_pool2d(tf.reshape(x, [1, 2, 3, 1]), 2, 1, 'VALID')", M),
    grad("tf.nn.avg_pool2d(tf.reshape(x, [1, 2, 3, 1]), 2, 1, 'SAME')", M),
    grad("tf.nn.dropout(x, rate=0.0)", V),
]

# The upstream gradient of each op a gather reads from is an IndexedSlices; TF densifies it
# for ops that need a tensor, and passes it on (still sparse) through Identity, Cast, Neg,
# AddN, ConcatV2 and Add/Sub of a constant scalar.
GATHER_BELOW = [
    grad(f"tf.gather({inner}, [0, 2, 0])", M)
    for inner in [
        "tf.matmul(x, c([[1.0, 0.5], [2.0, -1.0], [0.0, 3.0]]))",
        "tf.square(x)",
        "x * x",
        "tf.cast(x, tf.float64)",
        "tf.identity(x)",
        "x + 1.0",
        "x - 1.0",
        "1.0 - x",
        "-x",
        "x + c([[1.0, 1.0, 1.0]] * 3)",
        "x * 2.0",
        "x / 2.0",
        "tf.nn.relu(x)",
        "tf.exp(x)",
        "tf.reshape(x, [2, 3])",
        "tf.transpose(tf.transpose(x))",
        "tf.concat([x, x], 0)",
        "tf.concat([x, x], 1)",
        "tf.tile(x, [2, 1])",
        "tf.gather(x, [1, 0, 2])",
        "tf.add_n([x, x])",
        "tf.stop_gradient(x)",
        "tf.stack([x, x])[0]",
        "tf.maximum(x, 0.0)",
        "tf.abs(x)",
        "tf.nn.softmax(x)",
        "tf.reduce_sum(x, axis=1, keepdims=True) * x",
        "tf.sigmoid(x) * x",
        "tf.pad(x, [[0, 1], [0, 0]])",
        "x[:, :]",
        "tf.expand_dims(x, 0)[0]",
        "tf.clip_by_value(x, 0.0, 1.0)",
        "tf.where(x > 0, x, 0.0)",
        "tf.cast(tf.cast(x, tf.float64), tf.float32)",
    ]
] + [
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nW = tf.Variable([[1.0, 0.0], [0.5, 2.0]])\n"
    "with tf.GradientTape() as t:\n    y = tf.gather(tf.matmul(x, W), [1, 1])\nt.gradient(y, W)",
    "W = tf.Variable([[1.0, 0.0], [0.5, 2.0], [3.0, 1.0]])\n"
    "with tf.GradientTape() as t:\n    y = tf.gather(W, [2, 0])\nt.gradient(y, W)",
    "W = tf.Variable([[1.0, 0.0], [0.5, 2.0], [3.0, 1.0]])\n"
    "with tf.GradientTape() as t:\n    y = tf.gather(W, [2, 0]) + tf.gather(W, [0])\nt.gradient(y, W)",
    "W = tf.Variable([[1.0, 0.0], [0.5, 2.0], [3.0, 1.0]])\n"
    "with tf.GradientTape() as t:\n    y = tf.reduce_sum(tf.gather(W, [2, 0])) + tf.reduce_sum(W * W)\n"
    "t.gradient(y, W)",
    "W = tf.Variable([[1.0, 0.0], [0.5, 2.0], [3.0, 1.0]])\n"
    "with tf.GradientTape() as t:\n    e = tf.gather(W, [[0, 1], [2, 2]])\n    y = tf.reduce_mean(e ** 2)\n"
    "tf.convert_to_tensor(t.gradient(y, W))",
    "W = tf.Variable([[1.0, 0.0], [0.5, 2.0], [3.0, 1.0]])\n"
    "with tf.GradientTape() as t:\n    y = tf.gather(W * 2.0, [2])\ng = t.gradient(y, W)\ntype(g).__name__",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1], axis=1)\nt.gradient(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1, 0])\ng = t.gradient(y, x)\n(g.values, g.indices, g.dense_shape)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1, 0])\ng = t.gradient(y, x)\n(g.dtype, g.shape)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1, 0])\ng = t.gradient(y, x)\nx - 0.1 * g",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1, 0])\ng = t.gradient(y, x)\ntf.reduce_sum(g)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1, 0])\nt.gradient(y, x, output_gradients=c([[1.0, 2.0], [3.0, 4.0]]))",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1, 0])\nt.jacobian(y, x).shape",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape(persistent=True) as t:\n    t.watch(x)\n"
    "    y = tf.gather(tf.square(x), [1, 1])\nt.jacobian(y, x)",
    # second order through a gather
    "x = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(x)\n        y = tf.reduce_sum(tf.gather(x ** 3, [0, 2, 2]))\n"
    "    g = t1.gradient(y, x)\nt2.gradient(g, x)",
    "x = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(x)\n        y = tf.reduce_sum(tf.gather(x, [0, 2]) ** 3)\n"
    "    g = t1.gradient(y, x)\nt2.gradient(tf.convert_to_tensor(g), x)",
]

SECOND_ORDER = [
    grad2("tf.nn.softmax(x)[0]", V),
    grad2("tf.nn.log_softmax(x)[1]", V),
    grad2("tf.nn.elu(x)", V),
    grad2("tf.nn.selu(x)", V),
    grad2("tf.nn.gelu(x)", V),
    grad2("tf.nn.gelu(x, approximate=True)", V),
    grad("tf.nn.gelu(x)", V, "float64"),
    grad("tf.nn.gelu(x, approximate=True)", V, "float64"),
    grad2("tf.nn.softplus(x)", V),
    grad2("tf.reduce_logsumexp(x)", V),
    grad2("tf.norm(x)", V),
    grad2("tf.reduce_prod(x)", V),
    grad2("tf.math.reduce_std(x)", V),
    grad2("tf.reduce_sum(tf.reshape(x, [3, 1]) * x)", V),
    grad2("tf.concat([x, x ** 2], 0)", V),
    grad2("tf.gather(x, [1, 2]) ** 3", V),
    grad2("tf.where(x > 0, x ** 2, x ** 3)", V),
    grad2("tf.einsum('i,i->', x, x) * x", V),
    grad2("tf.tensordot(x, x, 1) ** 2", V),
    grad2("tf.nn.sigmoid_cross_entropy_with_logits(labels=[0.0, 1.0, 0.5], logits=x)", V),
    grad2("tf.nn.sparse_softmax_cross_entropy_with_logits(labels=1, logits=x)", V),
    grad2("tf.nn.l2_normalize(x)[0]", V),
    grad2("tf.math.cumprod(x)", V),
    grad2("tf.nn.relu(x) * x", V),
    grad2("tf.clip_by_value(x, -0.5, 1.0) * x", V),
]

JACOBIANS = [
    jac("tf.nn.softmax(x)", V),
    jac("tf.nn.log_softmax(x)", V),
    jac("tf.reshape(x, [3, 1])", V),
    jac("tf.transpose(x)", M),
    jac("tf.concat([x, 2.0 * x], 0)", V),
    jac("tf.gather(x, [2, 2, 0])", V),
    jac("tf.reverse(x, [0])", V),
    jac("tf.cumsum(x)", V),
    jac("tf.tile(x, [2])", V),
    jac("tf.pad(x, [[1, 1]])", V),
    jac("tf.reduce_max(x)", V),
    jac("tf.nn.relu(x)", V),
    jac("tf.matmul(x, x, transpose_a=True)", M),
    jac("tf.stack([x, x])", V),
    jac("x[::2]", V),
    jac("tf.nn.l2_normalize(x)", V),
    jac("tf.expand_dims(x, 0) * tf.expand_dims(x, 1)", V),
    jac("tf.constant(1.0)", V),
    jac("x[0]", V),
    jac("tf.reduce_sum(x)", M),
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.nn.softmax(x)\nt.batch_jacobian(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.matmul(x, c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))\nt.batch_jacobian(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = x ** 2\nt.batch_jacobian(y, x, unconnected_gradients='zero')",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nz = c([[1.0], [2.0]])\nwith tf.GradientTape() as t:\n"
    "    t.watch(x)\n    y = z * 2.0\nt.batch_jacobian(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = x * 2.0\nt.jacobian(y, [x, c(1.0)])",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = x * 2.0\nt.jacobian(y, {'a': x}, unconnected_gradients='zero')",
    "x = c([1.0, 2.0])\nv = tf.Variable([3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = x * v\nt.jacobian(y, [x, v])",
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.cast(x, tf.int32)\nt.jacobian(y, x)",
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = c([1.0, 2.0, 3.0])\nt.jacobian(y, x, unconnected_gradients='zero')",
    # Hessians: a jacobian of a gradient
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(x)\n        y = x[0] ** 2 * x[1] ** 3\n"
    "    g = t1.gradient(y, x)\nt2.jacobian(g, x)",
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
    "    with tf.GradientTape() as t1:\n        t1.watch(x)\n        y = tf.nn.softmax(x)\n"
    "    j = t1.jacobian(y, x)\nt2.gradient(j, x)",
]

CASES = ARRAY_OPS + NN_OPS + GATHER_BELOW + SECOND_ORDER + JACOBIANS
