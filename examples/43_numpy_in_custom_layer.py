"""NumPy inside a custom layer's call

`np.tanh` turns the tensor into a NumPy array inside the layer, so the tape loses the path from
the layer's weight to the loss. The diagnosis names the line in `call` where the value left the
engine and the TensorFlow op to use instead.

Tags: none-gradient, numpy, keras
Expect: left_engine@19
"""
import numpy as np
import tensorflow as tf


class Scale(tf.keras.layers.Layer):
    def build(self, input_shape):
        self.s = self.add_weight(shape=(input_shape[-1],), initializer="ones")

    def call(self, x):
        return np.tanh(x * self.s)  # should be tf.tanh


layer = Scale()
x = tf.constant([[1.0, 2.0]])
with tf.GradientTape() as tape:
    y = layer(x)
    loss = tf.reduce_sum(tf.constant(y) ** 2)
print(tape.gradient(loss, layer.trainable_variables))  # [None]
