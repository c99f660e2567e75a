"""output_gradients: grad_ys and the vector-Jacobian product

`tape.gradient(y, x, output_gradients=v)` starts the backward pass from `v` instead of ones: it
computes v^T J, a vector-Jacobian product, without ever building the Jacobian J (this is what
TF1's `grad_ys` did). Step through the two calls: the first seed is [1, 1], the second [2, 3].

Tags: output_gradients, vjp, seed-000, seed-003
Expect: none
"""
import tensorflow as tf

x = tf.constant([1.0, 2.0])
with tf.GradientTape(persistent=True) as g:
    g.watch(x)
    y = x * x  # a vector: dy/dx is the 2x2 Jacobian diag(2x)

ones = g.gradient(y, x)  # the seed defaults to ones: v = [1, 1]
print("with ones:", ones.numpy())  # [2. 4.]

vec = tf.constant([2.0, 3.0])  # the vector of the vector-Jacobian product
vjp = g.gradient(y, x, output_gradients=vec)
print("v^T J:", vjp.numpy())  # [4. 12.]
del g
