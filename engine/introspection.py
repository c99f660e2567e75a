"""What a debugger may read of the engine beyond what the observers report: the one door.

engine.debug imports from the engine only this module, `engine.hooks` (the observers: every
event, as it happens) and the public API (`import engine`: tf.Tensor, tf.IndexedSlices,
tf.nest, ...); tests/debug/test_engine_door.py fails on any other import. Everything here is
read-only, and it is what the observer events do not carry because carrying it would cost the
engine a branch or an argument on its hot path:

- the tapes recording now (`RECORDING_TAPES`) and the current name scope (`NAME_SCOPES`): live
  lists the engine mutates in place and never rebinds, so a debugger may keep a reference and
  read its last entry on every op;
- a tape's records, tracked tensor ids and flags (`tape_records`, `tracked_ids`,
  `is_persistent`, `watches_accessed_variables`);
- what the gradient registry says of an op type (`gradient_state`, `input_has_gradient`);
- which frames are the engine's: a frame runs engine code when its module is in the engine
  package (`ENGINE_DIR`, `is_engine_module`); no engine function is recognised by its code
  object, so moving a function between engine modules changes nothing here;
- whether an op runs while a gradient call makes its seeds, before the call is announced
  (`making_seeds`).

Tensors and variables are read through two attributes this contract keeps stable: `_id` (the
identity the engine gives a tensor; a variable's reads share it) and `_value` (its NumPy
value). A debugger reads them directly on every op: a function call each would double its cost.
"""

import os
import sys
from types import FrameType

from . import gradient_calls, gradient_tape, name_scopes, recording
from .ops import registry

RECORDING_TAPES = recording.recording_tapes  # innermost last
NAME_SCOPES = name_scopes._stack  # the current scope is its last entry ('' at the root)
RECORDS_ATTRIBUTE = "_records"  # a tape's list of Records: getattr(tape, it, None) when hot

ENGINE_DIR = os.path.dirname(os.path.abspath(__file__))
_ENGINE_PACKAGE = __name__.rpartition(".")[0]  # 'engine'
# Where the engine's ops are defined, and where a gradient call makes its seeds.
_OPS_PACKAGE = registry.__name__.rpartition(".")[0]
_SEEDING_MODULE = gradient_calls.__name__
_HOOKS_MODULE = _ENGINE_PACKAGE + ".hooks"
_RECORDING_MODULE = recording.__name__  # the recording rule, which announces each op to observers


def tape_records(tape):
    """The Records a GradientTape holds (None once spent)."""
    return getattr(tape, RECORDS_ATTRIBUTE, None)


def tracked_ids(tape):
    """Ids of the tensors a tape tracks (watched, variables it saw read, outputs it recorded)."""
    return getattr(tape, "_tracked", ())


def is_persistent(tape):
    return bool(getattr(tape, "_persistent", False))


def watches_accessed_variables(tape):
    return bool(getattr(tape, "_watch_accessed_variables", True))


def is_gradient_tape(value):
    return isinstance(value, gradient_tape.GradientTape)


def is_variable(value):
    """A tf.Variable (or a Keras variable), not a Tensor read from one."""
    return gradient_tape.is_variable(value)


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


def input_has_gradient(op_type, index):
    """False when the op's per-input gradient table has None at `index` (e.g. a shape input)."""
    try:
        gradient = registry.lookup(op_type).gradient
    except KeyError:
        return False
    if type(gradient) is tuple:
        return index < len(gradient) and gradient[index] is not None
    return True


def is_engine_module(module_name):
    """Whether a module (a frame's `f_globals['__name__']`) is part of the engine, its
    debugger included."""
    return module_name == _ENGINE_PACKAGE or module_name.startswith(_ENGINE_PACKAGE + ".")


def making_seeds(depth=2, limit=16):
    """Whether the op being announced runs for a gradient call's seeds (the ones_like of each
    target, made before the call is announced): the first frame out of the ops, the recording
    rule, the hooks and the debugger is in the module that makes them."""
    frame: FrameType | None = sys._getframe(depth)
    while frame is not None and limit:
        module = frame.f_globals.get("__name__", "")
        if not (
            module.startswith(_OPS_PACKAGE)
            or module.startswith(_ENGINE_PACKAGE + ".debug")
            or module in (_HOOKS_MODULE, _RECORDING_MODULE)
        ):
            return module == _SEEDING_MODULE
        frame, limit = frame.f_back, limit - 1
    return False
