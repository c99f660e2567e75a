"""The BackwardObserver of one gradient/jacobian call: the steps the engine actually ran.

The backward loop reports, per record it runs: `accumulated` for each extra contribution to a
tensor used more than once (before the step), then `step`, then `released` (a non-persistent
tape); records it skips (no gradient reached them) are only `released`. A jacobian announces
each of its passes with `seeded`. This class files each report under the step it belongs to.
"""
from .. import hooks
from . import engine_view
from .raw import RawStep


class BackwardTrace(hooks.BackwardObserver):
    def __init__(self, recorder, call, tape):
        self._recorder = recorder
        self._call = call
        self._tape = tape
        self._pass = -1
        self._accumulations = []
        self._released = []  # records dropped before the next step (skipped ones)
        self._last_step = None
        self._in_pass = False

    def _gradient(self, g):
        call = self._call
        return self._recorder.gradient_of(g, call.location, call.stmt)

    def seeded(self, seeds):
        self._end_pass()
        self._in_pass = True
        self._pass += 1
        call = self._call
        call.passes += 1
        by_eid = {}
        for target in call.targets:
            by_eid.setdefault(target.eid, target)
        for eid, gradient in seeds.items():
            target = by_eid.get(eid)
            if target is not None:
                call.seeds.append((self._pass, target, self._gradient(gradient)))

    def step(self, record, upstream, produced):
        recorder, call = self._recorder, self._call
        op = recorder.op_by_record.get(id(record))
        if op is None:  # recorded before the capture began: nothing to show it with
            self._accumulations = []
            return
        recorder.seq += 1
        tracked = engine_view.tracked_ids(self._tape)
        gradient = self._gradient
        step = RawStep(
            len(call.steps), op,
            [(out, gradient(g)) for out, g in zip(op.outputs, upstream)],
            # A gradient for an input the tape does not track is dropped by the loop: none flows.
            [(inp, gradient(g) if g is not None and eid in tracked else None)
             for inp, eid, g in zip(op.inputs, record.input_ids, produced)],
            self._accumulations, self._released, self._pass, recorder.seq)
        self._accumulations, self._released = [], []
        call.steps.append(step)
        self._last_step = step
        recorder.memory_log.append(("step", call, step))

    def accumulated(self, tensor_id, contribution, total):
        recorder = self._recorder
        target = recorder.by_eid.get(tensor_id)
        variable = recorder.variables.get(tensor_id)
        if variable is not None:
            target = variable.tensor
        if target is None:
            return
        self._accumulations.append((target, self._gradient(contribution), self._gradient(total)))

    def released(self, record):
        op = self._recorder.op_by_record.get(id(record))
        if op is None:
            return
        if not self._in_pass:  # after the last pass: the tape letting go of what is left
            self._call.released_after.append(op)
        elif self._last_step is not None and self._last_step.op is op:
            self._last_step.released.append(op)
        else:  # a record no gradient reached: dropped before the next step runs
            self._released.append(op)

    def _end_pass(self):
        if self._released:
            self._call.released_after.extend(self._released)
            self._released = []
        self._last_step = None
        self._in_pass = False

    def finished(self, gradients):
        self._end_pass()

    def close(self):
        """The call ended (maybe with an error inside a pass)."""
        self._end_pass()
