"""Findings across the steps of a training loop, from every step's small record (steps.py),
said once for the whole run instead of once per step:
- nonfinite_at_step: the step where the loss (or a gradient) first turned NaN/Inf, and the
  first op that made a non-finite value from finite inputs in it;
- zero_gradient_since: variables whose gradient has been exactly 0 from some step to the end,
  with the op that zeroed it on a kept step (the per-step zero_gradient it absorbs);
- layer_norm_gap: a layer whose gradient norm is a tiny fraction of another layer's on every
  step (it learns that much slower).
"""

from typing import Any

import numpy as np

from .nonfinite import _fix
from .vocabulary import THRESHOLDS
from .zero_gradients import collapse_words

MIN_STEPS = 3  # a pattern across steps needs at least this many steps to be one


def explain(ctx, findings_so_far=()):
    """(the findings across steps, ids of the per-call findings they absorbed)."""
    collapses = [f for f in findings_so_far if "_collapse" in f]
    tracker = ctx.recorder.steps
    findings = []
    absorbed: set[int] = set()
    for site in tracker.sites.values():
        steps = site.columns.size  # the closed steps: row i of the columns is step i
        if steps < 2:
            continue  # one step: the per-call findings say it all
        findings.extend(_nonfinite(ctx, site, steps))
        if steps >= MIN_STEPS:
            zero, gone = _zero_since(ctx, site, steps, collapses)
            findings.extend(zero)
            absorbed |= gone
            findings.extend(_layer_gap(ctx, site, steps))
    return findings, absorbed


def _nonfinite(ctx, site, steps):
    if site.nonfinite is None:
        return []
    step, op, input_index, backward = site.nonfinite
    record = next((r for r in site.kept if r.step == step), None)
    marked = len(site.columns.marked("nonfinite"))
    losses = site.columns.losses_of(step)
    loss_bad = not np.all(np.isfinite(losses))
    what = "NaN" if (np.isnan(losses).any() or not loss_bad) else "Inf"
    subject = "loss" if loss_bad else "gradients"
    where = f"at step {step}" + (f" (the tape at line {ctx.line(site.location)})")
    if op is not None:
        producer = f"the gradient of {op.type}" if backward else op.type
        cause = (
            f"first non-finite value produced by {producer} at line {ctx.line(op.location)} "
            f"(input {input_index})"
        )
        fix = _fix(op.type)
        location = op.location
    else:
        cause = "the step's inputs were already non-finite"
        fix = "check the data and the variables' values before the step"
        location = site.location
    after = f"; {marked} of the {steps} steps recorded are non-finite"
    call = record.calls[0] if record is not None and record.calls else None
    if record is None:  # the step was not kept (no `anomalies` in the policy): no ids
        op = call = None
    return [
        ctx.finding(
            "nonfinite_at_step",
            f"The {subject} became {what} {where}: {cause}{after}.",
            fix,
            location,
            call=call.id if call is not None else None,
            ops=(op,) if op is not None else (),
            seq=0,
        )
    ]


def _zero_since(ctx, site, steps, collapses):
    """One finding per run of zero gradients to the end of the loop and its cause: the
    variables cut off since the same step at the same op, with the op, its line and its fix
    when a kept step's zero_gradient found it (that per-step finding is absorbed: it is the
    same cause, said once)."""
    since_of = {}  # variable slot -> the step where its run of exact zeros starts
    norms = site.columns.norms_table(len(site.variables))
    for slot in range(len(site.variables)):
        zero = norms[:, slot] == 0.0
        since = len(zero)
        while since > 0 and zero[since - 1]:
            since -= 1
        if len(zero) - since >= MIN_STEPS:
            since_of[slot] = since
    if not since_of:
        return [], set()
    covered = _covered(site, since_of, collapses)
    groups: dict[tuple, list[int]] = {}
    for slot, since in since_of.items():
        found = covered.get(slot)
        line = ctx.line(found[-1][1]["_collapse"].op.location) if found else None
        groups.setdefault((since, line), []).append(slot)
    findings: list[dict] = []
    absorbed: set[int] = set()
    for (since, line), slots in groups.items():
        # a kept step that lost it elsewhere is another cause: its own finding stays
        evidence = [
            (step, f)
            for slot in slots
            for step, f in covered.get(slot, ())
            if ctx.line(f["_collapse"].op.location) == line
        ]
        absorbed.update(id(f) for _, f in evidence)
        findings.append(_zero_finding(ctx, site, steps, since, slots, evidence))
    return findings, absorbed


def _covered(site, since_of, collapses):
    """variable slot -> [(step, zero_gradient finding)] of the kept steps of its zero run, by
    step; a finding counts only when every source it names is in such a run."""
    step_of_call = {id(call): r.step for r in site.kept for call in r.calls}
    first_step = since_of
    covered: dict[int, list] = {}
    for finding in collapses:
        collapse = finding["_collapse"]
        step = step_of_call.get(id(collapse.call))
        if step is None:
            continue
        slots = [site.index_of.get(_source_key(collapse.call, i, s)) for i, s in collapse.sources]
        if all(slot in first_step and first_step[slot] <= step for slot in slots):
            for slot in slots:
                covered.setdefault(slot, []).append((step, finding))
    for entries in covered.values():
        entries.sort(key=lambda entry: entry[0])
    return covered


def _source_key(call, index, source):
    """The key steps.py counts a source's gradient norm under (its variable, or its place in
    the call)."""
    return source.eid if source.kind == "variable" else ("source", call.location, index)


def _zero_finding(ctx, site, steps, since, slots, evidence):
    count = steps - since
    span = "on every step" if since == 0 else f"since step {since}"
    where = f"{count} steps, up to step {steps - 1}; the tape at line {ctx.line(site.location)}"
    latest = max(evidence, key=lambda entry: entry[0], default=None)
    if latest is None:
        names = ", ".join(f"`{site.variables[slot]}`" for slot in slots)
    else:
        named: dict[Any, Any] = {}  # one name per variable, over the steps' findings
        for _, f in evidence:
            for index, source in f["_collapse"].sources:
                named.setdefault(_source_key(f["_collapse"].call, index, source), source)
        names = ", ".join(ctx.source_words(source) for source in named.values())
    one = len(slots) == 1
    message = (
        f"The gradient{'' if one else 's'} of {names} {'has' if one else 'have'} been exactly 0 "
        f"{span} ({where}), so {'the variable has' if one else 'these variables have'} "
        "stopped learning."
    )
    if latest is None:
        return ctx.finding(
            "zero_gradient_since",
            message,
            "find what cuts it off from the loss: ReLU units dead for every example "
            "(try tf.nn.leaky_relu or a smaller learning rate), a product with 0, or an op "
            "whose gradient is 0 (tf.round, tf.sign, tf.cast to int)",
            site.location,
            seq=1 + slots[0],
        )
    step, finding = latest
    collapse = finding["_collapse"]
    words = collapse_words(ctx, collapse.op, collapse.ratio, collapse.mechanism)
    merged = ctx.finding(
        "zero_gradient_since",
        f"{message} On step {step} {'it' if one else 'they'} {words}",
        finding["suggestion"],
        collapse.op.location,
        seq=1 + slots[0],
    )
    for field in ("call", "source_index", "tensors", "ops"):
        merged[field] = finding[field]  # the kept step's ids: "show in graph" opens that step
    return merged


def _layer_gap(ctx, site, steps):
    if len(site.layers) < 2:
        return []
    norms = _layer_norms(site, site.columns.norms_table(len(site.variables)))
    if not (np.all(np.isfinite(norms)) and np.all(norms > 0)):
        return []  # a missing, zero or non-finite layer norm: said by other findings
    medians = np.median(norms, axis=0)
    small, big = int(np.argmin(medians)), int(np.argmax(medians))
    ratios = norms[:, small] / norms[:, big]
    factor = THRESHOLDS["vanishing_factor"]
    if len(ratios) < MIN_STEPS or not np.all(ratios < factor):
        return []
    typical = float(np.median(ratios))
    return [
        ctx.finding(
            "layer_norm_gap",
            f"The gradient norm of layer {site.layers[small]} is {typical:.0e} of layer "
            f"{site.layers[big]}'s on every step ({len(ratios)} steps, from {ratios.min():.0e} "
            f"to {ratios.max():.0e}; the tape at line {ctx.line(site.location)}): "
            f"{site.layers[small]} learns about {1 / typical:.0e} times slower.",
            "keep gradients flowing through depth: ReLU-family activations instead of "
            "sigmoid/tanh, Glorot/He initialization, normalization layers "
            "(tf.keras.layers.BatchNormalization / LayerNormalization) or residual connections",
            site.location,
            seq=2,
        )
    ]


def _layer_norms(site, table):
    """steps x layers: the L2 norm of each layer's gradients together (NaN when none of its
    variables had one that step)."""
    squares = np.zeros((len(table), len(site.layers)))
    present = np.zeros(squares.shape, dtype=bool)
    for slot, layer in enumerate(site.layer_of):
        column = table[:, slot]
        had = ~(column < 0)  # (a NaN norm counts: it makes the layer's NaN)
        squares[:, layer] += np.where(had, column, 0.0) ** 2
        present[:, layer] |= had
    return np.where(present, np.sqrt(squares), np.nan)
