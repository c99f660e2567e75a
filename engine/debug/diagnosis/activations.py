"""Zero but connected: ReLU units that never fire, sigmoid/tanh units stuck in the flat region.

Only activations a gradient call actually stepped through are judged (each op once, at the
first call that reached it); saturation only in hidden layers (the output feeds a MatMul or
Conv2D): a sigmoid output layer close to 0/1 is what a trained classifier looks like.
Thresholds are in vocabulary.THRESHOLDS.
"""

from ..spill import activation_statistics, saturated_share
from .vocabulary import THRESHOLDS

_RELUS = ("Relu", "Relu6")
_SATURATING = {"Sigmoid": (0.0, 1.0), "Tanh": (-1.0, 1.0)}
_LAYER_OPS = ("MatMul", "BatchMatMulV2", "Conv2D", "DepthwiseConv2dNative", "Einsum")


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


def _statistics(ctx, out, measure=None):
    """An output's activation statistics: those spill.py took when it let the array go, else
    `measure(array)` of the array still held (by default all of them; a finding may measure
    only the figures it reads); None without either."""
    known = ctx.recorder.spill.activation_stats.get(out.id)
    if known is not None:
        return known
    if out.array is None or out.array.size == 0:
        return None
    if measure is None:
        return activation_statistics(out.array, THRESHOLDS["saturation_margin"])
    return measure(out.array)


def _dead_relu(ctx, call, op):
    out = op.outputs[0]
    stats = _statistics(ctx, out)
    if stats is None or not stats["units"]:
        return None
    examples, count, dead = stats["examples"], stats["units"], stats["dead"]
    fraction = dead / count
    if fraction < THRESHOLDS["dead_relu_info_fraction"] or dead == 0:
        return None
    warn = (
        fraction >= THRESHOLDS["dead_relu_fraction"]
        and examples >= THRESHOLDS["dead_relu_min_batch"]
    )
    line = ctx.line(op.location)
    return ctx.finding(
        "dead_relu",
        f"{dead} of {count} units ({fraction:.0%}) of the ReLU at line {line} output 0 for "
        f"every one of the {examples} examples: their gradient is exactly zero, so the weights "
        f"feeding them do not learn.",
        "initialize with he_normal / a small positive bias, lower the learning rate, or use "
        "tf.nn.leaky_relu",
        op.location,
        call=call.id,
        tensors=(out,),
        ops=(op,),
        severity=None if warn else "info",
        seq=op.seq,
    )


def _feeds_a_layer(ctx, op, hops=3):
    """Whether the op's output reaches a MatMul/Conv2D within a few ops: a hidden layer."""
    frontier = list(op.outputs)
    for _ in range(hops):
        following = []
        for t in frontier:
            for consumer in ctx.consumers.get(t.id, ()):
                if consumer.type in _LAYER_OPS:
                    return True
                following.extend(consumer.outputs)
        frontier = following
    return False


def _saturated(ctx, call, op):
    out = op.outputs[0]
    if not _feeds_a_layer(ctx, op):
        return None  # an output layer near 0/1 is often what training aims for
    low, high = _SATURATING[op.type]
    margin = THRESHOLDS["saturation_margin"]
    key = "sigmoid_saturated" if op.type == "Sigmoid" else "tanh_saturated"
    # (only the share this finding reads: no pass for dead units or the other share)
    stats = _statistics(ctx, out, lambda array: {key: saturated_share(array, margin, op.type)})
    if stats is None:
        return None
    fraction = stats[key]
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
        op.location,
        call=call.id,
        tensors=(out,),
        ops=(op,),
        seq=op.seq,
    )
