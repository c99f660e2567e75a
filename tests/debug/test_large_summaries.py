"""Summaries of large float32/float16 arrays (the chunked path of large_summaries.py) against
NumPy's float64 statistics and np.histogram."""

import math

import numpy as np
import pytest

from engine.debug.large_summaries import CHUNK
from engine.debug.summaries import summarize


def _arrays():
    rng = np.random.default_rng(7)
    weights = rng.normal(0, 0.05, (784, 256)).astype(np.float32)  # several chunks
    relu = np.maximum(rng.normal(size=(64, 257)), 0).astype(np.float32)  # zeros, odd size
    far = (1000 + rng.normal(size=CHUNK + 3)).astype(np.float32)  # far from zero, 2 chunks
    outlier = np.zeros(5001, np.float32)
    outlier[17] = 3.0
    negative = -np.abs(rng.standard_cauchy(6000)).astype(np.float32) - 1e-3
    half = rng.normal(2, 3, (80, 90)).astype(np.float16)
    tiny = np.tile(np.array([1e-40, 2e-40, 1.5e-40], np.float32), 3000)  # bins / range: 1e41
    return [weights, relu, far, outlier, negative, half, tiny]


@pytest.mark.parametrize("index", range(7))
def test_statistics_are_numpy_float64_ones_rounded_to_float32(index):
    array = _arrays()[index]
    (s,) = summarize([array])
    wide = array.astype(np.float64).reshape(-1)
    # min and max written with the fewest digits that read back as the same float32
    assert np.float32(s["min"]) == array.min() and np.float32(s["max"]) == array.max()
    assert s["zeros"] == np.count_nonzero(wide == 0) and s["nans"] == s["infs"] == 0
    assert "value" not in s and s["size"] == wide.size and s["shape"] == list(array.shape)
    expected = np.array([wide.mean(), wide.std(), np.linalg.norm(wide)], np.float32)
    got = np.array([s["mean"], s["std"], s["norm"]], np.float32)
    np.testing.assert_array_max_ulp(got, expected, maxulp=1)


@pytest.mark.parametrize("index", range(7))
def test_histograms_are_numpy_ones_but_for_values_on_an_edge(index):
    array = _arrays()[index]
    (s,) = summarize([array])
    counts, edges = np.histogram(array.astype(np.float64), bins=20)
    np.testing.assert_allclose(s["histogram"]["edges"], edges, rtol=1e-12)
    got = np.array(s["histogram"]["counts"])
    assert got.sum() == array.size
    # float32 bin indexes: a value within rounding of an edge may fall in the neighbour bin
    assert np.abs(got - counts).sum() <= 2 + array.size // 50_000, (got, counts)


def test_a_constant_array_sits_in_the_middle_bin_as_numpy_puts_it():
    for value in (0.0, -2.5):
        array = np.full((70, 70), value, np.float32)
        (s,) = summarize([array], bins=7)
        counts, edges = np.histogram(array.astype(np.float64), bins=7)
        assert s["histogram"]["counts"] == counts.tolist()
        np.testing.assert_allclose(s["histogram"]["edges"], edges)
        assert s["min"] == s["max"] == s["mean"] == value and s["std"] == 0.0
        assert s["zeros"] == (array.size if value == 0 else 0)
        assert np.float32(s["norm"]) == np.float32(np.linalg.norm(array.astype(np.float64)))


def test_non_finite_large_arrays_take_the_general_path():
    array = np.linspace(-1, 1, 9000, dtype=np.float32)
    array[[5, 9]] = [np.nan, np.inf]
    (s,) = summarize([array])
    finite = array[np.isfinite(array)].astype(np.float64)
    assert s["nans"] == 1 and s["infs"] == 1 and sum(s["histogram"]["counts"]) == finite.size
    assert np.float32(s["min"]) == finite.min() and np.float32(s["max"]) == finite.max()


def test_summaries_come_back_in_the_order_of_the_arrays():
    arrays = _arrays() + [np.float32(1.5), np.arange(6000, dtype=np.int32)]
    summaries = summarize(arrays)
    assert [s["shape"] for s in summaries] == [list(np.shape(a)) for a in arrays]
    assert summaries[-2]["value"] == 1.5 and summaries[-1]["max"] == 5999


def test_summarized_together_each_array_gets_its_own_figures():
    # large_statistics folds the histograms of all its arrays at once: each keeps its own
    arrays = _arrays()
    alone = [summarize([a])[0] for a in arrays]
    assert summarize(arrays) == alone
    assert summarize(arrays[::-1]) == alone[::-1]


def test_an_array_equal_to_an_earlier_one_gets_its_own_figures_too():
    arrays = _arrays()
    relu = arrays[1]
    signed = np.where(relu == 0, np.float32(-0.0), relu)  # equal to relu, its zeros -0.0
    together = summarize([*arrays, *(a.copy() for a in arrays), signed])
    assert together[len(arrays) : 2 * len(arrays)] == together[: len(arrays)]
    # the minimum is written with its sign: not the twin's figure
    assert math.copysign(1, together[1]["min"]) == 1 and together[1]["min"] == 0
    assert math.copysign(1, together[-1]["min"]) == -1
    assert together[-1] == summarize([signed])[0]
