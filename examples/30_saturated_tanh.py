"""Saturated activations

Inputs in the hundreds push the hidden tanh layer to +-1, where its slope is almost zero: most
units are saturated and the first layer's weights barely get a gradient. Normalizing the inputs
fixes it: compare the two gradient norms of w1.

Tags: saturation, activations, zero-gradient
Expect: saturated_activation@18
"""
import tensorflow as tf

tf.random.set_seed(6)
x_raw = tf.random.uniform([16, 3], 0.0, 500.0)  # raw features, not normalized
w1 = tf.Variable(tf.random.normal([3, 4]), name="w1")
w2 = tf.Variable(tf.random.normal([4, 1]), name="w2")

with tf.GradientTape(persistent=True) as tape:
    h = tf.tanh(x_raw @ w1)
    loss = tf.reduce_mean(tf.square(h @ w2 - 1.0))
    x_norm = (x_raw - 250.0) / 150.0
    h_norm = tf.tanh(x_norm @ w1)
    loss_norm = tf.reduce_mean(tf.square(h_norm @ w2 - 1.0))

print("|dloss/dw1| raw inputs:       ", float(tf.norm(tape.gradient(loss, w1))))
print("|dloss/dw1| normalized inputs:", float(tf.norm(tape.gradient(loss_norm, w1))))
del tape
