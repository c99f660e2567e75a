"""Why is my gradient zero? A saturated sigmoid

The weights push the sigmoid's inputs to -60..80, where its slope is ~0: the gradient reaching
`w` is [[0, 9.4e-14, 0]]. The diagnosis names the collapse op, by how much it shrank the
gradient, and the fix; the second tape computes the loss from the logits instead.

Tags: zero-gradient, saturation, sigmoid
Expect: zero_gradient@16
"""
import tensorflow as tf

w = tf.Variable([[25.0, -30.0, 40.0]])
x = tf.constant([[1.0], [2.0]])

with tf.GradientTape() as tape:
    p = tf.sigmoid(x @ w)
    loss = tf.reduce_sum(p)
print("dloss/dw:", tape.gradient(loss, w).numpy())  # [[0, 9.4e-14, 0]]

y = tf.constant([[0.0, 1.0, 0.0], [0.0, 1.0, 0.0]])  # labels the saturated units get wrong
with tf.GradientTape() as tape:
    logits = x @ w
    loss = tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits))
print("from logits:", tape.gradient(loss, w).numpy())
