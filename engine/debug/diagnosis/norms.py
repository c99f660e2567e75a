"""Gradient norms along each call's backward pass, per op and per layer; vanishing/exploding.

Per op: the L2 norm (over finite elements) of the gradient arriving at its outputs.
Per layer: a layer is a name scope holding a MatMul / Conv2D (Keras layers and tf.Module methods
open one; a loss function's scope is not a layer); in a program without such scopes, each
MatMul / Conv2D starts a layer. A layer's norm is the one arriving at the
first of its ops the backward pass reaches (the gradient at the layer's output). Layers are
listed in backward order, the one nearest the target first.

vanishing_gradient: some layer's norm is below THRESHOLDS['vanishing_factor'] times the first
layer's; exploding_gradient: above THRESHOLDS['exploding_factor'] times it. The finding points
at the first layer (in backward order) past the threshold. Both need at least MIN_LAYERS (3)
layers with a gradient; zero norms (no gradient at all) are left to the None/dead-unit findings.
"""

import math
from typing import Any

from .vocabulary import THRESHOLDS

MIN_LAYERS = 3
MIN_CHAIN = 10  # ops of one gradient shape before a chain without layers is judged
SINGLE_STEP = 1e-2  # one op changing the norm by more than 100x is a collapse, not a chain
_LAYER_OPS = ("MatMul", "BatchMatMulV2", "Conv2D", "DepthwiseConv2dNative", "Einsum")


def profile(ctx, call):
    """(op norms, layer norms) of one call, as lists of dicts (the capture's OpNorm/LayerNorm)."""
    op_norms = []
    for step in call.steps:
        if step.pass_index:
            break  # a jacobian's later rows repeat the same path with other seeds
        squares, any_gradient = 0.0, False
        for _, g in step.upstream:
            if g is not None:
                norm = ctx.summaries[g.id].get("norm")
                if norm is not None:
                    squares += norm * norm
                    any_gradient = True
        # A norm that overflowed (inf, nan) has no bar: the norm panel's scale and the
        # vanishing/exploding ratios need finite numbers, and the capture's JSON has none for
        # it; the non-finite findings say where such a gradient came from.
        if any_gradient and math.isfinite(squares):
            op_norms.append(
                {
                    "step": step.index,
                    "op": step.op.id,
                    "scope": step.op.scope,
                    "norm": math.sqrt(squares),
                }
            )
    ops = ctx.recorder.ops
    # Scopes that hold weights (a MatMul/Conv2D): a loss function's scope is not a layer.
    weighted = {ops[e["op"]].scope for e in op_norms if ops[e["op"]].type in _LAYER_OPS}
    weighted.discard("")
    scoped = bool(weighted)
    layers: list[Any] = []
    seen = set()
    for entry in op_norms:
        op = ops[entry["op"]]
        if scoped:
            if op.scope not in weighted or op.scope in seen:
                continue
            seen.add(op.scope)
            name = op.scope
        else:
            if op.type not in _LAYER_OPS:
                continue
            name = f"{op.type} #{len(layers) + 1} (line {ctx.line(op.location)})"
        layers.append({"name": name, "op": op.id, "step": entry["step"], "norm": entry["norm"]})
    return op_norms, layers


def explain(ctx, call, layers, op_norms=()):
    nonzero = [layer for layer in layers if layer["norm"] > 0 and math.isfinite(layer["norm"])]
    if len(nonzero) < MIN_LAYERS:
        # a change across one or two layers is a saturated unit, not depth; without layers,
        # judge the chain of ops itself (an elementwise chain, repeated multiplication)
        return _along_ops(ctx, call, op_norms) if len(layers) < MIN_LAYERS else []
    first = nonzero[0]
    findings = []
    low = first["norm"] * THRESHOLDS["vanishing_factor"]
    high = first["norm"] * THRESHOLDS["exploding_factor"]
    ops = ctx.recorder.ops
    for code, test in (
        ("vanishing_gradient", lambda n: n < low),
        ("exploding_gradient", lambda n: n > high),
    ):
        hit = next((layer for layer in nonzero[1:] if test(layer["norm"])), None)
        if hit is None:
            continue
        op = ops[hit["op"]]
        last = nonzero[-1]
        ratio = hit["norm"] / first["norm"]
        verb = "shrinks" if code == "vanishing_gradient" else "grows"
        findings.append(
            ctx.finding(
                code,
                f"The gradient norm {verb} from {first['norm']:.3g} at {first['name']} "
                f"(nearest the target) to {hit['norm']:.3g} at {hit['name']} (x{ratio:.2g}), "
                f"and is {last['norm']:.3g} at {last['name']}: layers this far from the loss "
                f"{'barely learn' if code == 'vanishing_gradient' else 'get huge updates'}.",
                (
                    "use ReLU-family activations and he_normal/glorot initialization, add "
                    "normalization or residual connections, or use fewer layers"
                    if code == "vanishing_gradient"
                    else "initialize weights smaller (glorot_uniform), lower the learning rate, "
                    "clip gradients (tf.clip_by_global_norm), or add normalization"
                ),
                op.location,
                call=call.id,
                ops=(op,),
                seq=op.seq,
            )
        )
    return findings


def _along_ops(ctx, call, op_norms):
    """vanishing/exploding along a chain of ops with no layers. An op is past the threshold
    when its norm is past it relative to the first op's (the Norms panel's reference, so its bar
    is coloured) and relative to the first op whose gradient has the same shape (so a
    reduce_mean's 1/N, a change of shape and not a decay, is never counted). The chain is judged
    once it holds MIN_CHAIN ops of that shape with no single op changing the norm 100x (that is
    a collapse: zero_gradient); the finding points at the first op past the threshold, the
    first bar the panel colours."""
    entries = [e for e in op_norms if e["norm"] > 0 and math.isfinite(e["norm"])]
    if not entries:
        return []
    ops = ctx.recorder.ops
    reference = entries[0]
    findings = []
    for code, factor in (
        ("vanishing_gradient", THRESHOLDS["vanishing_factor"]),
        ("exploding_gradient", THRESHOLDS["exploding_factor"]),
    ):
        first_at: dict[tuple, Any] = {}
        count_at: dict[tuple, int] = {}
        past_at: dict[tuple, Any] = {}
        previous = None
        for entry in entries:
            if previous is not None:
                step_ratio = entry["norm"] / previous["norm"]
                if not SINGLE_STEP < step_ratio < 1 / SINGLE_STEP:
                    break  # one op alone did it: not a chain's doing
            previous = entry
            op = ops[entry["op"]]
            summary = ctx.summaries.get(op.outputs[0].id, {}) if op.outputs else {}
            shape = tuple(summary.get("shape", ()))
            first = first_at.setdefault(shape, entry)
            count_at[shape] = count_at.get(shape, 0) + 1
            norm = entry["norm"]
            if code == "vanishing_gradient":
                past = norm < reference["norm"] * factor and norm < first["norm"] * factor
            else:
                past = norm > reference["norm"] * factor and norm > first["norm"] * factor
            if past:
                past_at.setdefault(shape, entry)
            if shape in past_at and count_at[shape] >= MIN_CHAIN:
                findings.append(
                    _chain_finding(
                        ctx, call, code, reference, first, past_at[shape], count_at[shape]
                    )
                )
                break
    return findings


def _chain_finding(ctx, call, code, reference, first, hit, length):
    ops = ctx.recorder.ops
    op, start = ops[hit["op"]], ops[first["op"]]
    ratio = hit["norm"] / reference["norm"]
    verb = "shrinks" if code == "vanishing_gradient" else "grows"
    return ctx.finding(
        code,
        f"The gradient norm {verb} along a chain of {length} ops: from {reference['norm']:.3g} "
        f"at {ops[reference['op']].type} (line {ctx.line(ops[reference['op']].location)}, "
        f"nearest the target) and {first['norm']:.3g} at {start.type} (line "
        f"{ctx.line(start.location)}) to {hit['norm']:.3g} at {op.type} (line "
        f"{ctx.line(op.location)}, backward step {hit['step']}), x{ratio:.2g}: each op "
        f"multiplies the gradient by {'less' if code == 'vanishing_gradient' else 'more'} "
        f"than 1, and the factors compound.",
        (
            "shorten the chain, or rescale each step so its derivative stays near 1 (residual "
            "form y = y + f(y), normalization; for an RNN, an LSTM/GRU cell)"
            if code == "vanishing_gradient"
            else "rescale each step (normalization, smaller weights), or clip gradients "
            "(tf.clip_by_global_norm)"
        ),
        op.location,
        call=call.id,
        ops=(op,),
        seq=op.seq,
    )
