"""A layer whose output is thrown away

`call` feeds `x` to every layer and returns only the last one, so the first two layers' outputs
never reach the loss and their variables get None (TF warns "Gradients do not exist for
variables"). The diagnosis points at the lines that drop the outputs, once per layer.

Tags: none-gradient, keras, subclassed-model
Expect: result_dropped@21, result_dropped@22
"""
import tensorflow as tf


class Net(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = tf.keras.layers.Dense(4)
        self.d2 = tf.keras.layers.Dense(4)
        self.d3 = tf.keras.layers.Dense(1)

    def call(self, x):
        h = self.d1(x)
        h = self.d2(x)  # noqa: F841 - should be self.d2(h)
        return self.d3(x)  # should be self.d3(h)


net = Net()
x = tf.ones([3, 2])
with tf.GradientTape() as tape:
    loss = tf.reduce_sum(net(x))
grads = tape.gradient(loss, net.trainable_variables)
print([g is None for g in grads])  # [True, True, True, True, False, False]
