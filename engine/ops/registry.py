"""The op registry: each TF op type's gradient and what that gradient needs saved.

An op type is in exactly one of three states, as in TF:
- a gradient function is registered;
- it is registered as NOT_DIFFERENTIABLE (its inputs get None, e.g. ArgMax, Equal, Round);
- nothing is registered: backprop through it raises LookupError, e.g. AdjustContrastv2.
"""

from .. import hooks, tape as tape_module
from ..hooks import observers
from ..ops_saved import select_saved
from ..tape import Record, forward_pending, recording_tapes, run_forward_accumulators
from ..tensor import COMPLEX_DTYPES, FLOAT_DTYPES, Tensor, _ids

_new_tensor = object.__new__


class _NotDifferentiable:
    def __repr__(self):
        return "NOT_DIFFERENTIABLE"


NOT_DIFFERENTIABLE = _NotDifferentiable()


class OpDef:
    """One TF op type.

    `gradient` is either a tuple with one function per input, `fn(record, *upstream) -> grad`
    (None for an input that never gets a gradient), called only for inputs on a path to a
    source; or one function `fn(record, *upstream) -> tuple of grads` for ops whose input
    gradients share work. `saves_inputs`/`saves_outputs` are the positions the gradient reads;
    everything else is pruned from the tape (TF's per-op exclusion lists).
    """

    __slots__ = ("type", "gradient", "saves_inputs", "saves_outputs")

    def __init__(self, type, gradient, saves_inputs, saves_outputs):
        self.type = type
        self.gradient = gradient
        self.saves_inputs = saves_inputs
        self.saves_outputs = saves_outputs

    @property
    def differentiable(self):
        return self.gradient is not None and self.gradient is not NOT_DIFFERENTIABLE

    def __repr__(self):
        return f"OpDef({self.type})"


_registry: dict[str, OpDef] = {}
# {op: the same op with TF's complex gradient convention}, filled by engine/ops/complex_ops.py
# for the holomorphic op types; records with a complex output use it.
complex_variants: dict[OpDef, OpDef] = {}

from ..ops_saved import ALL  # noqa: E402  (re-exported for op modules)


def define(type, gradient=None, saves_inputs=(), saves_outputs=()):
    """Registers op `type`. `saves_*` take a tuple of positions or ALL."""
    if type in _registry:
        raise ValueError(f"op type {type} is already registered")
    opdef = OpDef(type, gradient, saves_inputs, saves_outputs)
    _registry[type] = opdef
    return opdef


def _no_gradient(record, *upstream):
    return (None,) * len(record.input_ids)


def gradient_of(opdef):
    """The op's gradient function; raises LookupError, worded as TF's, if none is registered."""
    gradient = opdef.gradient
    if gradient is None:
        raise LookupError(f"gradient registry has no entry for: {opdef.type}")
    return _no_gradient if gradient is NOT_DIFFERENTIABLE else gradient


def lookup(type):
    return _registry[type]


def registered_types():
    return dict(_registry)


def execute(opdef, inputs, value, attrs=None):
    """Wraps the forward result `value` of one op and records it on the tapes that watch it.

    This runs for every op, so the tensor is made without its __init__ frame (about a fifth
    cheaper). The elementwise ops' fast paths (engine/ops/elementwise.py) inline these lines.
    """
    output = _new_tensor(Tensor)
    output._value = value
    output._id = next(_ids)
    if recording_tapes or observers:
        record_output(opdef, inputs, output, attrs)
    return output


def record_output(opdef, inputs, output, attrs):
    """The rest of `execute` once a tape records or an observer listens: tape.record's rule
    inlined for one output (about 0.25 us per recorded op), then the observers.

    `recording_tapes` and `observers` are the engine's own lists, mutated in place and never
    rebound, so they are bound in this module once."""
    rec = None
    if recording_tapes and inputs:  # an op without inputs is never recorded
        # Built once, shared by every tape that tracks an input; the output is tracked if it
        # is floating. No list comprehension for one or two inputs (in Python 3.11 it is a
        # function call).
        n = len(inputs)
        input_ids = (
            (inputs[0]._id,)
            if n == 1
            else (inputs[0]._id, inputs[1]._id)
            if n == 2
            else tuple([t._id for t in inputs])
        )
        for tape in recording_tapes:
            tracked = tape._tracked
            # the first input decides most ops without a method call
            if input_ids[0] not in tracked and tracked.isdisjoint(input_ids):
                continue
            if rec is None:
                rec = Record()  # slots set here (Record has no __init__)
                rec.op = opdef
                rec.input_ids = input_ids
                rec.output_ids = (output._id,)
                saved = opdef.saves_inputs  # `is ALL` first: the op's own tuple, no copy
                rec.inputs = (
                    inputs if saved is ALL else select_saved(saved, inputs) if saved else None
                )
                # one output: saves_outputs is (), (0,) or ALL
                rec.outputs = (output,) if opdef.saves_outputs else None
                rec.attrs = attrs
            if type(output._value.dtype) in FLOAT_DTYPES:
                tracked.add(output._id)
            elif type(output._value.dtype) in COMPLEX_DTYPES:
                tracked.add(output._id)
                rec.op = complex_variants.get(opdef, opdef)  # TF's conjugate convention
            tape._append(rec)
        if forward_pending:
            run_forward_accumulators(rec, inputs, (output,))
    if observers:
        outputs = (output,)
        for observer in observers:  # hooks.notify, inlined: it runs for every op a debugger sees
            observer.op_executed(opdef.type, inputs, outputs, rec)
    return rec


def execute_many(opdef, inputs, values, attrs=None):
    """`execute` for ops with several outputs (Unpack, Split, ...)."""
    made = []
    for value in values:  # as in execute: no __init__ frame, and no generator either
        output = _new_tensor(Tensor)
        output._value = value
        output._id = next(_ids)
        made.append(output)
    outputs = tuple(made)
    rec = tape_module.record(opdef, inputs, outputs, attrs) if recording_tapes else None
    if observers:
        hooks.notify("op_executed", opdef.type, inputs, outputs, rec)
    return outputs
