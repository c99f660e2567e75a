"""Value summaries: statistics over finite elements, counts, histograms, exact small values."""

import json

import numpy as np

from engine.debug.summaries import summarize, value_from_json


def test_statistics_match_numpy_over_the_finite_elements():
    rng = np.random.default_rng(0)
    arrays = [rng.normal(size=(3, 4)).astype(np.float64) for _ in range(5)]
    arrays.append(np.array([1.0, np.nan, -np.inf, 3.0, 0.0, np.inf]))
    for array, s in zip(arrays, summarize(arrays)):
        finite = array[np.isfinite(array)]
        assert s["min"] == finite.min() and s["max"] == finite.max()
        np.testing.assert_allclose(
            [s["mean"], s["std"], s["norm"]], [finite.mean(), finite.std(), np.linalg.norm(finite)]
        )
        assert s["nans"] == np.isnan(array).sum() and s["infs"] == np.isinf(array).sum()
        assert s["zeros"] == (array == 0).sum()
        assert s["shape"] == list(array.shape) and s["bytes"] == array.nbytes


def test_float32_values_round_trip_exactly_with_few_digits():
    rng = np.random.default_rng(1)
    values = (rng.normal(size=2000) * 10.0 ** rng.integers(-30, 30, 2000)).astype(np.float32)
    values[:4] = [0.1, -0.0, 3.4028235e38, 1e-45]
    (s,) = summarize([values], value_cap=10**6)
    decoded = value_from_json(json.loads(json.dumps(s["value"])), "float32", values.shape)
    np.testing.assert_array_equal(decoded, values)
    assert s["value"][0] == 0.1  # not 0.10000000149011612
    assert np.float32(s["max"]) == values.max() and np.float32(s["min"]) == values.min()


def test_integers_bools_scalars_and_empty_tensors():
    ints, flags, scalar, empty = (
        np.array([3, -1, 0], np.int32),
        np.array([True, False]),
        np.float32(2.5),
        np.zeros((0, 3), np.float32),
    )
    s_int, s_bool, s_scalar, s_empty = summarize([ints, flags, scalar, empty])
    assert s_int["value"] == [3, -1, 0] and s_int["dtype"] == "int32" and s_int["min"] == -1
    assert s_bool["value"] == [True, False] and s_bool["dtype"] == "bool"
    assert s_scalar["value"] == 2.5 and s_scalar["shape"] == []
    assert s_empty["size"] == 0 and "min" not in s_empty and s_empty["value"] == []


def test_large_values_get_a_histogram_instead():
    big = np.arange(5000, dtype=np.float32)
    big[7] = np.nan
    (s,) = summarize([big], value_cap=100, bins=10)
    assert "value" not in s
    assert len(s["histogram"]["counts"]) == 10 and sum(s["histogram"]["counts"]) == 4999
    assert s["histogram"]["edges"][0] == 0.0 and s["histogram"]["edges"][-1] == 4999.0


def test_non_finite_small_values_are_strings_and_decode_back():
    array = np.array([[np.nan, 1.0], [np.inf, -np.inf]], np.float32)
    (s,) = summarize([array])
    assert s["value"] == [["nan", 1.0], ["inf", "-inf"]]
    np.testing.assert_array_equal(value_from_json(s["value"], "float32", [2, 2]), array)
