"""Keras 3's variables as TF 2.21 shows them: bare names, paths, string dtypes, their own repr,
not tf.Variables, yet watched by tapes and updated by optimizers; and what Keras 3 removed."""

DENSE = (
    "d = tf.keras.layers.Dense(2, kernel_initializer='ones', bias_initializer='zeros')\n"
    "d.build((None, 3))\nk = d.kernel\n"
)
X = "x = c([[1.0, 2.0, 3.0]])\n"

IDENTITY = [
    DENSE + "(k.name, k.path, k.dtype, type(k).__name__)",
    DENSE + "repr(k)",
    DENSE + "str(d.bias)",
    DENSE + "print(k)",
    DENSE + "isinstance(k, tf.Variable)",
    DENSE + "(k.trainable, k.shape, k.ndim)",
    DENSE + "(type(k.value).__name__, k.value.name, k.value.dtype)",
    DENSE + "[v.name for v in d.weights]",
    DENSE + "[v.path for v in d.weights]",
    DENSE + "[v.value.name for v in d.trainable_variables]",
    DENSE + "d.trainable_weights[0] is d.kernel",
    DENSE + "k.numpy()",
    DENSE + "np.asarray(k)",
    DENSE + "k[0]",
    DENSE + "len(k)",
    DENSE + "hash(k)",
    DENSE + "k.ref()",
    DENSE + "k.read_value()",
    DENSE + "(k.constraint, k.regularizer, k.aggregation, k.synchronization)",
    DENSE + "tf.as_dtype(k.dtype)",
    DENSE + "k.dtype == tf.float32",
    "m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2), "
    "tf.keras.layers.Dense(1)])\n([v.path for v in m.weights], [v.name for v in m.weights])",
    "with tf.name_scope('outer'):\n    w = tf.keras.Variable(1.0, name='w')\n(w.path, w.value.name)",
    "l = tf.keras.layers.Dense(2, name='dd')\nwith tf.name_scope('scope'):\n"
    "    l.build((None, 2))\n(l.kernel.path, l.kernel.value.name)",
    "m = tf.Module()\nm.d = tf.keras.layers.Dense(2)\nm.d.build((None, 3))\nlen(m.trainable_variables)",
]

KERAS_VARIABLE = [
    "repr(tf.keras.Variable(0.1, name='a'))",
    "repr(tf.keras.Variable(np.float64(0.1), name='a'))",
    "repr(tf.keras.Variable([0.1, 0.25], name='a'))",
    "repr(tf.keras.Variable(3, name='a'))",
    "repr(tf.keras.Variable(True, name='a'))",
    "repr(tf.keras.Variable(3.3, name='a'))",
    "repr(tf.keras.Variable([[0.1, 1e-9]], name='a'))",
    "v = tf.keras.Variable(np.ones((2, 2)), name='q')\n(v.dtype, v.name, v.path)",
    "tf.keras.Variable(tf.ones([2]), trainable=False).trainable",
    "v = tf.keras.Variable(1.0)\n(float(v), int(v))",
    "bool(tf.keras.Variable(1.0))",
    "v = tf.keras.Variable(1.0)\n(v.assign(2.0), v.assign_add(1.0), v.assign_sub(0.5), v.numpy())",
    "v = tf.keras.Variable(1.0, name='a')\nv.assign([1.0, 2.0])",
    "tf.keras.Variable(np.ones(2)).assign_add(np.ones(3))",
    "v = tf.keras.Variable([1.0, 2.0])\n(v + 1.0, -v, v * v, v @ tf.ones([2, 1]) if False else 0)",
    "v = tf.keras.Variable([1.0, 2.0])\n(tf.reduce_sum(v), tf.convert_to_tensor(v), v == v)",
    "tf.keras.Variable(tf.keras.initializers.Constant(2.0), shape=(2,), name='z').numpy()",
    "tf.keras.Variable('ones', shape=(2,), name='z').numpy()",
    "tf.keras.Variable('ones')",
    "v = tf.keras.Variable(1.0)\nv.trainable = False\n(v.trainable, v.value.trainable)",
]

GRADIENTS = [
    DENSE + X + "with tf.GradientTape() as tape:\n    y = tf.reduce_sum(d(x))\n"
    "tape.gradient(y, d.trainable_variables)",
    DENSE + X + "with tf.GradientTape() as tape:\n    y = tf.reduce_sum(d(x))\n"
    "[v.name for v in tape.watched_variables()]",
    DENSE + X + "with tf.GradientTape() as tape:\n    y = tf.reduce_sum(d(x))\n"
    "[type(v).__name__ for v in tape.watched_variables()]",
    DENSE + X + "with tf.GradientTape(watch_accessed_variables=False) as tape:\n"
    "    tape.watch(d.kernel.value)\n    y = tf.reduce_sum(x @ d.kernel)\n"
    "(tape.gradient(y, d.kernel), )",
    DENSE + X + "with tf.GradientTape(watch_accessed_variables=False) as tape:\n"
    "    tape.watch(k.value)\n    y = tf.reduce_sum(x @ k + d.bias)\ntape.gradient(y, [k, d.bias])",
    DENSE + X + "with tf.GradientTape() as tape:\n    tape.watch(k)\n    y = tf.reduce_sum(x @ k)",
    DENSE + X + "with tf.GradientTape() as tape:\n    y = tf.reduce_sum(x @ k)\n"
    "tape.gradient(y, k.value)",
    DENSE
    + X
    + "d.trainable = False\nwith tf.GradientTape() as tape:\n    y = tf.reduce_sum(d(x))\n"
    "(len(d.trainable_variables), [v.name for v in tape.watched_variables()])",
    # a training step in the guides' style
    DENSE + X + "opt = tf.keras.optimizers.SGD(0.1)\nfor _ in range(2):\n"
    "    with tf.GradientTape() as tape:\n        loss = tf.reduce_mean(tf.square(d(x) - 1.0))\n"
    "    grads = tape.gradient(loss, d.trainable_variables)\n"
    "    opt.apply_gradients(zip(grads, d.trainable_variables))\n"
    "(k.numpy(), d.bias.numpy(), opt.iterations.numpy())",
    DENSE + "opt = tf.keras.optimizers.SGD(0.1)\nopt.apply_gradients([(tf.ones([3, 2]), k)])",
    DENSE + "opt = tf.keras.optimizers.Adam(0.1)\nopt.apply_gradients([(tf.ones([3, 2]), k)])\n"
    "[v.path for v in opt.variables]",
    "opt = tf.keras.optimizers.SGD(0.1)\n(repr(opt.iterations), repr(opt.learning_rate))",
]

REMOVED = [
    "hasattr(tf.keras.optimizers.SGD(), 'minimize')",
    "tf.keras.optimizers.Adam().minimize",
    "hasattr(tf.keras.losses, 'mean_squared_error')",
    "(tf.keras.losses.mse.__name__, tf.keras.losses.MSE is tf.keras.losses.mse)",
    "tf.keras.losses.get('mean_squared_error')(c([[1.0, 2.0]]), c([[1.5, 1.0]]))",
    "l = tf.keras.layers.Layer()\nl.add_weight('w3', (2,))",
    "l = tf.keras.layers.Layer()\nl.add_weight((2,), initializer='zeros', name='w').path",
    "l = tf.keras.layers.Layer()\nl.add_weight(shape=(2,), initializer='zeros', name='w2', "
    "dtype='float64').dtype",
    "tf.keras.Variable(1.0).value",
]

CASES = IDENTITY + KERAS_VARIABLE + GRADIENTS + REMOVED
