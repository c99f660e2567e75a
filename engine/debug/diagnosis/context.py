"""What every diagnosis needs about the whole run: who consumes each tensor, each variable's
versions, the escapes and assigns, how to name a tensor and quote a line in a message."""

import linecache
from itertools import repeat
from typing import Any

from .vocabulary import SEVERITY

# Escapes of values into a variable's state: Variable.assign*, an optimizer's gradients.
_WRITTEN = ("assign", "optimizer")


class Context:
    def __init__(self, recorder, summaries):
        self.recorder = recorder
        self.summaries = summaries  # tensor id -> summary dict
        self.consumers: dict[int, list[Any]] = {}
        for op in recorder.ops:
            for t in op.inputs:
                ops = self.consumers.setdefault(t.id, [])
                if not ops or ops[-1] is not op:
                    ops.append(op)
        self.versions = {}  # variable tensor id -> its versions
        for variable in recorder.variables.values():
            self.versions[variable.tensor.id] = list(variable.versions.values())
        self.variable_of = {v.tensor.id: v for v in recorder.variables.values()}
        self.escapes = [e for e in recorder.events if e.kind == "escape"]
        self.assigns = [e for e in recorder.events if e.kind == "variable_assign"]
        by_stmt: dict[Any, list[Any]] = {}
        for e in recorder.events:
            if e.kind == "variable_read" and e.stmt is not None:
                by_stmt.setdefault(id(e.stmt), []).append((e.seq, e.tensor))
        for e in self.escapes:
            if e.how in _WRITTEN and e.stmt is not None:  # the values written into state
                by_stmt.setdefault(id(e.stmt), []).append((e.seq, e.tensor))
        for op in recorder.ops:
            if op.stmt is not None:
                entry = by_stmt.setdefault(id(op.stmt), [])
                entry.extend(zip(repeat(op.seq), op.inputs + op.outputs))  # (no generator)
        self.touched_in_statement = by_stmt  # id(stmt) -> [(seq, tensor)]

    # --- words -----------------------------------------------------------------------------
    def line(self, location):
        return self.recorder.locations.line(location)

    def source_line(self, location):
        if location is None:
            return ""
        filename, line, _ = self.recorder.locations.entries[location]
        return linecache.getline(filename, line).strip()

    def name(self, tensor):
        if tensor.variable is not None:
            return self.name(self.recorder.tensors[tensor.variable])
        if tensor.name:
            return tensor.name
        variable = self.variable_of.get(tensor.id)
        if variable is not None and variable.var_name:
            return variable.var_name.split(":")[0]
        return None

    def describe(self, tensor):
        """`x`, or 'the output of Sin (line 4)', or 'a constant (line 2)'."""
        name = self.name(tensor)
        if name:
            return f"`{name}`"
        line = self.line(tensor.location)
        where = f" (line {line})" if line else ""
        if tensor.op is not None:
            return f"the output of {tensor.op.type}{where}"
        if tensor.kind == "gradient":
            return f"a gradient{where}"
        return f"a {'constant' if tensor.origin == 'constant' else 'tensor'}{where}"

    def source_words(self, tensor):
        """`w` (line 2): a source by the user's name and the line that defined it."""
        if tensor.variable is not None:
            tensor = self.recorder.tensors[tensor.variable]
        line = self.line(tensor.location)
        name = self.name(tensor)
        variable = self.variable_of.get(tensor.id)
        layer = variable.layer if variable is not None else None
        if name and layer is not None:
            label, filename, defined = layer
            where = f", defined at line {defined}" if defined and self._is_program(filename) else ""
            return f"`{name}` (layer `{label}`{where})"
        if name:
            return f"`{name}` (line {line})" if line else f"`{name}`"
        return self.describe(tensor)

    def _is_program(self, filename):
        """Whether a file is one the program's lines are counted in (a user file)."""
        return filename in {entry[0] for entry in self.recorder.locations.entries}

    def chain(self, op):
        """Where an op ran, from the user's line inward: 'Sigmoid at line 5', or
        'line 12 -> dense_1 -> MatMul' when it ran inside a layer or a tf.Module's scope."""
        line = self.line(op.location)
        scope = op.scope.strip("/") if op.scope else ""
        if scope:
            return f"line {line} -> {scope.replace('/', ' -> ')} -> {op.type}"
        return f"{op.type} at line {line}"

    def tape_name(self, tape):
        return tape.name or "tape"

    def finding(
        self,
        code,
        message,
        suggestion=None,
        location=None,
        call=None,
        source_index=None,
        tensors=(),
        ops=(),
        severity=None,
        seq=0,
    ):
        return {
            "code": code,
            "severity": severity or SEVERITY[code],
            "message": message,
            "suggestion": suggestion,
            "line": self.line(location),
            "call": call,
            "source_index": source_index,
            "tensors": [t.id for t in tensors if t is not None],
            "ops": [o.id for o in ops if o is not None],
            "count": 1,
            "_seq": seq,
        }
