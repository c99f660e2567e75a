"""Gradient calls that raised: an op with no gradient registered, a spent tape used again."""

import re

from .none_causes import _ancestors

_NO_ENTRY = re.compile(r"gradient registry has no entry for: (\S+)")


def explain(ctx):
    findings = []
    for call in ctx.recorder.calls:
        if isinstance(call.error, LookupError):
            findings.append(_no_gradient(ctx, call))
    for tape in ctx.recorder.tapes:
        for kind, seq, location in tape.events:
            if kind == "reused":
                findings.append(_consumed(ctx, tape, seq, location))
    return [f for f in findings if f is not None]


def _no_gradient(ctx, call):
    match = _NO_ENTRY.search(str(call.error))
    op_type = match.group(1) if match else None
    ancestors = _ancestors(call.targets)
    candidates = [
        op
        for op in call.tape.records
        if op.type == op_type and op.seq < call.seq and any(o.id in ancestors for o in op.outputs)
    ]
    op = candidates[-1] if candidates else None  # the backward pass meets the latest first
    location = op.location if op is not None else call.location
    line = ctx.line(location)
    return ctx.finding(
        "no_gradient_registered",
        f"{op_type or 'An op'} at line {line} has no gradient registered, so "
        f"{ctx.tape_name(call.tape)}.{call.kind}(...) at line {ctx.line(call.location)} raised "
        f"LookupError when the backward pass reached it (TF raises instead of returning None "
        f"for an op it cannot differentiate).",
        "keep it off the path to the target (tf.stop_gradient(...) on its result), or give "
        "it a gradient with @tf.custom_gradient",
        location,
        call=call.id,
        ops=(op,) if op is not None else (),
        tensors=op.outputs[:1] if op is not None else (),
        seq=op.seq if op else call.seq,
    )


def _consumed(ctx, tape, seq, location):
    earlier = [c for c in ctx.recorder.calls if c.tape is tape and c.seq < seq]
    name = ctx.tape_name(tape)
    if earlier:
        first = ctx.line(earlier[-1].location)
        message = (
            f"`{name}` is not persistent: its first {earlier[-1].kind} call (line "
            f"{first}) released everything it recorded, so this second call raised "
            f"RuntimeError."
        )
    else:
        message = (
            f"`{name}` holds no recording (it was already used, or never entered as a "
            f"`with` context), so this call raised RuntimeError."
        )
    return ctx.finding(
        "tape_consumed",
        message,
        "create it with tf.GradientTape(persistent=True) to call gradient() more than once "
        "(and `del tape` when done), or compute all gradients in one call: "
        "tape.gradient(loss, [a, b])",
        location,
        call=earlier[-1].id if earlier else None,
        seq=seq,
    )
