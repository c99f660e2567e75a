"""Sorting, unique, searchsorted, scatters, roll, repeat, sequence masks, histograms, meshgrid
and bincount: values, dtypes, gradients, errors, and the guide-style programs that use them."""

SORTING = [
    "tf.sort([1, 10, 26.9, 2.8, 166.32, 62.3])",
    "tf.sort([1, 10, 26.9, 2.8, 166.32, 62.3], direction='DESCENDING')",
    "tf.sort(c([[3, 2, 1], [2, 1, 3], [1, 3, 2]]), axis=-1)",
    "tf.sort(c([[3, 2, 1], [2, 1, 3], [1, 3, 2]]), axis=0)",
    "tf.sort(c([[3.0, 2.0], [1.0, 4.0]]), axis=0, direction='DESCENDING')",
    "tf.sort(c([3, 1, 2], tf.uint8))",
    "tf.sort(c([3, 1, 2], tf.int64), direction='DESCENDING')",
    "tf.sort(c([-2147483648, 5, 0]))",
    "tf.sort(c([2.0, -0.0, 0.0, -1.0]))",
    "tf.sort(c([[[4.0, 1.0], [2.0, 3.0]], [[0.0, 9.0], [5.0, 5.0]]]), axis=1)",
    "tf.sort(c([1.0, 2.0]), direction='UP')",
    "tf.sort(c([1.0, 2.0]), axis=[0])",
    "tf.sort(c(1.0))",
    "tf.sort(c([True, False]))",
    "tf.sort(c([1.0, 2.0]), axis=1)",
    "tf.argsort([1, 10, 26.9, 2.8, 166.32, 62.3])",
    "tf.argsort(c([[30, 20, 10], [20, 10, 30], [10, 30, 20]]))",
    "tf.argsort(c([3, 1, 3, 1, 2]), stable=True)",
    "tf.argsort(c([3, 1, 3, 1, 2]), direction='DESCENDING', stable=True)",
    "tf.argsort(c([[3.0, 1.0], [0.0, 4.0]]), axis=0)",
    "tf.argsort(c([0.5, 0.5, 0.1], tf.float64)).dtype",
    "tf.argsort(c([2, 1], tf.uint8))",
    "tf.argsort(c([1.0, 2.0]), direction='descending')",
    "m = c([[30, 20, 10], [20, 10, 30]])\ntf.gather(m, tf.argsort(m), batch_dims=-1)",
    "x = c([3.0, 1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.sort(x) * c([1.0, 10.0, 100.0])\nt.gradient(y, x)",
    "x = c([3.0, 1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.sort(x, direction='DESCENDING') * c([1.0, 10.0, 100.0])\nt.gradient(y, x)",
    "x = c([[3.0, 1.0], [2.0, 5.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.sort(x, axis=0) * c([[1.0, 2.0], [3.0, 4.0]])\nt.gradient(y, x)",
    "x = c([3.0, 1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.cast(tf.argsort(x), tf.float32)\nt.gradient(y, x)",
    "x = c([3.0, 1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.gather(x, tf.argsort(x)) ** 2\nt.gradient(y, x)",
    "x = c([3.0, 1.0, 2.0])\nwith tf.GradientTape() as t2:\n    t2.watch(x)\n    with tf.GradientTape() as t1:\n        t1.watch(x)\n        y = tf.reduce_sum(tf.sort(x) ** 3 * c([1.0, 2.0, 3.0]))\n    g = t1.gradient(y, x)\nt2.gradient(g, x)",
]

UNIQUE = [
    "tf.unique(c([1, 1, 2, 4, 4, 4, 7, 8, 8]))",
    "y, idx = tf.unique(c([1, 1, 2, 4, 4, 4, 7, 8, 8]))\n(y, idx)",
    "u = tf.unique(c([3.0, 1.0, 3.0]))\n(u.y, u.idx, type(u).__name__)",
    "tf.unique(c([3, 1, 3]), out_idx=tf.int64).idx",
    "tf.unique(c([[1, 2], [1, 2]]))",
    "tf.unique(c([], tf.int32))",
    "tf.unique(c([3, 1, 3]), out_idx=tf.float32)",
    "tf.unique_with_counts(c([1, 1, 2, 4, 4, 4, 7, 8, 8]))",
    "r = tf.unique_with_counts(c([5.0, 5.0, 1.0]), out_idx=tf.int64)\n(r.y, r.idx, r.count, type(r).__name__)",
    "x = c([3.0, 1.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.unique(x).y\nt.gradient(y, x)",
    "print(tf.unique(c([2, 2, 9])))",
]

SEARCHSORTED = [
    "tf.searchsorted(c([[0, 3, 9, 9, 10], [1, 2, 3, 4, 5]]), c([[2, 4, 9], [0, 2, 6]]))",
    "tf.searchsorted(c([[0, 3, 9, 9, 10], [1, 2, 3, 4, 5]]), c([[2, 4, 9], [0, 2, 6]]), side='right')",
    "tf.searchsorted(c([0.0, 1.0, 2.0]), c([0.5, 1.0, 5.0]), out_type=tf.int64)",
    "tf.searchsorted(c([1.0, 3.0, 2.0]), c([2.5]))",
    "tf.searchsorted(c([1.0, 2.0]), c([1.5]), side='middle')",
    "tf.searchsorted(c([1.0, 2.0]), c([1]))",
    "tf.searchsorted(c([[1.0, 2.0]]), c([[1.5], [0.5]]))",
    "tf.searchsorted(c(1.0), c(1.0))",
    "tf.searchsorted(c([1.0, 2.0]), c([1.5]), out_type=tf.float32)",
    "edges = c([0.0, 0.25, 0.5, 0.75])\nx = c([0.1, 0.6, 0.9, 0.25])\ntf.searchsorted(edges, x, side='right') - 1",
    "x = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.cast(tf.searchsorted(x, c([1.5])), tf.float32)\nt.gradient(y, x)",
]

SCATTER = [
    "tf.scatter_nd(c([[4], [3], [1], [7]]), c([9, 10, 11, 12]), c([8]))",
    "tf.scatter_nd([[0, 1], [2, 2], [0, 1]], [1.0, 2.0, 3.0], [3, 3])",
    "tf.scatter_nd([[1], [3]], c([[1.0, 1.0], [2.0, 2.0]]), [4, 2])",
    "tf.scatter_nd([[5]], [1.0], [4])",
    "tf.scatter_nd([[-1]], [1.0], [4])",
    "tf.tensor_scatter_nd_update(c([1, 2, 3, 4, 5, 6, 7, 8]), c([[4], [3], [1], [7]]), c([9, 10, 11, 12]))",
    "tf.tensor_scatter_nd_update(c([[1.0, 1.0], [1.0, 1.0]]), [[1]], [[5.0, 6.0]])",
    "tf.tensor_scatter_nd_update(c([[1.0, 1.0], [1.0, 1.0]]), [[0, 1], [1, 0]], [5.0, 6.0])",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [[2]], [5.0])",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [[0]], [5.0, 6.0])",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [[0]], [5])",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [[0.0]], [5.0])",
    "tf.tensor_scatter_nd_add(c([1, 2, 3, 4, 5, 6, 7, 8]), c([[4], [3], [1], [7]]), c([9, 10, 11, 12]))",
    "tf.tensor_scatter_nd_add(c([1.0, 2.0, 3.0]), [[0], [0], [2]], [1.0, 2.0, 3.0])",
    "tf.tensor_scatter_nd_add(c([[1.0, 2.0], [3.0, 4.0]]), [[1, 1]], [10.0])",
    "tf.tensor_scatter_nd_add(c([1.0, 2.0]), [[-1]], [1.0])",
    "tf.tensor_scatter_nd_sub(c([1.0, 2.0, 3.0]), [[0], [2]], [1.0, 5.0])",
    "tf.tensor_scatter_nd_max(c([1.0, 2.0, 3.0]), [[0], [2]], [4.0, 1.0])",
    "tf.tensor_scatter_nd_min(c([1, 2, 3]), [[0], [2]], [4, 1])",
    "t = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as g:\n    g.watch(t)\n    y = tf.tensor_scatter_nd_update(t, [[1]], [7.0]) * c([1.0, 2.0, 3.0])\ng.gradient(y, t)",
    "t = c([1.0, 2.0, 3.0])\nu = c([7.0, 8.0])\nwith tf.GradientTape() as g:\n    g.watch([t, u])\n    y = tf.tensor_scatter_nd_update(t, [[1], [2]], u) * c([1.0, 2.0, 3.0])\ng.gradient(y, [t, u])",
    "t = c([1.0, 2.0, 3.0])\nu = c([7.0, 8.0])\nwith tf.GradientTape() as g:\n    g.watch([t, u])\n    y = tf.tensor_scatter_nd_add(t, [[1], [1]], u) * c([1.0, 2.0, 3.0])\ng.gradient(y, [t, u])",
    "t = c([1.0, 2.0, 3.0])\nu = c([7.0, 8.0])\nwith tf.GradientTape() as g:\n    g.watch([t, u])\n    y = tf.tensor_scatter_nd_sub(t, [[0], [2]], u) * c([1.0, 2.0, 3.0])\ng.gradient(y, [t, u])",
    "t = c([1.0, 5.0, 3.0])\nu = c([4.0, 5.0])\nwith tf.GradientTape() as g:\n    g.watch([t, u])\n    y = tf.tensor_scatter_nd_max(t, [[0], [1]], u) * c([1.0, 2.0, 3.0])\ng.gradient(y, [t, u])",
    "t = c([1.0, 5.0, 3.0])\nu = c([4.0, 5.0])\nwith tf.GradientTape() as g:\n    g.watch([t, u])\n    y = tf.tensor_scatter_nd_min(t, [[0], [1]], u) * c([1.0, 2.0, 3.0])\ng.gradient(y, [t, u])",
    "u = c([1.0, 2.0])\nwith tf.GradientTape() as g:\n    g.watch(u)\n    y = tf.scatter_nd([[1], [1]], u, [3]) * c([1.0, 2.0, 3.0])\ng.gradient(y, u)",
    "u = c([[1.0, 2.0]])\nwith tf.GradientTape() as g:\n    g.watch(u)\n    y = tf.scatter_nd([[0, 1]], u, [2, 2, 2]) ** 2\ng.gradient(y, u)",
]

ROLL = [
    "tf.roll(c([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]), shift=2, axis=0)",
    "tf.roll(c([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]), shift=[1, -2], axis=[0, 1])",
    "tf.roll(c([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]), shift=[2, -3], axis=[1, 1])",
    "tf.roll(c([[1.0, 2.0], [3.0, 4.0]]), shift=-1, axis=-1)",
    "tf.roll(c([1.0, 2.0, 3.0]), shift=7, axis=0)",
    "tf.roll(c([1.0, 2.0, 3.0]), shift=[1, 2], axis=[0])",
    "tf.roll(c([1.0, 2.0, 3.0]), shift=1, axis=1)",
    "tf.roll(c(5.0), shift=1, axis=0)",
    "tf.roll(c([1.0, 2.0]), shift=1.0, axis=0)",
    "x = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.roll(x, 1, 0) * c([1.0, 10.0, 100.0])\nt.gradient(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.roll(x, [1, 1], [0, 1]) * c([[1.0, 2.0], [3.0, 4.0]])\nt.gradient(y, x)",
]

REPEAT = [
    "tf.repeat([1, 2, 3], repeats=[3, 0, 2], axis=0)",
    "tf.repeat([[1, 2], [3, 4]], repeats=[2, 3], axis=0)",
    "tf.repeat([[1, 2], [3, 4]], repeats=[2, 3], axis=1)",
    "tf.repeat(3, repeats=4)",
    "tf.repeat([[1, 2], [3, 4]], repeats=2)",
    "tf.repeat(c([[1.0, 2.0], [3.0, 4.0]]), 2, axis=-1)",
    "tf.repeat(c([1.0, 2.0]), [1, 2, 3], axis=0)",
    "tf.repeat(c([1.0, 2.0]), 2, axis=3)",
    "tf.repeat(c([1.0, 2.0]), [0, 0])",
    "x = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.repeat(x, [1, 2, 3]) * tf.range(6, dtype=tf.float32)\nt.gradient(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.repeat(x, 2, axis=1) ** 2\nt.gradient(y, x)",
    "x = c([[1.0, 2.0], [3.0, 4.0]])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.repeat(x, 3) * 2.0\nt.gradient(y, x)",
]

SEQUENCE_MASK = [
    "tf.sequence_mask([1, 3, 2], 5)",
    "tf.sequence_mask([[1, 3], [2, 0]])",
    "tf.sequence_mask([1, 3, 2], 4, dtype=tf.float32)",
    "tf.sequence_mask(c([1, 3], tf.int64), maxlen=c(3, tf.int64))",
    "tf.sequence_mask(c(2), 3)",
    "tf.sequence_mask([1, 3], maxlen=[3])",
    "tf.sequence_mask([1.0, 3.0], 4)",
    "tf.sequence_mask([1, 5], 3)",
    "tf.sequence_mask([-1, 2], 3, dtype=tf.int32)",
    "tf.sequence_mask([], 2)",
]

HISTOGRAM = [
    "tf.histogram_fixed_width(c([-1.0, 0.0, 1.5, 2.0, 5.0, 15.0]), [0.0, 5.0], nbins=5)",
    "tf.histogram_fixed_width(c([1, 2, 2, 9]), c([0, 10]), nbins=2)",
    "tf.histogram_fixed_width(c([0.1, 0.2, 0.9]), [0.0, 1.0], nbins=4, dtype=tf.int64)",
    "tf.histogram_fixed_width(c([0.1, 0.2]), [0.0, 1.0])",
    "tf.histogram_fixed_width(c([0.1, 0.2]), [1.0, 0.0], nbins=2)",
    "tf.histogram_fixed_width(c([0.1, 0.2]), [0.0, 1.0], nbins=0)",
    "tf.histogram_fixed_width(c([0.1, 0.2]), [0.0, 1.0], nbins=2, dtype=tf.float32)",
    "tf.histogram_fixed_width(c([[0.1, 0.7], [0.2, 0.3]], tf.float64), c([0.0, 1.0], tf.float64), nbins=2)",
    "x = c([0.1, 0.8])\nwith tf.GradientTape() as t:\n    t.watch(x)\n    h = tf.histogram_fixed_width(x, [0.0, 1.0], nbins=2)\nt.gradient(h, x)",
]

MESHGRID = [
    "X, Y = tf.meshgrid([1, 2, 3], [4, 5, 6, 7])\n(X, Y)",
    "tf.meshgrid([1, 2, 3], [4, 5, 6, 7], indexing='ij')",
    "tf.meshgrid(c([1.0, 2.0]), c([3.0]), c([4.0, 5.0, 6.0]))",
    "tf.meshgrid(c([1.0, 2.0]), c([3.0]), c([4.0, 5.0, 6.0]), indexing='ij')[2].shape",
    "tf.meshgrid(c([1.0, 2.0]))",
    "tf.meshgrid()",
    "tf.meshgrid([1, 2], [3], indexing='yx')",
    "tf.meshgrid([1, 2], [3], sparse=True)",
    "tf.meshgrid(c([[1.0, 2.0]]), c([3.0]))",
    "tf.meshgrid(c([1.0, 2.0]), c([3, 4]))",
    "x = c([1.0, 2.0, 3.0])\ny = c([4.0, 5.0])\nwith tf.GradientTape() as t:\n    t.watch([x, y])\n    X, Y = tf.meshgrid(x, y)\n    z = tf.reduce_sum(X * Y ** 2)\nt.gradient(z, [x, y])",
]

BINCOUNT = [
    "tf.math.bincount(c([1, 1, 2, 3, 2, 4, 4, 5]))",
    "tf.math.bincount(c([1, 1, 2, 3, 2, 4, 4, 5]), weights=c([1.0, 5.0, 0.0, 1.0, 0.0, 5.0, 4.0, 5.0]))",
    "tf.math.bincount(c([1, 2]), minlength=5)",
    "tf.math.bincount(c([1, 2, 7]), maxlength=3)",
    "tf.math.bincount(c([1, 2, 2]), dtype=tf.float32)",
    "tf.math.bincount(c([1, 2, 2]), binary_output=True)",
    "tf.math.bincount(c([[1, 2, 2], [0, 0, 1]]), axis=-1)",
    "tf.math.bincount(c([[1, 2, 2], [0, 0, 1]]), axis=-1, minlength=4)",
    "tf.math.bincount(c([[1, 2, 2], [0, 0, 1]]))",
    "tf.math.bincount(c([], tf.int32))",
    "tf.math.bincount(c([1, -1]))",
    "tf.math.bincount(c([1, 2], tf.int64), weights=c([0.5, 0.25], tf.float64))",
    "tf.math.bincount(c([1.0, 2.0]))",
    "tf.math.bincount(c([1, 2]), weights=c([1.0]))",
    "tf.math.bincount(c([1, 2, 2]), minlength=1, maxlength=2)",
    "hasattr(tf, 'bincount'), hasattr(tf.math, 'sort'), hasattr(tf.math, 'unique')",
    "w = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(w)\n    y = tf.math.bincount(c([0, 1, 1]), weights=w)\nt.gradient(y, w)",
]

REVERSE = [
    "tf.reverse(c(5.0), axis=[1])",
    "tf.reverse(c(5.0), axis=[0])",
    "tf.reverse(c(5.0), axis=[-1])",
    "tf.reverse(c(5.0), axis=[])",
    "tf.reverse(c(5.0), axis=[3, 7])",
    "tf.reverse(c([1.0, 2.0]), axis=[1])",
    "tf.reverse(c([1.0, 2.0]), axis=[-2])",
    "tf.reverse(c([[1.0, 2.0]]), axis=[0, -2])",
    "tf.reverse(c([1.0, 2.0]), axis=0)",
    "tf.reverse(c([1.0, 2.0]), axis=c([0], tf.int64))",
    "tf.reverse(c([[1.0, 2.0], [3.0, 4.0]]), axis=[-1, 0])",
    "x = c(5.0)\nwith tf.GradientTape() as t:\n    t.watch(x)\n    y = tf.reverse(x, [1]) * 3.0\nt.gradient(y, x)",
]

PROGRAMS = [
    # the top predictions of a classifier, gathered with argsort
    "logits = c([[0.1, 2.0, 0.3, 1.5], [1.0, 0.2, 3.0, 0.1]])\n"
    "probs = tf.nn.softmax(logits)\n"
    "top2 = tf.argsort(probs, direction='DESCENDING')[:, :2]\n"
    "print(top2.numpy())\n"
    "tf.gather(probs, top2, batch_dims=1)",
    # a masked loss over padded sequences
    "lengths = c([2, 4, 1])\n"
    "pred = tf.reshape(tf.range(12, dtype=tf.float32), [3, 4]) / 10.0\n"
    "target = tf.ones([3, 4])\n"
    "mask = tf.sequence_mask(lengths, maxlen=4, dtype=tf.float32)\n"
    "with tf.GradientTape() as t:\n"
    "    t.watch(pred)\n"
    "    err = tf.square(pred - target) * mask\n"
    "    loss = tf.reduce_sum(err) / tf.reduce_sum(mask)\n"
    "print(float(loss))\n"
    "t.gradient(loss, pred)",
    # scattering updates into an embedding-like matrix
    "emb = tf.Variable(tf.reshape(tf.range(8, dtype=tf.float32), [4, 2]))\n"
    "rows = c([[1], [3]])\n"
    "with tf.GradientTape() as t:\n"
    "    new_rows = tf.gather_nd(emb, rows) * 2.0\n"
    "    updated = tf.tensor_scatter_nd_update(emb, rows, new_rows)\n"
    "    loss = tf.reduce_sum(updated * c([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]))\n"
    "t.gradient(loss, emb)",
    "emb = tf.Variable(tf.zeros([5, 3]))\n"
    "ids = c([[0], [2], [0]])\n"
    "upd = tf.Variable(tf.ones([3, 3]))\n"
    "with tf.GradientTape() as t:\n"
    "    out = tf.tensor_scatter_nd_add(emb, ids, upd * c([[1.0], [2.0], [3.0]]))\n"
    "    loss = tf.reduce_sum(out ** 2)\n"
    "ge, gu = t.gradient(loss, [emb, upd])\n"
    "(out, ge, gu)",
    # word counts with unique and bincount
    "tokens = c([3, 1, 3, 7, 1, 3])\n"
    "vocab, idx = tf.unique(tokens)\n"
    "counts = tf.math.bincount(idx)\n"
    "print(vocab.numpy(), counts.numpy())\n"
    "tf.gather(vocab, tf.argsort(counts, direction='DESCENDING', stable=True))",
    # bucketing values with searchsorted and a histogram
    "x = c([0.05, 0.3, 0.31, 0.77, 0.99, 0.5])\n"
    "bounds = tf.linspace(0.0, 1.0, 5)\n"
    "buckets = tf.searchsorted(bounds, x, side='right') - 1\n"
    "hist = tf.histogram_fixed_width(x, [0.0, 1.0], nbins=4)\n"
    "(buckets, hist, tf.math.bincount(buckets, minlength=4))",
    # evaluating a function on a grid, and its gradient
    "xs = tf.linspace(-1.0, 1.0, 3)\n"
    "ys = tf.linspace(0.0, 1.0, 2)\n"
    "with tf.GradientTape() as t:\n"
    "    t.watch(xs)\n"
    "    X, Y = tf.meshgrid(xs, ys)\n"
    "    Z = tf.exp(-(X ** 2 + Y ** 2))\n"
    "print(Z.shape)\n"
    "t.gradient(Z, xs)",
    # a cyclic shift and a median by sorting
    "signal = c([1.0, 4.0, 2.0, 8.0, 5.0])\n"
    "with tf.GradientTape() as t:\n"
    "    t.watch(signal)\n"
    "    median = tf.sort(signal)[2]\n"
    "    shifted = tf.roll(signal, shift=1, axis=0)\n"
    "    loss = median + tf.reduce_sum(shifted * tf.range(5, dtype=tf.float32))\n"
    "t.gradient(loss, signal)",
    # upsampling by repeat (nearest neighbour)
    "img = tf.reshape(tf.range(4, dtype=tf.float32), [1, 2, 2, 1])\n"
    "with tf.GradientTape() as t:\n"
    "    t.watch(img)\n"
    "    up = tf.repeat(tf.repeat(img, 2, axis=1), 2, axis=2)\n"
    "    loss = tf.reduce_sum(up * tf.reshape(tf.range(16, dtype=tf.float32), [1, 4, 4, 1]))\n"
    "print(up[0, :, :, 0].numpy())\n"
    "t.gradient(loss, img)",
    # the top-k largest by sorting a batch of scores, with a gradient to the scores
    "scores = tf.Variable([[0.2, 0.9, 0.4], [0.7, 0.1, 0.8]])\n"
    "with tf.GradientTape() as t:\n"
    "    best = tf.sort(scores, direction='DESCENDING')[:, :2]\n"
    "    loss = tf.reduce_sum(best * c([[1.0, 0.5]]))\n"
    "t.gradient(loss, scores)",
]

CASES = (
    SORTING
    + UNIQUE
    + SEARCHSORTED
    + SCATTER
    + ROLL
    + REPEAT
    + SEQUENCE_MASK
    + HISTOGRAM
    + MESHGRID
    + BINCOUNT
    + REVERSE
    + PROGRAMS
)

EDGES = [
    "tf.sort(c([True, False]), direction='DESCENDING')",
    "tf.sort(c([1.0, 2.0]), axis=-3)",
    "tf.sort(c(1.0), direction='DESCENDING')",
    "tf.sort(c([], tf.float32))",
    "tf.argsort(c([[]], tf.float32))",
    "tf.sort(c([[1.5, -2.0, 0.5]], tf.float64), axis=1)",
    "tf.sort(c([5, -3, 0], tf.int8))",
    "tf.searchsorted(c([1.0, 2.0]), c(1.5))",
    "tf.searchsorted(c([1.0, 2.0]), c([[1.5]]))",
    "tf.searchsorted([1, 2, 3], [2])",
    "tf.searchsorted(c([1.0, 2.0, 2.0, 3.0]), c([2.0, 2.0]), side='right')",
    "tf.searchsorted(c([[5.0, 1.0, 4.0, 2.0, 3.0]]), c([[3.0, 0.0, 9.0]]))",
    "tf.unique(c(1))",
    "tf.unique(c([True, False, True]))",
    "tf.unique(c([0.5, 0.25, 0.5], tf.float64), out_idx=tf.int64)",
    "tf.roll(c([1, 2, 3]), c([1], tf.int64), c([0]))",
    "tf.roll(c([1, 2, 3]), [1], [-2])",
    "tf.roll(c([[1, 2, 3]]), [[1]], [[0]])",
    "tf.roll(c([[1.0, 2.0, 3.0]]), shift=-4, axis=1)",
    "tf.scatter_nd([[0]], [1.0], [0])",
    "tf.scatter_nd([[0]], [1.0, 2.0], [3])",
    "tf.scatter_nd([0], [1.0], [3])",
    "tf.scatter_nd([[0, 0, 0]], [1.0], [3])",
    "tf.scatter_nd([[1]], [True], [3])",
    "tf.scatter_nd(c([[1]], tf.int64), c([2.0]), c([3], tf.int64))",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [[0, 0]], [5.0])",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [0], [5.0])",
    "tf.tensor_scatter_nd_update(c([[1.0, 2.0]]), [[0]], [5.0])",
    "tf.tensor_scatter_nd_add(c(1.0), [[0]], [5.0])",
    "tf.tensor_scatter_nd_update(c([True, False]), [[0]], [False])",
    "tf.tensor_scatter_nd_update(c([1.0, 2.0]), [[0]], c([5]))",
    "tf.tensor_scatter_nd_add(c([[1.0, 2.0], [3.0, 4.0]]), [[0], [1]], c([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]]))",
    "tf.repeat(c([1.0, 2.0]), 2.0)",
    "tf.repeat(c([1.0, 2.0]), [[1, 2]], axis=0)",
    "tf.repeat(c([1.0, 2.0]), -1)",
    "tf.repeat(c([1.0, 2.0]), [1, -1])",
    "tf.repeat(c([[1.0, 2.0]]), [2], axis=1)",
    "tf.repeat(c([[1.0, 2.0]]), 2, axis=c(1))",
    "tf.repeat(c([[1.0, 2.0], [3.0, 4.0]]), c([1, 0], tf.int64), axis=-2)",
    "tf.sequence_mask([1, 2], 0)",
    "tf.sequence_mask([1, 2], -1)",
    "tf.sequence_mask([[1], [2]], 2, dtype=tf.float64)",
    "tf.histogram_fixed_width(c([1.0, 2.0]), [0.0, 1.0, 2.0], nbins=2)",
    "tf.histogram_fixed_width(c([1.0, float('nan')]), [0.0, 1.0], nbins=2)",
    "tf.histogram_fixed_width(c([0.3]), [0.0, 1.0], nbins=c(3))",
    "tf.histogram_fixed_width(c([0.5, 0.25, 2.5]), [0.25, 2.25], nbins=4)",
    "tf.math.bincount(c([1, 2]), axis=1)",
    "tf.math.bincount(c([1, 2]), weights=c([1.0, 2.0]), binary_output=True)",
    "tf.math.bincount(c([[1, 2]]), weights=c([[1.0, 2.0]]), axis=-1)",
    "tf.math.bincount(c([1, 2]), weights=[1.0, 2.0])",
    "tf.math.bincount(c(2))",
    "tf.math.bincount(c([1, 2], tf.uint8))",
    "tf.math.bincount(c([1, 2]), dtype=tf.int64)",
    "tf.math.bincount(c([1, 2]), weights=c([1, 2]))",
    "tf.math.bincount(c([1, 2]), minlength=-2)",
    "tf.math.bincount(c([[1, 2, 2], [0, 0, 1]]), axis=-1, binary_output=True)",
    "tf.math.bincount(c([1, 2, 7]), maxlength=0)",
    "tf.math.bincount(c([1, 2]), weights=c([1.0, 2.0], tf.float16))",
    "tf.meshgrid(c(1.0), c([2.0, 3.0]))",
    "tf.meshgrid([1, 2], [3], name='m')",
    "tf.reverse(c(5.0), axis=0)",
    "tf.reverse(c(5.0), axis=[[1]])",
    "tf.reverse(c([1.0, 2.0]), axis=[0.0])",
    "tf.reverse(c(5.0), axis=[0.0])",
]

MORE_PROGRAMS = [
    # a learned per-class table updated by scatter, trained a few SGD steps
    "table = tf.Variable(tf.zeros([3, 2]))\n"
    "labels = c([[0], [2], [0]])\n"
    "feats = c([[1.0, 2.0], [0.5, -1.0], [3.0, 0.0]])\n"
    "for step in range(3):\n"
    "    with tf.GradientTape() as t:\n"
    "        rows = tf.gather_nd(table, labels)\n"
    "        loss = tf.reduce_mean(tf.square(rows - feats))\n"
    "    g = t.gradient(loss, table)\n"
    "    table.assign_sub(0.5 * tf.convert_to_tensor(g))\n"
    "    print(step, round(float(loss), 5))\n"
    "table",
    # ranking loss on sorted scores, second order through the sort
    "s = c([0.3, -1.2, 2.0, 0.7])\n"
    "with tf.GradientTape() as outer:\n"
    "    outer.watch(s)\n"
    "    with tf.GradientTape() as inner:\n"
    "        inner.watch(s)\n"
    "        ranked = tf.sort(s, direction='DESCENDING')\n"
    "        loss = tf.reduce_sum(tf.exp(ranked) * c([4.0, 3.0, 2.0, 1.0]))\n"
    "    g = inner.gradient(loss, s)\n"
    "(g, outer.gradient(g, s))",
    # a padded batch: masked mean of per-token losses over lengths
    "logits = tf.reshape(tf.range(24, dtype=tf.float32) / 10.0, [2, 4, 3])\n"
    "labels = c([[0, 1, 2, 0], [2, 2, 1, 1]])\n"
    "lengths = c([3, 2])\n"
    "with tf.GradientTape() as t:\n"
    "    t.watch(logits)\n"
    "    per_token = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)\n"
    "    mask = tf.sequence_mask(lengths, maxlen=4, dtype=per_token.dtype)\n"
    "    loss = tf.reduce_sum(per_token * mask) / tf.reduce_sum(mask)\n"
    "print(mask.numpy())\n"
    "(loss, tf.reduce_sum(tf.abs(t.gradient(loss, logits)), axis=-1))",
    # positional shifts with roll inside a tape, and a sorted-order permutation inverse
    "x = c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])\n"
    "with tf.GradientTape() as t:\n"
    "    t.watch(x)\n"
    "    y = x - tf.roll(x, shift=1, axis=1)\n"
    "    loss = tf.reduce_sum(y ** 2)\n"
    "order = tf.argsort(c([0.3, 0.1, 0.2]))\n"
    "inverse = tf.argsort(order)\n"
    "(t.gradient(loss, x), order, inverse)",
]

BAD_INDICES_POLICY = [
    "tf.scatter_nd([[5], [1]], [1.0, 2.0], [4], bad_indices_policy='IGNORE')",
    "tf.scatter_nd([[5], [1]], [1.0, 2.0], [4], bad_indices_policy='ERROR')",
    "tf.scatter_nd([[5], [1]], [1.0, 2.0], [4], bad_indices_policy='FOO')",
    "tf.scatter_nd([[1]], [2.0], [4], bad_indices_policy='DEFAULT')",
    "tf.tensor_scatter_nd_add(c([1.0, 2.0]), [[5], [1]], [1.0, 2.0], bad_indices_policy='IGNORE')",
    "tf.tensor_scatter_nd_max(c([1.0, 2.0]), [[5], [1]], [1.0, 2.0], bad_indices_policy='IGNORE')",
    "tf.tensor_scatter_nd_add(c([1.0, 2.0]), [[-1], [1]], [1.0, 2.0], bad_indices_policy='IGNORE')",
    "tf.tensor_scatter_nd_sub(c([1.0, 2.0]), [[5], [1]], [1.0, 2.0], bad_indices_policy='FOO')",
    "x = c([1.0, 2.0, 3.0])\nwith tf.GradientTape() as t:\n    t.watch(x)\n"
    "    y = tf.tensor_scatter_nd_add(x, [[5], [1]], x[:2] * 1.0, bad_indices_policy='IGNORE')\n"
    "t.gradient(y, x)",
    "u = c([1.0, 2.0])\nwith tf.GradientTape() as t:\n    t.watch(u)\n"
    "    y = tf.scatter_nd([[5], [1]], u, [3], bad_indices_policy='IGNORE')\n"
    "t.gradient(y, u)",
    "x = c([1.0, 5.0, 3.0])\nu = c([4.0, 0.0, 5.0])\nwith tf.GradientTape() as t:\n"
    "    t.watch([x, u])\n"
    "    y = tf.tensor_scatter_nd_max(x, [[0], [7], [1]], u, bad_indices_policy='IGNORE')\n"
    "    z = y * c([1.0, 2.0, 3.0])\n"
    "t.gradient(z, [x, u])",
]

CASES = CASES + EDGES + MORE_PROGRAMS + BAD_INDICES_POLICY
