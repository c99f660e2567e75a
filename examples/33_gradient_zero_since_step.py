"""A weight that never learns

Every input is positive and every weight starts negative, so the ReLU outputs 0 for every
example and passes no gradient back: the gradient of `w` is exactly 0 on every one of the 50
steps, and `w` never moves. The diagnosis says it once for the loop, at the ReLU that cuts it.

Tags: training, relu, long-run
Expect: zero_gradient_since@22, dead_relu@22
"""
import tensorflow as tf

x = tf.constant([[1.0, 2.0], [3.0, 4.0], [0.5, 1.0], [2.0, 0.5]])
y = tf.constant([[1.0], [2.0], [0.5], [1.0]])
w = tf.Variable([[-1.0], [-1.0]], name="w")
optimizer = tf.keras.optimizers.SGD(learning_rate=0.01)

# A fix: tf.nn.leaky_relu, or weights that start small and of both signs.


for step in range(50):
    with tf.GradientTape() as tape:
        prediction = tf.nn.relu(x @ w)
        loss = tf.reduce_mean((prediction - y) ** 2)
    grads = tape.gradient(loss, [w])
    optimizer.apply_gradients(zip(grads, [w]))
print("w after 50 steps:", w.numpy().ravel())
