"""Why a source's gradient is zero (or tiny) although it is connected: where it collapsed.

For every source of a gradient call whose gradient norm is 0, or below
THRESHOLDS['zero_gradient_factor'] times the norm of the gradient seeded at the target, the
recorded backward steps are walked along the path from the source to the target. At each op on
that path the norm of the gradient it produced for its on-path inputs is compared with the norm
that reached it; the op with the smallest ratio is where the gradient collapsed (the first one,
from the target, that sent exactly zero when the gradient is exactly zero). Its type and the
values it saw give the mechanism: a saturated sigmoid/tanh, ReLUs that are all inactive, a clip
or minimum/maximum that picked its other operand, a tf.where that selected the other branch,
a multiplication by zero, an op whose derivative is zero everywhere (Sign, Round, Floor).

One finding per collapse op and call, listing every source it starved.
"""

import math
from typing import Any, NamedTuple

from ..flow import flow_key
from .none_causes import ancestors as _ancestors
from .vocabulary import THRESHOLDS

_STRAIGHT_THROUGH = "x + tf.stop_gradient({op}(x) - x)  # forward: {op}, gradient: 1"
_ZERO_DERIVATIVE = {
    "Sign": "tf.sign",
    "Round": "tf.round",
    "Floor": "tf.floor",
    "Ceil": "tf.math.ceil",
}
# Ops whose output does not depend on their input's values (zeros_like(y) is a constant branch).
_VALUE_FREE = ("ZerosLike", "OnesLike", "Shape", "ShapeN", "Size", "Rank")
_PRODUCTS = ("Mul", "MatMul", "BatchMatMulV2", "Einsum", "Conv2D")


def explain(ctx, call, results_by_index):
    """Findings for the sources of `call` whose gradient is zero or tiny."""
    if call.kind != "gradient" or call.error is not None:
        return []
    seed = _seed_norm(ctx, call)
    if not seed:
        return []
    ancestors = None  # computed at the first tiny gradient: most calls have none
    by_op: dict[int, list] = {}
    order = []
    for index, source in enumerate(call.sources):
        gradient, is_none = results_by_index.get(index, (None, True))
        if is_none or gradient is None:
            continue
        norm = _norm(ctx, gradient)
        if norm is None or norm > seed * THRESHOLDS["zero_gradient_factor"]:
            continue
        if ancestors is None:
            ancestors = _ancestors(call.targets)
        collapse = _collapse(ctx, call, source, ancestors)
        if collapse is None:
            continue
        step, ratio = collapse
        if _mechanism(ctx, step.op) is None:
            continue
        key = step.op.id
        if key not in by_op:
            by_op[key] = []
            order.append((key, step, ratio))
        by_op[key].append((index, source, gradient, norm))
    return [_finding(ctx, call, step, ratio, by_op[key], seed) for key, step, ratio in order]


def _seed_norm(ctx, call):
    squares = 0.0
    for pass_index, _target, gradient in call.seeds:
        if pass_index == 0 and gradient is not None:
            norm = _norm(ctx, gradient)
            squares += (norm or 0.0) ** 2
    return math.sqrt(squares)


def _norm(ctx, tensor):
    summary = ctx.summaries.get(tensor.id) or {}
    if summary.get("nans") or summary.get("infs"):
        return None  # not finite: nan_origin / inf_origin explain it
    if "norm" not in summary:
        return 0.0 if summary.get("size") == 0 else None
    return summary["norm"]


def _on_path(ctx, call, source, ancestors):
    """Ids of the tensors computed from the source that the target was computed from."""
    start = ctx.versions.get(flow_key(source), [source]) if source.kind == "variable" else [source]
    seen = {t.id for t in start}
    stack = list(start)
    while stack:
        t = stack.pop()
        for op in ctx.consumers.get(t.id, ()):
            if op.seq > call.seq or op.type in _VALUE_FREE:
                continue
            for o in op.outputs:
                if o.id not in seen and o.id in ancestors:
                    seen.add(o.id)
                    stack.append(o)
    return seen & ancestors | {t.id for t in start}


def _collapse(ctx, call, source, ancestors):
    """(the step where the gradient toward `source` shrank most, by what factor), or None."""
    path = _on_path(ctx, call, source, ancestors)
    best = None
    for step in call.steps:
        if step.pass_index:
            break
        arriving = [g for out, g in step.upstream if out.id in path and g is not None]
        leaving = [(inp, g) for inp, g in step.produced if inp.id in path]
        if not arriving or not leaving:
            continue
        upstream = _total(ctx, arriving)
        if not upstream:
            continue
        produced = _total(ctx, [g for _, g in leaving if g is not None])
        if produced is None:
            continue
        ratio = produced / upstream
        if best is None or ratio < best[1]:
            best = (step, ratio)
    if best is None or best[1] >= 1e-2:
        return None  # no single op explains it (many moderate shrinks: vanishing_gradient)
    return best


def _total(ctx, gradients):
    squares = 0.0
    for g in gradients:
        norm = _norm(ctx, g)
        if norm is None:
            return None
        squares += norm * norm
    return math.sqrt(squares)


def _finding(ctx, call, step, ratio, starved, seed):
    op = step.op
    mechanism, fix = _mechanism(ctx, op)
    names = ", ".join(ctx.source_words(source) for _, source, _, _ in starved)
    target = ctx.describe(call.targets[0]) if call.targets else "the target"
    zero = all(norm == 0 for *_, norm in starved)
    if len(starved) == 1:
        _, _, gradient, norm = starved[0]
        value = ctx.summaries.get(gradient.id, {}).get("value")
        shown = f" {_short(value)}" if value is not None else ""
        amount = (
            f"is exactly zero{f' ({shown.strip()})' if shown else ''}"
            if zero
            else f"is{shown} (norm {norm:.2g}, {norm / seed:.1g} of the gradient at "
            f"{target}, norm {seed:.2g})"
        )
        subject = f"The gradient of {names} {amount}"
    else:
        factor_words = f"below {THRESHOLDS['zero_gradient_factor']:g} of the gradient at {target}"
        subject = f"The gradients of {names} are {'exactly zero' if zero else factor_words}"
    pronoun = "it" if len(starved) == 1 else "they"
    finding = ctx.finding(
        "zero_gradient",
        f"{subject}: {pronoun} {collapse_words(ctx, op, ratio, mechanism)}",
        fix,
        op.location,
        call=call.id,
        source_index=starved[0][0],
        tensors=[source for _, source, _, _ in starved] + list(op.outputs[:1]),
        ops=(op,),
        seq=step.seq,
    )
    # what zero_gradient_since needs to say this once for a whole loop (across_steps.py)
    finding["_collapse"] = Collapse(
        call, [(index, source) for index, source, _, _ in starved], op, ratio, mechanism
    )
    return finding


class Collapse(NamedTuple):
    call: Any
    sources: list  # (index in the call's sources, source)
    op: Any
    ratio: float
    mechanism: str


def collapse_words(ctx, op, ratio, mechanism):
    """'collapsed at Relu at line 22, which multiplied the gradient by 0: <why>. Line 22: ...'"""
    factor = "0" if ratio == 0 else f"{ratio:.2g}"
    return (
        f"collapsed at {ctx.chain(op)}, which multiplied the gradient by {factor}: {mechanism}. "
        f"{_quote(ctx, op)}"
    ).strip()


def _quote(ctx, op):
    text = ctx.source_line(op.location)
    return f"Line {ctx.line(op.location)}: `{text}`." if text else ""


def _short(value, limit=6):
    """[[0, 9.4e-14, 0]]: a small value with its nesting, numbers to 2 digits."""
    count = [0]

    def fmt(v):
        if isinstance(v, list):
            return (
                "["
                + ", ".join(fmt(item) for item in v[:limit])
                + (", ..." if len(v) > limit else "")
                + "]"
            )
        count[0] += 1
        return f"{v:.2g}" if isinstance(v, float) else str(v)

    return fmt(value)


def _stat(ctx, tensor, key):
    return (ctx.summaries.get(tensor.id) or {}).get(key)


def _all_zero(ctx, tensor):
    zeros = _stat(ctx, tensor, "zeros")
    return bool(zeros) and zeros == _stat(ctx, tensor, "size")


def _mechanism(ctx, op):
    """(words, fix) for why `op` sent (almost) no gradient back, or None when it is none of
    the known mechanisms (a loss at its minimum, the mean subtraction before a normalization:
    gradients that are small by design)."""
    kind = op.type
    x = op.inputs[0] if op.inputs else None
    if kind in ("Sigmoid", "Tanh") and x is not None:
        name = "sigmoid" if kind == "Sigmoid" else "tanh"
        lo, hi = _stat(ctx, x, "min"), _stat(ctx, x, "max")
        span = f"its inputs range from {lo:.3g} to {hi:.3g}, " if lo is not None else ""
        return (
            f"the {name} is saturated: {span}where its slope is almost 0",
            "scale the pre-activations down (normalize the inputs, initialize the weights "
            "smaller, e.g. glorot_uniform); for a sigmoid output trained with cross-entropy, "
            "compute the loss from the logits: "
            "tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=logits)"
            if kind == "Sigmoid"
            else "scale the pre-activations down (normalize the inputs, initialize the weights "
            "smaller, e.g. glorot_uniform), or use ReLU in hidden layers",
        )
    if kind in ("Relu", "Relu6", "Elu", "Selu") and x is not None:
        size, lo, hi = _stat(ctx, x, "size"), _stat(ctx, x, "min"), _stat(ctx, x, "max")
        if hi is not None and hi <= 0:
            words = f"every one of its {size} inputs is <= 0 (the largest is {hi:.3g})"
        elif kind == "Relu6" and lo is not None and lo >= 6:
            return (
                f"the Relu6 is saturated: every one of its {size} inputs is >= 6 (the smallest "
                f"is {lo:.3g}), where it is flat and its derivative is 0",
                "scale its inputs down (normalize them, initialize the weights smaller), or use "
                "tf.nn.relu where values above 6 are meaningful",
            )
        else:
            words = "the units the gradient needed are inactive (input <= 0" + (
                " or >= 6)" if kind == "Relu6" else ")"
            )
        return (
            f"the {kind} is inactive: {words}, where its derivative is 0",
            "tf.nn.leaky_relu(x, alpha=0.2)  # or he_normal initialization, a small positive "
            "bias, a lower learning rate",
        )
    if kind in ("Minimum", "Maximum"):
        text = ctx.source_line(op.location)
        other = "the upper bound" if kind == "Minimum" else "the lower bound"
        if "clip_by_value" in text:
            return (
                f"tf.clip_by_value clipped every element to {other}, and a clipped element has "
                f"gradient 0 (TF 2.21 has no tf.clip_by_value_preserve_gradient)",
                "clip less (check the bounds against the values), or keep the gradient with a "
                "straight-through clip: x + tf.stop_gradient(tf.clip_by_value(x, lo, hi) - x)",
            )
        name = "tf.minimum" if kind == "Minimum" else "tf.maximum"
        return (
            f"{name} picked its other operand for every element, so no gradient goes to this one",
            f"check the operands of {name}; for a soft choice use a smooth form "
            f"(e.g. tf.nn.softplus for maximum(x, 0))",
        )
    if kind in ("SelectV2", "Select"):
        return (
            "tf.where selected the other branch for every element, and the branch it does not "
            "select gets gradient 0",
            "check the condition of tf.where: it is False (or True) everywhere for these values",
        )
    if kind in _PRODUCTS:
        zero = [t for t in op.inputs if _all_zero(ctx, t)]
        if zero:
            return (
                f"it multiplies by {ctx.describe(zero[0])}, which is 0 everywhere: the gradient "
                f"to the other factor is that zero",
                "initialize the other factor with nonzero values (a zero-initialized weight "
                "blocks the gradient to everything before it), e.g. glorot_uniform",
            )
    if kind in _ZERO_DERIVATIVE:
        return (
            f"{_ZERO_DERIVATIVE[kind]} is piecewise constant: its derivative is 0 everywhere",
            _STRAIGHT_THROUGH.format(op=_ZERO_DERIVATIVE[kind]),
        )
    return None  # a small derivative of another kind (a loss at its minimum): not judged
