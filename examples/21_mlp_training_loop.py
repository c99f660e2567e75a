"""A small MLP training loop

Two Dense layers learn XOR-like data with SGD: forward under a tape, gradients, apply. Each
iteration is one gradient call; the loss printed every 50 steps goes down. Nothing is wrong
here: the diagnosis panel says every gradient flows.

Tags: training, keras, mlp
Expect: none
"""
import tensorflow as tf

tf.random.set_seed(4)
x = tf.constant([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
y = tf.constant([[0.], [1.], [1.], [0.]])

model = tf.keras.Sequential([
    tf.keras.layers.Dense(8, activation="tanh"),
    tf.keras.layers.Dense(1),
])
optimizer = tf.keras.optimizers.SGD(learning_rate=0.2)
loss_fn = tf.keras.losses.MeanSquaredError()

for step in range(200):
    with tf.GradientTape() as tape:
        prediction = model(x)
        loss = loss_fn(y, prediction)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    if step % 50 == 0:
        print(f"step {step:3d}: loss {float(loss):.4f}")
print(f"final loss {float(loss):.4f}")
