"""Zero gradients from a "safe" clip

A sigmoid made "safe" by clipping its input to [-10, 10] has a zero gradient wherever the clip
is active: every clipped element gets gradient 0. The finding names the clip inside the helper
and the straight-through alternative (TF 2.21 has no clip_by_value_preserve_gradient).

Tags: zero-gradient, clip
Expect: zero_gradient@14
"""
import tensorflow as tf


def safe_sigmoid(z):
    return tf.sigmoid(tf.clip_by_value(z, -10.0, 10.0))


w = tf.Variable([[30.0, 40.0]])
x = tf.constant([[1.0], [2.0]])
with tf.GradientTape() as tape:
    p = safe_sigmoid(x @ w)
    loss = tf.reduce_sum(p)
print(tape.gradient(loss, w).numpy())  # [[0, 0]]
