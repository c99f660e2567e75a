"""Captures round-trip through JSON without loss, are deterministic, and match the checked-in
JSON Schema generated from the models."""

import json

import jsonschema_rs  # comes with schemathesis (a dev dependency)
import numpy as np

from engine.debug import SCHEMA_VERSION, Capture
from engine.debug.json_schema import SCHEMA_FILE, text
from engine.debug.summaries import value_from_json

from .programs import run

PROGRAM = """
    import numpy as np
    import tensorflow as tf
    tf.random.set_seed(7)
    w = tf.Variable(tf.random.normal([3, 4]), name="w")
    x = tf.constant([[1.0, 2.0, 3.0], [0.0, -1.0, 0.5]])
    with tf.GradientTape(persistent=True) as tape:
        h = tf.nn.relu(x @ w)
        y = tf.where(h > 0.5, tf.math.log(h), 0.0)
        loss = tf.reduce_sum(y)
    g = tape.gradient(loss, w)
    j = tape.jacobian(h, w)
    print("loss", float(loss))
    big = tf.ones([40, 40]) * g[0, 0]
    z = np.mean(x.numpy())
    """


def test_json_round_trip_is_lossless():
    capture = run(PROGRAM)
    text_ = capture.to_json()
    again = Capture.from_json(text_)
    assert again == capture
    assert again.to_json() == text_
    assert json.loads(text_)["schema"] == SCHEMA_VERSION


def test_same_program_same_capture_apart_from_created():
    first, second = json.loads(run(PROGRAM).to_json()), json.loads(run(PROGRAM).to_json())
    assert first.pop("created") != "" and second.pop("created") != ""
    for document in (first, second):  # a step's wall time is the other measured field
        assert all(s >= 0 for site in document["steps"] for s in site.pop("seconds"))
    assert first == second


def test_the_checked_in_schema_is_the_generated_one():
    assert SCHEMA_FILE.read_text() == text(), (
        "run `python -m engine.debug.json_schema` and commit schemas/capture.schema.json"
    )


def test_captures_validate_against_the_schema_file():
    validator = jsonschema_rs.validator_for(json.loads(SCHEMA_FILE.read_text()))
    failing = "import tensorflow as tf\nx = tf.constant(1) + 2\nraise ValueError('x')"
    for source in (PROGRAM, failing):
        document = json.loads(run(source).to_json())
        errors = list(validator.iter_errors(document))
        assert not errors, errors[:3]
    assert not validator.is_valid({"schema": "1.1", "tensors": [{"id": "not an int"}]})


def test_small_values_are_kept_exactly_and_large_ones_summarized():
    capture = run(PROGRAM, value_cap=1024)
    big = next(t for t in capture.tensors if t.shape == [40, 40])
    assert big.summary.value is None and big.summary.histogram is not None
    assert sum(big.summary.histogram.counts) == 1600
    w = next(t for t in capture.tensors if t.name == "w")
    value = value_from_json(w.summary.value, w.dtype, w.shape)
    assert value.dtype == np.float32 and value.shape == (3, 4)
    # float32 statistics are written with float32's shortest digits: equal as float32
    assert value.min() == np.float32(w.summary.min) and value.max() == np.float32(w.summary.max)
    assert capture.limits["value_cap"] == 1024


def test_non_finite_values_are_written_as_strings():
    capture = run(PROGRAM)
    inf = next(t for t in capture.tensors if t.summary.infs)
    assert "-inf" in json.dumps(inf.summary.value)
    decoded = value_from_json(inf.summary.value, inf.dtype, inf.shape)
    assert np.isneginf(decoded).sum() == inf.summary.infs


def test_letting_arrays_go_early_changes_nothing_in_the_capture():
    """With a tiny held_cap the recorder summarizes and drops arrays as it goes (spill.py);
    the capture must be the same as when it keeps them all to the end."""
    from pathlib import Path

    from engine.debug import capture_program
    from engine.debug.spill import Spill

    drops = []
    original = Spill._drop

    def counted(self, amount):
        drops.append(amount)
        return original(self, amount)

    # (Keras initializers draw differently on a second run in one process, as in TF: the
    # programs here use tf.random only)
    for name in (
        "18_dead_relu",
        "15_vanishing_sigmoid_vs_relu",
        "30_saturated_tanh",
        "22_cnn_step",
    ):
        source = (Path(__file__).resolve().parents[2] / "examples" / f"{name}.py").read_text()
        kept = json.loads(capture_program(source, "p.py").to_json())
        drops.clear()
        Spill._drop = counted
        try:
            dropped = json.loads(capture_program(source, "p.py", held_cap=1024).to_json())
        finally:
            Spill._drop = original
        assert drops, name  # arrays were really let go along the way
        for document in (kept, dropped):
            document.pop("created")
            document["limits"].pop("held_bytes_cap")
            for site in document["steps"]:
                site.pop("seconds")
        assert kept == dropped, name
