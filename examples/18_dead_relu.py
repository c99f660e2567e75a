"""A dead ReLU layer

A bias of -5 pushes every unit of the hidden layer below zero for every example: ReLU outputs 0,
its gradient is exactly 0, and the layer's weights get no gradient at all (zeros, not None).

Tags: dead-relu, activations, zero-gradient
Expect: dead_relu@18, zero_gradient@18, zero_gradient@19
"""
import tensorflow as tf

tf.random.set_seed(2)
x = tf.random.normal([32, 4])
w1 = tf.Variable(tf.random.normal([4, 8], stddev=0.5), name="w1")
b1 = tf.Variable(tf.fill([8], -5.0), name="b1")  # far too negative
w2 = tf.Variable(tf.random.normal([8, 1]), name="w2")

with tf.GradientTape() as tape:
    hidden = tf.nn.relu(x @ w1 + b1)
    out = hidden @ w2
    loss = tf.reduce_mean(tf.square(out - 1.0))

dw1, db1, dw2 = tape.gradient(loss, [w1, b1, w2])
print("active units:", int(tf.reduce_sum(tf.cast(hidden > 0, tf.int32))))
print("|dw1| =", float(tf.norm(dw1)), " |dw2| =", float(tf.norm(dw2)))
