"""A recorded value assigned into a variable that the target then reads: the path through the
assignment carries no gradient, even when the source still gets one along another path.

`v.assign(w * 3.0); loss = v * v + w` returns 1 for `w`, not 19: the tape sees v's new value
as a fresh read, not as w * 3. When that leaves the source with no gradient at all,
none_causes reports `stateful_assign` for it; this module reports the silent case, where the
gradient is wrong rather than None.
"""

from ..flow import flow_key
from .tape_facts import TapeFacts


def explain(ctx, call, none_by_index, reachable_from, ancestors):
    """Findings for assignments that cut part of a path from a source that still got a
    gradient. `reachable_from(source)` is the set of tensor ids computed from the source."""
    if call.kind != "gradient" or call.error is not None:
        return []
    facts = TapeFacts(ctx.recorder, call)
    findings = []
    for assign in ctx.assigns:
        if assign.seq > call.seq or assign.stmt is None or assign.tensor is None:
            continue
        if not facts.recording_at(assign.seq):
            continue
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
            reach = reachable_from(source)
            if any(t.id in reach for t in involved):
                starved.append((index, source))
        if not starved:
            continue
        names = ", ".join(ctx.source_words(s) for _, s in starved)
        variable = ctx.describe(assign.variable)
        findings.append(
            ctx.finding(
                "stateful_assign",
                f"line {ctx.line(assign.location)} assigned a value computed from {names} into "
                f"{variable}, and the target reads {variable} afterwards. State stops "
                f"gradients: that path contributes nothing, so the gradient "
                f"{'returned' if len(starved) == 1 else 'returned for each'} counts only the "
                f"other paths and is not the derivative of the target.",
                "compute with the tensor itself inside the tape (e.g. `v_new = w * 3.0`, and use "
                "v_new), and assign after the gradient if the variable must keep the value",
                assign.location,
                call=call.id,
                source_index=starved[0][0],
                tensors=[involved[-1]] + [s for _, s in starved],
                severity="warning",
                seq=assign.seq,
            )
        )
    return findings
