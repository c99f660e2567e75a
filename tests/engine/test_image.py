"""tf.image.adjust_contrast: TF 2.21's values, its op types, and its missing gradient."""

import numpy as np
import pytest

import engine as tf
from engine.errors import InvalidArgumentError

IMAGES = np.arange(2 * 2 * 3 * 2).reshape(2, 2, 3, 2).astype(np.float32) / 4  # 2 images, 2 channels


def test_values_match_tensorflow_per_image_and_channel():
    # TF's printed values, laid out as printed
    # fmt: off
    np.testing.assert_allclose(tf.image.adjust_contrast(IMAGES, 2.0).numpy().ravel(), [
        -1.25, -1.0, -0.25, 0.0, 0.75, 1.0, 1.75, 2.0, 2.75, 3.0, 3.75, 4.0, 1.75, 2.0, 2.75, 3.0,
        3.75, 4.0, 4.75, 5.0, 5.75, 6.0, 6.75, 7.0])
    # fmt: on
    np.testing.assert_allclose(
        tf.image.adjust_contrast(IMAGES[0], 0.5).numpy().ravel(),
        [0.625, 0.875, 0.875, 1.125, 1.125, 1.375, 1.375, 1.625, 1.625, 1.875, 1.875, 2.125],
    )


def test_other_dtypes_convert_to_float32_and_back_as_tensorflow():
    as_uint8 = tf.image.adjust_contrast(np.array([[[10], [200]], [[30], [255]]], np.uint8), 1.5)
    assert as_uint8.dtype == tf.uint8 and as_uint8.numpy().ravel().tolist() == [0, 238, 0, 255]
    as_float64 = tf.image.adjust_contrast(np.array([[[0.1], [0.7]], [[0.3], [0.9]]]), 3.0)
    assert as_float64.dtype == tf.float64
    # Computed in float32, within float32 rounding (Eigen sums the mean in another order).
    np.testing.assert_allclose(
        as_float64.numpy().ravel(),
        [-0.6999999284744263, 1.100000023841858, -0.09999993443489075, 1.7000000476837158],
        rtol=1e-6,
        atol=2e-7,
    )


def test_backprop_through_it_raises_lookup_error_as_tensorflow():
    x = tf.constant(IMAGES)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.adjust_contrast(x, 2.0) + x  # even with another path to x, TF raises
    with pytest.raises(LookupError) as raised:
        tape.gradient(y, x)
    assert str(raised.value) == "gradient registry has no entry for: AdjustContrastv2"


def test_tape_records_adjust_contrast_v2_then_identity_and_keeps_its_tensors():
    x = tf.constant(IMAGES)
    with tf.GradientTape() as tape:
        tape.watch(x)
        tf.image.adjust_contrast(x, 2.0)
    assert [r.op.type for r in tape._records] == ["AdjustContrastv2", "Identity"]
    record = tape._records[0]
    assert record.op.differentiable is False
    # On neither of TF's exclusion lists: the tape keeps its inputs and output.
    assert record.inputs[0] is x and record.outputs[0] is not None


def test_errors_are_tensorflows():
    with pytest.raises(InvalidArgumentError) as raised:
        tf.image.adjust_contrast(np.ones([5, 5], np.float32), 2.0)
    assert str(raised.value) == "input must be at least 3-D, got shape[5,5] [Op:AdjustContrastv2]"
    with pytest.raises(InvalidArgumentError) as raised:
        tf.image.adjust_contrast(IMAGES, [2.0, 1.0])
    assert str(raised.value) == "contrast_factor must be scalar: [2] [Op:AdjustContrastv2]"


def test_other_image_functions_are_named_as_missing():
    with pytest.raises(AttributeError, match=r"engine does not implement tf.image.sobel_edges"):
        tf.image.sobel_edges
