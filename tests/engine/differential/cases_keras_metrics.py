"""Keras 3's metrics as TF 2.21 computes them: results after several update_state calls, with
and without sample weights, reset_state, __call__, their variables (paths, names, values),
default names, configs, `get`, and misuse."""

M = "tf.keras.metrics."

BINARY = [
    ("[[1.0], [0.0], [1.0], [1.0]]", "[[0.9], [0.6], [0.3], [0.55]]"),
    ("[[0.0], [0.0], [1.0]]", "[[0.2], [0.45], [0.8]]"),
]
CATEGORICAL = [
    (
        "[[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]",
        "[[0.1, 0.7, 0.2], [0.3, 0.5, 0.2], [0.2, 0.3, 0.5]]",
    ),
    ("[[0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]", "[[0.6, 0.1, 0.3], [0.25, 0.5, 0.25]]"),
]
SPARSE = [
    ("[1, 0, 2]", "[[0.1, 0.7, 0.2], [0.3, 0.5, 0.2], [0.2, 0.3, 0.5]]"),
    ("[[2], [1]]", "[[0.6, 0.1, 0.3], [0.25, 0.5, 0.25]]"),
]
REGRESSION = [
    ("[[0.0, 1.0], [2.0, -1.0], [0.5, 0.5]]", "[[0.5, 0.8], [1.0, -0.5], [0.5, 1.5]]"),
    ("[[1.0, 1.0]]", "[[0.25, 1.5]]"),
]
PROBABILITIES = [
    ("[[0.0, 1.0], [0.3, 0.7], [0.5, 0.5]]", "[[0.2, 0.8], [0.4, 0.6], [0.9, 0.1]]"),
    ("[[1.0, 0.0]]", "[[0.6, 0.4]]"),
]
WEIGHTS = {3: "[1.0, 0.5, 2.0]", 4: "[1.0, 0.5, 2.0, 0.0]", 2: "[0.25, 3.0]", 1: "[2.0]"}

METRICS = {
    "Accuracy()": [("[[1.0], [2.0], [3.0]]", "[[1.0], [0.0], [3.0]]"), ("[[4.0]]", "[[4.0]]")],
    "BinaryAccuracy()": BINARY,
    "BinaryAccuracy(threshold=0.7)": BINARY,
    "CategoricalAccuracy()": CATEGORICAL,
    "SparseCategoricalAccuracy()": SPARSE,
    "TopKCategoricalAccuracy(k=2)": CATEGORICAL,
    "SparseTopKCategoricalAccuracy(k=2)": SPARSE,
    "SparseTopKCategoricalAccuracy(k=1)": SPARSE,
    "MeanSquaredError()": REGRESSION,
    "MeanAbsoluteError()": REGRESSION,
    "RootMeanSquaredError()": REGRESSION,
    "MeanAbsolutePercentageError()": REGRESSION,
    "MeanSquaredLogarithmicError()": PROBABILITIES,
    "CosineSimilarity()": REGRESSION,
    "LogCoshError()": REGRESSION,
    "KLDivergence()": PROBABILITIES,
    "Poisson()": PROBABILITIES,
    "Hinge()": BINARY,
    "SquaredHinge()": BINARY,
    "CategoricalHinge()": CATEGORICAL,
    "BinaryCrossentropy()": BINARY,
    "BinaryCrossentropy(from_logits=True, label_smoothing=0.1)": BINARY,
    "CategoricalCrossentropy()": CATEGORICAL,
    "CategoricalCrossentropy(label_smoothing=0.2)": CATEGORICAL,
    "SparseCategoricalCrossentropy()": SPARSE,
    "SparseCategoricalCrossentropy(from_logits=True)": SPARSE,
    "Precision()": BINARY,
    "Precision(thresholds=[0.3, 0.5, 0.7])": BINARY,
    "Precision(top_k=2)": CATEGORICAL,
    "Precision(class_id=1)": CATEGORICAL,
    "Recall()": BINARY,
    "Recall(thresholds=[0.3, 0.5, 0.7])": BINARY,
    "Recall(top_k=1)": CATEGORICAL,
    "TruePositives()": BINARY,
    "FalsePositives(thresholds=[0.25, 0.5])": BINARY,
    "TrueNegatives()": BINARY,
    "FalseNegatives()": BINARY,
    "AUC()": BINARY,
    "AUC(num_thresholds=5)": BINARY,
    "AUC(curve='PR')": BINARY,
    "AUC(curve='PR', summation_method='majoring', num_thresholds=11)": BINARY,
    "AUC(summation_method='minoring')": BINARY,
    "AUC(thresholds=[0.25, 0.5, 0.75])": BINARY,
    "AUC(from_logits=True)": BINARY,
    "AUC(multi_label=True)": CATEGORICAL,
    "AUC(curve='PR', multi_label=True, num_thresholds=7)": CATEGORICAL,
}


def _updates(batches, weighted):
    lines = []
    for y_true, y_pred in batches:
        n = y_pred.count("[") - 1 if y_pred.startswith("[[") else y_pred.count(",") + 1
        weight = f", sample_weight={WEIGHTS[n]}" if weighted else ""
        lines.append(f"m.update_state(c({y_true}), c({y_pred}){weight})\n")
    return "".join(lines)


UPDATES = [
    f"m = {M}{metric}\n"
    + _updates(batches, False)
    + "(m.result(), [v.numpy() for v in m.variables])"
    for metric, batches in METRICS.items()
]
WEIGHTED = [
    f"m = {M}{metric}\n" + _updates(batches, True) + "m.result()"
    for metric, batches in METRICS.items()
]
RESET = [
    f"m = {M}{metric}\n"
    + _updates(batches[:1], False)
    + "m.reset_state()\nbefore = m.result()\n"
    + _updates(batches[1:], False)
    + "(before, m.result(), [v.numpy() for v in m.variables])"
    for metric, batches in list(METRICS.items())[::3]
]
IDENTITY = [
    "[(m.name, [v.path for v in m.variables], [v.name for v in m.variables]) for m in ("
    + ", ".join(f"{M}{metric}" for metric in list(METRICS)[::2])
    + ")]",
    "[(m.name, [v.path for v in m.variables]) for m in ("
    + ", ".join(f"{M}{metric}" for metric in list(METRICS)[1::2])
    + ")]",
    # (configs as sorted items: the harness reads a dict's "dtype" key as a tensor's dtype)
    "[sorted(m.get_config().items()) for m in ("
    + ", ".join(f"{M}{metric}" for metric in METRICS)
    + ")]",
    f"m = {M}Mean()\n[(v.dtype, v.trainable, v.shape, type(v).__name__) for v in m.variables]",
    f"m = {M}AUC(multi_label=True)\n(len(m.variables), m.thresholds[:3], m.num_thresholds)",
    f"({M}Mean().name, {M}Mean().name, {M}Mean(name='x').name, {M}Sum().name)",
    f"repr({M}Mean(name='avg'))",
    f"{M}Mean(dtype='float64').dtype",
]
REDUCTIONS = [
    f"m = {M}Mean()\nm.update_state([1.0, 2.0, 3.0])\nm.update_state(4.0)\n(m.result(), m.total, m.count)",
    f"m = {M}Mean()\nm.update_state(c([[1.0, 2.0], [3.0, 5.0]]), sample_weight=c([1.0, 0.0]))\n(m.result(), m.count)",
    f"m = {M}Mean()\nm.update_state(c([[1.0, 2.0], [3.0, 5.0]]), sample_weight=c([[1.0, 0.5], [0.0, 2.0]]))\nm.result()",
    f"m = {M}Mean()\nm([1.0, 3.0])",
    f"m = {M}Mean()\nm.result()",
    f"m = {M}Mean(dtype='float64')\nm.update_state([1.0, 2.0])\n(m.result(), m.total.dtype)",
    f"m = {M}Sum()\nm.update_state([1.0, 2.0, 3.0], sample_weight=[1.0, 0.0, 2.0])\nm.update_state(c([[1.0, 1.0]]))\nm.result()",
    f"m = {M}Sum()\nm.update_state(np.array([1, 2, 3]))\nm.result()",
    f"m = {M}MeanMetricWrapper(tf.keras.losses.mse, name='mine')\n"
    "m.update_state(c([[1.0, 2.0]]), c([[0.0, 0.0]]))\n(m.result(), m.name)",
    f"m = {M}SparseCategoricalAccuracy()\nm.update_state(c([[1], [2]]), c([[[0.1, 0.9, 0.0]], [[0.0, 0.2, 0.8]]]))\nm.result()",
    f"m = {M}CategoricalAccuracy()\nm.update_state(c([[0, 1], [1, 0]]), c([[0.5, 0.5], [0.5, 0.5]]))\nm.result()",
    f"m = {M}BinaryAccuracy()\nm.update_state([1, 0, 1], [0.6, 0.4, 0.5])\nm.result()",
    f"m = {M}TopKCategoricalAccuracy(k=1)\nm.update_state(c([[0.0, 1.0, 0.0]]), c([[0.5, 0.5, 0.1]]))\nm.result()",
    f"m = {M}SparseTopKCategoricalAccuracy()\nm.update_state(c([0, 3]), c([[0.1] * 8, [0.2, 0.1, 0.3, 0.05, 0.1, 0.1, 0.1, 0.05]]))\nm.result()",
    f"m = {M}SparseCategoricalCrossentropy(ignore_class=0)\nm.update_state(c([1, 0]), c([[0.1, 0.9], [0.5, 0.5]]))\nm.result()",
    f"m = {M}RootMeanSquaredError()\nm.update_state(c([[1.0], [2.0]]), c([[0.0], [0.0]]), sample_weight=c([1.0, 3.0]))\nm.result()",
    f"m = {M}AUC()\nm.update_state(c([0.0, 0.0, 1.0, 1.0]), c([0.0, 0.3, 0.7, 1.0]))\nm.result()",
    f"m = {M}AUC(curve='PR')\nm.update_state(c([0.0, 1.0, 1.0, 0.0, 1.0]), c([0.1, 0.4, 0.35, 0.8, 0.9]))\nm.result()",
    f"m = {M}AUC(label_weights=[0.5, 2.0, 1.0], multi_label=True)\nm.update_state(c({CATEGORICAL[0][0]}), c({CATEGORICAL[0][1]}))\nm.result()",
    f"m = {M}Precision(thresholds=0.0)\nm.update_state(c([1.0, 0.0]), c([0.0, 0.0]))\nm.result()",
    f"m = {M}Recall()\nm.result()",
    "x = tf.Variable([[0.5, 0.2]])\nm = " + M + "MeanSquaredError()\nwith tf.GradientTape() as t:\n"
    "    loss = tf.reduce_sum(x * x)\n    m.update_state(c([[0.0, 0.0]]), x)\n"
    "(t.gradient(loss, x), m.result(), [v.value.trainable for v in m.variables])",
]
GET = [
    f"[type({M}get(n)).__name__ for n in ('accuracy', 'acc' if False else 'binary_accuracy', "
    "'categorical_accuracy', 'sparse_categorical_accuracy', 'top_k_categorical_accuracy', 'AUC', 'auc', "
    "'Precision', 'precision', 'recall', 'mse', 'MAE', 'mape', 'msle', 'bce', 'root_mean_squared_error', "
    "'kl_divergence', 'KLDivergence', 'mean_squared_error', 'true_positives', 'log_cosh_error', 'mean', 'sum')]",
    f"{M}get('acc')",
    f"{M}get('nope')",
    f"{M}get(3)",
    f"{M}get(None)",
    f"m = {M}Mean()\n{M}get(m) is m",
    f"({M}get('mse').name, {M}get('accuracy').name)",
    f"[getattr({M}, n).__name__ for n in ('mse', 'MSE', 'mae', 'kld', 'KLD', 'logcosh', 'hinge', "
    "'binary_accuracy', 'sparse_top_k_categorical_accuracy', 'binary_crossentropy', 'huber', 'poisson')]",
    f"{M}binary_accuracy(c([[1.0], [0.0]]), c([[0.7], [0.2]]), threshold=0.8)",
    f"{M}categorical_accuracy(c([[0.0, 1.0], [1.0, 0.0]]), c([[0.3, 0.7], [0.2, 0.8]]))",
    f"{M}sparse_categorical_accuracy(c([[1], [0]]), c([[0.3, 0.7], [0.2, 0.8]]))",
    f"{M}top_k_categorical_accuracy(c([[0.0, 1.0, 0.0]]), c([[0.5, 0.3, 0.2]]), k=2)",
    f"{M}sparse_top_k_categorical_accuracy(c([2, 1]), c([[0.5, 0.3, 0.2], [0.1, 0.8, 0.1]]), k=2)",
]
ERRORS = [
    f"{M}AUC(num_thresholds=1)",
    f"{M}AUC(curve='XY')",
    f"{M}AUC(summation_method='trapezoid')",
    f"{M}AUC(num_labels=3)",
    f"{M}Precision(thresholds=[0.5, 1.5])",
    f"{M}Recall(thresholds=-0.1)",
    f"m = {M}Precision(class_id=1)\nm.update_state(c([1.0, 0.0]), c([0.5, 0.2]))",
    f"m = {M}AUC(multi_label=True)\nm.update_state(c([1.0, 0.0]), c([0.5, 0.2]))",
    f"m = {M}Mean()\nm.update_state(c([1.0, 2.0]), sample_weight=c([1.0, 2.0, 3.0]))",
    f"m = {M}MeanSquaredError()\nm.update_state(c([[1.0, 2.0]]), c([[1.0, 2.0, 3.0]]))",
]

CASES = UPDATES + WEIGHTED + RESET + IDENTITY + REDUCTIONS + GET + ERRORS
