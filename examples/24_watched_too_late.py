"""None: watched too late

`tape.watch(x)` only affects what happens to x afterwards: `y` was computed before the watch, so
the tape has no record linking it to x. The diagnosis points at the late watch.

Tags: none-gradient, watch
Expect: watched_too_late@14
"""
import tensorflow as tf

x = tf.constant(2.0)
with tf.GradientTape() as tape:
    y = tf.exp(x)
    tape.watch(x)  # too late: y is already computed

print("dy/dx:", tape.gradient(y, x))
