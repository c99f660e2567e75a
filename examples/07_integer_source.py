"""None: an integer source

Integers are not differentiable: `tf.constant(10)` is an int32, so watching it only warns and
its gradient is None. The diagnosis points at the line that made the integer.

Tags: none-gradient, dtype, seed-004
Expect: integer_dtype@11
"""
import tensorflow as tf

x = tf.constant(10)

with tf.GradientTape() as g:
    g.watch(x)
    y = x * x

print('dy/dx: ', g.gradient(y, x))
