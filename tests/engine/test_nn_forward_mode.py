"""Forward mode through the tf.nn ops: ForwardAccumulator's jvp (built from the registered
gradients, as TF's) against central finite differences in float64."""

import numpy as np
import pytest

import engine as tf

_RNG = np.random.default_rng(0)
FILTER = tf.constant(_RNG.normal(size=(2, 2, 2, 3)))
SOFT_LABELS = tf.constant(np.full((3, 4), 0.25))

CASES = {
    "relu": (tf.nn.relu, (3, 4)),
    "relu6": (lambda a: tf.nn.relu6(a * 4), (3, 4)),
    "leaky_relu": (tf.nn.leaky_relu, (3, 4)),
    "elu": (tf.nn.elu, (3, 4)),
    "selu": (tf.nn.selu, (3, 4)),
    "gelu": (tf.nn.gelu, (3, 4)),
    "softmax": (tf.nn.softmax, (3, 4)),
    "log_softmax_axis0": (lambda a: tf.nn.log_softmax(a, axis=0), (3, 4)),
    "l2_loss": (tf.nn.l2_loss, (3, 4)),
    "sparse_xent": (
        lambda a: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=[0, 1, 3], logits=a),
        (3, 4),
    ),
    "softmax_xent": (
        lambda a: tf.nn.softmax_cross_entropy_with_logits(labels=SOFT_LABELS, logits=a),
        (3, 4),
    ),
    "sigmoid_xent": (
        lambda a: tf.nn.sigmoid_cross_entropy_with_logits(labels=SOFT_LABELS, logits=a),
        (3, 4),
    ),
    "conv2d": (lambda a: tf.nn.conv2d(a, FILTER, 1, "SAME"), (1, 4, 4, 2)),
    "max_pool2d": (lambda a: tf.nn.max_pool2d(a, 2, 2, "SAME"), (1, 4, 4, 2)),
    "avg_pool2d": (lambda a: tf.nn.avg_pool2d(a, 2, 1, "SAME"), (1, 4, 4, 2)),
    "bias_add": (
        lambda a: tf.nn.bias_add(a, tf.constant([1.0, 2.0, 3.0, 4.0], tf.float64)),
        (3, 4),
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_jvp_matches_finite_differences(name):
    f, shape = CASES[name]
    rng = np.random.default_rng(len(name))
    x0, tangent = rng.normal(size=shape), rng.normal(size=shape)
    x = tf.constant(x0)
    with tf.autodiff.ForwardAccumulator(x, tf.constant(tangent)) as acc:
        y = f(x)
    eps = 1e-6
    numeric = (
        f(tf.constant(x0 + eps * tangent)).numpy() - f(tf.constant(x0 - eps * tangent)).numpy()
    ) / (2 * eps)
    np.testing.assert_allclose(acc.jvp(y).numpy(), numeric, rtol=1e-5, atol=1e-6)
