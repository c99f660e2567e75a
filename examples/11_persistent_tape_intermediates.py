"""A persistent tape and intermediate results

A persistent tape can answer several gradient calls, including gradients with respect to
intermediate tensors like `y`. Its records stay in memory until the tape is deleted: compare
the memory plot with a non-persistent tape, which lets go during its only call.

Tags: persistent, intermediate, memory, seed-004
Expect: none
"""
import tensorflow as tf

x = tf.constant([1, 3.0])
with tf.GradientTape(persistent=True) as tape:
    tape.watch(x)
    y = x * x
    z = y * y

print('dz/dx: ', tape.gradient(z, x).numpy())  # 4 x^3 = [4, 108]
print('dz/dy: ', tape.gradient(z, y).numpy())  # 2 y = [2, 18]
print('dy/dx: ', tape.gradient(y, x).numpy())  # 2 x = [2, 6]
del tape  # releases the records (see the memory timeline)
