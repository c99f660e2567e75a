"""Math expressions evaluated twice: once by real TensorFlow, whose results are stored in
tf_math_reference.json (generate_tf_math_reference.py, run with the TF venv), and once by the
engine (test_math_reference.py), which must give the same values, dtypes, shapes, Nones and
errors. `namespace(tf)` binds the helpers below to either module.
"""

import re

import numpy as np

DTYPES = ["float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"]
UNARY = [
    "negative",
    "abs",
    "sign",
    "exp",
    "expm1",
    "log",
    "log1p",
    "sqrt",
    "rsqrt",
    "square",
    "reciprocal",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "tanh",
    "sigmoid",
    "softplus",
    "softsign",
    "erf",
    "erfc",
    "round",
    "floor",
    "ceil",
    "logical_not",
    "is_nan",
    "is_inf",
    "is_finite",
    "argmax",
    "argmin",
    "reduce_sum",
    "reduce_mean",
    "reduce_max",
    "reduce_min",
    "reduce_prod",
    "reduce_logsumexp",
    "reduce_std",
    "reduce_variance",
    "reduce_any",
    "reduce_all",
    "cumsum",
    "cumprod",
    "l2_normalize",
]
BINARY = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "truediv",
    "floordiv",
    "floormod",
    "pow",
    "atan2",
    "maximum",
    "minimum",
    "squared_difference",
    "divide_no_nan",
    "xlogy",
    "xdivy",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_xor",
]


def namespace(tf):
    """The names a case may use, with `tf` the real TensorFlow or the engine."""

    def value(dtype):
        data = [1, 0.5] if dtype.startswith("float") else [1, 1]
        return tf.constant(np.array(data).astype(dtype))

    def function(name):
        return getattr(tf.math, name, None) or getattr(tf, name)

    def unary(name, dtype):
        return function(name)(value(dtype))

    def binary(name, dtype):
        return function(name)(value(dtype), value(dtype))

    def matmul(dtype, batched=False):
        x = value(dtype)
        if batched:
            pair = tf.stack([x, x])
            return tf.matmul(tf.reshape(pair, [2, 1, 2]), tf.reshape(pair, [2, 2, 1]))
        return tf.matmul(tf.reshape(x, [1, 2]), tf.reshape(x, [2, 1]))

    def grads(f, *values, dtype="float32"):
        """Gradients of f(*values) with respect to each value (None where TF gives None)."""
        xs = [tf.constant(np.array(v, dtype=dtype)) for v in values]
        with tf.GradientTape(persistent=True) as tape:
            for x in xs:
                tape.watch(x)
            y = f(*xs)
        return [tape.gradient(y, x) for x in xs]

    def second(f, v, dtype="float64"):
        """d/dx of sum(d f / dx): the second derivative through two nested tapes."""
        x = tf.constant(np.array(v, dtype=dtype))
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = f(x)
            g = inner.gradient(y, x)
        return outer.gradient(g, x)

    return {
        "tf": tf,
        "np": np,
        "nan": np.nan,
        "inf": np.inf,
        "unary": unary,
        "binary": binary,
        "matmul": matmul,
        "grads": grads,
        "second": second,
        "c": tf.constant,
    }


# Cases written by hand: TF semantics that are easy to get wrong.
HANDWRITTEN = [
    # division family
    "tf.math.floordiv(c([1.0, -7.5, 7.0, -7.0, 0.0, 7.0]), c([0.1, 2.0, -0.0, 0.0, 0.0, inf]))",
    "tf.math.floormod(c([4.0, -4.0, 4.0, -4.0, -7.0, 7.0, 5.0, -5.0, 7.5, -7.5, 1.0]),"
    " c([2.0, 2.0, -2.0, -2.0, inf, inf, -inf, -inf, -2.0, 2.0, 0.1]))",
    "tf.math.floormod(c([7.0]), c([0.0]))",
    "c([3, -7, 7, -7]) // c([-2, 2, 2, -2])",
    "c([3, -7, 7, -7]) % c([-2, 2, 2, -2])",
    "tf.math.floordiv(c([3, -7]), c([0, 2]))",
    "tf.math.floormod(c([3, -7]), c([2, 0]))",
    "tf.math.floordiv(c([-128], tf.int8), c([-1], tf.int8))",
    "7 // c([2, -3])",
    "3 % c([2, -4])",
    "c([3, -7]) / c([2, 2])",
    "c([3, -7]) / 2",
    "tf.divide(c([3], tf.int8), c([2], tf.int8))",
    "tf.divide(3, 2)",
    "tf.math.truediv(c([3, -7]), c([1.5, 2.0]))",
    "tf.math.truediv(c([3, -7]), 2.5)",
    "c([1.0], tf.float64) / c([1.0])",
    "2.5 / c([1, 2])",
    "tf.divide(2.5, c([1, 2]))",
    "c([True]) / c([True])",
    "tf.math.divide_no_nan(c([1.0, nan, inf, 3.0]), c([0.0, 0.0, 0.0, 4.0]))",
    "tf.math.divide_no_nan(c([3, -7]), c([0, 2]))",
    "tf.math.divide_no_nan(2, c([3.0, 0.0]))",
    "tf.math.xlogy(c([0.0, 0.0, 1.0, 2.0]), c([0.0, nan, 0.0, 3.0]))",
    "tf.math.xdivy(c([0.0, 0.0, 1.0]), c([0.0, nan, 4.0]))",
    # arithmetic dtype rules
    "c([3, -7]) + c([1.5, 2.0])",
    "c([1.5, 2.0]) - c([3, -7])",
    "c([3, -7]) + 1.5",
    "tf.add(1, 2.5)",
    "tf.add(2, c([1.5]))",
    "tf.add(c([1.5]), 2)",
    "tf.add([1, 2], 0.5)",
    "1.5 + c([3, -7])",
    "2.5 * c([1, 2])",
    "1.5 - c([3])",
    "c([True]) - 1",
    "tf.subtract(c([True]), c([1]))",
    "tf.add(c([1]), c([True]))",
    "tf.add(c([True]), 1)",
    "tf.add(tf.Variable([1, 2]), 1.5)",
    "tf.multiply(c([1.0]), np.array([2.0]))",
    "np.array([2.0]) * c([1.0])",
    "c([1.5]) * c([1.0], tf.float64)",
    "tf.convert_to_tensor(1, dtype=tf.bool)",
    "tf.logical_and(1, True)",
    "tf.subtract(c([1], tf.uint8), c([2], tf.uint8))",
    "tf.add(c([100], tf.int8), c([100], tf.int8))",
    "tf.add(c([1.0, 2.0]), c([1.0, 2.0, 3.0]))",
    "tf.multiply(c([[1.0], [2.0]]), c([1.0, 2.0, 3.0]))",
    "tf.pow(c([2, 3, -3, 0]), c([10, 0, 3, 0]))",
    "tf.pow(c([2], tf.int8), c([9], tf.int8))",
    "tf.pow(c([2, 1]), c([-1, 1]))",
    "tf.pow(c([-8.0, 0.0, 0.0, 4.0]), c([1 / 3, -1.0, 0.0, 0.5]))",
    "tf.pow(c([1, 2]), 2.0)",
    "c([1.5, 2.0]) ** 2",
    "2.0 ** c([1.0, 3.0])",
    "tf.negative(3)",
    "tf.negative(c([True]))",
    "tf.abs(c([-0.0, -2.5, 3.0]))",
    "tf.abs(c([-128, 5], tf.int8))",
    "tf.abs(-3.5)",
    "tf.sign(c([-0.0, 0.0, -2.0, 3.0, nan]))",
    "tf.sign(c([-3, 0, 4]))",
    "tf.maximum(c([nan, 1.0, 2.0]), c([1.0, nan, 3.0]))",
    "tf.minimum(c([nan, 1.0, 2.0]), c([1.0, nan, 3.0]))",
    "tf.maximum(c([3, -7]), 2.5)",
    "tf.maximum(c([[1.0], [4.0]]), c([2.0, 3.0]))",
    "tf.math.squared_difference(c([3, -1]), c([1, 2]))",
    "tf.math.squared_difference(3, 1)",
    "tf.add_n([c([1.0, 2.0]), c([3.0, 4.0]), c([5.0, 6.0])])",
    "tf.add_n([1.0, 2.0])",
    "tf.add_n([c([1.0, 2.0]), c([1, 2])])",
    "tf.add_n([c([1.0, 2.0]), c([1.0, 2.0, 3.0])])",
    "tf.add_n([c([1.0, 2.0]), c(1.0)])",
    "tf.add_n([])",
    "tf.add_n([c([True]), c([False])])",
    "tf.add_n([tf.Variable([1.0, 2.0]), c([0.5, 0.5])])",
    # elementwise functions
    "tf.round(c([0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49]))",
    "tf.round(c([3, -7]))",
    "tf.round(c([2.5, 3.5], tf.float16))",
    "tf.floor(c([1.5, -1.5, -0.0]))",
    "tf.math.ceil(c([1.5, -1.5, -0.2]))",
    "tf.sigmoid(c([-100.0, -20.0, 0.0, 20.0, 100.0]))",
    "tf.sigmoid(c([-800.0, -40.0, 0.0, 40.0, 800.0], tf.float64))",
    "tf.math.softplus(c([-100.0, -20.0, -13.0, 0.0, 13.0, 20.0, 100.0]))",
    "tf.math.softplus(c([-100.0, -40.0, -30.0, 0.0, 30.0, 40.0, 800.0], tf.float64))",
    "tf.math.softplus(c([-10.0, -4.0, 0.0, 4.0, 10.0], tf.float16))",
    "tf.math.softsign(c([-3.0, 0.0, 1.0]))",
    "tf.math.erf(c([-2.0, -0.5, 0.0, 0.5, 3.0]))",
    "tf.math.erf(c([-2.0, 0.5], tf.float64))",
    "tf.math.erfc(c([-2.0, 0.0, 0.5, 5.0]))",
    "tf.math.rsqrt(c([0.0, 4.0, -1.0]))",
    "tf.math.reciprocal(c([0.0, -0.0, 4.0]))",
    "tf.sqrt(c([-1.0, 0.0, 2.0]))",
    "tf.math.log(c([0.0, -1.0, 1.0]))",
    "tf.math.log1p(c([-1.0, 1e-8, 1.0]))",
    "tf.math.expm1(c([1e-8, 1.0, 100.0]))",
    "tf.exp(c([100.0, -100.0, 1.0]))",
    "tf.tan(c([0.5, 1.5]))",
    "tf.asin(c([0.5, 2.0]))",
    "tf.acos(c([0.5, -2.0]))",
    "tf.atan2(c([1.0, -1.0, 0.0]), c([-1.0, -1.0, -1.0]))",
    "tf.atan2(1.0, -1.0)",
    "tf.cosh(c([100.0, 1.0]))",
    "tf.sin(3)",
    "tf.sin([1, 2])",
    "tf.sigmoid(0.0)",
    "tf.math.reciprocal(c([2, 4]))",
    "tf.sin(c([1.0], tf.float16))",
    # comparisons and logic
    "tf.equal(c([1.0, 2.0]), c([1.0, 3.0]))",
    "tf.equal(c([True, False]), True)",
    "tf.equal(c([1.0, 2.0]), c([1.0, 2.0, 3.0]))",
    "c([1.0, 2.0]) == c([1.0, 2.0, 3.0])",
    "c([1.0, 2.0]) != c([1.0, 2.0, 3.0])",
    "c([1.0, 2.0]) == None",
    "c([1.0, 2.0]) != None",
    "c([1.0, 2.0]) == c([2.0])",
    "c([1.0, 2.0]) == [1.0, 3.0]",
    "c([1.0, 2.0]) == c([1, 2])",
    "c([1.0, 2.0]) < c([1, 2])",
    "tf.equal(1, 1.0)",
    "tf.less(c([1, 5]), 1.5)",
    "tf.less(c([True]), c([False]))",
    "tf.greater_equal(c([[1.0], [3.0]]), c([2.0, 3.0]))",
    "tf.math.less(c([1.0, 2.0]), c([1.0, 2.0, 3.0]))",
    "tf.logical_and(c([True, True, False]), c([True, False, False]))",
    "tf.logical_or(True, False)",
    "tf.math.logical_xor(c([True, True, False, False]), c([True, False, True, False]))",
    "tf.logical_and(c([1.0]), c([1.0]))",
    "tf.logical_and(c([True]), 1)",
    "tf.logical_not(c([1]))",
    "tf.math.logical_xor(c([1.0]), c([True]))",
    "c([True, False]) & c([True, True])",
    "c([True, False]) | c([False, False])",
    "c([True, False]) ^ c([True, True])",
    "~c([True, False])",
    "tf.math.is_nan(c([nan, inf, -inf, 1.0]))",
    "tf.math.is_inf(c([nan, inf, -inf, 1.0]))",
    "tf.math.is_finite(c([nan, inf, -inf, 1.0]))",
    # reductions
    "tf.reduce_sum(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), axis=0)",
    "tf.reduce_sum(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), axis=-1, keepdims=True)",
    "tf.reduce_sum(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), axis=[0, 1])",
    "tf.reduce_sum(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), axis=[])",
    "tf.reduce_sum(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), axis=c([1]))",
    "tf.reduce_sum(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), axis=c([1], tf.int64))",
    "tf.reduce_sum(c([[1.0, 2.0]]), axis=[1, -1])",
    "tf.reduce_sum(c([1.0, 2.0]), axis=1)",
    "tf.reduce_sum(c([[1.0, 2.0]]), axis=-3)",
    "tf.reduce_sum(c([[1.0, 2.0]]), axis=0.5)",
    "tf.reduce_sum(c(5.0), axis=0)",
    "tf.reduce_sum(c(5.0), keepdims=True)",
    "tf.reduce_sum([1, 2])",
    "tf.reduce_sum(c([100, 100], tf.int8))",
    "tf.reduce_sum(c([200, 100], tf.uint8))",
    "tf.reduce_sum(c([60000.0, 60000.0, -60000.0], tf.float16))",
    "tf.reduce_mean(c([3, -7]))",
    "tf.reduce_mean(c([-1, -2]))",
    "tf.reduce_mean(c([1, 2]))",
    "tf.reduce_mean(c([[1, 2], [4, 7]]), axis=1)",
    "tf.reduce_mean(c([60000.0, 60000.0], tf.float16))",
    "tf.reduce_mean(tf.zeros([0]))",
    "tf.reduce_mean(tf.zeros([0], tf.int32))",
    "tf.reduce_max(c([[1.0, 5.0], [3.0, 2.0]]), axis=1)",
    "tf.reduce_max(c([nan, 1.0]))",
    "tf.reduce_max(tf.zeros([0]))",
    "tf.reduce_max(tf.zeros([0], tf.int32))",
    "tf.reduce_min(tf.zeros([0]))",
    "tf.reduce_min(tf.zeros([0, 3], tf.uint8), axis=0)",
    "tf.reduce_prod(c([[1.0, 2.0], [3.0, 4.0]]), axis=0)",
    "tf.reduce_prod(tf.zeros([0]))",
    "tf.reduce_prod(c([100, 3], tf.int8))",
    "tf.reduce_any(c([[True, False], [False, False]]), axis=1)",
    "tf.reduce_all(tf.zeros([0], tf.bool))",
    "tf.reduce_all([[True, False]], axis=1, keepdims=True)",
    "tf.reduce_any(c([1.0]))",
    "tf.reduce_logsumexp(c([[0.0, 0.0, 0.0], [0.0, 0.0, 0.0]]))",
    "tf.reduce_logsumexp(c([[1000.0, 1000.0], [-inf, 1.0]]), axis=1)",
    "tf.reduce_logsumexp(c([-inf, -inf]))",
    "tf.reduce_logsumexp(c([inf, 1.0]))",
    "tf.reduce_logsumexp(c([[1.0, 2.0], [3.0, 4.0]]), axis=0, keepdims=True)",
    "tf.reduce_logsumexp([1.0, 2.0])",
    "tf.reduce_logsumexp(c([1, 2]))",
    "tf.math.reduce_std(c([[1.0, 2.0], [3.0, 5.0]]), axis=1, keepdims=True)",
    "tf.math.reduce_std([1.0, 2.0])",
    "tf.math.reduce_variance(c([[1.0, 2.0], [3.0, 5.0]]))",
    "tf.math.reduce_variance(c([[1.0, 2.0], [3.0, 5.0]]), axis=0)",
    "tf.math.reduce_variance(c([1, 2]))",
    "tf.math.l2_normalize(c([[0.0, 0.0], [3.0, 4.0]]), axis=1)",
    "tf.math.l2_normalize(c([[0.0, 0.0], [3.0, 4.0]]))",
    "tf.math.l2_normalize([3.0, 4.0])",
    "tf.math.l2_normalize([[3.0, 4.0]], dim=1)",
    "tf.math.l2_normalize(c([3, 4]))",
    "tf.argmax(c([[1.0, 5.0], [3.0, 2.0]]))",
    "tf.argmax(c([[1.0, 5.0], [3.0, 2.0]]), axis=1, output_type=tf.int32)",
    "tf.argmax(c([[1.0, 5.0], [3.0, 2.0]]), axis=c(1))",
    "tf.argmax(c([[1.0, 5.0], [3.0, 2.0]]), axis=[1])",
    "tf.argmax(c([1.0, 2.0]), output_type=tf.float32)",
    "tf.argmax(c([1.0, 2.0]), axis=1)",
    "tf.argmax(c(3.0))",
    "tf.argmin(c([2.0, 2.0, 1.0, 1.0]))",
    "tf.argmax(c([2.0, 2.0, 1.0]))",
    "tf.argmax(c([nan, 1.0])), tf.argmin(c([nan, 1.0]))",
    "tf.argmax(c([nan, nan])), tf.argmin(c([nan, nan]))",
    "tf.argmax(c([1.0, nan])), tf.argmin(c([1.0, nan]))",
    "tf.argmax(c([-inf, nan])), tf.argmin(c([-inf, nan]))",
    "tf.argmax(c([nan, -inf])), tf.argmin(c([nan, -inf]))",
    "tf.argmax(c([1.0, nan, 5.0])), tf.argmin(c([1.0, nan, 0.0]))",
    "tf.argmax(c([[nan, 1.0], [2.0, nan]]), axis=0)",
    "tf.argmax(c([True, False]))",
    "tf.math.argmin(c([3, -7, -7]))",
    # scans
    "tf.cumsum(c([1.0, 2.0, 3.0]), exclusive=True)",
    "tf.cumsum(c([1.0, 2.0, 3.0]), reverse=True)",
    "tf.cumsum(c([1, 2, 3]), exclusive=True, reverse=True)",
    "tf.cumsum(c([[1.0, 2.0], [3.0, 4.0]]), axis=1, exclusive=True, reverse=True)",
    "tf.cumsum(c([[1, 2], [3, 4]]), axis=-1)",
    "tf.cumsum(c([[1, 2], [3, 4]]), axis=c(1))",
    "tf.cumsum(c([1.0, 2.0]), axis=2)",
    "tf.cumsum(c(2.0))",
    "tf.cumsum(c([1.0, 2.0]), axis=0.0)",
    "tf.cumsum(c([True]))",
    "tf.cumsum(c([100, 100], tf.int8))",
    "tf.math.cumprod(c([1.0, 2.0, 3.0]), exclusive=True, reverse=True)",
    "tf.math.cumprod(c([2, 3, 4]), exclusive=True)",
    "tf.math.cumprod(c([[1.0, 2.0], [3.0, 4.0]]), axis=0, reverse=True)",
    # cast
    "tf.cast(c([1.7, -1.7, 2.5, -0.5]), tf.int32)",
    "tf.cast(c([300.0, -1.0, 1e10, -1e10, 255.9]), tf.uint8)",
    "tf.cast(c([3e9, -3e9, inf, -inf, nan]), tf.int32)",
    "tf.cast(c([3e9, -3e9, inf, -inf, nan]), tf.int64)",
    "tf.cast(c([3e9, -3e9, 200.0, -200.0]), tf.int8)",
    "tf.cast(c([1e5, -1e5]), tf.int16)",
    "tf.cast(c([1e5, 70000.0]), tf.float16)",
    "tf.cast(c([300, -1]), tf.uint8)",
    "tf.cast(c([2 ** 40], tf.int64), tf.int32)",
    "tf.cast(c([True, False]), tf.float32)",
    "tf.cast(c([2, 0]), tf.bool)",
    "tf.cast(c([nan, 0.0, -0.0]), tf.bool)",
    "tf.cast(1.5, tf.int32)",
    "tf.cast([1, 2], tf.float32)",
    "tf.cast(c([1.5, 2.0]), 'float64')",
    "tf.cast(c([1.5, 2.0]), np.float64)",
    "type(tf.cast(tf.Variable(1.0), tf.float32)).__name__",
    # matmul
    "tf.matmul(c([[1.0, 2.0], [3.0, 4.0]]), c([[5.0, 6.0], [7.0, 8.0]]), transpose_a=True)",
    "tf.matmul(c([[1.0, 2.0], [3.0, 4.0]]), c([[5.0, 6.0], [7.0, 8.0]]), adjoint_b=True)",
    "tf.matmul([[1.0, 2.0]], [[3.0], [4.0]])",
    "tf.matmul([[1, 2]], [[3], [4]])",
    "c([[1.0, 2.0]]) @ c([[3.0], [4.0]])",
    "tf.matmul(tf.ones([2, 3]), tf.ones([4, 3, 5])).shape",
    "tf.matmul(tf.ones([2, 1, 2, 3]), tf.ones([4, 3, 5])).shape",
    "tf.matmul(tf.ones([2, 0]), tf.ones([0, 3]))",
    "tf.matmul(c([1.0, 2.0]), c([1.0, 2.0]))",
    "tf.matmul(tf.ones([3, 4]), tf.ones([4]))",
    "tf.matmul(tf.ones([2, 3]), tf.ones([2, 3]))",
    "tf.matmul(tf.ones([2, 3]), tf.ones([3, 2]), transpose_a=True)",
    "tf.matmul(tf.ones([2, 2, 3]), tf.ones([3, 3, 4]))",
    "tf.matmul(tf.ones([2, 2, 3]), tf.ones([2, 2, 4]))",
    "tf.matmul(tf.ones([2, 2, 3]), tf.ones([2, 2, 4]), adjoint_b=True)",
    "tf.matmul(tf.ones([3]), tf.ones([2, 3, 4]))",
    "tf.matmul(tf.ones([2, 3, 4]), tf.ones([4]))",
    "tf.matmul(tf.ones([2, 3]), tf.ones([3, 2], tf.int32))",
    "tf.matmul(tf.ones([2, 3]), tf.ones([4, 3]), transpose_b=True, adjoint_b=True)",
    "c([[1, 2]]) @ c([[1.0], [2.0]])",
    # gradients at the points where TF's choices show
    "grads(lambda x, y: tf.maximum(x, y), [1.0, 3.0, 0.0], [1.0, 2.0, 5.0])",
    "grads(lambda x, y: tf.minimum(x, y), [1.0, 3.0, 0.0], [1.0, 2.0, 5.0])",
    "grads(lambda x, y: tf.maximum(x, y), [[1.0, 3.0], [2.0, 0.0]], 2.0)",
    "grads(lambda x: tf.reduce_max(x), [1.0, 3.0, 3.0])",
    "grads(lambda x: tf.reduce_min(x, axis=1), [[1.0, 1.0, 2.0], [0.0, 5.0, 0.0]])",
    "grads(lambda x: tf.reduce_max(x, axis=0, keepdims=True), [[1.0, 1.0], [1.0, 0.0]])",
    "grads(lambda x: tf.abs(x), [0.0, 3.0, -1.0])",
    "grads(lambda x: tf.sqrt(x), [0.0, 4.0])",
    "grads(lambda x: tf.math.rsqrt(x), [0.0, 4.0])",
    "grads(lambda x, y: tf.pow(x, y), [0.0, 2.0, -2.0, 0.0], [2.0, 3.0, 2.0, 0.5])",
    "grads(lambda x: x ** 3, [-2.0, 0.0])",
    "grads(lambda x, y: tf.math.divide_no_nan(x, y), [1.0, 2.0], [0.0, 4.0])",
    "grads(lambda x, y: tf.math.xlogy(x, y), [0.0, 2.0, 0.0], [0.0, 4.0, 1.0])",
    "grads(lambda x, y: tf.math.xdivy(x, y), [0.0, 2.0], [0.0, 4.0])",
    "grads(lambda x, y: x / y, [1.0, -2.0], [0.0, 4.0])",
    "grads(lambda x, y: tf.math.floormod(x, y), [5.0, -3.0], [2.0, 4.0])",
    "grads(lambda x, y: tf.math.floordiv(x, y), [1.5, 3.0], [2.0, -2.0])",
    "grads(lambda x: tf.math.cumprod(x), [1.0, 0.0, 3.0])",
    "grads(lambda x: tf.math.cumprod(x, exclusive=True, reverse=True), [2.0, 0.0, 3.0])",
    "grads(lambda x: tf.cumsum(x, exclusive=True, reverse=True), [1.0, 2.0, 3.0])",
    "grads(lambda x: tf.reduce_prod(x), [1.0, 0.0, 3.0])",
    "grads(lambda x: tf.reduce_prod(x), [1.0, 0.0, 0.0])",
    "grads(lambda x: tf.reduce_prod(x, axis=0), [[1.0, 2.0, 0.0], [3.0, 4.0, 5.0]])",
    "grads(lambda x: tf.sign(x), [1.0, 0.0, -2.0])",
    "grads(lambda x: tf.floor(x), [1.5, -2.0])",
    "grads(lambda x: tf.math.ceil(x), [1.5, -2.0])",
    "grads(lambda x: tf.round(x), [1.5, -2.0])",
    "grads(lambda x: tf.argmax(x), [1.5, 3.0])",
    "grads(lambda x: tf.equal(x, 1.5), [1.5, 3.0])",
    "grads(lambda x: tf.cast(x, tf.int32), [1.5])",
    "grads(lambda x: tf.cast(x, tf.float64), [1.5])",
    "grads(lambda x: tf.cast(x, tf.float32) * 2.0, [1.5], dtype='float64')",
    "grads(lambda x: tf.cast(tf.math.is_nan(x), tf.float32) + x, [1.0, 2.0])",
    "grads(lambda x: tf.math.is_nan(x), [1.0, 2.0])",
    "grads(lambda x: tf.math.l2_normalize(x), [0.0, 0.0])",
    "grads(lambda x: tf.math.l2_normalize(x, axis=1), [[3.0, 4.0], [1.0, 0.0]])",
    "grads(lambda x: tf.reduce_logsumexp(x), [-inf, 0.0, 1.0])",
    "grads(lambda x: tf.reduce_logsumexp(x, axis=1), [[1000.0, 1000.0], [0.0, 1.0]])",
    "grads(lambda x: tf.math.reduce_std(x), [2.0, 2.0])",
    "grads(lambda x: tf.math.reduce_variance(x, axis=0), [[1.0, 2.0], [3.0, 5.0]])",
    "grads(lambda x: tf.reduce_mean(x, axis=1), [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])",
    "grads(lambda x: tf.math.softplus(x), [-100.0, 0.0, 100.0])",
    "grads(lambda x: tf.sigmoid(x), [-100.0, 0.0, 100.0])",
    "grads(lambda x: tf.math.log(x), [0.0, 2.0])",
    "grads(lambda x: tf.math.asin(x), [1.0, 0.5])",
    "grads(lambda x, y: tf.atan2(x, y), [0.0, 1.0], [0.0, 1.0])",
    "grads(lambda x, y: tf.math.squared_difference(x, y), [[1.0, 2.0]], [3.0])",
    "grads(lambda x, y, z: tf.add_n([x, y, z, x]), [1.0], [2.0], [3.0])",
    "grads(lambda a, b: tf.matmul(a, b, transpose_a=True), [[1.0, 2.0], [3.0, 4.0]],"
    " [[1.0, 0.0], [2.0, 1.0]])",
    "grads(lambda a, b: tf.matmul(a, b, transpose_b=True), [[1.0, 2.0], [3.0, 4.0]],"
    " [[1.0, 0.0], [2.0, 1.0]])",
    "grads(lambda a, b: tf.matmul(a, b, adjoint_a=True, adjoint_b=True), [[1.0, 2.0],"
    " [3.0, 4.0]], [[1.0, 0.0], [2.0, 1.0]])",
    "grads(lambda a, b: tf.matmul(a, b), [[1.0, 2.0]], [[[1.0], [2.0]], [[3.0], [4.0]]])",
    "grads(lambda a, b: tf.matmul(a, b, adjoint_a=True), [[[1.0, 2.0]], [[3.0, 4.0]]],"
    " [[5.0, 6.0]])",
    "grads(lambda x: tf.where(x > 0.0, tf.sqrt(x), 0.0), [0.0, -1.0, 4.0])",
    "grads(lambda x: tf.where(x > 0.0, tf.math.rsqrt(x), 0.0), [0.0, 4.0])",
    "grads(lambda x: tf.where(x != 0.0, tf.math.reciprocal(x), 0.0), [0.0, 4.0])",
    "grads(lambda x: tf.where(x > 0.0, tf.math.log(x), 0.0), [0.0, 4.0])",
    "second(lambda x: tf.math.softsign(x), [0.5])",
    "second(lambda x: tf.tanh(x), [0.5, -1.0])",
    "second(lambda x: tf.sigmoid(x), [0.5, -1.0])",
    "second(lambda x: tf.sqrt(x), [0.5, 4.0])",
    "second(lambda x: tf.math.rsqrt(x), [0.5, 4.0])",
    "second(lambda x: tf.math.reciprocal(x), [0.5, -4.0])",
    "second(lambda x: tf.math.softplus(x), [0.5, -1.0])",
    "second(lambda x: tf.reduce_max(x), [1.0, 3.0, 3.0])",
    "second(lambda x: tf.abs(x) * x, [0.0, -2.0])",
    "second(lambda x: x ** 3.0, [0.0, -2.0, 2.0])",
    "second(lambda x: tf.math.xlogy(x, x), [0.5, 2.0])",
]

# Each op with each dtype: the result dtype, or TF's error for it.
DTYPE_MATRIX = (
    [f"unary({name!r}, {d!r}).dtype" for name in UNARY for d in DTYPES]
    + [f"binary({name!r}, {d!r}).dtype" for name in BINARY for d in DTYPES]
    + [f"matmul({d!r}).dtype" for d in DTYPES]
    + [f"matmul({d!r}, batched=True).dtype" for d in DTYPES]
    + [f"tf.add_n([c(np.array([1, 1]).astype({d!r}))] * 2).dtype" for d in DTYPES]
)

CASES = HANDWRITTEN + DTYPE_MATRIX


def error_message(error):
    """The first line of an error's message without what only TF's runtime adds: the
    {{function_node ...}} prefix, oneDNN's _Mkl op names, and the ' [Op:X]' / ' name:'
    suffixes."""
    text = str(error).split("\n")[0]
    text = re.sub(r"\{\{function_node [^}]*\}\} ", "", text)
    text = re.sub(r"\b_Mkl(\w+)", r"\1", text)  # TF's oneDNN build renames MatMul _MklMatMul
    text = re.sub(r"\s*\[Op:\w+\]( name:.*)?\s*$", "", text)
    text = re.sub(r"\s*name:\s*$", "", text)
    return text.strip()


def encode(result):
    """A JSON-able form of a case's result (tensors, None, Python values, tuples)."""
    if result is None or isinstance(result, (bool, int, float, str)):
        return {
            "python": result
            if not isinstance(result, float) or np.isfinite(result)
            else repr(result)
        }
    if isinstance(result, (list, tuple)) and not hasattr(result, "as_list"):
        return {"sequence": [encode(r) for r in result]}
    if hasattr(result, "as_list"):  # TensorShape
        return {"shape_value": list(result.as_list())}
    if hasattr(result, "name") and hasattr(result, "is_floating"):  # a DType
        return {"dtype_value": result.name}
    value = np.asarray(result.numpy())
    numbers = value
    if value.dtype.kind == "c":  # real and imaginary parts, interleaved
        numbers = np.stack([value.real, value.imag], axis=-1)
    flat = [
        repr(v)
        if isinstance(v, bytes) or (isinstance(v, float) and not np.isfinite(v))  # strings: b'..'
        else v
        for v in numbers.reshape(-1).tolist()
    ]
    return {
        "dtype": result.dtype.name,
        "shape": list(value.shape),
        "values": flat,
        "type": type(result).__name__,
    }


def evaluate(expression, tf):
    """{'result': encoded} or {'error': exception class name, 'message': normalized}."""
    try:
        return {"result": encode(eval(expression, namespace(tf)))}  # our cases
    except Exception as error:  # noqa: BLE001 - the error is the result being compared
        return {"error": type(error).__name__, "message": error_message(error)}
