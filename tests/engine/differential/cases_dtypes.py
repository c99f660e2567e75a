"""Dtype rules at the seams: Python scalars, lists, NumPy arrays and NumPy scalars of each
dtype meeting tensors and variables, in operators (both sides) and in function forms."""

TENSOR_DTYPES = ["float16", "float32", "float64", "int8", "int32", "int64", "uint8", "bool"]
# Each operand a tensor may meet, as source text.
OPERANDS = ["2", "2.5", "True", "[1, 2]", "[1.5, 2.5]", "np.array([1, 2])",
            "np.array([1.5, 2.5])", "np.array([1.5, 2.5], np.float32)", "np.float64(2.5)",
            "np.float32(2.5)", "np.int64(2)", "np.int32(2)", "np.bool_(True)",
            "np.array([1, 2], np.int8)", "np.array([1.5, 2.5], np.float16)"]


def tensor(dtype):
    values = "[True, False]" if dtype == "bool" else "[1, 2]"
    return f"c({values}, tf.{dtype})"


# Operators on each side, and the function form: result dtype and values, or TF's error.
OPERATOR_MATRIX = (
    [f"{tensor(d)} + {o}" for d in TENSOR_DTYPES for o in OPERANDS]
    + [f"{o} + {tensor(d)}" for d in TENSOR_DTYPES for o in OPERANDS]
    + [f"tf.add({tensor(d)}, {o})" for d in ("float32", "int32", "float64") for o in OPERANDS]
    + [f"tf.add({o}, {tensor(d)})" for d in ("float32", "int32", "float64") for o in OPERANDS]
    + [f"{o} * tf.Variable({tensor(d)})" for d in ("float32", "int32") for o in OPERANDS]
    + [f"tf.Variable({tensor(d)}) - {o}" for d in ("float32", "int32") for o in OPERANDS]
    + [f"{o} / {tensor(d)}" for d in ("float32", "int32", "float64") for o in OPERANDS[:6]]
    + [f"{tensor(d)} < {o}" for d in ("float32", "int32") for o in OPERANDS[:6]]
    + [f"{o} ** {tensor(d)}" for d in ("float32", "int32") for o in OPERANDS[:5]]
    + [f"tf.maximum({o}, {tensor(d)})" for d in ("float32", "int64") for o in OPERANDS[:8]]
)

HANDWRITTEN = [
    # Python values alone
    "tf.add(1, 2)", "tf.add(1.0, 2)", "tf.add(1, 2.0)", "tf.add([1, 2], [0.5, 1])",
    "tf.multiply(True, 2)", "tf.add(np.float64(1), 1)", "tf.add(1, np.float64(1))",
    "tf.add(np.int64(1), np.int32(2))", "tf.add(np.array([1.0]), np.float32(1))",
    "tf.subtract(2 ** 31, 1)", "tf.add(2 ** 40, 1)", "tf.add(1, 2 ** 40)",
    # tensors of two dtypes
    "c(1) + c(1.0)", "c(1.0) + c(1)", "c(1.0) + c(1.0, tf.float64)",
    "c(1.0, tf.float16) * c(1.0)", "c(True) + c(True)", "c(True) & True",
    "c(1, tf.int64) + c(1)", "tf.add(c(1, tf.int64), c(1))",
    "c(1) * tf.Variable(1.0)", "tf.Variable(1.0) * c(1)", "tf.Variable(1.0) + tf.Variable(1)",
    "tf.Variable(1.0, dtype=tf.float64) + 1.5", "tf.Variable(2) // 3",
    "c([1, 2]) + tf.Variable([1.5, 2.5])",
    # dtype hints and explicit dtypes
    "tf.convert_to_tensor(1, dtype_hint=tf.float32)",
    "tf.convert_to_tensor(1.5, dtype_hint=tf.int32)",
    "tf.convert_to_tensor([1, 2.5], dtype_hint=tf.int32)",
    "tf.convert_to_tensor(np.array([1, 2]), dtype_hint=tf.float32)",
    "tf.convert_to_tensor(1, dtype=tf.float64)",
    "tf.convert_to_tensor(1.5, dtype=tf.int32)",
    "tf.convert_to_tensor(np.array([1.5]), dtype=tf.float32)",
    "tf.convert_to_tensor(np.array([1]), dtype=tf.int32)",
    "tf.convert_to_tensor(np.array([1], np.int32), dtype=tf.int64)",
    "tf.convert_to_tensor(c(1.0), dtype=tf.float64)",
    "tf.convert_to_tensor(c(1.0), dtype=tf.float32)",
    "tf.convert_to_tensor(tf.Variable(1.0))",
    "tf.convert_to_tensor(tf.Variable(1.0), dtype=tf.float64)",
    "tf.convert_to_tensor([c(1.0), 2.0])",
    "tf.convert_to_tensor([c(1.0), c(2)])",
    "tf.convert_to_tensor([[c(1.0)], [c(2.0)]])",
    "tf.convert_to_tensor(True, dtype=tf.int32)",
    "tf.convert_to_tensor(1, dtype=tf.bool)",
    "tf.convert_to_tensor(None)",
    "tf.convert_to_tensor([])",
    "tf.convert_to_tensor([[], []])",
    "tf.convert_to_tensor(np.float16(1.5))",
    "tf.convert_to_tensor(2 ** 31)", "tf.convert_to_tensor(-2 ** 31)",
    "tf.convert_to_tensor(2 ** 63)",
    "tf.convert_to_tensor([1, 2 ** 40])",
    "tf.convert_to_tensor(300, dtype=tf.uint8)",
    "tf.convert_to_tensor(-1, dtype=tf.uint8)",
    "tf.convert_to_tensor(np.array(300), dtype=tf.uint8)",
    "tf.convert_to_tensor(1e40)", "tf.convert_to_tensor(1e40, dtype=tf.float64)",
    "tf.convert_to_tensor([True, 1])", "tf.convert_to_tensor([1, True])",
    "tf.convert_to_tensor([1.5, True])",
    "tf.convert_to_tensor((1, 2))", "tf.convert_to_tensor(((1.0,), (2.0,)))",
    "tf.convert_to_tensor(np.array([1.5, 0.0]), dtype=tf.bool)",
    "tf.convert_to_tensor(np.array([True]), dtype=tf.float32)",
    "tf.convert_to_tensor(np.array([2.5]), dtype_hint=tf.int32)",
    "tf.convert_to_tensor(np.array([2]), dtype_hint=tf.float16)",
    "tf.convert_to_tensor(np.float64(2.7), dtype=tf.int8)",
    "tf.convert_to_tensor(np.array([1e10, -1e10]), dtype=tf.int32)",
    "tf.convert_to_tensor(np.array([1.5]), dtype=tf.int8)",
    "tf.convert_to_tensor(np.array([1e40]), dtype=tf.float32)",
    "tf.convert_to_tensor(True, dtype=tf.int8)", "tf.convert_to_tensor(True, dtype=tf.int16)",
    "tf.convert_to_tensor(True, dtype=tf.int64)", "tf.convert_to_tensor(True, dtype=tf.uint8)",
    "tf.convert_to_tensor(True, dtype=tf.float16)",
    "tf.convert_to_tensor([True, False], dtype=tf.float64)",
    "tf.convert_to_tensor(2, dtype=tf.int8)", "tf.convert_to_tensor(300, dtype=tf.int8)",
    "tf.convert_to_tensor(-129, dtype=tf.int8)", "tf.convert_to_tensor([1, 300], dtype=tf.int16)",
    "tf.convert_to_tensor(2 ** 40, dtype=tf.int32)", "tf.convert_to_tensor(-2 ** 40 - 3, dtype=tf.int32)",
    "tf.convert_to_tensor(2 ** 63, dtype=tf.int64)", "tf.convert_to_tensor(2 ** 64 + 1, dtype=tf.int32)",
    "tf.convert_to_tensor(2 ** 63 - 1, dtype=tf.float32)",
    "tf.convert_to_tensor(1e40, dtype=tf.float32)", "tf.convert_to_tensor(1e40, dtype=tf.float16)",
    "tf.convert_to_tensor(1e5, dtype=tf.float16)", "tf.convert_to_tensor(-1e40)",
    "tf.convert_to_tensor(float('inf'))", "tf.convert_to_tensor([1.0, float('nan')])",
    "tf.convert_to_tensor([1e40])", "tf.convert_to_tensor([1, 2 ** 40, 2.5])",
    "tf.convert_to_tensor([1, 2 ** 63])", "tf.convert_to_tensor([2 ** 40, 2 ** 63])",
    "tf.convert_to_tensor(1.5, dtype_hint=tf.float16)", "tf.convert_to_tensor(True, dtype_hint=tf.float32)",
    "tf.convert_to_tensor(1, dtype_hint=tf.bool)", "tf.convert_to_tensor(1, dtype_hint=tf.int8)",
    "tf.convert_to_tensor(2 ** 40, dtype_hint=tf.int32)", "tf.convert_to_tensor(c(1), dtype_hint=tf.float32)",
    "tf.convert_to_tensor([True, 1.5])", "tf.convert_to_tensor([[1], [True]])",
    "tf.convert_to_tensor([[True], [1]])", "tf.convert_to_tensor([1.5, 2, True])",
    "tf.convert_to_tensor([np.float64(1.5), 2])", "tf.convert_to_tensor([np.float32(1.5), 2.5])",
    "tf.convert_to_tensor([1.5, np.float64(2.5)])", "tf.convert_to_tensor([np.array([1.5]), [2.5]])",
    "tf.convert_to_tensor([1, None])", "tf.convert_to_tensor([[1, 2], [3]])",
    "tf.convert_to_tensor(1, dtype=tf.float32).dtype", "tf.convert_to_tensor('a', dtype=tf.float32)",
    "tf.convert_to_tensor(1.5, dtype=tf.float64)", "tf.convert_to_tensor(1.5, dtype=tf.bool)",
    "tf.convert_to_tensor([1.5], dtype=tf.uint8)",
    "tf.logical_and(c([True]), np.array([2.5]))", "tf.logical_and(c([True]), 1)",
    "c([1, 2], tf.int8) + np.array([300, 2])", "c([1.0]) + np.array([1e40])",
    "c([1], tf.int16) + True", "c([1.0]) + [True]", "c([1]) + [True, 2]",
    "c([1.0], tf.float16) + 1e5", "c([1], tf.int8) + 300", "c([1]) + 2 ** 40",
    "2 ** 40 + c([1])", "c([1.0]) + 1e40", "1e40 + c([1.0])", "c([1], tf.int8) * 2.5",
    "c([1], tf.int8) - np.float64(2.5)", "c([1.5]) * np.array([2], np.int64)",
    "tf.multiply(c([1], tf.uint8), True)", "tf.subtract(np.array([3], np.uint8), c([1], tf.uint8))",
    "tf.maximum(2.5, c([1]))", "tf.maximum(c([1]), 2.5)", "tf.minimum(np.float64(2.5), c([1, 5]))",
    "tf.concat([c([1.0]), np.array([2.0])], 0)", "tf.concat([np.array([2.0]), c([1.0])], 0)",
    "tf.concat([[1, 2], c([1.0])], 0)", "tf.stack([c(1.0), 2, np.float64(3.0)])",
    "tf.stack([c(1), 2.5])", "tf.where([True, False], c([1.0, 2.0]), 3)",
    "tf.where([True, False], 3, c([1.0, 2.0]))", "tf.where([True, False], np.array([1, 2]), c([1.0, 2.0]))",
    "tf.matmul(c([[1.0]]), np.array([[2.0]]))", "tf.matmul(np.array([[2.0]]), c([[1.0]]))",
    "tf.reshape(np.array([1.5, 2.5]), [2, 1])", "tf.nn.relu(np.array([-1.0, 2.0]))",
    "tf.nn.relu([-1, 2])", "tf.nn.softmax([1, 2])", "tf.sigmoid(np.array([0.0]))",
    # NumPy and Python operands where an op's attr has a default dtype (indices, shapes, axes)
    "tf.gather(c([1.0, 2.0, 3.0]), np.array([1.0]))", "tf.gather(c([1.0, 2.0, 3.0]), [1.0])",
    "tf.gather(c([1.0, 2.0, 3.0]), np.array([1], np.int64))", "tf.gather(c([1.0, 2.0]), 2 ** 40)",
    "tf.gather(c([1.0, 2.0, 3.0]), np.array([1], np.uint8))", "tf.gather(c([1.0, 2.0]), [])",
    "tf.reshape(c([1.0, 2.0]), np.array([2.0, 1.0]))", "tf.reshape(c([1.0, 2.0]), np.array([2, 1]))",
    "tf.reshape(c(1.0), [])", "tf.reshape(c([1.0, 2.0]), [2.0, 1.0])",
    "tf.reduce_sum(c([[1.0]]), axis=np.array([0.0]))", "tf.reduce_sum(c([[1.0]]), axis=np.int64(1))",
    "tf.reduce_sum(c([[1.0]]), axis=1.0)", "tf.reduce_sum(c([[1.0]]), axis=[])",
    "tf.nn.relu(np.array([1, 2], np.int64))", "tf.nn.relu(np.array([-1.0], np.float16))",
    "tf.nn.relu6([7, -1])", "tf.nn.elu([1, 2])", "tf.nn.elu([1.0, -2.0])",
    "tf.nn.elu(np.array([1.0]))", "tf.nn.leaky_relu([1, -2])", "tf.nn.selu(np.array([-1.0]))",
    "tf.nn.sigmoid([1, 2])", "tf.nn.softplus([1, 2])", "tf.nn.l2_loss([1.0, 2.0])",
    "tf.nn.l2_loss(np.array([1.0, 2.0]))", "tf.nn.bias_add(np.array([[1.0]]), [1.0])",
    "tf.one_hot(np.array([1.0]), 3)", "tf.one_hot(np.array([1], np.int64), 3)",
    "tf.one_hot([1], 3, on_value=np.float64(2.0))", "tf.one_hot([1], 3, on_value=5)",
    "tf.where(np.array([1.0, 0.0]))", "tf.where([1, 0])", "tf.where(np.array([True, False]))",
    "tf.range(np.float64(3.0))", "tf.range(3, dtype=tf.float64)", "tf.range(np.int64(3))",
    "tf.tile(c([1.0]), np.array([2.0]))", "tf.tile(c([1.0]), np.array([2], np.int64))",
    "tf.sin(np.array([1], np.int64))", "tf.sin(np.float64(1.0))", "tf.exp(np.float32(1.0))",
    "tf.square(np.array([3], np.int8))", "tf.abs(np.int64(-3))", "tf.negative(np.array([True]))",
    "tf.cast(np.array([1.5]), tf.int32)", "tf.zeros(np.array([2], np.int64))",
    "tf.zeros(np.array([2.0]))", "tf.ones([np.int64(2)])", "tf.fill([2], np.float64(1.5))",
    "tf.fill(np.array([2]), 3)", "tf.expand_dims(c([1.0]), np.int64(0))",
    "tf.concat([c([1.0]), c([2.0])], np.int64(0))", "tf.split(c([1.0, 2.0]), np.int64(2))",
    "tf.clip_by_value(c([1.0, 5.0]), np.float64(2.0), 3)", "tf.clip_by_value(c([1, 5]), 2, 3.5)",
    "tf.matmul(c([[1]]), [[2]])", "tf.matmul([[1.0]], np.array([[2.0]], np.float32))",
    "tf.einsum('i,i->', c([1.0]), np.array([2.0]))", "tf.tensordot(c([1.0]), [2.0], 1)",
    "tf.reduce_mean(np.array([1, 2]))", "tf.argmax(np.array([1.0, 3.0]))",
    "tf.math.add_n([np.array([1.0]), c([2.0])])", "tf.math.add_n([c([2.0]), np.array([1.0])])",
    # tf.constant
    "c(1.5, tf.int32)", "c(1, tf.float16)", "c([1, 2], tf.float64)", "c(True, tf.int32)",
    "c(np.array([1.7, -1.7]), tf.int32)", "c(np.array([1.5]), tf.float32)",
    "c(np.array([300]), tf.uint8)", "c(300, tf.uint8)", "c(-1, tf.uint8)",
    "c(2 ** 31)", "c(2 ** 63)", "c(-2 ** 63)", "c([1.0, 2.0], shape=[2, 1])",
    "c(1.0, shape=[2, 3])", "c([1.0, 2.0], shape=[3])", "c([[1], [2, 3]])",
    "c(c(1.0), tf.float64)", "c(c(1.0), tf.float32)", "c(tf.Variable(1.0), tf.float64)",
    "c(tf.Variable([1, 2]), tf.float32)", "c({'a': 1})", "c(None)",
    "c(0, dtype='float32')", "c(0, dtype=np.float64)", "c(0, dtype=float)", "c(0, dtype=int)",
    "c(0, dtype='double')", "c(0, dtype='half')", "c(0, dtype='floatx')",
    "c(1.0, shape=(2, 0))", "c([], shape=[0, 2])",
    # tf.cast of Python and NumPy values
    "tf.cast(1, tf.float32)", "tf.cast(np.float64(1.5), tf.int32)", "tf.cast([True], tf.int8)",
    "tf.cast(tf.Variable(1.5), tf.int32)", "tf.cast(c(1.0), 'int64')",
    # the dtype objects
    "tf.float32 == 'float32'", "tf.float32 == np.float32", "tf.float32 == tf.float64",
    "tf.as_dtype('float64')", "tf.as_dtype(np.int64)", "tf.as_dtype(float)",
    "tf.as_dtype(int)", "tf.as_dtype(bool)", "tf.as_dtype('foo')",
    "tf.float32.is_floating, tf.float32.is_integer, tf.int8.is_integer, tf.bool.is_integer",
    "tf.uint8.is_unsigned, tf.int8.is_unsigned, tf.float16.is_floating, tf.bool.is_bool",
    "tf.float32.as_numpy_dtype is np.float32", "tf.bool.as_numpy_dtype is np.bool_",
    "tf.int8.min, tf.int8.max, tf.uint8.min, tf.uint8.max",
    "tf.float16.max", "tf.float32.size, tf.float64.size, tf.int16.size",
    "tf.double is tf.float64, tf.half is tf.float16",
    "tf.float32.name, tf.int64.name, tf.bool.name",
    "tf.float32.base_dtype", "tf.dtypes.float32 is tf.float32",
    "tf.dtypes.as_dtype('int32')", "{tf.float32: 1}[tf.float32]",
    "c(1.0).dtype == tf.float32", "c(1.0).dtype == 'float32'", "c(1.0).dtype != tf.float64",
    "tf.float32 in (tf.float16, tf.float32)",
]

CASES = OPERATOR_MATRIX + HANDWRITTEN

# The function forms of other binary ops, each side, with Python and NumPy operands.
FUNCTION_FORMS = [
    f"tf.{fn}({a}, {b})"
    for fn in ("subtract", "multiply", "divide", "pow", "math.floordiv", "equal", "less",
               "math.squared_difference", "math.divide_no_nan")
    for d in ("float32", "int32")
    for o in ("2", "2.5", "True", "np.float64(2.5)", "np.array([1, 2])")
    for a, b in ((tensor(d), o), (o, tensor(d)))
]
CASES += FUNCTION_FORMS
