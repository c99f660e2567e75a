"""None: a constant the tape never watched

A tape records operations on what it watches: trainable Variables automatically, Tensors only
after `tape.watch`. `x` is a constant, so `y = x * x` was not recorded and dy/dx is None.

Tags: none-gradient, watch
Expect: not_watched@13
"""
import tensorflow as tf

x = tf.constant(3.0)
with tf.GradientTape() as tape:
    y = x * x

print("dy/dx:", tape.gradient(y, x))  # None: add tape.watch(x) first
