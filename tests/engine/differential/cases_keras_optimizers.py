"""Keras 3's optimizers as TF 2.21 runs them: three updates of fixed variables from fixed
gradients for every optimizer and option (slots included, by path), float64 variables, sparse
(tf.gather) gradients, learning-rate schedules, get/config/learning_rate, and misuse."""

OPT = "tf.keras.optimizers."
W = "w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], name='w')\nb = tf.Variable([0.1, -0.3], name='b')\n"
W64 = (
    "w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], dtype=tf.float64, name='w')\n"
    "b = tf.Variable([0.1, -0.3], dtype=tf.float64, name='b')\n"
)
GRADS = "[[[0.5, -1.5], [0.2, 0.1]], [[1.0, 0.3], [-0.4, 0.2]], [[-0.3, 0.7], [0.9, -1.1]]]"


def steps(dtype="tf.float32", count=3):
    grads = GRADS if count == 3 else f"({GRADS} * 2)[:{count}]"
    return (
        f"for g in {grads}:\n"
        f"    g = tf.constant(g, {dtype})\n"
        "    opt.apply_gradients([(g, w), (g[0] * 2.0, b)])\n"
    )


RESULT = "(w.numpy(), b.numpy(), [(v.path, v.numpy()) for v in opt.variables])"

CONFIGS = [
    "SGD(0.1)",
    "SGD(0.1, momentum=0.9)",
    "SGD(0.1, momentum=0.9, nesterov=True)",
    "Adam(0.1)",
    "Adam(0.1, amsgrad=True)",
    "Adam(0.01, beta_1=0.8, beta_2=0.9, epsilon=1e-3)",
    "AdamW(0.1)",
    "AdamW(0.1, weight_decay=0.1, amsgrad=True)",
    "RMSprop(0.1)",
    "RMSprop(0.1, momentum=0.5)",
    "RMSprop(0.1, centered=True)",
    "RMSprop(0.1, rho=0.8, momentum=0.3, centered=True, epsilon=1e-3)",
    "Adagrad(0.1)",
    "Adagrad(0.1, initial_accumulator_value=0.5, epsilon=1e-3)",
    "Adadelta(1.0)",
    "Adadelta(0.5, rho=0.9, epsilon=1e-4)",
    "Adamax(0.1)",
    "Adamax(0.1, beta_1=0.5, beta_2=0.8)",
    "Nadam(0.1)",
    "Nadam(0.01, beta_1=0.8, beta_2=0.95)",
    "Ftrl(0.1)",
    "Ftrl(0.1, learning_rate_power=-0.7, l1_regularization_strength=0.01, "
    "l2_regularization_strength=0.02, l2_shrinkage_regularization_strength=0.03, beta=0.1)",
    "Ftrl(0.5, l1_regularization_strength=1.0)",
    "Lion(0.1)",
    "Lion(0.01, beta_1=0.5, beta_2=0.8)",
]

OPTIONS = [
    "SGD(0.1, clipnorm=0.5)",
    "Adam(0.1, clipnorm=0.5)",
    "SGD(0.1, clipvalue=0.4)",
    "RMSprop(0.1, clipvalue=0.4)",
    "SGD(0.1, global_clipnorm=1.0)",
    "Adagrad(0.1, global_clipnorm=1.0)",
    "SGD(0.1, weight_decay=0.1)",
    "RMSprop(0.1, weight_decay=0.05)",
    "Lion(0.1, weight_decay=0.2)",
    "SGD(0.1, loss_scale_factor=4.0)",
    "Nadam(0.1, loss_scale_factor=0.5)",
    "SGD(0.1, momentum=0.5, use_ema=True)",
    "Adam(0.1, use_ema=True, ema_momentum=0.5)",
    "SGD(0.1, use_ema=True, ema_momentum=0.9, ema_overwrite_frequency=2)",
    "SGD(0.1, gradient_accumulation_steps=2)",
    "Adam(0.1, gradient_accumulation_steps=2)",
    "Nadam(0.1, gradient_accumulation_steps=3)",
    "SGD(0.1, momentum=0.9, gradient_accumulation_steps=2, clipnorm=0.5, weight_decay=0.1)",
]

THREE_STEPS = [W + f"opt = {OPT}{config}\n" + steps() + RESULT for config in CONFIGS + OPTIONS]
FLOAT64 = [W64 + f"opt = {OPT}{config}\n" + steps("tf.float64") + RESULT for config in CONFIGS]
ACCUMULATE_LONGER = [
    W + f"opt = {OPT}{config}\n" + steps(count=5) + f"(opt.iterations, {RESULT})"
    for config in (
        "Adam(0.1, gradient_accumulation_steps=2)",
        "SGD(0.5, gradient_accumulation_steps=3)",
    )
]

SPARSE = [
    "table = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], name='table')\n"
    f"opt = {OPT}{config}\n"
    "for k in range(2):\n"
    "    with tf.GradientTape() as t:\n"
    "        y = tf.reduce_sum(tf.gather(table, [0, 2, 0]) * c([[1.0, -2.0], [0.5, 0.25], [3.0, 1.0]]))\n"
    "    g = t.gradient(y, table)\n"
    "    opt.apply_gradients([(g, table)])\n"
    "(type(g).__name__, table.numpy(), [v.numpy() for v in opt.variables[2:]])"
    for config in (
        "SGD(0.1)",
        "SGD(0.1, momentum=0.9, nesterov=True)",
        "Adam(0.1)",
        "RMSprop(0.1, momentum=0.5, centered=True)",
        "Adagrad(0.1)",
        "Adadelta(1.0)",
        "Adamax(0.1)",
        "Nadam(0.1)",
        "Ftrl(0.1)",
        "Lion(0.1)",
        "SGD(0.1, clipnorm=1.0)",
    )
]

S = OPT + "schedules."
SCHEDULES = [
    f"s = {S}{schedule}\n[s(step) for step in (0, 1, 2, 3, 5, 10, 100)]"
    for schedule in (
        "ExponentialDecay(0.1, decay_steps=3, decay_rate=0.5)",
        "ExponentialDecay(0.1, decay_steps=3, decay_rate=0.5, staircase=True)",
        "PiecewiseConstantDecay([2, 5], [0.1, 0.05, 0.01])",
        "PiecewiseConstantDecay([2], [1, 2])",
        "InverseTimeDecay(0.1, decay_steps=2, decay_rate=0.5)",
        "InverseTimeDecay(0.1, decay_steps=2, decay_rate=0.5, staircase=True)",
        "PolynomialDecay(0.1, decay_steps=5)",
        "PolynomialDecay(0.1, decay_steps=4, end_learning_rate=0.01, power=2.0, cycle=True)",
        "CosineDecay(0.1, decay_steps=6)",
        "CosineDecay(0.1, decay_steps=6, alpha=0.2)",
        "CosineDecay(0.0, decay_steps=6, warmup_target=0.2, warmup_steps=3)",
        "CosineDecayRestarts(0.1, first_decay_steps=3)",
        "CosineDecayRestarts(0.1, first_decay_steps=2, t_mul=1.0, m_mul=0.5, alpha=0.1)",
    )
] + [
    f"{S}ExponentialDecay(0.1, 3, 0.5).get_config()",
    f"{S}PiecewiseConstantDecay([2, 5], [0.1, 0.05, 0.01]).get_config()",
    f"{S}PolynomialDecay(0.1, 5).get_config()",
    f"{S}InverseTimeDecay(0.1, 2, 0.5).get_config()",
    f"{S}CosineDecay(0.1, 6, warmup_target=0.2, warmup_steps=3).get_config()",
    f"{S}CosineDecayRestarts(0.1, 3).get_config()",
    f"{S}ExponentialDecay(0.1, 0, 0.5)",
    f"{S}CosineDecay(0.1, -1)",
    f"{S}PiecewiseConstantDecay([2, 5], [0.1])",
    f"{S}ExponentialDecay(0.1, 3, 0.5)(tf.Variable(4, dtype=tf.int64))",
    f"s = {S}ExponentialDecay(0.1, 3, 0.5)\ns.from_config(s.get_config())(3)",
    W
    + f"opt = {OPT}SGD({S}ExponentialDecay(0.1, 1, 0.5))\n"
    + steps()
    + f"(opt.learning_rate, {RESULT})",
    W + f"opt = {OPT}Adam({S}PiecewiseConstantDecay([1], [0.1, 0.01]))\n" + steps() + RESULT,
    W + f"opt = {OPT}SGD({S}CosineDecay(0.1, 2), weight_decay=0.1)\n" + steps() + RESULT,
    f"opt = {OPT}SGD({S}ExponentialDecay(0.1, 3, 0.5))\nopt.learning_rate = 0.5",
    f"opt = {OPT}SGD({S}ExponentialDecay(0.1, 3, 0.5))\n(opt.get_config(), [v.path for v in opt.variables])",
    f"opt = {OPT}SGD(0.1)\nopt.learning_rate = {S}ExponentialDecay(0.1, 3, 0.5)\n"
    "([v.path for v in opt.variables], opt.learning_rate)",
]

STATE = [
    f"opt = {OPT}Adam(0.01)\n(opt.learning_rate, type(opt.learning_rate).__name__)",
    f"opt = {OPT}Adam(0.01)\nopt.learning_rate = 0.5\n(opt.learning_rate.numpy(), opt.learning_rate.dtype)",
    f"opt = {OPT}Adam(0.01)\nopt.learning_rate.assign(0.25)\nopt.learning_rate",
    f"opt = {OPT}SGD(learning_rate=lambda: 0.3)\n(opt.learning_rate, [v.path for v in opt.variables])",
    f"opt = {OPT}SGD(0.1)\nopt.learning_rate = lambda: 0.2\n([v.path for v in opt.variables], opt.learning_rate)",
    f"[(o.name, o.get_config()) for o in ({OPT}SGD(), {OPT}Adam(), {OPT}AdamW(), {OPT}RMSprop(), "
    f"{OPT}Adagrad(), {OPT}Adadelta(), {OPT}Adamax(), {OPT}Nadam(), {OPT}Ftrl(), {OPT}Lion())]",
    f"[{OPT}get(n).name for n in ('sgd', 'Adam', 'ADAMW', 'rmsprop', 'adagrad', 'adadelta', "
    "'adamax', 'nadam', 'ftrl', 'lion')]",
    f"type({OPT}get('RMSprop')).__name__",
    f"o = {OPT}Adam()\n{OPT}get(o) is o",
    f"{OPT}get(None)",
    f"{OPT}get('nope')",
    f"{OPT}get(3)",
    f"{OPT}get({{'class_name': 'SGD', 'config': {{'learning_rate': 0.5}}}}).get_config()['learning_rate']",
    f"o = {OPT}Adam(0.2, beta_1=0.5)\n{OPT}Adam.from_config(o.get_config()).get_config()",
    f"({OPT}SGD().name, {OPT}SGD().name, {OPT}SGD(name='mine').name)",
    f"opt = {OPT}Adam()\nopt.build([tf.Variable([1.0, 2.0], name='v'), tf.Variable(1.0, name='u')])\n"
    "[v.path for v in opt.variables]",
    f"opt = {OPT}Adam()\nopt.build([tf.Variable([1.0, 2.0])])\nopt.apply([c([0.5, 0.5])])\n"
    "[v.numpy() for v in opt.variables]",
    f"opt = {OPT}SGD(0.1)\nopt.build([tf.Variable([1.0, 2.0])])\nopt.apply([c([0.5, 0.5]), c(1.0)])",
    "d = tf.keras.layers.Dense(2, kernel_initializer='ones')\nd.build((None, 2))\n"
    f"opt = {OPT}RMSprop(0.1, momentum=0.2, centered=True)\n"
    "opt.apply_gradients(zip([tf.ones([2, 2]), tf.ones([2])], d.trainable_variables))\n"
    "([v.path for v in opt.variables], [v.name for v in opt.variables], d.kernel.numpy())",
    W
    + f"opt = {OPT}SGD(0.1)\nit = opt.apply_gradients([(c([1.0, 1.0]), b)])\n(it, type(it).__name__, opt.iterations)",
    W
    + f"opt = {OPT}Nadam(0.1)\nopt.apply_gradients([(c([1.0, 1.0]), b)])\n[(v.path, v.dtype) for v in opt.variables]",
    W + f"opt = {OPT}SGD(0.1, gradient_accumulation_steps=2)\nfor i in range(3):\n"
    "    opt.apply_gradients([(c([1.0, 1.0]), b)])\n(opt.iterations, opt._iterations)",
    "import warnings\n" + W + f"opt = {OPT}SGD(0.1)\n"
    "with warnings.catch_warnings(record=True) as caught:\n"
    "    warnings.simplefilter('always')\n"
    "    opt.apply_gradients([(None, w), (c([1.0, 1.0]), b)])\n"
    "([(w.category.__name__, str(w.message)) for w in caught], b.numpy())",
    "import warnings\nd = tf.keras.layers.Dense(2)\nd.build((None, 2))\n"
    f"opt = {OPT}Adam(0.1)\n"
    "with warnings.catch_warnings(record=True) as caught:\n"
    "    warnings.simplefilter('always')\n"
    "    opt.apply_gradients([(None, d.kernel), (c([1.0, 1.0]), d.bias)])\n"
    "[str(w.message) for w in caught]",
    W
    + f"opt = {OPT}SGD(0.1, momentum=0.5, use_ema=True)\n"
    + steps()
    + "opt.finalize_variable_values([w, b])\n(w.numpy(), b.numpy())",
]

STATE += [
    f"opt = {OPT}SGD(0.1, loss_scale_factor=8.0)\n(opt.scale_loss(c(2.0)), {OPT}SGD().scale_loss(c(2.0)))",
    f"opt = {OPT}Adam(0.1)\nw = tf.Variable([1.0, 2.0])\nopt.build([w])\n"
    "opt.set_weights([np.int64(3), np.float32(0.5), np.ones(2), np.full(2, 4.0)])\n"
    "opt.apply_gradients([(c([1.0, -1.0]), w)])\n(w.numpy(), [v.numpy() for v in opt.variables])",
    f"{OPT}SGD().set_weights([])",
]

ERRORS = [
    f"{OPT}SGD(0.1).apply_gradients([(None, tf.Variable(1.0))])",
    f"{OPT}SGD(learning_rate=1)",
    f"{OPT}Adam(foo=1)",
    f"{OPT}SGD(clipnorm=1.0, global_clipnorm=1.0)",
    f"{OPT}SGD(gradient_accumulation_steps=1)",
    f"{OPT}SGD(use_ema=True, ema_momentum=1.5)",
    f"{OPT}SGD(use_ema=True, ema_overwrite_frequency=0.5)",
    f"{OPT}AdamW(weight_decay=None)",
    f"{OPT}Lion(beta_1=0.0)",
    f"{OPT}Ftrl(initial_accumulator_value=-1.0)",
    f"{OPT}Ftrl(learning_rate_power=0.5)",
    f"{OPT}Ftrl(l1_regularization_strength=-0.1)",
    f"{OPT}Ftrl(l2_shrinkage_regularization_strength=-0.1)",
    f"{OPT}Adagrad(0.1).apply_gradients([(c([1.0, 2.0, 3.0]), tf.Variable([1.0, 2.0]))])",
    f"opt = {OPT}Adamax(0.1)\nopt.apply_gradients([(c(1.0), tf.Variable(1.0))])\n"
    "opt.apply_gradients([(c(1.0), tf.Variable(2.0, name='other'))])",
]

CASES = THREE_STEPS + FLOAT64 + ACCUMULATE_LONGER + SPARSE + SCHEDULES + STATE + ERRORS
