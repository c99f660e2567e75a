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
    "Random values are seeded and reproducible; they need not equal TensorFlow's.",
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
    ),
)

IMAGE = Section(
    "Images",
    "`tf.image`: a real op whose gradient is deliberately not registered, as in TensorFlow.",
    (Probe("tf.image.adjust_contrast", "tf.image.adjust_contrast(img, 2.0)"),),
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
        Probe(
            "Optimizer.minimize",
            "tf.keras.optimizers.SGD(0.1).minimize(lambda: tf.reduce_sum(v * v), [v])",
            "keras.optimizers.SGD.minimize",
        ),
        Probe("tf.keras.losses.MeanSquaredError", "tf.keras.losses.MeanSquaredError()(y, x)"),
        Probe("tf.keras.losses.mean_squared_error", "tf.keras.losses.mean_squared_error(y, x)"),
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

SECTIONS = (TENSORS, CREATION, MATH, ARRAY, NN, IMAGE, LINALG, AUTODIFF, MODULES, KERAS_MODELS)

# Well-known TensorFlow names outside the surface: the table shows what the engine says.
OUTSIDE = (
    "tf.function",
    "tf.data",
    "tf.signal",
    "tf.math.bessel_i0",
    "tf.nn.conv1d",
    "tf.keras.layers.LSTM",
    "tf.linalg.lu",
    "tf.image.resize",
)
