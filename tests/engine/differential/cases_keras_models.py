"""Keras 3 models as TF 2.21 builds them: Sequential (add, pop, build, input shapes), the
functional API (KerasTensors, several inputs and outputs, shared layers, nested models),
subclassed models and layers (training and mask arguments, tracking, the state lock),
summary() text, configs, weights. Weights come from fixed arrays (TF's initializer streams
are not the engine's), so values compare exactly."""

# Sets every weight of `model` from a fixed ramp, in the order model.get_weights() lists them.
FIX = (
    "def fix(model):\n"
    "    model.set_weights([np.linspace(-1.0, 1.0, w.size).reshape(w.shape).astype(w.dtype)\n"
    "                       for w in model.get_weights()])\n"
    "    return model\n"
)
X3 = "x = np.arange(6, dtype='float32').reshape(2, 3) / 4.0\n"
SEQ = (
    "m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation='relu'),"
    " tf.keras.layers.Dense(2)])\n"
)
TWO_OUT = (
    "inp = tf.keras.Input((3,), name='features')\n"
    "h = tf.keras.layers.Dense(4, activation='tanh', name='hidden')(inp)\n"
    "o1 = tf.keras.layers.Dense(1, name='score')(h)\n"
    "o2 = tf.keras.layers.Dense(2, activation='softmax', name='kind')(h)\n"
    "m = tf.keras.Model(inp, [o1, o2], name='two_heads')\n"
)
ADD = (
    "class Add2(tf.keras.layers.Layer):\n"
    "    def call(self, inputs):\n"
    "        return inputs[0] + inputs[1]\n"
)
SHARED = (
    ADD + "a = tf.keras.Input((3,), name='a')\nb = tf.keras.Input((3,), name='b')\n"
    "shared = tf.keras.layers.Dense(2, name='shared')\n"
    "out = Add2(name='add2')([shared(a), shared(b)])\n"
    "m = tf.keras.Model([a, b], out)\n"
)
NESTED = (
    "inner = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(4, activation='relu'),"
    " tf.keras.layers.Dense(2)], name='inner')\n"
    "inp = tf.keras.Input((3,))\n"
    "out = tf.keras.layers.Dense(1, name='top')(inner(inp))\n"
    "m = tf.keras.Model(inp, out, name='outer')\n"
)
SUBCLASSED = (
    "class MLP(tf.keras.Model):\n"
    "    def __init__(self):\n"
    "        super().__init__()\n"
    "        self.hidden = tf.keras.layers.Dense(4, activation='relu')\n"
    "        self.out = tf.keras.layers.Dense(1)\n"
    "    def call(self, x, training=False):\n"
    "        return self.out(self.hidden(x))\n"
    "m = MLP()\n"
)
TRAINING_PROBE = (
    "class Probe(tf.keras.layers.Layer):\n"
    "    def call(self, x, training=None):\n"
    "        print('training', training)\n"
    "        return x\n"
)
MASKING = (
    "class MaskZeros(tf.keras.layers.Layer):\n"
    "    def compute_mask(self, inputs, mask=None):\n"
    "        return tf.not_equal(inputs, 0.0)\n"
    "    def call(self, inputs):\n"
    "        return inputs * 2.0\n"
    "class ShowMask(tf.keras.layers.Layer):\n"
    "    def call(self, inputs, mask=None):\n"
    "        print('mask', None if mask is None else mask.numpy().tolist())\n"
    "        return inputs\n"
)

SEQUENTIAL = [
    SEQ + "[(l.name, type(l).__name__) for l in m.layers]",
    SEQ + "[v.path for v in m.weights]",
    SEQ + "(m.built, m.input_shape, m.output_shape, m.count_params())",
    SEQ + "[w.shape for w in m.get_weights()]",
    SEQ + FIX + X3 + "fix(m)(x)",
    SEQ + FIX + X3 + "fix(m).predict(x, verbose=0)",
    SEQ + "m.summary()",
    SEQ + "lines = []\nm.summary(print_fn=lines.append)\nlines",
    SEQ + "m.summary(line_length=60)",
    SEQ + "m.summary(show_trainable=True)",
    "m = tf.keras.Sequential([tf.keras.layers.Dense(4)])\nm.summary()",
    "m = tf.keras.Sequential([tf.keras.layers.Dense(4)])\n(m.built, m.weights, len(m.layers))",
    "m = tf.keras.Sequential([tf.keras.layers.Dense(4)])\nm(tf.ones((5, 3)))\nm.summary()",
    "m = tf.keras.Sequential([tf.keras.layers.Dense(4), tf.keras.layers.Dense(1)])\n"
    "m.build((None, 3))\n(m.built, [v.path for v in m.weights], m.output_shape)",
    "m = tf.keras.Sequential()\nm.add(tf.keras.Input((2,)))\nm.add(tf.keras.layers.Dense(3))\n"
    "m.add(tf.keras.layers.Dense(1))\n(m.output_shape, [l.name for l in m.layers])",
    SEQ + "p = m.pop()\n(p.name, [l.name for l in m.layers], m.output_shape, m.count_params())",
    SEQ
    + "m.pop()\nm.add(tf.keras.layers.Dense(5, name='new'))\n(m.output_shape, m.count_params())",
    "tf.keras.Sequential().pop()",
    "tf.keras.Sequential().build((None, 3))",
    "tf.keras.Sequential([1])",
    "tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.Input((3,))])",
    "m = tf.keras.Sequential([tf.keras.layers.Dense(2)])\nm(tf.ones([1, 3]))\nm(tf.ones([1, 4]))",
    SEQ + "m(tf.ones([2, 5]))",
    "m = tf.keras.Sequential([tf.keras.layers.Flatten(), tf.keras.layers.Dense(2)])\n"
    "m.build((None, 2, 3))\nm.summary()",
    SEQ + "m.layers[0].trainable = False\n"
    "(len(m.trainable_weights), len(m.non_trainable_weights), [v.path for v in m.trainable_weights])",
    SEQ + "m.layers[0].trainable = False\nm.summary()",
    SEQ + "m.trainable = False\n(len(m.trainable_weights), m.layers[1].trainable)",
    SEQ + "c = m.get_config()\n(c['name'], [l['class_name'] for l in c['layers']], "
    "c['layers'][1]['config']['units'], c['layers'][1]['config']['activation'], "
    "c['layers'][0]['config']['batch_shape'], c['build_input_shape'])",
    SEQ + "m2 = tf.keras.Sequential.from_config(m.get_config())\n"
    "([l.name for l in m2.layers], m2.output_shape, m2.count_params())",
    SEQ + FIX + X3 + "fix(m)\nm2 = tf.keras.Sequential.from_config(m.get_config())\n"
    "m2.set_weights(m.get_weights())\nm2(x) - m(x)",
    SEQ + "m.set_weights([np.ones((3, 4))])",
    SEQ + "m.set_weights([np.ones((3, 5)), np.ones(4), np.ones((4, 2)), np.ones(2)])",
    SEQ + "m.get_layer('dense_1').name",
    SEQ + "m.get_layer(index=0).name",
    SEQ + "m.get_layer('nope')",
    SEQ + "(m.inputs, m.outputs)",
]

FUNCTIONAL = [
    "x = tf.keras.Input((3,))\n(x.shape, x.dtype, x.name, x.ndim)",
    "repr(tf.keras.Input((3,), name='pixels'))",
    "repr(tf.keras.Input(shape=(None, 4), dtype='int32', batch_size=2))",
    "tf.keras.Input()",
    "il = tf.keras.layers.InputLayer(shape=(3,))\n(il.name, sorted(il.get_config().items()), il.count_params(), il.built)",
    "x = tf.keras.Input((3,))\nrepr(tf.keras.layers.Dense(2)(x))",
    "x = tf.keras.Input((2, 3))\nrepr(tf.keras.layers.Dense(5)(x))",
    "x = tf.keras.Input((2, 3))\nrepr(tf.keras.layers.Flatten()(x))",
    TWO_OUT + "(type(m).__name__, m.name, [l.name for l in m.layers])",
    TWO_OUT + "(m.input_shape, m.output_shape)",
    TWO_OUT + "[v.path for v in m.weights]",
    TWO_OUT + FIX + X3 + "fix(m)(x)",
    TWO_OUT + FIX + X3 + "fix(m).predict(x, verbose=0)",
    TWO_OUT + "m.summary()",
    TWO_OUT + FIX + X3 + "fix(m)\nwith tf.GradientTape() as tape:\n"
    "    s, k = m(x)\n    loss = tf.reduce_sum(s) + tf.reduce_sum(k[:, 0])\n"
    "tape.gradient(loss, m.trainable_variables)",
    TWO_OUT + "m(tf.ones((1, 4)))",
    TWO_OUT + "m([tf.ones((1, 3)), tf.ones((1, 3))])",
    TWO_OUT + "m(np.ones((2, 3)))[1].dtype",
    SHARED + "(len(m.weights), [l.name for l in m.layers])",
    SHARED + "m.summary()",
    SHARED + FIX + "fix(m)([tf.ones((1, 3)), tf.ones((1, 3)) * 2.0])",
    SHARED + "m(tf.ones((1, 3)))",
    SHARED + "m({'a': tf.ones((1, 3)), 'b': tf.zeros((1, 3))}).shape",
    NESTED + "([l.name for l in m.layers], [v.path for v in m.weights])",
    NESTED + "m.summary()",
    NESTED + "m.summary(expand_nested=True)",
    NESTED + FIX + X3 + "fix(m)(x)",
    NESTED + "(m.count_params(), inner.count_params())",
    "a = tf.keras.Input((3,))\nb = tf.keras.Input((2,))\n"
    "tf.keras.Model(a, tf.keras.layers.Dense(1)(b))",
    "a = tf.keras.Input((3,))\ntf.keras.Model(a, [1.0])",
    "x = tf.keras.Input((3,), name='x')\ny = tf.keras.Input((2,), name='y')\n"
    "h = tf.keras.layers.Dense(2, name='h')(x)\nm = tf.keras.Model([x, y], h)\n"
    "[l.name for l in m.layers]",
    "x = tf.keras.Input((3,), name='x')\nh = tf.keras.layers.Dense(2, name='h')(x)\n"
    "m = tf.keras.Model({'feat': x}, {'out': h})\nm({'feat': tf.ones((2, 3))})['out'].shape",
    "x = tf.keras.Input((3,))\nd = tf.keras.layers.Dense(2)\ny = d(x)\n"
    "(len(d._inbound_nodes), y._keras_history[1:], d(x)._keras_history[1:])",
    "x = tf.keras.Input((3,))\ntf.keras.Model(x, tf.keras.layers.Dense(1)(x)).name",
    "tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])\n"
    "x = tf.keras.Input((3,))\n(x.name, tf.keras.Model(x, tf.keras.layers.Dense(1)(x)).name)",
    TRAINING_PROBE + "x = tf.keras.Input((2,))\nm = tf.keras.Model(x, Probe()(x))\n"
    "m(tf.ones((1, 2)))\nm(tf.ones((1, 2)), training=True)\nNone",
    MASKING + "x = tf.keras.Input((3,))\nm = tf.keras.Model(x, ShowMask()(MaskZeros()(x)))\n"
    "m(c([[1.0, 0.0, 2.0]]))",
]

SHARED_TWICE = (
    "x = tf.keras.Input((3,), name='x')\nd = tf.keras.layers.Dense(3, name='d')\n"
    "o = d(d(tf.keras.layers.Dense(3, name='e')(x)))\nm = tf.keras.Model(x, o)\n"
)
CONFIGS = [
    SHARED_TWICE + "c = m.get_config()\n"
    "({k: v for k, v in c.items() if k != 'layers'}, [l['name'] for l in c['layers']], "
    "[l['class_name'] for l in c['layers']])",
    SHARED_TWICE + "[(l['name'], str(l['inbound_nodes']), l.get('build_config')) "
    "for l in m.get_config()['layers']]",
    SHARED_TWICE + "m2 = tf.keras.Model.from_config(m.get_config())\n"
    "(type(m2).__name__, m2.name, [l.name for l in m2.layers], m2.count_params(), "
    "len(m2.get_layer('d')._inbound_nodes))",
    SHARED_TWICE + FIX + X3 + "fix(m)\nm2 = tf.keras.Model.from_config(m.get_config())\n"
    "m2.set_weights(m.get_weights())\nm2(x) - m(x)",
    TWO_OUT + "c = m.get_config()\n(c['input_layers'], c['output_layers'], c['name'])",
    TWO_OUT + "m2 = tf.keras.Model.from_config(m.get_config())\n"
    "(m2.name, [l.name for l in m2.layers], m2.output_shape)",
    SHARED + "c = m.get_config()\n(c['input_layers'], c['output_layers'], "
    "[len(l['inbound_nodes']) for l in c['layers']])",
]

LAYERS = [
    TRAINING_PROBE + "p = Probe()\np(tf.ones(1))\np(tf.ones(1), training=True)\nNone",
    TRAINING_PROBE + "class Outer(tf.keras.layers.Layer):\n"
    "    def __init__(self):\n        super().__init__()\n        self.p = Probe()\n"
    "    def call(self, x, training=None):\n        return self.p(x)\n"
    "o = Outer()\no(tf.ones(1))\no(tf.ones(1), training=True)\no(tf.ones(1), training=False)\nNone",
    TRAINING_PROBE + "class NoFlag(tf.keras.layers.Layer):\n"
    "    def __init__(self):\n        super().__init__()\n        self.p = Probe()\n"
    "    def call(self, x):\n        return self.p(x)\n"
    "NoFlag()(tf.ones(1), training=True)\nNone",
    TRAINING_PROBE + "m = tf.keras.Sequential([Probe()])\nm(tf.ones((1, 1)))\n"
    "m(tf.ones((1, 1)), training=True)\nm.predict(tf.ones((1, 1)), verbose=0)\nNone",
    TRAINING_PROBE + "class Default(tf.keras.layers.Layer):\n"
    "    def call(self, x, training=True):\n        print('default', training)\n        return x\n"
    "Default()(tf.ones(1))\nDefault()(tf.ones(1), training=False)\nNone",
    MASKING + "y = MaskZeros()(c([[1.0, 0.0, 3.0]]))\nShowMask()(y)\nShowMask()(c([[1.0]]))",
    MASKING + "y = MaskZeros()(c([[1.0, 0.0, 3.0]]))\n"
    "ShowMask()(y, mask=tf.constant([[True, True, False]]))",
    MASKING + "(MaskZeros().supports_masking, ShowMask().supports_masking, "
    "tf.keras.layers.Dense(2).supports_masking)",
    MASKING + "m = tf.keras.Sequential([MaskZeros(), ShowMask()])\nm(c([[0.0, 1.0]]))",
    "class W(tf.keras.layers.Layer):\n"
    "    def build(self, s):\n"
    "        self.w = tf.Variable(tf.ones((s[-1], 2)), name='w')\n"
    "        self.k = self.add_weight(shape=(2,), name='k', initializer='ones')\n"
    "    def call(self, x):\n        return x @ self.w + self.k\n"
    "l = W()\ny = l(tf.ones((1, 3)))\n([v.name for v in l.weights], l.count_params(), y)",
    "class W(tf.keras.layers.Layer):\n"
    "    def build(self, s):\n"
    "        self.ws = [self.add_weight(shape=(2,), name=f'w{i}') for i in range(2)]\n"
    "        self.d = {'a': self.add_weight(shape=(), name='a', trainable=False)}\n"
    "        self.k = self.add_weight(shape=(1,), name='k')\n"
    "    def call(self, x):\n        return x\n"
    "l = W()\nl(tf.ones((1, 3)))\n([v.name for v in l.weights], [v.name for v in l.trainable_weights])",
    "class L(tf.keras.layers.Layer):\n    def call(self, x):\n        return x\n"
    "l = L()\nl(tf.ones(1))\nl.extra = tf.keras.layers.Dense(2)",
    "class L(tf.keras.layers.Layer):\n    def build(self, s):\n        pass\n"
    "    def call(self, x):\n        return x\n"
    "l = L()\nl(tf.ones(1))\nl.add_weight(shape=(1,), name='late')",
    "class L(tf.keras.layers.Layer):\n"
    "    def __init__(self, units=2, act=None, **kw):\n"
    "        super().__init__(**kw)\n        self.units = units\n"
    "    def call(self, x):\n        return x\n"
    "l = L(5, name='mine')\n(sorted(l.get_config().items()), L.from_config(l.get_config()).units)",
    "class L(tf.keras.layers.Layer):\n"
    "    def __init__(self, obj, **kw):\n        super().__init__(**kw)\n"
    "L(object()).get_config()",
    "tf.keras.layers.Dense(2).count_params()",
    "d = tf.keras.layers.Dense(3, activation='relu', name='dd')\nc = d.get_config()\n"
    "(c['name'], c['units'], c['activation'], c['use_bias'], c['dtype'], c['trainable'], "
    "c['kernel_initializer']['class_name'], c['bias_initializer'])",
    "d = tf.keras.layers.Dense.from_config(tf.keras.layers.Dense(3, name='dd').get_config())\n"
    "(d.name, d.units, d.built)",
    "class S(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
    "        self.input_spec = tf.keras.layers.InputSpec(ndim=2)\n"
    "    def call(self, x):\n        return x\nS()(tf.ones((1, 2, 3)))",
    "class S(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
    "        self.input_spec = tf.keras.layers.InputSpec(max_ndim=2)\n"
    "    def call(self, x):\n        return x\nS()(tf.ones((1, 2, 3)))",
    "class S(tf.keras.layers.Layer):\n    def __init__(self):\n        super().__init__()\n"
    "        self.input_spec = tf.keras.layers.InputSpec(dtype='int32')\n"
    "    def call(self, x):\n        return x\nS()(tf.ones((1, 2)))",
    "tf.keras.layers.Dense(2)(tf.ones([3]))",
    "tf.keras.layers.Layer(trainable=1)",
    SUBCLASSED + "(m.name, m.built, m.weights)",
    SUBCLASSED + FIX + X3 + "m(x)\nfix(m)\n([v.path for v in m.weights], m(x))",
    SUBCLASSED + "m(tf.ones((2, 3)))\nm.summary()",
    SUBCLASSED + "m.summary()",
    SUBCLASSED + "m(tf.ones((2, 3)))\n(m.count_params(), [l.name for l in m.layers])",
]

CASES = SEQUENTIAL + FUNCTIONAL + CONFIGS + LAYERS
