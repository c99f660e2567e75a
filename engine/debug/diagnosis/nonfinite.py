"""Where NaN and Inf come from: the first op, in forward order and in each call's backward
order, that produced a non-finite value from finite inputs. Everything after it only carries
the NaN along; that first op is the one to fix. When the op feeds the branch of a tf.where that
is not selected (the where trap), the finding names the where and writes the double-where fix.
"""

import re


def explain(ctx):
    nans = {i for i, s in ctx.summaries.items() if s.get("nans")}
    infs = {i for i, s in ctx.summaries.items() if s.get("infs")}
    if not nans and not infs:
        return []  # the common case: nothing to look at
    bad = nans | infs
    findings = []
    found = set()
    for op in ctx.recorder.ops:
        if op.call is not None or not op.outputs or any(t.id in bad for t in op.inputs):
            continue
        for code, ids in (("nan_origin", nans), ("inf_origin", infs)):
            if code not in found and any(o.id in ids for o in op.outputs):
                found.add(code)
                findings.append(_forward(ctx, op, code))
    for call in ctx.recorder.calls:
        found = set()
        for step in call.steps:
            if any(g is not None and g.id in bad for _, g in step.upstream):
                continue
            produced = [g for _, g in step.produced if g is not None]
            for code, ids in (("nan_origin", nans), ("inf_origin", infs)):
                if code not in found and any(g.id in ids for g in produced):
                    found.add(code)
                    findings.append(_backward(ctx, call, step, code))
    return findings


def _forward(ctx, op, code):
    what = "NaN" if code == "nan_origin" else "Inf"
    line = ctx.line(op.location)
    trap = _where_trap(ctx, op)
    if trap is not None and not _non_finite(ctx, trap.outputs[0]):
        return ctx.finding(
            code,
            f"{op.type} at line {line} produced {what} from finite inputs (forward pass), in "
            f"the branch that tf.where at line {ctx.line(trap.location)} does not select: the "
            f"result of the where is finite, but the backward pass still multiplies the "
            f"unselected {what} values' derivative by 0, which gives NaN.",
            _double_where(ctx, op, trap),
            op.location,
            tensors=op.outputs[:1],
            ops=(op, trap),
            seq=op.seq,
        )
    return ctx.finding(
        code,
        f"{op.type} at line {line} produced {what} from finite inputs (forward pass); every "
        f"value computed from it is non-finite too.",
        _fix(op.type),
        op.location,
        tensors=op.outputs[:1],
        ops=(op,),
        seq=op.seq,
    )


def _non_finite(ctx, tensor):
    summary = ctx.summaries.get(tensor.id) or {}
    return bool(summary.get("nans") or summary.get("infs"))


_WHERE_CALL = re.compile(
    r"tf\.where\(\s*(?P<cond>[^,]+?)\s*,\s*(?P<fn>tf\.[\w.]+)\(\s*(?P<arg>[\w.]+)\s*\)"
)


def _double_where(ctx, op, where):
    """The double-where fix, written with the user's own condition and op when the line reads
    `tf.where(cond, tf.op(x), ...)`."""
    line = ctx.source_line(where.location)
    match = _WHERE_CALL.search(line)
    if match:
        cond, fn, arg = match.group("cond"), match.group("fn"), match.group("arg")
        safe = f"safe_{arg.split('.')[-1]} = tf.where({cond}, {arg}, 1.0)"
        fixed = line[: match.start()] + f"tf.where({cond}, {fn}(safe_{arg.split('.')[-1]})"
        fixed += line[match.end() :]
        return (
            f"{safe}  # the unselected values never reach {fn}\n{fixed.strip()}  # the "
            f"double-where: the gradient is finite everywhere"
        )
    return (
        "the double-where: make the unselected values safe before the op, e.g. "
        "safe_x = tf.where(x > 0, x, 1.0); y = tf.where(x > 0, tf.math.log(safe_x), 0.0)"
    )


def _backward(ctx, call, step, code):
    op = step.op
    what = "NaN" if code == "nan_origin" else "Inf"
    line = ctx.line(op.location)
    trap = _where_trap(ctx, op)
    if trap is not None:
        message = (
            f"The gradient of {op.type} at line {line} is {what} although the gradient "
            f"arriving at it is finite: its output feeds tf.where (line "
            f"{ctx.line(trap.location)}), which sends a zero gradient to the branch it "
            f"did not select, and 0 x inf = NaN where {op.type}'s derivative is infinite. "
            f"The masked values still poison the gradient."
        )
        fix = _double_where(ctx, op, trap)
    else:
        message = (
            f"The gradient of {op.type} at line {line} is {what} although the gradient "
            f"arriving at it is finite (backward pass): its derivative is not finite "
            f"at the values it saw."
        )
        fix = _fix(op.type)
    return ctx.finding(
        code,
        message,
        fix,
        op.location,
        call=call.id,
        tensors=[g for _, g in step.produced if g is not None][:1],
        ops=(op,) if trap is None else (op, trap),
        seq=step.seq,
    )


def _where_trap(ctx, op):
    """The tf.where that consumes `op`'s output (directly or through a few ops), if any."""
    frontier, seen = list(op.outputs), set()
    for _ in range(4):
        following = []
        for t in frontier:
            for consumer in ctx.consumers.get(t.id, ()):
                if consumer.type in ("SelectV2", "Select"):
                    return consumer
                if consumer.id not in seen:
                    seen.add(consumer.id)
                    following.extend(consumer.outputs)
        frontier = following
    return None


def _fix(op_type):
    return {
        "Log": "keep the argument positive: tf.math.log(x + 1e-7) or "
        "tf.math.log(tf.maximum(x, 1e-7))",
        "Sqrt": "keep the argument away from 0: tf.sqrt(x + 1e-12), or "
        "tf.sqrt(tf.maximum(x, 1e-12))",
        "RealDiv": "guard the denominator: tf.math.divide_no_nan(a, b), or add an epsilon",
        "Div": "guard the denominator: tf.math.divide_no_nan(a, b), or add an epsilon",
        "Reciprocal": "guard the denominator: tf.math.divide_no_nan(1.0, x)",
        "Rsqrt": "keep the argument positive: tf.math.rsqrt(x + 1e-12)",
        "Pow": "avoid 0 ** negative and negative ** fractional: clamp the base",
        "Exp": "clip the argument (tf.clip_by_value) or use a stable form (tf.nn.softplus, "
        "tf.reduce_logsumexp)",
    }.get(op_type, "check the op's inputs for values where it or its derivative is undefined")
