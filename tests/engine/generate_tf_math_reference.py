"""Writes what real TensorFlow returns or raises for each case of the reference corpora:
tf_math_reference.json (math_reference_cases.py: math expressions) and
differential/reference/<module>.json (differential/cases_*.py: short programs across the
engine's seams, one reference file per case module).
Needs TensorFlow, which the project never depends on; run it with the scratch TF venv:

    TF_CPP_MIN_LOG_LEVEL=3 /work/tfenv/bin/python tests/engine/generate_tf_math_reference.py math
    TF_ENABLE_ONEDNN_OPTS=0 TF_CPP_MIN_LOG_LEVEL=3 /work/tfenv/bin/python \
        tests/engine/generate_tf_math_reference.py differential [cases_module ...]

The differential corpus is recorded with TF's reference kernels (oneDNN off), as the nn tests
were: with oneDNN on, x86 builds word some nn errors differently (softmax of a scalar is an
AbortedError there, pooling checks ranks in other words) and a few kernels return
uninitialized memory for bad shapes. Values agree either way, within float tolerance.
"""

import json
import os
import sys
from pathlib import Path

import tensorflow as tf

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # the repository root: tests.engine.* imports
from tests.engine import differential  # noqa: E402
from tests.engine.differential.program import run  # noqa: E402
from tests.engine.math_reference_cases import CASES, evaluate  # noqa: E402


def _record(cases, evaluate_case, output):
    reference = {
        "tensorflow": tf.__version__,
        "cases": {case: evaluate_case(case, tf) for case in cases},
    }
    output.write_text(json.dumps(reference, indent=1, sort_keys=True) + "\n")
    print(f"{len(cases)} cases from TensorFlow {tf.__version__} -> {output}")


if __name__ == "__main__":
    corpus, *modules = sys.argv[1:] or ["math"]
    if corpus == "math":
        _record(CASES, evaluate, HERE / "tf_math_reference.json")
    elif corpus == "differential":
        if os.environ.get("TF_ENABLE_ONEDNN_OPTS") != "0":
            sys.exit("record the differential corpus with TF_ENABLE_ONEDNN_OPTS=0 (see above)")
        for name in modules or differential.MODULES:
            _record(differential.MODULES[name].CASES, run, differential.reference_path(name))
    else:
        sys.exit(f"unknown corpus {corpus!r}: math or differential")
