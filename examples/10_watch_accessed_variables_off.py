"""watch_accessed_variables=False

This tape watches only what it is told to: x1. x0 is read inside it but never watched, so
dy/dx0 is None on purpose (an info finding, pointing at the tape's line).

Tags: watch, variables, seed-004
Expect: watch_accessed_variables_off@14
"""
import tensorflow as tf

x0 = tf.Variable(0.0)
x1 = tf.Variable(10.0)

with tf.GradientTape(watch_accessed_variables=False) as tape:
    tape.watch(x1)
    y0 = tf.math.sin(x0)
    y1 = tf.nn.softplus(x1)
    y = y0 + y1
    ys = tf.reduce_sum(y)

grad = tape.gradient(ys, {'x0': x0, 'x1': x1})

print('dy/dx0: ', grad['x0'])
print('dy/dx1: ', grad['x1'].numpy())
