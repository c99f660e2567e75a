"""Keras 3's attention layers as TF 2.21 runs them: MultiHeadAttention (outputs, attention
scores, value/key/attention/causal masks, key and value of their own sizes, output_shape,
attention_axes, use_bias, its EinsumDense weights' paths), Attention (dot and concat scores,
use_scale, masks, causal), EinsumDense; gradients with respect to inputs and weights; errors.

Weights are set from fixed arrays after build (`W(layer)`)."""

SETUP = (
    "q = c(np.cos(np.arange(40, dtype='float32') * 0.7).reshape(2, 4, 5))\n"
    "v = c(np.sin(np.arange(30, dtype='float32') * 0.4).reshape(2, 3, 5))\n"
    "k = c(np.sin(np.arange(36, dtype='float32') * 0.3).reshape(2, 3, 6))\n"
    "vm = c([[True, False, True], [True, True, False]])\n"
    "def W(l, scale=0.5):\n"
    "    l.set_weights([np.sin(np.arange(w.size, dtype=w.dtype) * 0.7 + i).reshape(w.shape)"
    " * scale for i, w in enumerate(l.get_weights())])\n"
    "    return l\n"
)

MHA = "tf.keras.layers.MultiHeadAttention"


def mha(args, call, tail="y", build="(q, v)"):
    """A built MultiHeadAttention with fixed weights, called on `call`."""
    return SETUP + f"l = {MHA}({args})\nl{build}\nW(l)\ny = l{call}\n{tail}"


GRAD = (
    "with tf.GradientTape() as t:\n    t.watch([q, v])\n"
    "    y = l{call}\n    s = tf.reduce_sum(tf.nest.flatten(y)[0] ** 2)\n"
    "t.gradient(s, [q, v] + l.trainable_variables)"
)

MULTI_HEAD = [
    mha("2, 3", "(q, v)"),
    mha("2, 3", "(q, v, return_attention_scores=True)"),
    mha("2, 3, value_dim=4, output_shape=7", "(q, v, k)", build="(q, v, k)"),
    mha("2, 3", "(q, q, use_causal_mask=True)", build="(q, q)"),
    mha("2, 3", "(q, q, use_causal_mask=True, return_attention_scores=True)", build="(q, q)"),
    mha("2, 3", "(q, v, value_mask=vm)"),
    mha("2, 3", "(q, v, value_mask=vm, return_attention_scores=True)"),
    mha("2, 3, use_bias=False", "(q, v, attention_mask=np.array([[[1, 0, 1]] * 4] * 2, bool))"),
    mha(
        "1, 2",
        "(q, q, value_mask=np.array([[1, 1, 1, 0], [1, 1, 0, 0]], bool), use_causal_mask=True)",
        build="(q, q)",
    ),
    mha("2, 3", "(q, v, key_mask=vm, return_attention_scores=True)"),
    mha("1, 4, output_shape=(2, 3)", "(q, v)"),
    mha("3, 2, value_dim=1", "(q, v, k, return_attention_scores=True)", build="(q, v, k)"),
    SETUP + f"q4 = tf.reshape(q, (2, 2, 2, 5))\nl = {MHA}(2, 3, attention_axes=(2,))\n"
    "l(q4, q4)\nW(l)\nl(q4, q4, return_attention_scores=True)",
    SETUP + f"q4 = tf.reshape(q, (2, 2, 2, 5))\nl = {MHA}(2, 3)\nl(q4, q4)\nW(l)\n"
    "(l(q4, q4), l(q4, q4, return_attention_scores=True)[1].shape)",
    SETUP + f"l = {MHA}(2, 3)\nl(q, v)\nW(l)\n" + GRAD.format(call="(q, v)"),
    SETUP
    + f"l = {MHA}(2, 3)\nl(q, v)\nW(l)\n"
    + GRAD.format(call="(q, v, value_mask=vm, return_attention_scores=True)"),
    SETUP + f"l = {MHA}(1, 3)\nl(q, q)\nW(l)\n" + GRAD.format(call="(q, q, use_causal_mask=True)"),
    SETUP + f"l = {MHA}(2, 3, value_dim=4, output_shape=7)\nl(q, v, k)\n"
    "[(w.path, w.name, tuple(w.shape)) for w in l.weights]",
    SETUP + f"l = {MHA}(2, 3, use_bias=False)\nl(q, v)\n[w.path for w in l.weights]",
    SETUP + f"l = {MHA}(2, 3)\nl(q, v)\n"
    "(l.num_heads, l.key_dim, l.value_dim, l.dropout, l.use_bias, l.attention_axes,"
    " l.query_dense.name, l.output_dense.name, l.query_dense.equation,"
    " l.output_dense.equation, l.query_dense.bias_axes)",
    SETUP + f"l = {MHA}(2, 3, dropout=0.5)\nl(q, v)\nW(l)\n"
    "(l(q, v, training=False), l(q, v, return_attention_scores=True)[1])",
    f"l = {MHA}(2, 3, value_dim=4, output_shape=(7,))\n"
    "(l.compute_output_shape((None, 4, 5), (None, 3, 5)), l.get_config()['value_dim'],"
    " l.get_config()['output_shape'], l.get_config()['attention_axes'])",
    f"l = {MHA}(4, 8, name='att')\ncfg = l.get_config()\n"
    "({k: cfg[k] for k in ['name', 'num_heads', 'key_dim', 'value_dim', 'dropout', 'use_bias',"
    " 'output_shape', 'attention_axes', 'seed', 'use_gate', 'sliding_window']},"
    " cfg['kernel_initializer']['class_name'])",
    f"{MHA}(0, 2)",
    f"{MHA}(2, 0)",
    f"{MHA}(2, 2, value_dim=-1)",
    f"{MHA}(2, 2, attention_axes='x')",
    SETUP + f"l = {MHA}(2, 3)\nl(q, v, k[:, :2])",
    SETUP + f"l = {MHA}(2, 3)\nl(q, v)\nl.built",
    SETUP + f"l = {MHA}(2, 3)\nm = {MHA}(2, 3)\n(l.name, m.name, tf.keras.layers.Dense(2).name)",
]

ATT = "tf.keras.layers.Attention"


def att(args, call, tail="y"):
    return SETUP + f"l = {ATT}({args})\nl([q, v])\nW(l)\ny = l{call}\n{tail}"


ATTENTION = [
    SETUP + f"{ATT}()([q, v])",
    SETUP + f"{ATT}()([q, v, v * 2.0], return_attention_scores=True)",
    att("use_scale=True", "([q, v], return_attention_scores=True)"),
    att("score_mode='concat'", "([q, v])"),
    att("score_mode='concat', use_scale=True", "([q, v], return_attention_scores=True)"),
    SETUP + f"{ATT}()([q, v], mask=[c([[True, True, False, True], [True] * 4]), vm])",
    SETUP + f"{ATT}()([q, q], use_causal_mask=True, return_attention_scores=True)",
    SETUP + f"{ATT}()([q, v], mask=[None, vm], return_attention_scores=True)",
    SETUP + f"{ATT}()([q, q], mask=[None, c([[True] * 4, [True, False] * 2])],"
    " use_causal_mask=True)",
    SETUP + f"l = {ATT}(use_scale=True, score_mode='concat')\nl([q, v])\nW(l)\n"
    "with tf.GradientTape() as t:\n    t.watch([q, v])\n"
    "    y = tf.reduce_sum(l([q, v]) ** 2)\nt.gradient(y, [q, v] + l.trainable_variables)",
    SETUP + f"l = {ATT}()\nwith tf.GradientTape() as t:\n    t.watch([q, v])\n"
    "    y = tf.reduce_sum(l([q, v], mask=[None, vm]) ** 2)\nt.gradient(y, [q, v])",
    SETUP + f"l = {ATT}(use_scale=True, score_mode='concat')\nl([q, v])\n"
    "[(w.path, w.shape, w.numpy()) for w in l.weights]",
    SETUP + f"l = {ATT}()\n(l([q, v]).shape, l.compute_output_shape([(2, 4, 5), (2, 3, 5)]),"
    " l.weights, l.compute_mask([q, v], [vm, vm]))",
    f"cfg = {ATT}(use_scale=True, dropout=0.1).get_config()\n"
    "{k: cfg[k] for k in ['name', 'use_scale', 'score_mode', 'dropout', 'seed']}",
    f"{ATT}(score_mode='add')",
    SETUP + f"{ATT}()(q)",
    SETUP + f"{ATT}()([q])",
    SETUP + f"try:\n    {ATT}()([q, v], mask=vm)\nexcept ValueError as error:\n"
    "    r = (type(error).__name__, 'mask must be a list' in str(error))\nr",
]

EINSUM_DENSE = [
    SETUP + "l = tf.keras.layers.EinsumDense('abc,cd->abd', output_shape=(None, 3),"
    " bias_axes='d')\nl.build((2, 4, 5))\nW(l)\n(l(q), [(w.path, w.shape) for w in l.weights])",
    SETUP + "l = tf.keras.layers.EinsumDense('abc,cde->abde', output_shape=(None, 2, 3),"
    " bias_axes='de', activation='relu')\nl.build((2, 4, 5))\nW(l)\n"
    "with tf.GradientTape() as t:\n    t.watch(q)\n    y = tf.reduce_sum(l(q) ** 2)\n"
    "(l.compute_output_shape((2, 4, 5)), t.gradient(y, [q] + l.trainable_variables))",
    SETUP + "l = tf.keras.layers.EinsumDense('...b,bc->...c', output_shape=2)\n"
    "l.build((2, 4, 5))\nW(l)\n(l(q), l.kernel.shape)",
    SETUP + "l = tf.keras.layers.EinsumDense('ab,bc->ac', output_shape=3, bias_axes='x')\n"
    "l.build((2, 5))",
    "tf.keras.layers.EinsumDense('abc', output_shape=3).build((2, 5))",
]

CASES = MULTI_HEAD + ATTENTION + EINSUM_DENSE
