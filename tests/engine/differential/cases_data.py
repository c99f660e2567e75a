"""tf.data.Dataset in memory, as TF's guides build input pipelines: sources, transformations,
batching, shuffling (exact order: TF's buffer algorithm with its Philox seeds), specs,
cardinality, iteration, and the errors of each."""

D = "D = tf.data.Dataset\n"
XY = (
    "x = np.arange(12, dtype=np.float32).reshape(6, 2)\n"
    "y = np.array([0, 1, 0, 1, 1, 0], dtype=np.int64)\n"
)

SOURCES = [
    "repr(tf.data.Dataset.from_tensor_slices([1, 2, 3]))",
    "list(tf.data.Dataset.from_tensor_slices([1, 2, 3]))",
    "list(tf.data.Dataset.from_tensor_slices([1.0, 2.0]).as_numpy_iterator())",
    "list(tf.data.Dataset.from_tensor_slices(np.array([1.0, 2.0])).as_numpy_iterator())",
    "list(tf.data.Dataset.from_tensor_slices(c([[1.0, 2.0], [3.0, 4.0]])))",
    "repr(tf.data.Dataset.from_tensor_slices(np.zeros((4, 28, 28), np.float32)))",
    XY + "ds = tf.data.Dataset.from_tensor_slices((x, y))\n(repr(ds), len(ds))",
    XY + "ds = tf.data.Dataset.from_tensor_slices((x, y))\nnext(iter(ds))",
    "ds = tf.data.Dataset.from_tensor_slices({'a': [1, 2], 'b': [3.0, 4.0]})\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    "ds = tf.data.Dataset.from_tensor_slices(({'f': [[1.0], [2.0]]}, [0, 1]))\n"
    "(repr(ds), list(ds))",
    "tf.data.Dataset.from_tensor_slices(([1, 2, 3], [4, 5]))",
    "tf.data.Dataset.from_tensor_slices(([1, 2, 3], np.zeros((2, 3))))",
    "tf.data.Dataset.from_tensor_slices({'a': [1, 2], 'b': [1, 2, 3]})",
    "tf.data.Dataset.from_tensor_slices([[1, 2], [3]])",
    "tf.data.Dataset.from_tensor_slices(5)",
    "tf.data.Dataset.from_tensor_slices(([1, 2], 3))",
    "ds = tf.data.Dataset.from_tensor_slices(tf.Variable([1.0, 2.0]))\nlist(ds)",
    "ds = tf.data.Dataset.from_tensor_slices([c(1.0), c(2.0)])\n(repr(ds), list(ds))",
    "repr(tf.data.Dataset.from_tensors([1, 2]))",
    "list(tf.data.Dataset.from_tensors(([1, 2], 3.0)))",
    "len(tf.data.Dataset.from_tensors({'a': np.zeros((2, 2))}))",
    "repr(tf.data.Dataset.range(5))",
    "list(tf.data.Dataset.range(5).as_numpy_iterator())",
    "list(tf.data.Dataset.range(1, 10, 3).as_numpy_iterator())",
    "list(tf.data.Dataset.range(10, 0, -3).as_numpy_iterator())",
    "(len(tf.data.Dataset.range(10, 0, -3)), len(tf.data.Dataset.range(-3)))",
    "list(tf.data.Dataset.range(3, output_type=tf.float32))",
    "repr(tf.data.Dataset.range(3, output_type=tf.int32))",
    "tf.data.Dataset.range(1, 2, 0)",
    "tf.data.Dataset.range(2.5)",
    D + "[int(d.cardinality()) for d in [D.range(0, 2**63 - 1), D.range(5, 2**63 - 1, 2), "
    "D.zip((D.range(0, 2**63 - 1), D.range(3)))]]",
    D + "ds = D.zip((D.range(3), D.range(10, 14)))\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.zip(D.range(2), D.from_tensor_slices([1.0, 2.0, 3.0]))\nlist(ds)",
    D + "ds = D.zip((D.range(2), (D.range(2), D.range(5, 7))))\n(repr(ds), list(ds))",
    D + "ds = D.zip({'a': D.range(2), 'b': D.range(3)})\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "D.zip([D.range(2), D.range(3)])",
    D + "D.zip((D.range(2), 1))",
    D + "len(D.zip((D.range(3), D.range(4).repeat())))",
]

TRANSFORMATIONS = [
    D + "ds = D.range(5).map(lambda x: x * 2)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(3).map(lambda x: tf.cast(x, tf.float32) / 2.0)\nlist(ds)",
    D + "ds = D.from_tensor_slices(([1, 2], [3, 4])).map(lambda a, b: a + b)\nlist(ds)",
    D + "ds = D.from_tensor_slices({'a': [1, 2], 'b': [3, 4]})\n"
    "list(ds.map(lambda d: d['a'] * d['b']).as_numpy_iterator())",
    D + "ds = D.from_tensor_slices([1, 2]).map(lambda a: (a, a * 2))\n(repr(ds), list(ds))",
    D + "ds = D.from_tensor_slices([1, 2]).map(lambda a: [a, a * 2])\nrepr(ds)",
    D + "ds = D.from_tensor_slices([1, 2]).map(lambda a: {'x': a, 'y': -a})\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "repr(D.from_tensor_slices([1, 2]).map(lambda a: 1.5))",
    D + "repr(D.from_tensor_slices([1, 2]).map(lambda a: (a,)))",
    D + "D.from_tensor_slices(([1, 2], [3, 4])).map(lambda a: a)",
    D + "D.from_tensor_slices([1, 2]).map(lambda a, b: a)",
    D + "repr(D.range(3).map(lambda x: x, num_parallel_calls=tf.data.AUTOTUNE))",
    D + "ds = D.range(4).map(lambda x: x + 1, num_parallel_calls=2, deterministic=True)\n"
    "list(ds.as_numpy_iterator())",
    D + "ds = D.from_tensor_slices(np.arange(6.0).reshape(3, 2)).batch(2)\n"
    "repr(ds.map(lambda x: x / 2.0))",
    D + "ds = D.from_tensor_slices(np.arange(6.0).reshape(3, 2)).batch(2)\n"
    "repr(ds.map(tf.reduce_sum))",
    D + "ds = D.from_tensor_slices(np.arange(6.0).reshape(3, 2)).batch(2)\n"
    "repr(ds.map(lambda x: tf.reshape(x, [-1])))",
    D + "repr(D.from_tensors(tf.zeros([2, 3])).map(lambda x: tf.reshape(x, [-1])))",
    D + "repr(D.range(1, 5).map(lambda x: tf.range(x)))",
    D + "(repr(D.range(0).map(lambda x: tf.cast(x, tf.float32) * 2.0)), "
    "list(D.range(0).map(lambda x: x)))",
    D + "repr(D.from_tensor_slices(tf.zeros([0, 3])).batch(2).map(lambda x: x[:, :2]))",
    D + "repr(D.from_tensor_slices(np.zeros((5, 4, 4, 3), np.float32)).batch(2)"
    ".map(lambda x: tf.reduce_mean(x, axis=[1, 2])))",
    D + "repr(D.range(4).batch(2).map(lambda x: (tf.reduce_sum(x), x * 2, tf.one_hot(x, 3))))",
    D + "ds = D.range(10).filter(lambda x: x % 3 == 0)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(10).filter(lambda x: x > 20)\nlist(ds)",
    D + "D.range(3).filter(lambda x: x)",
    # TF traces dataset functions into graphs: mixed dtypes are the graph builder's TypeError
    D + "D.range(3).map(lambda x: x + tf.constant(1))",
    D + "D.from_tensor_slices(np.array([1.0, 2.0])).map(lambda x: x * tf.constant(2.0))",
    D + "D.from_tensor_slices(np.ones((2, 2))).map(lambda x: tf.matmul(x, tf.ones((2, 2))))",
    D + "D.range(3).map(lambda x: x + 1.5)",
    D + "D.range(3).filter(lambda x: x > tf.constant(1))",
    D + "D.range(3).map(lambda x: x / tf.constant(2))",
    D + "D.range(3).map(lambda x: tf.constant(2) - x)",
    D + "D.range(3).reduce(0, lambda s, x: s + x)",
    D + "D.range(6).batch(2).filter(lambda x: x > 1)",
    D + "D.range(3).filter(lambda x: tf.constant([True]))",
    D + "D.range(3).filter(lambda x: (x > 1, x > 2))",
    D + "D.range(3).take_while(lambda x: x)",
    D + "D.range(3).reduce(np.int64(0), lambda s, x: tf.cast(s, tf.float32))",
    D + "D.range(3).reduce(np.int64(0), lambda s, x: (s, s))",
    D + "D.range(3).reduce(0.0, lambda s, x: s + 1)",
    D + "D.range(4).reduce(tf.zeros([0], tf.int64), lambda s, x: tf.concat([s, [x]], 0))",
    D + "ds = D.range(10).take_while(lambda x: x < 4)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "D.range(4).reduce(np.int64(0), lambda s, x: s + x)",
    D + "D.range(1, 4).reduce((np.int64(0), np.int64(1)), lambda s, x: (s[0] + x, s[1] * x))",
    D + "D.from_tensor_slices([1.0, 2.5]).reduce(0.0, lambda s, x: s + x * x)",
    D + "ds = D.range(3).repeat(2)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "list(D.range(3).repeat(0))",
    D + "list(D.range(3).repeat().take(7).as_numpy_iterator())",
    D + "list(D.range(3).repeat(-2).take(4).as_numpy_iterator())",
    D + "list(D.range(0).repeat())",
    D + "ds = D.range(10).take(3)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "list(D.range(3).take(-1).as_numpy_iterator())",
    D + "ds = D.range(5).skip(3)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "(list(D.range(3).skip(-1)), list(D.range(3).skip(10)))",
    D
    + "ds = D.from_tensor_slices([7, 8, 9]).enumerate()\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "list(D.range(3).enumerate(start=5).as_numpy_iterator())",
    D + "ds = D.from_tensor_slices(([1.0, 2.0], [0, 1])).enumerate()\nlist(ds)",
    D + "ds = D.range(3).concatenate(D.range(10, 12))\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "D.range(3).concatenate(D.from_tensor_slices([1.0]))",
    D + "repr(D.from_tensors([1, 2]).concatenate(D.from_tensors([1, 2, 3])))",
    D + "ds = D.range(3).prefetch(tf.data.AUTOTUNE)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(3).prefetch(1)\n(len(ds), list(ds))",
    D
    + "ds = D.range(3).cache()\n(repr(ds), list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(6).shuffle(6, seed=3).cache()\n"
    "list(ds.as_numpy_iterator()) == list(ds.as_numpy_iterator())",
    D + "o = tf.data.Options()\no.experimental_deterministic = False\n"
    "ds = D.range(3).with_options(o)\n(repr(ds), ds.options().experimental_deterministic, list(ds))",
    D + "o = tf.data.Options()\no.deterministic = True\n"
    "D.range(3).with_options(o).options().deterministic",
    D + "ds = D.range(6).apply(lambda d: d.filter(lambda x: x < 2))\nlist(ds)",
    "o = tf.data.Options()\no.foo = 1",
    "o = tf.data.Options()\no.threading.foo = 2",
    "o = tf.data.Options()\n"
    "o.experimental_distribute.auto_shard_policy = tf.data.experimental.AutoShardPolicy.DATA\n"
    "o.threading.private_threadpool_size = 8\n"
    "o.experimental_optimization.map_parallelization = True\n"
    "ds = tf.data.Dataset.range(3).with_options(o)\n"
    "print(o.experimental_distribute.auto_shard_policy)\n"
    "(int(ds.options().experimental_distribute.auto_shard_policy), "
    "ds.options().threading.private_threadpool_size, "
    "ds.options().experimental_optimization.map_parallelization, ds.options() == o, "
    "tf.data.Options() == tf.data.Options(), o.threading.max_intra_op_parallelism, "
    "o.autotune.enabled, repr(tf.data.experimental.AutoShardPolicy.OFF))",
    "[(p.name, int(p)) for p in tf.data.experimental.AutoShardPolicy]",
]

BATCHING = [
    D + "ds = D.range(10).batch(3)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(10).batch(3, drop_remainder=True)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "list(D.range(7).batch(3))",
    D + "D.range(10).batch(0)",
    D + "D.range(10).batch(-1)",
    D + "D.range(5).batch(2.5)",
    D + "D.range(5).batch(tf.constant(2))",
    D
    + "(list(D.range(5).take(np.int32(2))), len(D.range(5).batch(tf.Variable(2, dtype=tf.int64))))",
    D + "D.range(5).repeat('x')",
    XY + "ds = tf.data.Dataset.from_tensor_slices((x, y)).batch(4)\n(repr(ds), list(ds))",
    "ds = tf.data.Dataset.from_tensor_slices({'x': np.zeros((4, 3), np.float32), "
    "'y': [1, 2, 3, 4]}).batch(3, drop_remainder=True)\n(repr(ds), list(ds.as_numpy_iterator()))",
    # TF's message names the two shapes in the order its parallel copy met them: only the
    # type is stable
    D + "ds = D.range(1, 5).map(lambda x: tf.range(x)).batch(2)\ntry:\n    list(ds)\n"
    "except tf.errors.InvalidArgumentError as error:\n    kind = type(error).__name__\n"
    "(repr(ds), kind)",
    D + "list(D.from_tensor_slices([1, 2]).map(lambda a: tf.zeros([a, 2])).cache().batch(2))",
    D + "list(D.from_generator(lambda: [np.zeros((1, 3)), np.zeros((3, 1))], tf.float32).batch(2))",
    D
    + "list(D.from_tensor_slices(([1, 2], [[1.0], [2.0]])).map(lambda a, b: (a, tf.zeros([a]) + b))"
    ".cache().batch(2))",
    D + "ds = D.range(8).batch(4).unbatch()\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.from_tensor_slices(([[1, 2], [3, 4]], [[5, 6], [7, 8]])).unbatch()\nlist(ds)",
    D + "D.range(6).unbatch()",
    D + "ds = D.range(10).batch(4).rebatch(3)\n"
    "(repr(ds), int(ds.cardinality()), [x.tolist() for x in ds.as_numpy_iterator()])",
    D + "ds = D.range(10).batch(4).rebatch(3, drop_remainder=True)\n"
    "(repr(ds), [x.tolist() for x in ds.as_numpy_iterator()])",
    D + "[x.tolist() for x in D.range(10).batch(4).rebatch([2, 3]).as_numpy_iterator()]",
    D + "ds = D.from_tensor_slices((np.arange(6), np.arange(6) * 2)).batch(4).rebatch(3)\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "D.range(10).rebatch(2)",
    D + "ds = D.range(1, 5).map(lambda x: tf.range(x)).padded_batch(2)\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(1, 5).map(lambda x: tf.range(x))\n"
    "list(ds.padded_batch(2, padded_shapes=[5], padding_values=tf.constant(-1, tf.int64)))",
    D + "ds = D.range(1, 5).map(lambda x: tf.range(x))\n"
    "repr(ds.padded_batch(2, padded_shapes=[5], drop_remainder=True))",
    D + "ds = D.range(1, 5).map(lambda x: tf.range(x))\n"
    "ds.padded_batch(2, padded_shapes=[5], padding_values=-1)",
    D
    + "ds = D.range(1, 5).map(lambda x: tf.range(x))\nlist(ds.padded_batch(2, padded_shapes=[2]))",
    D + "list(D.range(5).padded_batch(2, padded_shapes=[]).as_numpy_iterator())",
    D + "list(D.from_tensor_slices([[1, 2], [3, 4], [5, 6]]).padded_batch(2, padded_shapes=[4]))",
    D + "ds = D.range(1, 4).map(lambda x: (tf.range(x), x))\n"
    "list(ds.padded_batch(2, padding_values=(np.int64(-1), np.int64(0))).as_numpy_iterator())",
    D + "ds = D.range(1, 4).map(lambda x: {'ids': tf.range(x), 'n': x})\n"
    "b = ds.padded_batch(3)\n(repr(b), list(b.as_numpy_iterator()))",
    D + "ds = D.range(1, 4).map(lambda x: tf.range(x, dtype=tf.float32))\n"
    "list(ds.padded_batch(2, padding_values=0.5).as_numpy_iterator())",
]

SHUFFLING = [
    D + "repr(D.range(10).shuffle(3))",
    D + "sorted(D.range(10).shuffle(4).as_numpy_iterator())",
    D + "ds = D.range(10).shuffle(4, seed=1, reshuffle_each_iteration=False)\n"
    "(list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(10).shuffle(4, seed=1)\n"
    "(list(ds.as_numpy_iterator()), list(ds.as_numpy_iterator()))",
    D + "list(D.range(10).shuffle(10, seed=7, reshuffle_each_iteration=False).as_numpy_iterator())",
    D + "tf.random.set_seed(3)\n"
    "list(D.range(10).shuffle(10, reshuffle_each_iteration=False).as_numpy_iterator())",
    D + "tf.random.set_seed(3)\na = list(D.range(8).shuffle(8).as_numpy_iterator())\n"
    "tf.random.set_seed(3)\nb = list(D.range(8).shuffle(8).as_numpy_iterator())\n(a == b, a)",
    D + "list(D.range(3).shuffle(3, seed=5).repeat(2).as_numpy_iterator())",
    D + "list(D.range(3).repeat(2).shuffle(6, seed=5, reshuffle_each_iteration=False)"
    ".as_numpy_iterator())",
    D + "list(D.range(6).shuffle(1, seed=2).as_numpy_iterator())",
    D + "ds = D.range(20).shuffle(5)\n(sum(ds.as_numpy_iterator()), len(list(ds)))",
    D + "ds = D.from_tensor_slices(([1, 2, 3], [10, 20, 30])).shuffle(3)\n"
    "sorted((int(a), int(b)) for a, b in ds)",
    D + "list(D.range(10).shuffle(100, seed=4).batch(4).as_numpy_iterator())",
    D + "D.range(3).shuffle(0)",
    D + "len(D.range(10).shuffle(3).repeat(2))",
]

SPECS_AND_CARDINALITY = [
    "(tf.data.AUTOTUNE, tf.data.experimental.AUTOTUNE, tf.data.INFINITE_CARDINALITY, "
    "tf.data.UNKNOWN_CARDINALITY, tf.data.experimental.INFINITE_CARDINALITY)",
    D + "D.range(10).element_spec",
    D + "repr(D.from_tensor_slices(([1, 2], {'a': [1.0, 2.0]})).element_spec)",
    D + "repr(D.range(10).batch(3).element_spec)",
    D + "D.range(10).batch(3).element_spec.shape",
    D + "D.range(10).cardinality()",
    D + "D.range(10).repeat().cardinality()",
    D + "D.range(10).filter(lambda x: True).cardinality()",
    D + "tf.data.experimental.cardinality(D.range(10).batch(3))",
    D + "(D.range(10).batch(3).cardinality() == tf.data.UNKNOWN_CARDINALITY).numpy()",
    D + "[int(d.cardinality()) for d in [D.range(3).repeat().take(5), "
    "D.range(3).repeat().skip(5), D.range(3).skip(-1), D.range(10).batch(2).unbatch(), "
    "D.range(3).concatenate(D.range(2).repeat()), D.range(3).take_while(lambda x: True), "
    "D.range(4).enumerate(), D.range(4).repeat().enumerate(), D.range(5).cache()]]",
    D + "len(D.range(10).repeat())",
    D + "len(D.range(10).filter(lambda x: True))",
    D + "len(D.range(10).batch(4))",
    D + "bool(D.range(0))",
    D + "it = iter(D.range(2))\n(next(it), next(it))",
    D + "it = iter(D.range(1))\nnext(it)\nnext(it)",
    D + "it = iter(D.range(1))\nnext(it)\nit.get_next()",
    D + "it = iter(D.range(2))\n(it.get_next(), repr(it.element_spec))",
    D + "it = D.range(2).as_numpy_iterator()\nnext(it)\nnext(it)\nnext(it)",
    D + "next(iter(D.range(3).as_numpy_iterator()))",
    D + "ds = D.range(3)\n[list(ds.as_numpy_iterator()) for _ in range(2)]",
    D + "ds = D.range(3)\nit = iter(ds)\nnext(it)\n(list(it), list(ds))",
    D + "type(next(iter(D.range(3)))).__name__",
    D + "for x in D.range(3):\n    print(x)",
    D + "for x, y in D.from_tensor_slices(([1.0, 2.0], [3, 4])):\n    print(x.numpy(), y.numpy())",
    D + "print(D.range(2).batch(2))",
    "tf.data.Dataset.range(3).no_such_method",
    D + "it = iter(D.range(2))\n(isinstance(it, tf.data.Iterator), "
    "isinstance(D.range(2).as_numpy_iterator(), tf.data.NumpyIterator), "
    "isinstance(D.range(2), tf.data.Dataset), "
    "isinstance(D.range(3).window(2).element_spec, tf.data.DatasetSpec))",
    "repr(tf.data.DatasetSpec(tf.TensorSpec([], tf.int64)))",
]

GRADIENTS = [
    D + "w = tf.Variable(2.0)\nds = D.range(3).map(lambda x: tf.cast(x, tf.float32) * w)\n"
    "with tf.GradientTape() as t:\n    loss = 0.0\n    for x in ds:\n        loss += x\n"
    "(t.gradient(loss, w), loss, t.watched_variables())",
    D + "k = c(3.0)\nds = D.range(3).map(lambda x: tf.cast(x, tf.float32) * k)\n"
    "with tf.GradientTape() as t:\n    t.watch(k)\n    loss = 0.0\n    for x in ds:\n"
    "        loss += x\nt.gradient(loss, k)",
    D + "w = tf.Variable(2.0)\nds = D.from_tensor_slices([1.0, 2.0]).map(lambda x: x * x)\n"
    "with tf.GradientTape() as t:\n    loss = 0.0\n    for x in ds:\n        loss += x * w\n"
    "t.gradient(loss, w)",
    D + "v = tf.Variable([1.0, 2.0])\nds = D.from_tensor_slices(v)\n"
    "with tf.GradientTape() as t:\n    s = tf.add_n(list(ds))\nt.gradient(s, v)",
    D + "ds = D.from_tensor_slices([1.0, 2.0])\nwith tf.GradientTape() as t:\n"
    "    total = 0.0\n    for x in ds:\n        t.watch(x)\n        total += x ** 2\n"
    "    last = x\nt.gradient(total, last)",
]

PIPELINES = [
    # the "load NumPy data" guide: slices, shuffle, batch, a GradientTape training loop
    "np.random.seed(0)\nx = np.random.rand(64, 3).astype(np.float32)\n"
    "y = (x @ np.array([[1.0], [-2.0], [0.5]], np.float32) + 0.3).astype(np.float32)\n"
    "ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(64, seed=1).batch(16)"
    ".prefetch(tf.data.AUTOTUNE)\n"
    "w = tf.Variable(tf.zeros([3, 1]))\nb = tf.Variable(0.0)\n"
    "opt = tf.keras.optimizers.SGD(learning_rate=0.5)\n"
    "for epoch in range(30):\n    for xb, yb in ds:\n        with tf.GradientTape() as tape:\n"
    "            loss = tf.reduce_mean((xb @ w + b - yb) ** 2)\n"
    "        grads = tape.gradient(loss, [w, b])\n"
    "        opt.apply_gradients(zip(grads, [w, b]))\n"
    "(np.round(w.numpy(), 1), np.round(b.numpy(), 1), float(loss) < 0.01)",
    # batches of a shuffled dataset: the loss over an epoch does not depend on the order
    "np.random.seed(1)\nx = np.random.rand(32, 2).astype(np.float32)\n"
    "y = np.random.rand(32, 1).astype(np.float32)\nw = tf.Variable([[0.5], [-0.5]])\n"
    "ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(32).batch(8)\n"
    "total = 0.0\nfor xb, yb in ds:\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_sum((xb @ w - yb) ** 2)\n"
    "    total += loss\nround(float(total), 4)",
    # the custom training loop guide: a tf.function step over a shuffled, batched dataset
    "tf.random.set_seed(1)\nx = np.linspace(-1.0, 1.0, 40, dtype=np.float32).reshape(-1, 1)\n"
    "y = 3.0 * x - 0.5\n"
    "ds = tf.data.Dataset.from_tensor_slices((x, y)).shuffle(40, seed=2).batch(10)\n"
    "w = tf.Variable(0.0)\nb = tf.Variable(0.0)\n"
    "opt = tf.keras.optimizers.SGD(learning_rate=0.3)\n"
    "@tf.function\ndef train_step(xb, yb):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean((w * xb + b - yb) ** 2)\n"
    "    opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))\n    return loss\n"
    "losses = [float(train_step(xb, yb)) for epoch in range(20) for xb, yb in ds]\n"
    "(round(float(w), 3), round(float(b), 3), losses[-1] < 1e-3, len(losses))",
    # map with a normalization function, as the images guide
    "images = np.arange(2 * 4 * 4, dtype=np.uint8).reshape(2, 4, 4)\nlabels = np.array([3, 7])\n"
    "def normalize(image, label):\n    return tf.cast(image, tf.float32) / 255.0, label\n"
    "ds = tf.data.Dataset.from_tensor_slices((images, labels)).map(normalize, "
    "num_parallel_calls=tf.data.AUTOTUNE).batch(2)\n(repr(ds), next(iter(ds)))",
    # dict features, as the structured-data tutorial
    "features = {'age': [25, 32, 47], 'fare': [7.5, 80.0, 13.0]}\nlabels = [0, 1, 0]\n"
    "ds = tf.data.Dataset.from_tensor_slices((features, labels)).batch(2)\n"
    "for feature_batch, label_batch in ds.take(1):\n"
    "    print(list(feature_batch.keys()))\n    print(feature_batch['age'])\n"
    "    print(label_batch)",
    "features = {'a': np.ones((4, 2), np.float32), 'b': np.zeros((4,), np.float32)}\n"
    "ds = tf.data.Dataset.from_tensor_slices(features).map(lambda d: d['a'] * 2.0 + "
    "d['b'][..., None]).batch(4)\nlist(ds)",
    # padded batches of variable-length sequences, as the text tutorials
    "seqs = tf.data.Dataset.range(1, 6).map(lambda n: tf.range(n) + 1)\n"
    "ds = seqs.padded_batch(2, padded_shapes=[None])\n"
    "for batch in ds:\n    print(batch.numpy().tolist())",
    # epochs with repeat and take
    "ds = tf.data.Dataset.range(5).batch(2).repeat(3)\n[b.numpy().tolist() for b in ds]",
    "ds = tf.data.Dataset.range(4).repeat()\n[int(x) for x in ds.take(10)]",
    "ds = tf.data.Dataset.range(6)\nfor epoch in range(2):\n"
    "    print(epoch, [int(x) for x in ds.skip(2).take(3)])",
    # enumerate in a loop
    "ds = tf.data.Dataset.from_tensor_slices([10.0, 20.0, 30.0])\n"
    "for step, x in ds.enumerate():\n    print(int(step), float(x))",
    "ds = tf.data.Dataset.from_tensor_slices(np.arange(10)).filter(lambda x: x % 2 == 0)"
    ".map(lambda x: x * x)\nlist(ds.as_numpy_iterator())",
    "ds = tf.data.Dataset.range(100).shuffle(10, seed=0).batch(10)\n"
    "sorted(int(v) for b in ds for v in b)== list(range(100))",
    "x = tf.random.uniform([8, 3], seed=1)\nds = tf.data.Dataset.from_tensors(x).unbatch()\n"
    "(repr(ds), len(list(ds)))",
    "ds = tf.data.Dataset.zip((tf.data.Dataset.range(3), tf.data.Dataset.range(3).map("
    "lambda x: tf.cast(x, tf.float32) ** 2)))\n[(int(i), float(v)) for i, v in ds]",
    "def gen_labels(x):\n    return x, tf.cast(x > 2, tf.int32)\n"
    "ds = tf.data.Dataset.range(6).map(gen_labels).batch(3)\nlist(ds.as_numpy_iterator())",
]

NESTED_AND_GENERATED = [
    D + "ds = D.range(7).window(3)\n(repr(ds), [[int(x) for x in w] for w in ds])",
    D + "ds = D.range(7).window(3, shift=2, drop_remainder=True)\n"
    "[list(w.as_numpy_iterator()) for w in ds]",
    D + "[list(w.as_numpy_iterator()) for w in D.range(7).window(3, shift=1, stride=2)]",
    D + "ds = D.from_tensor_slices(([1, 2, 3], [4, 5, 6])).window(2)\n"
    "(repr(ds), [(list(a.as_numpy_iterator()), list(b.as_numpy_iterator())) for a, b in ds])",
    D + "(int(D.range(7).window(3).cardinality()), "
    "int(D.range(7).window(3, drop_remainder=True).cardinality()), "
    "int(D.range(7).window(3, shift=1, drop_remainder=True).cardinality()))",
    D + "repr(D.range(7).window(3).map(lambda w: w))",
    D + "repr(next(iter(D.range(7).window(3))))",
    # the time-series tutorial's sliding windows
    D + "ds = D.range(7).window(3, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(3))\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "series = np.arange(10, dtype=np.float32)\nds = D.from_tensor_slices(series)"
    ".window(4, shift=1, drop_remainder=True).flat_map(lambda w: w.batch(4))"
    ".map(lambda w: (w[:-1], w[-1])).batch(2)\nlist(ds.take(2).as_numpy_iterator())",
    D + "ds = D.range(3).flat_map(lambda x: D.range(x))\n"
    "(repr(ds), list(ds.as_numpy_iterator()), int(ds.cardinality()))",
    D + "D.range(3).flat_map(lambda x: x)",
    D + "ds = D.range(3).interleave(lambda x: D.range(x, x + 3), cycle_length=2, block_length=2)\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(1, 4).interleave(lambda x: D.from_tensors(x).repeat(3), cycle_length=2, "
    "num_parallel_calls=tf.data.AUTOTUNE, deterministic=True)\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(4).interleave(lambda x: D.from_tensors(x).repeat(2), cycle_length=3)\n"
    "list(ds.as_numpy_iterator())",
    D + "def gen():\n    for i in range(3):\n        yield i, [1.0] * i\n"
    "ds = D.from_generator(gen, output_signature=(tf.TensorSpec((), tf.int32), "
    "tf.TensorSpec((None,), tf.float32)))\n(repr(ds), list(ds), int(ds.cardinality()))",
    D + "def gen():\n    for i in range(3):\n        yield i\n"
    "ds = D.from_generator(gen, output_types=tf.int64)\n(repr(ds), list(ds))",
    D + "def gen():\n    yield 1\n"
    "repr(D.from_generator(gen, output_types=(tf.int64, tf.float32), "
    "output_shapes=((), (None,))))",
    D + "def gen():\n    yield [1, 2]\n    yield [1, 2, 3]\n"
    "list(D.from_generator(gen, output_signature=tf.TensorSpec((2,), tf.int32)))",
    D + "def gen():\n    yield 1.5\n"
    "list(D.from_generator(gen, output_signature=tf.TensorSpec((), tf.int32)))",
    D + "def gen():\n    yield {'a': 1, 'b': [1.0, 2.0]}\n"
    "ds = D.from_generator(gen, output_signature={'a': tf.TensorSpec((), tf.int32), "
    "'b': tf.TensorSpec((2,), tf.float32)})\n(repr(ds), list(ds))",
    D + "def gen(n):\n    for i in range(n):\n        yield i\n"
    "ds = D.from_generator(gen, args=[3], output_signature=tf.TensorSpec((), tf.int32))\n"
    "[list(ds.as_numpy_iterator()) for _ in range(2)]",
    D + "def gen():\n    yield 1\nD.from_generator(gen)",
    D + "def gen():\n    for i in range(5):\n        yield np.full([2], i, np.float32), i % 2\n"
    "ds = D.from_generator(gen, output_signature=(tf.TensorSpec([2], tf.float32), "
    "tf.TensorSpec([], tf.int64))).batch(2)\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(10).group_by_window(key_func=lambda x: x % 2, "
    "reduce_func=lambda k, w: w.batch(3), window_size=3)\n"
    "(repr(ds), [b.tolist() for b in ds.as_numpy_iterator()], int(ds.cardinality()))",
    D + "ds = D.range(10).group_by_window(lambda x: x % 3, lambda k, w: w.batch(10), "
    "window_size_func=lambda k: k + 1)\n[b.tolist() for b in ds.as_numpy_iterator()]",
    D + "D.range(10).group_by_window(lambda x: x % 2, lambda k, w: w.batch(2))",
    D + "ds = D.range(10).group_by_window(lambda x: x % 2, "
    "lambda k, w: w.map(lambda v: v * 10 + k), window_size=4)\nlist(ds.as_numpy_iterator())",
    # the bucketing example of TF's API docs
    D
    + "elements = [[0], [1, 2, 3, 4], [5, 6, 7], [7, 8, 9, 10, 11], [13, 14, 15, 16, 19, 20], [21, 22]]\n"
    "ds = D.from_generator(lambda: elements, tf.int64, output_shapes=[None])\n"
    "b = ds.bucket_by_sequence_length(element_length_func=lambda e: tf.shape(e)[0], "
    "bucket_boundaries=[3, 5], bucket_batch_sizes=[2, 2, 2])\n"
    "(repr(b), [x.tolist() for x in b.as_numpy_iterator()])",
    D + "elements = [[0], [1, 2, 3, 4], [5, 6, 7]]\n"
    "ds = D.from_generator(lambda: elements, tf.int64, output_shapes=[None])"
    ".map(lambda e: (e, tf.size(e)))\nb = ds.bucket_by_sequence_length(lambda e, n: n, [3], [2, 2])\n"
    "(repr(b), list(b.as_numpy_iterator()))",
    D + "elements = [[0], [1, 2], [5, 6, 7], [7, 8, 9, 10]]\n"
    "ds = D.from_generator(lambda: elements, tf.int64, output_shapes=[None])\n"
    "b = ds.bucket_by_sequence_length(lambda e: tf.size(e), [3, 5], [2, 2, 2], "
    "pad_to_bucket_boundary=True, padding_values=np.int64(-1))\n"
    "[x.tolist() for x in b.as_numpy_iterator()]",
    D + "D.range(3).bucket_by_sequence_length(lambda e: e, [3], [2])",
    D + "ds = D.range(1, 8).map(lambda n: tf.range(n))\nb = ds.bucket_by_sequence_length("
    "lambda e: tf.size(e), [3, 6], [2, 2, 2], no_padding=True)\n(repr(b), len(list(b)))",
    "E = tf.data.experimental\nds = tf.data.Dataset.range(5).filter(lambda x: True)"
    ".apply(E.assert_cardinality(5))\n(repr(ds), int(ds.cardinality()), len(ds), len(list(ds)))",
    "E = tf.data.experimental\nlist(tf.data.Dataset.range(5).apply(E.assert_cardinality(3)))",
    "E = tf.data.experimental\nlist(tf.data.Dataset.range(5).apply(E.assert_cardinality(7)))",
    "E = tf.data.experimental\nds = tf.data.Dataset.range(3).apply(E.enumerate_dataset(2))\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    "E = tf.data.experimental\n(repr(E.Counter(3)), list(E.Counter(3).take(2).as_numpy_iterator()))",
    "E = tf.data.experimental\nD = tf.data.Dataset\n"
    "list(E.sample_from_datasets([D.range(2), D.range(5, 7)], seed=1).as_numpy_iterator())",
    "E = tf.data.experimental\nE.get_single_element(tf.data.Dataset.range(1))",
    "E = tf.data.experimental\nds = tf.data.Dataset.range(6).batch(4).apply(E.unbatch())"
    ".apply(E.take_while(lambda x: x < 4)).apply(E.scan(np.int64(0), lambda s, x: (s + x, s)))\n"
    "list(ds.as_numpy_iterator())",
    D + "ds = D.range(10).shard(3, 1)\n(repr(ds), list(ds.as_numpy_iterator()), len(ds))",
    D + "D.range(10).shard(3, 3)",
    D + "D.range(1).get_single_element()",
    D + "D.from_tensors(([1, 2], 3.0)).get_single_element()",
    D + "D.range(2).get_single_element()",
    D + "D.range(0).get_single_element()",
    D
    + "ds = D.from_tensor_slices([1, 2, 1, 3, 2]).unique()\n(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.range(4).scan(np.int64(0), lambda s, x: (s + x, s * 10))\n"
    "(repr(ds), list(ds.as_numpy_iterator()))",
    D + "ds = D.from_tensor_slices([1.0, 2.0, 3.0]).scan(0.0, lambda s, x: (s + x, (s, x)))\n"
    "list(ds.as_numpy_iterator())",
    D + "ds = D.counter()\n(repr(ds), list(ds.take(3).as_numpy_iterator()), int(ds.cardinality()))",
    D + "list(D.counter(5, 2, dtype=tf.int32).take(3).as_numpy_iterator())",
    D
    + "ds = D.random(seed=4)\n(repr(ds), int(ds.cardinality()), list(ds.take(6).as_numpy_iterator()), "
    "list(ds.take(3).as_numpy_iterator()))",
    D + "ds = D.random(seed=4, rerandomize_each_iteration=True)\n"
    "[list(ds.take(3).as_numpy_iterator()) for _ in range(2)]",
    D + "tf.random.set_seed(2)\nlist(D.random().take(3).as_numpy_iterator())",
    D + "ds = D.random(seed=1).map(lambda x: x % 6 + 1).take(5)\nlist(ds.as_numpy_iterator())",
    D + "choices = D.from_tensor_slices(tf.constant([0, 1, 1, 0, 0, 0, 1], tf.int64))\n"
    "c = D.choose_from_datasets([D.range(3), D.range(10, 13)], choices)\n"
    "(repr(c), list(c.as_numpy_iterator()), int(c.cardinality()))",
    D + "choices = D.from_tensor_slices(tf.constant([0, 1, 1, 0, 0, 0, 1], tf.int64))\n"
    "list(D.choose_from_datasets([D.range(3), D.range(10, 13)], choices, "
    "stop_on_empty_dataset=False).as_numpy_iterator())",
    D + "list(D.choose_from_datasets([D.range(3), D.range(10, 13)], D.range(2).repeat(3))"
    ".as_numpy_iterator())",
    D + "D.choose_from_datasets([D.range(3), D.range(10, 13)], D.from_tensor_slices([0, 1]))",
    D
    + "a, b = D.range(0, 10), D.range(100, 110)\nlist(D.sample_from_datasets([a, b], seed=3).take(12).as_numpy_iterator())",
    D
    + "a, b = D.range(0, 10), D.range(100, 110)\nds = D.sample_from_datasets([a, b], weights=[0.2, 0.8], seed=5)\n"
    "(repr(ds), int(ds.cardinality()), list(ds.take(12).as_numpy_iterator()))",
    D
    + "a, b = D.range(0, 10), D.range(100, 110)\nlist(D.sample_from_datasets([a, b], weights=[0.2, 0.8], seed=5, "
    "stop_on_empty_dataset=True).as_numpy_iterator())",
    D + "list(D.sample_from_datasets([D.range(3), D.range(10, 13), D.range(20, 23)], "
    "weights=[0.5, 0.0, 0.5], seed=1).as_numpy_iterator())",
    D
    + "a, b = D.range(0, 10), D.range(100, 110)\nds = D.sample_from_datasets([a, b], seed=3, rerandomize_each_iteration=True)\n"
    "[list(ds.take(5).as_numpy_iterator()) for _ in range(2)]",
    D
    + "a, b = D.range(0, 10), D.range(100, 110)\ntf.random.set_seed(7)\nlist(D.sample_from_datasets([a, b], "
    "weights=tf.constant([0.3, 0.7], tf.float64)).take(10).as_numpy_iterator())",
    D
    + "a, b = D.range(0, 10), D.range(100, 110)\nsorted(D.sample_from_datasets([a, b]).as_numpy_iterator()) == "
    "list(range(10)) + list(range(100, 110))",
    D + "a, b = D.range(0, 10), D.range(100, 110)\nD.sample_from_datasets([a, b], weights=[1, 2])",
    D + "a, b = D.range(0, 10), D.range(100, 110)\nD.sample_from_datasets([a, b], weights=[0.5])",
    D + "a, b = D.range(0, 10), D.range(100, 110)\nrepr(D.sample_from_datasets([a], seed=1))",
    # the imbalanced-data tutorial's resampling: equal parts of each class
    "pos = tf.data.Dataset.from_tensor_slices((np.ones((3, 2), np.float32), np.ones(3))).repeat()\n"
    "neg = tf.data.Dataset.from_tensor_slices((np.zeros((9, 2), np.float32), np.zeros(9)))"
    ".repeat()\nds = tf.data.Dataset.sample_from_datasets([pos, neg], weights=[0.5, 0.5], seed=42)"
    ".batch(8)\n[b[1].numpy().tolist() for b in ds.take(3)]",
    D + "D.range(3).foo",
    D + "iter(D.range(3)).foo",
    D + "iter(D.range(3)).next()",
]


def _seed_state_of_its_own(case):
    """All corpus modules run in one process, and the global seed is process state: a case
    whose numbers depend on seeds starts with no global seed (or sets its own), and one that
    sets a global seed clears it again before returning, so no case depends on another."""
    if "seed" not in case:
        return case
    case = "tf.random.set_seed(None)\n" + case
    if "set_seed(" in case.split("\n", 1)[1]:
        body, last = case.rsplit("\n", 1)
        case = f"{body}\nresult = {last}\ntf.random.set_seed(None)\nresult"
    return case


CASES = [
    _seed_state_of_its_own(case)
    for case in SOURCES
    + TRANSFORMATIONS
    + BATCHING
    + SHUFFLING
    + SPECS_AND_CARDINALITY
    + GRADIENTS
    + PIPELINES
    + NESTED_AND_GENERATED
]
