"""custom_gradient, Module and name_scope, ForwardAccumulator, and small Keras programs:
layers, losses, optimizers on constant-initialized weights."""

K = "k = tf.keras.initializers.Constant\n"
DENSE = (
    K + "layer = tf.keras.layers.Dense(2, kernel_initializer=k([[1.0, -1.0], [0.5, 2.0]]),"
    " bias_initializer=k([0.1, -0.2])"
    "{extra})\nx = c([[1.0, 2.0], [-1.0, 0.5]])\n"
)

CUSTOM_GRADIENT = [
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 10.0\n    return x * 2.0, grad\n"
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\n(y, t.gradient(y, x))",
    "@tf.custom_gradient\ndef f(x, z):\n    def grad(dy):\n        return dy * 10.0, None\n    return x * z, grad\n"
    "x = c(1.0)\nz = c(3.0)\nwith tf.GradientTape() as t:\n    t.watch([x, z])\n    y = f(x, z)\nt.gradient(y, [x, z])",
    "@tf.custom_gradient\ndef clip(x):\n    def grad(dy):\n        return tf.clip_by_value(dy, -0.5, 0.5)\n    return tf.identity(x), grad\n"
    "x = c([3.0, 4.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = clip(x) * 10.0\nt.gradient(y, x)",
    "v = tf.Variable(2.0)\n@tf.custom_gradient\ndef f(x):\n    y = x * v\n    def grad(dy, variables=None):\n"
    "        return dy * 3.0, [dy * 7.0]\n    return y, grad\nx = c(1.0)\nwith tf.GradientTape() as t:\n"
    "    t.watch(x)\n    y = f(x)\nt.gradient(y, [x, v])",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * x\n    return x * x, grad\n"
    "x = c(3.0)\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n    with tf.GradientTape() as t1:\n"
    "        t1.watch(x)\n        y = f(x)\n    g = t1.gradient(y, x)\n(g, t2.gradient(g, x))",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 2.0\n    return x * 1.0, grad\n"
    "x = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.gather(f(x), [0, 0])\n"
    "tf.convert_to_tensor(t.gradient(y, x))",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 2.0\n    return x * 1.0, grad\nf(c(2.0))",
]

MODULES = [
    "class M(tf.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = tf.Variable(1.0)\n"
    "        self.b = tf.Variable(2.0, trainable=False)\nm = M()\n"
    "([v.numpy() for v in m.trainable_variables], len(m.variables), m.name)",
    "class Dense(tf.Module):\n    def __init__(self, name=None):\n        super().__init__(name=name)\n"
    "        with self.name_scope:\n            self.w = tf.Variable([[1.0]], name='w')\nd = Dense(name='dense_1')\n"
    "(d.w.name, d.name, d.name_scope.name)",
    "with tf.name_scope('outer'):\n    with tf.name_scope('inner') as scope:\n        s = scope\ns",
    "with tf.name_scope('a') as s1:\n    pass\nwith tf.name_scope('a') as s2:\n    pass\n(s1, s2)",
    "tf.Module(name='bad name')",
    "m = tf.Module()\nm.list = [tf.Variable(1.0), {'k': tf.Variable(2.0)}]\nlen(m.trainable_variables)",
    "m = tf.Module()\nm.name",
    # forward mode
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 0.0])) as acc:\n    y = x * x\nacc.jvp(y)",
    "x = c(2.0)\nwith tf.autodiff.ForwardAccumulator(x, c(1.0)) as acc:\n    y = tf.sin(x) * x\nacc.jvp(y)",
    "x = c(2.0)\nwith tf.autodiff.ForwardAccumulator(x, c(1.0)) as acc:\n    y = c(3.0) * 2.0\nacc.jvp(y)",
    "x = c(2.0)\nwith tf.autodiff.ForwardAccumulator(x, c(1.0)) as acc:\n    y = c(3.0) * 2.0\n"
    "acc.jvp(y, unconnected_gradients='zero')",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n"
    "    with tf.GradientTape() as t:\n        t.watch(x)\n        y = tf.reduce_sum(x ** 3)\n"
    "    g = t.gradient(y, x)\nacc.jvp(g)",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n"
    "    y = tf.gather(x, [1, 1]) * 2.0\nacc.jvp(y)",
    "x = c(1.0)\ntf.autodiff.ForwardAccumulator(x, c([1.0, 2.0]))",
    # the eager-era functional API
    "f = lambda x: x * x * x\ntf.executing_eagerly()",
]

KERAS = [
    DENSE.format(extra="") + "layer(x)",
    DENSE.format(extra=", activation='relu'") + "layer(x)",
    DENSE.format(extra=", activation=tf.nn.tanh") + "layer(x)",
    DENSE.format(extra=", use_bias=False") + "(layer(x), len(layer.trainable_variables))",
    DENSE.format(extra="") + "layer(x)\n[v.shape.as_list() for v in layer.trainable_variables]",
    DENSE.format(extra="") + "layer(x)\n[v.name for v in layer.trainable_variables]",
    DENSE.format(extra=", trainable=False")
    + "layer(x)\n(len(layer.trainable_variables), len(layer.variables))",
    DENSE.format(extra=", name='d'") + "layer(c([1.0, 2.0]))",  # named: auto names count
    DENSE.format(extra="") + "layer(c([[1, 2]]))",
    DENSE.format(extra="") + "layer(c([[1.0, 2.0]], tf.float64))",
    DENSE.format(extra="") + "with tf.GradientTape() as t:\n    y = tf.reduce_sum(layer(x) ** 2)\n"
    "t.gradient(y, layer.trainable_variables)",
    DENSE.format(extra=", activation='sigmoid'") + "with tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = layer(x)\nt.gradient(y, x)",
    K + "m = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(1,"
    " kernel_initializer=k(0.5), bias_initializer=k(0.25))])\nm(c([[[1.0, 2.0], [3.0, 4.0]]]))",
    "tf.keras.layers.Flatten()(c([[[1.0, 2.0]], [[3.0, 4.0]]]))",
    "tf.keras.activations.get('relu')(c([-1.0, 2.0]))",
    "tf.keras.activations.get('linear')(c([-1.0]))",
    "tf.keras.activations.get(None)(c([-1.0]))",
    "tf.keras.activations.get('softmax')(c([[1.0, 2.0]]))",
    "tf.keras.activations.get('nope')",
    "tf.keras.initializers.Constant(2.0)(shape=[2])",
    "tf.keras.initializers.Zeros()(shape=[2], dtype=tf.float64)",
    "tf.keras.initializers.Ones()([1, 2])",
    "tf.keras.initializers.Constant([1.0, 2.0])(shape=[3])",
    "tf.keras.losses.MeanSquaredError()(c([[1.0], [2.0]]), c([[1.5], [1.0]]))",
    "tf.keras.losses.mean_squared_error(c([[1.0, 2.0]]), c([[1.5, 1.0]]))",
    "tf.keras.losses.MeanSquaredError()([[1.0], [2.0]], c([[1.5], [1.0]]))",
    "tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(c([1, 0]), c([[1.0, 2.0], [0.5, -1.0]]))",
    "tf.keras.losses.SparseCategoricalCrossentropy()(c([1, 0]), c([[0.2, 0.8], [0.6, 0.4]]))",
    "tf.keras.losses.sparse_categorical_crossentropy(c([1]), c([[1.0, 2.0]]), from_logits=True)",
    "tf.keras.losses.BinaryCrossentropy(from_logits=True)(c([[1.0], [0.0]]), c([[2.0], [-1.0]]))",
    "tf.keras.losses.BinaryCrossentropy()(c([[1.0], [0.0]]), c([[0.9], [0.2]]))",
    "tf.keras.losses.binary_crossentropy(c([[1.0, 0.0]]), c([[0.9, 0.2]]))",
    "tf.keras.losses.MeanSquaredError()(c([[1.0], [2.0]]), c([[1.5], [1.0]]), sample_weight=c([1.0, 0.0]))",
    "v = tf.Variable([1.0, 2.0])\nopt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
    "opt.apply_gradients([(c([1.0, -1.0]), v)])\nv",
    "v = tf.Variable([1.0, 2.0])\nopt = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9)\n"
    "for _ in range(3):\n    opt.apply_gradients([(c([1.0, -1.0]), v)])\nv",
    "v = tf.Variable([1.0, 2.0])\nopt = tf.keras.optimizers.SGD(learning_rate=0.1, momentum=0.9, nesterov=True)\n"
    "for _ in range(3):\n    opt.apply_gradients([(c([1.0, -1.0]), v)])\nv",
    "v = tf.Variable([1.0, 2.0])\nopt = tf.keras.optimizers.Adam(learning_rate=0.1)\n"
    "for _ in range(3):\n    opt.apply_gradients([(c([1.0, -0.5]), v)])\nv",
    "v = tf.Variable([1.0, 2.0])\nopt = tf.keras.optimizers.RMSprop(learning_rate=0.1)\n"
    "for _ in range(3):\n    opt.apply_gradients([(c([1.0, -0.5]), v)])\nv",
    "v = tf.Variable([1.0, 2.0])\nopt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
    "opt.apply_gradients(zip([c([1.0, -1.0])], [v]))\nopt.iterations.numpy()",
    "v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])\nopt = tf.keras.optimizers.SGD(learning_rate=0.5)\n"
    "with tf.GradientTape() as t:\n    y = tf.reduce_sum(tf.gather(v, [1, 1]))\n"
    "opt.apply_gradients([(t.gradient(y, v), v)])\nv",
    "v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])\nopt = tf.keras.optimizers.Adam(learning_rate=0.5)\n"
    "with tf.GradientTape() as t:\n    y = tf.reduce_sum(tf.gather(v, [1, 1]))\n"
    "opt.apply_gradients([(t.gradient(y, v), v)])\nv",
    "v = tf.Variable(3.0)\nopt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
    "opt.minimize(lambda: v * v, [v])\nv",
    "v = tf.Variable(3.0)\nopt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
    "opt.apply_gradients([(None, v)])\nv",
    "v = tf.Variable(3.0)\nopt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
    "opt.apply_gradients([(c([1.0, 2.0]), v)])",
]

CASES = CUSTOM_GRADIENT + MODULES + KERAS

# Keras objects as user code prints and inspects them
KERAS_OBJECTS = [
    DENSE.format(extra="") + "layer(x)\nrepr(layer.kernel)",
    DENSE.format(extra="") + "layer(x)\nprint(layer.bias)",
    DENSE.format(extra="")
    + "layer(x)\n(layer.kernel.path, layer.kernel.trainable, layer.kernel.dtype)",
    DENSE.format(extra="") + "(layer.built, layer.units)",
    DENSE.format(extra="") + "layer.kernel",
    DENSE.format(extra="")
    + "layer(x)\n(layer.built, len(layer.weights), layer.activation.__name__)",
    DENSE.format(extra=", activation='relu'") + "layer.activation.__name__",
    DENSE.format(extra="") + "layer(x)\nlayer.kernel.numpy()",
    DENSE.format(extra="") + "layer(x)\ntype(layer.kernel.value).__name__",
    DENSE.format(extra="") + "layer(x)\nlayer.kernel * 2.0",
    DENSE.format(extra="") + "layer(x)\ntf.matmul(x, layer.kernel)",
    DENSE.format(extra="") + "layer(x)\nlayer.kernel.assign(tf.zeros([2, 2]))\nlayer(x)",
    DENSE.format(extra="")
    + "layer(x)\nlayer.trainable = False\n(len(layer.trainable_variables), len(layer.non_trainable_variables))",
    DENSE.format(extra=", name='d'") + "layer(x)\nlayer(c([[1.0, 2.0, 3.0]]))",
    K + "m = tf.keras.Sequential([tf.keras.layers.Dense(3, kernel_initializer=k(0.5)), "
    "tf.keras.layers.Dense(1, kernel_initializer=k(-1.0))])\ny = m(c([[1.0, 2.0]]))\n"
    "(y, len(m.trainable_variables), len(m.layers))",
    K + "m = tf.keras.Sequential([tf.keras.layers.Dense(3, kernel_initializer=k(0.5))])\n"
    "m(c([[1.0, 2.0]]))\nwith tf.GradientTape() as t:\n    y = tf.reduce_sum(m(c([[1.0, 2.0]])))\n"
    "[g.shape for g in t.gradient(y, m.trainable_variables)]",
    "tf.keras.layers.Dense(0)",
    "tf.keras.layers.Dense(2, activation='nope')",
    "tf.keras.activations.relu(c([-1.0, 2.0]))",
    "tf.keras.activations.sigmoid(c([0.0]))",
    "tf.keras.activations.softmax(c([1.0, 2.0]))",
    "tf.keras.activations.tanh(c([0.5]))",
    "tf.keras.activations.get('relu').__name__",
    "tf.keras.activations.get(tf.nn.relu) is tf.nn.relu",
    "tf.keras.losses.MeanSquaredError().name",
    "tf.keras.losses.SparseCategoricalCrossentropy().name",
    "tf.keras.losses.MeanSquaredError(reduction='sum')(c([[1.0], [2.0]]), c([[1.5], [1.0]]))",
    "tf.keras.losses.MeanSquaredError(reduction='none')(c([[1.0], [2.0]]), c([[1.5], [1.0]]))",
    "tf.keras.losses.BinaryCrossentropy(from_logits=True)(c([1.0, 0.0]), c([2.0, -1.0]))",
    "tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(c([1]), c([[1.0, 2.0, 3.0]]))",
    "tf.keras.optimizers.SGD(learning_rate=0.1).learning_rate",
    "tf.keras.optimizers.Adam().learning_rate",
    "tf.keras.optimizers.SGD().iterations",
]
CASES += KERAS_OBJECTS
