"""None: a non-differentiable op on the path

Rounding has no gradient (TF registers it as non-differentiable): the only path from w to the
loss goes through tf.round, so the gradient is None. The suggestion shows the straight-through
estimator.

Tags: none-gradient, non-differentiable
Expect: non_differentiable_op@14
"""
import tensorflow as tf

w = tf.Variable([0.3, 1.7, -0.6], name="w")
with tf.GradientTape() as tape:
    q = tf.round(w * 2.0)
    loss = tf.reduce_sum(q * q)

print("dloss/dw:", tape.gradient(loss, w))
