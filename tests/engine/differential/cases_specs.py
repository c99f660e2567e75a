"""tf.TensorSpec and shapes of unknown rank, as tf.function signatures and tf.data specs use
them."""

UNKNOWN_RANK = [
    "tf.TensorShape(None)",
    "repr(tf.TensorShape(None))",
    "str(tf.TensorShape(None))",
    "(tf.TensorShape(None).rank, tf.TensorShape(None).ndims, tf.TensorShape(None).dims)",
    "tf.TensorShape(None).as_list()",
    "len(tf.TensorShape(None))",
    "list(tf.TensorShape(None))",
    "(tf.TensorShape(None).num_elements(), tf.TensorShape(None).is_fully_defined())",
    "tf.TensorShape(None).is_compatible_with([1, 2])",
    "tf.TensorShape([1, 2]).is_compatible_with(tf.TensorShape(None))",
    "tf.TensorShape(None).merge_with([1, None])",
    "tf.TensorShape([1]).merge_with(tf.TensorShape(None))",
    "(tf.TensorShape(None) == tf.TensorShape(None), tf.TensorShape(None) == [1])",
    "tf.TensorShape([1]) == tf.TensorShape(None)",
    "tf.TensorShape(None).concatenate([1])",
    "tf.TensorShape([2]).concatenate(tf.TensorShape(None))",
    "(tf.TensorShape(None)[0], bool(tf.TensorShape(None)))",
    "tf.TensorShape(None).with_rank(2)",
    "tf.TensorShape(tf.TensorShape(None))",
]

SPECS = [
    "tf.TensorSpec([None, 3], tf.float32, name='x')",
    "s = tf.TensorSpec([None, 3], tf.float32, name='x')\n(s.shape, s.dtype, s.name)",
    "tf.TensorSpec(shape=(), dtype=tf.int32)",
    "tf.TensorSpec([2])",
    "tf.TensorSpec(None)",
    "tf.TensorSpec([3], 'float64')",
    "tf.TensorSpec([3], 'floaty')",
    "tf.TensorSpec([-1])",
    "s = tf.TensorSpec([None, 3])\n(s.is_compatible_with(tf.zeros([5, 3])), "
    "s.is_compatible_with(tf.zeros([5, 4])), s.is_compatible_with(tf.zeros([5, 3], tf.int32)))",
    "s = tf.TensorSpec([2])\n(s.is_compatible_with([1.0, 2.0]), "
    "s.is_compatible_with(tf.Variable([1.0, 2.0])), s.is_compatible_with(np.zeros(2, np.float32)))",
    "tf.TensorSpec([None]).is_compatible_with(tf.TensorSpec([4]))",
    "tf.TensorSpec(None).is_compatible_with(tf.zeros([2, 3]))",
    "(tf.TensorSpec([None, 3], name='x') == tf.TensorSpec([None, 3], name='x'), "
    "tf.TensorSpec([None, 3], name='x') == tf.TensorSpec([None, 3]))",
    "len({tf.TensorSpec([2]), tf.TensorSpec([2]), tf.TensorSpec([3])})",
    "tf.TensorSpec.from_tensor(c([1.0, 2.0]))",
    "tf.TensorSpec.from_tensor(c([[1, 2]]), name='a')",
    "tf.TensorSpec([2, 3]).most_specific_common_supertype([tf.TensorSpec([4, 3])])",
    "tf.TensorSpec([2, 3]).most_specific_common_supertype([tf.TensorSpec([4])])",
    "tf.TensorSpec([2]).most_specific_common_supertype([tf.TensorSpec([2], tf.int32)])",
    "(tf.TensorSpec([2, 3]).is_subtype_of(tf.TensorSpec([None, None])), "
    "tf.TensorSpec([None]).is_subtype_of(tf.TensorSpec([2])), "
    "tf.TensorSpec([2]).is_subtype_of(tf.TensorSpec(None)))",
    "tf.TensorSpec([2]).shape.as_list()",
]

VARIABLE_SHAPES = [
    "v = tf.Variable([1.0, 2.0], shape=tf.TensorShape(None))\n(repr(v), v.shape)",
    "v = tf.Variable([1.0, 2.0], shape=[None])\nv.assign([1.0, 2.0, 3.0])\n(v.shape, v.numpy())",
    "v = tf.Variable([1.0, 2.0], shape=[None])\nv.assign([[1.0]])",
    "tf.Variable(tf.zeros([2, 3]), shape=[None, 3]).shape",
    "tf.Variable([1.0, 2.0], shape=[3])",
    "tf.Variable([1.0, 2.0], shape=[None, 2])",
    "v = tf.Variable([1.0, 2.0], shape=[None])\nwith tf.GradientTape() as t:\n"
    "    y = tf.reduce_sum(v * v)\nt.gradient(y, v)",
]

CASES = UNKNOWN_RANK + SPECS + VARIABLE_SHAPES
