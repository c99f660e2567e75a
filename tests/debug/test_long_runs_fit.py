"""Long runs of Keras `fit`: 1,000 steps captured with the default policy keep the expected
steps, every step's record equals what the program prints from a callback (its loss, and the
update ratios it computes from the weights before and after the batch), the step where the
loss overflows and the op that made it are found, and what the recorder holds does not grow
with the number of steps."""

import gc
import re

import numpy as np
import pytest

import engine as tf
import engine.debug
from engine.debug import capture_program
from engine.debug.retention import DEFAULT

from .test_long_runs import DEFAULT_KEPT_OF_A_THOUSAND, holdings, kept_steps, rows

FIT = """import numpy as np
import tensorflow as tf

rng = np.random.default_rng(0)
x = rng.normal(size=(32, 4)).astype("float32")
y = x @ np.array([[1.0], [-2.0], [0.5], [0.0]], "float32")
tf.keras.utils.set_random_seed(0)
model = tf.keras.Sequential([
    tf.keras.Input((4,)),
    tf.keras.layers.Dense(8, activation="tanh"),
    tf.keras.layers.Dense(1),
])
model.compile(optimizer=tf.keras.optimizers.SGD(LEARNING_RATE), loss="mse")


class Show(tf.keras.callbacks.Callback):
    def on_train_batch_begin(self, batch, logs=None):
        self.before = [w.astype(np.float64) for w in self.model.get_weights()]

    def on_train_batch_end(self, batch, logs=None):
        ratios = []
        for before, after in zip(self.before, self.model.get_weights()):
            base = np.linalg.norm(before)
            change = np.linalg.norm(after.astype(np.float64) - before)
            ratios.append(float(change / base) if base > 0 else float("inf"))
        print(repr(float(logs["loss"])), *map(repr, ratios))


model.fit(x, y, epochs=STEPS, batch_size=32, shuffle=False, verbose=0, callbacks=[Show()])
"""
FIT_LINE = 29


def fit(steps, learning_rate):
    """One batch an epoch: Keras's logged loss (the epoch's mean so far) is the batch's."""
    source = FIT.replace("STEPS", str(steps)).replace("LEARNING_RATE", str(learning_rate))
    assert source.splitlines()[FIT_LINE - 1].startswith("model.fit(")
    return capture_program(source, "fit.py")


def printed(capture):
    return [[float(v) for v in line.split()] for line in capture.stdout.splitlines()]


def test_a_thousand_steps_of_fit_keep_the_first_and_last_three_and_record_what_it_printed():
    capture = fit(1000, 0.05)
    assert capture.error is None and capture.keep == DEFAULT
    (site,) = capture.sites
    assert site.location.line == FIT_LINE and site.steps == 1000
    # (Keras numbers its names on across the captures of one process: sequential_1/dense_2)
    assert [v.rsplit("/", 1)[1] for v in site.variables] == ["kernel", "bias"] * 2
    assert all(re.fullmatch(r"sequential(_\d+)?/dense(_\d+)?", layer) for layer in site.layers)
    assert len(site.layers) == 2
    assert kept_steps(capture) == DEFAULT_KEPT_OF_A_THOUSAND
    lines = printed(capture)
    assert len(lines) == len(rows(capture)) == 1000
    for record, (loss, *ratios) in zip(rows(capture), lines):
        assert record.losses == [pytest.approx(loss, rel=1e-7)]
        # the biases start at 0: their first ratio is infinite, written "inf"
        assert [
            "inf" if r == float("inf") else pytest.approx(r, rel=1e-6) for r in ratios
        ] == record.update_ratios
        assert record.none_gradients == record.zero_gradients == 0


def test_the_step_where_fit_overflows_and_the_op_that_made_it_are_found():
    capture = fit(100, 1.0)
    losses = [line[0] for line in printed(capture)]
    first = next(i for i, loss in enumerate(losses) if not np.isfinite(loss))
    assert all(np.isfinite(losses[:first]))
    record = rows(capture)[first]
    assert "nonfinite" in record.marks and "anomaly:nonfinite" in record.reasons
    assert record.kept
    (finding,) = [f for f in capture.findings if f.code == "nonfinite_at_step"]
    assert f"became Inf at step {first}" in finding.message
    assert finding.line == FIT_LINE
    (op,) = [capture.ops[i] for i in finding.ops]
    # the batch's squared errors, each finite, overflow float32 when the loss sums them
    assert op.type == "Sum" and op.location.line == FIT_LINE
    (output,) = op.outputs
    assert capture.tensors[output].summary.infs == 1
    assert capture.tensors[op.inputs[0]].summary.infs == 0


def _held_after_fit(epochs):
    """What the recorder holds at the end of `fit` for `epochs` one-batch epochs."""
    gc.collect()
    x = np.random.default_rng(0).normal(size=(16, 4)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    with engine.debug.capture() as cap:
        tf.keras.utils.set_random_seed(0)
        model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(1)])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
        model.fit(x, y, epochs=epochs, batch_size=16, verbose=0)
        held = holdings(cap._session.recorder)
    return held, len(rows(cap))


def test_what_the_recorder_holds_in_fit_does_not_grow_with_the_number_of_steps():
    held_short, steps_short = _held_after_fit(200)
    held_long, steps_long = _held_after_fit(1000)
    assert (steps_short, steps_long) == (200, 1000)
    assert held_short == held_long
