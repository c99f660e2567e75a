"""Keras 3's sequence layers as TF 2.21 runs them on a CPU: SimpleRNN, LSTM, GRU (reset_after
both ways), their cells and RNN(cell), Bidirectional, TimeDistributed, Embedding and Masking.
Forward values, final states, gradients with respect to inputs, initial states and weights,
masks, go_backwards, unroll, weight paths, configs and errors.

Weights are set from fixed arrays after build (`W(layer)`), since the engine's random
initializers draw other numbers than TF's.
"""

SETUP = (
    "x = c(np.cos(np.arange(24, dtype='float32') * 0.9).reshape(2, 4, 3))\n"
    "m = c([[True, True, False, True], [False, True, True, True]])\n"
    "def W(l, scale=0.5):\n"
    "    l.set_weights([np.sin(np.arange(w.size, dtype=w.dtype) * 0.7 + i).reshape(w.shape)"
    " * scale for i, w in enumerate(l.get_weights())])\n"
    "    return l\n"
)

RNNS = {
    "SimpleRNN": "tf.keras.layers.SimpleRNN(3{})",
    "LSTM": "tf.keras.layers.LSTM(3{})",
    "GRU": "tf.keras.layers.GRU(3{})",
    "GRU0": "tf.keras.layers.GRU(3, reset_after=False{})",
}

OPTIONS = [
    "",
    ", return_sequences=True",
    ", return_state=True",
    ", go_backwards=True",
    ", unroll=True",
    ", return_sequences=True, go_backwards=True, unroll=True",
    ", return_sequences=True, return_state=True",
]


def layer(kind, options=""):
    return RNNS[kind].format(options)


def built(kind, options=""):
    return SETUP + f"l = {layer(kind, options)}\nl.build((2, 4, 3))\nW(l)\n"


FORWARD = [built(kind, options) + "l(x)" for kind in RNNS for options in OPTIONS]

GRADIENTS = [
    built(kind, options)
    + "with tf.GradientTape() as t:\n    t.watch(x)\n"
    + "    y = tf.reduce_sum(tf.square(l(x)))\n"
    + "t.gradient(y, [x] + l.trainable_variables)"
    for kind in RNNS
    for options in ("", ", return_sequences=True", ", go_backwards=True, unroll=True")
]

MASKS = (
    [
        built(kind, options) + "l(x, mask=m)"
        for kind in RNNS
        for options in (
            ", return_sequences=True, return_state=True",
            ", return_sequences=True, unroll=True",
            ", go_backwards=True, return_state=True",
        )
    ]
    + [
        built(kind, ", return_sequences=True")
        + "with tf.GradientTape() as t:\n    t.watch(x)\n"
        + "    y = tf.reduce_sum(l(x, mask=m) ** 2)\n"
        + "t.gradient(y, [x] + l.trainable_variables)"
        for kind in ("LSTM", "GRU")
    ]
    + [
        built("LSTM") + "l(x, mask=np.array([[1, 1, 0, 0], [1, 0, 0, 0]]))",
        built("GRU", ", return_state=True") + "l(x, mask=c([[False] * 4, [True] * 4]))",
    ]
)

INITIAL_STATE = [
    built("LSTM", ", return_state=True")
    + "h0 = c(np.full((2, 3), 0.3, 'float32'))\nc0 = c(np.full((2, 3), -0.2, 'float32'))\n"
    + "l(x, initial_state=[h0, c0])",
    built("GRU") + "l(x, initial_state=c(np.full((2, 3), 0.4, 'float32')))",
    built("SimpleRNN") + "l(x, initial_state=[np.ones((2, 3))])",
    built("LSTM")
    + "h0 = c(np.full((2, 3), 0.3, 'float32'))\nc0 = c(np.full((2, 3), -0.2, 'float32'))\n"
    + "with tf.GradientTape() as t:\n    t.watch([h0, c0])\n"
    + "    y = tf.reduce_sum(l(x, initial_state=[h0, c0]))\n"
    + "t.gradient(y, [h0, c0])",
    built("GRU0")
    + "h0 = c(np.full((2, 3), 0.4, 'float32'))\n"
    + "with tf.GradientTape() as t:\n    t.watch(h0)\n"
    + "    y = tf.reduce_sum(l(x, initial_state=[h0]) ** 2)\n"
    + "t.gradient(y, h0)",
    built("LSTM")
    + "try:\n    l(x, initial_state=[c(np.zeros((2, 3), 'float32'))])\n"
    + "except IndexError as error:\n    r = type(error).__name__\nr",
]

CELLS = [
    SETUP + "cell = tf.keras.layers.LSTMCell(3)\nl = tf.keras.layers.RNN(cell, return_state=True)\n"
    "l.build((2, 4, 3))\nW(l)\n(l(x), [v.path for v in l.weights])",
    SETUP + "cell = tf.keras.layers.GRUCell(2, reset_after=False)\n"
    "l = tf.keras.layers.RNN(cell, return_sequences=True, go_backwards=True)\n"
    "l.build((2, 4, 3))\nW(l)\nl(x)",
    SETUP + "l = tf.keras.layers.RNN([tf.keras.layers.LSTMCell(3), tf.keras.layers.GRUCell(2)],"
    " return_state=True)\nl.build((2, 4, 3))\nW(l)\n(l(x), [v.path for v in l.weights])",
    SETUP + "cell = tf.keras.layers.LSTMCell(3)\ncell.build((2, 3))\nW(cell)\n"
    "cell(x[:, 0], [tf.ones((2, 3)), tf.zeros((2, 3))])",
    SETUP + "cell = tf.keras.layers.SimpleRNNCell(2, activation='relu')\ncell.build((2, 3))\n"
    "W(cell)\ncell(x[:, 1], [tf.ones((2, 2))])",
    SETUP + "cell = tf.keras.layers.GRUCell(2)\ncell.build((2, 3))\nW(cell)\n"
    "(cell(x[:, 1], tf.ones((2, 2))), cell.state_size, cell.output_size)",
    SETUP + "cell = tf.keras.layers.LSTMCell(4)\n(cell.state_size, cell.output_size, cell.name)",
    SETUP + "l = tf.keras.layers.RNN(tf.keras.layers.SimpleRNNCell(3), unroll=True)\n"
    "l.build((2, 4, 3))\nW(l)\nwith tf.GradientTape() as t:\n"
    "    y = tf.reduce_sum(l(x))\n[g.shape for g in t.gradient(y, l.trainable_variables)]",
    "tf.keras.layers.RNN(5)",
    SETUP + "x64 = tf.cast(x, 'float64') * (1 + 1e-12)\n"
    "l = tf.keras.layers.RNN([tf.keras.layers.SimpleRNNCell(2, dtype='float64')],"
    " dtype='float64')\nl.build((2, 4, 3))\nW(l)\n(l(x64), l.cell.dtype)",
    SETUP + "x64 = tf.cast(x, 'float64') * (1 + 1e-12)\n"
    "cells = [tf.keras.layers.GRUCell(2, dtype='float64'),"
    " tf.keras.layers.LSTMCell(2, dtype='float64')]\n"
    "l = tf.keras.layers.RNN(tf.keras.layers.StackedRNNCells(cells, dtype='float64'),"
    " dtype='float64', return_state=True)\nl.build((2, 4, 3))\nW(l)\nl(x64)",
    "cell = tf.keras.layers.LSTMCell(2)\ncell.build((None, 3))\n"
    "[(v.name, v.shape) for v in cell.weights]",
    "cell = tf.keras.layers.LSTMCell(2, unit_forget_bias=True)\ncell.build((None, 3))\n"
    "cell.bias.numpy()",
    "cell = tf.keras.layers.LSTMCell(2, unit_forget_bias=False, bias_initializer='ones')\n"
    "cell.build((None, 3))\ncell.bias.numpy()",
]

LAYER_FACTS = (
    [
        f"l = {layer(kind)}\nl.build((None, 4, 3))\n"
        "[(v.path, v.name, v.value.name, tuple(v.shape)) for v in l.weights]"
        for kind in RNNS
    ]
    + [
        f"l = {layer(kind, options)}\nl.compute_output_shape((None, 4, 3))"
        for kind in ("LSTM", "GRU", "SimpleRNN")
        for options in ("", ", return_sequences=True, return_state=True")
    ]
    + [
        "l = tf.keras.layers.LSTM(3, return_sequences=True, go_backwards=True, unroll=True)\n"
        "cfg = l.get_config()\n"
        "{k: cfg[k] for k in ['name', 'units', 'activation', 'recurrent_activation', 'use_bias',"
        " 'unit_forget_bias', 'dropout', 'recurrent_dropout', 'return_sequences', 'return_state',"
        " 'go_backwards', 'stateful', 'unroll', 'zero_output_for_mask', 'seed', 'trainable']}",
        "l = tf.keras.layers.GRU(3, reset_after=False, activation='relu')\ncfg = l.get_config()\n"
        "({k: cfg[k] for k in ['name', 'units', 'activation', 'reset_after', 'use_bias']},"
        " cfg['dtype']['config'])",
        "l = tf.keras.layers.SimpleRNN(2)\ncfg = l.get_config()\n"
        "(sorted(cfg), cfg['recurrent_initializer']['class_name'], cfg['bias_initializer'])",
        "l = tf.keras.layers.LSTM(3)\n(l.units, l.activation.__name__, l.recurrent_activation.__name__,"
        " l.use_bias, l.unit_forget_bias, l.dropout, l.cell.name, l.name)",
        "l = tf.keras.layers.LSTM(3, dropout=0.2, recurrent_dropout=0.1)\n"
        "(l.dropout, l.recurrent_dropout, l.cell.implementation)",
        "l = tf.keras.layers.GRU(3)\nl.build((None, 5, 2))\n(l.cell.bias.shape, l.reset_after)",
        "a = tf.keras.layers.LSTM(2)\nb = tf.keras.layers.LSTM(2)\nc_ = tf.keras.layers.GRU(2)\n"
        "(a.name, b.name, c_.name, a.cell.name, c_.cell.name)",
        "l = tf.keras.layers.LSTM(3, dtype='float64')\ny = l(np.ones((1, 2, 3), 'float32'))\n"
        "(y.dtype, l.cell.kernel.dtype)",
        SETUP
        + "l = tf.keras.layers.LSTM(3, dropout=0.5, recurrent_dropout=0.5)\nl.build((2, 4, 3))\n"
        "W(l)\nl(x, training=False)",
        SETUP + "l = tf.keras.layers.GRU(3, recurrent_dropout=0.3)\nl.build((2, 4, 3))\nW(l)\nl(x)",
        "l = tf.keras.layers.LSTM(3)\ny = l(np.ones((2, 4, 5), 'float32'))\n"
        "[v.path for v in l.trainable_variables]",
        "l = tf.keras.layers.LSTM(3, trainable=False)\nl.build((None, 2, 2))\n"
        "(len(l.trainable_weights), len(l.non_trainable_weights))",
    ]
)

MODELS = [
    SETUP + "model = tf.keras.Sequential([tf.keras.Input((4, 3)),"
    " tf.keras.layers.LSTM(3, return_sequences=True), tf.keras.layers.GRU(2),"
    " tf.keras.layers.Dense(1)])\nfor l in model.layers:\n    W(l)\n"
    "with tf.GradientTape() as t:\n    y = tf.reduce_mean(model(x) ** 2)\n"
    "(y, t.gradient(y, model.trainable_variables), [v.path for v in model.weights])",
    SETUP + "model = tf.keras.Sequential([tf.keras.Input((4, 3)),"
    " tf.keras.layers.SimpleRNN(4, return_sequences=True),"
    " tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2))])\n"
    "for l in model.layers:\n    W(l)\nmodel(x)",
    SETUP + "l = W(tf.keras.layers.LSTM(3))\n",  # set_weights before build: an error
    SETUP + "l = tf.keras.layers.LSTM(3)\nl.build((2, 4, 3))\nW(l, 3.0)\n"
    "with tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.reduce_sum(l(x))\n"
    "t.gradient(y, x)",
]

BIDIRECTIONAL = (
    [
        built("LSTM", ", return_sequences=True").replace(
            f"l = {layer('LSTM', ', return_sequences=True')}\n",
            f"l = tf.keras.layers.Bidirectional({layer('LSTM', ', return_sequences=True')},"
            f" merge_mode={mode!r})\n",
        )
        + "l(x)"
        for mode in ("concat", "sum", "mul", "ave", None)
    ]
    + [
        SETUP + f"l = tf.keras.layers.Bidirectional({layer(kind, options)})\n"
        "l.build((2, 4, 3))\nW(l)\n" + tail
        for kind, options, tail in (
            ("GRU", "", "[v.path for v in l.weights]"),
            ("GRU", ", return_state=True", "l(x)"),
            ("LSTM", ", return_state=True, return_sequences=True", "l(x)"),
            ("SimpleRNN", ", return_sequences=True", "l(x, mask=m)"),
            ("LSTM", "", "l(x, mask=m)"),
            (
                "GRU0",
                ", return_sequences=True",
                "with tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.reduce_sum(l(x) ** 2)\n"
                "t.gradient(y, [x] + l.trainable_variables)",
            ),
            (
                "LSTM",
                "",
                "with tf.GradientTape() as t:\n    y = tf.reduce_sum(l(x))\n"
                "t.gradient(y, l.trainable_variables)",
            ),
            ("LSTM", "", "l.compute_output_shape((2, 4, 3))"),
            (
                "GRU",
                ", return_sequences=True, return_state=True",
                "l.compute_output_shape((2, 4, 3))",
            ),
        )
    ]
    + [
        SETUP + "l = tf.keras.layers.Bidirectional(tf.keras.layers.GRU(3, return_state=True,"
        " return_sequences=True), merge_mode=None)\nl.build((2, 4, 3))\nW(l)\nl(x)",
        SETUP + "l = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), backward_layer="
        "tf.keras.layers.LSTM(2, go_backwards=True, name='back'))\nl.build((2, 4, 3))\nW(l)\n"
        "(l(x), [v.path for v in l.weights])",
        SETUP + "l = tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2, return_state=True))\n"
        "l.build((2, 4, 3))\nW(l)\nh = [c(np.full((2, 2), v, 'float32')) for v in (0.1, 0.2, 0.3, 0.4)]\n"
        "l(x, initial_state=h)",
        "tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(3), merge_mode='max')",
        "tf.keras.layers.Bidirectional('lstm')",
        "tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), backward_layer=tf.keras.layers.LSTM(2))",
        "tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2), backward_layer="
        "tf.keras.layers.LSTM(2, go_backwards=True, return_sequences=True))",
        "l = tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2))\n"
        "(l.name, l.forward_layer.name, l.backward_layer.name, l.backward_layer.go_backwards,"
        " l.forward_layer.zero_output_for_mask, l.merge_mode)",
        "l = tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2, return_sequences=True))\n"
        "(l.forward_layer.zero_output_for_mask, l.return_sequences)",
    ]
)

TIME_DISTRIBUTED = [
    SETUP + "l = tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2))\n"
    "l.build((2, 4, 3))\nW(l)\n(l(x), [v.path for v in l.weights])",
    SETUP + "l = tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2, activation='tanh'))\n"
    "l.build((2, 4, 3))\nW(l)\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.reduce_sum(l(x) ** 2)\nt.gradient(y, [x] + l.trainable_variables)",
    "l = tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2))\n"
    "l.compute_output_shape((None, 5, 3))",
    "tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2))(np.ones((2, 3), 'float32'))",
    "tf.keras.layers.TimeDistributed('dense')",
]

IDS = "ids = c([[1, 0, 5, 2], [3, 3, 0, 0]])\n"
EMBEDDING = [
    IDS + "e = tf.keras.layers.Embedding(6, 3)\ne.build()\n"
    "e.set_weights([np.arange(18, dtype='float32').reshape(6, 3) / 10])\ne(ids)",
    IDS + "e = tf.keras.layers.Embedding(6, 3, mask_zero=True)\n(e.compute_mask(ids),"
    " e.compute_mask(ids).dtype)",
    IDS + "e = tf.keras.layers.Embedding(6, 3)\ne.compute_mask(ids)",
    IDS + "e = tf.keras.layers.Embedding(6, 2)\ne.build()\n"
    "e.set_weights([np.arange(12, dtype='float32').reshape(6, 2)])\n"
    "with tf.GradientTape() as t:\n    y = tf.reduce_sum(e(ids) ** 2)\n"
    "g = t.gradient(y, e.trainable_variables)[0]\n(type(g).__name__, g)",
    IDS + "e = tf.keras.layers.Embedding(6, 2)\ne.build()\n"
    "with tf.GradientTape() as t:\n    y = tf.reduce_sum(e(ids))\n"
    "tf.convert_to_tensor(t.gradient(y, e.embeddings))",
    "e = tf.keras.layers.Embedding(5, 2)\ne.build()\ne.set_weights([np.eye(5, 2, dtype='float32')])"
    "\ne(c([[1, -1, -5]]))",
    "e = tf.keras.layers.Embedding(5, 3)\ntry:\n    e(c([[1, 7]]))\n"
    "except tf.errors.InvalidArgumentError as error:\n"
    "    r = (type(error).__name__, 'indices[0,1] = 7 is not in [0, 5)' in str(error))\nr",
    "e = tf.keras.layers.Embedding(5, 3)\ntry:\n    e(c([[1, -7]]))\n"
    "except tf.errors.InvalidArgumentError as error:\n"
    "    r = (type(error).__name__, 'indices[0,1] = -2 is not in [0, 5)' in str(error))\nr",
    "e = tf.keras.layers.Embedding(5, 2)\ne.build()\ne.set_weights([np.eye(5, 2, dtype='float32')])"
    "\ne(np.array([[1.0, 4.0]]))",
    "e = tf.keras.layers.Embedding(5, 2)\ny = e(np.array([[1, 4]], 'int64'))\n"
    "(y.shape, y.dtype, [(v.path, v.shape) for v in e.weights])",
    "tf.keras.layers.Embedding(0, 3)",
    "tf.keras.layers.Embedding(3, 2.5)",
    "e = tf.keras.layers.Embedding(7, 4, mask_zero=True)\ncfg = e.get_config()\n"
    "({k: cfg[k] for k in ['name', 'input_dim', 'output_dim', 'mask_zero']},"
    " cfg['embeddings_initializer']['class_name'], e.compute_output_shape((None, 5)))",
    "e = tf.keras.layers.Embedding(4, 2)\ne.embeddings",
    "e = tf.keras.layers.Embedding(4, 2, weights=[np.ones((4, 2))])\ne(c([[0, 3]]))",
    IDS + "e = tf.keras.layers.Embedding(6, 3, mask_zero=True)\ne.build()\n"
    "e.set_weights([np.arange(18, dtype='float32').reshape(6, 3) / 10])\n"
    "l = tf.keras.layers.LSTM(2, return_sequences=True)\nl.build((2, 4, 3))\n"
    "l.set_weights([np.full(w.shape, 0.3, 'float32') for w in l.get_weights()])\n"
    "l(e(ids), mask=e.compute_mask(ids))",
]

MASKING = [
    "x = c([[[1.0, 2.0], [0.0, 0.0], [3.0, 0.0]]])\nl = tf.keras.layers.Masking()\n"
    "(l(x), l.compute_mask(x))",
    "x = c([[[1.0, 2.0], [-1.0, -1.0]], [[-1.0, -1.0], [0.5, 0.5]]])\n"
    "l = tf.keras.layers.Masking(mask_value=-1.0)\n"
    "r = tf.keras.layers.GRU(2)\nr.build((2, 2, 2))\n"
    "r.set_weights([np.full(w.shape, 0.2, 'float32') for w in r.get_weights()])\n"
    "r(l(x), mask=l.compute_mask(x))",
]

ERRORS = [
    "try:\n    tf.keras.layers.RNN(tf.keras.layers.LSTMCell(3))(np.ones((2, 4), 'float32'))\n"
    "except tf.errors.InvalidArgumentError as error:\n"
    "    r = (type(error).__name__, 'Index out of range using input dim 2' in str(error))\nr",
    "tf.keras.layers.LSTM(3)(np.ones((2, 4), 'float32'))",
    "tf.keras.layers.GRU(3)(np.ones((2, 4, 5, 6), 'float32'))",
    "tf.keras.layers.SimpleRNN(3)(np.ones((2, 4), 'float32'))",
    "tf.keras.layers.LSTM(0)",
    "tf.keras.layers.GRU(-2)",
    "tf.keras.layers.SimpleRNN(0)",
    "tf.keras.layers.GRU(3, use_cudnn='yes')",
    "l = tf.keras.layers.LSTM(3)\nl(np.ones((2, 4, 5), 'float32'))\n"
    "try:\n    l(np.ones((2, 4, 6), 'float32'))\n"
    "except tf.errors.InvalidArgumentError as error:\n"
    "    r = (type(error).__name__, 'Matrix size-incompatible' in str(error))\nr",
    "l = tf.keras.layers.LSTM(3)\ntry:\n"
    "    l(np.ones((2, 4, 5), 'float32'), initial_state=[np.zeros((2, 3), 'float32')])\n"
    "except IndexError as error:\n    r = type(error).__name__\nr",
    "l = tf.keras.layers.GRU(2)\ntry:\n"
    "    l(np.ones((2, 4, 5), 'float32'), initial_state=[np.zeros((2, 3), 'float32')])\n"
    "except tf.errors.InvalidArgumentError as error:\n"
    "    r = (type(error).__name__, 'Incompatible shapes' in str(error))\nr",
]

MINIMAL_CELL = (
    "class MinimalRNNCell(tf.keras.layers.Layer):\n"
    "    def __init__(self, units, **kwargs):\n"
    "        super().__init__(**kwargs)\n"
    "        self.units = units\n"
    "        self.state_size = units\n"
    "    def build(self, input_shape):\n"
    "        self.kernel = self.add_weight(shape=(input_shape[-1], self.units),"
    " initializer='ones', name='kernel')\n"
    "        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units),"
    " initializer='ones', name='recurrent_kernel')\n"
    "    def call(self, inputs, states):\n"
    "        h = tf.matmul(inputs, self.kernel)\n"
    "        output = tf.tanh(h + tf.matmul(states[0], self.recurrent_kernel) * 0.1)\n"
    "        return output, [output]\n"
)

CUSTOM_AND_TRAINING = [
    SETUP + MINIMAL_CELL + "l = tf.keras.layers.RNN(MinimalRNNCell(2), return_sequences=True)\n"
    "(l(x), [v.path for v in l.weights])",
    SETUP + MINIMAL_CELL + "l = tf.keras.layers.RNN([MinimalRNNCell(2), MinimalRNNCell(3)],"
    " return_state=True)\nl(x)",
    SETUP + MINIMAL_CELL + "l = tf.keras.layers.RNN(MinimalRNNCell(2))\n"
    "with tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.reduce_sum(l(x))\n"
    "t.gradient(y, [x] + l.trainable_variables)",
    SETUP + "l = tf.keras.layers.LSTM(3, dropout=0.5, recurrent_dropout=0.3)\n"
    "(l(x, training=True).shape, l(x).shape, l.cell.implementation)",
    SETUP + "l = tf.keras.layers.GRU(3, dropout=0.2)\ny = l(x, training=True)\n"
    "(y.shape, y.dtype, l.cell.implementation)",
    SETUP + "l = tf.keras.layers.Bidirectional(tf.keras.layers.SimpleRNN(2, dropout=0.3,"
    " recurrent_dropout=0.3))\nl(x, training=True).shape",
    "model = tf.keras.Sequential([tf.keras.layers.Embedding(10, 4), tf.keras.layers.LSTM(8),"
    " tf.keras.layers.Dense(1)])\ny = model(np.array([[1, 2, 3]]))\n"
    "(y.shape, [(v.path, tuple(v.shape)) for v in model.weights])",
    "model = tf.keras.Sequential([tf.keras.Input((5,)), tf.keras.layers.Embedding(10, 4,"
    " mask_zero=True), tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(8,"
    " return_sequences=True)), tf.keras.layers.Dense(1)])\n"
    "([v.path for v in model.weights], model.layers[1].compute_output_shape((None, 5)))",
    SETUP + "l = tf.keras.layers.LSTM(3)\nl.build((2, 4, 3))\nW(l)\n"
    "l(x, [np.zeros((2, 3), 'float32'), np.ones((2, 3), 'float32')])",
    SETUP + "l = tf.keras.layers.GRU(2, return_sequences=True)\nl.build((2, 4, 3))\nW(l)\n"
    "l(x.numpy().tolist())",
    SETUP + "l = tf.keras.layers.SimpleRNN(2)\nl.build((2, 4, 3))\nW(l)\nl(tf.cast(x, 'float64'))",
]

TRAIN = (
    "opt = tf.keras.optimizers.SGD(0.5)\nlosses = []\nfor _ in range(3):\n"
    "    with tf.GradientTape() as t:\n"
    "        loss = tf.reduce_mean(tf.square(model(inputs) - target))\n"
    "    grads = t.gradient(loss, model.trainable_variables)\n"
    "    opt.apply_gradients(zip(grads, model.trainable_variables))\n"
    "    losses.append(loss)\n(losses, model.get_weights())"
)

TRAINING_LOOPS = [
    SETUP + "model = tf.keras.Sequential([tf.keras.Input((4, 3)), tf.keras.layers.LSTM(3),"
    " tf.keras.layers.Dense(1)])\nfor l in model.layers:\n    W(l)\n"
    "inputs, target = x, c([[0.5], [-0.5]])\n" + TRAIN,
    "model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Embedding(6, 3),"
    " tf.keras.layers.Bidirectional(tf.keras.layers.GRU(2)), tf.keras.layers.Dense(1)])\n"
    "model.set_weights([np.sin(np.arange(w.size, dtype='float32') + i).reshape(w.shape) * 0.5"
    " for i, w in enumerate(model.get_weights())])\n"
    "inputs, target = c([[1, 2, 0, 5], [3, 3, 4, 1]]), c([[1.0], [0.0]])\n" + TRAIN,
]

CASES = (
    FORWARD
    + GRADIENTS
    + MASKS
    + INITIAL_STATE
    + CELLS
    + LAYER_FACTS
    + MODELS
    + BIDIRECTIONAL
    + TIME_DISTRIBUTED
    + EMBEDDING
    + MASKING
    + ERRORS
    + CUSTOM_AND_TRAINING
    + TRAINING_LOOPS
)
