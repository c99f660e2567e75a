"""tf.data traces its functions (map, filter, flat_map, reduce, ...) into graphs, where tensors
are symbolic: `.numpy()` inside one raises TF's AttributeError when the dataset is built,
while tensors it captures stay eager and TF's ops inside (tf.print, a tf.random.Generator)
still work."""

CASES = [
    "def double(t):\n    return tf.constant(t.numpy() * 2.0)\n"
    "ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0]).map(double)",
    "ds = tf.data.Dataset.range(4).filter(lambda i: i.numpy() % 2 == 0)",
    "scale = tf.constant(3.0)\n"
    "ds = tf.data.Dataset.range(2).map(lambda i: tf.cast(i, tf.float32) * scale.numpy())",
    "ds = tf.data.Dataset.range(3)\nds.reduce(tf.constant(0, tf.int64), lambda s, i: s + i.numpy())",
    "ds = tf.data.Dataset.range(3).map(lambda i: i * 2)\n[t.numpy() for t in ds]",
    "g = tf.random.Generator.from_seed(1)\n"
    "ds = tf.data.Dataset.range(3).map(lambda i: g.normal([]) + tf.cast(i, tf.float32))\n"
    "len([float(v) for v in ds])",
    "ds = tf.data.Dataset.range(2).map(lambda i: (tf.print('element', i), i + 1)[1])\nlist(ds.as_numpy_iterator())",
]
