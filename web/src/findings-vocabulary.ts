// The explanation page's content: each finding code engine.debug reports, what it means, a
// minimal program that shows it, and the fix.
export interface CodeDoc {
  code: string;
  title: string;
  meaning: string;
  example: string;
  fix: string;
}

export const FINDING_CODES: CodeDoc[] = [
  {
    code: "not_watched",
    title: "A constant the tape never watched",
    meaning: "Tapes watch trainable Variables automatically, but a plain tensor (tf.constant or a computed tensor) only when you call tape.watch on it. Nothing about it was recorded, so its gradient is None.",
    example: "x = tf.constant(3.0)\nwith tf.GradientTape() as tape:\n    y = x * x\ntape.gradient(y, x)  # None",
    fix: "with tf.GradientTape() as tape:\n    tape.watch(x)\n    y = x * x",
  },
  {
    code: "watched_too_late",
    title: "Watched after it was used",
    meaning: "tape.watch(x) only affects ops that run after the call. The ops that used x before it were not recorded as depending on x.",
    example: "with tf.GradientTape() as tape:\n    y = x * x\n    tape.watch(x)",
    fix: "Call tape.watch(x) before the first op that uses x.",
  },
  {
    code: "variable_replaced_by_tensor",
    title: "A Variable's name now refers to a Tensor",
    meaning: "`x = x + 1` does not update the Variable: it makes a new Tensor and rebinds the name x to it. The tape watches Variables, not Tensors, so the next gradient with respect to x is None.",
    example: "x = tf.Variable(2.0)\nfor epoch in range(2):\n    with tf.GradientTape() as tape:\n        y = x + 1\n    print(tape.gradient(y, x))  # 1.0, then None\n    x = x + 1",
    fix: "x.assign_add(1)  # update the Variable in place",
  },
  {
    code: "left_engine",
    title: "The value left TensorFlow",
    meaning: "The value went through NumPy (np.mean, .numpy()) or a Python number (float(), int()). The tape cannot see through that, so the path is cut there.",
    example: "with tf.GradientTape() as tape:\n    x2 = x ** 2\n    y = np.mean(x2, axis=0)\n    y = tf.reduce_mean(y)",
    fix: "y = tf.reduce_mean(x2, axis=0)  # stay in tf ops",
  },
  {
    code: "integer_dtype",
    title: "An integer on the path",
    meaning: "Integers are not differentiable. An integer source, or a cast to an integer on the way to the target, gives None.",
    example: "x = tf.constant(10)\nwith tf.GradientTape() as g:\n    g.watch(x)\n    y = x * x",
    fix: "x = tf.constant(10.0)  # a floating dtype",
  },
  {
    code: "non_differentiable_op",
    title: "A non-differentiable op on the path",
    meaning: "Ops such as argmax, round, comparisons and casts to integers have no gradient: their inputs get None.",
    example: "y = tf.cast(tf.argmax(logits), tf.float32)",
    fix: "Use a differentiable relaxation (softmax instead of argmax, a smooth rounding) on the path you differentiate.",
  },
  {
    code: "stop_gradient",
    title: "tf.stop_gradient cut the path",
    meaning: "tf.stop_gradient passes the value forward but sends no gradient back.",
    example: "y = tf.stop_gradient(x) * 2",
    fix: "Remove stop_gradient where you want gradients to flow.",
  },
  {
    code: "stateful_assign",
    title: "State stops gradients",
    meaning: "Assigning to a Variable (assign, assign_add) is not differentiable: reading the Variable afterwards sees its new state, not the computation that produced it.",
    example: "with tf.GradientTape() as tape:\n    x1.assign_add(x0)\n    y = x1 ** 2\ntape.gradient(y, x0)  # None",
    fix: "x2 = x1 + x0  # compute with tensors, not by assigning\ny = x2 ** 2",
  },
  {
    code: "not_trainable",
    title: "A non-trainable Variable",
    meaning: "Variables created with trainable=False are not watched automatically.",
    example: "v = tf.Variable(1.0, trainable=False)",
    fix: "Make it trainable, or call tape.watch(v).",
  },
  {
    code: "watch_accessed_variables_off",
    title: "watch_accessed_variables=False",
    meaning: "With watch_accessed_variables=False the tape watches only what you pass to tape.watch.",
    example: "with tf.GradientTape(watch_accessed_variables=False) as tape:\n    tape.watch(x1)\n    y = tf.sin(x0) + x1",
    fix: "tape.watch(x0), or leave watch_accessed_variables at its default.",
  },
  {
    code: "outside_tape",
    title: "Computed outside the tape",
    meaning: "The op ran before the tape started, after it ended, inside tape.stop_recording(), or was discarded by tape.reset(). It is not on the tape.",
    example: "y = x * x\nwith tf.GradientTape() as tape:\n    z = y + 1",
    fix: "Move the computation inside the `with tf.GradientTape()` block.",
  },
  {
    code: "unconnected",
    title: "The target never depended on the source",
    meaning: "No recorded op leads from the source to the target. Pass unconnected_gradients=tf.UnconnectedGradients.ZERO if zeros are what you want.",
    example: "with tf.GradientTape() as tape:\n    z = y * y\ntape.gradient(z, x)  # None",
    fix: "tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO)",
  },
  {
    code: "no_gradient_registered",
    title: "An op with no gradient registered",
    meaning: "The op is differentiable in principle but has no gradient function, so the backward pass raises LookupError at it.",
    example: "y = tf.image.adjust_contrast(x0, x1)\ntape.gradient(y, [x0, x1])  # LookupError",
    fix: "Use ops with registered gradients on the differentiated path, or write a tf.custom_gradient.",
  },
  {
    code: "tape_consumed",
    title: "A non-persistent tape used twice",
    meaning: "A tape releases its records during its first gradient call unless persistent=True.",
    example: "tape.gradient(y, x)\ntape.gradient(z, x)  # RuntimeError",
    fix: "with tf.GradientTape(persistent=True) as tape:  # and del tape when done",
  },
  {
    code: "dead_relu",
    title: "Dead ReLU units",
    meaning: "Units whose input is negative for every example output 0 and pass no gradient back. Connected, but zero.",
    example: "h = tf.nn.relu(x @ w + b)  # with a large negative bias",
    fix: "Re-initialise, lower the learning rate, or use leaky_relu / elu.",
  },
  {
    code: "saturated_activation",
    title: "Saturated sigmoid/tanh units",
    meaning: "In the flat regions of sigmoid and tanh the derivative is nearly zero, so almost no gradient gets through.",
    example: "h = tf.sigmoid(10.0 * x)",
    fix: "Normalise the inputs, use a smaller initialisation, or use ReLU-family activations.",
  },
  {
    code: "vanishing_gradient",
    title: "The gradient vanishes along the path",
    meaning: "The gradient norm shrinks by more than the documented factor between the target and the sources, typically through many saturating layers.",
    example: "for layer in deep_sigmoid_layers:\n    h = layer(h)",
    fix: "ReLU activations, residual connections, normalisation, careful initialisation.",
  },
  {
    code: "exploding_gradient",
    title: "The gradient explodes along the path",
    meaning: "The gradient norm grows by more than the documented factor between the target and the sources.",
    example: "for _ in range(50):\n    h = h @ w  # with large weights",
    fix: "Gradient clipping (tf.clip_by_norm), smaller initial weights, normalisation.",
  },
  {
    code: "nan_origin",
    title: "Where NaN first appeared",
    meaning: "The first op (in forward or backward order) that produced NaN from finite inputs — the tf.where trap, log of zero, sqrt at 0, 0/0.",
    example: "y = tf.where(x > 0, tf.sqrt(x), 0.0)  # the gradient of sqrt at x <= 0 is NaN",
    fix: "Make both branches safe: tf.sqrt(tf.maximum(x, 1e-12)), or tf.math.divide_no_nan.",
  },
  {
    code: "inf_origin",
    title: "Where Inf first appeared",
    meaning: "The first op that produced an infinite value from finite inputs (overflow in exp, division by zero, log of zero).",
    example: "y = tf.exp(1000.0 * x)",
    fix: "Rescale, clip, or use a numerically stable form (reduce_logsumexp, log_softmax).",
  },
];
