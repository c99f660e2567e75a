"""Exploding gradients

Weights initialized too large (standard deviation 1.5 instead of about 1/sqrt(width)) make each
layer multiply the gradient by ~7: after 8 layers it is a million times larger at the first
layer than at the last. The gradient-norm plot shows it growing layer after layer.

Tags: exploding, initialization, norms
Expect: exploding_gradient@21
"""
import tensorflow as tf

tf.random.set_seed(1)
depth, width = 8, 24
x = tf.random.normal([8, width])
weights = [tf.Variable(tf.random.normal([width, width], stddev=1.5), name=f"w{i}")
           for i in range(depth)]

with tf.GradientTape() as tape:
    h = x
    for w in weights:
        h = tf.matmul(h, w)
    loss = tf.reduce_mean(h) * 1e-6

grads = tape.gradient(loss, weights)
for i, g in enumerate(grads):
    print(f"layer {i}: |grad| = {float(tf.norm(g)):.3e}")
