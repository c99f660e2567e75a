"""A recorded value assigned into a variable that the target then reads: the path through the
assignment carries no gradient, even when the source still gets one along another path.

`v.assign(w * 3.0); loss = v * v + w` returns 1 for `w`, not 19: the tape sees v's new value
as a fresh read, not as w * 3. When that leaves the source with no gradient at all,
none_causes reports `stateful_assign` for it; this module reports the silent case, where the
gradient is wrong rather than None.
"""

from ..flow import flow_key
from . import optimizer_updates
from .none_causes import ancestors as ancestors_of, reachable_ids
from .tape_facts import TapeFacts


def explain(ctx, call, none_by_index):
    """Findings for assignments that cut part of a path from a source that still got a
    gradient."""
    if call.kind != "gradient" or call.error is not None or not ctx.assigns:
        return []
    facts = TapeFacts(ctx.recorder, call)
    inside = [
        a
        for a in ctx.assigns
        if a.seq < call.seq
        and a.stmt is not None
        and a.tensor is not None
        and facts.recording_at(a.seq)
    ]
    if not inside:
        return []  # the common case: a training loop assigns only outside its tapes
    ancestors = ancestors_of(call.targets)
    findings = []
    for assign in inside:
        versions = ctx.versions.get(flow_key(assign.tensor), [])
        if not any(v.id in ancestors for v in versions if v.seq >= assign.seq):
            continue  # the target never read the assigned value
        involved = [
            t
            for seq, t in ctx.touched_in_statement.get(id(assign.stmt), ())
            if seq < assign.seq and t.op is not None and t.op.id in facts.recorded
        ]
        if not involved:
            continue
        starved = []
        for index, source in enumerate(call.sources):
            if none_by_index.get(index, (None, True))[1]:
                continue  # a None: none_causes explains it
            if flow_key(source) == flow_key(assign.tensor):
                continue  # `v.assign(v * 2)`: the gradient is with respect to v's new value
            reach = reachable_ids(ctx, source, call.seq)
            if any(t.id in reach for t in involved):
                starved.append((index, source))
        if not starved:
            continue
        names = ", ".join(ctx.source_words(s) for _, s in starved)
        variable = ctx.describe(assign.variable)
        what = f"line {ctx.line(assign.location)} assigned a value computed from {names} into "
        what += variable
        fix = (
            "compute with the tensor itself inside the tape (e.g. `v_new = w * 3.0`, and use "
            "v_new), and assign after the gradient if the variable must keep the value"
        )
        handed = optimizer_updates.handed_over(ctx, assign, {t.id for t in involved})
        if handed is not None:
            what, fix = optimizer_updates.update_words(ctx, assign, names, handed)
        findings.append(
            ctx.finding(
                "stateful_assign",
                f"{what}, and the target reads {variable} afterwards. State stops "
                f"gradients: that path contributes nothing, so the gradient "
                f"{'returned' if len(starved) == 1 else 'returned for each'} counts only the "
                f"other paths and is not the derivative of the target.",
                fix,
                assign.location,
                call=call.id,
                source_index=starved[0][0],
                tensors=[involved[-1]] + [s for _, s in starved],
                severity="warning",
                seq=assign.seq,
            )
        )
    return findings
