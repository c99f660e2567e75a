"""Value summaries: statistics over finite elements, counts, histograms, exact small values."""

import json

import numpy as np

from engine.debug.summaries import (
    _round32,
    round_figures,
    shortest32,
    summarize,
    value_from_json,
)


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


def _fewest_digits(value):
    """The fewest significant digits (1 to 9) whose correctly rounded decimal of `value`
    reads back as the same float32, by trying each in turn (Python's formatting)."""
    x = np.float32(value)
    return next(d for d in range(1, 10) if np.float32(float(f"{float(x):.{d - 1}e}")) == x)


def test_shortest32_finds_the_fewest_digits_that_round_trip():
    rng = np.random.default_rng(3)
    # every magnitude float32 has: vanishing gradients of 1e-30, subnormals, exploding ones
    many = rng.normal(size=3000) * 10.0 ** rng.integers(-45, 39, 3000)
    many = many[np.isfinite(many.astype(np.float32)) & (many.astype(np.float32) != 0)]
    few = np.rint(rng.normal(size=3000) * 1e4) / 10.0 ** rng.integers(0, 6, 3000)
    special = [1.0, 0.5, 2.0, 0.1, 0.25, 1e-10, 99999.99, 12345678.0, 7.0, 0.3]
    for values in (many.astype(np.float32), few.astype(np.float32), np.float32(special)):
        out = shortest32(values)
        np.testing.assert_array_equal(out.astype(np.float32), values)
        digits = [_fewest_digits(v) for v in values]
        # out is the decimal with those digits: printed with them, it is the same float
        assert all(float(f"{v:.{d - 1}e}") == v for v, d in zip(out.tolist(), digits))


def test_tiny_and_huge_values_are_written_with_their_digits():
    # with an inexact power of ten, 1e-30 read 9.999999999999999e-31 (a vanishing gradient)
    values = np.float32([1e-30, 2.6731613e-16, 1.9287499e-22, 1e-45, 1.0650624e12, 3e38])
    (s,) = summarize([values])
    assert [repr(v) for v in s["value"]] == [
        "1e-30",
        "2.6731613e-16",
        "1.9287499e-22",
        "1e-45",
        "1065062400000.0",
        "3e+38",
    ]


def test_shortest32_leaves_zeros_and_non_finite_values_and_keeps_shapes():
    values = np.array([[0.0, -0.0, np.inf], [np.nan, 1e39, 0.1]])
    out = shortest32(values)
    # (1e39 is float32's inf)
    assert out.shape == values.shape and out[1, 2] == 0.1 and out[1, 1] == np.inf
    assert np.signbit(out[0, 1]) and out[0, 0] == 0 and np.isinf(out[0, 2])
    assert np.isnan(out[1, 0])
    grid = np.array([[1.0, 2.5], [0.1, 3.0], [7.0, 0.5]], np.float32)  # all finite, 2-D
    assert shortest32(grid).tolist() == [[1.0, 2.5], [0.1, 3.0], [7.0, 0.5]]
    assert shortest32(np.float32(0.1)).shape == () and shortest32(np.float32(0.1)) == 0.1


def test_integer_and_bool_statistics_are_numpy_ones():
    rng = np.random.default_rng(4)
    arrays = [
        rng.integers(-50, 50, (64,)).astype(np.int32),
        rng.integers(0, 2, (6, 7)).astype(bool),
        rng.integers(-(2**40), 2**40, 3000),  # above the value cap: a histogram
    ]
    for array, s in zip(arrays, summarize(arrays + arrays)):
        wide = array.astype(np.float64).reshape(-1)
        assert s["min"] == wide.min() and s["max"] == wide.max()
        assert s["zeros"] == np.count_nonzero(wide == 0) and s["nans"] == s["infs"] == 0
        np.testing.assert_allclose(
            [s["mean"], s["std"], s["norm"]], [wide.mean(), wide.std(), np.linalg.norm(wide)]
        )
        if "histogram" in s:
            assert s["histogram"]["counts"] == np.histogram(wide, bins=20)[0].tolist()
        else:
            assert s["value"] == array.tolist()


def test_statistics_are_written_as_numpy_writes_a_float32():
    # shortest32 rounds to the nearest decimal of each length: at a power of two, where a
    # float32's neighbours are not equally far, NumPy's str finds fewer digits (2 ** -96 is
    # 1.2621775e-29, not 1.26217745e-29); the statistics are written as str writes them
    rng = np.random.default_rng(5)
    special = [2.0**-96, 2.0**87, -(2.0**90), 1.0, 0.5, 0.1, 1e39, -1e-50, -0.0, 0.0, 1e-45]
    special += [np.nan, np.inf, -np.inf, 3.4028235e38, 2.0**-149]
    randoms = rng.normal(size=200) * 10.0 ** rng.integers(-40, 40, 200)
    powers = 2.0 ** np.arange(-149, 128)  # every power of two float32 has, both signs
    powers = np.concatenate([powers, -powers])
    for figures in (np.array(special), np.concatenate([special, randoms, powers])):  # few, many
        with np.errstate(over="ignore"):
            expected = [float(str(v)) for v in figures.astype(np.float32)]
        assert [repr(v) for v in round_figures(figures).tolist()] == [repr(v) for v in expected]
        for values in (None, np.float32([0.25, 2.0**87])):
            rounded, written = _round32(figures.reshape(-1, 1), values)
            assert rounded.shape == (figures.size, 1)
            assert [repr(v) for v in rounded.reshape(-1).tolist()] == [repr(v) for v in expected]
            if values is not None:  # the values as shortest32 writes them
                assert written.tolist() == [0.25, 1.54742505e26]


def test_small_arrays_of_one_value_are_written_in_full():
    zeros = np.float32([0.0, -0.0, 0.0])  # with their signs
    constant = np.full((2, 3), 2.0**87, np.float32)  # shortest32's digits, as any value
    scalar, one = np.float32(0.1), np.float32([7.25])
    mixed = np.float32([[1.5, -2.0], [0.0, 3.0]])
    summaries = summarize([zeros, constant, scalar, one, mixed])
    assert [repr(v) for v in summaries[0]["value"]] == ["0.0", "-0.0", "0.0"]
    assert summaries[1]["value"] == [[1.54742505e26] * 3] * 2
    assert summaries[1]["min"] == 1.5474251e26  # (a statistic: NumPy's str digits)
    assert summaries[2]["value"] == 0.1 and summaries[3]["value"] == [7.25]
    assert summaries[4]["value"] == [[1.5, -2.0], [0.0, 3.0]]
    # with nothing else to write: zeros alone, zeros and a histogram
    (s,) = summarize([zeros])
    assert [repr(v) for v in s["value"]] == ["0.0", "-0.0", "0.0"]
    s, large = summarize([zeros, np.arange(2000, dtype=np.float32)])
    assert s["value"] == [0.0, 0.0, 0.0] and sum(large["histogram"]["counts"]) == 2000


def test_small_arrays_equal_to_earlier_ones_are_written_as_their_own():
    logits = np.float32([[0.1, -2.5], [3.0, 1e-30]])
    signed = np.float32([[0.1, -0.0], [3.0, 0.5]])  # equal to the next but for a zero's sign
    unsigned = np.float32([[0.1, 0.0], [3.0, 0.5]])
    summaries = summarize([logits, signed, logits.copy(), unsigned, logits + 0])
    for s in summaries[0], summaries[2], summaries[4]:
        assert s["value"] == [[0.1, -2.5], [3.0, 1e-30]]
    assert [repr(v) for v in summaries[1]["value"][0]] == ["0.1", "-0.0"]
    assert [repr(v) for v in summaries[3]["value"][0]] == ["0.1", "0.0"]
