"""A gradient whose norm overflows (inf) leaves no bar in the norm profile, and the capture
still round-trips through its JSON (an inf norm became null there, which the schema refused:
the whole run was lost as 'an unreadable capture')."""

import math

import engine.debug
from engine.debug.schema import Capture

PROGRAM = """
import tensorflow as tf
tf.keras.utils.set_random_seed(7)
x = tf.random.normal([64, 8])
y = tf.reduce_sum(x, axis=1, keepdims=True)
model = tf.keras.Sequential([
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(16, activation="relu"),
    tf.keras.layers.Dense(1),
])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)
for step in range(40):
    inputs = x * 30.0 if step == 20 else x
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(inputs) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
"""


def test_an_overflowing_gradient_norm_keeps_the_capture_readable():
    capture = engine.debug.capture_program(PROGRAM, "overflow.py")
    again = Capture.model_validate_json(capture.to_json())
    norms = [n.norm for call in again.calls for n in [*call.norms, *call.layers]]
    assert all(math.isfinite(n) for n in norms)
