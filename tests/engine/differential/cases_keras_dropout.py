"""Keras Dropout in training mode draws TF's masks: the layer's SeedGenerator feeds
tf.random's stateless Philox ops, as Keras 3's TensorFlow backend does."""

X = "x = tf.ones([2, 4])\n"

CASES = [
    X + "d = tf.keras.layers.Dropout(0.5, seed=3)\n(d(x, training=True), d(x, training=True))",
    X + "tf.keras.utils.set_random_seed(0)\nd = tf.keras.layers.Dropout(0.5)\nd(x, training=True)",
    X
    + "tf.keras.utils.set_random_seed(1)\nd = tf.keras.layers.Dropout(0.25, noise_shape=(None, 1))"
    "\nd(x, training=True)",
    X + "d = tf.keras.layers.Dropout(0.5, seed=7)\n(d.weights, d(x), d(x, training=False))",
    "tf.keras.utils.set_random_seed(2)\nd = tf.keras.layers.Dropout(0.4, seed=5)\n"
    "x = tf.Variable([[1.0, 2.0, 3.0, 4.0]])\nwith tf.GradientTape() as t:\n"
    "    y = tf.reduce_sum(d(x, training=True) * 3.0)\n(y, t.gradient(y, x))",
    "tf.keras.utils.set_random_seed(4)\nm = tf.keras.Sequential([tf.keras.Input((3,)), "
    "tf.keras.layers.Dense(2, kernel_initializer='ones'), tf.keras.layers.Dropout(0.5)])\n"
    "(m(tf.ones([3, 3]), training=True), [v.path for v in m.weights])",
]
