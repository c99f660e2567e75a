"""The op registry: each TF op type's gradient and what that gradient needs saved.

An op type is in exactly one of three states, as in TF:
- a gradient function is registered;
- it is registered as NOT_DIFFERENTIABLE (its inputs get None, e.g. ArgMax, Equal, Round);
- nothing is registered: backprop through it raises LookupError, e.g. AdjustContrastv2.
"""

from ..hooks import observers
from ..ops_saved import ALL  # noqa: F401  (op modules import it from here)
from ..recording import record, recording_tapes
from ..tensor import Tensor, _ids
from .gradient_rules import NOT_DIFFERENTIABLE, backward_rule

_new_tensor = object.__new__


class OpDef:
    """One TF op type.

    `gradient` is the rule as the op module wrote it (a tuple with one function per input,
    one function for all inputs, NOT_DIFFERENTIABLE, or None: engine/ops/gradient_rules.py);
    `backward` is that rule in the one shape the backward pass calls, `backward(record,
    upstream, tracked) -> gradients per input`. `takes_indexed_slices`: the rule receives
    IndexedSlices as they are (custom_gradient's grad_fn); other rules get dense tensors.
    `saves_inputs`/`saves_outputs` are the positions the gradient reads; everything else is
    pruned from the tape (TF's per-op exclusion lists).
    """

    __slots__ = (
        "type",
        "gradient",
        "backward",
        "takes_indexed_slices",
        "saves_inputs",
        "saves_outputs",
    )

    def __init__(self, type, gradient, saves_inputs, saves_outputs):
        self.type = type
        self.gradient = gradient
        self.backward = backward_rule(type, gradient)
        self.takes_indexed_slices = getattr(gradient, "takes_indexed_slices", False)
        self.saves_inputs = saves_inputs
        self.saves_outputs = saves_outputs

    @property
    def differentiable(self):
        return self.gradient is not None and self.gradient is not NOT_DIFFERENTIABLE

    def __repr__(self):
        return f"OpDef({self.type})"


_registry: dict[str, OpDef] = {}


def define(type, gradient=None, saves_inputs=(), saves_outputs=()):
    """Registers op `type`. `saves_*` take a tuple of positions or ALL."""
    if type in _registry:
        raise ValueError(f"op type {type} is already registered")
    opdef = OpDef(type, gradient, saves_inputs, saves_outputs)
    _registry[type] = opdef
    return opdef


def lookup(type):
    return _registry[type]


def registered_types():
    return dict(_registry)


def execute(opdef, inputs, value, attrs=None):
    """Wraps the forward result `value` of one op and records it (engine/recording.py: record).

    This runs for every op, so the tensor is made without its __init__ frame (about a fifth
    cheaper). The elementwise ops' fast paths (engine/ops/elementwise.py) inline these lines.
    """
    output = _new_tensor(Tensor)
    output._value = value
    output._id = next(_ids)
    if recording_tapes or observers:
        record(opdef, inputs, output, attrs)
    return output


def execute_many(opdef, inputs, values, attrs=None):
    """`execute` for ops with several outputs (Unpack, Split, ...)."""
    made = []
    for value in values:  # as in execute: no __init__ frame, and no generator either
        output = _new_tensor(Tensor)
        output._value = value
        output._id = next(_ids)
        made.append(output)
    outputs = tuple(made)
    if recording_tapes or observers:
        record(opdef, inputs, outputs, attrs)
    return outputs
