"""Writes tf_math_reference.json: what real TensorFlow returns or raises for each case in
math_reference_cases.py. Needs TensorFlow, which the project never depends on; run it with
the scratch TF venv:

    TF_CPP_MIN_LOG_LEVEL=3 /work/tfenv/bin/python tests/engine/generate_tf_math_reference.py
"""
import json
import sys
from pathlib import Path

import tensorflow as tf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from math_reference_cases import CASES, evaluate  # noqa: E402

OUTPUT = Path(__file__).resolve().parent / "tf_math_reference.json"

if __name__ == "__main__":
    reference = {"tensorflow": tf.__version__,
                 "cases": {case: evaluate(case, tf) for case in CASES}}
    OUTPUT.write_text(json.dumps(reference, indent=1, sort_keys=True) + "\n")
    print(f"{len(CASES)} cases from TensorFlow {tf.__version__} -> {OUTPUT}")
