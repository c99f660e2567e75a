"""The differential corpus: small TF2 eager programs run by real TensorFlow and by the engine.

Each cases_*.py module holds one concept's cases (strings of code) in CASES, and TF's results
for them in reference/<module>.json, written by generate_tf_math_reference.py; one file per
module, so that concepts are recorded (and reviewed) independently.
test_differential_reference.py compares the engine's results with them.
"""

import importlib
import json
import pkgutil
from pathlib import Path

REFERENCE_DIR = Path(__file__).parent / "reference"

MODULES = {
    info.name: importlib.import_module(f"{__name__}.{info.name}")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name)
    if info.name.startswith("cases_")
}

# dict.fromkeys: a case written twice (by two concepts) runs once, in its first place.
CASES = list(dict.fromkeys(case for module in MODULES.values() for case in module.CASES))


def reference_path(module_name):
    return REFERENCE_DIR / f"{module_name}.json"


def load_reference():
    """TF's recorded result for every case, merged over the modules' reference files."""
    cases = {}
    for path in sorted(REFERENCE_DIR.glob("cases_*.json")):
        cases.update(json.loads(path.read_text())["cases"])
    return cases
