"""Turning what the recorder saw into a Capture: ids, summaries, memory, diagnosis.

Capture ids are the order of first appearance (tensors, ops, tapes, calls), so the same
program gives the same capture apart from `created`. The models are validated once, from
plain dicts (pydantic's fast path), rather than built object by object.
"""

import datetime
import gc

from ..introspection import gradient_state
from .backward_trace import Provisional, materialize
from .diagnosis import THRESHOLDS, diagnose
from .memory import Timeline, pairs_bytes, released_bytes
from .raw import complete
from .schema import SCHEMA_VERSION, Capture, SourceLocation
from .steps import capture_data
from .summaries import HISTOGRAM_BINS, VALUE_CAP, summarize


def build(recorder, value_cap=VALUE_CAP, program=None, error=None, stdout="", finish=True):
    """The Capture of everything `recorder` saw. `finish=False` (a live snapshot) leaves the
    statements still running open, so their names are still given later."""
    # Building creates a few hundred thousand small objects and no reference cycles; with the
    # cyclic collector running, each of its passes rescans the whole (large) heap, which
    # tripled the build time of a 10,000-op capture. It is switched back on afterwards.
    enabled = gc.isenabled()
    gc.disable()
    try:
        if not finish:
            return _snapshot(recorder, value_cap, program, stdout)
        capture = _build(recorder, value_cap, program, error, stdout, finish)
        recorder.release()
        return capture
    finally:
        if enabled:
            gc.enable()


def _snapshot(recorder, value_cap, program, stdout):
    """A live snapshot: built like the final capture, leaving the recording as it was."""
    recorder.intern_deferred_locations()
    recorder.renumber()
    provisional = Provisional(recorder)
    try:
        return _build(recorder, value_cap, program, None, stdout, finish=False)
    finally:
        provisional.undo()


def _build(recorder, value_cap, program, error, stdout, finish):
    if finish:
        recorder.finish()
        recorder.renumber()
    for call in recorder.calls:
        materialize(recorder, call)
    complete(recorder.tensors, recorder.array_keys)
    keeper = recorder.keeper
    keeper.consider(recorder.tensors, len(recorder.tensors))
    fresh = [t for t in recorder.tensors if t.summary is None]
    for t, summary in zip(fresh, summarize([t.array for t in fresh], value_cap=value_cap)):
        t.summary = summary
    for tensor_id, state in keeper.states.items():
        recorder.tensors[tensor_id].summary["full_value"] = state
    summaries = [t.summary for t in recorder.tensors]
    by_id = {t.id: s for t, s in zip(recorder.tensors, summaries)}
    timeline = Timeline(recorder).build()
    findings, per_call = diagnose(recorder, by_id, error)
    step_bytes = _step_bytes(recorder, timeline)
    # Validated once each and shared: pydantic keeps a model instance it is given as it is, so
    # 25,000 tensors on one line hold one SourceLocation, not 25,000.
    locations = [
        SourceLocation(file=f, line=line, function=fn) for f, line, fn in recorder.locations.entries
    ]

    def loc(index):
        return None if index is None else locations[index]

    sites, steps = capture_data(recorder.steps, loc, consume=finish)

    data = {
        "schema": SCHEMA_VERSION,
        "created": datetime.datetime.now(datetime.UTC).isoformat(),
        "program": program,
        "tensors": [_tensor(t, s, loc) for t, s in zip(recorder.tensors, summaries)],
        "ops": [_op(op, loc) for op in recorder.ops],
        "tapes": [_tape(tape, loc) for tape in recorder.tapes],
        "events": [_event(e, loc) for e in recorder.events],
        "calls": [_call(call, loc, per_call[call.id], step_bytes) for call in recorder.calls],
        "findings": findings,
        "memory": timeline,
        "error": error,
        "stdout": stdout,
        "limits": {
            "value_cap": value_cap,
            "histogram_bins": HISTOGRAM_BINS,
            "held_bytes_cap": recorder.held_cap,
            **keeper.limits(),
        },
        "thresholds": dict(THRESHOLDS),
        "keep": str(recorder.steps.policy),
        "sites": sites,
        "steps": steps,
    }
    capture = Capture.model_validate(data)
    capture._values = keeper.values()
    return capture


def _tensor(t, summary, loc):
    # A gradient's place is its call's; it is not repeated on each of them (a 10,000-step
    # call has 20,000 gradient tensors).
    return {
        "id": t.id,
        "name": t.name,
        "dtype": summary["dtype"],
        "shape": summary["shape"],
        "kind": t.kind,
        "op": t.op.id if t.op is not None else None,
        "location": loc(t.location) if t.kind != "gradient" else None,
        "summary": summary,
        "variable": t.variable,
        "origin": t.origin,
    }


def _saved(entries):
    return [
        {"tensor": t.id, "bytes": t.nbytes, "role": role, "index": index}
        for t, role, index in entries
    ]


def _op(op, loc):
    saved = op.saved or []
    pruned = (op.unpruned or [])[len(saved) :]  # (memory.account_op lists the saved first)
    return {
        "id": op.id,
        "type": op.type,
        "inputs": [t.id for t in op.inputs],
        "outputs": [t.id for t in op.outputs],
        "scope": op.scope or "",
        "location": loc(op.location),
        "tapes": [tape.id for tape in op.tapes],
        "saved": _saved(saved),
        "pruned": _saved(pruned),
        "saved_bytes": pairs_bytes(op.saved_pairs or ()),
        "unpruned_bytes": pairs_bytes(op.unpruned_pairs or ()),
        "gradient": gradient_state(op.type),
        "seq": op.seq,
        "call": op.call.id if op.call is not None else None,
    }


def _tape(tape, loc):
    return {
        "id": tape.id,
        "name": tape.name,
        "persistent": tape.persistent,
        "watch_accessed_variables": tape.watch_accessed_variables,
        "location": loc(tape.location),
        "watched": [
            {"tensor": t.id, "seq": seq, "location": loc(where), "how": how}
            for t, seq, where, how in tape.watched
        ],
        "records": [op.id for op in tape.records],
        "events": [
            {"kind": kind, "seq": seq, "location": loc(where)} for kind, seq, where in tape.events
        ],
    }


def _event(e, loc):
    return {
        "seq": e.seq,
        "kind": e.kind,
        "tensor": e.tensor.id if e.tensor is not None else None,
        "variable": e.variable.id if e.variable is not None else None,
        "how": e.how,
        "message": e.message,
        "location": loc(e.location),
    }


def _gradient_pair(pair):
    tensor, gradient = pair
    return {"tensor": tensor.id, "gradient": gradient.id if gradient is not None else None}


def _step(step, bytes_alive):
    return {
        "index": step.index,
        "op": step.op.id,
        "pass_index": step.pass_index,
        "upstream": [_gradient_pair(p) for p in step.upstream],
        "produced": [_gradient_pair(p) for p in step.produced],
        "accumulations": [
            {"tensor": t.id, "contribution": c.id, "total": total.id}
            for t, c, total in step.accumulations
            if c is not None and total is not None
        ],
        "released_ops": [op.id for op in step.released],
        "released_bytes": released_bytes(step.released),
        "bytes_alive": bytes_alive,
    }


def _call(call, loc, facts, step_bytes):
    error = None
    if call.error is not None:
        where = loc(call.location)
        error = {
            "type": type(call.error).__name__,
            "message": str(call.error),
            "line": where.line if where else None,
            "location": where,
        }
    return {
        "id": call.id,
        "tape": call.tape.id,
        "kind": call.kind,
        "location": loc(call.location),
        "targets": [t.id for t in call.targets],
        "sources": [s.id for s in call.sources],
        "output_gradients": [g.id if g is not None else None for g in call.output_gradients],
        "unconnected": call.unconnected,
        "results": [
            {
                "source_index": index,
                "path": path,
                "tensor": source.id,
                "gradient": gradient.id if gradient is not None else None,
                "none_cause": facts["causes"].get(index),
            }
            for index, path, source, gradient in call.results
        ],
        "steps": [_step(step, step_bytes.get((call.id, step.index), 0)) for step in call.steps],
        "error": error,
        "seq": call.seq,
        "seeds": [
            {"pass_index": p, "tensor": t.id, "gradient": g.id}
            for p, t, g in call.seeds
            if g is not None
        ],
        "passes": max(call.passes, 1),
        "released_after": [op.id for op in call.released_after],
        "released_after_bytes": released_bytes(call.released_after),
        "norms": facts["norms"],
        "layers": facts["layers"],
    }


def _step_bytes(recorder, timeline):
    out = {}
    for point in timeline["points"]:
        if point["step"] is not None:
            out[(point["call"], point["step"])] = point["total"]
    return out
