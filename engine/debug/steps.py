"""Long runs: cutting the recording into steps, a small record per step, and letting go of the
steps the retention policy (retention.py) does not keep.

The recorder's lists (tensors, ops, tapes, events, calls, memory log) grow in time order, so a
step is a slice of each: `Segment.start`/`end` are positions in them. When a step ends its
record is computed from its arrays (losses, gradient norms, update ratios, counts), and the
policy decides: kept (its slices stay), pending (a candidate for `last:N`) or dropped. A dropped
step's slices are cut out of the lists at once and the links between its objects broken, so
its arrays are freed by reference counting, not left for the cyclic collector. What a later
step still points at survives the cut (a variable's latest value, a tensor the next step
reads) and joins the following step. Capture ids are made dense again at build time
(`renumber`).
"""

import math
import time
from operator import attrgetter, itemgetter
from typing import Any

import numpy as np

from .. import introspection
from .large_summaries import CHUNK, sum_of_squares
from .memory import saved_entries
from .raw import complete
from .retention import JUMP_FACTOR, MAX_JUMPS, parse_keep
from .schema import KeptStep, SiteSteps
from .step_columns import NO_GRADIENT, NOT_A_SOURCE, StepColumns
from .summaries import summarize

LISTS = ("tensors", "ops", "tapes", "events", "calls", "memory_log")
_T, _O, _TAPES, _E, _C, _M = range(6)
NONE, ABSENT = NO_GRADIENT, NOT_A_SOURCE  # grad_norms entries below 0


class Site:
    """A line where tapes are entered: a loop's steps share it."""

    __slots__ = (
        "location",
        "variables",
        "index_of",
        "layers",
        "layer_of",
        "count",
        "pending",
        "seen",
        "jumps",
        "previous_norm",
        "nonfinite",
        "columns",
        "kept",
    )

    def __init__(self, location):
        self.location = location
        self.variables: list[str] = []  # gradient sources' names, in order of first appearance
        self.index_of: dict[Any, int] = {}  # source key -> index in variables
        self.layers: list[str] = []
        self.layer_of: list[int] = []  # variable index -> layer index
        self.count = 0
        self.pending: list[Segment] = []  # last:N candidates, oldest first
        self.seen: set[str] = set()  # anomaly kinds already kept once
        self.jumps = 0
        self.previous_norm = None
        self.nonfinite = None  # (step, op, input index, backward) of the first NaN/Inf
        self.columns = StepColumns()  # every closed step's numbers
        self.kept: list[StepRecord] = []  # the records of the steps kept in full


class StepRecord:
    """A step's numbers while it is open or pending, written into its site's columns when it
    closes (a kept step's record stays for its reasons, calls and tapes)."""

    __slots__ = (
        "site",
        "step",
        "order",
        "reasons",
        "marks",
        "losses",
        "norms",
        "ratios",
        "counts",
        "seconds",
        "bytes",
        "calls",
        "tapes",
    )

    def __init__(self, site, step, order):
        self.site = site
        self.step = step
        self.order = order  # place among all sites' steps
        self.reasons: list[str] = []
        self.marks: list[str] = []
        self.losses = self.norms = self.ratios = None
        self.counts = (0, 0, 0)  # None, zero, non-finite gradients
        self.seconds = 0.0
        self.bytes = 0
        self.calls: list[Any] = []  # RawCalls, for kept steps
        self.tapes: list[Any] = []


class Segment:
    __slots__ = (
        "site",
        "record",
        "start",
        "end",
        "started",
        "assigned",
        "bytes",
        "ended_calls",
        "seq",
    )

    def __init__(self, site, record, start, seq):
        self.site = site
        self.record = record
        self.start = start
        self.end = None
        self.started = time.perf_counter()
        self.assigned: dict[Any, list[Any]] = {}  # variable key -> [value before, value after]
        self.bytes = 0
        self.ended_calls = 0  # seq of the last gradient call's end in the step
        self.seq = seq  # the recorder's seq when it opened: its events' are above


class StepTracker:
    def __init__(self, recorder, keep=None):
        self.recorder = recorder
        self.policy = parse_keep(keep)
        self.sites: dict[Any, Site] = {}  # location index -> Site
        self.opened = 0  # steps opened, every site
        self.segments: list[Segment] = []  # kept, pending and the open one, in list order
        self.current: Segment | None = None
        self.values: dict[Any, Any] = {}  # variable key -> its latest array
        self.dropped = 0

    # --- from the recorder --------------------------------------------------------------------
    def tape_entered(self, tape, location):
        """A tape entered at `location`: a new step, unless another tape is recording or a
        gradient call is running (a nested tape belongs to its outer step)."""
        if location is None or self.recorder.call_stack:
            return
        if any(t is not tape for t in introspection.RECORDING_TAPES):
            return
        site = self.sites.get(location)
        if site is None:
            site = self.sites[location] = Site(location)
        record = StepRecord(site, site.count, self.opened)
        site.count += 1
        self.opened += 1
        previous, self.current = (
            self.current,
            Segment(site, record, self._lengths(), self.recorder.seq),
        )
        self.segments.append(self.current)
        if previous is not None:  # closed after the next one opened: it takes the survivors
            self._close(previous)
        self._decide_pending()

    def gradient_started(self, raw_tape, call, targets):
        # the targets' values now: the recorder may let their arrays go later (spill.py)
        call.measures = ([_total_value(t._value) for t in targets], [])
        segment = self.current
        if segment is None:
            return
        segment.bytes = max(segment.bytes, self._saved_bytes(raw_tape))

    def _saved_bytes(self, raw_tape):
        """Bytes of the distinct arrays the tape's records keep for backward. Arrays still
        held are told apart by their ids (each is alive, so its id is its own); if spill.py
        let some go, by the keys it gave them first."""
        saved = [t for op in raw_tape.records for t, _, _ in saved_entries(op)[0]]
        if all(t.array is not None for t in saved):
            return sum({id(t.array): t.array.nbytes for t in saved}.values())
        complete(saved, self.recorder.array_keys)
        return sum({t.key: t.nbytes for t in saved}.values())

    def gradient_finished(self, call):
        """Measures the call now, while its targets' and gradients' arrays are held. In a step
        the policy keeps whatever happens, the large gradients are summarized now, as the
        Capture would at the end (then it does not), and their norms are the summaries' (one
        pass over each instead of two)."""
        losses = call.measures[0] if call.measures is not None else []
        held = [g for _, _, _, g in call.results if g is not None and g.array is not None]
        if self._kept_whatever_happens():
            # the large ones (a pass of their own to measure); the small ones are measured
            # together and summarized with the build's other small tensors
            fresh = [g for g in held if g.summary is None and g.array.size > CHUNK]
            for g, summary in zip(
                fresh, summarize([g.array for g in fresh], self.recorder.value_cap)
            ):
                g.summary = summary
        norm_of = {id(g): _summary_norm(g.summary) for g in held if g.summary is not None}
        measure = [g for g in held if norm_of.get(id(g)) is None]
        for g, norm in zip(measure, l2_norms([g.array for g in measure])):
            norm_of[id(g)] = (norm, norm == 0.0)
        results = []
        for index, _path, source, gradient in call.results:
            if gradient is None:
                results.append((index, source, None, False))
            else:
                norm = norm_of.get(id(gradient))
                norm, zero = _norm(gradient) if norm is None else norm
                results.append((index, source, norm, zero))
        call.measures = (losses, results)
        if self.current is not None:
            self.current.ended_calls = call.end_seq

    def _kept_whatever_happens(self):
        """Whether the open step is kept in full by the policy alone (first, all, requested),
        before its numbers are known."""
        segment, policy = self.current, self.policy
        if segment is None:
            return False
        step = segment.record.step
        return policy.all or step < policy.first or step in policy.steps

    def variable_value(self, variable, array, assigned):
        key = variable.tensor.eid
        before = self.values.get(key)
        self.values[key] = array
        segment = self.current
        if assigned and segment is not None and segment.ended_calls:
            entry = segment.assigned.get(key)
            if entry is None:
                segment.assigned[key] = [before, array]
            else:
                entry[1] = array

    def finish(self):
        if self.current is not None:
            self._close(self.current)
            self.current = None
        self._decide_pending()
        for site in self.sites.values():
            for segment in site.pending:
                segment.record.reasons.append("last")
                self._keep(segment)
            site.pending = []

    def release(self):
        """Lets go of the sites, steps and records (Recorder.release)."""
        for site in self.sites.values():
            site.kept, site.pending = [], []
        self.sites, self.segments, self.current, self.values = {}, [], None, {}

    # --- a step ends --------------------------------------------------------------------------
    def _lengths(self):
        r = self.recorder
        return [len(getattr(r, name)) for name in LISTS]

    def _close(self, segment):
        segment.end = self._lengths()
        record, site = segment.record, segment.site
        record.seconds = time.perf_counter() - segment.started
        record.bytes = segment.bytes
        r = self.recorder
        calls = r.calls[segment.start[_C] : segment.end[_C]]
        self._measure(segment, calls)
        site.columns.append(record, record.order)
        policy = self.policy
        reasons = record.reasons
        if policy.all:
            reasons.append("all")
        if record.step < policy.first:
            reasons.append("first")
        if record.step in policy.steps:
            reasons.append("requested")
        if policy.anomalies:
            for mark in record.marks:
                if mark == "jump":
                    if site.jumps < MAX_JUMPS:
                        site.jumps += 1
                        reasons.append("anomaly:jump")
                elif mark not in site.seen:
                    site.seen.add(mark)
                    reasons.append(f"anomaly:{mark}")
        if "nonfinite" in record.marks and site.nonfinite is None:
            site.nonfinite = _nonfinite_origin(r, segment, calls, record.step)
        if reasons:
            self._keep(segment)
        elif policy.last:
            site.pending.append(segment)
        else:
            segment.record.reasons = []
            self._drop(segment)

    def _decide_pending(self):
        for site in self.sites.values():
            while len(site.pending) > self.policy.last:
                self._drop(site.pending.pop(0))

    def _keep(self, segment):
        r = self.recorder
        segment.site.kept.append(segment.record)
        segment.record.calls = r.calls[segment.start[_C] : segment.end[_C]]
        segment.record.tapes = r.tapes[segment.start[_TAPES] : segment.end[_TAPES]]

    def _measure(self, segment, calls):
        record, site = segment.record, segment.site
        losses, norms, none = [], {}, 0
        zero = nonfinite = 0
        for call in calls:
            if call.measures is None:
                continue  # the call raised
            call_losses, results = call.measures
            losses.extend(call_losses)
            for index, source, norm, zeros in results:
                key = source.eid if source.kind == "variable" else ("source", call.location, index)
                slot = site.index_of.get(key)
                if slot is None:
                    slot = self._add_variable(site, key, self._source_name(source, index))
                if norm is None:
                    norms[slot] = NONE
                    none += 1
                    continue
                norms[slot] = norm
                if not math.isfinite(norm):
                    nonfinite += 1
                elif zeros:
                    zero += 1
        # (rows filled as lists and made arrays once: an item set on an array costs more)
        width = len(site.variables)
        record.losses = np.array(losses, dtype=np.float64)
        row = [ABSENT] * width
        for slot, norm in norms.items():
            row[slot] = norm
        record.norms = np.array(row, dtype=np.float64)
        row = [math.nan] * width
        slots, befores, afters = [], [], []
        for key, (before, after) in segment.assigned.items():
            slot = site.index_of.get(key)
            if slot is None or before is None or after is None:
                continue
            slots.append(slot)
            befores.append(before)
            afters.append(after)
        for slot, (base, change) in zip(slots, update_norms(befores, afters)):
            row[slot] = change / base if (base > 0) else math.inf
        record.ratios = np.array(row, dtype=np.float64)
        record.counts = (none, zero, nonfinite)
        marks = record.marks
        if nonfinite or not all(map(math.isfinite, losses)):  # (Python floats: _total_value)
            marks.append("nonfinite")
        if none:
            marks.append("none")
        finite = [n for n in norms.values() if n >= 0 and math.isfinite(n)]
        total = math.sqrt(sum(n * n for n in finite)) if finite else None
        previous = site.previous_norm
        if total is not None and previous and total > JUMP_FACTOR * previous:
            marks.append("jump")
        if total is not None:
            site.previous_norm = total

    def _add_variable(self, site, key, name):
        slot = site.index_of[key] = len(site.variables)
        site.variables.append(name)
        layer = name.rsplit("/", 1)[0] if "/" in name else name
        if layer in site.layers:
            site.layer_of.append(site.layers.index(layer))
        else:
            site.layer_of.append(len(site.layers))
            site.layers.append(layer)
        return slot

    def _source_name(self, source, index):
        if source.kind == "variable":
            variable = self.recorder.variables.get(source.eid)
            if variable is not None:
                if variable.path:
                    return variable.path
                if variable.tensor.name:
                    return variable.tensor.name
                if variable.var_name:
                    return variable.var_name.split(":")[0]
        return source.name or f"source {index}"

    # --- letting go ---------------------------------------------------------------------------
    def _drop(self, segment):
        """Cuts the segment out of the lists and lets go of its objects, as one step: an
        exception that arrives in the middle (a soft limit raised in the program's thread,
        server/sandbox/child.py) would leave the lists half cut and the step's calls in the
        capture without its record saying kept. The cut is then undone and done again, and the
        exception raised at the recorder's next event instead (request_stop)."""
        r = self.recorder
        undo = self._undo_point(segment)
        try:
            cut = self._cut(segment)
        except BaseException as stop:  # noqa: BLE001 - deferred, not swallowed
            self._undo(undo)
            cut = self._cut(segment)
            r.request_stop(stop)
        try:
            r.forget(*cut)
        except BaseException as stop:  # noqa: BLE001 - forget() may run twice: it is idempotent
            r.forget(*cut)
            r.request_stop(stop)

    def _undo_point(self, segment):
        """What _cut changes: the lists from the segment on, the later segments' positions,
        the counters that index the lists."""
        r = self.recorder
        position = self.segments.index(segment)
        tails = [getattr(r, name)[segment.start[i] :] for i, name in enumerate(LISTS)]
        positions = [
            (s, list(s.start), None if s.end is None else list(s.end))
            for s in self.segments[position:]
        ]
        spill, keeper = r.spill, r.keeper
        counters = (
            list(r.id_offsets),
            (spill._checked, spill._dropped, spill.next_check, spill._accounted),
            keeper._considered,
            self.dropped,
        )
        return list(self.segments), tails, positions, counters

    def _undo(self, point):
        r = self.recorder
        segments, tails, positions, counters = point
        self.segments[:] = segments
        start = positions[0][1]  # the dropped segment's, first among them
        for i, name in enumerate(LISTS):
            getattr(r, name)[start[i] :] = tails[i]
        for segment, segment_start, segment_end in positions:
            segment.start[:] = segment_start
            if segment_end is not None:
                segment.end[:] = segment_end
        offsets, spill_counters, considered, dropped = counters
        r.id_offsets[:] = offsets
        spill = r.spill
        spill._checked, spill._dropped, spill.next_check, spill._accounted = spill_counters
        r.keeper._considered = considered
        self.dropped = dropped

    def _cut(self, segment):
        """Takes the segment's objects out of the recorder's lists; (what went, their ids, the
        segment's tensors that stay) for Recorder.forget."""
        r = self.recorder
        position = self.segments.index(segment)
        following = self.segments[position + 1] if position + 1 < len(self.segments) else None
        del self.segments[position]
        self.dropped += 1
        start, end = segment.start, segment.end
        survivors = self._survivors(segment, following)
        gone: dict[str, list[Any]] = {}
        gone_ids: set[int] = set()
        survivor_tensors: list[Any] = []
        for i, name in enumerate(LISTS):
            items = getattr(r, name)
            a, b = start[i], end[i]
            part = items[a:b]
            if i == _M:
                kept = [e for e in part if id(e[1]) not in gone_ids]
            else:
                ids = list(map(id, part))
                if survivors.isdisjoint(ids):  # (most lists: the survivors are tensors)
                    kept, gone[name] = [], part
                    gone_ids.update(ids)
                else:
                    kept = [x for x, k in zip(part, ids) if k in survivors]
                    gone[name] = [x for x, k in zip(part, ids) if k not in survivors]
                    gone_ids.update(ids)
                    gone_ids.difference_update(survivors)
                if i == _T:
                    survivor_tensors = kept
            items[a:b] = kept
            removed = len(part) - len(kept)
            if i != _E and i != _M:
                r.id_offsets[i] += removed
            for later in self.segments[position:]:
                later.start[i] -= removed
                if later.end is not None:
                    later.end[i] -= removed
            if following is not None:
                following.start[i] = a
            r.shift_indexes(name, a, b, len(kept))
        # what later steps logged about this one (its tape deleted when the name was rebound,
        # a "drop" entry: its reset's seq is past the step's end)
        if following is not None and any(
            reset[0] >= following.seq for tape in gone.get("tapes", ()) for reset in tape.resets
        ):
            log_from = following.start[_M]
            later = r.memory_log[log_from:]
            if not gone_ids.isdisjoint(map(id, map(_SECOND, later))):  # (in C; mostly not)
                r.memory_log[log_from:] = [e for e in later if id(e[1]) not in gone_ids]
        return gone, gone_ids, survivor_tensors

    def _survivors(self, segment, following):
        """ids of the segment's objects that outlive it: what later steps point at, the
        variables themselves and each variable's latest value."""
        r = self.recorder
        start, end = segment.start, segment.end
        keep: set[int] = set(map(id, map(_TENSOR, r.variables.values())))
        keep.update(map(id, map(_CURRENT, r.variables.values())))
        if following is not None:
            # what a later step's ops, calls, events and watches point at: they were recorded
            # after the following step opened (raw.py: last_ref)
            since = following.seq
            keep.update([id(t) for t in r.tensors[start[_T] : end[_T]] if t.last_ref >= since])
        for event in r.events[start[_E] : end[_E]]:
            if event.kind == "variable_created":
                keep.add(id(event))
        # a tape still in use after the step (entered in it, recording later) stays
        for tape in r.tapes[start[_TAPES] : end[_TAPES]]:
            engine_tape = tape.ref()
            if engine_tape is not None and engine_tape in introspection.RECORDING_TAPES:
                keep.add(id(tape))
        keep.discard(id(None))
        return keep


_TENSOR, _CURRENT = attrgetter("tensor"), attrgetter("current")
_SECOND = itemgetter(1)


def _total_value(array):
    array = np.asarray(array)
    if array.dtype.kind not in "fiub":
        return float("nan")
    if array.size == 1:
        return float(array.reshape(()))
    return float(np.sum(array, dtype=np.float64))


def l2_norms(arrays):
    """The L2 norm of each array (NaN for a non-numeric one), in float64: the small ones
    together, as one concatenation and one reduction, not a few NumPy calls each (a training
    step measures a dozen small gradients and updates)."""
    out = [0.0] * len(arrays)
    small, offsets, total = [], [], 0
    for index, array in enumerate(arrays):
        a = np.asarray(array)
        if a.dtype.kind not in "fiu":
            out[index] = np.nan
        elif a.size > CHUNK:
            out[index] = _l2(a)
        elif a.size:
            small.append((index, a.reshape(-1)))
            offsets.append(total)
            total += a.size
    if small:
        flat = np.concatenate([a for _, a in small], dtype=np.float64)
        np.multiply(flat, flat, out=flat)
        squares = np.add.reduceat(flat, offsets).tolist()
        for (index, _), square in zip(small, squares):
            out[index] = math.sqrt(square)
    return out


def update_norms(befores, afters):
    """[(||before||, ||after - before||)] per variable, in float64: the small numeric ones
    (a training step's weights) as one concatenation, one subtraction, one squaring and one
    reduction for all of them, not a few NumPy calls each."""
    out: list[Any] = [None] * len(befores)
    small, flat, offsets, total = [], [], [], 0
    for index, (before, after) in enumerate(zip(befores, afters)):
        b, a = np.asarray(before), np.asarray(after)
        numeric = b.dtype.kind in "fiu" and a.dtype.kind in "fiu"
        if numeric and b.shape == a.shape and 0 < b.size <= CHUNK:
            small.append(index)
            flat.append(b)
            offsets.append(total)
            total += b.size
        else:
            base, change = l2_norms([b, np.subtract(a, b, dtype=np.float64)])
            out[index] = (base, change)
    if small:
        flat.extend(afters[index] for index in small)
        values = np.concatenate(flat, axis=None, dtype=np.float64)  # befores, then afters
        np.subtract(values[total:], values[:total], out=values[total:])
        np.multiply(values, values, out=values)
        sums = np.add.reduceat(values, offsets + [total + o for o in offsets]).tolist()
        for slot, index in enumerate(small):
            out[index] = (math.sqrt(sums[slot]), math.sqrt(sums[len(small) + slot]))
    return out


def _l2(array):
    a = np.asarray(array)
    if a.dtype.kind not in "fiu":
        return np.nan
    if a.size > CHUNK:  # without a float64 copy of a large gradient (large_summaries.py)
        return sum_of_squares(a) ** 0.5
    flat = a.astype(np.float64, copy=False).reshape(-1)
    return math.sqrt(np.dot(flat, flat))


def _summary_norm(summary):
    """(L2 norm at float32 precision, all zeros) of a float gradient from its summary, or None
    when the summary's statistics are not those of the whole value (NaN/Inf among it, an
    empty or non-float value)."""
    if summary["nans"] or summary["infs"] or summary.get("norm") is None:
        return None
    if summary["dtype"] not in _FLOAT_DTYPES:
        return None
    return float(summary["norm"]), summary["zeros"] == summary["size"]


_FLOAT_DTYPES = frozenset(("float16", "float32", "float64", "bfloat16"))


def _norm(gradient):
    """(L2 norm, all zeros) of a gradient RawTensor."""
    array = gradient.array
    if array is None:
        summary = gradient.summary or {}
        if summary.get("nans") or summary.get("infs"):
            return float("nan"), False
        return float(summary.get("norm") or 0.0), summary.get("zeros") == summary.get("size")
    norm = _l2(array)
    return norm, norm == 0.0


def _nonfinite_origin(r, segment, calls, step):
    """(step, op, input index, backward) of the first op of the step that made NaN/Inf from
    finite inputs: forward first, then each gradient call's backward steps."""
    for op in r.ops[segment.start[_O] : segment.end[_O]]:
        if op.call is not None or not op.outputs:
            continue
        if any(t.array is None or not _finite(t.array) for t in op.inputs):
            continue
        if any(t.array is not None and not _finite(t.array) for t in op.outputs):
            return (step, op, _suspect_input(op), False)
    op_of = r.op_by_record.get
    for call in calls:
        for entry in call.raw_steps:
            if any(g is not None and not _finite(g._value) for g in entry[1]):
                continue
            if any(g is not None and not _finite(g._value) for g in entry[2]):
                op = op_of(id(entry[0]))
                if op is not None:
                    return (step, op, _suspect_input(op), True)
    return (step, None, None, False)


def _finite(array):
    a = np.asarray(array)
    return a.dtype.kind not in "fc" or bool(np.isfinite(a).all())


def _suspect_input(op):
    """The input whose values put the op outside its domain: the one holding zeros or
    negative numbers (a divisor, a log's argument), else the first."""
    for index, t in enumerate(op.inputs):
        a = t.array
        if a is not None and a.dtype.kind in "fiu" and a.size and (a <= 0).any():
            return index
    return 0


# --- into the Capture ---------------------------------------------------------------------------
def capture_data(tracker, loc, consume=False):
    """(sites as dicts, their steps as SiteSteps columns) of the Capture; call and tape ids are
    the dense ones. `consume`: each site's columns are let go once turned (the last build)."""
    sites = list(tracker.sites.values())
    steps = []
    for index, site in enumerate(sites):
        kept = sorted(site.kept, key=lambda record: record.step)
        fields = site.columns.to_schema(
            index,
            len(site.variables),
            [(r.step, r.reasons, [c.id for c in r.calls], [t.id for t in r.tapes]) for r in kept],
        )
        fields["kept"] = [KeptStep.model_construct(**k) for k in fields["kept"]]
        if consume:
            site.columns = StepColumns()
        steps.append(SiteSteps.model_construct(**fields))
    return [
        {
            "id": index,
            "location": loc(site.location),
            "variables": site.variables,
            "layers": site.layers,
            "layer_of": site.layer_of,
            "steps": site.count,
            "kept": sorted(record.step for record in site.kept),
        }
        for index, site in enumerate(sites)
    ], steps
