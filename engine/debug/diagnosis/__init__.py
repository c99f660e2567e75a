"""Diagnosis: findings about a recorded run, from the fixed vocabulary in vocabulary.py.

`diagnose(recorder, summaries)` returns (findings, per-call facts): the findings as dicts of
the capture's Finding fields, and for each call its op/layer norms and each None result's cause.
Findings that repeat (a training loop hitting the same line every iteration) are merged into
one with a `count`.
"""

from typing import Any

from ..flow import flow_key, walk
from . import (
    across_steps,
    activations,
    errors,
    none_causes,
    nonfinite,
    norms,
    side_effects,
    skipped_gradients,
    state_flow,
    zero_gradients,
)
from .context import Context
from .vocabulary import CODES, SEVERITY, STEP_FINDINGS, THRESHOLDS

_SEVERITY_ORDER = {"error": 0, "warning": 1, "info": 2}


def diagnose(recorder, summaries, error=None):
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
            findings.extend(_one_per_cause(ctx, call, explained))
            findings.extend(zero_gradients.explain(ctx, call, none))
            findings.extend(state_flow.explain(ctx, call, none))
            findings.extend(norms.explain(ctx, call, layers, op_norms))
        per_call[call.id] = {"norms": op_norms, "layers": layers, "causes": causes}
    findings.extend(errors.explain(ctx))
    findings.extend(activations.explain(ctx))
    findings.extend(nonfinite.explain(ctx))
    findings.extend(side_effects.explain(ctx))
    step_findings, absorbed = across_steps.explain(ctx, findings)
    findings = [f for f in findings if id(f) not in absorbed] + step_findings
    _explain_program_error(findings, error)
    skipped_gradients.explain(
        ctx, findings, _field(error, "type"), _field(error, "message"), _field(error, "line")
    )
    return _merged(findings), per_call


def _field(error, name):
    return error.get(name) if isinstance(error, dict) else getattr(error, name, None)


def _explain_program_error(findings, error):
    """A variable rebound to a Tensor makes the next step's gradient None, and the program
    then fails on it (`w - lr * None`: TypeError; an optimizer given the Tensor: ValueError).
    The finding that explains the None explains the exception too."""
    if error is None or _field(error, "type") not in ("TypeError", "ValueError"):
        return
    message = str(_field(error, "message") or "")
    for f in findings:
        if f["code"] == "variable_replaced_by_tensor":
            f["message"] += (
                f" That is why line {_field(error, 'line')} raised {_field(error, 'type')} "
                f"({message[:120]}): "
                + (
                    "from the second step on the gradient is None, and arithmetic on None fails."
                    if _field(error, "type") == "TypeError"
                    else "from the second step on the optimizer is handed a Tensor, not the "
                    "variable it was built for."
                )
            )
            return


def _one_per_cause(ctx, call, findings):
    """One finding per cause (code and line) of a call, listing every source it cut, instead
    of the same finding once per variable of a layer."""
    kept: list[Any] = []
    by_cause: dict[tuple, Any] = {}
    for f in findings:
        key = (f["code"], f["line"], f["severity"])
        first = by_cause.get(key)
        if first is None:
            by_cause[key] = f
            f["_others"] = []
            kept.append(f)
        elif f["source_index"] != first["source_index"]:
            first["_others"].append(f["source_index"])
            first["tensors"] += [t for t in f["tensors"] if t not in first["tensors"]]
    for f in kept:
        others = f.pop("_others")
        if others:
            names = ", ".join(ctx.source_words(call.sources[i]) for i in others)
            f["message"] += (
                f" The same cause cuts the gradient of {len(others)} more "
                f"source{'s' if len(others) > 1 else ''}: {names}."
            )
    return kept


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
        f.pop("_collapse", None)
    return merged


def _subject(finding):
    if finding["code"] in STEP_FINDINGS:
        return finding["message"]  # one per variable/layer/loop, already aggregated
    return finding["source_index"]
