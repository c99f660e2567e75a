"""Recording: the tapes that are active, the Record each keeps per op, and the recording rule.

TF's rule: a tape records an op when one of its inputs is a floating tensor the tape tracks
(watched, a variable it saw read, or the output of an op it recorded). Only floating (and
complex) outputs become tracked, so integer paths are never recorded.

Everything in `recording_tapes` has `_tracked` (a set of tensor ids), `_append(record)` and
`_watch_accessed_variables`: GradientTapes, ForwardAccumulators and custom_gradient's variable
watcher. A forward accumulator computes tangents by running engine ops, so it must see an op
only after every tape has recorded it (otherwise an outer tape would hold the tangent ops
before the op that produced their inputs, breaking the reverse order): its `_append` queues
it in `forward_pending`, and `record` runs the queue once the op is recorded everywhere.

`recording_tapes`, `forward_pending` and hooks.observers are mutated in place, never
rebound, so the op modules bind them once.
"""

from typing import Any

from .hooks import observers
from .ops_saved import ALL, select_saved
from .tensor import COMPLEX_DTYPES, FLOAT_DTYPES

# {op: the same op with TF's complex gradient convention}, filled by engine/ops/complex_ops.py
# for the holomorphic op types; records with a complex output use it.
complex_variants: dict = {}

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
    """The recording rule, the one place it lives: appends one Record of this op to every
    recording tape that tracks one of its inputs, marks its floating and complex outputs
    tracked there, then tells the observers the op ran. Returns the Record, or None.
    `outputs` is the op's one output tensor (most ops), or a tuple of its outputs.

    engine.ops.registry.execute and execute_many (and the elementwise ops' inlined execute)
    call it only while a tape records or an observer listens. It runs for every recorded op,
    so it is written for speed: one output (most ops) without a tuple or a loop, no list
    comprehension for one or two inputs (in Python 3.11 it is a function call), slots set
    directly, the op's own tuples kept when the gradient needs all of them (`is ALL` first).
    """
    rec = None
    if recording_tapes and inputs:  # an op without inputs is never recorded
        n = len(inputs)
        input_ids = (
            (inputs[0]._id,)
            if n == 1
            else (inputs[0]._id, inputs[1]._id)
            if n == 2
            else tuple([t._id for t in inputs])
        )
        output = None if type(outputs) is tuple else outputs
        for tape in recording_tapes:
            tracked = tape._tracked
            # the first input decides most ops without a method call
            if input_ids[0] not in tracked and tracked.isdisjoint(input_ids):
                continue
            if rec is None:  # built once, shared by every tape
                rec = Record()  # no __init__ frame (about a third cheaper)
                rec.op = opdef
                rec.input_ids = input_ids
                saved = opdef.saves_inputs
                rec.inputs = (
                    inputs if saved is ALL else select_saved(saved, inputs) if saved else None
                )
                saved = opdef.saves_outputs
                if output is not None:  # saves_outputs is (), (0,) or ALL
                    rec.output_ids = (output._id,)
                    rec.outputs = (output,) if saved else None
                else:
                    rec.output_ids = tuple([t._id for t in outputs])
                    rec.outputs = outputs if saved is ALL else select_saved(saved, outputs)
                rec.attrs = attrs
            if output is None:
                _track_outputs(tracked, outputs, rec, opdef)
            elif type(output._value.dtype) in FLOAT_DTYPES:
                tracked.add(output._id)
            elif type(output._value.dtype) in COMPLEX_DTYPES:
                tracked.add(output._id)
                rec.op = complex_variants.get(opdef, opdef)  # TF's conjugate convention
            tape._append(rec)
        if forward_pending:
            run_forward_accumulators(rec, inputs, (outputs,) if output is not None else outputs)
    if observers:
        if type(outputs) is not tuple:
            outputs = (outputs,)
        for observer in observers:  # hooks.notify, inlined: it runs for every op observed
            observer.op_executed(opdef.type, inputs, outputs, rec)
    return rec


def _track_outputs(tracked, outputs, rec, opdef):
    """`record` for an op with several outputs: the floating and complex ones are tracked."""
    for output in outputs:
        if type(output._value.dtype) in FLOAT_DTYPES:
            tracked.add(output._id)
        elif type(output._value.dtype) in COMPLEX_DTYPES:
            tracked.add(output._id)
            rec.op = complex_variants.get(opdef, opdef)


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
    # hooks.notify, inlined: a frame less between the tape and the user's code, which the
    # debugger walks past for each event (a variable read while a tape records makes one)
    for observer in observers:
        observer.tape_event(tape, kind, tensor)
