"""The surface docs/tf-coverage.md covers: every symbol of the engine's TF-compatible surface
(the project's API description), each with one small call that exercises it.

docs/generate_coverage.py resolves each symbol from the `engine` namespaces, runs its call on a
tape, and reads what ran (op types) and how the gradient went from the engine itself. Nothing
here states a result: a row's op types, gradient state and errors all come from running it.

Names the calls can use (made fresh for each call by `probe_namespace`):
  tf      the engine              np   numpy
  x, y    float32 vectors [0.25, 0.5, 0.75] and [1.5, 2.0, 2.5] (inside every domain used)
  m, n    float32 matrices 2x3 and 3x2          v    a Variable [1.0, 2.0, 3.0]
  img     a float32 batch of images, 1x4x4x1    k    a 2x2x1x1 convolution kernel
  labels  int32 class ids [0, 2] (for rows of m)
  tape    a persistent GradientTape that watched x and recorded z = x * y, zb = reshape(z, [3, 1])
All float inputs are watched by the tape that checks each call's gradient.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Probe:
    name: str  # as TF spells it: tf.math.add, Tensor.__add__, GradientTape.jacobian
    code: str  # an expression, or statements that set `out`
    symbol: str = ""  # attribute path from `engine` to resolve; default: the name without "tf."

    @property
    def path(self) -> str:
        return self.symbol or self.name.removeprefix("tf.")


@dataclass(frozen=True)
class Section:
    title: str
    intro: str
    probes: tuple
    shows_ops: bool = True  # False: the calls are tape machinery, not ops (no op types shown)


def _math(*names_and_code):
    return tuple(Probe(f"tf.math.{name}", code) for name, code in names_and_code)


TENSORS = Section(
    "Tensors, variables and dtypes",
    "Creation, conversion and the tensor protocol.",
    (
        Probe("tf.constant", "tf.constant([[1.0, 2.0], [3.0, 4.0]])"),
        Probe("tf.convert_to_tensor", "tf.convert_to_tensor(np.array([1.0, 2.0]))"),
        Probe("tf.Variable", "tf.Variable([1.0, 2.0], name='w')"),
        Probe("tf.is_tensor", "tf.is_tensor(x)"),
        Probe("Tensor.numpy", "x.numpy()", "Tensor.numpy"),
        Probe("Tensor.shape", "m.shape.as_list()", "Tensor.shape"),
        Probe("Tensor.dtype", "x.dtype", "Tensor.dtype"),
        Probe("Tensor.ndim", "m.ndim", "Tensor.ndim"),
        Probe("Tensor.__add__ (+)", "x + y", "Tensor.__add__"),
        Probe("Tensor.__sub__ (-)", "x - y", "Tensor.__sub__"),
        Probe("Tensor.__mul__ (*)", "x * y", "Tensor.__mul__"),
        Probe("Tensor.__truediv__ (/)", "x / y", "Tensor.__truediv__"),
        Probe("Tensor.__floordiv__ (//)", "y // x", "Tensor.__floordiv__"),
        Probe("Tensor.__mod__ (%)", "y % x", "Tensor.__mod__"),
        Probe("Tensor.__pow__ (**)", "y ** x", "Tensor.__pow__"),
        Probe("Tensor.__matmul__ (@)", "m @ n", "Tensor.__matmul__"),
        Probe("Tensor.__neg__ (unary -)", "-x", "Tensor.__neg__"),
        Probe("Tensor.__abs__ (abs)", "abs(x)", "Tensor.__abs__"),
        Probe("Tensor.__lt__ (comparisons)", "x < y", "Tensor.__lt__"),
        Probe("Tensor.__getitem__ (slicing)", "m[:, 1:]", "Tensor.__getitem__"),
        Probe("Tensor.__getitem__ (strided, newaxis)", "m[::-1, None, ::2]", "Tensor.__getitem__"),
        Probe("Tensor.__array__", "np.asarray(x)", "Tensor.__array__"),
        Probe("Tensor.__float__", "float(tf.reduce_sum(x))", "Tensor.__float__"),
        Probe("Tensor.__int__", "int(tf.constant(3))", "Tensor.__int__"),
        Probe("Tensor.__bool__", "bool(tf.constant(True))", "Tensor.__bool__"),
        Probe("Tensor.__len__", "len(m)", "Tensor.__len__"),
        Probe("Tensor.__iter__", "[row for row in m]", "Tensor.__iter__"),
        Probe("Tensor.__repr__", "repr(x)", "Tensor.__repr__"),
        Probe("Variable.assign", "v.assign([4.0, 5.0, 6.0])", "Variable.assign"),
        Probe("Variable.assign_add", "v.assign_add([1.0, 1.0, 1.0])", "Variable.assign_add"),
        Probe("Variable.assign_sub", "v.assign_sub([1.0, 1.0, 1.0])", "Variable.assign_sub"),
        Probe("Variable.read_value", "v.read_value()", "Variable.read_value"),
        Probe("Variable.trainable", "v.trainable", "Variable.trainable"),
        Probe("Variable.name", "v.name", "Variable.name"),
        Probe("Variable (in arithmetic)", "v * x", "Variable.__mul__"),
        Probe("tf.dtypes.as_dtype", "tf.dtypes.as_dtype('float64')"),
        Probe("tf.float16", "tf.float16.is_floating"),
        Probe("tf.float32", "tf.float32.as_numpy_dtype"),
        Probe("tf.float64", "tf.float64.name"),
        Probe("tf.int8", "tf.int8.is_integer"),
        Probe("tf.int16", "tf.int16 == tf.dtypes.as_dtype('int16')"),
        Probe("tf.int32", "tf.int32.name"),
        Probe("tf.int64", "tf.int64.name"),
        Probe("tf.uint8", "tf.uint8.name"),
        Probe("tf.bool", "tf.bool.name"),
    ),
)

CREATION = Section(
    "Creation and random",
    "Random values are TensorFlow's own: the same Philox streams and distributions, number for "
    "number.",
    (
        Probe("tf.zeros", "tf.zeros([2, 3])"),
        Probe("tf.ones", "tf.ones([2, 3])"),
        Probe("tf.zeros_like", "tf.zeros_like(x)"),
        Probe("tf.ones_like", "tf.ones_like(x)"),
        Probe("tf.fill", "tf.fill([2, 2], 7.0)"),
        Probe("tf.range", "tf.range(5)"),
        Probe("tf.linspace", "tf.linspace(0.0, 1.0, 5)"),
        Probe("tf.eye", "tf.eye(3)"),
        Probe("tf.one_hot", "tf.one_hot(labels, 3)"),
        Probe("tf.random.set_seed", "tf.random.set_seed(1)"),
        Probe("tf.random.normal", "tf.random.normal([2, 2], seed=1)"),
        Probe("tf.random.uniform", "tf.random.uniform([2, 2], seed=1)"),
        Probe("tf.random.truncated_normal", "tf.random.truncated_normal([2, 2], seed=1)"),
        Probe("tf.random.shuffle", "tf.random.shuffle(x, seed=1)"),
        Probe("tf.random.categorical", "tf.random.categorical(m, 4, seed=1)"),
        Probe("tf.random.stateless_normal", "tf.random.stateless_normal([2, 2], seed=[1, 2])"),
        Probe("tf.random.stateless_uniform", "tf.random.stateless_uniform([2, 2], seed=[1, 2])"),
        Probe(
            "tf.random.stateless_truncated_normal",
            "tf.random.stateless_truncated_normal([2, 2], seed=[1, 2])",
        ),
        Probe(
            "tf.random.stateless_categorical", "tf.random.stateless_categorical(m, 4, seed=[1, 2])"
        ),
        Probe("tf.random.Generator", "tf.random.Generator.from_seed(1).normal([2, 2])"),
        Probe(
            "Generator.from_seed",
            "tf.random.Generator.from_seed(1, alg='philox')",
            "random.Generator.from_seed",
        ),
        Probe(
            "Generator.from_non_deterministic_state",
            "tf.random.Generator.from_non_deterministic_state()",
            "random.Generator.from_non_deterministic_state",
        ),
        Probe(
            "Generator.from_state",
            "tf.random.Generator.from_state([0, 0, 1], alg='philox')",
            "random.Generator.from_state",
        ),
        Probe(
            "Generator.normal",
            "tf.random.Generator.from_seed(1).normal([2])",
            "random.Generator.normal",
        ),
        Probe(
            "Generator.uniform",
            "tf.random.Generator.from_seed(1).uniform([2], 0, 10, dtype=tf.int32)",
            "random.Generator.uniform",
        ),
        Probe(
            "Generator.truncated_normal",
            "tf.random.Generator.from_seed(1).truncated_normal([2])",
            "random.Generator.truncated_normal",
        ),
        Probe(
            "Generator.uniform_full_int",
            "tf.random.Generator.from_seed(1).uniform_full_int([2], dtype=tf.int64)",
            "random.Generator.uniform_full_int",
        ),
        Probe(
            "Generator.make_seeds",
            "tf.random.Generator.from_seed(1).make_seeds(2)",
            "random.Generator.make_seeds",
        ),
        Probe(
            "Generator.split",
            "tf.random.Generator.from_seed(1).split(2)",
            "random.Generator.split",
        ),
        Probe(
            "Generator.skip", "tf.random.Generator.from_seed(1).skip(4)", "random.Generator.skip"
        ),
        Probe(
            "Generator.reset_from_seed",
            "tf.random.Generator.from_seed(1).reset_from_seed(2)",
            "random.Generator.reset_from_seed",
        ),
        Probe("tf.random.get_global_generator", "tf.random.get_global_generator().normal([2])"),
        Probe(
            "tf.random.set_global_generator",
            "tf.random.set_global_generator(tf.random.Generator.from_seed(1))",
        ),
        Probe("tf.random.create_rng_state", "tf.random.create_rng_state(1, 'philox')"),
        Probe("tf.random.Algorithm", "tf.random.Algorithm.PHILOX"),
        Probe(
            "tf.nn.experimental.stateless_dropout",
            "tf.nn.experimental.stateless_dropout(x, 0.5, seed=[1, 2])",
        ),
        Probe(
            "tf.nn.experimental.general_dropout",
            "tf.nn.experimental.general_dropout(x, 0.5, tf.random.Generator.from_seed(1).uniform)",
        ),
        Probe("tf.random.poisson", "tf.random.poisson([2], [1.0, 20.0], seed=1)"),
        Probe("tf.random.gamma", "tf.random.gamma([2], x + 1.0, seed=1)"),
        Probe("tf.random.stateless_gamma", "tf.random.stateless_gamma([2, 3], [1, 2], x + 1.0)"),
        Probe("tf.random.stateless_poisson", "tf.random.stateless_poisson([2], [1, 2], 3.0)"),
        Probe(
            "tf.random.stateless_binomial",
            "tf.random.stateless_binomial([2], [1, 2], 10.0, 0.3)",
        ),
        Probe(
            "Generator.binomial",
            "tf.random.Generator.from_seed(1).binomial([2], 10.0, 0.3)",
            "random.Generator.binomial",
        ),
        Probe("tf.random.split", "tf.random.split([1, 2], 3)"),
        Probe("tf.random.fold_in", "tf.random.fold_in([1, 2], 3)"),
        Probe(
            "tf.random.experimental.stateless_shuffle",
            "tf.random.experimental.stateless_shuffle(x, seed=[1, 2])",
        ),
        Probe(
            "tf.random.experimental.stateless_split",
            "tf.random.experimental.stateless_split([1, 2])",
        ),
        Probe(
            "tf.random.experimental.stateless_fold_in",
            "tf.random.experimental.stateless_fold_in([1, 2], 3)",
        ),
        Probe(
            "tf.random.experimental.Generator",
            "tf.random.experimental.Generator.from_seed(1).normal([2])",
        ),
    ),
)

MATH = Section(
    "Math",
    "`tf.math`. *(also `tf.add`)* marks the names the engine also has at "
    "the top level; the others are listed after the op registry.",
    _math(
        ("add", "tf.math.add(x, y)"),
        ("subtract", "tf.math.subtract(x, y)"),
        ("multiply", "tf.math.multiply(x, y)"),
        ("divide", "tf.math.divide(x, y)"),
        ("truediv", "tf.math.truediv(x, y)"),
        ("floordiv", "tf.math.floordiv(y, x)"),
        ("floormod", "tf.math.floormod(y, x)"),
        ("pow", "tf.math.pow(y, x)"),
        ("negative", "tf.math.negative(x)"),
        ("abs", "tf.math.abs(x)"),
        ("sign", "tf.math.sign(x)"),
        ("exp", "tf.math.exp(x)"),
        ("expm1", "tf.math.expm1(x)"),
        ("log", "tf.math.log(x)"),
        ("log1p", "tf.math.log1p(x)"),
        ("sqrt", "tf.math.sqrt(x)"),
        ("rsqrt", "tf.math.rsqrt(x)"),
        ("square", "tf.math.square(x)"),
        ("reciprocal", "tf.math.reciprocal(x)"),
        ("sin", "tf.math.sin(x)"),
        ("cos", "tf.math.cos(x)"),
        ("tan", "tf.math.tan(x)"),
        ("asin", "tf.math.asin(x)"),
        ("acos", "tf.math.acos(x)"),
        ("atan", "tf.math.atan(x)"),
        ("atan2", "tf.math.atan2(x, y)"),
        ("sinh", "tf.math.sinh(x)"),
        ("cosh", "tf.math.cosh(x)"),
        ("tanh", "tf.math.tanh(x)"),
        ("sigmoid", "tf.math.sigmoid(x)"),
        ("softplus", "tf.math.softplus(x)"),
        ("softsign", "tf.math.softsign(x)"),
        ("erf", "tf.math.erf(x)"),
        ("maximum", "tf.math.maximum(x, y)"),
        ("minimum", "tf.math.minimum(x, y)"),
        ("squared_difference", "tf.math.squared_difference(x, y)"),
        ("add_n", "tf.math.add_n([x, y, x])"),
        ("divide_no_nan", "tf.math.divide_no_nan(x, y)"),
        ("xlogy", "tf.math.xlogy(x, y)"),
        ("cumsum", "tf.math.cumsum(x)"),
        ("cumprod", "tf.math.cumprod(x)"),
        ("round", "tf.math.round(y)"),
        ("floor", "tf.math.floor(y)"),
        ("ceil", "tf.math.ceil(y)"),
        ("equal", "tf.math.equal(x, y)"),
        ("not_equal", "tf.math.not_equal(x, y)"),
        ("less", "tf.math.less(x, y)"),
        ("less_equal", "tf.math.less_equal(x, y)"),
        ("greater", "tf.math.greater(x, y)"),
        ("greater_equal", "tf.math.greater_equal(x, y)"),
        ("logical_and", "tf.math.logical_and(x < y, x > 0.3)"),
        ("logical_or", "tf.math.logical_or(x < y, x > 0.3)"),
        ("logical_not", "tf.math.logical_not(x > 0.3)"),
        ("argmax", "tf.math.argmax(m, axis=1)"),
        ("argmin", "tf.math.argmin(m, axis=1)"),
        ("reduce_sum", "tf.math.reduce_sum(m, axis=0)"),
        ("reduce_mean", "tf.math.reduce_mean(m)"),
        ("reduce_max", "tf.math.reduce_max(m, axis=1)"),
        ("reduce_min", "tf.math.reduce_min(m)"),
        ("reduce_prod", "tf.math.reduce_prod(x)"),
        ("reduce_logsumexp", "tf.math.reduce_logsumexp(m, axis=1)"),
        ("reduce_std", "tf.math.reduce_std(x)"),
        ("reduce_variance", "tf.math.reduce_variance(x)"),
        ("reduce_any", "tf.math.reduce_any(x > 0.5)"),
        ("reduce_all", "tf.math.reduce_all(x > 0.1)"),
        ("is_nan", "tf.math.is_nan(x)"),
        ("is_inf", "tf.math.is_inf(x)"),
        ("is_finite", "tf.math.is_finite(x)"),
        ("l2_normalize", "tf.math.l2_normalize(x)"),
        ("erfc", "tf.math.erfc(x)"),
        ("lgamma", "tf.math.lgamma(y)"),
        ("digamma", "tf.math.digamma(y)"),
        ("polygamma", "tf.math.polygamma(tf.ones_like(y), y)"),
        ("erfinv", "tf.math.erfinv(x)"),
        ("bessel_i0e", "tf.math.bessel_i0e(x)"),
        ("bessel_i1e", "tf.math.bessel_i1e(x)"),
        ("log_sigmoid", "tf.math.log_sigmoid(x)"),
        ("polyval", "tf.math.polyval([x, y, 2.0 * x], y)"),
        ("reduce_euclidean_norm", "tf.math.reduce_euclidean_norm(m, axis=1)"),
        ("cumulative_logsumexp", "tf.math.cumulative_logsumexp(x, exclusive=True)"),
        ("segment_sum", "tf.math.segment_sum(x, [0, 0, 1])"),
        ("segment_mean", "tf.math.segment_mean(x, [0, 0, 1])"),
        ("unsorted_segment_mean", "tf.math.unsorted_segment_mean(x, [1, 0, 1], 2)"),
        ("top_k", "tf.math.top_k(m, 2).values"),
        ("in_top_k", "tf.math.in_top_k(labels, m, 1)"),
    ),
)

ARRAY = Section(
    "Arrays, shapes and indexing",
    "Top-level in TensorFlow, as here.",
    (
        Probe("tf.reshape", "tf.reshape(m, [3, 2])"),
        Probe("tf.transpose", "tf.transpose(m)"),
        Probe("tf.expand_dims", "tf.expand_dims(x, 0)"),
        Probe("tf.squeeze", "tf.squeeze(tf.reshape(x, [1, 3]))"),
        Probe("tf.concat", "tf.concat([x, y], axis=0)"),
        Probe("tf.stack", "tf.stack([x, y])"),
        Probe("tf.unstack", "tf.unstack(m)"),
        Probe("tf.split", "tf.split(m, 3, axis=1)"),
        Probe("tf.tile", "tf.tile(x, [2])"),
        Probe("tf.gather", "tf.gather(x, [2, 0])"),
        Probe("tf.gather_nd", "tf.gather_nd(m, [[0, 1], [1, 2]])"),
        Probe("tf.where", "tf.where(x > 0.3, x, y)"),
        Probe("tf.cast", "tf.cast(x, tf.float64)"),
        Probe("tf.cast (to an integer type)", "tf.cast(y, tf.int32)", "cast"),
        Probe("tf.stop_gradient", "tf.stop_gradient(x) * y"),
        Probe("tf.identity", "tf.identity(x)"),
        Probe("tf.broadcast_to", "tf.broadcast_to(x, [2, 3])"),
        Probe("tf.pad", "tf.pad(m, [[1, 0], [0, 1]])"),
        Probe("tf.reverse", "tf.reverse(m, [1])"),
        Probe("tf.clip_by_value", "tf.clip_by_value(x, 0.3, 0.6)"),
        Probe("tf.shape", "tf.shape(m)"),
        Probe("tf.size", "tf.size(m)"),
        Probe("tf.rank", "tf.rank(m)"),
        Probe("tf.boolean_mask", "tf.boolean_mask(x, x > 0.3)"),
        Probe("tf.einsum", "tf.einsum('ij,jk->ik', m, n)"),
        Probe("tf.tensordot", "tf.tensordot(m, n, axes=1)"),
        Probe("tf.matmul", "tf.matmul(m, m, transpose_b=True)"),
        Probe("tf.matmul (batched)", "tf.matmul(tf.stack([m, m]), tf.stack([n, n]))", "matmul"),
        Probe("tf.norm", "tf.norm(x)"),
        Probe("tf.linalg.matmul", "tf.linalg.matmul(m, n)"),
        Probe("tf.linalg.norm", "tf.linalg.norm(m, ord=1)"),
        # issue 9: sorting, scatters and the other array ops TF programs reach for
        Probe("tf.sort", "tf.sort(y * x, direction='DESCENDING')"),
        Probe("tf.argsort", "tf.argsort(m, axis=0, stable=True)"),
        Probe("tf.unique", "tf.unique(tf.concat([x, x], 0))"),
        Probe("tf.unique_with_counts", "tf.unique_with_counts(tf.concat([x, y], 0))"),
        Probe("tf.searchsorted", "tf.searchsorted(y, x + 1.8, side='right')"),
        Probe("tf.scatter_nd", "tf.scatter_nd([[2], [0]], y[:2], [4])"),
        Probe("tf.tensor_scatter_nd_update", "tf.tensor_scatter_nd_update(x, [[1]], y[:1])"),
        Probe("tf.tensor_scatter_nd_add", "tf.tensor_scatter_nd_add(x, [[1], [1]], y[:2])"),
        Probe("tf.tensor_scatter_nd_sub", "tf.tensor_scatter_nd_sub(x, [[0]], y[:1])"),
        Probe("tf.tensor_scatter_nd_max", "tf.tensor_scatter_nd_max(x, [[2]], y[:1])"),
        Probe("tf.tensor_scatter_nd_min", "tf.tensor_scatter_nd_min(x, [[2]], y[:1])"),
        Probe("tf.roll", "tf.roll(m, shift=[1, -1], axis=[0, 1])"),
        Probe("tf.repeat", "tf.repeat(m, [1, 2], axis=0)"),
        Probe("tf.sequence_mask", "tf.sequence_mask([1, 3], 4, dtype=tf.float32) * x[0]"),
        Probe("tf.histogram_fixed_width", "tf.histogram_fixed_width(x, [0.0, 1.0], nbins=4)"),
        Probe("tf.meshgrid", "tf.meshgrid(x, y[:2])"),
        Probe("tf.math.bincount", "tf.math.bincount(labels, weights=x[:2], minlength=4)"),
    ),
)

NN = Section(
    "Neural network ops",
    "`tf.nn`.",
    (
        Probe("tf.nn.relu", "tf.nn.relu(x - 0.5)"),
        Probe("tf.nn.relu6", "tf.nn.relu6(x)"),
        Probe("tf.nn.leaky_relu", "tf.nn.leaky_relu(x - 0.5)"),
        Probe("tf.nn.elu", "tf.nn.elu(x - 0.5)"),
        Probe("tf.nn.selu", "tf.nn.selu(x - 0.5)"),
        Probe("tf.nn.gelu", "tf.nn.gelu(x)"),
        Probe("tf.nn.sigmoid", "tf.nn.sigmoid(x)"),
        Probe("tf.nn.tanh", "tf.nn.tanh(x)"),
        Probe("tf.nn.softplus", "tf.nn.softplus(x)"),
        Probe("tf.nn.softmax", "tf.nn.softmax(m)"),
        Probe("tf.nn.log_softmax", "tf.nn.log_softmax(m)"),
        Probe("tf.nn.l2_loss", "tf.nn.l2_loss(x)"),
        Probe("tf.nn.l2_normalize", "tf.nn.l2_normalize(m, axis=1)"),
        Probe("tf.nn.dropout", "tf.nn.dropout(m, rate=0.5, seed=1)"),
        Probe(
            "tf.nn.sparse_softmax_cross_entropy_with_logits",
            "tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=m)",
        ),
        Probe(
            "tf.nn.softmax_cross_entropy_with_logits",
            "tf.nn.softmax_cross_entropy_with_logits(labels=tf.one_hot(labels, 3), logits=m)",
        ),
        Probe(
            "tf.nn.sigmoid_cross_entropy_with_logits",
            "tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones_like(x), logits=x)",
        ),
        Probe("tf.nn.conv2d", "tf.nn.conv2d(img, k, strides=1, padding='SAME')"),
        Probe("tf.nn.max_pool2d", "tf.nn.max_pool2d(img, ksize=2, strides=2, padding='VALID')"),
        Probe("tf.nn.avg_pool2d", "tf.nn.avg_pool2d(img, ksize=2, strides=2, padding='VALID')"),
        Probe("tf.nn.bias_add", "tf.nn.bias_add(m, x)"),
        Probe(
            "tf.nn.conv1d",
            "tf.nn.conv1d(tf.reshape(img, [1, 16, 1]), tf.ones([3, 1, 2]), 1, 'SAME')",
        ),
        Probe(
            "tf.nn.conv1d_transpose",
            "tf.nn.conv1d_transpose(tf.reshape(img, [1, 16, 1]), tf.ones([3, 2, 1]), "
            "[1, 32, 2], 2)",
        ),
        Probe("tf.nn.conv2d_transpose", "tf.nn.conv2d_transpose(img, k, [1, 8, 8, 1], 2, 'SAME')"),
        Probe(
            "tf.nn.depthwise_conv2d",
            "tf.nn.depthwise_conv2d(img, tf.ones([2, 2, 1, 2]), [1, 1, 1, 1], 'SAME', "
            "dilations=[2, 2])",
        ),
        Probe(
            "tf.nn.separable_conv2d",
            "tf.nn.separable_conv2d(img, tf.ones([2, 2, 1, 2]), tf.ones([1, 1, 2, 3]), "
            "[1, 1, 1, 1], 'SAME')",
        ),
        Probe("tf.nn.max_pool1d", "tf.nn.max_pool1d(tf.reshape(img, [1, 16, 1]), 2, 2, 'VALID')"),
        Probe("tf.nn.avg_pool1d", "tf.nn.avg_pool1d(tf.reshape(img, [1, 16, 1]), 3, 2, 'SAME')"),
        Probe("tf.nn.max_pool", "tf.nn.max_pool(img, 2, 2, 'SAME')"),
        Probe("tf.nn.avg_pool", "tf.nn.avg_pool(img, 3, 1, 'SAME')"),
        Probe("tf.nn.pool", "tf.nn.pool(img, [2, 2], 'MAX', padding='VALID', dilations=[2, 2])"),
        Probe("tf.nn.convolution", "tf.nn.convolution(img, k, padding='SAME', dilations=2)"),
        Probe("tf.nn.conv_transpose", "tf.nn.conv_transpose(img, k, [1, 8, 8, 1], 2)"),
        Probe("tf.nn.atrous_conv2d", "tf.nn.atrous_conv2d(img, k, 2, 'SAME')"),
        Probe(
            "tf.nn.depthwise_conv2d_backprop_input",
            "tf.nn.depthwise_conv2d_backprop_input([1, 4, 4, 1], k, img, [1, 1, 1, 1], 'SAME')",
        ),
        Probe(
            "tf.nn.depthwise_conv2d_backprop_filter",
            "tf.nn.depthwise_conv2d_backprop_filter(img, [2, 2, 1, 1], img, [1, 1, 1, 1], 'SAME')",
        ),
        Probe("tf.nn.silu", "tf.nn.silu(x - 0.5)"),
        Probe("tf.nn.swish", "tf.nn.swish(x - 0.5, beta=2.0)"),
        Probe("tf.nn.gelu (approximate=True)", "tf.nn.gelu(x, approximate=True)", "nn.gelu"),
        Probe("tf.nn.top_k", "tf.nn.top_k(x, 2).values"),
        Probe("tf.nn.in_top_k", "tf.nn.in_top_k(labels, m, 2)"),
    ),
)

CLIPPING = Section(
    "Clipping and normalization",
    "Gradient clipping (`tf.clip_by_norm`, `tf.clip_by_global_norm`, `tf.linalg.global_norm`)"
    " and `tf.nn.moments` / `tf.nn.batch_normalization`, composites of the ops shown.",
    (
        Probe("tf.clip_by_norm", "tf.clip_by_norm(m, 1.0, axes=[1])"),
        Probe("tf.clip_by_global_norm", "tf.clip_by_global_norm([x, None, m], 1.0)[0][2]"),
        Probe("tf.linalg.global_norm", "tf.linalg.global_norm([x, m])"),
        Probe("tf.nn.moments", "tf.nn.moments(m, axes=[0])[1]"),
        Probe(
            "tf.nn.batch_normalization",
            "tf.nn.batch_normalization(m, *tf.nn.moments(m, axes=[0]), 0.5, 2.0, 1e-3)",
        ),
    ),
)

IMAGE = Section(
    "Images",
    "`tf.image`: adjust_contrast, a real op whose gradient is deliberately not registered "
    "(as in TensorFlow), and resize (bilinear and nearest, with their gradient ops).",
    (
        Probe("tf.image.adjust_contrast", "tf.image.adjust_contrast(img, 2.0)"),
        Probe("tf.image.resize", "tf.image.resize(img, [6, 3])"),
        Probe(
            "tf.image.resize (nearest)",
            "tf.image.resize(img, [6, 3], method='nearest')",
            "image.resize",
        ),
        Probe("tf.image.ResizeMethod", "tf.image.ResizeMethod.BILINEAR"),
    ),
)

AUTODIFF = Section(
    "Autodiff",
    "The tape and its methods, forward mode, and the eager-era functional API of seed 001.",
    (
        Probe(
            "tf.GradientTape", "tf.GradientTape(persistent=True, watch_accessed_variables=False)"
        ),
        Probe(
            "GradientTape.watch",
            "with tf.GradientTape() as t:\n    t.watch(x)\n    w = x * x\nout = t.gradient(w, x)",
            "GradientTape.watch",
        ),
        Probe("GradientTape.gradient", "tape.gradient(z, [x, y])", "GradientTape.gradient"),
        Probe(
            "GradientTape.gradient (output_gradients)",
            "tape.gradient(z, x, output_gradients=tf.constant([1.0, 2.0, 3.0]))",
            "GradientTape.gradient",
        ),
        Probe(
            "GradientTape.gradient (unconnected 'zero')",
            "tape.gradient(z, m, unconnected_gradients=tf.UnconnectedGradients.ZERO)",
            "GradientTape.gradient",
        ),
        Probe(
            "GradientTape.gradient (nested sources)",
            "tape.gradient(z, {'a': [x], 'b': (y,)})",
            "GradientTape.gradient",
        ),
        Probe("GradientTape.jacobian", "tape.jacobian(z, x)", "GradientTape.jacobian"),
        Probe(
            "GradientTape.batch_jacobian",
            "tape.batch_jacobian(zb, tf.reshape(x, [3, 1]))",
            "GradientTape.batch_jacobian",
        ),
        Probe(
            "GradientTape.stop_recording",
            "with tf.GradientTape() as t:\n    t.watch(x)\n    with t.stop_recording():\n"
            "        w = tf.exp(x)\nout = t.gradient(w, x)",
            "GradientTape.stop_recording",
        ),
        Probe(
            "GradientTape.reset",
            "with tf.GradientTape() as t:\n    t.watch(x)\n    w = x * x\n    t.reset()\n"
            "out = t.gradient(w, x)",
            "GradientTape.reset",
        ),
        Probe(
            "GradientTape.watched_variables",
            "tape.watched_variables()",
            "GradientTape.watched_variables",
        ),
        Probe("tf.autodiff.GradientTape", "tf.autodiff.GradientTape is tf.GradientTape"),
        Probe(
            "tf.autodiff.ForwardAccumulator",
            "with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:\n"
            "    w = tf.sin(x)\nout = acc.jvp(w)",
        ),
        Probe("tf.UnconnectedGradients", "tf.UnconnectedGradients.NONE"),
        Probe(
            "tf.custom_gradient",
            "@tf.custom_gradient\ndef clip(t):\n"
            "    return t, lambda g: tf.clip_by_value(g, -1.0, 1.0)\nout = clip(x)",
        ),
        Probe("tf.gradients_function", "tf.gradients_function(lambda a: a * a)(x)"),
        Probe(
            "tf.value_and_gradients_function", "tf.value_and_gradients_function(lambda a: a * a)(x)"
        ),
        Probe("tf.implicit_gradients", "tf.implicit_gradients(lambda: v * v)()"),
        Probe(
            "tf.implicit_value_and_gradients", "tf.implicit_value_and_gradients(lambda: v * v)()"
        ),
        Probe("tf.enable_eager_execution", "tf.enable_eager_execution()"),
        Probe("tf.executing_eagerly", "tf.executing_eagerly()"),
    ),
    shows_ops=False,
)

MODULES = Section(
    "Modules, layers and training",
    "Keras classes run the ops Keras's TensorFlow backend runs.",
    (
        Probe("tf.Module", "tf.Module(name='block').trainable_variables"),
        Probe("Module.name_scope", "tf.Module(name='block').name_scope", "Module.name_scope"),
        Probe("tf.name_scope", "tf.name_scope('layer')"),
        Probe("tf.keras.layers.Dense", "tf.keras.layers.Dense(2, activation='relu')(m)"),
        Probe("tf.keras.layers.Flatten", "tf.keras.layers.Flatten()(img)"),
        Probe(
            "tf.keras.Sequential",
            "tf.keras.Sequential([tf.keras.layers.Dense(4, activation='tanh'), "
            "tf.keras.layers.Dense(1)])(m)",
        ),
        Probe("tf.keras.activations.get", "tf.keras.activations.get('sigmoid')(x)"),
        Probe("tf.keras.initializers.Constant", "tf.keras.initializers.Constant(0.5)([2])"),
        Probe("tf.keras.initializers.Zeros", "tf.keras.initializers.Zeros()([2])"),
        Probe("tf.keras.initializers.Ones", "tf.keras.initializers.Ones()([2])"),
        Probe(
            "tf.keras.initializers.GlorotUniform",
            "tf.keras.initializers.GlorotUniform(seed=1)([2, 2])",
        ),
        Probe(
            "tf.keras.initializers.RandomNormal", "tf.keras.initializers.RandomNormal(seed=1)([2])"
        ),
        Probe(
            "tf.keras.initializers.RandomUniform",
            "tf.keras.initializers.RandomUniform(seed=1)([2])",
        ),
        Probe(
            "tf.keras.initializers.TruncatedNormal",
            "tf.keras.initializers.TruncatedNormal(seed=1)([2])",
        ),
        Probe(
            "tf.keras.initializers.Orthogonal",
            "tf.keras.initializers.Orthogonal(seed=1)([2, 2])",
        ),
        Probe(
            "tf.keras.initializers.VarianceScaling",
            "tf.keras.initializers.VarianceScaling(2.0, 'fan_out', 'uniform', seed=1)([2, 2])",
        ),
        Probe(
            "tf.keras.initializers.GlorotNormal",
            "tf.keras.initializers.GlorotNormal(seed=1)([2, 2])",
        ),
        Probe("tf.keras.initializers.HeNormal", "tf.keras.initializers.HeNormal(seed=1)([2, 2])"),
        Probe("tf.keras.initializers.HeUniform", "tf.keras.initializers.HeUniform(seed=1)([2, 2])"),
        Probe(
            "tf.keras.initializers.LecunNormal", "tf.keras.initializers.LecunNormal(seed=1)([2, 2])"
        ),
        Probe(
            "tf.keras.initializers.LecunUniform",
            "tf.keras.initializers.LecunUniform(seed=1)([2, 2])",
        ),
        Probe("tf.keras.utils.set_random_seed", "tf.keras.utils.set_random_seed(1)"),
        Probe("tf.keras.random.SeedGenerator", "tf.keras.random.SeedGenerator(1)"),
        Probe("tf.keras.random.normal", "tf.keras.random.normal((2,), seed=1)"),
        Probe("tf.keras.random.uniform", "tf.keras.random.uniform((2,), seed=1)"),
        Probe("tf.keras.random.truncated_normal", "tf.keras.random.truncated_normal((2,), seed=1)"),
        Probe("tf.keras.random.randint", "tf.keras.random.randint((2,), 0, 5, seed=1)"),
        Probe("tf.keras.random.categorical", "tf.keras.random.categorical(m, 3, seed=1)"),
        Probe("tf.keras.random.dropout", "tf.keras.random.dropout(x, 0.5, seed=1)"),
        Probe("tf.keras.random.gamma", "tf.keras.random.gamma((2,), 2.0, seed=1)"),
        Probe("tf.keras.random.binomial", "tf.keras.random.binomial((2,), 10.0, 0.3, seed=1)"),
        Probe("tf.keras.random.beta", "tf.keras.random.beta((2,), 2.0, 3.0, seed=1)"),
        Probe(
            "tf.keras.optimizers.SGD",
            "tf.keras.optimizers.SGD(0.1, momentum=0.9, nesterov=True)"
            ".apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Adam",
            "tf.keras.optimizers.Adam(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.RMSprop",
            "tf.keras.optimizers.RMSprop(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe("tf.keras.losses.MeanSquaredError", "tf.keras.losses.MeanSquaredError()(y, x)"),
        Probe("tf.keras.losses.mse", "tf.keras.losses.mse(y, x)"),
        Probe(
            "tf.keras.losses.SparseCategoricalCrossentropy",
            "tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(labels, m)",
        ),
        Probe(
            "tf.keras.losses.sparse_categorical_crossentropy",
            "tf.keras.losses.sparse_categorical_crossentropy(labels, m, from_logits=True)",
        ),
        Probe(
            "tf.keras.losses.BinaryCrossentropy",
            "tf.keras.losses.BinaryCrossentropy(from_logits=True)(tf.ones_like(x), x)",
        ),
        Probe(
            "tf.keras.losses.binary_crossentropy",
            "tf.keras.losses.binary_crossentropy(tf.ones_like(x), x)",
        ),
    ),
)

_SQUARE = "(m @ n + 3.0 * tf.eye(2))"  # 2x2, well conditioned
_SPD = "(tf.matmul(m, m, transpose_b=True) + tf.eye(2))"  # 2x2, symmetric positive definite
LINALG = Section(
    "Linear algebra",
    "`tf.linalg` beyond matmul and norm: diagonals, solves, decompositions and TF's Python "
    "compositions over them (trace, logdet, cholesky_solve, lstsq, pinv, expm).",
    (
        Probe("tf.linalg.diag", "tf.linalg.diag(x, k=1)"),
        Probe("tf.linalg.diag_part", "tf.linalg.diag_part(m, k=(0, 1))"),
        Probe("tf.linalg.set_diag", "tf.linalg.set_diag(m, y[:2])"),
        Probe("tf.linalg.band_part", "tf.linalg.band_part(m, 0, -1)"),
        Probe("tf.linalg.trace", "tf.linalg.trace(m @ n)"),
        Probe("tf.linalg.matrix_transpose", "tf.linalg.matrix_transpose(m)"),
        Probe("tf.linalg.adjoint", "tf.linalg.adjoint(m)"),
        Probe("tf.linalg.inv", f"tf.linalg.inv({_SQUARE})"),
        Probe("tf.linalg.solve", f"tf.linalg.solve({_SQUARE}, n[:2])"),
        Probe("tf.linalg.det", f"tf.linalg.det({_SQUARE})"),
        Probe("tf.linalg.slogdet", f"tf.linalg.slogdet({_SQUARE})"),
        Probe("tf.linalg.logdet", f"tf.linalg.logdet({_SPD})"),
        Probe("tf.linalg.cholesky", f"tf.linalg.cholesky({_SPD})"),
        Probe(
            "tf.linalg.cholesky_solve",
            f"tf.linalg.cholesky_solve(tf.linalg.cholesky({_SPD}), n[:2])",
        ),
        Probe("tf.linalg.triangular_solve", f"tf.linalg.triangular_solve({_SQUARE}, n[:2])"),
        Probe("tf.linalg.qr", "tf.linalg.qr(n)"),
        Probe("tf.linalg.svd", "tf.linalg.svd(m)"),
        Probe("tf.linalg.eigh", f"tf.linalg.eigh({_SPD})"),
        Probe("tf.linalg.eigvalsh", f"tf.linalg.eigvalsh({_SPD})"),
        Probe("tf.linalg.lstsq", "tf.linalg.lstsq(n, tf.ones([3, 1]))"),
        Probe("tf.linalg.pinv", "tf.linalg.pinv(m)"),
        Probe("tf.linalg.expm", f"tf.linalg.expm({_SQUARE} * 0.1)"),
    ),
)

COMPLEX_AND_STRINGS = Section(
    "Complex numbers, strings and printing",
    "Complex tensors with TF's conjugate gradient convention; string tensors and tf.print.",
    (
        Probe("tf.complex64", "tf.complex64.real_dtype"),
        Probe("tf.complex128", "tf.complex128.is_complex"),
        Probe("tf.complex", "tf.abs(tf.complex(x, y))"),
        Probe("tf.math.real", "tf.math.real(tf.complex(x, y) * tf.complex(y, x))"),
        Probe("tf.math.imag", "tf.math.imag(tf.complex(x, y) * tf.complex(y, x))"),
        Probe("tf.math.conj", "tf.math.real(tf.math.conj(tf.complex(x, y)) * tf.complex(y, x))"),
        Probe("tf.math.angle", "tf.math.angle(tf.complex(x, y))"),
        Probe("tf.abs (complex: ComplexAbs)", "tf.abs(tf.complex(x, y))", "abs"),
        Probe("tf.string", "tf.string.name"),
        Probe("tf.constant (strings)", "tf.constant(['a', 'b'])", "constant"),
        Probe("tf.strings.format", "tf.strings.format('x={}', x)"),
        Probe("tf.strings.join", "tf.strings.join(['a', 'b'], separator='-')"),
        Probe("tf.strings.as_string", "tf.strings.as_string(x, precision=2)"),
        Probe("tf.strings.length", "tf.strings.length(tf.constant(['ab', 'c']))"),
        Probe("tf.as_string", "tf.as_string(x)"),
        Probe("tf.print", "tf.print('x:', x, output_stream='file:///dev/null')"),
        Probe("tf.version.VERSION", "tf.version.VERSION"),
        Probe("tf.__version__", "tf.__version__"),
    ),
)

SECTIONS = (TENSORS, CREATION, MATH, ARRAY, NN, CLIPPING, IMAGE, LINALG, AUTODIFF, MODULES)
SECTIONS += (COMPLEX_AND_STRINGS,)
FUNCTIONS_AND_BOILERPLATE = Section(
    "Functions, configuration, devices and debugging",
    "tf.function runs its Python function eagerly (every op recorded) and counts traces, checks "
    "input signatures as TensorFlow does; the device and config calls describe one CPU.",
    (
        Probe("tf.function", "tf.function(lambda a: a * 2.0)(x)"),
        Probe(
            "Function.get_concrete_function",
            "tf.function(lambda a: a * 2.0).get_concrete_function(tf.TensorSpec([None]))(x)",
            "tf_function.Function.get_concrete_function",
        ),
        Probe(
            "Function.experimental_get_tracing_count",
            "f = tf.function(lambda a: a + 1.0)\nf(x)\nout = f.experimental_get_tracing_count()",
            "tf_function.Function.experimental_get_tracing_count",
        ),
        Probe("tf.config.run_functions_eagerly", "tf.config.run_functions_eagerly(False)"),
        Probe("tf.config.functions_run_eagerly", "tf.config.functions_run_eagerly()"),
        Probe("tf.config.list_physical_devices", "tf.config.list_physical_devices()"),
        Probe("tf.config.list_logical_devices", "tf.config.list_logical_devices('CPU')"),
        Probe("tf.config.get_visible_devices", "tf.config.get_visible_devices()"),
        Probe("tf.config.set_visible_devices", "tf.config.set_visible_devices([], 'GPU')"),
        Probe(
            "tf.config.experimental.set_memory_growth",
            "[tf.config.experimental.set_memory_growth(g, True) "
            "for g in tf.config.list_physical_devices('GPU')]",
        ),
        Probe(
            "tf.config.experimental.get_memory_growth",
            "[tf.config.experimental.get_memory_growth(g) "
            "for g in tf.config.list_physical_devices('GPU')]",
        ),
        Probe(
            "tf.config.experimental.enable_op_determinism",
            "tf.config.experimental.enable_op_determinism()",
        ),
        Probe(
            "tf.config.threading.set_intra_op_parallelism_threads",
            "tf.config.threading.set_intra_op_parallelism_threads(0)",
        ),
        Probe(
            "tf.config.threading.get_intra_op_parallelism_threads",
            "tf.config.threading.get_intra_op_parallelism_threads()",
        ),
        Probe(
            "tf.config.threading.set_inter_op_parallelism_threads",
            "tf.config.threading.set_inter_op_parallelism_threads(0)",
        ),
        Probe(
            "tf.config.threading.get_inter_op_parallelism_threads",
            "tf.config.threading.get_inter_op_parallelism_threads()",
        ),
        Probe("tf.config.optimizer.set_jit", "tf.config.optimizer.set_jit(False)"),
        Probe("tf.config.optimizer.get_jit", "tf.config.optimizer.get_jit()"),
        Probe("tf.config.set_soft_device_placement", "tf.config.set_soft_device_placement(True)"),
        Probe("tf.config.get_soft_device_placement", "tf.config.get_soft_device_placement()"),
        Probe("tf.device", "with tf.device('/CPU:0'):\n    out = x * 2.0"),
        Probe("tf.debugging.check_numerics", "tf.debugging.check_numerics(x, 'x')"),
        Probe("tf.debugging.assert_all_finite", "tf.debugging.assert_all_finite(x, 'x')"),
        Probe(
            "tf.debugging.enable_check_numerics",
            "tf.debugging.enable_check_numerics()\nout = tf.exp(x)\n"
            "tf.debugging.disable_check_numerics()",
        ),
        Probe("tf.debugging.disable_check_numerics", "tf.debugging.disable_check_numerics()"),
        Probe("tf.debugging.assert_equal", "tf.debugging.assert_equal(x, x)"),
        Probe("tf.debugging.assert_none_equal", "tf.debugging.assert_none_equal(x, y)"),
        Probe("tf.debugging.assert_near", "tf.debugging.assert_near(x, x + 1e-9)"),
        Probe("tf.debugging.assert_less", "tf.debugging.assert_less(x, y)"),
        Probe("tf.debugging.assert_less_equal", "tf.debugging.assert_less_equal(x, y)"),
        Probe("tf.debugging.assert_greater", "tf.debugging.assert_greater(y, x)"),
        Probe("tf.debugging.assert_greater_equal", "tf.debugging.assert_greater_equal(y, x)"),
        Probe("tf.debugging.assert_positive", "tf.debugging.assert_positive(x)"),
        Probe("tf.debugging.assert_non_negative", "tf.debugging.assert_non_negative(x)"),
        Probe("tf.debugging.assert_negative", "tf.debugging.assert_negative(-x)"),
        Probe("tf.debugging.assert_non_positive", "tf.debugging.assert_non_positive(-x)"),
        Probe("tf.debugging.assert_rank", "tf.debugging.assert_rank(m, 2)"),
        Probe("tf.debugging.assert_rank_at_least", "tf.debugging.assert_rank_at_least(m, 1)"),
        Probe("tf.debugging.assert_rank_in", "tf.debugging.assert_rank_in(x, [1, 2])"),
        Probe(
            "tf.debugging.assert_shapes", "tf.debugging.assert_shapes([(m, ('N', 3)), (x, (3,))])"
        ),
        Probe("tf.debugging.is_numeric_tensor", "tf.debugging.is_numeric_tensor(x)"),
        Probe("tf.assert_equal", "tf.assert_equal(x, x)"),
        Probe("tf.assert_less", "tf.assert_less(x, y)"),
        Probe("tf.assert_greater", "tf.assert_greater(y, x)"),
        Probe("tf.assert_rank", "tf.assert_rank(x, 1)"),
        Probe(
            "tf.autograph.experimental.do_not_convert",
            "tf.autograph.experimental.do_not_convert(lambda a: a * 2.0)(x)",
        ),
        Probe("tf.autograph.set_verbosity", "tf.autograph.set_verbosity(0)"),
        Probe("tf.get_logger", "tf.get_logger()"),
    ),
    shows_ops=True,
)

SECTIONS += (FUNCTIONS_AND_BOILERPLATE,)
KERAS_TRAINING = Section(
    "Keras optimizers, losses and metrics",
    "Keras 3's optimizers (updates in Keras's float32 order), learning-rate schedules, losses "
    "(classes and function forms) and metrics (state outside the tape).",
    (
        Probe(
            "tf.keras.optimizers.AdamW",
            "tf.keras.optimizers.AdamW(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Adagrad",
            "tf.keras.optimizers.Adagrad(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Adadelta",
            "tf.keras.optimizers.Adadelta(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Adamax",
            "tf.keras.optimizers.Adamax(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Nadam",
            "tf.keras.optimizers.Nadam(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Ftrl",
            "tf.keras.optimizers.Ftrl(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe(
            "tf.keras.optimizers.Lion",
            "tf.keras.optimizers.Lion(0.01).apply_gradients([(tf.ones(3), v)])",
        ),
        Probe("tf.keras.optimizers.get", "tf.keras.optimizers.get('nadam')"),
        Probe(
            "tf.keras.optimizers.schedules.ExponentialDecay",
            "tf.keras.optimizers.schedules.ExponentialDecay(0.1, 2, 0.5)(3)",
        ),
        Probe(
            "tf.keras.optimizers.schedules.PiecewiseConstantDecay",
            "tf.keras.optimizers.schedules.PiecewiseConstantDecay([1], [0.1, 0.01])(3)",
        ),
        Probe(
            "tf.keras.optimizers.schedules.PolynomialDecay",
            "tf.keras.optimizers.schedules.PolynomialDecay(0.1, 4)(3)",
        ),
        Probe(
            "tf.keras.optimizers.schedules.InverseTimeDecay",
            "tf.keras.optimizers.schedules.InverseTimeDecay(0.1, 2, 0.5)(3)",
        ),
        Probe(
            "tf.keras.optimizers.schedules.CosineDecay",
            "tf.keras.optimizers.schedules.CosineDecay(0.1, 4)(3)",
        ),
        Probe(
            "tf.keras.optimizers.schedules.CosineDecayRestarts",
            "tf.keras.optimizers.schedules.CosineDecayRestarts(0.1, 2)(3)",
        ),
        Probe("tf.keras.losses.MeanAbsoluteError", "tf.keras.losses.MeanAbsoluteError()(y, x)"),
        Probe(
            "tf.keras.losses.MeanAbsolutePercentageError",
            "tf.keras.losses.MeanAbsolutePercentageError()(y, x)",
        ),
        Probe(
            "tf.keras.losses.MeanSquaredLogarithmicError",
            "tf.keras.losses.MeanSquaredLogarithmicError()(y, x)",
        ),
        Probe("tf.keras.losses.Huber", "tf.keras.losses.Huber()(y, x)"),
        Probe("tf.keras.losses.LogCosh", "tf.keras.losses.LogCosh()(y, x)"),
        Probe("tf.keras.losses.CosineSimilarity", "tf.keras.losses.CosineSimilarity()(y, x)"),
        Probe("tf.keras.losses.KLDivergence", "tf.keras.losses.KLDivergence()(y, x)"),
        Probe("tf.keras.losses.Poisson", "tf.keras.losses.Poisson()(y, x)"),
        Probe("tf.keras.losses.Hinge", "tf.keras.losses.Hinge()(y, x)"),
        Probe("tf.keras.losses.SquaredHinge", "tf.keras.losses.SquaredHinge()(y, x)"),
        Probe("tf.keras.losses.CategoricalHinge", "tf.keras.losses.CategoricalHinge()(y, x)"),
        Probe(
            "tf.keras.losses.CategoricalCrossentropy",
            "tf.keras.losses.CategoricalCrossentropy()(tf.nn.softmax(n), tf.nn.softmax(n))",
        ),
        Probe(
            "tf.keras.losses.BinaryFocalCrossentropy",
            "tf.keras.losses.BinaryFocalCrossentropy()(tf.ones_like(x), x)",
        ),
        Probe(
            "tf.keras.losses.CategoricalFocalCrossentropy",
            "tf.keras.losses.CategoricalFocalCrossentropy()(tf.nn.softmax(n), tf.nn.softmax(n))",
        ),
        Probe("tf.keras.losses.mae", "tf.keras.losses.mae(y, x)"),
        Probe("tf.keras.losses.mape", "tf.keras.losses.mape(y, x)"),
        Probe("tf.keras.losses.msle", "tf.keras.losses.msle(y, x)"),
        Probe("tf.keras.losses.huber", "tf.keras.losses.huber(y, x)"),
        Probe("tf.keras.losses.logcosh", "tf.keras.losses.logcosh(y, x)"),
        Probe("tf.keras.losses.kld", "tf.keras.losses.kld(y, x)"),
        Probe("tf.keras.losses.poisson", "tf.keras.losses.poisson(y, x)"),
        Probe("tf.keras.losses.hinge", "tf.keras.losses.hinge(y, x)"),
        Probe("tf.keras.losses.cosine_similarity", "tf.keras.losses.cosine_similarity(y, x)"),
        Probe("tf.keras.losses.get", "tf.keras.losses.get('huber')(y, x)"),
        Probe("tf.keras.metrics.Mean", "tf.keras.metrics.Mean()(x)"),
        Probe("tf.keras.metrics.Sum", "tf.keras.metrics.Sum()(x)"),
        Probe("tf.keras.metrics.Accuracy", "tf.keras.metrics.Accuracy()(y, x)"),
        Probe(
            "tf.keras.metrics.BinaryAccuracy",
            "tf.keras.metrics.BinaryAccuracy()(tf.ones_like(x), x)",
        ),
        Probe(
            "tf.keras.metrics.CategoricalAccuracy",
            "tf.keras.metrics.CategoricalAccuracy()(tf.nn.softmax(n), n)",
        ),
        Probe(
            "tf.keras.metrics.SparseCategoricalAccuracy",
            "tf.keras.metrics.SparseCategoricalAccuracy()(labels, m)",
        ),
        Probe(
            "tf.keras.metrics.TopKCategoricalAccuracy",
            "tf.keras.metrics.TopKCategoricalAccuracy()(tf.nn.softmax(m), m)",
        ),
        Probe(
            "tf.keras.metrics.SparseTopKCategoricalAccuracy",
            "tf.keras.metrics.SparseTopKCategoricalAccuracy()(labels, m)",
        ),
        Probe("tf.keras.metrics.MeanSquaredError", "tf.keras.metrics.MeanSquaredError()(y, x)"),
        Probe("tf.keras.metrics.MeanAbsoluteError", "tf.keras.metrics.MeanAbsoluteError()(y, x)"),
        Probe(
            "tf.keras.metrics.RootMeanSquaredError", "tf.keras.metrics.RootMeanSquaredError()(y, x)"
        ),
        Probe("tf.keras.metrics.AUC", "tf.keras.metrics.AUC()(tf.ones_like(x), x)"),
        Probe("tf.keras.metrics.Precision", "tf.keras.metrics.Precision()(tf.ones_like(x), x)"),
        Probe("tf.keras.metrics.Recall", "tf.keras.metrics.Recall()(tf.ones_like(x), x)"),
        Probe(
            "tf.keras.metrics.BinaryCrossentropy",
            "tf.keras.metrics.BinaryCrossentropy()(tf.ones_like(x), x)",
        ),
        Probe(
            "tf.keras.metrics.SparseCategoricalCrossentropy",
            "tf.keras.metrics.SparseCategoricalCrossentropy()(labels, tf.nn.softmax(m))",
        ),
        Probe("tf.keras.metrics.get", "tf.keras.metrics.get('auc')(tf.ones_like(x), x)"),
    ),
)
SECTIONS += (KERAS_TRAINING,)

DATA = Section(
    "Input pipelines",
    "In-memory datasets; map's ops run when elements are produced, seen by observers but "
    "not taped (TF runs them in the dataset's graph).",
    (
        Probe(
            "tf.data.Dataset.from_tensor_slices",
            "list(tf.data.Dataset.from_tensor_slices((m, labels)))",
        ),
        Probe("tf.data.Dataset.from_tensors", "list(tf.data.Dataset.from_tensors(x))"),
        Probe("tf.data.Dataset.range", "list(tf.data.Dataset.range(1, 6, 2))"),
        Probe(
            "tf.data.Dataset.zip",
            "list(tf.data.Dataset.zip((tf.data.Dataset.range(2), tf.data.Dataset.range(3))))",
        ),
        Probe(
            "tf.data.Dataset.map",
            "list(tf.data.Dataset.from_tensor_slices(x).map(lambda a: a * a))",
        ),
        Probe(
            "tf.data.Dataset.filter", "list(tf.data.Dataset.range(6).filter(lambda a: a % 2 == 0))"
        ),
        Probe(
            "tf.data.Dataset.take_while",
            "list(tf.data.Dataset.range(6).take_while(lambda a: a < 3))",
        ),
        Probe(
            "tf.data.Dataset.reduce",
            "tf.data.Dataset.from_tensor_slices(x).reduce(0.0, lambda s, a: s + a)",
        ),
        Probe(
            "tf.data.Dataset.batch", "list(tf.data.Dataset.range(5).batch(2, drop_remainder=True))"
        ),
        Probe(
            "tf.data.Dataset.padded_batch",
            "list(tf.data.Dataset.range(1, 4).map(tf.range).padded_batch(2))",
        ),
        Probe("tf.data.Dataset.unbatch", "list(tf.data.Dataset.from_tensors(m).unbatch())"),
        Probe("tf.data.Dataset.shuffle", "list(tf.data.Dataset.range(5).shuffle(5, seed=1))"),
        Probe("tf.data.Dataset.repeat", "list(tf.data.Dataset.range(2).repeat(2))"),
        Probe("tf.data.Dataset.take", "list(tf.data.Dataset.range(5).take(2))"),
        Probe("tf.data.Dataset.skip", "list(tf.data.Dataset.range(5).skip(3))"),
        Probe(
            "tf.data.Dataset.enumerate", "list(tf.data.Dataset.from_tensor_slices(x).enumerate())"
        ),
        Probe(
            "tf.data.Dataset.concatenate",
            "list(tf.data.Dataset.range(2).concatenate(tf.data.Dataset.range(2)))",
        ),
        Probe(
            "tf.data.Dataset.prefetch", "list(tf.data.Dataset.range(2).prefetch(tf.data.AUTOTUNE))"
        ),
        Probe("tf.data.Dataset.cache", "list(tf.data.Dataset.range(2).cache())"),
        Probe(
            "tf.data.Dataset.with_options",
            "tf.data.Dataset.range(2).with_options(tf.data.Options()).options()",
        ),
        Probe("tf.data.Dataset.apply", "list(tf.data.Dataset.range(4).apply(lambda d: d.take(1)))"),
        Probe(
            "tf.data.Dataset.as_numpy_iterator",
            "list(tf.data.Dataset.range(3).as_numpy_iterator())",
        ),
        Probe("tf.data.Dataset.cardinality", "tf.data.Dataset.range(3).repeat().cardinality()"),
        Probe("tf.data.Dataset.element_spec", "tf.data.Dataset.from_tensor_slices(m).element_spec"),
        Probe(
            "tf.data.Dataset.from_generator",
            "list(tf.data.Dataset.from_generator(lambda: iter([1, 2]), "
            "output_signature=tf.TensorSpec([], tf.int32)))",
        ),
        Probe("tf.data.Dataset.window", "[list(w) for w in tf.data.Dataset.range(5).window(2)]"),
        Probe(
            "tf.data.Dataset.flat_map",
            "list(tf.data.Dataset.range(3).flat_map(tf.data.Dataset.range))",
        ),
        Probe(
            "tf.data.Dataset.interleave",
            "list(tf.data.Dataset.range(3).interleave(tf.data.Dataset.range, cycle_length=2))",
        ),
        Probe("tf.data.Dataset.shard", "list(tf.data.Dataset.range(6).shard(2, 0))"),
        Probe(
            "tf.data.Dataset.unique", "list(tf.data.Dataset.from_tensor_slices([1, 1, 2]).unique())"
        ),
        Probe(
            "tf.data.Dataset.scan",
            "list(tf.data.Dataset.range(3).scan(np.int64(0), lambda s, a: (s + a, s)))",
        ),
        Probe("tf.data.Dataset.counter", "list(tf.data.Dataset.counter().take(2))"),
        Probe(
            "tf.data.Dataset.get_single_element",
            "tf.data.Dataset.from_tensors(x).get_single_element()",
        ),
        Probe("tf.data.Dataset.random", "list(tf.data.Dataset.random(seed=1).take(2))"),
        Probe(
            "tf.data.Dataset.choose_from_datasets",
            "list(tf.data.Dataset.choose_from_datasets([tf.data.Dataset.range(2), "
            "tf.data.Dataset.range(5, 7)], tf.data.Dataset.range(2).repeat(2)))",
        ),
        Probe(
            "tf.data.Dataset.sample_from_datasets",
            "list(tf.data.Dataset.sample_from_datasets([tf.data.Dataset.range(2), "
            "tf.data.Dataset.range(5, 7)], weights=[0.3, 0.7], seed=1))",
        ),
        Probe(
            "tf.data.Dataset.group_by_window",
            "list(tf.data.Dataset.range(6).group_by_window(lambda a: a % 2, "
            "lambda k, w: w.batch(2), window_size=2))",
        ),
        Probe(
            "tf.data.Dataset.bucket_by_sequence_length",
            "list(tf.data.Dataset.range(1, 5).map(tf.range).bucket_by_sequence_length("
            "tf.size, [3], [2, 2]))",
        ),
        Probe("tf.data.Dataset.rebatch", "list(tf.data.Dataset.range(5).batch(2).rebatch(3))"),
        Probe("tf.data.Options", "tf.data.Options()"),
        Probe("tf.data.AUTOTUNE", "tf.data.AUTOTUNE"),
        Probe("tf.data.INFINITE_CARDINALITY", "tf.data.INFINITE_CARDINALITY"),
        Probe("tf.data.UNKNOWN_CARDINALITY", "tf.data.UNKNOWN_CARDINALITY"),
        Probe("tf.data.experimental.AUTOTUNE", "tf.data.experimental.AUTOTUNE"),
        Probe(
            "tf.data.experimental.assert_cardinality",
            "len(tf.data.Dataset.range(3).filter(lambda a: a >= 0)"
            ".apply(tf.data.experimental.assert_cardinality(3)))",
        ),
        Probe(
            "tf.data.experimental.sample_from_datasets",
            "list(tf.data.experimental.sample_from_datasets("
            "[tf.data.Dataset.range(2)] * 2, seed=1))",
        ),
        Probe(
            "tf.data.experimental.enumerate_dataset",
            "list(tf.data.Dataset.range(2).apply(tf.data.experimental.enumerate_dataset()))",
        ),
        Probe(
            "tf.data.experimental.cardinality",
            "tf.data.experimental.cardinality(tf.data.Dataset.range(3))",
        ),
    ),
    shows_ops=False,
)

SECTIONS += (DATA,)
_LAYER = "tf.keras.layers."
KERAS_LAYERS = Section(
    "Keras layers",
    "Keras 3's layers, each running the ops Keras's TensorFlow backend runs, under its name scope.",
    tuple(
        Probe(f"tf.keras.layers.{call.split('(')[0]}", _LAYER + call)
        for call in (
            "Conv1D(2, 2)(m[:, :, None])",
            "Conv2D(2, 2, padding='same', activation='relu')(img)",
            "Conv2DTranspose(2, 2, strides=2)(img)",
            "DepthwiseConv2D(2, depth_multiplier=2)(img)",
            "SeparableConv2D(2, 2)(img)",
            "MaxPooling1D()(m[:, :, None])",
            "MaxPooling2D()(img)",
            "AveragePooling1D(2)(m[:, :, None])",
            "AveragePooling2D(2)(img)",
            "GlobalAveragePooling1D()(m[:, :, None])",
            "GlobalAveragePooling2D()(img)",
            "GlobalMaxPooling1D()(m[:, :, None])",
            "GlobalMaxPooling2D(keepdims=True)(img)",
            "UpSampling2D(interpolation='bilinear')(img)",
            "ZeroPadding2D()(img)",
            "Cropping2D(1)(img)",
            "BatchNormalization()(m, training=True)",
            "LayerNormalization()(m)",
            "GroupNormalization(3)(m)",
            "Activation('tanh')(m)",
            "Dropout(0.5)(m, training=False)",
            "Reshape((3, 1))(m)",
            "Permute((2, 1))(m[:, :, None])",
            "RepeatVector(2)(m)",
            "Lambda(lambda t: t * 2.0)(m)",
            "Add()([m, m])",
            "Subtract()([m, m * 2.0])",
            "Multiply()([m, m])",
            "Average()([m, m * 2.0])",
            "Maximum()([m, -m])",
            "Minimum()([m, -m])",
            "Concatenate()([m, m])",
            "Dot(axes=1, normalize=True)([m, m])",
            "LeakyReLU(negative_slope=0.1)(m)",
            "ReLU(max_value=0.5)(m)",
            "ELU()(m)",
            "PReLU()(m)",
            "Softmax()(m)",
            "Rescaling(0.5, offset=0.1)(m)",
            "Normalization(mean=0.5, variance=4.0)(m)",
            "CategoryEncoding(3, output_mode='one_hot')(labels)",
        )
    ),
)

SECTIONS += (KERAS_LAYERS,)
_SEQ = "tf.reshape(m, [1, 2, 3])"  # a batch of one sequence: 2 steps of 3 features
KERAS_SEQUENCES = Section(
    "Keras sequence and attention layers",
    "Keras 3's recurrent, embedding and attention layers, run per time step as its TF backend "
    "runs them on a CPU.",
    (
        Probe("tf.keras.layers.SimpleRNN", f"tf.keras.layers.SimpleRNN(2)({_SEQ})"),
        Probe("tf.keras.layers.LSTM", f"tf.keras.layers.LSTM(2, return_sequences=True)({_SEQ})"),
        Probe("tf.keras.layers.GRU", f"tf.keras.layers.GRU(2, go_backwards=True)({_SEQ})"),
        Probe("tf.keras.layers.SimpleRNNCell", "tf.keras.layers.SimpleRNNCell(2)(m, [m[:, :2]])"),
        Probe("tf.keras.layers.LSTMCell", "tf.keras.layers.LSTMCell(3)(m, [m, m])"),
        Probe("tf.keras.layers.GRUCell", "tf.keras.layers.GRUCell(3)(m, [m])"),
        Probe("tf.keras.layers.RNN", f"tf.keras.layers.RNN(tf.keras.layers.LSTMCell(2))({_SEQ})"),
        Probe(
            "tf.keras.layers.StackedRNNCells",
            "tf.keras.layers.RNN(tf.keras.layers.StackedRNNCells([tf.keras.layers.GRUCell(2)]))"
            f"({_SEQ})",
        ),
        Probe(
            "tf.keras.layers.Bidirectional",
            f"tf.keras.layers.Bidirectional(tf.keras.layers.LSTM(2))({_SEQ})",
        ),
        Probe(
            "tf.keras.layers.TimeDistributed",
            f"tf.keras.layers.TimeDistributed(tf.keras.layers.Dense(2))({_SEQ})",
        ),
        Probe("tf.keras.layers.Embedding", "tf.keras.layers.Embedding(4, 2)(labels)"),
        Probe("tf.keras.layers.Masking", f"tf.keras.layers.Masking(0.25)({_SEQ})"),
        Probe(
            "tf.keras.layers.MultiHeadAttention",
            f"tf.keras.layers.MultiHeadAttention(2, 2)({_SEQ}, {_SEQ})",
        ),
        Probe("tf.keras.layers.Attention", f"tf.keras.layers.Attention()([{_SEQ}, {_SEQ}])"),
        Probe(
            "tf.keras.layers.EinsumDense",
            "tf.keras.layers.EinsumDense('ab,bc->ac', output_shape=2, bias_axes='c')(m)",
        ),
    ),
)

SECTIONS += (KERAS_SEQUENCES,)

_FUNCTIONAL = (
    "inputs = tf.keras.Input((3,))\n"
    "model = tf.keras.Model(inputs, tf.keras.layers.Dense(1)(tf.keras.layers.Dense(2)(inputs)))\n"
)
_COMPILED = _FUNCTIONAL + "model.compile(optimizer='sgd', loss='mse')\n"
_DATA = "tf.ones([4, 3]), tf.ones([4, 1])"
KERAS_MODELS = Section(
    "Keras models and training",
    "The functional API builds a graph of layers without running ops; calling the model runs "
    "them. `fit` runs one GradientTape and one gradient call per batch, as a hand-written loop.",
    (
        Probe("tf.keras.Input", "tf.keras.Input((3,))"),
        Probe("tf.keras.layers.InputLayer", "tf.keras.layers.InputLayer(shape=(3,)).output"),
        Probe("tf.keras.layers.InputSpec", "tf.keras.layers.InputSpec(min_ndim=2)"),
        Probe("tf.keras.Model", _FUNCTIONAL + "out = model(m[:, :3])"),
        Probe(
            "Model.summary",
            _FUNCTIONAL + "out = model.summary(print_fn=lambda s: None)",
            "keras.Model.summary",
        ),
        Probe("Model.compile", _COMPILED + "out = model.compiled", "keras.Model.compile"),
        Probe(
            "Model.fit",
            _COMPILED + f"out = model.fit({_DATA}, verbose=0).history",
            "keras.Model.fit",
        ),
        Probe(
            "Model.evaluate",
            _COMPILED + f"out = model.evaluate({_DATA}, verbose=0)",
            "keras.Model.evaluate",
        ),
        Probe(
            "Model.predict",
            _FUNCTIONAL + "out = model.predict(tf.ones([4, 3]), verbose=0)",
            "keras.Model.predict",
        ),
        Probe(
            "Model.train_on_batch",
            _COMPILED + f"out = model.train_on_batch({_DATA})",
            "keras.Model.train_on_batch",
        ),
        Probe(
            "Model.test_on_batch",
            _COMPILED + f"out = model.test_on_batch({_DATA})",
            "keras.Model.test_on_batch",
        ),
        Probe(
            "Model.predict_on_batch",
            _FUNCTIONAL + "out = model.predict_on_batch(m[:, :3])",
            "keras.Model.predict_on_batch",
        ),
        Probe(
            "Layer.get_config",
            "tf.keras.layers.Dense(2).get_config()",
            "keras.layers.Layer.get_config",
        ),
        Probe(
            "Layer.count_params",
            _FUNCTIONAL + "out = model.count_params()",
            "keras.layers.Layer.count_params",
        ),
        Probe("tf.keras.callbacks.History", "tf.keras.callbacks.History()"),
        Probe(
            "tf.keras.callbacks.EarlyStopping",
            _COMPILED + f"out = model.fit({_DATA}, epochs=3, verbose=0, "
            "callbacks=[tf.keras.callbacks.EarlyStopping(monitor='loss')]).epoch",
        ),
        Probe(
            "tf.keras.callbacks.ReduceLROnPlateau",
            "tf.keras.callbacks.ReduceLROnPlateau(monitor='loss')",
        ),
        Probe(
            "tf.keras.callbacks.LearningRateScheduler",
            "tf.keras.callbacks.LearningRateScheduler(lambda epoch, lr: lr)",
        ),
        Probe("tf.keras.callbacks.LambdaCallback", "tf.keras.callbacks.LambdaCallback()"),
        Probe("tf.keras.callbacks.TerminateOnNaN", "tf.keras.callbacks.TerminateOnNaN()"),
        Probe("tf.keras.callbacks.CSVLogger", "tf.keras.callbacks.CSVLogger('log.csv')"),
        Probe(
            "tf.keras.callbacks.ModelCheckpoint",
            "tf.keras.callbacks.ModelCheckpoint('m.weights.h5', save_weights_only=True)",
        ),
        Probe("tf.keras.callbacks.CallbackList", "tf.keras.callbacks.CallbackList([])"),
    ),
)

SECTIONS += (KERAS_MODELS,)

# Well-known TensorFlow names outside the surface: the table shows what the engine says.
OUTSIDE = (
    "tf.signal",
    "tf.math.bessel_i0",
    "tf.keras.layers.ConvLSTM2D",
    "tf.linalg.lu",
)
