"""Clipping and normalization as TF programs use them: clip_by_norm (with axes, in the
advanced autodiff guide's custom gradient), clip_by_global_norm in a training step,
tf.linalg.global_norm, tf.nn.moments and batch_normalization, silu/swish and gelu's tanh
form; values, gradients (second order where TF has one) and TF's errors."""

from tests.engine.differential.cases_math_more import grad, grad2

CLIP_BY_NORM = [
    "tf.clip_by_norm(c([3.0, 4.0]), 1.0)",
    "tf.clip_by_norm(c([3.0, 4.0]), 10.0)",
    "tf.clip_by_norm(c([[3.0, 4.0], [0.3, 0.4]]), 1.0, axes=[1])",
    "tf.clip_by_norm(c([[3.0, 4.0], [0.3, 0.4]]), 1.0, axes=0)",
    "tf.clip_by_norm(c([0.0, 0.0]), 1.0)",
    "tf.clip_by_norm(c([3.0, 4.0]), -1.0)",
    "tf.clip_by_norm(c([3.0, 4.0]), c(2.0))",
    "tf.clip_by_norm(c([3.0, 4.0], tf.float64), c(2.0))",
    "tf.clip_by_norm(c([3.0, 4.0]), c(-2.0))",
    "tf.clip_by_norm(c([3, 4]), 1)",
    "tf.clip_by_norm(c([3.0, 4.0]), 1.0, axes=[2])",
    grad("tf.clip_by_norm(x, 1.0) * c([1.0, 2.0, 3.0])"),
    grad("tf.clip_by_norm(x, 10.0)"),
    grad("tf.clip_by_norm(x, 1.0)", x="[0.0, 0.0]"),
    grad("tf.clip_by_norm(x, 1.0, axes=[1]) * c([[1.0, 2.0]])", x="[[3.0, 4.0], [0.3, 0.4]]"),
    grad2("tf.clip_by_norm(x, 1.0) * c([1.0, 2.0, 3.0])"),
    "x = c([3.0, 4.0])\nn = c(2.0)\nwith tf.GradientTape() as t:\n    t.watch(n)\n    y = tf.clip_by_norm(x, n)\nt.gradient(y, n)",
    # the advanced autodiff guide: clip gradients in a custom gradient
    "@tf.custom_gradient\ndef clip_gradients(y):\n    def backward(dy):\n        return tf.clip_by_norm(dy, 0.5)\n    return y, backward\nv = tf.Variable(2.0)\nwith tf.GradientTape() as t:\n    output = clip_gradients(v * v)\nprint(t.gradient(output, v))",
    "@tf.custom_gradient\ndef clip_gradients(y):\n    def backward(dy):\n        return tf.clip_by_norm(dy, 0.5)\n    return y, backward\nx = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.reduce_sum(clip_gradients(x * x))\nt.gradient(y, x)",
    "x = tf.IndexedSlices(c([[3.0, 4.0]]), c([1]), c([3, 2]))\nr = tf.clip_by_norm(x, 1.0)\n(type(r).__name__, r.values, r.indices)",
]

GLOBAL_NORM = [
    "tf.linalg.global_norm([c([3.0, 4.0]), c([[12.0]])])",
    "tf.linalg.global_norm([c([3.0, 4.0]), None])",
    "tf.linalg.global_norm([])",
    "tf.linalg.global_norm((c([1.0, 2.0], tf.float64),))",
    "tf.linalg.global_norm(c([3.0, 4.0]))",
    "tf.linalg.global_norm([c([3, 4])])",
    "tf.clip_by_global_norm([c([3.0, 4.0]), c([[12.0]])], 1.0)",
    "tf.clip_by_global_norm([c([3.0, 4.0]), None], 1.0)",
    "tf.clip_by_global_norm([c([3.0, 4.0]), None], 100.0)",
    "tf.clip_by_global_norm([c([3.0, 4.0]), c([np.inf])], 1.0)",
    "tf.clip_by_global_norm([c([3.0, 4.0]), c([np.nan])], 1.0)",
    "tf.clip_by_global_norm([], 1.0)",
    "tf.clip_by_global_norm([c([3.0, 4.0])], 1.0, use_norm=c(10.0))",
    "tf.clip_by_global_norm([c([3.0, 4.0]), c([1.0], tf.float64)], 1.0)",
    "tf.clip_by_global_norm(c([3.0, 4.0]), 1.0)",
    "tf.clip_by_global_norm([c([3, 4])], 1.0)",
    "tf.clip_by_global_norm([c([3.0, 4.0])], c(2.0))",
    "clipped, norm = tf.clip_by_global_norm((c([0.3, 0.4]), c([1.2])), 5.0)\nprint(norm)\nclipped",
    grad("tf.linalg.global_norm([x, 2.0 * x])"),
    grad2("tf.linalg.global_norm([x])"),
    "x = c([3.0, 4.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    clipped, norm = tf.clip_by_global_norm([x * 2.0], 1.0)\n    y = tf.reduce_sum(clipped[0] * c([1.0, -1.0]))\nt.gradient(y, x)",
    "x = c([3.0, 4.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    clipped, norm = tf.clip_by_global_norm([x], 1.0)\nt.gradient(norm, x)",
    # gradient clipping in a training step, as TF's guides and scripts write it
    "w = tf.Variable([[1.0, -2.0], [0.5, 3.0]])\nb = tf.Variable([0.1, -0.1])\nx = c([[1.0, 2.0], [3.0, -1.0]])\ny_true = c([[1.0, 0.0], [0.0, 1.0]])\nopt = tf.keras.optimizers.SGD(learning_rate=0.1)\nfor step in range(3):\n    with tf.GradientTape() as tape:\n        y = tf.matmul(x, w) + b\n        loss = tf.reduce_mean(tf.square(y - y_true))\n    grads = tape.gradient(loss, [w, b])\n    grads, norm = tf.clip_by_global_norm(grads, 1.0)\n    print(step, float(norm))\n    opt.apply_gradients(zip(grads, [w, b]))\n(w.numpy(), b.numpy())",
    "w = tf.Variable([2.0, -3.0])\nwith tf.GradientTape() as tape:\n    loss = tf.reduce_sum(w ** 4)\ngrads = tape.gradient(loss, [w])\ngrads = [tf.clip_by_norm(g, 5.0) for g in grads]\ngrads",
    "emb = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])\nwith tf.GradientTape() as tape:\n    loss = tf.reduce_sum(tf.gather(emb, [0, 2, 2]) * 3.0)\ng = tape.gradient(loss, emb)\nclipped, norm = tf.clip_by_global_norm([g], 1.0)\n(type(clipped[0]).__name__, clipped[0].values, norm)",
]

MOMENTS = [
    "tf.nn.moments(c([[1.0, 2.0], [3.0, 6.0]]), axes=[0])",
    "tf.nn.moments(c([[1.0, 2.0], [3.0, 6.0]]), axes=[0, 1])",
    "tf.nn.moments(c([[1.0, 2.0], [3.0, 6.0]]), axes=[1], keepdims=True)",
    "tf.nn.moments(c([[1.0, 2.0], [3.0, 6.0]]), axes=[0], shift=c(100.0))",
    "tf.nn.moments(c([1.0, 2.0, 4.0], tf.float16), axes=[0])",
    "tf.nn.moments(c([1.0, 2.0, 4.0], tf.float64), axes=0)",
    "tf.nn.moments(c([1, 2]), [0])",
    "tf.nn.moments(c([1.0, 2.0]), axes=[1])",
    grad("tf.nn.moments(x, axes=[0])[1]"),
    grad("tf.nn.moments(x, axes=[0])[0] * 3.0 + tf.nn.moments(x, axes=[0])[1]"),
    grad2("tf.nn.moments(x, axes=[0])[1]"),
    "tf.nn.batch_normalization(c([[1.0, 2.0], [3.0, 6.0]]), c([2.0, 4.0]), c([1.0, 4.0]), c([0.1, -0.1]), c([2.0, 0.5]), 1e-3)",
    "tf.nn.batch_normalization(c([[1.0, 2.0], [3.0, 6.0]]), 2.0, 4.0, None, None, 1e-3)",
    "x = c([[1.0, 2.0], [3.0, 6.0], [0.0, -1.0]])\nmean, var = tf.nn.moments(x, axes=[0])\ntf.nn.batch_normalization(x, mean, var, offset=c([0.0, 1.0]), scale=c([1.0, 2.0]), variance_epsilon=1e-5)",
    "tf.nn.batch_normalization(c([1.0, 2.0]), c([1.0], tf.float64), 1.0, None, None, 0.1)",
    "x = c([[1.0, 2.0], [3.0, 6.0], [0.0, -1.0]])\ngamma = tf.Variable([1.0, 2.0])\nbeta = tf.Variable([0.0, 0.5])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    mean, var = tf.nn.moments(x, axes=[0])\n    y = tf.nn.batch_normalization(x, mean, var, beta, gamma, 1e-3)\n    loss = tf.reduce_sum(y * c([[1.0, 2.0], [0.5, -1.0], [2.0, 1.0]]))\nt.gradient(loss, [x, gamma, beta])",
    grad2("tf.nn.batch_normalization(x, tf.reduce_mean(x), 2.0, 0.5, 3.0, 1e-3) ** 2"),
]

ACTIVATIONS = [
    "tf.nn.silu(c([-3.0, -1.0, 0.0, 1.0, 3.0]))",
    "tf.nn.swish(c([-3.0, -1.0, 0.0, 1.0, 3.0]))",
    "tf.nn.silu(c([-3.0, 0.5, 3.0]), beta=2.0)",
    "tf.nn.swish(c([1.0, 2.0]), beta=c(2.0, tf.float64))",
    "tf.nn.silu(c([1.0, 2.0], tf.float64), beta=0.5)",
    "tf.nn.silu(c([1, 2]))",
    "tf.nn.silu is tf.nn.swish",
    grad("tf.nn.silu(x)", x="[-3.0, -0.5, 0.0, 2.0, 8.0]"),
    grad("tf.nn.swish(x, beta=1.5)"),
    grad2("tf.nn.silu(x)", x="[-3.0, -0.5, 0.0, 2.0]"),
    "x = c([-1.0, 0.5, 2.0])\nbeta = c(1.5)\nwith tf.GradientTape() as t:\n    t.watch(beta)\n    y = tf.nn.swish(x, beta)\nt.gradient(y, beta)",
    "tf.nn.gelu(c([-3.0, -1.0, 0.0, 0.5, 1.0, 3.0]), approximate=True)",
    "tf.nn.gelu(c([-3.0, -1.0, 0.0, 0.5, 1.0, 3.0]))",
    "tf.nn.gelu(c([-1.0, 0.5, 2.0], tf.float64), approximate=True)",
    "tf.nn.gelu(c([1, 2]), approximate=True)",
    grad("tf.nn.gelu(x, approximate=True)", x="[-2.0, -0.5, 0.0, 1.0, 3.0]"),
    grad2("tf.nn.gelu(x, approximate=True)", x="[-2.0, -0.5, 1.0]"),
]

CASES = CLIP_BY_NORM + GLOBAL_NORM + MOMENTS + ACTIVATIONS
