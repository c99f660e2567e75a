"""None gradients handed to an optimizer. Keras skips a variable whose gradient is None, with
the warning "Gradients do not exist for variables [...] when minimizing the loss" (fit,
apply_gradients, minimize), and raises "ValueError: No gradients provided for any variable."
when every gradient is None. The finding that explains the None says what the optimizer then
did, so the warning and the exception have their cause beside them."""

import ast
import re

from .vocabulary import NONE_CAUSES

_SKIPPED = re.compile(r"Gradients do not exist for variables (\[.*?\]) when minimizing")
_NONE_AT_ALL = "No gradients provided for any variable"


def explain(ctx, findings, error_type=None, error_message="", error_line=None):
    """Adds the optimizer's reaction to the None-cause findings it follows (in place)."""
    explained = [f for f in findings if f["code"] in NONE_CAUSES and f["severity"] != "info"]
    if not explained:
        return
    calls = {call.id: call for call in ctx.recorder.calls}
    skips = _skips(ctx)
    for f in explained:
        call = calls.get(f["call"])
        if call is None or f["source_index"] is None:
            continue
        names = _variable_names(ctx, call.sources[f["source_index"]])
        skip = next((s for s in skips if s[0].seq > call.seq and names & s[1]), None)
        if skip is not None:
            event, _, text = skip
            line = ctx.line(event.location if event.location is not None else call.location)
            f["message"] += (
                f" Line {line} then handed the None to an optimizer, which skipped every "
                f"variable whose gradient is None (TF's warning: \"Gradients do not exist for "
                f'variables {text}"): they are not updated.'
            )
    if error_type == "ValueError" and _NONE_AT_ALL in str(error_message):
        last = max(f["call"] for f in explained)
        for f in explained:
            if f["call"] == last:
                f["message"] += (
                    f" That is why line {error_line} raised ValueError ({_NONE_AT_ALL}.): "
                    f"every gradient handed to the optimizer was None."
                )


def _skips(ctx):
    """(warning event, the variable names it lists, the list as written) for each of Keras's
    skip warnings."""
    found = []
    for event in ctx.recorder.events:
        if event.kind != "warning":
            continue
        match = _SKIPPED.search(event.message or "")
        if match is None:
            continue
        try:
            listed = {str(name) for name in ast.literal_eval(match.group(1))}
        except (ValueError, SyntaxError):
            continue
        found.append((event, listed, match.group(1)))
    return found


def _variable_names(ctx, source):
    """The names Keras's warning may give a source variable: its path, or its TF name."""
    variable = ctx.variable_of.get(source.variable if source.variable is not None else source.id)
    if variable is None:
        return set()
    names = {variable.path, variable.var_name}
    if variable.var_name:
        names.add(variable.var_name.split(":")[0])  # a Keras variable's path is its name's head
    return {name for name in names if name}
