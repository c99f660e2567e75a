"""What the math ops put on the tape: TF's op types (composites built from TF's primitives, in
TF's order), the tensors each record keeps for backward, the gradient ops a backward pass
runs, and the names tf.math and tf expose. Expected op lists were read from real TF 2.21
(the ops of tf.function graphs of the same code); values are checked in test_math_reference.
"""

import warnings

import numpy as np
import pytest

import engine as tf
from engine import hooks
from engine.ops import math_ops


class _OpLog(hooks.Observer):
    def __init__(self):
        self.types, self.records = [], []

    def op_executed(self, op_type, inputs, outputs, record):
        self.types.append(op_type)
        self.records.append(record)


def executed_ops(fn, *args):
    """The op types `fn(*args)` runs, in order."""
    log = _OpLog()
    hooks.observers.append(log)
    try:
        fn(*args)
    finally:
        hooks.observers.remove(log)
    return log.types


X = tf.constant(np.arange(1.0, 13.0, dtype=np.float32).reshape(3, 4))
I = tf.constant(np.arange(1, 13, dtype=np.int32).reshape(3, 4))  # noqa: E741 - beside X and B
B = tf.constant([[True, False], [False, False]])


@pytest.mark.parametrize(
    "fn,arg,tf_ops",
    [
        (
            lambda x: tf.reduce_logsumexp(x),
            X,
            [
                "Max",
                "IsFinite",
                "SelectV2",
                "StopGradient",
                "Sub",
                "Exp",
                "Sum",
                "Log",
                "Shape",
                "Reshape",
                "AddV2",
            ],
        ),
        (
            lambda x: tf.reduce_logsumexp(x, axis=1, keepdims=True),
            X,
            ["Max", "IsFinite", "SelectV2", "StopGradient", "Sub", "Exp", "Sum", "Log", "AddV2"],
        ),
        (lambda x: tf.math.reduce_std(x, axis=0), X, ["Mean", "Sub", "Square", "Mean", "Sqrt"]),
        (lambda x: tf.math.reduce_variance(x, axis=1), X, ["Mean", "Sub", "Square", "Mean"]),
        (
            lambda x: tf.math.l2_normalize(x, axis=1),
            X,
            ["Square", "Sum", "Maximum", "Rsqrt", "Mul"],
        ),
        (lambda x: tf.math.truediv(x, x), X, ["RealDiv"]),
        (lambda x: tf.math.truediv(x, x), I, ["Cast", "Cast", "RealDiv"]),
        (lambda x: tf.divide(x, x), I, ["Cast", "Cast", "RealDiv"]),
        (lambda x: tf.math.divide_no_nan(x, x), I, ["Cast", "Cast", "DivNoNan"]),
        (
            lambda x: tf.math.logical_xor(x, x),
            B,
            ["LogicalOr", "LogicalAnd", "LogicalNot", "LogicalAnd"],
        ),
        (lambda x: tf.math.mod(x, x), X, ["FloorMod"]),
        (lambda x: tf.round(x), I, []),
        (lambda x: tf.cast(x, tf.float32), X, []),
        (lambda x: tf.cast(x, tf.int32), X, ["Cast"]),
        (lambda x: tf.add_n([x]), X, []),
        (lambda x: tf.add_n([x, x, x]), X, ["AddN"]),
        (lambda x: tf.matmul(x, x, transpose_b=True), X, ["MatMul"]),
        (
            lambda x: tf.matmul(tf.reshape(x, [1, 3, 4]), x, adjoint_b=True),
            X,
            ["Reshape", "BatchMatMulV2"],
        ),
        (lambda x: tf.math.softplus(x), X, ["Softplus"]),
        (lambda x: tf.math.squared_difference(x, x), X, ["SquaredDifference"]),
        (lambda x: tf.reduce_any(x), B, ["Any"]),
        (lambda x: tf.argmin(x, axis=1), X, ["ArgMin"]),
        (lambda x: tf.math.cumprod(x, axis=1, exclusive=True), X, ["Cumprod"]),
        (lambda x: x == x, X, ["Equal"]),
        (lambda x: x**2, X, ["Pow"]),
        (lambda x: abs(x), X, ["Abs"]),
        (lambda x: -x, X, ["Neg"]),
        (lambda x: x // 2.0, X, ["FloorDiv"]),
        (lambda x: x % 2.0, X, ["FloorMod"]),
        (lambda x: 2.0 - x, X, ["Sub"]),
        (lambda x: x > 1.0, X, ["Greater"]),
        (lambda x: x @ tf.transpose(x), X, ["Transpose", "MatMul"]),
    ],
    ids=lambda v: "" if not isinstance(v, list) else "-".join(v) or "no-op",
)
def test_ops_run_the_op_types_tf_runs(fn, arg, tf_ops):
    assert executed_ops(fn, arg) == tf_ops


@pytest.mark.parametrize(
    "fn,tf_gradient_ops",
    [
        (tf.tanh, ["TanhGrad"]),
        (tf.sigmoid, ["SigmoidGrad"]),
        (tf.sqrt, ["SqrtGrad"]),
        (tf.math.rsqrt, ["RsqrtGrad"]),
        (tf.math.reciprocal, ["ReciprocalGrad"]),
        (tf.math.softsign, ["SoftsignGrad"]),
        (tf.math.softplus, ["Sigmoid", "Mul"]),
        (tf.exp, ["Mul"]),
        (tf.math.log, ["Reciprocal", "Mul"]),
        (tf.square, ["Mul", "Mul"]),
        (tf.math.erf, ["Mul", "Square", "Neg", "Exp", "Mul"]),
        (tf.tan, ["Cos", "Reciprocal", "Square", "Mul"]),
        (tf.asin, ["Square", "Sub", "Sqrt", "Reciprocal", "Mul"]),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_backward_runs_the_gradient_ops_tf_runs(fn, tf_gradient_ops):
    x = tf.constant([[0.25, 0.5], [0.75, 0.125]])
    upstream = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    assert executed_ops(lambda: tape.gradient(y, x, output_gradients=upstream)) == tf_gradient_ops


# TF's eager backward ops, logged with TF's op callbacks (x = [[1, 2], [3, 4]] watched,
# output_gradients given). TF also runs Shape on the forward input where the engine reads the
# shape from the record's attrs, so Shape is left out of the comparison.
_TF_EAGER_BACKWARD = [
    (lambda x: tf.reduce_sum(x), ["Reshape", "Tile"]),
    (lambda x: tf.reduce_sum(x, axis=0), ["Shape", "Reshape", "BroadcastTo"]),
    (lambda x: tf.reduce_sum(x, axis=0, keepdims=True), ["Shape", "BroadcastTo"]),
    (lambda x: tf.reduce_mean(x), ["Reshape", "Tile", "RealDiv"]),
    (lambda x: tf.reduce_mean(x, axis=1), ["Shape", "Reshape", "BroadcastTo", "RealDiv"]),
    (
        lambda x: tf.reduce_max(x, axis=1),
        ["Shape", "Reshape", "Reshape", "Equal", "Cast", "Sum", "Reshape", "RealDiv", "Mul"],
    ),
    (lambda x: tf.matmul(x, x), ["MatMul", "MatMul", "AddN"]),
    (lambda x: tf.cumsum(x, axis=1), ["Cumsum"]),
    (lambda x: tf.math.cumprod(x, axis=1), ["Cumprod", "Mul", "Cumsum", "DivNoNan"]),
    (lambda x: tf.cast(x, tf.float64), ["Cast"]),
    (lambda x: tf.abs(x), ["Sign", "Mul"]),
    (lambda x: tf.sign(x), ["ZerosLike"]),
]


@pytest.mark.parametrize(
    "fn,tf_ops", _TF_EAGER_BACKWARD, ids=lambda v: "-".join(v) if isinstance(v, list) else ""
)
def test_backward_of_reductions_and_others_runs_tf_eager_ops(fn, tf_ops):
    x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    upstream = tf.ones_like(y)
    ran = executed_ops(lambda: tape.gradient(y, x, output_gradients=upstream))
    assert ran == [op for op in tf_ops if op != "Shape"]


def _record_of(fn, *args):
    log = _OpLog()
    tensors = [tf.constant(a) for a in args]
    with tf.GradientTape() as tape:
        for t in tensors:
            tape.watch(t)
        hooks.observers.append(log)
        try:
            fn(*tensors)
        finally:
            hooks.observers.remove(log)
    return log.records[-1]


def _kept(tensors):
    return None if tensors is None else tuple(t is not None for t in tensors)


@pytest.mark.parametrize(
    "fn,kept_inputs,kept_outputs",
    [
        (tf.exp, None, (True,)),
        (tf.tanh, None, (True,)),
        (tf.sigmoid, None, (True,)),
        (tf.sqrt, None, (True,)),
        (tf.math.rsqrt, None, (True,)),
        (tf.math.reciprocal, None, (True,)),
        (tf.negative, None, None),
        (tf.math.log, (True,), None),
        (tf.square, (True,), None),
        (tf.sin, (True,), None),
        (tf.abs, (True,), None),
        (tf.math.softplus, (True,), None),
        (tf.reduce_sum, None, None),
        (tf.reduce_mean, None, None),
        (tf.reduce_max, (True,), (True,)),
        (tf.reduce_prod, (True,), None),
        (tf.cumsum, None, None),
        (tf.math.cumprod, (True,), None),
        (lambda x: tf.cast(x, tf.float64), None, None),
        (tf.floor, None, None),
        (lambda x: tf.argmax(x), None, None),
        (lambda x: x + x, None, None),
        (lambda x: x - 1.0, None, None),
        (lambda x: x * 3.0, (True, True), None),
        (lambda x: x / 3.0, (True, True), None),
        (lambda x: x**3.0, (True, True), (True,)),
        (lambda x: tf.matmul(tf.reshape(x, [1, 2]), tf.reshape(x, [2, 1])), (True, True), None),
        (lambda x: tf.maximum(x, 0.5), (True, True), None),
    ],
)
def test_records_keep_only_what_the_gradient_reads(fn, kept_inputs, kept_outputs):
    rec = _record_of(fn, np.array([0.5, 2.0], dtype=np.float32))
    assert _kept(rec.inputs) == kept_inputs
    assert _kept(rec.outputs) == kept_outputs


def test_sqrt_grad_keeps_its_first_input_and_its_output_as_tf():
    from engine.ops.unary_math import sqrt_grad

    rec = _record_of(sqrt_grad, np.array([0.5], np.float32), np.array([1.0], np.float32))
    assert _kept(rec.inputs) == (True, False) and _kept(rec.outputs) == (True,)


def test_second_derivative_of_softsign_raises_as_tf_has_no_softsign_grad_gradient():
    x = tf.constant([0.5])
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.math.softsign(x)
        g = inner.gradient(y, x)
    with pytest.raises(LookupError, match="gradient registry has no entry for: SoftsignGrad"):
        outer.gradient(g, x)


# tf.math.<name> and tf.<name> as real TF 2.21 has them (hasattr over the API list).
TF_TOP_LEVEL = [
    "add",
    "subtract",
    "multiply",
    "divide",
    "truediv",
    "pow",
    "negative",
    "abs",
    "complex",
    "sign",
    "exp",
    "sqrt",
    "square",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    "sigmoid",
    "maximum",
    "minimum",
    "add_n",
    "cumsum",
    "round",
    "floor",
    "equal",
    "not_equal",
    "less",
    "less_equal",
    "greater",
    "greater_equal",
    "logical_and",
    "logical_or",
    "logical_not",
    "argmax",
    "argmin",
    "reduce_sum",
    "reduce_mean",
    "reduce_max",
    "reduce_min",
    "reduce_prod",
    "reduce_logsumexp",
    "reduce_any",
    "reduce_all",
    "cast",
    "matmul",
]
TF_MATH_ONLY = [
    "floordiv",
    "floormod",
    "mod",
    "expm1",
    "log",
    "log1p",
    "rsqrt",
    "reciprocal",
    "softplus",
    "softsign",
    "erf",
    "squared_difference",
    "divide_no_nan",
    "xlogy",
    "cumprod",
    "ceil",
    "logical_xor",
    "reduce_std",
    "reduce_variance",
    "is_nan",
    "is_inf",
    "is_finite",
    "l2_normalize",
]


@pytest.mark.parametrize("name", TF_TOP_LEVEL)
def test_top_level_names_are_those_tf_has(name):
    assert callable(getattr(tf, name))


@pytest.mark.parametrize("name", TF_MATH_ONLY)
def test_math_only_names_are_missing_at_top_level_as_in_tf(name):
    assert callable(getattr(tf.math, name))
    with pytest.raises(AttributeError, match=f"engine does not implement tf.{name}"):
        getattr(tf, name)


@pytest.mark.parametrize("name", ["cast", "matmul"])
def test_cast_and_matmul_are_not_in_tf_math(name):
    with pytest.raises(AttributeError, match=f"engine does not implement tf.math.{name}"):
        getattr(tf.math, name)


def test_module_lists_are_consistent():
    from engine import math as tf_math

    assert sorted(math_ops.__all__) == sorted(set(math_ops.__all__))
    assert set(TF_TOP_LEVEL) == set(math_ops.TOP_LEVEL)
    assert set(TF_MATH_ONLY) <= set(math_ops.__all__)
    assert set(math_ops.__all__) <= set(tf_math.__all__)
    assert tf.math.mod is tf.math.floormod


def test_python_scalars_take_the_tensor_dtype_on_the_fast_path():
    x = tf.constant([1.0, 2.0], dtype=tf.float64)
    assert (x * 2).dtype == tf.float64 and (2 * x).dtype == tf.float64
    assert (x / 2).dtype == tf.float64 and (x - 1).dtype == tf.float64
    h = tf.constant([1.0], dtype=tf.float16)
    assert (h + 1.5).dtype == tf.float16 and (h**2).dtype == tf.float16


@pytest.mark.parametrize(
    "fn",
    [
        lambda: tf.math.log(tf.constant([0.0, -1.0])),
        lambda: tf.constant([1.0]) / tf.constant([0.0]),
        lambda: tf.sqrt(tf.constant([-1.0])),
        lambda: tf.exp(tf.constant([1000.0])),
        lambda: tf.math.reciprocal(tf.constant([0.0])),
        lambda: tf.reduce_mean(tf.zeros([0])),
        lambda: tf.math.xlogy(tf.constant([0.0]), tf.constant([0.0])),
        lambda: tf.cast(tf.constant([np.nan, 1e10]), tf.int32),
    ],
)
def test_inf_and_nan_arise_silently_as_in_tf(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        fn()


def test_integer_tensors_are_never_recorded():
    x = tf.constant([1.0, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        i = tf.cast(x, tf.int32)
        j = i * 2 + 1
        y = tf.reduce_sum(tf.cast(j, tf.float32)) + tf.reduce_sum(x)
    assert tape.gradient(y, x).numpy().tolist() == [1.0, 1.0]
