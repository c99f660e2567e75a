"""Recording: the tapes that are active, the Record each keeps per op, and the recording rule.

TF's rule: a tape records an op when one of its inputs is a floating tensor the tape tracks
(watched, a variable it saw read, or the output of an op it recorded). Only floating outputs
become tracked, so integer paths are never recorded.
"""
from . import hooks
from .ops_saved import ALL, select_saved

# The tapes (and forward accumulators) currently recording, innermost last.
recording_tapes = []


class Record:
    """One op as a tape keeps it for backward. Shared by every tape that recorded the op.

    `inputs`/`outputs` hold only the tensors the op's gradient needs (others are None, or the
    whole tuple is None when nothing is needed): that is what the tape saves for backward.
    """

    __slots__ = ("op", "input_ids", "output_ids", "inputs", "outputs", "attrs")

    def __init__(self, op, input_ids, output_ids, inputs, outputs, attrs):
        self.op = op
        self.input_ids = input_ids
        self.output_ids = output_ids
        self.inputs = inputs
        self.outputs = outputs
        self.attrs = attrs

    def __repr__(self):
        return f"Record({self.op.type}, inputs={self.input_ids}, outputs={self.output_ids})"


def record(opdef, inputs, outputs, attrs):
    """Appends a Record of this op to every recording tape that tracks one of its inputs."""
    rec = None
    for tape in recording_tapes:
        tracked = tape._tracked
        for t in inputs:
            if t._id in tracked:
                break
        else:
            continue
        if rec is None:
            saves_inputs, saves_outputs = opdef.saves_inputs, opdef.saves_outputs
            rec = Record(
                opdef,
                tuple([t._id for t in inputs]),
                tuple([t._id for t in outputs]),
                # `is ALL` first: the op's own tuple is kept as is, with no copy
                inputs if saves_inputs is ALL else select_saved(saves_inputs, inputs),
                outputs if saves_outputs is ALL else select_saved(saves_outputs, outputs),
                attrs,
            )
        for out in outputs:
            if out._value.dtype.kind == "f":
                tracked.add(out._id)
        tape._append(rec)
    return rec


def variable_read(variable):
    """A variable was read while tapes record: those that watch accessed variables watch it."""
    if variable.trainable:
        for tape in recording_tapes:
            if tape._watch_accessed_variables:
                tape._watch_variable(variable)


def push(tape):
    recording_tapes.append(tape)


def pop(tape):
    recording_tapes.remove(tape)


class stop_all_recording:
    """Context in which no tape records (used by optimizers and by the engine itself)."""

    def __enter__(self):
        self._paused = recording_tapes[:]
        recording_tapes.clear()

    def __exit__(self, *exc):
        recording_tapes[:] = self._paused


def notify_tape(tape, kind, tensor=None):
    if hooks.observers:
        hooks.notify("tape_event", tape, kind, tensor)
