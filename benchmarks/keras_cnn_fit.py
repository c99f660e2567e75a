"""Keras CNN training speed (issue 10): one epoch of `fit` of a small CNN
(Conv2D(16, 3) - MaxPooling2D - Conv2D(32, 3) - GlobalAveragePooling2D - Dense(10), 512
28x28x1 images, batch 32, Adam, sparse categorical cross-entropy), against TF 2.21 eager
(`run_eagerly=True`) on the same machine in the same run.

Run: .venv/bin/python benchmarks/keras_cnn_fit.py [--tf-python /work/tfenv/bin/python]

The baseline is chosen as in keras_lstm.py (TF here, TF in a worker subprocess alternating
rounds with the engine, or else a hand-written NumPy forward of the same network over the same
batches). Both sides start each epoch from the same weights (set from fixed arrays).
"""

import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.keras_lstm import run, worker

IMAGES, SIDE, BATCH, CLASSES = 512, 28, 32, 10
TITLE = f"CNN fit, one epoch: {IMAGES} images {SIDE}x{SIDE}x1, batch {BATCH}"


def data():
    rng = np.random.default_rng(0)
    x = rng.uniform(0, 1, (IMAGES, SIDE, SIDE, 1)).astype(np.float32)
    y = rng.integers(0, CLASSES, IMAGES)
    weights = [
        rng.normal(0, 0.3, (3, 3, 1, 16)).astype(np.float32),
        np.zeros(16, np.float32),
        rng.normal(0, 0.1, (3, 3, 16, 32)).astype(np.float32),
        np.zeros(32, np.float32),
        rng.normal(0, 0.2, (32, CLASSES)).astype(np.float32),
        np.zeros(CLASSES, np.float32),
    ]
    return x, y, weights


def keras_step(tf):
    """The timed program, for `tf` the engine or TensorFlow: returns a function of no args."""
    x, y, weights = data()
    layers = tf.keras.layers
    model = tf.keras.Sequential(
        [
            tf.keras.Input((SIDE, SIDE, 1)),
            layers.Conv2D(16, 3, activation="relu"),
            layers.MaxPooling2D(),
            layers.Conv2D(32, 3, activation="relu"),
            layers.GlobalAveragePooling2D(),
            layers.Dense(CLASSES),
        ]
    )
    model.compile(
        optimizer="adam",
        loss=tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True),
        run_eagerly=True,
    )

    def step():
        model.set_weights(weights)
        return model.fit(x, y, batch_size=BATCH, epochs=1, shuffle=False, verbose=0)

    return step


def _conv(x, kernel, bias):
    """A valid 3x3 convolution by im2col, then ReLU."""
    n, h, w, c = x.shape
    patches = np.lib.stride_tricks.sliding_window_view(x, (3, 3), axis=(1, 2))
    patches = patches.transpose(0, 1, 2, 4, 5, 3).reshape(n, h - 2, w - 2, 9 * c)
    return np.maximum(patches @ kernel.reshape(9 * c, -1) + bias, 0.0)


def numpy_forward():
    x, _, (k1, b1, k2, b2, k3, b3) = data()

    def step():
        total = 0.0
        for start in range(0, IMAGES, BATCH):
            h = _conv(x[start : start + BATCH], k1, b1)
            n, hh, ww, c = h.shape
            h = h[:, : hh // 2 * 2, : ww // 2 * 2].reshape(n, hh // 2, 2, ww // 2, 2, c)
            h = _conv(h.max(axis=(2, 4)), k2, b2).mean(axis=(1, 2))
            total += float((h @ k3 + b3).sum())
        return total

    return step


def main():
    run(keras_step, numpy_forward, TITLE, __file__)


if __name__ == "__main__":
    if sys.argv[1:] == ["--worker"]:
        worker(keras_step)
    else:
        main()
