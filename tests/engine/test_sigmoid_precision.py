"""Sigmoid in float32 as TF's kernel computes it (Eigen's logistic: whole packets of 8 by a
range-reduced polynomial, the rest by expf), pinned to values recorded from TF 2.21, and its
gradient SigmoidGrad in TF's order, dy * (y * (1 - y))."""

import numpy as np

import engine as tf

# Recorded from TF 2.21 (x86, oneDNN off): tf.sigmoid(x) as float32 bit patterns.
TF_SIGMOID_BITS = {
    7.5: 0x3F7FDBC6,  # 0x1.ffb78cp-1
}


def test_scalar_sigmoid_is_bit_equal_to_tensorflow():
    for x, bits in TF_SIGMOID_BITS.items():
        got = np.float32(tf.sigmoid(tf.constant(x))._value)
        assert got.view(np.uint32) == bits


def test_gradient_near_saturation_is_tensorflows():
    # the advanced autodiff guide's value: 5.5246794e-04 (the engine gave 5.5252743e-04
    # before it computed the logistic as Eigen does)
    x = tf.constant(7.5)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sigmoid(x)
    assert tape.gradient(y, x).numpy() == np.float32(5.5246794e-04)


def test_float32_sigmoid_stays_within_a_few_ulps_of_the_exact_value():
    # Eigen documents a worst case of 4.5 ulps against the double-precision logistic; counted
    # in the rounded result's ulps, TF's own float32 values reach about 5.5 near x = -30
    x = np.linspace(-30, 30, 100_003).astype(np.float32)
    got = tf.sigmoid(tf.constant(x)).numpy().astype(np.float64)
    exact = 1 / (1 + np.exp(-x.astype(np.float64)))
    ulp = np.spacing(exact.astype(np.float32)).astype(np.float64)
    assert np.max(np.abs(got - exact) / ulp) <= 6


def test_packets_and_the_tail_agree_with_each_other_within_ulps():
    x = np.float32(7.5)
    packed = tf.sigmoid(tf.constant(np.full(8, x))).numpy()
    tail = tf.sigmoid(tf.constant(np.full(3, x))).numpy()
    assert np.all(np.abs(packed.astype(np.float64) - tail[0]) <= 2 * np.spacing(np.float32(1)))


def test_saturated_and_special_values():
    got = tf.sigmoid(tf.constant([np.inf, -np.inf, np.nan, 200.0, -200.0] * 2)).numpy()
    np.testing.assert_array_equal(got[:2], [1.0, 0.0])
    assert np.isnan(got[2]) and got[3] == 1.0 and got[4] == 0.0
    np.testing.assert_array_equal(got[5:7], [1.0, 0.0])


def test_denormal_results_are_flushed_to_zero_as_tensorflows_kernels_do():
    # float32: packets and the tail alike; float64 likewise; half keeps its subnormals
    assert np.all(tf.sigmoid(tf.constant([-93.0] * 9)).numpy() == 0)
    assert tf.sigmoid(tf.constant(-87.0)).numpy() > 0  # 1.6e-38 is still normal
    assert tf.sigmoid(tf.constant(-740.0, tf.float64)).numpy() == 0
    assert tf.sigmoid(tf.constant(-14.0, tf.float16)).numpy() > 0
