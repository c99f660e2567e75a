"""Recording: the tapes that are active, the Record each keeps per op, and the recording rule.

TF's rule: a tape records an op when one of its inputs is a floating tensor the tape tracks
(watched, a variable it saw read, or the output of an op it recorded). Only floating outputs
become tracked, so integer paths are never recorded.

Everything in `recording_tapes` has `_tracked` (a set of tensor ids), `_append(record)` and
`_watch_accessed_variables`: GradientTapes, ForwardAccumulators and custom_gradient's variable
watcher. A forward accumulator computes tangents by running engine ops, so it must see an op
only after every tape has recorded it (otherwise an outer tape would hold the tangent ops
before the op that produced their inputs, breaking the reverse order): its `_append` queues
it in `forward_pending`, and `record` runs the queue once the op is recorded everywhere.
"""

from typing import Any

from . import hooks
from .ops_saved import ALL, select_saved
from .tensor import TRACKED_DTYPES

# The tapes (and forward accumulators, variable watchers) currently recording, innermost last.
recording_tapes: list[Any] = []

# Forward accumulators waiting for the op being recorded (see the module docstring).
forward_pending: list[Any] = []


class Record:
    """One op as a tape keeps it for backward. Shared by every tape that recorded the op.

    `op` is the OpDef; `input_ids`/`output_ids` the tensors' ids; `inputs`/`outputs` hold only
    the tensors the op's gradient needs (others are None, or the whole tuple is None when
    nothing is needed): that is what the tape saves for backward; `attrs` is what the op passed
    to execute.

    No __init__: recording makes `Record()` and sets the slots itself, since calling a class
    without one skips a Python frame (this runs for every recorded op).
    """

    __slots__ = ("op", "input_ids", "output_ids", "inputs", "outputs", "attrs")
    # Declared for readers and mypy only (no values: the slots above hold them).
    op: Any
    input_ids: tuple[int, ...]
    output_ids: tuple[int, ...]
    inputs: tuple[Any, ...] | None
    outputs: tuple[Any, ...] | None
    attrs: Any

    def __repr__(self):
        return f"Record({self.op.type}, inputs={self.input_ids}, outputs={self.output_ids})"


def record(opdef, inputs, outputs, attrs):
    """Appends a Record of this op to every recording tape that tracks one of its inputs.

    engine.ops.registry.execute inlines this for ops with one output (most ops): a change
    here belongs there too."""
    n = len(inputs)
    # no list comprehension for one or two inputs: in Python 3.11 it is a function call
    input_ids = (
        (inputs[0]._id,)
        if n == 1
        else (inputs[0]._id, inputs[1]._id)
        if n == 2
        else tuple([t._id for t in inputs])
    )
    rec = None
    for tape in recording_tapes:
        tracked = tape._tracked
        if tracked.isdisjoint(input_ids):
            continue
        if rec is None:  # built once, shared by every tape
            # slots set directly (no __init__ frame, about a third cheaper), and the op's own
            # tuple kept as is when the gradient needs all of it (`is ALL` first)
            rec = Record()
            rec.op = opdef
            rec.input_ids = input_ids
            rec.output_ids = tuple([t._id for t in outputs])
            saved = opdef.saves_inputs
            rec.inputs = inputs if saved is ALL else select_saved(saved, inputs) if saved else None
            saved = opdef.saves_outputs
            rec.outputs = (
                outputs if saved is ALL else select_saved(saved, outputs) if saved else None
            )
            rec.attrs = attrs
        for out in outputs:
            if type(out._value.dtype) in TRACKED_DTYPES:
                tracked.add(out._id)
        tape._append(rec)
    if forward_pending:
        run_forward_accumulators(rec, inputs, outputs)
    return rec


def run_forward_accumulators(rec, inputs, outputs):
    # Taken off the queue first: the tangent ops they run are recorded (and queued) in turn.
    pending = forward_pending[:]
    forward_pending.clear()
    for accumulator in pending:
        accumulator._forward(rec, inputs, outputs)


def variable_read(variable):
    """A variable was read while tapes record: those that watch accessed variables watch it."""
    if variable.trainable:
        for tape in recording_tapes:
            if tape._watch_accessed_variables:
                tape._watch_variable(variable)


def push(tape):
    recording_tapes.append(tape)


def pop(tape):
    # The innermost occurrence: a tape is in the list at most once, but search from the end
    # since it is almost always the last one.
    for index in range(len(recording_tapes) - 1, -1, -1):
        if recording_tapes[index] is tape:
            del recording_tapes[index]
            return
    raise ValueError("Tape is not recording.")


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
