"""The engine against real TensorFlow on every case in math_reference_cases.py: values, dtypes,
shapes, None gradients, and errors (type and wording). TF's results were recorded into
tf_math_reference.json by generate_tf_math_reference.py."""

import json
import math
from pathlib import Path

import pytest

import engine as tf
from tests.engine.math_reference_cases import CASES, evaluate

REFERENCE = json.loads((Path(__file__).parent / "tf_math_reference.json").read_text())["cases"]

# Relative tolerance per dtype: the engine computes with NumPy, TF with Eigen; both round
# correctly up to an ulp or so, and float16 sums may take another order.
_RTOL = {"float16": 2e-3, "float32": 2e-6, "float64": 1e-12}


def _same_number(got, expected, rtol):
    if isinstance(expected, str) or isinstance(got, str):  # 'nan', 'inf', '-inf'
        return str(got) == str(expected)
    if isinstance(expected, (bool, int)):
        return got == expected
    return math.isclose(got, expected, rel_tol=rtol, abs_tol=rtol)


def assert_same(got, expected, where="result"):
    assert got.keys() == expected.keys(), f"{where}: {got} vs TF {expected}"
    if "sequence" in expected:
        assert len(got["sequence"]) == len(expected["sequence"]), where
        for index, (g, e) in enumerate(zip(got["sequence"], expected["sequence"])):
            assert_same(g, e, f"{where}[{index}]")
        return
    if "values" not in expected:
        assert got == expected, where
        return
    for key in ("dtype", "shape", "type"):
        assert got[key] == expected[key], f"{where}: {key} {got[key]} vs TF {expected[key]}"
    rtol = _RTOL.get(expected["dtype"], 0)
    mismatched = [
        (g, e) for g, e in zip(got["values"], expected["values"]) if not _same_number(g, e, rtol)
    ]
    assert not mismatched, f"{where}: values {got['values']} vs TF {expected['values']}"


@pytest.mark.parametrize("case", CASES)
def test_engine_matches_tensorflow(case):
    expected = REFERENCE[case]
    got = evaluate(case, tf)
    if "error" in expected:
        assert got == expected, f"TF raises {expected}, the engine gave {got}"
    else:
        assert "error" not in got, f"the engine raised {got}; TF gives {expected['result']}"
        assert_same(got["result"], expected["result"])


def test_every_case_has_a_recorded_tensorflow_result():
    assert set(CASES) <= set(REFERENCE), "rerun generate_tf_math_reference.py"
