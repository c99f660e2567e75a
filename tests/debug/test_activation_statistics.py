"""What the activation findings keep of an output (spill.activation_statistics) against the same
counts made by NumPy in float64, with values on either side of the saturation bounds."""

import numpy as np
import pytest

from engine.debug.spill import activation_statistics, saturated_share


def _expected(array, margin):
    a = np.asarray(array, dtype=np.float64)
    units = a.reshape(-1, a.shape[-1]) if a.ndim > 1 else a.reshape(1, -1)
    return {
        "examples": units.shape[0],
        "units": units.shape[1],
        "dead": int(np.all(units == 0, axis=0).sum()),
        "sigmoid_saturated": float(((a <= margin) | (a >= 1 - margin)).sum() / a.size),
        "tanh_saturated": float(((a <= -1 + margin) | (a >= 1 - margin)).sum() / a.size),
    }


def _around_the_bounds(margin):
    bounds = np.array([margin, 1 - margin], np.float32)
    near = [bounds, np.nextafter(bounds, np.float32(2)), np.nextafter(bounds, np.float32(-2))]
    values = np.concatenate(near)
    return np.concatenate([values, -values, [0.5, 0.0, -1.0, 1.0]]).reshape(2, -1)


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64])
@pytest.mark.parametrize("margin", [0.01, 0.05, 1e-7])
def test_counts_are_the_float64_ones_at_the_bounds(dtype, margin):
    array = _around_the_bounds(margin).astype(dtype)
    assert activation_statistics(array, margin) == _expected(array, margin)


def test_dead_units_and_saturation_of_a_batch():
    rng = np.random.default_rng(3)
    relu = np.maximum(rng.normal(size=(64, 32)), 0).astype(np.float32)
    relu[:, [3, 7]] = 0
    tanh = np.tanh(rng.normal(0, 4, (64, 32))).astype(np.float32)
    for array in (relu, tanh):
        assert activation_statistics(array, 0.01) == _expected(array, 0.01)
    assert activation_statistics(relu, 0.01)["dead"] >= 2


@pytest.mark.parametrize("dtype", [np.float32, np.float16, np.float64])
def test_a_held_output_is_measured_for_its_own_finding_only(dtype):
    # saturated_share: what the saturation finding reads, without the other figures' passes
    array = _around_the_bounds(0.05).astype(dtype)
    expected = _expected(array, 0.05)
    assert saturated_share(array, 0.05, "Sigmoid") == expected["sigmoid_saturated"]
    assert saturated_share(array, 0.05, "Tanh") == expected["tanh_saturated"]
