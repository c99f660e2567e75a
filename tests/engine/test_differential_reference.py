"""The engine against real TensorFlow on the differential corpus (tests/engine/differential/):
short TF2 programs across the engine's seams. Dtypes, shapes, None-ness, result structure,
exception types and printed text must be exact; values within float tolerance; exception
messages equal TF's unless the case is listed in MESSAGE_NOT_PROMISED.

TF's results were recorded into differential/reference/<module>.json by
generate_tf_math_reference.py (run with the TF venv, oneDNN off: TF's reference kernels)."""

import math

import pytest

import engine as tf
from tests.engine.differential import CASES, load_reference
from tests.engine.differential.program import run

REFERENCE = load_reference()

# Relative (and absolute) tolerance per dtype: the engine computes with NumPy, TF with Eigen,
# sometimes in another order (sums, fused kernels).
_RTOL = {"float16": 2e-3, "float32": 1e-5, "float64": 1e-10}
_RTOL.update({"complex64": 1e-5, "complex128": 1e-10})  # real and imaginary parts
_PYTHON_FLOAT_RTOL = 1e-6  # Python floats here come from float32 or float64 tensors

# Cases whose error message the engine does not promise to word as TF does (TF's text names
# its own internals, e.g. a Python class path), with the reason. Types are still compared.
MESSAGE_NOT_PROMISED = {
    "+c(1.5)": "Python's message names the class's module: tensorflow.python.framework.ops",
    "v = tf.Variable([1.0, 2.0])\n(v[0] + 0.0).assign(1.0)": "the same module path",
    "c([1.0, 2.0])[0].assign(3.0)": "the same module path",
    "c([1.0]).numpy_thing": "the same module path",
    "c([1.0]).__array_interface__": "the same module path",
    # MatMul's rank errors are worded by oneDNN in TF's default x86 build, and the math
    # reference (tf_math_reference.json, recorded with oneDNN on) pins that wording.
    "v = tf.Variable([1.0])\nv @ tf.Variable([[2.0]])": "oneDNN's MatMul wording",
    "tf.linalg.matmul(c([1.0]), c([1.0]))": "oneDNN's MatMul wording",
    "v = tf.Variable([1.0, 2.0])\nv[0].assign(5.0, read_value=False)": "Python's message names TF's local function strided_slice.<locals>.assign",
    "tf.keras.losses.mean_squared_error(c([[1.0, 2.0]]), c([[1.5, 1.0]]))": "TF's message names its module keras._tf_keras.keras.losses",
    "tf.keras.Variable('ones')": "TF's message shows the initializer's default repr (a class path and an address)",
}

# Deliberate differences, each with its reason. They run as strict xfails: the day the
# engine matches TF on one, the test says so and the entry goes.
KNOWN_DIFFERENCES = {
    "v = tf.Variable([1.0, 2.0])\nwith tf.GradientTape() as t:\n    y = tf.reduce_sum(v ** 2)\n"
    "t.gradient(y, v.read_value())": "a variable's reads share its id (the recording model's choice), so a later read is "
    "the variable as a source; TF's read is a new tensor that got no gradient",
    "tf.TensorShape([2, 3]).dims": "dims are ints; TF 1's Dimension objects are not kept",
    "c([1.0]).shape.dims": "the same",
}


def _same_number(got, expected, rtol):
    if isinstance(expected, str) or isinstance(got, str):  # 'nan', 'inf', '-inf'
        return str(got) == str(expected)
    if isinstance(expected, bool) or isinstance(got, bool):
        return got is expected
    if isinstance(expected, int) and isinstance(got, int):
        return got == expected
    return math.isclose(got, expected, rel_tol=rtol, abs_tol=rtol)


def assert_same(got, expected, where="result"):
    """Compares two encodings: exact, except numbers within their dtype's tolerance."""
    assert type(got) is type(expected), f"{where}: {got!r} vs TF {expected!r}"
    if isinstance(expected, dict):
        assert got.keys() == expected.keys(), f"{where}: {got} vs TF {expected}"
        rtol = _RTOL.get(expected.get("dtype") or expected.get("ndarray"), 0)
        for key in expected:
            if key == "values" and isinstance(expected[key], list):
                assert len(got[key]) == len(expected[key]), f"{where}: {got} vs TF {expected}"
                mismatched = [
                    (g, e)
                    for g, e in zip(got[key], expected[key])
                    if not _same_number(_leaf(g), _leaf(e), rtol)
                ]
                assert not mismatched, f"{where}: values {got[key]} vs TF {expected[key]}"
            elif key == "python" and isinstance(expected[key], float):
                assert _same_number(got[key], expected[key], _PYTHON_FLOAT_RTOL), (
                    f"{where}: {got[key]} vs TF {expected[key]}"
                )
            else:
                assert_same(got[key], expected[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert len(got) == len(expected), f"{where}: {got} vs TF {expected}"
        for index, (g, e) in enumerate(zip(got, expected)):
            assert_same(g, e, f"{where}[{index}]")
    else:
        assert got == expected, f"{where}: {got!r} vs TF {expected!r}"


def _leaf(value):
    return value["python"] if isinstance(value, dict) else value


@pytest.mark.parametrize(
    "case",
    [
        pytest.param(case, marks=pytest.mark.xfail(strict=True, reason=KNOWN_DIFFERENCES[case]))
        if case in KNOWN_DIFFERENCES
        else case
        for case in CASES
    ],
)
def test_engine_matches_tensorflow(case):
    expected = REFERENCE[case]
    got = run(case, tf)
    assert got.get("printed") == expected.get("printed"), "printed text differs"
    if "error" in expected:
        assert "error" in got, f"TF raises {expected}, the engine gave {got}"
        assert got["error"] == expected["error"], f"TF raises {expected}, the engine {got}"
        if case not in MESSAGE_NOT_PROMISED:
            assert got["message"] == expected["message"], f"TF raises {expected}, the engine {got}"
    else:
        assert "error" not in got, f"the engine raised {got}; TF gives {expected['result']}"
        assert_same(got["result"], expected["result"])


def test_every_case_has_a_recorded_tensorflow_result():
    assert set(CASES) <= set(REFERENCE), "rerun generate_tf_math_reference.py differential"


def test_every_listed_difference_is_a_case():
    assert set(KNOWN_DIFFERENCES) | set(MESSAGE_NOT_PROMISED) <= set(CASES)
