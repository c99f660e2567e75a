"""Findings across the steps of a training loop, from every step's small record (steps.py),
said once for the whole run instead of once per step:
- nonfinite_at_step: the step where the loss (or a gradient) first turned NaN/Inf, and the
  first op that made a non-finite value from finite inputs in it;
- zero_gradient_since: a variable whose gradient has been exactly 0 from some step to the end;
- layer_norm_gap: a layer whose gradient norm is a tiny fraction of another layer's on every
  step (it learns that much slower).
"""

import numpy as np

from ..steps import layer_norms
from .nonfinite import _fix
from .vocabulary import THRESHOLDS

MIN_STEPS = 3  # a pattern across steps needs at least this many steps to be one


def explain(ctx):
    tracker = ctx.recorder.steps
    findings = []
    for site in tracker.sites.values():
        records = [r for r in tracker.records if r.site is site and r.losses is not None]
        if not records:
            continue
        if len(records) < 2:
            continue  # one step: the per-call findings say it all
        findings.extend(_nonfinite(ctx, site, records))
        if len(records) >= MIN_STEPS:
            findings.extend(_zero_since(ctx, site, records))
            findings.extend(_layer_gap(ctx, site, records))
    return findings


def _first_call(record):
    return record.calls[0] if record.calls else None


def _nonfinite(ctx, site, records):
    if site.nonfinite is None:
        return []
    step, op, input_index, backward = site.nonfinite
    record = next(r for r in records if r.step == step)
    marked = sum("nonfinite" in r.marks for r in records)
    losses = record.losses
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
    after = f"; {marked} of the {len(records)} steps recorded are non-finite"
    call = _first_call(record)
    if not record.reasons:  # the step was not kept (no `anomalies` in the policy): no ids
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


def _zero_since(ctx, site, records):
    findings = []
    norms = np.full((len(records), len(site.variables)), np.nan)
    for row, record in enumerate(records):
        norms[row, : len(record.norms)] = record.norms
    for slot, name in enumerate(site.variables):
        column = norms[:, slot]
        zero = column == 0.0
        if not zero[-1]:
            continue
        since = len(column)
        while since > 0 and zero[since - 1]:
            since -= 1
        count = len(column) - since
        if count < MIN_STEPS:
            continue
        first = records[since].step
        always = "on every step" if since == 0 else f"since step {first}"
        findings.append(
            ctx.finding(
                "zero_gradient_since",
                f"The gradient of {name} has been exactly 0 {always} ({count} steps, up to step "
                f"{records[-1].step}; the tape at line {ctx.line(site.location)}): {name} has "
                f"stopped learning.",
                "find what cuts it off from the loss: ReLU units dead for every example "
                "(try tf.nn.leaky_relu or a smaller learning rate), a product with 0, or an op "
                "whose gradient is 0 (tf.round, tf.sign, tf.cast to int)",
                site.location,
                seq=1 + slot,
            )
        )
    return findings


def _layer_gap(ctx, site, records):
    if len(site.layers) < 2:
        return []
    table = []
    for record in records:
        row = layer_norms(site, record.norms)
        if any(not isinstance(v, float) or v <= 0 for v in row):
            return []  # a missing, zero or non-finite layer norm: said by other findings
        table.append(row)
    norms = np.array(table)
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
