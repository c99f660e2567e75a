"""Live snapshots (Capture.refresh(), capture_program's checkpoint) taken anywhere in a loop
whose retention policy drops steps: each is a consistent capture, and the final capture is the
one the run gives without snapshots (a snapshot used to leave the gradients it materialized
inside the running step, and dropping that step broke the final build with a KeyError)."""

import pytest

from engine.debug import capture_program
from engine.debug.step_rows import step_rows

KERAS_LOOP = """import numpy as np
import tensorflow as tf
tf.keras.utils.set_random_seed(0)
rng = np.random.default_rng(0)
x = tf.constant(rng.normal(size=(32, 6)).astype("float32"))
y = tf.constant(rng.normal(size=(32, 1)).astype("float32"))
layers = [tf.keras.layers.Dense(8, activation="relu", name=f"hidden{i}") for i in range(3)]
model = tf.keras.Sequential(layers + [tf.keras.layers.Dense(1, name="out")], name="net")
optimizer = tf.keras.optimizers.Adam(1e-3, name="adam")
for step in range(30):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean((model(x) - y) ** 2)
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
"""


def _comparable(capture):
    data = capture.model_dump(mode="json", by_alias=True)
    data.pop("created")
    for site in data["steps"]:
        site.pop("seconds")  # wall time: the only other field that differs between runs
    return data


def _rows(capture):
    """Every step's record, as the API pages them."""
    return step_rows(capture, None, 0, 1_000_000)[0]


def _assert_consistent(capture, undecided=0):
    """Every id a capture's parts point at is in it; the kept steps own its calls and tapes,
    but for those of the `undecided` steps (a snapshot's running step and those the policy
    may still keep as last)."""
    tensors = {t.id for t in capture.tensors}
    ops = {op.id for op in capture.ops}
    assert all(set(op.inputs) | set(op.outputs) <= tensors for op in capture.ops)
    for call in capture.calls:
        for step in call.steps:
            assert step.op in ops
            pairs = step.upstream + step.produced
            assert {p.tensor for p in pairs} | {p.gradient for p in pairs if p.gradient} <= tensors
        assert {r.gradient for r in call.results if r.gradient is not None} <= tensors
        assert {n.op for n in call.norms} <= ops
    kept = [s for s in _rows(capture) if s.kept]
    for owned, listed in [
        (sorted(c for s in kept for c in s.calls), [c.id for c in capture.calls]),
        (sorted(t for s in kept for t in s.tapes), [t.id for t in capture.tapes]),
    ]:
        assert listed[: len(owned)] == owned
        assert len(listed) - len(owned) <= undecided
    assert all(set(f.tensors) <= tensors and set(f.ops) <= ops for f in capture.findings)


@pytest.mark.parametrize("keep", [None, "first:2,last:2"])
def test_snapshots_through_a_long_loop_leave_the_final_capture_as_without_them(keep):
    options = {} if keep is None else {"keep": keep}
    plain = capture_program(KERAS_LOOP, "loop.py", **options)
    assert plain.error is None and len(_rows(plain)) == 30
    snapshots = []
    offers = {"n": 0}

    def checkpoint(snapshot):
        # two offers a step (the tape closed, the gradient call ended): snapshots at both, at
        # several points of the loop, before and after steps are dropped
        offers["n"] += 1
        if offers["n"] in (1, 2, 9, 14, 23, 40, 47, 48, 59):
            snapshots.append(snapshot())

    final = capture_program(KERAS_LOOP, "loop.py", checkpoint=checkpoint, **options)
    assert final.error is None
    assert _comparable(final) == _comparable(plain)
    _assert_consistent(final)
    first, last = (3, 3) if keep is None else (2, 2)
    assert [s.step for s in _rows(final) if s.kept] == [*range(first), *range(30 - last, 30)]
    assert len(snapshots) == 9
    for snapshot in snapshots:
        _assert_consistent(snapshot, undecided=last + 1)
    # the snapshots grow with the run: each has the records of the steps begun so far
    # each snapshot has the record of every step ended so far, as the final capture has it
    assert [len(_rows(s)) for s in snapshots] == [0, 0, 4, 6, 11, 19, 23, 23, 29]
    ended = [(r.step, r.losses, r.grad_norms) for r in _rows(final)]
    for snapshot in snapshots:
        rows = _rows(snapshot)
        assert [(r.step, r.losses, r.grad_norms) for r in rows] == ended[: len(rows)]
