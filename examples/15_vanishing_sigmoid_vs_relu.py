"""Vanishing gradients: a deep sigmoid network beside the same network with ReLU

The same 10-layer network, initialized the same way, twice: with sigmoid every layer multiplies
the gradient by at most 0.25 times its weights, so it shrinks a thousandfold before the first
layers; with ReLU (and He initialization) it keeps its size. Open the gradient-norm plot of each
call and compare the layers.

Tags: vanishing, activations, norms
Expect: vanishing_gradient@24
"""
import tensorflow as tf

tf.random.set_seed(0)
depth, width = 10, 32
x = tf.random.normal([16, width])
weights = [tf.Variable(tf.random.normal([width, width]) * (2.0 / width) ** 0.5,
                       name=f"w{i}") for i in range(depth)]


def network(activation):
    h = x
    for w in weights:
        if activation == "sigmoid":
            h = tf.sigmoid(h @ w)
        else:
            h = tf.nn.relu(h @ w)
    return tf.reduce_mean(tf.square(h))


for activation in ("sigmoid", "relu"):
    with tf.GradientTape() as tape:
        loss = network(activation)
    grads = tape.gradient(loss, weights)
    norms = [float(tf.norm(g)) for g in grads]
    print(f"{activation:8s} first layer {norms[0]:.2e}  last layer {norms[-1]:.2e}")
