"""The BackwardObserver of one gradient/jacobian call: the steps the engine actually ran.

The backward loop reports, per record it runs: an Accumulated event for each extra contribution
to a tensor used more than once, then Stepped (saying whether a non-persistent tape dropped the
record after); records it skips (no gradient reached them) are only Released. A jacobian
announces each of its passes with Seeded. This class files each event under the step it
belongs to: a skipped record's release under the next step that runs.

While the loop runs, a step is kept as the engine handed it over (its record and gradient
objects): turning it into RawTensors and a RawStep waits for build time (`materialize`), so
a debugged backward pass costs little more than the plain one.
"""

from typing import Any

from .. import hooks, introspection
from ..hooks import Accumulated, Finished, Released, Seeded, Stepped
from .raw import RawStep

# Positions in a pending step (a list, so a later release can still be appended to it).
_RECORD, _UPSTREAM, _PRODUCED, _TRACKED, _ACCUMULATED, _RELEASED, _PASS, _SEQ = range(8)


class BackwardTrace(hooks.BackwardObserver):
    def __init__(self, recorder, call, tape):
        self._recorder = recorder
        self._call = call
        self._tracked = introspection.tracked_ids(tape)
        self._pass = -1
        self._accumulations = []
        self._released = []  # records dropped before the next step (skipped ones)
        self._in_pass = False

    def on_backward(self, event):
        # by frequency: a step per record, an accumulation per reused tensor, a pass per call
        event_type = type(event)
        if event_type is Stepped:
            self._step(event)
        elif event_type is Accumulated:
            self._accumulations.append((event.tensor_id, event.contribution, event.total))
        elif event_type is Released:
            self._release(event.record)
        elif event_type is Seeded:
            self._seeded(event.seeds)
        elif event_type is Finished:
            self._end_pass()

    def _seeded(self, seeds):
        self._end_pass()
        self._in_pass = True
        self._pass += 1
        self._call.passes += 1
        self._call.raw_seeds.append((self._pass, dict(seeds)))

    def _step(self, event):
        recorder, call = self._recorder, self._call
        recorder.seq += 1
        record = event.record
        released = self._released
        if event.released:
            released.append(record)
        step = [
            record,
            event.upstream,
            event.produced,
            list(map(self._tracked.__contains__, record.input_ids)),  # (no comprehension frame)
            self._accumulations,
            released,
            self._pass,
            recorder.seq,
        ]
        self._accumulations, self._released = [], []
        call.raw_steps.append(step)
        recorder.memory_log.append(("step", call, len(call.raw_steps) - 1))

    def _release(self, record):
        if self._in_pass:  # a record no gradient reached: dropped before the next step runs
            self._released.append(record)
        else:  # after the last pass: the tape letting go of what is left
            self._call.released_after_records.append(record)

    def _end_pass(self):
        if self._released:
            self._call.released_after_records.extend(self._released)
            self._released = []
        self._in_pass = False

    def close(self):
        """The call ended (maybe with an error inside a pass)."""
        self._end_pass()


def materialize(recorder, call):
    """Turns the call's pending steps and seeds (those not turned yet) into RawSteps and
    RawTensors; `call.step_by_raw[i]` is the RawStep of the i-th reported step (or None)."""
    location, stmt = call.location, call.stmt

    def gradient(g):
        return recorder.gradient_of(g, location, stmt)

    targets: dict[int, Any] = {}
    for target in call.targets:
        targets.setdefault(target.eid, target)
    for pass_index, seeds in call.raw_seeds[call.seeds_done :]:
        for eid, g in seeds.items():
            target = targets.get(eid)
            if target is not None:
                call.seeds.append((pass_index, target, gradient(g)))
    call.seeds_done = len(call.raw_seeds)
    op_of = recorder.op_by_record.get
    for entry in call.raw_steps[len(call.step_by_raw) :]:
        op = op_of(id(entry[_RECORD]))
        if op is None:  # recorded before the capture began: nothing to show it with
            call.step_by_raw.append(None)
            continue
        upstream = [(out, gradient(g)) for out, g in zip(op.outputs, entry[_UPSTREAM])]
        # A gradient for an input the tape does not track is dropped by the loop: none flows.
        produced = [
            (inp, gradient(g) if kept else None)
            for inp, g, kept in zip(op.inputs, entry[_PRODUCED], entry[_TRACKED])
        ]
        accumulations = []
        for eid, contribution, total in entry[_ACCUMULATED]:
            variable = recorder.variables.get(eid)
            into = variable.tensor if variable is not None else recorder.by_eid.get(eid)
            if into is not None:
                accumulations.append((into, gradient(contribution), gradient(total)))
        step = RawStep(
            len(call.steps), op, upstream, produced, accumulations, [], entry[_PASS], entry[_SEQ]
        )
        step.released_records = entry[_RELEASED]  # still appended to while the call runs
        call.steps.append(step)
        call.step_by_raw.append(step)
    for step in call.steps:
        step.released = [o for o in (op_of(id(r)) for r in step.released_records) if o is not None]
    call.released_after = [
        o for o in (op_of(id(r)) for r in call.released_after_records) if o is not None
    ]


class Provisional:
    """What `materialize` adds for a live snapshot, taken back once the snapshot is built.

    Materializing appends the calls' gradient tensors at the end of the recorder's tensors,
    inside the step still running. Left there, a later drop of that step (retention.py) would
    take away gradients a kept call's steps point at (a KeyError in the final build), and keep
    those of a dropped call; the final capture's ids would not be the ones a run without
    snapshots gets. The final build materializes everything again, in the same order."""

    def __init__(self, recorder):
        self._recorder = recorder
        self._tensors = len(recorder.tensors)
        self._by_eid = dict(recorder.by_eid)
        self._calls = [
            (call, len(call.steps), len(call.step_by_raw), len(call.seeds), call.seeds_done)
            for call in recorder.calls
        ]

    def undo(self):
        r = self._recorder
        added = r.tensors[self._tensors :]
        del r.tensors[self._tensors :]
        r.by_eid.clear()
        r.by_eid.update(self._by_eid)
        ids = set(map(id, added))
        for key in [k for k, (_, raw) in r.slices.items() if id(raw) in ids]:
            del r.slices[key]
        keeper = r.keeper
        for t in added:
            keeper.states.pop(t.id, None)
            kept = keeper.kept.pop(t.id, None)
            if kept is not None:
                keeper.kept_bytes -= kept.nbytes
        keeper._considered = min(keeper._considered, self._tensors)
        for call, steps, by_raw, seeds, seeds_done in self._calls:
            del call.steps[steps:]
            del call.step_by_raw[by_raw:]
            del call.seeds[seeds:]
            call.seeds_done = seeds_done
