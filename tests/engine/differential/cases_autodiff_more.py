"""More of the autodiff surface: jacobians without pfor, forward mode, custom_gradient's
contract, tf.Module, and the lifecycle of a tape across calls."""


def tape(body, result, persistent=False, x="[1.0, 2.0]"):
    flag = "persistent=True" if persistent else ""
    lines = "\n".join("    " + line for line in body.split("\n"))
    return f"x = c({x})\nwith tf.GradientTape({flag}) as t:\n    t.watch(x)\n{lines}\n{result}"


JACOBIANS = [
    tape("y = x * x", "t.jacobian(y, x, experimental_use_pfor=False)", persistent=True),
    tape("y = tf.reduce_sum(x) * x", "t.jacobian(y, x, experimental_use_pfor=False)", True),
    tape("y = x * x", "t.jacobian(y, x)\nt.jacobian(y, x)"),
    tape("y = x * x", "(t.jacobian(y, x), t.jacobian(y, x))", persistent=True),
    tape("y = x * x", "t.jacobian(y, [x, x])"),
    tape("y = x * x", "t.jacobian([y], x)"),
    tape("y = x * x", "t.jacobian(y, c(1.0))"),
    tape("y = x * x", "t.jacobian(y, c(1.0), unconnected_gradients='zero')"),
    tape("y = tf.cast(x, tf.int32)", "t.jacobian(y, x, unconnected_gradients='zero')"),
    tape("y = x[0]", "t.jacobian(y, x)"),
    tape("y = tf.reduce_sum(x * x)", "t.jacobian(y, x)"),
    tape("y = tf.zeros([0])", "t.jacobian(y, x)"),
    tape("y = tf.reshape(x, [2, 1]) * x", "t.jacobian(y, x)"),
    tape("y = x * x", "t.jacobian(y, x).shape"),
    tape(
        "y = tf.reshape(x, [1, 2]) * tf.reshape(x, [2, 1])",
        "t.batch_jacobian(y, tf.reshape(x, [1, 2]))",
        x="[1.0, 2.0]",
    ),
    tape("y = x * x", "t.batch_jacobian(y, x)", x="[[1.0, 2.0], [3.0, 4.0]]"),
    tape(
        "y = x * x",
        "t.batch_jacobian(y, x, experimental_use_pfor=False)",
        True,
        x="[[1.0, 2.0], [3.0, 4.0]]",
    ),
    tape(
        "y = tf.reduce_sum(x, axis=1, keepdims=True) * x",
        "t.batch_jacobian(y, x)",
        x="[[1.0, 2.0], [3.0, 4.0]]",
    ),
    tape("y = tf.reduce_sum(x, axis=1)", "t.batch_jacobian(y, x)", x="[[1.0, 2.0], [3.0, 4.0]]"),
    tape("y = tf.matmul(x, x)", "t.batch_jacobian(y, x).shape", x="[[1.0, 2.0], [3.0, 4.0]]"),
    tape(
        "y = x * 2.0",
        "t.batch_jacobian(y, x)\nt.batch_jacobian(y, x)",
        x="[[1.0, 2.0], [3.0, 4.0]]",
    ),
    tape("y = x * 2.0", "t.batch_jacobian(y, [x])", x="[[1.0, 2.0], [3.0, 4.0]]"),
    tape("y = tf.nn.relu(x) * x", "t.batch_jacobian(y, x)", x="[[-1.0, 2.0, 0.5]]"),
    tape("y = x * 2.0", "t.batch_jacobian(y, x)", x="[[[1.0, 2.0]], [[3.0, 4.0]]]"),
    tape("y = x * 2.0", "t.jacobian(y, x).dtype", x="[1.0, 2.0]"),
    "x = c([1.0, 2.0], tf.float64)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = x * x\nt.jacobian(y, x)",
    "v = tf.Variable([1.0, 2.0])\nwith tf.GradientTape() as t:\n    y = v * v\nt.jacobian(y, v)",
    "v = tf.Variable([[1.0, 2.0]])\nwith tf.GradientTape() as t:\n    y = v * v\nt.batch_jacobian(y, v)",
]

FORWARD = [
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    y = x * x\n    z = tf.reduce_sum(y)\n"
    "acc.jvp([y, z])",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    y = x * x\nacc.jvp({'y': y, 'x': x})",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, [1.0, 1.0]) as acc:\n    y = x * x\nacc.jvp(y)",
    "x = c([1.0, 2.0])\ny0 = c(3.0)\nwith tf.autodiff.ForwardAccumulator([x, y0], [c([1.0, 0.0]), c(2.0)]) as acc:\n"
    "    y = x * y0\nacc.jvp(y)",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0])) as acc:\n    y = x * x",
    "x = c([1, 2])\nwith tf.autodiff.ForwardAccumulator(x, c([1, 1])) as acc:\n    y = x * x\nacc.jvp(y)",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    y = tf.cast(x, tf.int32)\nacc.jvp(y)",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    y = tf.argmax(x)\nacc.jvp(y)",
    "x = c([1.0, 2.0])\nacc = tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0]))\nwith acc:\n    with acc:\n        pass",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    y = x * x\nacc.jvp(x)",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    pass\ny = x * x\nacc.jvp(y)",
    "x = c([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(x, c([1.0, 1.0])) as acc:\n    y = tf.nn.softmax(x)\nacc.jvp(y)",
    "x = c([[1.0, 2.0]])\nwith tf.autodiff.ForwardAccumulator(x, c([[1.0, 0.0]])) as acc:\n    y = tf.matmul(x, x, transpose_b=True)\nacc.jvp(y)",
    "v = tf.Variable([1.0, 2.0])\nwith tf.autodiff.ForwardAccumulator(v, c([1.0, 0.0])) as acc:\n    y = v * v\nacc.jvp(y)",
    "x = c(2.0)\nwith tf.autodiff.ForwardAccumulator(x, c(1.0)) as outer:\n    with tf.autodiff.ForwardAccumulator(x, c(1.0)) as inner:\n"
    "        y = x ** 3\n    d = inner.jvp(y)\nouter.jvp(d)",
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    with tf.autodiff.ForwardAccumulator(x, c([1.0, 0.0])) as acc:\n"
    "        y = tf.reduce_sum(x ** 3)\n    d = acc.jvp(y)\nt.gradient(d, x)",
]

CUSTOM = [
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy, dy\n    return x * 2.0, grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return None\n    return x * 2.0, grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return [dy * 3.0]\n    return x * 2.0, grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return 5.0\n    return x * 2.0, grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 3.0\n    return (x * 2.0, x * 4.0), grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    a, b = f(x)\nt.gradient(a, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(da, db):\n        return da * 3.0 + db\n    return (x * 2.0, x * 4.0), grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    a, b = f(x)\nt.gradient([a, b], x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(da, db):\n        return da * 3.0 + db\n    return [x * 2.0, x * 4.0], grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    a, b = f(x)\nt.gradient(b, x)",
    "v = tf.Variable(2.0)\n@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy\n    return x * v, grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)",
    "v = tf.Variable(2.0)\n@tf.custom_gradient\ndef f(x):\n    def grad(dy, variables):\n        return dy, []\n    return x * v, grad\n"
    "x = c(1.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, [x, v])",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 3.0\n    return x * 2.0, grad\n"
    "x = c(1.0)\ny = f(x)\ntype(y).__name__",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 3.0\n    return x * 2.0, grad\n"
    "v = tf.Variable(1.0)\nwith tf.GradientTape() as t:\n    y = f(v)\nt.gradient(y, v)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 3.0\n    return x * 2.0, grad\n"
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x) * f(x)\nt.gradient(y, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * 3.0\n    return x * 2.0, grad\n"
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.jacobian(y, x)",
    "@tf.custom_gradient\ndef f(x):\n    def grad(dy):\n        return dy * x\n    return tf.reduce_sum(x * x) / 2.0, grad\n"
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = f(x)\nt.gradient(y, x, output_gradients=c(3.0))",
]

MODULES_AND_LIFECYCLE = [
    "class Net(tf.Module):\n    def __init__(self):\n        super().__init__()\n        self.b = tf.Variable(1.0, name='b')\n"
    "        self.a = tf.Variable(2.0, name='a')\n        self.layers = [tf.Variable(3.0, name='l0')]\n"
    "n = Net()\n[v.name for v in n.trainable_variables]",
    "class Inner(tf.Module):\n    def __init__(self):\n        super().__init__()\n        self.w = tf.Variable(1.0, name='w')\n"
    "class Outer(tf.Module):\n    def __init__(self):\n        super().__init__()\n        self.inner = Inner()\n"
    "        self.z = tf.Variable(2.0, name='z')\no = Outer()\n([v.name for v in o.variables], len(o.submodules))",
    "m = tf.Module(name='m')\nwith m.name_scope:\n    v = tf.Variable(1.0, name='v')\nv.name",
    "class M(tf.Module):\n    pass\nM().name",
    "class MyModel(tf.Module):\n    pass\nMyModel().name",
    "class M(tf.Module):\n    def __init__(self):\n        super().__init__()\n        self.v = tf.Variable(1.0)\n"
    "    def __call__(self, x):\n        return x * self.v\nm = M()\nwith tf.GradientTape() as t:\n    y = m(c(3.0))\n"
    "t.gradient(y, m.trainable_variables)",
    "m = tf.Module()\nm.v = tf.Variable(1.0, trainable=False)\n(len(m.trainable_variables), len(m.non_trainable_variables))",
    # one tape across several contexts and calls
    "x = c(2.0)\nt = tf.GradientTape(persistent=True)\nwith t:\n    t.watch(x)\n    y = x * x\nwith t:\n    z = y * x\n"
    "(t.gradient(z, x), t.gradient(y, x))",
    "x = c(2.0)\nt = tf.GradientTape()\nwith t:\n    t.watch(x)\n    y = x * x\ng = t.gradient(y, x)\nwith t:\n    z = x * 3.0\n"
    "(g, t.gradient(z, x))",
    "x = c(2.0)\nt = tf.GradientTape()\nwith t:\n    t.watch(x)\n    y = x * x\ng = t.gradient(y, x)\nwith t:\n    t.watch(x)\n"
    "    z = x * 3.0\n(g, t.gradient(z, x))",
    "x = c(2.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = x * x\nt.gradient(y, x)\nt.watched_variables()",
    "v = tf.Variable(2.0)\nwith tf.GradientTape() as t:\n    y = v * v\nt.gradient(y, v)\n[w.name for w in t.watched_variables()]",
    "x = c(2.0)\nwith tf.GradientTape(persistent=True) as t:\n    t.watch(x)\n    y = x * x\ndel t\n'deleted'",
    "x = c(2.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = x * x\n    t.reset()\n    t.reset()\n    z = x * 5.0\n"
    "t.gradient(z, x)",
    "x = c(2.0)\nwith tf.GradientTape() as t1:\n    t1.watch(x)\n    with tf.GradientTape() as t2:\n        t2.watch(x)\n"
    "        y = x * x\n        g2 = t2.gradient(y, x)\n    z = g2 * x\n(t1.gradient(z, x), g2)",
    "x = c(2.0)\nwith tf.GradientTape() as t1:\n    t1.watch(x)\n    with tf.GradientTape(persistent=True) as t2:\n"
    "        t2.watch(x)\n        y = x * x\n        g2 = t2.gradient(y, x)\n    z = g2 * x\nt1.gradient(z, x)",
    "x = c(2.0)\nwith tf.GradientTape(watch_accessed_variables=False) as t:\n    v = tf.Variable(3.0)\n    y = v * x\n"
    "t.gradient(y, [v, x])",
    "x = c(2.0)\nwith tf.GradientTape() as t:\n    v = tf.Variable(3.0)\n    y = v * x\nt.gradient(y, [v, x])",
    "with tf.GradientTape() as t:\n    v = tf.Variable(3.0)\n[w.name for w in t.watched_variables()]",
    "v = tf.Variable(3.0)\nwith tf.GradientTape() as outer:\n    with tf.GradientTape(watch_accessed_variables=False) as inner:\n"
    "        y = v * v\n(inner.gradient(y, v), outer.gradient(y, v))",
]

CASES = JACOBIANS + FORWARD + CUSTOM + MODULES_AND_LIFECYCLE
