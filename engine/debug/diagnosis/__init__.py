"""Diagnosis: findings about a recorded run, from the fixed vocabulary in vocabulary.py.

`diagnose(recorder, summaries)` returns (findings, per-call facts): the findings as dicts of
the capture's Finding fields, and for each call its op/layer norms and each None result's cause.
Findings that repeat (a training loop hitting the same line every iteration) are merged into
one with a `count`.
"""

from typing import Any

from ..flow import flow_key, walk
from . import across_steps, activations, errors, none_causes, nonfinite, norms, side_effects
from .context import Context
from .vocabulary import CODES, SEVERITY, STEP_FINDINGS, THRESHOLDS

_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def diagnose(recorder, summaries):
    ctx = Context(recorder, summaries)
    findings = []
    per_call = {}
    for call in recorder.calls:
        op_norms, layers = norms.profile(ctx, call)
        causes: dict[int, Any] = {}
        if call.error is None:
            reached = _reached_sources(call) if call.unconnected == "zero" else set()
            none = {
                index: (gradient, _is_none(ctx, call, gradient, flow_key(source) in reached))
                for index, _, source, gradient in call.results
            }
            explained = none_causes.explain(ctx, call, none)
            for f in explained:
                causes.setdefault(f["source_index"], f["code"])
            findings.extend(explained)
            findings.extend(norms.explain(ctx, call, layers))
        per_call[call.id] = {"norms": op_norms, "layers": layers, "causes": causes}
    findings.extend(errors.explain(ctx))
    findings.extend(activations.explain(ctx))
    findings.extend(nonfinite.explain(ctx))
    findings.extend(side_effects.explain(ctx))
    findings.extend(across_steps.explain(ctx))
    return _merged(findings), per_call


def _is_none(ctx, call, gradient, reached):
    """None, or (unconnected_gradients=ZERO) the zeros the call returned instead of None."""
    if gradient is None:
        return True
    return call.unconnected == "zero" and not reached


def _reached_sources(call):
    """Flow keys of the sources some backward pass of the call delivered a gradient to."""
    reached = set()
    for _, step, _, results in walk(call):
        if step is None:
            reached.update(results)
    return reached


def _merged(findings):
    merged: list[Any] = []
    by_key: dict[tuple, Any] = {}
    for f in findings:
        key = (f["code"], f["line"], f["severity"], _subject(f))
        first = by_key.get(key)
        if first is None:
            by_key[key] = f
            merged.append(f)
        else:
            first["count"] += 1
    merged.sort(key=lambda f: (_SEVERITY_ORDER[f["severity"]], f["_seq"]))
    for f in merged:
        del f["_seq"]
    return merged


def _subject(finding):
    if finding["code"] in STEP_FINDINGS:
        return finding["message"]  # one per variable/layer/loop, already aggregated
    return finding["source_index"]
