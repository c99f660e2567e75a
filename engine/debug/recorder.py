"""The Observer that engine.debug installs: it writes down every op, tape event, variable event,
escape and gradient call, with the user's line, into the raw structures of raw.py.

Hot path first: `op_executed` runs for every op the program executes, so it does the least it
can (find the user's frame, wrap inputs and outputs in RawTensors) and leaves summaries,
memory accounting and diagnosis to build time.
"""

import sys
import weakref
from typing import Any

from .. import IndexedSlices, Tensor as EagerTensor, hooks, introspection
from .backward_trace import BackwardTrace
from .frames import _IS_LIBRARY, _LIBRARY_FILES, FrameLocator, Locations
from .kept_values import ValueKeeper
from .layer_origin import layer_origin
from .naming import StatementTracker
from .raw import (
    ArrayKeys,
    RawCall,
    RawEvent,
    RawFunction,
    RawOp,
    RawTape,
    RawTensor,
    RawVariable,
)
from .spill import HELD_BYTES_CAP, Spill
from .statements import StatementIndexes
from .steps import StepTracker
from .structure import flatten_with_paths
from .summaries import VALUE_CAP

_scopes = introspection.NAME_SCOPES  # the current name scope is its last entry (read every op)
_recording_tapes = introspection.RECORDING_TAPES  # mutated in place by the engine, never rebound
_RECORDS = introspection.RECORDS_ATTRIBUTE
_MAX_NAMED_ITEMS = 64  # a list/dict bound to a name gets its items named `grads[0]`, ...
_CO_OPTIMIZED = 0x1  # inspect.CO_OPTIMIZED: a function frame, whose f_locals is a snapshot


class Recorder(hooks.Observer):
    def __init__(
        self, stop_frame=None, value_cap=VALUE_CAP, held_cap=HELD_BYTES_CAP, keeper=None, keep="all"
    ):
        self.value_cap = value_cap
        self.held_cap = held_cap  # see spill.py
        # which full values above the value cap the capture keeps (kept_values.py)
        self.keeper = keeper if keeper is not None else ValueKeeper(value_cap)
        self.spill = Spill(self)
        self.array_keys = ArrayKeys()
        self.locator = FrameLocator(stop_frame)
        self.locations = Locations()
        self.statements = StatementTracker(
            StatementIndexes(), self._name_from_locals, self.locations
        )
        self.seq = 0
        self.tensors = []  # RawTensor, index = capture id
        self.by_eid = {}  # engine tensor id -> RawTensor (variables are in `variables`)
        self.variables = {}  # engine variable id -> RawVariable
        self.slices = {}  # id(IndexedSlices) -> (the object, its dense RawTensor)
        self.ops = []
        self.op_by_record = {}  # id(Record) -> RawOp (records are kept alive by the RawOp)
        self.tapes = []
        self.tape_of: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # tape -> RawTape
        self._tape_by_id = {}
        self.events = []
        self.calls = []
        self.call_stack = []
        self.functions = {}  # a tf.function's code object -> RawFunction (its calls)
        self._last_frame: Any = None  # the previous event's user frame, its caller
        self._last_back: Any = None
        self._last_where: tuple[Any, Any] = (None, None)  # ... and _where's answer for it
        # (seq, variable id, where) of the last watch_variable event: the read that follows it
        # at once (Variable._as_tensor: the tapes watch, then the read is reported) happened
        # at the same place, so it is not walked to again (~8 of a training step's ~60 walks)
        self._watched_where: tuple[Any, Any, Any] = (None, None, None)
        # ("record", op) / ("drop", tape) / ("step", call, step index) / ("end", call)
        self.memory_log = []
        # what dropped steps took out of tensors, ops, tapes, events, calls (steps.py): ids
        # are list positions plus these, so they stay unique until build makes them dense
        self.id_offsets = [0] * 6
        self.steps = StepTracker(self, keep)
        # An exception (class) to raise in the program at the next event, before anything is
        # written down: how a soft limit stops a program that is inside the recorder (see
        # server/sandbox/child.py), without leaving half-written records.
        self.stop_requested: Any = None

    # --- where, and in which statement --------------------------------------------------
    def _where(self, depth=2):
        """(location index, statement execution) of the innermost user frame. Runs for every
        event (~110 a training step), so FrameLocator.user_frame is inlined here: a set test
        per library frame (no call), None met as the AttributeError it raises."""
        frame: Any = sys._getframe(depth)  # (None past the top: the AttributeError below)
        child = None
        library = _LIBRARY_FILES
        stop = self.locator.stop_frame
        try:
            while True:
                while frame.f_code.co_filename in library:
                    if frame is stop:
                        return None, None
                    child, frame = frame, frame.f_back
                if frame is stop:
                    return None, None
                code = frame.f_code
                known = _IS_LIBRARY.get(code.co_filename)  # (False: a user file, the usual)
                if known is False or (known is None and not self.locator.is_library(code)):
                    break
                child, frame = frame, frame.f_back
        except AttributeError:  # frame is None: no user frame on the stack
            return None, None
        if frame is self._last_frame and frame.f_back is self._last_back:
            # The same instruction of the same frame inside the same call as the previous
            # event (an optimizer's dozens of reads and assigns in `apply_gradients(...)`):
            # the same statement execution and location, nothing for the tracker to do. The
            # previous event's statement execution holds its instruction and call.
            last = self._last_where[1]
            call = last.child
            if (
                frame.f_lasti == last.lasti
                and child is not None
                and call is not None
                and child.f_lasti == call[2]
                and id(child) == call[0]
                and child.f_code is call[1]
            ):
                return self._last_where
            where = self.statements.visit_innermost(frame, child, self.seq)
        else:
            where = self.statements.visit(self.locator.user_frames(frame, child), self.seq)
            self._last_frame, self._last_back = frame, frame.f_back
        self._last_where = where
        return where

    def _name_from_locals(self, frame, names, start_seq):
        try:
            local = frame.f_locals
        except Exception:  # noqa: BLE001 - a frame torn down in an unusual way: no names, no harm
            return
        for name in names:
            if name in local:
                self._name_value(name, local[name], start_seq, nested=True)
        if frame.f_code.co_flags & _CO_OPTIMIZED:
            # A function's f_locals is a snapshot dict the frame keeps: emptied, it no longer
            # holds the values (a deleted tape would otherwise live on). It is refilled on the
            # next read, so the function itself sees no difference.
            local.clear()

    def _name_value(self, name, value, start_seq, nested):
        if isinstance(value, EagerTensor):
            raw = self.by_eid.get(value._id)
            if (
                raw is not None
                and raw.name is None
                and raw.seq >= start_seq
                and (raw.array is value._value or raw.array is None)
            ):
                raw.name = name
        elif introspection.is_variable(value):
            variable = self.variables.get(value._id)
            if (
                variable is not None
                and variable.tensor.name is None
                and variable.tensor.seq >= start_seq
            ):
                variable.tensor.name = name
        elif introspection.is_gradient_tape(value):
            tape = self.tape_of.get(value)
            if tape is not None and tape.name is None:
                tape.name = name
        elif nested and isinstance(value, (list, tuple)) and len(value) <= _MAX_NAMED_ITEMS:
            for index, item in enumerate(value):
                self._name_value(f"{name}[{index}]", item, start_seq, False)
        elif nested and isinstance(value, dict) and len(value) <= _MAX_NAMED_ITEMS:
            for key, item in value.items():
                if isinstance(key, (str, int)):
                    self._name_value(f"{name}[{key!r}]", item, start_seq, False)

    # --- tensors ---------------------------------------------------------------------------
    def _new_tensor(self, eid, array, kind, op, location, stmt):
        raw = RawTensor(
            len(self.tensors) + self.id_offsets[0], eid, array, kind, op, location, self.seq, stmt
        )
        self.tensors.append(raw)
        if eid is not None:
            self.by_eid[eid] = raw
        return raw

    def tensor_of(self, t, location, stmt, leaf_kind="constant"):
        """The RawTensor for an engine tensor, registering it (a leaf) on first sight."""
        raw = self.by_eid.get(t._id)
        if raw is not None and (raw.array is t._value or raw.array is None):
            return raw  # (an array already summarized and let go: the id is the tensor's)
        variable = self.variables.get(t._id)
        if variable is not None:
            return self._version(variable, t._value, location, stmt)
        raw = self._new_tensor(t._id, t._value, leaf_kind, None, location, stmt)
        if leaf_kind != "gradient":
            raw.origin = "converted"
        return raw

    def gradient_of(self, g, location, stmt):
        """The RawTensor of a gradient value (Tensor, IndexedSlices, a number TF passes through
        as it is) or None."""
        if g is None:
            return None
        if isinstance(g, EagerTensor):
            return self.tensor_of(g, location, stmt, leaf_kind="gradient")
        if isinstance(g, IndexedSlices):
            known = self.slices.get(id(g))
            if known is None:
                dense = _dense_slices(g)
                known = self.slices[id(g)] = (
                    g,
                    self._new_tensor(None, dense, "gradient", None, location, stmt),
                )
            return known[1]
        array = _number_array(g)  # a number a custom gradient returned: TF passes it on
        if array is not None:
            return self._new_tensor(None, array, "gradient", None, location, stmt)
        return None

    def _variable(self, variable, location, stmt):
        known = self.variables.get(variable._id)
        if known is None:
            tensor = RawTensor(
                len(self.tensors) + self.id_offsets[0],
                variable._id,
                variable._value,
                "variable",
                None,
                location,
                self.seq,
                stmt,
            )
            self.tensors.append(tensor)
            known = self.variables[variable._id] = RawVariable(
                tensor, bool(getattr(variable, "trainable", True)), getattr(variable, "name", None)
            )
            path = getattr(variable, "path", None)
            known.path = path if isinstance(path, str) else None
        return known

    def _version(self, variable, array, location, stmt):
        raw = variable.versions.get(id(array))
        if raw is None:
            raw = RawTensor(
                len(self.tensors) + self.id_offsets[0],
                variable.tensor.eid,
                array,
                "variable",
                None,
                location,
                self.seq,
                stmt,
            )
            raw.variable = variable.tensor.id
            self.tensors.append(raw)
            variable.versions[id(array)] = raw
            variable.current = raw  # the latest version (a dropped step keeps it: steps.py)
        return raw

    # --- tapes -----------------------------------------------------------------------------
    def tape(self, tape, location=None):
        # A plain dict by id() with an identity check first: WeakKeyDictionary.get is slow for
        # a lookup made on every recorded op.
        entry = self._tape_by_id.get(id(tape))
        if entry is not None and entry[0]() is tape:
            return entry[1]
        raw = self.tape_of.get(tape)
        if raw is None:
            raw = RawTape(
                len(self.tapes) + self.id_offsets[2],
                weakref.ref(tape),
                introspection.is_persistent(tape),
                introspection.watches_accessed_variables(tape),
                location,
                self.seq,
            )
            self.tapes.append(raw)
            self.tape_of[tape] = raw
        self._tape_by_id[id(tape)] = (raw.ref, raw)
        return raw

    # --- Observer: ops -----------------------------------------------------------------------
    def request_stop(self, exception):
        """`exception` (a class or an instance) is raised at the next event."""
        self.stop_requested = exception

    def _stop(self):
        exception, self.stop_requested = self.stop_requested, None
        raise exception

    def op_executed(self, op_type, inputs, outputs, record):
        if self.stop_requested is not None:
            self._stop()
        if self.call_stack:
            if record is None:
                return  # a gradient function's own arithmetic: seen through the steps instead
            call = self.call_stack[-1]
            kind = "gradient"
        else:
            call = None
            kind = "intermediate"
            if record is None and op_type == "OnesLike" and introspection.making_seeds():
                return  # a gradient call's seed, created just before the call is announced
        self.seq = seq = self.seq + 1
        location, stmt = self._where()
        # Inputs: almost always tensors seen before (a dict hit and an identity check), or a
        # variable's value read before (its snapshot carries the variable's id: tensor_of's
        # second lookup, inlined, since an optimizer's ops take a variable as input 40 times a
        # training step).
        by_eid = self.by_eid
        ins = []
        for t in inputs:
            raw = by_eid.get(t._id)
            if raw is None:
                variable = self.variables.get(t._id)
                raw = None if variable is None else variable.versions.get(id(t._value))
                if raw is None:
                    raw = self.tensor_of(t, location, stmt)
            elif raw.array is not t._value and raw.array is not None:
                raw = self.tensor_of(t, location, stmt)
            raw.last_ref = seq
            ins.append(raw)
        ops = self.ops
        # ids: positions in the lists, plus what dropped steps took out of them (steps.py)
        offsets = self.id_offsets
        op = RawOp(
            len(ops) + offsets[1], op_type, ins, None, location, _scopes[-1], seq, call, stmt
        )
        tensors = self.tensors
        outs = []
        for t in outputs:
            raw = RawTensor(
                len(tensors) + offsets[0], t._id, t._value, kind, op, location, seq, stmt
            )
            tensors.append(raw)
            by_eid[t._id] = raw
            outs.append(raw)
        op.outputs = outs
        ops.append(op)
        if len(tensors) >= self.spill.next_check:
            self.spill.check()
        if record is not None:
            op.record = record
            # The tapes that recorded it: those whose latest record it is (a Record is shared
            # by the tapes that recorded the op). Inlined: this runs for every recorded op.
            tapes: list[RawTape] = []
            tape_by_id = self._tape_by_id
            for t in _recording_tapes:
                records = getattr(t, _RECORDS, None)
                if records and records[-1] is record:
                    entry = tape_by_id.get(id(t))
                    raw = (
                        entry[1]
                        if entry is not None and entry[0]() is t
                        else self.tape(t, location)
                    )
                    raw.records.append(op)
                    tapes.append(raw)
            op.tapes = tapes
            self.op_by_record[id(record)] = op
            self.memory_log.append(("record", op))

    def constant_created(self, tensor):
        if tensor._id in self.by_eid:
            return
        self.seq += 1
        location, stmt = self._where()
        raw = self._new_tensor(tensor._id, tensor._value, "constant", None, location, stmt)
        raw.origin = "constant"

    # --- Observer: tapes, variables, escapes, warnings -------------------------------------
    def tape_event(self, tape, kind, tensor=None):
        if self.stop_requested is not None and kind != "deleted":
            self._stop()
        if kind == "deleted":
            return self._tape_deleted(tape)
        self.seq += 1
        location, stmt = self._where()
        if kind == "enter":
            self.steps.tape_entered(tape, location)
        raw = self.tape(tape, location)
        if kind == "watch_variable" or (kind == "watch" and introspection.is_variable(tensor)):
            if kind == "watch_variable":
                self._watched_where = (self.seq, tensor._id, (location, stmt))
            variable = self._variable(tensor, location, stmt)
            how = "watch" if kind == "watch" else "variable_read"
            raw.watched.append((variable.tensor, self.seq, location, how))  # (never dropped)
            return
        if kind == "watch":
            watched = self.tensor_of(tensor, location, stmt)
            if watched.kind == "constant":
                watched.kind = "watched"
            watched.last_ref = self.seq
            raw.watched.append((watched, self.seq, location, "watch"))
            return
        if kind == "enter":
            if raw.location is None:
                raw.location = location
            if raw.records and not introspection.tape_records(tape):
                self._drop(raw, "fresh")  # a spent tape entered again starts a new recording
        elif kind in ("reset", "deleted"):
            self._drop(raw, kind)
        raw.events.append((kind, self.seq, location))

    def _tape_deleted(self, tape):
        """From the tape's __del__, which the garbage collector may run in the middle of
        anything (even of this recorder's own work): only appends, no parsing, no interning."""
        raw = self.tape_of.get(tape)
        if raw is None:
            return
        frame, _ = self.locator.user_frame(3)
        key = (
            None
            if frame is None
            else (frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name)
        )
        self.seq += 1
        raw.events.append(("deleted", self.seq, key))
        self._drop(raw, "deleted")

    def _drop(self, raw, why):
        raw.resets.append((self.seq, len(raw.records), why))
        self.memory_log.append(("drop", raw))

    def variable_event(self, variable, kind, snapshot=None):
        if self.stop_requested is not None:
            self._stop()
        self.seq += 1
        watched = self._watched_where
        if kind == "read" and watched[0] == self.seq - 1 and watched[1] == variable._id:
            location, stmt = watched[2]  # no event (so no code of the user's) came between
        else:
            location, stmt = self._where()
        known = self.variables.get(variable._id)
        if known is None:
            known = self._variable(variable, location, stmt)
        if kind != "read":
            self.steps.variable_value(known, variable._value, kind == "assign")
        if kind == "created":
            known.layer = layer_origin(self.locator.is_library)
            self.events.append(
                RawEvent(
                    self.seq,
                    "variable_created",
                    location,
                    stmt,
                    tensor=known.tensor,
                    variable=known.tensor,
                )
            )
        elif kind == "read":
            # (positional: keyword arguments cost a third of the call; ~33 reads a step)
            array = snapshot._value
            version = known.versions.get(id(array))
            if version is None:
                version = self._version(known, array, location, stmt)
            version.last_ref = self.seq
            self.events.append(
                RawEvent(self.seq, "variable_read", location, stmt, version, known.tensor)
            )
        elif kind == "assign":
            version = self._version(known, variable._value, location, stmt)
            version.last_ref = self.seq
            self.events.append(
                RawEvent(self.seq, "variable_assign", location, stmt, version, known.tensor)
            )

    def escaped(self, tensor, how):
        self.seq += 1
        location, stmt = self._where()
        raw = self.tensor_of(tensor, location, stmt)
        raw.last_ref = self.seq
        variable = (
            self.variables[raw.eid].tensor
            if raw.variable is not None
            else (raw if raw.kind == "variable" else None)
        )
        self.events.append(
            RawEvent(self.seq, "escape", location, stmt, tensor=raw, variable=variable, how=how)
        )

    def warning(self, message):
        self.seq += 1
        location, stmt = self._where()
        self.events.append(RawEvent(self.seq, "warning", location, stmt, message=str(message)))

    def function_called(self, function, python_function):
        code = getattr(python_function, "__code__", None)
        if code is None:
            return
        entry = self.functions.get(code)
        if entry is None:
            entry = self.functions[code] = RawFunction(python_function)
        entry.calls += 1
        entry.functions[id(function)] = function

    def python_warnings(self, caught, filename):
        """Warnings the program raised that the engine did not already report (NumPy's)."""
        known = {e.message for e in self.events if e.kind == "warning"}
        for w in caught:
            message = f"{w.category.__name__}: {w.message}"
            if str(w.message) in known or message in known:
                continue
            known.add(message)
            location = None
            if w.filename == filename:
                location = self.locations.of_key((w.filename, w.lineno, "<module>"))
            self.seq += 1
            self.events.append(RawEvent(self.seq, "warning", location, None, message=message))

    def printed(self, text):
        """Called by capture_program's stdout: what the program printed, and where."""
        if self.stop_requested is not None:
            self._stop()
        self.seq += 1
        location, stmt = self._where()
        self.events.append(RawEvent(self.seq, "print", location, stmt, message=text))

    # --- Observer: gradient calls -------------------------------------------------------------
    def gradient_started(self, tape, kind, targets, sources, output_gradients, unconnected):
        self.seq += 1
        location, stmt = self._where()
        raw_tape = self.tape(tape, location)
        call = RawCall(
            len(self.calls) + self.id_offsets[4], raw_tape, kind, location, self.seq, stmt
        )
        self.steps.gradient_started(raw_tape, call, targets)
        call.targets = [self.tensor_of(t, location, stmt) for t in targets]
        call.sources = [self.tensor_of(s, location, stmt) for s in sources]
        for t in call.targets + call.sources:
            t.last_ref = self.seq
        if output_gradients is not None:
            from .. import nest

            call.output_gradients = [
                self.tensor_of(g, location, stmt, "gradient")
                if isinstance(g, EagerTensor)
                else None
                for g in nest.flatten(output_gradients)
            ]
        # (an enum's value; str() only for anything else: Enum.__str__ is not free)
        call.unconnected = unconnected.value if hasattr(unconnected, "value") else str(unconnected)
        self.calls.append(call)
        self.call_stack.append(call)
        call.trace = BackwardTrace(self, call, tape)
        return call.trace

    def gradient_finished(self, tape, results, error):
        if not self.call_stack:
            return
        call = self.call_stack.pop()
        if call.trace is not None:
            call.trace.close()
            call.trace = None
        self.seq += 1
        call.end_seq = self.seq
        if error is not None:
            call.error = error
        else:
            leaves = flatten_with_paths(results)
            for index, ((path, gradient), source) in enumerate(zip(leaves, call.sources)):
                call.results.append(
                    (index, path, source, self.gradient_of(gradient, call.location, call.stmt))
                )
        self.memory_log.append(("end", call))
        self.steps.gradient_finished(call)

    # --- the end -----------------------------------------------------------------------------
    def finish(self):
        """Names the statements still open (the program's last ones), ends the last step."""
        self.statements.finish_all()
        self.steps.finish()
        self.intern_deferred_locations()
        self._repair()

    def _repair(self):
        """A program stopped by an exception raised from outside (a soft limit, see
        server/sandbox/child.py) may have stopped inside an op's recording: its outputs were
        listed before the op was. They go."""
        live = {id(op) for op in self.ops}
        complete = [t for t in self.tensors if t.op is None or id(t.op) in live]
        if len(complete) != len(self.tensors):
            self.id_offsets[0] += 1  # ids are no longer positions: renumber() makes them so
            self.tensors = complete

    # --- long runs: what a dropped step leaves behind (steps.py) ------------------------------
    def forget(self, gone, gone_ids, survivors):
        """Lets go of a dropped step's objects: out of every index, their links broken so
        reference counting frees their arrays now."""
        by_eid, keeper, stats = self.by_eid, self.keeper, self.spill.activation_stats
        states = keeper.states  # (values above the inline cap only)
        for t in gone["tensors"]:
            if t.variable is None:  # (a variable's later versions are found by its versions)
                if id(by_eid.get(t.eid)) == id(t):  # (`is` would narrow t's type for mypy)
                    del by_eid[t.eid]
            else:
                variable = self.variables.get(t.eid)
                if variable is not None and variable.versions.get(id(t.array)) is t:
                    del variable.versions[id(t.array)]
            if states:
                states.pop(t.id, None)
                kept = keeper.kept.pop(t.id, None)
                if kept is not None:
                    keeper.kept_bytes -= kept.nbytes
            if stats:
                stats.pop(t.id, None)
            if t.counted:
                self.spill.held -= t.array.nbytes
                t.counted = False
            t.array = None
            t.op = t.stmt = None
        for op in gone["ops"]:
            if op.record is not None and id(self.op_by_record.get(id(op.record))) == id(op):
                del self.op_by_record[id(op.record)]
            op.inputs = op.outputs = op.record = op.tapes = op.stmt = op.call = None
            op.saved = op.unpruned = op.saved_pairs = op.unpruned_pairs = None
        if gone["tapes"]:
            by_id = self._tape_by_id
            for key in [k for k, entry in by_id.items() if id(entry[1]) in gone_ids]:
                del by_id[key]
        for tape in gone["tapes"]:
            engine_tape = tape.ref()
            if engine_tape is not None:
                self.tape_of.pop(engine_tape, None)
            tape.records = tape.watched = None
        for call in gone["calls"]:
            call.steps = call.raw_steps = call.step_by_raw = call.seeds = call.raw_seeds = None
            call.results = call.targets = call.sources = call.tape = call.trace = None
            call.released_after_records = call.released_after = None
        for event in gone["events"]:
            event.tensor = event.variable = event.stmt = None
        for key in [k for k, (_, raw) in self.slices.items() if id(raw) in gone_ids]:
            del self.slices[key]
        for t in survivors:  # made by a dropped op: leaves now
            if t.op is not None and t.op.inputs is None:
                t.op = None
        if gone["ops"]:
            for tape in self.tapes:
                records = tape.records
                if records and not gone_ids.isdisjoint(map(id, records)):
                    tape.records = [op for op in records if id(op) not in gone_ids]

    def shift_indexes(self, name, start, end, kept):
        """list[start:end] now holds `kept` items: move the positions that point past it.
        A position inside the cut, below which every item has been dealt with (counted,
        summarized, offered to the kept values), goes back to the cut's start: the survivors
        there may not have been, and each of those steps skips what it has done already."""

        def shift(index):
            if index >= end:
                return index - (end - start - kept)
            return start if index > start else index

        spill = self.spill
        if name == "tensors":
            spill._checked = shift(spill._checked)
            spill._dropped = shift(spill._dropped)
            # (the count of new tensors goes on: restarted at each dropped step, it would never
            # reach a check in a loop of fewer tensors a step, and the cap would never apply)
            spill.next_check = shift(spill.next_check)
            self.keeper._considered = shift(self.keeper._considered)
        elif name == "ops":
            spill._accounted = shift(spill._accounted)

    def renumber(self):
        """Dense capture ids again (0, 1, 2... in order) once steps were dropped."""
        if not any(self.id_offsets):
            return
        new_id = {}
        for index, t in enumerate(self.tensors):
            new_id[t.id] = index
            t.id = index
        for t in self.tensors:
            if t.variable is not None:
                t.variable = new_id[t.variable]
        keeper, spill = self.keeper, self.spill
        keeper.states = {new_id[k]: v for k, v in keeper.states.items() if k in new_id}
        keeper.kept = {new_id[k]: v for k, v in keeper.kept.items() if k in new_id}
        spill.activation_stats = {
            new_id[k]: v for k, v in spill.activation_stats.items() if k in new_id
        }
        for items in (self.ops, self.tapes, self.calls):
            for index, item in enumerate(items):
                item.id = index
        self.id_offsets = [0] * 6

    def release(self):
        """Lets go of everything recorded, once the Capture is built. The raw objects point at
        each other (an op at its outputs, each output at its op): breaking those links lets
        reference counting free them at once instead of leaving a large heap for the cyclic
        collector to scan, and drops the arrays they kept alive."""
        for op in self.ops:
            op.inputs = op.outputs = op.record = op.tapes = op.stmt = op.call = None
        for tensor in self.tensors:
            tensor.op = tensor.array = tensor.stmt = None
        for call in self.calls:
            call.steps = call.raw_steps = call.step_by_raw = call.seeds = call.raw_seeds = None
            call.results = call.targets = call.sources = call.tape = None
        for tape in self.tapes:
            tape.records = tape.watched = None
        for name in ("tensors", "ops", "events", "calls", "memory_log", "tapes"):
            setattr(self, name, [])
        self.by_eid, self.variables, self.op_by_record, self.slices = {}, {}, {}, {}
        self.functions = {}
        self._tape_by_id = {}
        self._last_frame = self._last_back = None
        self._last_where = (None, None)
        self._watched_where = (None, None, None)
        self.array_keys = ArrayKeys()
        self.keeper.kept = {}  # the Capture's KeptValues holds them now
        # The last cycles (the recorder's parts point back at it, a site at its steps' records
        # and they at it): broken, what is left is freed at once, not by the collector's next
        # passes (which would each scan it).
        self.steps.release()
        self.spill.recorder = self.steps.recorder = self.statements.resolve = None

    def intern_deferred_locations(self):
        for tape in self.tapes:
            tape.events = [
                (kind, seq, self.locations.of_key(where) if type(where) is tuple else where)
                for kind, seq, where in tape.events
            ]


def _number_array(value):
    """A Python or NumPy number (or array) as an array; None for anything else."""
    import numpy as np

    if isinstance(value, (float, int, np.ndarray, np.generic)) and not isinstance(value, bool):
        return np.asarray(value)
    return None


def _dense_slices(slices):
    import numpy as np

    values = np.asarray(slices.values._value)
    indices = np.asarray(slices.indices._value).reshape(-1)
    shape = tuple(int(d) for d in np.asarray(slices.dense_shape._value).reshape(-1))
    dense = np.zeros(shape, dtype=values.dtype)
    np.add.at(dense, indices, values.reshape((len(indices),) + shape[1:]))
    return dense
