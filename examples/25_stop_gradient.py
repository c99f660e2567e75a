"""tf.stop_gradient blocks a path on purpose

`tf.stop_gradient` treats its input as a constant: the gradient of the target through it is cut.
Here it is deliberate (a "target network" value), so the finding is informational.

Tags: stop_gradient, none-gradient
Expect: stop_gradient@15
"""
import tensorflow as tf

w = tf.Variable(1.5, name="w")
v = tf.Variable(0.5, name="v")
with tf.GradientTape() as tape:
    prediction = w * 2.0
    target = tf.stop_gradient(v * 3.0)
    loss = (prediction - target) ** 2

dw, dv = tape.gradient(loss, [w, v])
print("dloss/dw:", dw.numpy(), " dloss/dv:", dv)
