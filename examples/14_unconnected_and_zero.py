"""None for an unconnected source, or zeros on request

z is computed from y only, so its gradient with respect to x is None. Passing
`unconnected_gradients=tf.UnconnectedGradients.ZERO` returns zeros instead; the second finding
is then only informational.

Tags: none-gradient, unconnected, seed-004
Expect: unconnected@18, unconnected@26
"""
import tensorflow as tf

x = tf.Variable(2.)
y = tf.Variable(3.)

with tf.GradientTape() as tape:
    z = y * y

print('dz/dx: ', tape.gradient(z, x))

x = tf.Variable([2., 2.])
y = tf.Variable(3.)

with tf.GradientTape() as tape:
    z = y**2

print('dz/dx: ', tape.gradient(z, x, unconnected_gradients=tf.UnconnectedGradients.ZERO))
