"""The differential corpus: small TF2 eager programs run by real TensorFlow and by the engine.

Each cases_*.py module holds one concept's cases (strings of code); CASES is all of them.
TF's results live in tests/engine/tf_differential_reference.json, written by
generate_tf_math_reference.py; test_differential_reference.py compares the engine's.
"""

from . import (
    cases_autodiff_more,
    cases_dtypes,
    cases_gradients,
    cases_misuse,
    cases_modules,
    cases_printing,
    cases_protocol,
    cases_shapes_and_control,
    cases_tape,
    cases_variables,
)

# dict.fromkeys: a case written twice (by two concepts) runs once, in its first place.
CASES = list(
    dict.fromkeys(
        case
        for module in (
            cases_dtypes,
            cases_printing,
            cases_protocol,
            cases_variables,
            cases_tape,
            cases_gradients,
            cases_modules,
            cases_shapes_and_control,
            cases_autodiff_more,
            cases_misuse,
        )
        for case in module.CASES
    )
)
