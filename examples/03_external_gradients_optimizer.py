"""Applying external gradients with an optimizer

Gradients do not have to come from a tape: here two come from "elsewhere" as plain floats, are
turned into tensors, added to the ones the tape computed, and applied with
`optimizer.apply_gradients`. Watch the variables' assign events after the gradient call.

Tags: optimizer, apply_gradients, seed-003
Expect: none
"""
import tensorflow as tf

W = tf.Variable(1.0, name="W")
b = tf.Variable(2.0, name="b")
trainable_variables = [W, b]
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

external = [0.05, 0.01]  # computed elsewhere, e.g. by another worker
external = [tf.constant(g) for g in external]

with tf.GradientTape() as tape:
    loss = (3.0 * W + b - 4.0) ** 2

computed = tape.gradient(loss, trainable_variables)
total = [g + e for g, e in zip(computed, external)]
optimizer.apply_gradients(zip(total, trainable_variables))

print("computed:", [g.numpy() for g in computed])
print("applied: ", [g.numpy() for g in total])
print("W, b now:", W.numpy(), b.numpy())
