"""The Jacobian, and the chain rule split into two parts

A gradient sums over the target's elements, so d(loss)/dy and dy/dW do not multiply back into
d(loss)/dW. The Jacobian keeps them apart; output_gradients does the product for you. Compare
the three results: they are the same numbers.

Tags: jacobian, chain-rule, output_gradients, seed-003
Expect: none
"""
import tensorflow as tf

x = tf.constant([[1.0, 2.0]])
W = tf.Variable([[0.5, -0.3, 0.1], [0.2, 0.4, -0.6]], name="W")
b = tf.Variable([0.1, 0.0, -0.1], name="b")
y0 = tf.constant([[0.5, 0.0, -0.5]])

with tf.GradientTape(persistent=True) as tape:
    h = x @ W + b
    y = tf.tanh(h)
    loss = tf.reduce_mean(tf.square(y - y0))

direct = tape.gradient(loss, W)          # d(loss)/dW in one call
part_1 = tape.gradient(loss, y)          # d(loss)/dy, shaped like y
part_2 = tape.jacobian(y, W)             # dy/dW: shape y.shape + W.shape = (1, 3, 2, 3)
by_jacobian = tf.einsum("ij,ijkl->kl", part_1, part_2)
by_output_gradients = tape.gradient(y, W, output_gradients=part_1)
del tape

print("direct:\n", direct.numpy())
print("part_1 x jacobian:\n", by_jacobian.numpy())
print("output_gradients:\n", by_output_gradients.numpy())
