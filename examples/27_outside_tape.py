"""None: computed before the tape started

The forward pass ran before `with tf.GradientTape()`: the tape watched x, but the ops that made
y happened when nothing was recording. The diagnosis points at the op computed outside.

Tags: none-gradient, tape-scope
Expect: outside_tape@12
"""
import tensorflow as tf

x = tf.constant(0.5)
y = tf.sin(x) * 2.0

with tf.GradientTape() as tape:
    tape.watch(x)
    z = y + 1.0

print("dz/dx:", tape.gradient(z, x))  # None: compute y inside the tape
