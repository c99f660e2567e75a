"""Saturated activations

Inputs in the hundreds push tanh to +-1, where its slope is almost zero: most units are
saturated and the weights below them barely get a gradient. Normalizing the inputs fixes it.

Tags: saturation, activations, zero-gradient
Expect: saturated_activation@16
"""
import tensorflow as tf

tf.random.set_seed(6)
x_raw = tf.random.uniform([16, 3], 0.0, 500.0)  # raw features, not normalized
w = tf.Variable(tf.random.normal([3, 4]), name="w")

with tf.GradientTape(persistent=True) as tape:
    h = tf.tanh(x_raw @ w)
    loss = tf.reduce_mean(tf.square(h))
    x_norm = (x_raw - 250.0) / 150.0
    h_norm = tf.tanh(x_norm @ w)
    loss_norm = tf.reduce_mean(tf.square(h_norm))

print("|grad| raw inputs:       ", float(tf.norm(tape.gradient(loss, w))))
print("|grad| normalized inputs:", float(tf.norm(tape.gradient(loss_norm, w))))
del tape
