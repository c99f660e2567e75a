"""Realistic training scripts, in the style of TensorFlow's guides and tutorials, mixing what
real programs use together: tf.function train steps, tf.data pipelines, clipping, tf.linalg,
Keras layers and optimizers, tf.debugging, tf.config boilerplate, seeded random data.

Weights start from fixed values (random initializers are compared by cases_random.py), so
each script's printed losses and final weights are TF's to float32 rounding."""

DATA = (
    "x_train = np.linspace(-1.0, 1.0, 24, dtype=np.float32).reshape(12, 2)\n"
    "y_train = (x_train @ np.array([[2.0], [-3.0]], np.float32) + 0.5).astype(np.float32)\n"
)

TF_FUNCTION_LOOP = (
    DATA + "w = tf.Variable(tf.zeros([2, 1]))\nb = tf.Variable(0.0)\n"
    "opt = tf.keras.optimizers.SGD(learning_rate=0.1)\n"
    "ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(4)\n"
    "@tf.function\ndef train_step(x, y):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean(tf.square(x @ w + b - y))\n"
    "    grads = tape.gradient(loss, [w, b])\n    opt.apply_gradients(zip(grads, [w, b]))\n"
    "    return loss\n"
    "for epoch in range(3):\n    total = 0.0\n    for x, y in ds:\n"
    "        total += float(train_step(x, y))\n    print(f'epoch {epoch}: {total / 3:.5f}')\n"
    "(w.numpy(), b.numpy())"
)

GLOBAL_NORM_CLIPPING = (
    DATA + "w = tf.Variable([[0.5], [0.5]])\nb = tf.Variable([0.0])\n"
    "opt = tf.keras.optimizers.Adam(learning_rate=0.05)\nnorms = []\n"
    "for step in range(5):\n    with tf.GradientTape() as tape:\n"
    "        pred = tf.matmul(x_train, w) + b\n"
    "        loss = tf.reduce_mean(tf.keras.losses.mse(y_train, pred))\n"
    "    grads = tape.gradient(loss, [w, b])\n"
    "    grads, norm = tf.clip_by_global_norm(grads, 1.0)\n    norms.append(float(norm))\n"
    "    opt.apply_gradients(zip(grads, [w, b]))\n"
    "([round(n, 4) for n in norms], w.numpy(), b.numpy())"
)

CLIP_GRADIENT_GUIDE = (
    "@tf.custom_gradient\ndef clip_gradients(y):\n    def backward(dy):\n"
    "        return tf.clip_by_norm(dy, 0.5)\n    return y, backward\n"
    "v = tf.Variable(2.0)\nwith tf.GradientTape() as t:\n"
    "    output = clip_gradients(v * v)\nprint(t.gradient(output, v))\n"
    "x = tf.Variable([3.0, 4.0])\nwith tf.GradientTape() as t:\n"
    "    y = tf.reduce_sum(clip_gradients(x * x))\nt.gradient(y, x)"
)

NEWTON_STEP = (
    "x = tf.Variable([1.0, -0.5])\n"
    "def f(v):\n    return tf.reduce_sum(tf.exp(v) - 2.0 * v) + v[0] * v[1]\n"
    "for i in range(4):\n    with tf.GradientTape() as t2:\n        with tf.GradientTape() as t1:\n"
    "            y = f(x)\n        g = t1.gradient(y, x)\n    h = t2.jacobian(g, x)\n"
    "    step = tf.linalg.solve(h, g[:, tf.newaxis])\n"
    "    x.assign_sub(tf.squeeze(step, axis=1))\n"
    "    print(i, round(float(y), 4), round(float(tf.norm(g)), 4))\nx.numpy()"
)

LOGISTIC_PIPELINE = (
    "features = np.array([[0.1, 1.2], [0.5, -0.3], [1.5, 0.2], [-0.7, 0.8], [1.1, 1.1], "
    "[-1.2, -0.4], [0.3, 0.9], [0.9, -1.0]], np.float32)\n"
    "labels = np.array([0, 1, 1, 0, 1, 0, 0, 1], np.float32)\n"
    "mean, std = features.mean(0), features.std(0)\n"
    "def normalize(x, y):\n    return (x - mean) / std, y\n"
    "ds = tf.data.Dataset.from_tensor_slices((features, labels)).map(normalize, "
    "num_parallel_calls=tf.data.AUTOTUNE).batch(3).prefetch(tf.data.AUTOTUNE)\n"
    "w = tf.Variable(tf.zeros([2]))\nb = tf.Variable(0.0)\n"
    "for epoch in range(4):\n    for x, y in ds:\n        with tf.GradientTape() as tape:\n"
    "            logits = tf.linalg.matvec(x, w) + b\n"
    "            loss = tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, "
    "logits=logits))\n        dw, db = tape.gradient(loss, [w, b])\n"
    "        w.assign_sub(0.5 * dw)\n        b.assign_sub(0.5 * db)\n"
    "    print(epoch, round(float(loss), 5))\n"
    "x_all = (features - mean) / std\n"
    "acc = tf.reduce_mean(tf.cast(tf.equal(tf.cast(tf.linalg.matvec(x_all, w) + b > 0, "
    "tf.float32), labels), tf.float32))\n(w.numpy(), b.numpy(), acc)"
)

KERAS_LAYERS_CUSTOM_LOOP = (
    DATA + "init = tf.keras.initializers.Constant(0.1)\n"
    "model = tf.keras.Sequential([tf.keras.Input((2,)), "
    "tf.keras.layers.Dense(4, activation='tanh', kernel_initializer=init), "
    "tf.keras.layers.Dense(1, kernel_initializer=init)])\n"
    "opt = tf.keras.optimizers.RMSprop(learning_rate=0.01)\n"
    "loss_fn = tf.keras.losses.MeanSquaredError()\n"
    "ds = tf.data.Dataset.from_tensor_slices((x_train, y_train)).batch(6).repeat(2)\n"
    "@tf.function\ndef step(x, y):\n    with tf.GradientTape() as tape:\n"
    "        loss = loss_fn(y, model(x, training=True))\n"
    "    grads = tape.gradient(loss, model.trainable_variables)\n"
    "    opt.apply_gradients(zip(grads, model.trainable_variables))\n    return loss\n"
    "losses = [round(float(step(x, y)), 5) for x, y in ds]\n"
    "(losses, [v.numpy() for v in model.trainable_variables])"
)

TOP_K_EVALUATION = (
    "logits = tf.Variable([[2.0, 0.5, -1.0, 0.1], [0.2, 0.3, 2.5, -0.5], [1.0, 1.1, 0.9, 0.0]])\n"
    "labels = tf.constant([0, 3, 1])\n"
    "opt = tf.keras.optimizers.SGD(0.5)\n"
    "for _ in range(3):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits("
    "labels=labels, logits=logits))\n"
    "    opt.apply_gradients([(tape.gradient(loss, logits), logits)])\n"
    "values, indices = tf.math.top_k(tf.nn.softmax(logits), k=2)\n"
    "(values, indices, tf.math.in_top_k(labels, logits, k=2), "
    "tf.argsort(logits, direction='DESCENDING'))"
)

MASKED_SEQUENCE_LOSS = (
    "ds = tf.data.Dataset.range(1, 4).map(lambda n: tf.range(n, dtype=tf.float32) + 1.0)\n"
    "batch = next(iter(ds.padded_batch(3)))\n"
    "mask = tf.sequence_mask([1, 2, 3], maxlen=3, dtype=tf.float32)\n"
    "w = tf.Variable(0.5)\nwith tf.GradientTape() as tape:\n"
    "    err = tf.square(batch * w - 1.0) * mask\n"
    "    loss = tf.reduce_sum(err) / tf.reduce_sum(mask)\n"
    "(batch, mask, loss, tape.gradient(loss, w))"
)

CONV1D_SIGNAL = (
    "signal = tf.constant(np.sin(np.linspace(0, 3, 16)).reshape(1, 16, 1).astype(np.float32))\n"
    "target = tf.constant(np.cos(np.linspace(0, 3, 16))[1:-1].reshape(1, 14, 1).astype("
    "np.float32))\n"
    "kernel = tf.Variable(tf.constant([[[0.1]], [[0.2]], [[0.1]]]))\n"
    "opt = tf.keras.optimizers.Adam(0.05)\n"
    "for step in range(5):\n    with tf.GradientTape() as tape:\n"
    "        out = tf.nn.conv1d(signal, kernel, stride=1, padding='VALID')\n"
    "        loss = tf.reduce_mean((out - target) ** 2)\n"
    "    opt.apply_gradients([(tape.gradient(loss, kernel), kernel)])\n"
    "    print(step, round(float(loss), 4))\nkernel.numpy()"
)

CHECKED_TRAINING = (
    "w = tf.Variable([1.0, -2.0])\nx = tf.constant([[1.0, 0.5], [0.2, -1.0]])\n"
    "for step in range(3):\n    with tf.GradientTape() as tape:\n"
    "        pred = tf.linalg.matvec(x, w)\n"
    "        tf.debugging.assert_shapes([(pred, ('N',)), (x, ('N', 2))])\n"
    "        loss = tf.reduce_sum(tf.math.log(tf.nn.softplus(pred)))\n"
    "    g = tf.debugging.check_numerics(tape.gradient(loss, w), 'gradient')\n"
    "    w.assign_sub(0.1 * g)\n    print(step, round(float(loss), 5))\n"
    "with tf.GradientTape() as tape:\n    loss = tf.math.log(w[0] - 5.0)\n"
    "tf.debugging.check_numerics(loss, 'loss went bad')"
)

SEEDED_DATA = (
    "tf.random.set_seed(42)\n"
    "x = tf.random.normal([8, 3])\ntrue_w = tf.constant([[1.0], [-2.0], [0.5]])\n"
    "y = x @ true_w + tf.random.uniform([8, 1], -0.1, 0.1)\n"
    "w = tf.Variable(tf.zeros([3, 1]))\nopt = tf.keras.optimizers.SGD(0.1)\n"
    "for _ in range(10):\n    with tf.GradientTape() as tape:\n"
    "        loss = tf.reduce_mean(tf.square(x @ w - y))\n"
    "    opt.apply_gradients([(tape.gradient(loss, w), w)])\n(float(loss), w.numpy())"
)

BOILERPLATE_SCRIPT = (
    "gpus = tf.config.list_physical_devices('GPU')\n"
    "for gpu in gpus:\n    tf.config.experimental.set_memory_growth(gpu, True)\n"
    "print('GPUs:', len(gpus), 'version ok:', tf.__version__.startswith('2.'))\n"
    "tf.keras.utils.set_random_seed(0)\n"
    "with tf.device('/CPU:0'):\n    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])\n"
    "    with tf.GradientTape() as tape:\n        d = tf.linalg.det(v)\n"
    "        loss = d * d + tf.linalg.trace(v)\n"
    "    g = tape.gradient(loss, v)\n"
    "(d, loss, g)"
)

CASES = [
    TF_FUNCTION_LOOP,
    GLOBAL_NORM_CLIPPING,
    CLIP_GRADIENT_GUIDE,
    NEWTON_STEP,
    LOGISTIC_PIPELINE,
    KERAS_LAYERS_CUSTOM_LOOP,
    TOP_K_EVALUATION,
    MASKED_SEQUENCE_LOSS,
    CONV1D_SIGNAL,
    CHECKED_TRAINING,
    SEEDED_DATA,
    BOILERPLATE_SCRIPT,
]

# tf.linalg.matvec, which the logistic pipeline uses, on its own
CASES += [
    "tf.linalg.matvec(c([[1.0, 2.0], [3.0, 4.0]]), c([1.0, -1.0]))",
    "tf.linalg.matvec(c([[1.0, 2.0], [3.0, 4.0]]), c([1.0, -1.0]), transpose_a=True)",
    "tf.linalg.matvec(tf.ones([2, 3, 2]), tf.ones([2, 2]))",
    "b = tf.Variable([1.0, -1.0])\nwith tf.GradientTape() as t:\n"
    "    y = tf.reduce_sum(tf.linalg.matvec(c([[1.0, 2.0], [3.0, 4.0]]), b) ** 2)\nt.gradient(y, b)",
    "tf.linalg.matvec(c([[1.0, 2.0]]), c([1.0, 2.0, 3.0]))",
]

# shapes given as lists holding tensors (a size from tf.data is int64), as TF packs them
CASES += [
    "x = tf.constant(3, tf.int64)\n(tf.zeros([x]), tf.fill([x], x), tf.zeros([x, 2]))",
    "tf.ones([tf.constant(2), 1])",
    "tf.data.Dataset.range(1, 4).map(lambda n: tf.fill([n], n)).padded_batch(3).get_single_element()",
]
