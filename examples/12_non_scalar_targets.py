"""Gradients of non-scalar targets

A target that is not a scalar, or a structure of targets, is summed first: the gradient of
{'y0': y0, 'y1': y1} is the gradient of y0 + y1, the same as that of y2.

Tags: non-scalar, targets, seed-004
Expect: none
"""
import tensorflow as tf

x = tf.Variable(2.0)
with tf.GradientTape(persistent=True) as tape:
    y0 = x**2
    y1 = tf.exp(1 / x)
    y2 = y0 + y1

print('dy0/dx: ', tape.gradient(y0, x).numpy())
print('dy1/dx: ', tape.gradient(y1, x).numpy())
print('d(y1 + y0)/dx: ', tape.gradient({'y0': y0, 'y1': y1}, x).numpy())
print('dy2/dx: ', tape.gradient(y2, x).numpy())

v = tf.Variable([1.0, 2.0, 3.0])
with tf.GradientTape() as tape:
    squares = v * v  # a vector target: its elements are summed
print('d(sum v^2)/dv: ', tape.gradient(squares, v).numpy())
