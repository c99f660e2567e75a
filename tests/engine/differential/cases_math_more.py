"""tf.math's special functions (lgamma, digamma, polygamma, erfinv, erfc, bessel_i0e/i1e),
segment reductions, top_k / in_top_k, reduce_euclidean_norm, cumulative_logsumexp,
log_sigmoid, polyval, and sigmoid near saturation: values, dtypes, first and second
gradients, and TF's errors."""


def grad(body, x="[0.5, 1.5, 3.0]", dtype="tf.float32"):
    """The gradient of sum(body) with respect to x."""
    return (
        f"x = c({x}, {dtype})\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
        f"    y = {body}\nt.gradient(y, x)"
    )


def grad2(body, x="[0.5, 1.5, 3.0]", dtype="tf.float64"):
    """The second derivative of sum(body), from nested tapes."""
    return (
        f"x = c({x}, {dtype})\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n"
        "    with tf.GradientTape() as t1:\n        t1.watch(x)\n"
        f"        y = {body}\n    g = t1.gradient(y, x)\nt2.gradient(g, x)"
    )


SPECIAL = [
    "tf.math.lgamma(c([0.5, 1.0, 2.0, 3.5, 10.0, 100.0]))",
    "tf.math.lgamma(c([0.0, -1.0, -2.5, -0.5, 1e-8, 1e30], tf.float64))",
    "tf.math.lgamma(c([np.inf, -np.inf, np.nan]))",
    "tf.math.lgamma(c([1.5, 4.0], tf.float16))",
    "tf.math.lgamma(3.0)",
    "tf.math.lgamma(c([1, 2]))",
    "tf.math.digamma(c([0.5, 1.0, 2.0, 7.5, 100.0]))",
    "tf.math.digamma(c([0.0, -1.0, -2.5, -0.5, 1e-6, 1e12], tf.float64))",
    "tf.math.digamma(c([np.inf, -np.inf, np.nan]))",
    "tf.math.digamma(c([1, 2]))",
    "tf.math.polygamma(c(1.0), c([0.5, 1.0, 2.0, 10.0]))",
    "tf.math.polygamma(c([0.0, 1.0, 2.0, 3.0], tf.float64), c([1.5, 1.5, 1.5, 1.5], tf.float64))",
    "tf.math.polygamma(c([[1.0], [2.0]]), c([2.0, 3.0, 4.0]))",
    "tf.math.polygamma(c(1.0), c([0.0, -1.0, -2.5, np.inf]))",
    "tf.math.polygamma(c(2.0), c([0.0, -1.0, -2.5]))",
    "tf.math.polygamma(c([1.5, -1.0]), c([2.0, 2.0]))",
    "tf.math.polygamma(c(1), c(2))",
    "tf.math.polygamma(c(1.0, tf.float16), c(2.0, tf.float16))",
    "tf.math.polygamma(c([1.0, 2.0]), c([2.0, 3.0, 4.0]))",
    "tf.math.polygamma(1, 2.0)",
    "tf.math.erfinv(c([-0.9, -0.5, 0.0, 0.25, 0.5, 0.99]))",
    "tf.math.erfinv(c([-1.0, 1.0, 1.5, 0.999999, -0.999999, 1e-3], tf.float64))",
    "tf.math.erfinv(c([0.5], tf.float16))",
    "tf.math.erfinv(c([1, 0]))",
    "tf.math.erfinv(0.5)",
    "tf.math.erfc(c([-2.0, 0.0, 0.5, 3.0, 10.0]))",
    "tf.math.bessel_i0e(c([-3.0, -0.5, 0.0, 0.5, 1.0, 5.0, 50.0, 500.0]))",
    "tf.math.bessel_i1e(c([-3.0, -0.5, 0.0, 0.5, 1.0, 5.0, 50.0, 500.0]))",
    "tf.math.bessel_i0e(c([0.25, 10.0, 29.0, 31.0, 1e4, np.inf, np.nan], tf.float64))",
    "tf.math.bessel_i1e(c([0.25, 10.0, 29.0, 31.0, 1e4, -np.inf, np.nan], tf.float64))",
    "tf.math.bessel_i0e(c([1.0, 2.0], tf.float16))",
    "tf.math.bessel_i1e(c([1, 2]))",
    grad("tf.math.lgamma(x)"),
    grad("tf.math.lgamma(x)", x="[-2.5, 0.25, 20.0]", dtype="tf.float64"),
    grad("tf.math.digamma(x)"),
    grad("tf.math.digamma(x)", x="[-0.5, 2.0, 50.0]", dtype="tf.float64"),
    grad("tf.math.polygamma(c(1.0), x)"),
    grad("tf.math.polygamma(c([[1.0], [2.0]]), x)"),
    grad("tf.math.erfinv(x)", x="[-0.9, 0.0, 0.3, 0.99]"),
    grad("tf.math.erfc(x)"),
    grad("tf.math.bessel_i0e(x)", x="[-2.0, 0.0, 0.5, 4.0]"),
    grad("tf.math.bessel_i1e(x)", x="[-2.0, 0.0, 0.5, 4.0]"),
    grad2("tf.math.lgamma(x)"),
    grad2("tf.math.digamma(x)"),
    grad2("tf.math.erfinv(x)", x="[-0.5, 0.1, 0.7]"),
    grad2("tf.math.bessel_i0e(x)", x="[-2.0, 0.5, 4.0]"),
    grad2("tf.math.bessel_i1e(x)", x="[-2.0, 0.5, 4.0]"),
    "x = c([0.5, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    n = c([1.0, 2.0])\n    t.watch(n)\n    y = tf.math.polygamma(n, x)\nt.gradient(y, [n, x])",
]

SIGMOID = [
    "tf.sigmoid(c(7.5))",
    "tf.sigmoid(c([7.5, -7.5, 16.0, 17.0, -90.0, -104.5, 0.0, 3.0, 20.0]))",
    "tf.sigmoid(tf.linspace(-20.0, 20.0, 41))",
    "tf.sigmoid(c([np.nan, np.inf, -np.inf]))",
    # TF's kernels flush denormal results to zero (float and double; half keeps them)
    "tf.sigmoid(c([-93.0, -88.0, -87.0, -87.5]))",
    "tf.sigmoid(c([-93.0, -88.0, -87.0, -87.5, -100.0, -86.0, -95.5, -91.0, -89.0]))",
    "tf.sigmoid(c(-87.5))",
    "tf.sigmoid(c([-93.0, -740.0, -700.0], tf.float64))",
    "tf.sigmoid(c([-12.0, -14.0, -16.0], tf.float16))",
    "tf.sigmoid(c([7.5, -7.5, 16.0, 30.0, -40.0], tf.float64))",
    "tf.sigmoid(c([7.5, -7.5, 3.0], tf.float16))",
    grad("tf.sigmoid(x)", x="7.5"),
    grad("tf.sigmoid(x)", x="[7.5, 9.0, 12.0, -7.5, 0.1, 15.0, -15.0, 4.0, 5.5]"),
    grad2("tf.sigmoid(x)", x="[7.5, 0.3, -4.0]", dtype="tf.float32"),
    # the advanced autodiff guide's log1pexp, naive and stable
    "x = tf.constant(100.)\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n    y = tf.math.log(1 + tf.exp(x))\ntape.gradient(y, x)",
    "@tf.custom_gradient\ndef log1pexp(x):\n    e = tf.exp(x)\n    def grad(upstream):\n        return upstream * (1 - 1 / (1 + e))\n    return tf.math.log(1 + e), grad\nx = tf.constant([0., 7.5, 100.])\nwith tf.GradientTape() as tape:\n    tape.watch(x)\n    y = log1pexp(x)\ntape.gradient(y, x)",
    "x = c([-3.0, 0.0, 2.0, 7.5])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.math.log_sigmoid(x)\nt.gradient(y, x)",
    "tf.math.log_sigmoid(c([-100.0, -1.0, 0.0, 1.0, 100.0]))",
    "tf.math.log_sigmoid(c([1, 2]))",
]

SEGMENTS = [
    "tf.math.segment_sum(c([1.0, 2.0, 3.0, 4.0]), [0, 0, 1, 3])",
    "tf.math.segment_sum(c([[1, 2], [3, 4], [5, 6]]), c([0, 0, 1], tf.int64))",
    "tf.math.segment_mean(c([1.0, 2.0, 3.0, 4.0]), [0, 0, 1, 3])",
    "tf.math.segment_mean(c([[1.0, 2], [3, 4], [5, 6]]), [0, 1, 1])",
    "tf.math.segment_mean(c([1, 2, 4]), [0, 0, 1])",
    "tf.math.segment_sum(c([], tf.float32), c([], tf.int32))",
    "tf.math.segment_sum(c([1.0, 2, 3]), [0, 2, 1])",
    "tf.math.segment_sum(c([1.0, 2, 3]), [-1, 0, 1])",
    "tf.math.segment_sum(c([1.0, 2, 3]), [0, 1])",
    "tf.math.segment_sum(c([1.0, 2, 3]), [[0, 1, 1]])",
    "tf.math.segment_sum(c([1.0, 2, 3]), [0.0, 1, 1])",
    "tf.math.segment_sum(c([True]), [0])",
    "tf.math.segment_sum(c(1.0), [0])",
    "tf.math.segment_mean(c([1.0, 2, 3]), [1, 1, 0])",
    "tf.math.unsorted_segment_mean(c([1.0, 2, 3]), [0, 2, 0], 4)",
    "tf.math.unsorted_segment_mean(c([[1.0, 2], [3, 4], [5, 6]]), [1, 0, 1], 2)",
    "tf.math.unsorted_segment_mean(c([1, 2, 4]), [0, 1, 0], 2)",
    "tf.math.unsorted_segment_mean(c([1.0, 2, 3]), [0, -1, 0], 2)",
    "tf.math.unsorted_segment_mean(c([1.0, 2, 3]), [0, 5, 0], 4)",
    grad("tf.math.segment_sum(x, [0, 0, 1]) * c([2.0, 3.0])"),
    grad("tf.math.segment_mean(x, [0, 0, 2]) * c([2.0, 3.0, 5.0])"),
    grad("tf.math.segment_mean(x * x, [0, 1, 1])", dtype="tf.float64"),
    grad("tf.math.unsorted_segment_mean(x, [1, 0, 1], 3) * c([2.0, 3.0, 5.0])"),
    grad2("tf.math.segment_mean(x * x * x, [0, 0, 1])"),
]

TOP_K = [
    "tf.math.top_k(c([1.0, 3.0, 2.0, 5.0]), 2)",
    "tf.math.top_k(c([[1.0, 3.0, 2.0], [6.0, 5.0, 4.0]]), k=2)",
    "tf.nn.top_k(c([1, 3, 2]), 2)",
    "tf.math.top_k(c([1.0, 3.0, 3.0, 2.0]), 2)",
    "tf.math.top_k(c([1.0, np.nan, 3.0, 2.0]), 2)",
    "tf.math.top_k(c([[1.0, np.nan, 3.0], [np.nan, np.nan, np.nan]]), 1)",
    "tf.math.top_k(c([1.0, np.nan, 3.0, 2.0]), 4)",
    "tf.math.top_k(c([1.0, -np.inf, np.inf]), 2)",
    "tf.math.top_k(c([2, 3, 1], tf.uint8), 2)",
    "tf.math.top_k(c(np.zeros((2, 0))), 0)",
    "tf.math.top_k(c([1.0, 3.0, 2.0]))",
    "tf.math.top_k(c([1.0, 3.0, 2.0]), 0)",
    "tf.math.top_k(c([[1.0, 3.0, 2.0]]), c(2))",
    "tf.math.top_k(c([1.0, 3.0, 2.0]), 2, index_type=tf.int64)",
    "tf.math.top_k(c([1.0, 3.0, 2.0], tf.float64), 3).values",
    "r = tf.math.top_k(c([4.0, 1.0, 3.0]), 2)\n(type(r).__name__, r._fields, r.indices)",
    "values, indices = tf.math.top_k(c([4.0, 1.0, 3.0]), 2)\nprint(values)\nindices",
    "tf.math.top_k(c([1.0, 3.0, 2.0]), 4)",
    "tf.math.top_k(c([1.0, 3.0, 2.0]), -1)",
    "tf.math.top_k(c(1.0), 1)",
    "tf.math.top_k(c([True]), 1)",
    grad("tf.math.top_k(x, 2).values * c([2.0, 3.0])", x="[0.5, 3.0, 1.5]"),
    grad("tf.math.top_k(x, 2).values * c([[2.0, 3.0]])", x="[[0.5, 3.0, 1.5], [4.0, 1.0, 2.0]]"),
    grad("tf.cast(tf.math.top_k(x, 2).indices, tf.float32)", x="[0.5, 3.0, 1.5]"),
    grad2("tf.math.top_k(x * x * x, 2).values", x="[0.5, 3.0, 1.5]"),
    "tf.math.in_top_k(c([0, 1]), c([[1.0, 2.0], [3.0, 4.0]]), 1)",
    "tf.math.in_top_k(c([0, 1, 3]), c([[1.2, -0.3, 2.8, 5.2], [0.1, 0.0, 0.0, 0.0], [0.0, 0.5, 0.3, 0.3]]), 2)",
    "tf.nn.in_top_k(c([2, 0], tf.int64), c([[1.0, 2.0, 2.0], [3.0, 4.0, 4.0]]), 1)",
    "tf.math.in_top_k(c([0, 5]), c([[1.0, 2.0], [3.0, 4.0]]), 1)",
    "tf.math.in_top_k(c([0, 1]), c([[1.0, np.nan], [3.0, 3.0]]), 1)",
    "tf.math.in_top_k(c([0, 1]), c([[1.0, 2.0], [3.0, 4.0]]), 5)",
    "tf.math.in_top_k(c([0, 1]), c([[1, 2], [3, 4]]), 1)",
    "tf.math.in_top_k(c([0]), c([[1.0, 2.0], [3.0, 4.0]]), 1)",
    "tf.math.in_top_k(c([0.0, 1.0]), c([[1.0, 2.0], [3.0, 4.0]]), 1)",
    "tf.math.in_top_k(c([0, 1]), c([[1.0, 2.0], [3.0, 4.0]], tf.float64), 1)",
    "tf.math.in_top_k(c([[0, 1]]), c([[1.0, 2.0], [3.0, 4.0]]), 1)",
    "tf.math.in_top_k(c([0, 1]), c([1.0, 2.0]), 1)",
]

REDUCTIONS = [
    "tf.math.reduce_euclidean_norm(c([[3.0, 4.0], [5.0, 12.0]]), axis=1)",
    "tf.math.reduce_euclidean_norm(c([[3.0, 4.0], [5.0, 12.0]]))",
    "tf.math.reduce_euclidean_norm(c([[3.0, 4.0], [5.0, 12.0]]), axis=0, keepdims=True)",
    "tf.math.reduce_euclidean_norm(c([[3, 4], [1, 1]]), 1)",
    "tf.math.reduce_euclidean_norm(c([True]))",
    "tf.math.reduce_euclidean_norm(c([1.0, 2.0]), axis=2)",
    grad("tf.math.reduce_euclidean_norm(x)"),
    grad("tf.math.reduce_euclidean_norm(x, axis=1) * c([1.0, 2.0])", x="[[3.0, 4.0], [1.0, -2.0]]"),
    grad("tf.math.reduce_euclidean_norm(x, axis=1, keepdims=True)", x="[[3.0, 4.0], [1.0, -2.0]]"),
    grad2("tf.math.reduce_euclidean_norm(x)"),
    "tf.math.cumulative_logsumexp(c([1.0, 2.0, 3.0]))",
    "tf.math.cumulative_logsumexp(c([1.0, 2.0, 3.0]), exclusive=True)",
    "tf.math.cumulative_logsumexp(c([1.0, 2.0, 3.0]), reverse=True)",
    "tf.math.cumulative_logsumexp(c([1.0, 2.0, 3.0]), exclusive=True, reverse=True)",
    "tf.math.cumulative_logsumexp(c([[1.0, 2.0], [3.0, -1.0]], tf.float64), axis=1)",
    "tf.math.cumulative_logsumexp(c([1.0, 2.0], tf.float16))",
    "tf.math.cumulative_logsumexp(c([1000.0, 1000.0, -np.inf]))",
    "tf.math.cumulative_logsumexp(c([1, 2]))",
    "tf.math.cumulative_logsumexp(c([[1.0, 2.0]]), axis=2)",
    grad("tf.math.cumulative_logsumexp(x) * c([1.0, -2.0, 0.5])"),
    grad("tf.math.cumulative_logsumexp(x, exclusive=True, reverse=True) * c([1.0, 2.0, 0.5])"),
    grad(
        "tf.math.cumulative_logsumexp(x, axis=1)", x="[[1.0, 2.0], [3.0, -1.0]]", dtype="tf.float64"
    ),
    grad2("tf.math.cumulative_logsumexp(x)"),
    "tf.math.polyval([1.0, 2.0, 3.0], c(2.0))",
    "tf.math.polyval([c(1.0), c(-2.0), c(0.5)], c([0.0, 1.0, 3.0]))",
    "tf.math.polyval([], c(2.0))",
    "tf.math.polyval([1.0, 2, 3], c(2.0))",
    "tf.math.polyval([1, 2], c(2.0))",
    "tf.math.polyval([3], c([1.0, 2.0]))",
    grad("tf.math.polyval([c(1.0), c(-2.0), c(0.5)], x)"),
    grad2("tf.math.polyval([c(1.0), c(-2.0), c(0.5), c(4.0)], x)"),
]

CASES = SPECIAL + SIGMOID + SEGMENTS + TOP_K + REDUCTIONS
