"""The first layers of a deep sigmoid network barely learn

Eight sigmoid layers each shrink the gradient (sigmoid's slope is at most 1/4): on every
training step the first layer's gradient norm is a tiny fraction of the last layer's, so it
learns that much slower. Across the steps the diagnosis says it once, with the ratio.

Tags: training, vanishing, sigmoid, long-run
Expect: layer_norm_gap@23, vanishing_gradient@24
"""
import tensorflow as tf

tf.keras.utils.set_random_seed(3)  # seeds Keras initializers too (tf.random.set_seed does not)
x = tf.random.normal([32, 16])
y = tf.random.normal([32, 1])
model = tf.keras.Sequential(
    [tf.keras.layers.Dense(32, activation="sigmoid") for _ in range(8)]
    + [tf.keras.layers.Dense(1)]
)
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)


for step in range(20):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
print(f"loss after 20 steps: {float(loss):.4f}")
