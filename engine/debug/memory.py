"""Memory accounting: what each op's record keeps for backward, and a timeline of the bytes held.

Bytes are those of the NumPy arrays actually referenced, each distinct array counted once
(`x * x` saves `x` twice but holds one array; two tapes sharing a record hold the same arrays).
- per op: `saved` (what its Record keeps: TF's per-op lists) and `unpruned` (every input and
  output: what a tape that kept everything would hold);
- per point of the timeline (each forward record, each backward step, each tape reset/deletion
  and the end of each call): bytes held by each tape's live records, by the gradients the
  backward loop has pending (and its results so far), the total of distinct arrays over both,
  and what unpruned tapes would hold. A point lists the tapes holding bytes and the tape it
  concerns (others hold 0).
"""

from typing import Any

from .flow import walk


def saved_entries(op):
    """[(RawTensor, role, index)] the op's record keeps, and those an unpruned one would add."""
    record = op.record
    saved: list[Any] = []
    pruned: list[Any] = []
    if record is None:
        return saved, pruned
    for role, kept, tensors in (
        ("input", record.inputs, op.inputs),
        ("output", record.outputs, op.outputs),
    ):
        for index, tensor in enumerate(tensors):
            if kept is not None and index < len(kept) and kept[index] is not None:
                saved.append((tensor, role, index))
            else:
                pruned.append((tensor, role, index))
    return saved, pruned


def account_op(op):
    """Fills op.saved/unpruned (the saved entries first, then the pruned ones) and their
    distinct (array key, nbytes) pairs, once, while the arrays are alive. Keys are array ids:
    an array freed (its last record released) before another takes its address is gone from
    the timeline by then, so keys never collide."""
    if op.record is None or op.saved_pairs is not None:
        return
    saved, pruned = saved_entries(op)
    op.saved, op.unpruned = saved, saved + pruned
    op.saved_pairs = _pairs([t for t, _, _ in saved])
    op.unpruned_pairs = _pairs([t for t, _, _ in op.unpruned])


def pairs_bytes(pairs):
    return sum(nbytes for _, nbytes in pairs)


def released_bytes(ops):
    """Bytes of the distinct arrays some ops' records saved (what releasing them frees)."""
    if len(ops) == 1:  # (the usual step: its own record; an op's pairs are distinct already)
        return pairs_bytes(ops[0].saved_pairs or ())
    distinct: dict[Any, int] = {}
    for op in ops:
        distinct.update(op.saved_pairs or ())
    return sum(distinct.values())


class _Held:
    """Reference-counted distinct arrays, fed with (key, nbytes) pairs."""

    __slots__ = ("counts", "bytes")

    def __init__(self):
        self.counts = {}
        self.bytes = 0

    def add(self, pairs):
        counts = self.counts
        for key, nbytes in pairs:
            entry = counts.get(key)
            if entry is None:
                counts[key] = [1, nbytes]
                self.bytes += nbytes
            else:
                entry[0] += 1

    def remove(self, pairs):
        counts = self.counts
        for key, _ in pairs:
            entry = counts[key]
            entry[0] -= 1
            if not entry[0]:
                del counts[key]
                self.bytes -= entry[1]


def _key(t):
    return t.key


def _pairs(tensors):
    """Distinct (key, nbytes) of some RawTensors."""
    if len(tensors) == 1:  # the common case, without a dict
        t = tensors[0]
        return [(t.key, t.nbytes)]
    return list({t.key: t.nbytes for t in tensors}.items())


class Timeline:
    def __init__(self, recorder):
        self.recorder = recorder
        self.points = []
        self.step_bytes = {}  # (call id, step index) -> bytes alive after the step
        self._saved = {}  # op id -> distinct saved RawTensors
        self._unpruned = {}
        self._tape_held = {}  # tape id -> _Held
        self._live = {}  # tape id -> {op id: op}
        self._all = _Held()  # distinct arrays over every tape
        self._all_unpruned = _Held()
        self._holding = {}  # tape id -> _Held, for the tapes holding any bytes now
        self._names = [str(tape.id) for tape in recorder.tapes]

    def build(self):
        for op in self.recorder.ops:
            if op.record is not None:
                account_op(op)
                self._saved[op.id] = op.saved_pairs
                self._unpruned[op.id] = op.unpruned_pairs
        in_flight = {}
        for entry in self.recorder.memory_log:
            kind = entry[0]
            if kind == "record":
                op = entry[1]
                concerns = [tape.id for tape in op.tapes]
                for tape_id in concerns:
                    self._hold(tape_id, op)
                self._point(
                    "backward" if op.call is not None else "forward",
                    op=op.id,
                    call=op.call.id if op.call is not None else None,
                    concerns=concerns,
                )
            elif kind == "drop":
                tape = entry[1]
                for op in list(self._live.get(tape.id, {}).values()):
                    self._release(tape.id, op)
                self._point("forward", concerns=[tape.id])
            elif kind == "step":
                call, step = entry[1], entry[1].step_by_raw[entry[2]]
                if step is None:
                    continue
                if call.id not in in_flight:
                    in_flight[call.id] = _in_flight_after_steps(call)
                for op in step.released:
                    self._release(call.tape.id, op)
                gradients = in_flight[call.id].get(step.index, [])
                point = self._point(
                    "backward",
                    op=step.op.id,
                    call=call.id,
                    step=step.index,
                    gradients=gradients,
                    concerns=[call.tape.id],
                )
                self.step_bytes[(call.id, step.index)] = point["total"]
            elif kind == "end":
                call = entry[1]
                for op in call.released_after:
                    self._release(call.tape.id, op)
                self._point("backward", call=call.id, concerns=[call.tape.id])
        peak_index = max(
            range(len(self.points)), key=lambda i: self.points[i]["total"], default=None
        )
        return {
            "points": self.points,
            "peak": self.points[peak_index]["total"] if peak_index is not None else 0,
            "peak_index": peak_index,
            "unpruned_peak": max((p["unpruned"] for p in self.points), default=0),
        }

    def _hold(self, tape_id, op):
        live = self._live.setdefault(tape_id, {})
        if op.id in live:
            return
        live[op.id] = op
        saved, unpruned = self._saved[op.id], self._unpruned[op.id]
        held = self._tape_held.get(tape_id)
        if held is None:
            held = self._tape_held[tape_id] = _Held()
        held.add(saved)
        self._all.add(saved)
        self._all_unpruned.add(unpruned)
        if held.bytes:
            self._holding[tape_id] = held

    def _release(self, tape_id, op):
        live = self._live.get(tape_id)
        if not live or op.id not in live:
            return  # already gone (a reset after the loop released it, ...)
        del live[op.id]
        saved, unpruned = self._saved[op.id], self._unpruned[op.id]
        held = self._tape_held[tape_id]
        held.remove(saved)
        self._all.remove(saved)
        self._all_unpruned.remove(unpruned)
        if not held.bytes:
            self._holding.pop(tape_id, None)

    def _point(self, phase, op=None, call=None, step=None, gradients=(), concerns=()):
        gradient_bytes = extra = 0
        if gradients:
            counts = self._all.counts
            for key, nbytes in gradients:
                gradient_bytes += nbytes
                if key not in counts:
                    extra += nbytes
        # Only the tapes holding bytes, and the one this point is about (0 when it let go).
        names = self._names
        tapes = {names[tape_id]: held.bytes for tape_id, held in self._holding.items()}
        for tape_id in concerns:
            tapes.setdefault(names[tape_id], 0)
        point = {
            "index": len(self.points),
            "phase": phase,
            "op": op,
            "call": call,
            "step": step,
            "tapes": tapes,
            "gradients": gradient_bytes,
            "total": self._all.bytes + extra,
            "unpruned": self._all_unpruned.bytes,
        }
        self.points.append(point)
        return point


def _in_flight_after_steps(call):
    """step index -> (key, nbytes) of the distinct gradients the loop holds after it."""
    out = {}
    for _, step, pending, results in walk(call):
        if step is not None:
            out[step.index] = _pairs(list(pending.values()) + list(results.values()))
    return out
