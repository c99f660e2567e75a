"""A tf.function training step with Python side effects

TapeScope runs the tf.function's Python code at every call, so every op is recorded and the
gradients are the eager ones. TF runs that Python code only while tracing: the print runs once
and the list gets one symbolic tensor. tf.print, and returning the loss to collect it outside,
behave the same in both.

Tags: tf.function, training, trace
Expect: python_side_effect_in_function@27
"""
import tensorflow as tf

w = tf.Variable([[0.5], [-0.5]])
b = tf.Variable([0.0])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.05)
x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
y = tf.constant([[1.0], [2.0]])
history = []


@tf.function
def train_step(x, y):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(x, w) + b - y))
    grads = tape.gradient(loss, [w, b])
    optimizer.apply_gradients(zip(grads, [w, b]))
    print("traced: loss is", loss)  # TF: printed once, at tracing
    history.append(loss)            # TF: one symbolic tensor, appended once
    return loss


for step in range(3):
    loss = train_step(x, y)
print("final loss:", float(loss), "traces:", train_step.experimental_get_tracing_count())
