"""tf.function as TF's guides use it: decorators with and without arguments, methods of a
tf.Module and a Keras layer, tracing counts, input_signature checks and errors,
get_concrete_function, run_functions_eagerly, and gradients through a tf.function.

Not here: Python `if`/`for` on tensors inside a tf.function. AutoGraph converts them in a real
script, but cannot read the source of these exec'd cases, so TF would raise
OperatorNotAllowedInGraphError where a script runs fine (the engine runs them eagerly)."""

DECORATING = [
    "@tf.function\ndef f(x):\n    return x * x + 1.0\nf(c([1.0, 2.0]))",
    "@tf.function()\ndef f(x):\n    return x * 2\nf(c(3))",
    "f = tf.function(lambda x: tf.reduce_sum(x))\nf(c([[1.0, 2.0], [3.0, 4.0]]))",
    "def add(a, b):\n    return a + b\nf = tf.function(add)\n(f(c(1.0), c(2.0)), f.__name__)",
    "@tf.function\ndef f(x):\n    '''Doubles x.'''\n    return 2 * x\n"
    "(type(f).__name__, f.__name__, f.__doc__, f.python_function.__name__, f.input_signature)",
    "@tf.function(jit_compile=True, reduce_retracing=True, autograph=False)\n"
    "def f(x):\n    return tf.nn.relu(x)\nf(c([-1.0, 2.0]))",
    "@tf.function(experimental_relax_shapes=True, experimental_follow_type_hints=True)\n"
    "def f(x):\n    return x\nf(c([1.0]))",
    "import inspect\nlist(inspect.signature(tf.function).parameters)",
    "tf.function(1)",
    "f = tf.function(tf.function(lambda x: x + 1))\n(type(f).__name__, "
    "type(f.python_function).__name__, f(c(1)))",
    "@tf.function\ndef outer(x):\n    return inner(x) + 1.0\n@tf.function\ndef inner(x):\n"
    "    return x * 3.0\n(outer(c(1.0)), outer.experimental_get_tracing_count(), "
    "inner.experimental_get_tracing_count())",
    "@tf.function\ndef f(x):\n    return x, x * 2, {'sum': tf.reduce_sum(x)}\nf(c([1.0, 2.0]))",
    "@tf.function\ndef f():\n    return 1, 2.0, None, [True], {'a': np.float32(3)}, np.array([1, 2])\nf()",
    "@tf.function\ndef f():\n    return tf.executing_eagerly()\n(f(), tf.executing_eagerly())",
    "v = tf.Variable(1.0)\n@tf.function\ndef f():\n    return v\nr = f()\n(type(r).__name__, r)",
    "@tf.function\ndef f(x, y=2):\n    return x * y\n(f(c(1.0)), f(c(1.0), y=3), f(x=c(1.0), y=4))",
    "@tf.function\ndef f(x):\n    return x\nf()",
    "@tf.function\ndef f(x):\n    return x\nf(c(1.0), c(2.0))",
    "@tf.function\ndef f(x):\n    raise ValueError('inside')\nf(c(1.0))",
    "@tf.function\ndef f(x):\n    return x\nf(np.array([1.0, 2.0]))",
]

TRACING = [
    "@tf.function\ndef f(x):\n    return x\nf(c(1.0)); f(c(2.0)); f(c([1.0]))\n"
    "f.experimental_get_tracing_count()",
    "@tf.function\ndef f(x):\n    return x\n"
    "counts = []\nfor a in [c([1.0]), c([1.0, 2.0]), c([1.0, 2.0, 3.0]), c([1, 2])]:\n"
    "    f(a)\n    counts.append(f.experimental_get_tracing_count())\ncounts",
    "@tf.function(reduce_retracing=True)\ndef g(x):\n    return x\ncounts = []\n"
    "for a in [c([1.0]), c([1.0, 2.0]), c([1.0, 2.0, 3.0]), c([[1.0]]), c([[1.0, 2.0]])]:\n"
    "    g(a)\n    counts.append(g.experimental_get_tracing_count())\ncounts",
    "@tf.function\ndef f(x):\n    return x + 1\nf(2); f(3); f(2)\nf.experimental_get_tracing_count()",
    "@tf.function\ndef f(x):\n    return x + 1\nf.experimental_get_tracing_count()",
    "@tf.function\ndef f(x, training=False):\n    return x * 2 if training else x\n"
    "r = (f(c(1.0)), f(c(1.0), training=True), f(c(2.0), training=True))\n"
    "(r, f.experimental_get_tracing_count())",
    "@tf.function\ndef f(x):\n    return x\nf(np.array([1.0])); f(np.array([2.0])); "
    "f(np.array([1.0, 2.0]))\nf.experimental_get_tracing_count()",
    "@tf.function\ndef f(xs):\n    return tf.add_n(xs)\nf([c(1.0), c(2.0)]); f([c(3.0), c(4.0)]); "
    "f([c(1.0), c(2.0), c(3.0)])\nf.experimental_get_tracing_count()",
    "@tf.function\ndef f(d):\n    return d['a'] * d['b']\nr = f({'a': c(2.0), 'b': c(3.0)})\n"
    "f({'a': c(1.0), 'b': c(1.0)})\n(r, f.experimental_get_tracing_count())",
    "@tf.function\ndef f(x):\n    return x * 2\nv = tf.Variable(1.0)\nw = tf.Variable(5.0)\n"
    "(f(v), f(w), f.experimental_get_tracing_count())",
    "@tf.function(input_signature=[tf.TensorSpec([None], tf.float32)])\ndef f(x):\n"
    "    return x\nf(c([1.0])); f(c([1.0, 2.0])); f([3.0])\nf.experimental_get_tracing_count()",
    "@tf.function\ndef f(x):\n    return x\nf(c(1.0))\ntf.config.run_functions_eagerly(True)\n"
    "try:\n    f(c([1.0, 2.0]))\n    n = f.experimental_get_tracing_count()\nfinally:\n"
    "    tf.config.run_functions_eagerly(False)\nn",
]

SIGNATURES = [
    "@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float32)])\n"
    "def f(x):\n    return x + 1\n(f(c([1.0, 2.0])), f.input_signature)",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "f(c([1.0]), c([1.0]))",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "f(c([1]))",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "f(c([[1.0]]))",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "f([1.0, 2.0])",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\nf(1.0)",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\nf()",
    "f = tf.function(lambda x: x + 1, input_signature=[tf.TensorSpec([None], tf.float32)])\n"
    "f(c(1.0))",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([], tf.int32)])\nf(1.5)",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([2], tf.int32)])\nf([1, 2])",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([2], tf.float32)])\n"
    "f(np.array([1.0, 2.0]))",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([], tf.float32)])\n"
    "f(tf.Variable(1.0))",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([], tf.float32)])\nf(None)",
    "f = tf.function(lambda x: x, input_signature=[[tf.TensorSpec([], tf.float32)] * 2])\n"
    "f([1.0, 2.0])",
    "f = tf.function(lambda x: x, input_signature=[[tf.TensorSpec([], tf.float32)] * 2])\nf([1.0])",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([])])\nf(x=1.0)",
    "f = tf.function(lambda *x: x, input_signature=[tf.TensorSpec([])])\nf(1.0)",
    "f = tf.function(lambda x, y=1.0: x * y, input_signature=[tf.TensorSpec([])])\n"
    "(f(2.0), f(2.0, 1.0))",
    "f = tf.function(lambda x, y=1.0: x, input_signature=[tf.TensorSpec([])])\nf(1.0, 2.0)",
    "tf.function(input_signature=[1])(lambda x: x)",
    "tf.function(input_signature=tf.TensorSpec([]))(lambda x: x)",
    "tf.function(lambda x: x, input_signature=[tf.TensorSpec([]), tf.TensorSpec([])])",
    "f = tf.function(input_signature=(tf.TensorSpec(None),))(lambda x: x)\nf(c([[1.0]]))",
    "@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32), "
    "tf.TensorSpec([2], tf.float32)])\ndef affine(x, b):\n    return x + b\n"
    "affine(c([[1.0, 2.0], [3.0, 4.0]]), c([0.5, -0.5]))",
    "@tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32), "
    "tf.TensorSpec([2], tf.float32)])\ndef affine(x, b):\n    return x + b\n"
    "affine(c([[1.0, 2.0, 3.0]]), c([0.5, -0.5]))",
    "f = tf.function(lambda x: x, input_signature=[tf.TensorSpec([2], tf.float32)])\n"
    "tf.config.run_functions_eagerly(True)\ntry:\n    r = f(c([1.0, 2.0, 3.0]))\nfinally:\n"
    "    tf.config.run_functions_eagerly(False)\nr",
]

CONCRETE = [
    "@tf.function\ndef f(x):\n    return x * 2\n"
    "cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32))\n"
    "(type(cf).__name__, cf.structured_input_signature, f.experimental_get_tracing_count())",
    "@tf.function\ndef f(x):\n    return x * 2\n"
    "cf = f.get_concrete_function(tf.TensorSpec([None], tf.float32))\n"
    "(cf(c([1.0, 2.0])), cf([3.0]), cf(x=c([1.0])))",
    "@tf.function\ndef f(x):\n    return x * 2\n"
    "f.get_concrete_function(tf.TensorSpec([None], tf.float32))\nf(c([1.0]))\n"
    "cf2 = f.get_concrete_function(c([1.0, 2.0]))\n"
    "(f.experimental_get_tracing_count(), cf2.structured_input_signature)",
    "@tf.function\ndef f(x):\n    return x\nf.get_concrete_function()",
    "g = tf.function(lambda x, y: x + y, input_signature=[tf.TensorSpec([]), tf.TensorSpec([])])\n"
    "cf = g.get_concrete_function()\ng(1.0, 2.0)\n"
    "(cf.structured_input_signature, g.experimental_get_tracing_count(), cf(c(1.0), c(2.0)))",
    "@tf.function\ndef f(x, n):\n    return x * n\ncf = f.get_concrete_function(tf.TensorSpec([2]), 3)\n"
    "(cf.structured_input_signature, cf(c([1.0, 2.0]), 3))",
    "@tf.function\ndef f(x):\n    return x\ncf = f.get_concrete_function(c([[1, 2]]))\n"
    "(cf.structured_input_signature, type(cf.name).__name__)",
]

METHODS = [
    "class Scale(tf.Module):\n    def __init__(self):\n        self.w = tf.Variable(2.0)\n"
    "    @tf.function\n    def __call__(self, x):\n        return x * self.w\n"
    "m1, m2 = Scale(), Scale()\nm2.w.assign(3.0)\n(m1(c(1.0)), m2(c(1.0)), "
    "m1.__call__.experimental_get_tracing_count(), Scale.__call__.experimental_get_tracing_count())",
    "class M(tf.Module):\n    @tf.function\n    def f(self, x):\n        return x\nm = M()\n"
    "(type(M.f).__name__, type(m.f).__name__, m.f is m.f, m.f.python_function.__name__)",
    "class M(tf.Module):\n    def __init__(self):\n        self.b = tf.Variable(1.0)\n"
    "    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])\n"
    "    def add(self, x):\n        return x + self.b\nm = M()\n(m.add(c(1.0)), m.add.input_signature)",
    "class M(tf.Module):\n    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])\n"
    "    def add(self, x):\n        return x\nM().add(c([1.0]))",
    "class Double(tf.keras.layers.Layer):\n    @tf.function\n    def call(self, x):\n"
    "        return x * 2\nd = Double()\n(d(c([1.0, 2.0])), type(Double.call).__name__)",
    "class Linear(tf.Module):\n    def __init__(self):\n"
    "        self.w = tf.Variable([[1.0], [2.0]])\n        self.b = tf.Variable([0.5])\n"
    "    @tf.function\n    def __call__(self, x):\n        return tf.matmul(x, self.w) + self.b\n"
    "model = Linear()\nx = c([[1.0, 1.0], [2.0, 0.0]])\nwith tf.GradientTape() as tape:\n"
    "    loss = tf.reduce_mean(model(x) ** 2)\ntape.gradient(loss, model.trainable_variables)",
]

TRAINING = [
    "w = tf.Variable([[0.5], [-0.5]])\nb = tf.Variable([0.0])\n"
    "opt = tf.keras.optimizers.SGD(learning_rate=0.01)\nx = c([[1.0, 2.0], [3.0, 4.0]])\n"
    "y = c([[1.0], [2.0]])\n@tf.function\ndef train_step(x, y):\n"
    "    with tf.GradientTape() as tape:\n        pred = tf.matmul(x, w) + b\n"
    "        loss = tf.reduce_mean(tf.square(pred - y))\n"
    "    grads = tape.gradient(loss, [w, b])\n    opt.apply_gradients(zip(grads, [w, b]))\n"
    "    return loss\nlosses = [float(train_step(x, y)) for _ in range(5)]\n"
    "(losses, w.numpy(), b.numpy(), train_step.experimental_get_tracing_count())",
    "model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer='ones', "
    "bias_initializer='zeros'), tf.keras.layers.Dense(1, kernel_initializer='ones')])\n"
    "opt = tf.keras.optimizers.Adam(0.01)\nloss_fn = tf.keras.losses.MeanSquaredError()\n"
    "@tf.function\ndef train_step(x, y):\n    with tf.GradientTape() as tape:\n"
    "        loss = loss_fn(y, model(x))\n"
    "    grads = tape.gradient(loss, model.trainable_variables)\n"
    "    opt.apply_gradients(zip(grads, model.trainable_variables))\n    return loss\n"
    "x = c([[1.0, 0.0], [0.0, 1.0]])\ny = c([[1.0], [0.0]])\n"
    "[round(float(train_step(x, y)), 5) for _ in range(3)]",
    "v = tf.Variable(2.0)\n@tf.function\ndef f(x):\n    return v * x * x\n"
    "with tf.GradientTape() as t:\n    y = f(c(3.0))\nt.gradient(y, v)",
    "@tf.function\ndef f(x):\n    return tf.sin(x) * x\nx = c(1.5)\n"
    "with tf.GradientTape() as t2:\n    t2.watch(x)\n    with tf.GradientTape() as t1:\n"
    "        t1.watch(x)\n        y = f(x)\n    dy = t1.gradient(y, x)\nt2.gradient(dy, x)",
    "v = tf.Variable(2.0)\n@tf.function\ndef grad_of(x):\n    with tf.GradientTape() as t:\n"
    "        y = v * x\n    return t.gradient(y, v)\ngrad_of(c(3.0))",
    "@tf.function\ndef f(x):\n    return tf.stop_gradient(x) * x\nx = c(3.0)\n"
    "with tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x)",
    "counter = tf.Variable(0)\n@tf.function\ndef step():\n    counter.assign_add(1)\n"
    "    return counter.read_value()\n[int(step()) for _ in range(3)]",
    "tf.config.run_functions_eagerly(True)\ntry:\n    out = []\n    @tf.function\n"
    "    def f(x):\n        print('eager', tf.executing_eagerly())\n        return x + 1\n"
    "    r = (f(c(1.0)), f(c(2.0)), tf.config.functions_run_eagerly())\nfinally:\n"
    "    tf.config.run_functions_eagerly(False)\n(r, tf.config.functions_run_eagerly())",
    "tf.config.functions_run_eagerly()",
    "@tf.function\ndef f():\n    return tf.executing_eagerly()\ntf.config.run_functions_eagerly(True)\n"
    "try:\n    r = f()\nfinally:\n    tf.config.run_functions_eagerly(False)\n(r, f())",
]

CASES = DECORATING + TRACING + SIGNATURES + CONCRETE + METHODS + TRAINING

VARIABLES_INSIDE = [
    "class M(tf.Module):\n    def __init__(self):\n        self.v = None\n    @tf.function\n"
    "    def __call__(self, x):\n        if self.v is None:\n            self.v = tf.Variable(2.0)\n"
    "        return self.v * x\nm = M()\nr = (m(c(1.0)), m(c(3.0)))\n"
    "n = m.__call__.experimental_get_tracing_count()\nm(c([1.0]))\n"
    "(r, n, m.__call__.experimental_get_tracing_count())",
    "d = tf.keras.layers.Dense(1, kernel_initializer='ones')\n@tf.function\ndef g(x):\n"
    "    return d(x)\n(g(c([[1.0, 2.0]])), g.experimental_get_tracing_count(), len(d.weights))",
]

CASES += VARIABLES_INSIDE
