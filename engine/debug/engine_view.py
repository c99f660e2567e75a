"""The few engine internals engine.debug reads (never writes), gathered in one place.

Everything else reaches engine.debug through engine/hooks.py; these are facts the hooks do not
carry and that would cost the engine a branch on its hot path to pass along.
"""

import sys
from types import FrameType

from .. import gradient_tape
from ..ops import registry

# Code objects of the gradient machinery that runs ops *before* announcing a call (the seeds'
# OnesLike), and of explicit `tape.watch`, recognised on the stack.
SEED_CODES = frozenset({gradient_tape.initial_gradients.__code__})
WATCH_CODES = frozenset({gradient_tape.GradientTape.watch.__code__})
# The tape announces "enter" whenever it starts recording, also when stop_recording ends or
# reset restarts it (which announce themselves right after): only __enter__ is an entry.
ENTER_CODES = frozenset({gradient_tape.GradientTape.__enter__.__code__})


def tracked_ids(tape):
    return getattr(tape, "_tracked", ())


def is_persistent(tape):
    return bool(getattr(tape, "_persistent", False))


def watches_accessed_variables(tape):
    return bool(getattr(tape, "_watch_accessed_variables", True))


def called_from(codes, depth=2, limit=12):
    # By id: the codes are module-level functions' (alive, so their ids are their own), and a
    # code object's hash is recomputed from its constants on every lookup.
    ids = _CODE_IDS.get(codes)
    if ids is None:
        ids = _CODE_IDS[codes] = frozenset(map(id, codes))
    frame: FrameType | None = sys._getframe(depth)
    while frame is not None and limit:
        if id(frame.f_code) in ids:
            return True
        frame, limit = frame.f_back, limit - 1
    return False


_CODE_IDS: dict[frozenset, frozenset] = {}


def gradient_state(op_type):
    """registered / non_differentiable / not_registered, as the registry says."""
    try:
        opdef = registry.lookup(op_type)
    except KeyError:
        return "not_registered"
    if opdef.gradient is None:
        return "not_registered"
    if opdef.gradient is registry.NOT_DIFFERENTIABLE:
        return "non_differentiable"
    return "registered"


def is_variable(value):
    return gradient_tape.is_variable(value)


def is_gradient_tape(value):
    return isinstance(value, gradient_tape.GradientTape)


def input_has_gradient(op_type, index):
    """False when the op's per-input gradient table has None at `index` (e.g. a shape input)."""
    try:
        gradient = registry.lookup(op_type).gradient
    except KeyError:
        return False
    if type(gradient) is tuple:
        return index < len(gradient) and gradient[index] is not None
    return True
