"""Zero but connected: ReLU units that never fire, sigmoid/tanh units stuck in the flat region.

Only activations a gradient call actually stepped through are judged (each op once, at the
first call that reached it); thresholds are in vocabulary.THRESHOLDS.
"""
import numpy as np

from .vocabulary import THRESHOLDS

_RELUS = ("Relu", "Relu6")
_SATURATING = {"Sigmoid": (0.0, 1.0), "Tanh": (-1.0, 1.0)}


def explain(ctx):
    findings, seen = [], set()
    for call in ctx.recorder.calls:
        for step in call.steps:
            op = step.op
            if op.id in seen or not op.outputs:
                continue
            seen.add(op.id)
            if op.type in _RELUS:
                found = _dead_relu(ctx, call, op)
            elif op.type in _SATURATING:
                found = _saturated(ctx, call, op)
            else:
                continue
            if found is not None:
                findings.append(found)
    return findings


def _units(array):
    """Output as (examples, units): units on the last axis, everything else is examples."""
    a = np.asarray(array)
    if a.ndim == 0:
        return a.reshape(1, 1)
    return a.reshape(-1, a.shape[-1]) if a.ndim > 1 else a.reshape(1, -1)


def _dead_relu(ctx, call, op):
    out = op.outputs[0]
    if out.array is None or out.array.size == 0:
        return None
    units = _units(out.array)
    examples, count = units.shape
    dead = int(np.all(units == 0, axis=0).sum())
    fraction = dead / count
    if fraction < THRESHOLDS["dead_relu_info_fraction"] or dead == 0:
        return None
    warn = (fraction >= THRESHOLDS["dead_relu_fraction"]
            and examples >= THRESHOLDS["dead_relu_min_batch"])
    line = ctx.line(op.location)
    return ctx.finding(
        "dead_relu",
        f"{dead} of {count} units ({fraction:.0%}) of the ReLU at line {line} output 0 for "
        f"every one of the {examples} examples: their gradient is exactly zero, so the weights "
        f"feeding them do not learn.",
        "initialize with he_normal / a small positive bias, lower the learning rate, or use "
        "tf.nn.leaky_relu",
        op.location, call=call.id, tensors=(out,), ops=(op,),
        severity=None if warn else "info", seq=op.seq)


def _saturated(ctx, call, op):
    out = op.outputs[0]
    if out.array is None or out.array.size == 0:
        return None
    low, high = _SATURATING[op.type]
    margin = THRESHOLDS["saturation_margin"]
    values = np.asarray(out.array, dtype=np.float64)
    flat = (values <= low + margin) | (values >= high - margin)
    fraction = float(flat.mean())
    if fraction < THRESHOLDS["saturated_fraction"]:
        return None
    line = ctx.line(op.location)
    name = "sigmoid" if op.type == "Sigmoid" else "tanh"
    return ctx.finding(
        "saturated_activation",
        f"{fraction:.0%} of the {name} outputs at line {line} are within {margin} of "
        f"{low:g} or {high:g}, where its slope is almost 0: gradients through them nearly "
        f"vanish.",
        "scale the inputs (normalize them, or initialize weights smaller, e.g. glorot_uniform), "
        "or use ReLU in hidden layers",
        op.location, call=call.id, tensors=(out,), ops=(op,), seq=op.seq)
