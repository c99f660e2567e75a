"""A capture's JSON written piece by piece (streamed_json.py) is byte for byte pydantic's own
`model_dump_json(by_alias=True, exclude_none=True)`: the example programs, a long run's step
columns with non-finite entries and missing ones, an error, non-ASCII output."""

from pathlib import Path

import numpy as np
import pytest

from engine.debug import Capture

from .programs import run

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples").glob("*.py"))

LONG_RUN = """
    import numpy as np
    import tensorflow as tf
    w = tf.Variable([1.0, -1.0])
    b = tf.Variable(0.5)
    for step in range(60):
        with tf.GradientTape() as tape:
            scale = 1e30 if step == 40 else 1.0  # an overflow: Inf, then NaN, from step 40
            loss = tf.reduce_sum((w * scale) ** 2) + (b if step % 7 else 0.0)
        grads = tape.gradient(loss, [w, b])  # b's gradient None every 7th step
        w.assign_sub(0.01 * grads[0])
    print("fin — done", float(loss))
    raise ValueError("stopped — here")
    """


def pydantic_json(capture: Capture) -> bytes:
    return capture.model_dump_json(by_alias=True, exclude_none=True).encode()


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda path: path.stem)
def test_an_example_programs_capture_is_pydantics_json(path):
    capture = run(path.read_text())
    assert capture.to_json_bytes() == pydantic_json(capture)


def test_a_long_runs_columns_with_nan_inf_and_none_are_pydantics_json():
    capture = run(LONG_RUN)
    assert capture.error is not None and "—" in capture.stdout
    (site,) = capture.steps
    assert site.grad_norms.missing.any()  # b's None gradients
    assert np.isinf(site.losses.values).any() and np.isnan(site.losses.values).any()
    written = capture.to_json_bytes()
    assert written == pydantic_json(capture)
    assert capture.to_json() == written.decode()
    assert Capture.from_json(capture.to_json()) == capture


def test_an_empty_capture_is_pydantics_json():
    capture = Capture()
    assert capture.to_json_bytes() == pydantic_json(capture)
