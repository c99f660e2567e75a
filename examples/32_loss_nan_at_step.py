"""A loss that turns NaN after many steps

Minimizing log(w) pushes w down; each SGD step is 0.1 / w, so as w nears 0 a step overshoots
below 0 and log of a negative number is NaN. Every step is recorded, but only the first few,
the last few and the step where NaN first appears keep their full detail: the diagnosis names
that step and the op that made the first NaN.

Tags: training, nan, long-run
Expect: nonfinite_at_step@18, nan_origin@18
"""
import tensorflow as tf

w = tf.Variable(2.0)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

for step in range(60):
    with tf.GradientTape() as tape:
        loss = tf.math.log(w)
    grad = tape.gradient(loss, w)
    optimizer.apply_gradients([(grad, w)])
    if step % 10 == 0:
        print(f"step {step}: loss {float(loss):.4f}")
