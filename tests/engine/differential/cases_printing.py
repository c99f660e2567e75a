"""How tensors, variables, shapes, dtypes and gradients print: str, repr, format, print()."""

DTYPES = ["float16", "float32", "float64", "int8", "int16", "int32", "int64", "uint8", "bool"]
VALUES = {  # rank 0..3 per dtype family
    "float": ["0.1", "[1.5, -2.0]", "[[1.0, 2.5], [3.0, 4.0]]", "[[[1.0], [2.0]], [[3.0], [4.0]]]"],
    "int": ["7", "[1, 2]", "[[1, 2], [3, 4]]", "[[[1], [2]], [[3], [4]]]"],
    "bool": ["True", "[True, False]", "[[True], [False]]", "[[[True]], [[False]]]"],
}


def _family(dtype):
    return "bool" if dtype == "bool" else "float" if dtype.startswith("float") else "int"


EACH_DTYPE_AND_RANK = [
    f"{how}(c({value}, tf.{d}))"
    for d in DTYPES
    for value in VALUES[_family(d)]
    for how in ("str", "repr")
] + [f"repr(tf.Variable(c({value}, tf.{d})))" for d in DTYPES for value in VALUES[_family(d)][:3]]

HANDWRITTEN = [
    # values NumPy prints in its own ways
    "repr(c(0.1))",
    "repr(c(0.1, tf.float64))",
    "repr(c(1e-8))",
    "repr(c(123456789.0))",
    "repr(c(1.0 / 3.0))",
    "str(c(1.0 / 3.0))",
    "repr(c(2.0))",
    "repr(tf.negative(c(0.0)))",  # not c(-0.0): TF caches scalars by value, so -0.0 would replace 0.0 in later cases
    "repr(c(float('nan')))",
    "repr(c([float('nan'), float('inf'), -float('inf')]))",
    "repr(c(float('inf')))",
    "str(c(float('-inf')))",
    "repr(c(1e20))",
    "repr(c([1e20, 1.0]))",
    "repr(c([0.1, 0.25]))",
    "repr(c([1e-5, 1.0]))",
    "repr(c(65504.0, tf.float16))",
    "repr(c(3, tf.uint8))",
    "repr(c(-3, tf.int8))",
    "repr(c(True))",
    "repr(c(2 ** 40))",
    "repr(tf.zeros([0]))",
    "repr(tf.zeros([2, 0]))",
    "str(tf.zeros([0, 3], tf.int32))",
    "repr(tf.zeros([1, 1, 1]))",
    "str(tf.ones([2, 2, 2]))",
    "repr(tf.range(1001))",
    "str(tf.range(2000))",
    "repr(tf.reshape(tf.range(1200.0), [40, 30]))",
    "repr(tf.linspace(0.0, 1.0, 7))",
    "str(tf.linspace(0.0, 1.0, 7))",
    "repr(c([[1.123456789, 2.0]], tf.float64))",
    # print() of tensors, lists of tensors, variables, gradients
    "print(c([1.0, 2.0]))",
    "print(c(3))",
    "print([c(1.0), c(2)])",
    "print((c(1.0),))",
    "print({'a': c(1.0)})",
    "print(tf.Variable(1.0))",
    "print(tf.Variable([1, 2], name='w'))",
    "print(c([[1, 2], [3, 4]]))",
    "print(c(1.0), c(2.0))",
    "print('x =', c([1.0]))",
    "print(c(1.0).numpy())",
    "print(c([1.5]).numpy())",
    "print(tf.Variable(1.0).numpy())",
    # format() and f-strings
    "f'{c(1.5)}'",
    "f'{c([1.5, 2.0])}'",
    "f'{c(1.5):.3f}'",
    "f'{c(7):d}'",
    "f'{c(7):5d}'",
    "f'{c(1.5)!r}'",
    "f'{c(1.5)!s}'",
    "format(c(2.5), '')",
    "format(c(2.5), '.1e')",
    "f'{c([1.5]):.2f}'",
    "'%s' % c(1.0)",
    "'%r' % (c(1.0),)",
    "'%.2f' % c(1.0)",
    "'%d' % c(3)",
    "f'{tf.Variable(2.5)}'",
    "f'{tf.Variable(2.5):.2f}'",
    "'{}'.format(c([1, 2]))",
    "str(tf.Variable(1.0))",
    # shapes and dtypes
    "str(c(1.0).shape)",
    "repr(c(1.0).shape)",
    "str(c([1.0]).shape)",
    "repr(c([1.0]).shape)",
    "str(c([[1.0, 2.0]]).shape)",
    "repr(c([[1.0, 2.0]]).shape)",
    "print(c([[1.0]]).shape)",
    "c([[1.0, 2.0]]).shape.as_list()",
    "c([[1.0, 2.0]]).shape.rank",
    "c([[1.0, 2.0]]).shape.ndims",
    "c([[1.0, 2.0]]).shape[1]",
    "c([[1.0, 2.0]]).shape[-1]",
    "c([[1.0, 2.0]]).shape[1:]",
    "repr(c([[1.0, 2.0]]).shape[1:])",
    "c([[1.0, 2.0]]).shape == (1, 2)",
    "c([[1.0, 2.0]]).shape == [1, 2]",
    "c([[1.0, 2.0]]).shape != [2, 1]",
    "c([[1.0, 2.0]]).shape.num_elements()",
    "tuple(c([[1.0, 2.0]]).shape)",
    "list(c([[1.0, 2.0]]).shape)",
    "len(c([[1.0, 2.0]]).shape)",
    "c([[1.0, 2.0]]).shape.is_fully_defined()",
    "tf.TensorShape([2, None])",
    "str(tf.TensorShape([2, None]))",
    "tf.TensorShape([2, 3]).as_list()",
    "tf.TensorShape([]).rank",
    "c([[1.0, 2.0]]).get_shape()",
    "str(tf.Variable([1.0]).shape)",
    "repr(tf.float32)",
    "str(tf.float32)",
    "print(tf.int64)",
    "repr(tf.bool)",
    "f'{tf.float32}'",
    "str(c(1.0).dtype)",
    "[tf.float32, tf.int32]",
    # gradients as printed
    "print(tf.IndexedSlices(c([[1.0, 2.0]]), c([0]), c([3, 2])))",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1])\nprint(t.gradient(y, x))",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1])\ng = t.gradient(y, x)\n(str(g.values), g.shape, g.dtype)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1])\ng = t.gradient(y, x)\ntf.convert_to_tensor(g)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1])\ng = t.gradient(y, x)\nf'{g}'",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1])\ng = t.gradient(y, x)\n-g",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.gather(x, [1])\ng = t.gradient(y, x)\ng * 2.0",
]

CASES = EACH_DTYPE_AND_RANK + HANDWRITTEN
