"""A small CNN training step

One step of a tiny convolutional network on 8x8 images: conv2d, ReLU, max pooling, a dense
layer and a softmax cross-entropy. Step through the backward pass: Conv2D's gradient goes to
both its input and its filters; MaxPool sends the gradient only to each window's maximum.

Tags: cnn, conv2d, training
Expect: none
"""
import tensorflow as tf

tf.random.set_seed(5)
images = tf.random.normal([4, 8, 8, 1])
labels = tf.constant([0, 1, 2, 1])

filters = tf.Variable(tf.random.normal([3, 3, 1, 4], stddev=0.3), name="filters")
dense = tf.Variable(tf.random.normal([4 * 4 * 4, 3], stddev=0.1), name="dense")
bias = tf.Variable(tf.zeros([3]), name="bias")
optimizer = tf.keras.optimizers.SGD(learning_rate=0.1)

with tf.GradientTape() as tape:
    features = tf.nn.relu(tf.nn.conv2d(images, filters, strides=1, padding="SAME"))
    pooled = tf.nn.max_pool2d(features, ksize=2, strides=2, padding="VALID")
    logits = tf.reshape(pooled, [4, -1]) @ dense + bias
    loss = tf.reduce_mean(
        tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))

grads = tape.gradient(loss, [filters, dense, bias])
optimizer.apply_gradients(zip(grads, [filters, dense, bias]))
print("loss:", float(loss))
print("gradient norms:", [round(float(tf.norm(g)), 4) for g in grads])
