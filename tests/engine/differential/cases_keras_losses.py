"""Keras 3's losses as TF 2.21 computes them: every class and function form, reductions,
sample weights, from_logits, label smoothing, axes, gradients with respect to predictions,
configs, `get`, and misuse (TF's exception types)."""

L = "tf.keras.losses."
REG_T = "yt = c([[0.0, 1.0, 2.0], [1.5, -0.5, 0.25]])\n"
REG_P = "yp = c([[0.5, 0.8, 3.5], [1.0, 0.2, -0.75]])\n"
REG = REG_T + REG_P
PROB_T = "yt = c([[0.0, 1.0, 0.0], [0.2, 0.3, 0.5]])\n"
PROB_P = "yp = c([[0.1, 0.7, 0.2], [0.25, 0.25, 0.5]])\n"
PROB = PROB_T + PROB_P
BIN = (
    "yt = c([[0.0, 1.0], [1.0, 1.0], [0.0, 0.0]])\nyp = c([[0.2, 0.9], [0.6, 0.4], [0.05, 0.99]])\n"
)
LOGITS = (
    "yt = c([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0]])\nyp = c([[1.0, 2.5, -0.5], [0.3, -1.2, 0.8]])\n"
)
HINGE = "yt = c([[0.0, 1.0], [1.0, 0.0]])\nyp = c([[0.3, -0.8], [1.5, 0.2]])\n"
SPARSE = "yt = c([2, 0, 1])\nyp = c([[0.1, 0.2, 0.7], [0.6, 0.3, 0.1], [0.3, 0.3, 0.4]])\n"

CLASSES = {
    "MeanSquaredError()": REG,
    "MeanAbsoluteError()": REG,
    "MeanAbsolutePercentageError()": REG,
    "MeanSquaredLogarithmicError()": REG,
    "Huber()": REG,
    "Huber(delta=0.5)": REG,
    "LogCosh()": REG,
    "CosineSimilarity()": REG,
    "CosineSimilarity(axis=0)": REG,
    "KLDivergence()": PROB,
    "Poisson()": PROB,
    "CategoricalCrossentropy()": PROB,
    "CategoricalCrossentropy(label_smoothing=0.2)": PROB,
    "CategoricalCrossentropy(from_logits=True)": LOGITS,
    "CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)": LOGITS,
    "CategoricalCrossentropy(axis=0)": PROB,
    "BinaryCrossentropy()": BIN,
    "BinaryCrossentropy(label_smoothing=0.1)": BIN,
    "BinaryCrossentropy(from_logits=True)": LOGITS,
    "BinaryFocalCrossentropy()": BIN,
    "BinaryFocalCrossentropy(apply_class_balancing=True, alpha=0.4, gamma=1.5)": BIN,
    "BinaryFocalCrossentropy(from_logits=True, label_smoothing=0.1)": LOGITS,
    "CategoricalFocalCrossentropy()": PROB,
    "CategoricalFocalCrossentropy(from_logits=True, alpha=0.5, gamma=1.0)": LOGITS,
    "SparseCategoricalCrossentropy()": SPARSE,
    "SparseCategoricalCrossentropy(from_logits=True)": SPARSE,
    "SparseCategoricalCrossentropy(ignore_class=0)": SPARSE,
    "Hinge()": HINGE,
    "Hinge()#signed": "yt = c([[-1.0, 1.0], [1.0, -1.0]])\nyp = c([[0.3, -0.8], [1.5, 0.2]])\n",
    "SquaredHinge()": HINGE,
    "CategoricalHinge()": PROB,
}


def _make(config):
    return config.split("#")[0]


VALUES = [data + f"{L}{_make(cfg)}(yt, yp)" for cfg, data in CLASSES.items()]
REDUCTIONS = [
    data + f"{L}{_make(cfg).rstrip(')')}{', ' if _make(cfg)[-2] != '(' else ''}"
    f"reduction={reduction!r})(yt, yp)"
    for cfg, data in CLASSES.items()
    if "#" not in cfg
    for reduction in ("sum", "none", "mean")
]
WEIGHTED = [
    data
    + f"loss = {L}{_make(cfg)}\n"
    + "w = tf.linspace(0.5, 2.0, yp.shape[0])\n"
    + "(loss(yt, yp, sample_weight=w), loss(yt, yp, sample_weight=2.0))"
    for cfg, data in CLASSES.items()
    if "axis=0" not in cfg
]
GRADIENTS = [
    data
    + "with tf.GradientTape() as t:\n"
    + "    t.watch(yp)\n"
    + f"    loss = {L}{_make(cfg)}(yt, yp)\n"
    + "(loss, t.gradient(loss, yp))"
    for cfg, data in CLASSES.items()
]
FUNCTIONS = (
    [
        REG + f"{L}{fn}(yt, yp)"
        for fn in (
            "mse",
            "MSE",
            "mae",
            "MAE",
            "mape",
            "msle",
            "huber",
            "logcosh",
            "cosine_similarity",
        )
    ]
    + [
        PROB + f"{L}{fn}(yt, yp)"
        for fn in (
            "kld",
            "KLD",
            "kullback_leibler_divergence",
            "poisson",
            "categorical_crossentropy",
            "categorical_hinge",
            "categorical_focal_crossentropy",
        )
    ]
    + [
        BIN + f"{L}binary_crossentropy(yt, yp)",
        BIN + f"{L}binary_crossentropy(yt, yp, label_smoothing=0.2)",
        BIN + f"{L}binary_focal_crossentropy(yt, yp, gamma=3.0)",
        LOGITS + f"{L}binary_crossentropy(yt, yp, from_logits=True)",
        LOGITS + f"{L}categorical_crossentropy(yt, yp, from_logits=True, label_smoothing=0.3)",
        SPARSE + f"{L}sparse_categorical_crossentropy(yt, yp)",
        SPARSE + f"{L}sparse_categorical_crossentropy(yt, yp, from_logits=True, ignore_class=1)",
        HINGE + f"({L}hinge(yt, yp), {L}squared_hinge(yt, yp))",
        REG + f"{L}huber(yt, yp, delta=2.0)",
        REG + f"{L}cosine_similarity(yt, yp, axis=0)",
    ]
)

MORE = [
    # float64 and the loss's own dtype
    REG + f"{L}MeanSquaredError()(tf.cast(yt, tf.float64), tf.cast(yp, tf.float64))",
    REG + f"{L}Huber(dtype='float64')(yt, yp)",
    PROB + f"{L}CategoricalCrossentropy(dtype='float64')(yt, yp)",
    # rank matching, labels as ints, lists
    f"{L}MeanSquaredError()(c([1.0, 2.0]), c([[1.5], [1.0]]))",
    f"{L}MeanAbsoluteError()(np.array([[1, 2]]), np.array([[1.5, 1.0]]))",
    f"{L}BinaryCrossentropy()([[0.0], [1.0]], [[0.3], [0.8]])",
    f"{L}SparseCategoricalCrossentropy()(c([[1], [0]]), c([[0.2, 0.8], [0.9, 0.1]]))",
    f"{L}CategoricalCrossentropy()(c([[0, 1], [1, 0]]), c([[0.2, 0.8], [0.9, 0.1]]))",
    f"{L}KLDivergence()(c([[0.0, 1.0]]), c([[0.0, 1.0]]))",
    f"{L}MeanAbsolutePercentageError()(c([[0.0, 2.0]]), c([[1.0, 1.0]]))",
    f"{L}Poisson()(c([[1.0, 0.0]]), c([[0.0, 0.5]]))",
    # activations: the logits are used
    LOGITS + f"{L}CategoricalCrossentropy()(yt, tf.keras.activations.softmax(yp))",
    LOGITS + f"{L}BinaryCrossentropy()(yt, tf.keras.activations.sigmoid(yp))",
    LOGITS + f"{L}CategoricalCrossentropy()(yt, tf.nn.softmax(yp))",
    # weights of other shapes, and 3-D predictions
    REG + f"{L}MeanSquaredError()(yt, yp, sample_weight=c([[1.0, 0.0, 2.0], [0.5, 0.5, 0.5]]))",
    REG + f"{L}MeanSquaredError(reduction='sum')(yt, yp, sample_weight=c([[1.0], [0.0]]))",
    f"{L}CategoricalCrossentropy()(tf.one_hot([[0, 1], [2, 2]], 3), tf.fill([2, 2, 3], 1 / 3))",
    f"{L}MeanSquaredError(reduction=None)(c([[[1.0, 2.0]], [[0.0, 1.0]]]), c([[[0.5, 2.5]], [[1.0, 1.0]]]))",
    # names, configs, get
    "[o.name for o in (" + ", ".join(f"{L}{_make(k)}" for k in CLASSES if "#" not in k) + ")]",
    "[o.get_config() for o in ("
    + ", ".join(f"{L}{_make(k)}" for k in CLASSES if "#" not in k)
    + ")]",
    f"{L}Huber(delta=3.0, reduction='sum', name='h').get_config()",
    f"[type({L}get(n)).__name__ for n in ('MeanSquaredError', 'Huber', 'CategoricalCrossentropy', "
    "'SparseCategoricalCrossentropy', 'KLDivergence', 'CosineSimilarity')]",
    f"[{L}get(n).__name__ for n in ('mse', 'MAE', 'bce', 'kld', 'msle', 'mape', 'huber', "
    "'log_cosh', 'kl_divergence', 'mean_absolute_error', 'categorical_crossentropy', 'hinge')]",
    f"{L}get(None)",
    f"f = lambda a, b: a\n{L}get(f) is f",
    f"{L}get('nope')",
    f"{L}get(3)",
    f"{L}get('MeanSquaredError')(c([[1.0]]), c([[3.0]]))",
    "[hasattr(tf.keras.losses, n) for n in ('mean_squared_error', 'mean_absolute_error', 'log_cosh', "
    "'kl_divergence', 'logcosh', 'kld', 'huber', 'mse', 'MSE', 'mae', 'Huber', 'LogCosh')]",
    f"loss = {L}MeanSquaredError()\n(loss.reduction, loss.dtype, loss.name)",
    f"{L}MeanSquaredError(name='m').name",
    # misuse
    # (TF words this error with a set, whose order changes from run to run)
    f"try:\n    {L}MeanSquaredError(reduction='avg')\nexcept ValueError as e:\n"
    "    r = (type(e).__name__, str(e).split('.')[0], str(e).split('Received: ')[1])\nr",
    f"{L}MeanSquaredError()(c([[1.0, 2.0]]), c([[1.0, 2.0, 3.0]]))",
    f"{L}CategoricalCrossentropy()(c([[1.0, 0.0]]), c([[0.5, 0.3, 0.2]]))",
    f"{L}CategoricalCrossentropy()(c([1.0, 0.0]), c([[0.5, 0.5]]))",
    f"{L}BinaryCrossentropy()(c([[1.0, 0.0, 1.0]]), c([[0.5, 0.5]]))",
    f"{L}SparseCategoricalCrossentropy()(c([1, 0, 1]), c([[0.5, 0.5]]))",
    f"{L}categorical_crossentropy(c([[1.0, 0.0]]), c([[0.5, 0.5]]), axis=True)",
]

CASES = VALUES + REDUCTIONS + WEIGHTED + GRADIENTS + FUNCTIONS + MORE
