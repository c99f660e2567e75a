"""None: the value went through NumPy

`np.mean` turns the tensor into a NumPy array: the computation leaves TensorFlow and the tape
cannot follow it. What comes back is a new constant with no history. The diagnosis points at
the escape and suggests the TensorFlow op that keeps it on the tape.

Tags: none-gradient, numpy, seed-004
Expect: left_engine@20
"""
import numpy as np
import tensorflow as tf

x = tf.Variable([[1., 2.],
                 [3., 4.]], dtype=tf.float32)

with tf.GradientTape() as tape:
    x2 = x**2

    # This step is calculated with NumPy
    y = np.mean(x2, axis=0)

    # Like most ops, reduce_mean will cast the NumPy array to a constant tensor
    # using `tf.convert_to_tensor`.
    y = tf.reduce_mean(y, axis=0)

print('dy/dx: ', tape.gradient(y, x))
