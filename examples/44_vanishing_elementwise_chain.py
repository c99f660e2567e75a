"""Vanishing along a chain of elementwise ops

No layers here: 5,000 `tf.sin` in a row, each multiplying the gradient by cos(y) < 1. The
Norms panel (per op) shows the bars falling under the vanishing line, and the diagnosis flags
the first op past it.

Tags: vanishing, norms
Expect: vanishing_gradient@16
"""
import tensorflow as tf

x = tf.Variable([0.3, 1.2, 2.0])
with tf.GradientTape() as tape:
    y = x
    for _ in range(5000):
        y = tf.sin(y)
    loss = tf.reduce_sum(y)
print(tape.gradient(loss, x).numpy())
