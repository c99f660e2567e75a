"""The tf.where NaN trap

tf.where picks log(x) only where x > 0, so the forward result is finite. But log(0) = -inf was
still computed, and the backward pass sends a zero gradient into it: 0 / 0 = NaN. The fix masks
the input before the op, not after.

Tags: nan, where, numerics
Expect: inf_origin@16, nan_origin@16
"""
import tensorflow as tf

x = tf.constant([0.0, 1.0, 2.0])

with tf.GradientTape() as tape:
    tape.watch(x)
    y = tf.where(x > 0, tf.math.log(x), 0.0)
print("y:", y.numpy())                       # finite
print("dy/dx:", tape.gradient(y, x).numpy())  # [nan, 1, 0.5]

with tf.GradientTape() as tape:
    tape.watch(x)
    safe_x = tf.where(x > 0, x, 1.0)  # log never sees 0
    y = tf.where(x > 0, tf.math.log(safe_x), 0.0)
print("fixed dy/dx:", tape.gradient(y, x).numpy())  # [0, 1, 0.5]
