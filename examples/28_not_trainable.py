"""None: a variable created with trainable=False

Tapes watch trainable variables automatically. `scale` was created with trainable=False, so
its gradient is None unless the tape watches it explicitly (an informational finding: frozen
variables are usually frozen on purpose).

Tags: none-gradient, variables, trainable
Expect: not_trainable@13
"""
import tensorflow as tf

w = tf.Variable(2.0, name="w")
scale = tf.Variable(3.0, trainable=False, name="scale")

with tf.GradientTape() as tape:
    loss = (w * scale) ** 2

dw, dscale = tape.gradient(loss, [w, scale])
print("dloss/dw:", dw.numpy(), " dloss/dscale:", dscale)
