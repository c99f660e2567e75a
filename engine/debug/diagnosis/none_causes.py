"""Why a source's gradient is None: the cause that cut *that* source's path, and where.

The search runs on the full dataflow of the run (every op, recorded or not). Starting from the
source, it follows the edges along which the call's tape would carry a gradient toward the
target; every edge toward the target that does not carry one is a cut, classified by why
(the op was not recorded, the input was not tracked, the op has no gradient, ...). When no
dataflow joins source and target at all, it looks for the two ways a value travels without
dataflow (a variable assigned from it, or a trip through NumPy/Python) before concluding the
two are unconnected.
"""

import io
import re
import tokenize

from ... import introspection
from . import optimizer_updates, side_effects
from .tape_facts import TapeFacts

_FLOAT = "f"
# Ops whose output does not depend on their input's values: a nested tape records the seed
# ones_like(target) of the inner gradient call by design; its "no gradient" is not a cut.
_BY_DESIGN = ("OnesLike", "ZerosLike")
_ESCAPE_HOWS = ("numpy", "__array__", "float", "int", "index")  # ways a value can come back as data


def explain(ctx, call, results_by_index):
    """Findings for every source of `call` whose gradient is None (or zeros under ZERO)."""
    findings = []
    facts = ancestors = None  # (only for a None gradient: most calls have none)
    for index, source in enumerate(call.sources):
        if not results_by_index.get(index, (None, True))[1]:
            continue  # this source got a real gradient
        if facts is None:
            facts, ancestors = TapeFacts(ctx.recorder, call), _ancestors(call.targets)
        found = _explain_source(ctx, call, facts, ancestors, index, source)
        if call.unconnected == "zero":
            for f in found:
                f["severity"] = "info"
                f["message"] += (
                    " (The call asked for unconnected_gradients=ZERO, so it "
                    "returned zeros instead of None.)"
                )
        findings.extend(found)
    return findings


def _ancestors(targets):
    """Ids of every tensor the targets were computed from (through any op)."""
    seen, stack = set(), list(targets)
    while stack:
        t = stack.pop()
        if t.id in seen:
            continue
        seen.add(t.id)
        if t.op is not None:
            stack.extend(t.op.inputs)
    return seen


def _start_tensors(ctx, source):
    if source.kind == "variable":
        canonical = source.variable if source.variable is not None else source.id
        return ctx.versions.get(canonical, [source])
    return [source]


def _flow_key(t):
    return t.variable if t.variable is not None else t.id


def _tracked(facts, tensor, op):
    if tensor.dtype.kind != _FLOAT:
        return False
    if tensor.op is not None and tensor.op.id in facts.recorded:
        return True
    return facts.watched_before(_flow_key(tensor), op.seq)


def _explain_source(ctx, call, facts, ancestors, index, source):
    make = _Finder(ctx, call, facts, index, source)
    if source.dtype.kind != _FLOAT:
        return [make.integer_source()]
    replaced = make.variable_replaced()
    if replaced is not None:
        return [replaced]
    cuts = []
    flow = set()
    frontier = list(_start_tensors(ctx, source))
    for t in frontier:
        flow.add(t.id)
    while frontier:
        u = frontier.pop()
        for op in ctx.consumers.get(u.id, ()):
            if op.seq > call.seq:
                continue
            toward = [o for o in op.outputs if o.id in ancestors]
            if not toward:
                continue
            cut = make.cut(u, op, toward)
            if cut is not None:
                cuts.append(cut)
                continue
            for o in toward:
                if o.id not in flow:
                    flow.add(o.id)
                    frontier.append(o)
    if cuts:
        cuts.sort(key=lambda f: f["_seq"])
        distinct, seen = [], set()
        for f in cuts:
            key = (f["code"], f["line"])
            if key not in seen:
                seen.add(key)
                distinct.append(f)
        return distinct[:3]
    reachable = _reachable(ctx, _start_tensors(ctx, source), call.seq)
    for finder in (make.stateful, make.left_engine, make.dropped):
        found = finder(reachable, ancestors)
        if found is not None:
            return [found]
    return [make.unconnected()]


def ancestors(targets):
    return _ancestors(targets)


def reachable_ids(ctx, source, before_seq):
    """Ids of the tensors computed from a source (any version of a variable)."""
    return set(_reachable(ctx, _start_tensors(ctx, source), before_seq))


def _reachable(ctx, start, before_seq):
    """Tensors computed from `start` through any op that ran before `before_seq`."""
    seen = {t.id: t for t in start}
    stack = list(start)
    while stack:
        t = stack.pop()
        for op in ctx.consumers.get(t.id, ()):
            if op.seq > before_seq:
                continue
            for o in op.outputs:
                if o.id not in seen:
                    seen[o.id] = o
                    stack.append(o)
    return seen


# A gradient call attributed to one of these lines was taken by Keras's train step.
_KERAS_TRAINING_CALL = re.compile(r"((?:\w+\.)*\w+\.(?:fit|train_on_batch))\(")


class _Finder:
    """Builds the finding for each kind of cut, with its words, line and fix."""

    def __init__(self, ctx, call, facts, index, source):
        self.ctx, self.call, self.facts, self.index, self.source = ctx, call, facts, index, source
        self.name = ctx.source_words(source)
        self.bare = ctx.name(source) or "x"
        self.tape = ctx.tape_name(call.tape)
        self.target = ctx.describe(call.targets[0]) if call.targets else "the target"
        call_line = ctx.line(call.location)
        self.gradient_words = (
            f"{self.tape}.{call.kind}(...) at line {call_line}"
            if call_line
            else f"{self.tape}.{call.kind}(...)"
        )
        self.training = training = _KERAS_TRAINING_CALL.search(ctx.source_line(call.location))
        if training is not None:  # Keras's train step took the gradient: no tape of the user's
            self.target = f"the loss `{training.group(1)}(...)` computes"
            self.gradient_words = (
                f"the gradient `{training.group(1)}(...)` takes at line {call_line}"
            )

    def _make(self, code, message, suggestion, location, tensors=(), ops=(), seq=0):
        return self.ctx.finding(
            code,
            message,
            suggestion,
            location,
            self.call.id,
            self.index,
            (self.source,) + tuple(tensors),
            ops,
            seq=seq,
        )

    # --- the source itself ------------------------------------------------------------------
    def integer_source(self):
        s = self.source
        dtype = s.dtype.name
        location = s.location
        for tensor, _seq, where, _how in self.call.tape.watched:
            if tensor.id == _flow_key(s) and location is None:
                location = where
        return self._make(
            "integer_dtype",
            f"{self.name} has dtype {dtype}: integers are not differentiable, so "
            f"{self.gradient_words} returns None for it (TF also warns that the watched tensor "
            f"must be floating).",
            f"{self.bare} = tf.cast({self.bare}, tf.float32)  # or create it as a float: "
            f"tf.constant(10.0), dtype=tf.float32",
            location,
            seq=s.seq,
        )

    def variable_replaced(self):
        """`x = x + 1` rebinding a Variable's name to a Tensor."""
        s = self.source
        if s.op is None or s.kind == "variable" or not s.name:
            return None
        for inp in s.op.inputs:
            if inp.kind == "variable" and self.ctx.name(inp) == s.name:
                return self._make(
                    "variable_replaced_by_tensor",
                    f"`{s.name}` was a tf.Variable, but line {self.ctx.line(s.op.location)} "
                    f"rebound the name to the result of {s.op.type}, a plain Tensor. A tape "
                    f"watches variables automatically, not tensors, so nothing computed from "
                    f"this `{s.name}` was recorded and {self.gradient_words} returns None.",
                    _assign_suggestion(self.ctx.source_line(s.op.location), s.name),
                    s.op.location,
                    tensors=(inp,),
                    ops=(s.op,),
                    seq=s.op.seq,
                )
        return None

    # --- one edge that does not carry a gradient --------------------------------------------
    def cut(self, u, op, toward):
        facts, ctx = self.facts, self.ctx
        use = ctx.chain(op)
        if op.id not in facts.recorded:
            why = facts.why_not_recorded(op)
            if why is not None:
                return self.outside(op, why)
            return self.untracked(u, op)
        if not _tracked(facts, u, op):
            return self.untracked(u, op)
        state = introspection.gradient_state(op.type)
        if op.type == "StopGradient":
            return self._make(
                "stop_gradient",
                f"tf.stop_gradient at line {ctx.line(op.location)} blocks the gradient from "
                f"{self.target} back to {self.name}.",
                "remove tf.stop_gradient(...) if the gradient should flow through it",
                op.location,
                tensors=(u,),
                ops=(op,),
                seq=op.seq,
            )
        if state == "not_registered":
            # a registered type would have raised LookupError (no_gradient_registered); a
            # recorded op with no registry entry is a tf.custom_gradient with its own function
            return self.custom_none(u, op)
        if op.type in _BY_DESIGN:
            return None  # ones_like(y) / zeros_like(y): a nested tape's seed, value-free
        if state == "non_differentiable" or not all(
            introspection.input_has_gradient(op.type, i) for i, t in enumerate(op.inputs) if t is u
        ):
            if op.type == "Cast":
                return self.integer_op(u, op)
            return self._make(
                "non_differentiable_op",
                f"{use} is not differentiable (TF registers no gradient for it with respect "
                f"to this input), so no gradient reaches {self.name} through it.",
                _non_differentiable_fix(op.type),
                op.location,
                tensors=(u,),
                ops=(op,),
                seq=op.seq,
            )
        if all(o.dtype.kind != _FLOAT for o in toward):
            return self.integer_op(u, op)
        return None

    def custom_none(self, u, op):
        """A tf.custom_gradient whose gradient function returned None for `u`."""
        step = next((st for st in self.call.steps if st.op is op), None)
        if step is None:
            return None
        if not any(inp is u and g is None for inp, g in step.produced):
            return None
        return self._make(
            "non_differentiable_op",
            f"the custom gradient of `{op.type}` (tf.custom_gradient, called at line "
            f"{self.ctx.line(op.location)}) returned None for {self.ctx.describe(u)}, so no "
            f"gradient reaches {self.name} through it.",
            f"return a gradient for every input from `{op.type}`'s grad function "
            f"(e.g. `return dy * 2.0`), or tf.zeros_like(x) for an input meant to get none",
            op.location,
            tensors=(u,),
            ops=(op,),
            seq=op.seq,
        )

    def integer_op(self, u, op):
        out = next((o for o in op.outputs), None)
        dtype = out.dtype.name if out is not None else "an integer type"
        return self._make(
            "integer_dtype",
            f"{op.type} at line {self.ctx.line(op.location)} turns {self.ctx.describe(u)} into "
            f"{dtype}; integer tensors carry no gradient, so the path to {self.name} is cut.",
            "keep the value floating (tf.cast(..., tf.float32)), or use a differentiable "
            "surrogate instead of rounding to integers",
            op.location,
            tensors=(u,),
            ops=(op,),
            seq=op.seq,
        )

    def outside(self, op, why):
        words = {
            "before": "before the tape started recording",
            "after": "after the tape stopped recording",
            "stop_recording": f"inside `with {self.tape}.stop_recording():`",
            "reset": (
                f"before `{self.tape}.reset()`, which discarded it"
                if self.facts.reset_kind == "reset"
                else "during an earlier use of this tape, whose records are gone"
            ),
        }[why]
        return self._make(
            "outside_tape",
            f"{self.ctx.chain(op)} (on the path from {self.name} to {self.target}) ran "
            f"{words}, so the tape holds no record of it and {self.gradient_words} returns None.",
            self._inside_suggestion(op),
            op.location,
            ops=(op,),
            seq=op.seq,
        )

    def _inside_suggestion(self, op):
        """Tailored to where the op ran: a layer's build(), a forward pass before the tape (a
        training loop computing `pred = model(x)` above the `with`), or anything else."""
        ctx = self.ctx
        tape_line = ctx.line(self.call.tape.location)
        where = f"`with tf.GradientTape() as {self.tape}:` (line {tape_line})"
        if op.location is not None and ctx.recorder.locations.entries[op.location][2] == "build":
            return (
                "move the computation from build() into call(): build() runs once, and what "
                "it computes is a constant to every later tape"
            )
        text = _without_comment(ctx.source_line(op.location))
        if self.source.kind == "variable" and text:
            return (
                f"move line {ctx.line(op.location)} (`{text}`) inside {where}: the forward "
                f"pass must run while the tape records"
            )
        return f"compute it inside {where}, after watching {self.bare}"

    def untracked(self, u, op):
        """The tape was recording but did not track `u` when `op` used it."""
        ctx, facts = self.ctx, self.facts
        line = ctx.line(op.location)
        if u.dtype.kind != _FLOAT:
            return self.integer_op(u, u.op) if u.op is not None else self.integer_source()
        if u.kind == "variable":
            variable = ctx.variable_of.get(_flow_key(u))
            if variable is not None and not variable.trainable:
                return self._make(
                    "not_trainable",
                    f"{ctx.describe(u)} was created with trainable=False; a tape watches only "
                    f"trainable variables automatically, so {op.type} at line {line} was not "
                    f"recorded.",
                    f"{self.tape}.watch({ctx.name(u) or self.bare})  # or "
                    f"tf.Variable(..., trainable=True)",
                    _first(variable.tensor.location, op.location),
                    tensors=(u,),
                    ops=(op,),
                    seq=op.seq,
                )
            if not facts.tape.watch_accessed_variables:
                return self._make(
                    "watch_accessed_variables_off",
                    f"tape `{self.tape}` was created with watch_accessed_variables=False and "
                    f"never watched {ctx.describe(u)}, so {op.type} at line {line} was not "
                    f"recorded.",
                    f"{self.tape}.watch({ctx.name(u) or self.bare})",
                    _first(facts.tape.location, op.location),
                    tensors=(u,),
                    ops=(op,),
                    seq=op.seq,
                )
            return self._make(
                "outside_tape",
                f"{ctx.describe(u)} was read before the tape started recording and the "
                f"snapshot was used at line {line}; the tape never saw the variable being read.",
                "read the variable inside the `with tf.GradientTape()` block",
                op.location,
                tensors=(u,),
                ops=(op,),
                seq=op.seq,
            )
        # `u` is the source itself (everything else on the flow was produced by recorded ops,
        # so it is tracked): a tensor, however it was made, that the tape did not watch.
        key = _flow_key(u)
        watched = facts.watch_seq.get(key)
        if watched is not None:
            return self._make(
                "watched_too_late",
                f"{ctx.describe(u)} was used at line {line} before "
                f"`{self.tape}.watch(...)` at line "
                f"{ctx.line(facts.watch_location.get(key))}; the tape records only what "
                f"happens to a tensor after it is watched.",
                f"move `{self.tape}.watch({ctx.name(u) or self.bare})` above line {line}",
                facts.watch_location.get(key),
                tensors=(u,),
                ops=(op,),
                seq=watched,
            )
        return self._make(
            "not_watched",
            f"{ctx.describe(u)} is a tensor, not a tf.Variable, and tape `{self.tape}` "
            f"never watched it, so {op.type} at line {line} was not recorded and "
            f"{self.gradient_words} returns None.",
            f"{self.tape}.watch({ctx.name(u) or self.bare})  # first thing inside the "
            f"`with` block, or make it a tf.Variable",
            op.location,
            tensors=(u,),
            ops=(op,),
            seq=op.seq,
        )

    # --- no dataflow at all -----------------------------------------------------------------
    def stateful(self, reachable, ancestors):
        ctx = self.ctx
        for assign in ctx.assigns:
            if assign.seq > self.call.seq or assign.stmt is None:
                continue
            if assign.tensor is None or assign.tensor.id not in ancestors:
                continue
            involved = [
                t
                for seq, t in ctx.touched_in_statement.get(id(assign.stmt), ())
                if seq < assign.seq and t.id in reachable
            ]
            if involved:
                variable = assign.variable
                what = (
                    f"line {ctx.line(assign.location)} assigned a value computed from "
                    f"{self.name} into {ctx.describe(variable)}"
                )
                fix = (
                    f"compute with tensors inside the tape instead of assigning, e.g. "
                    f"`{ctx.name(variable) or 'v'}_new = {ctx.name(variable) or 'v'} + "
                    f"{self.bare}`, and use that"
                )
                handed = optimizer_updates.handed_over(ctx, assign, {t.id for t in involved})
                if handed is not None:
                    what, fix = optimizer_updates.update_words(ctx, assign, self.name, handed)
                return self._make(
                    "stateful_assign",
                    f"{what}. State stops gradients: the tape sees a new value of the variable, "
                    f"not how it was computed, so {self.gradient_words} returns None for "
                    f"{self.name}.",
                    fix,
                    assign.location,
                    tensors=(involved[0], variable),
                    seq=assign.seq,
                )
        return None

    def left_engine(self, reachable, ancestors):
        ctx = self.ctx
        leaves = [ctx.recorder.tensors[i] for i in ancestors]
        leaves = [t for t in leaves if t.op is None and t.kind in ("constant", "watched")]
        best = None
        for escape in ctx.escapes:
            if escape.how not in _ESCAPE_HOWS or escape.seq > self.call.seq:
                continue
            if escape.tensor is None or escape.tensor.id not in reachable:
                continue
            stored = escape.stmt is not None and bool(escape.stmt.names)
            # inside the tape, a value that left and a constant made after it are the trip
            # through NumPy/Python even across statements (np.tanh in a layer's `call`, returned
            # and wrapped by the caller); outside it, only when the escaped value was stored
            inside = self.facts.recording_at(escape.seq)
            for leaf in leaves:
                same_statement = leaf.stmt is escape.stmt and escape.stmt is not None
                later = leaf.seq > escape.seq and (stored or same_statement or inside)
                if later and (best is None or escape.seq > best[0].seq):
                    best = (escape, leaf)
        if best is None:
            return None
        escape, leaf = best
        how = {
            "numpy": ".numpy()",
            "__array__": "NumPy (a NumPy function or np.asarray)",
            "float": "float()",
            "int": "int()",
            "index": "a Python index (operator.index)",
        }[escape.how]
        code_line = ctx.source_line(escape.location)
        quoted = f" (`{code_line}`)" if code_line else ""
        return self._make(
            "left_engine",
            f"{ctx.describe(escape.tensor)} left the engine through {how} at line "
            f"{ctx.line(escape.location)}{quoted}; what came back (line "
            f"{ctx.line(leaf.location)}) is a new constant with no record of where it came "
            f"from, so the path from {self.name} to {self.target} is cut there."
            + side_effects.traced_escape_words(ctx, escape),
            _numpy_fix(ctx.source_line(escape.location)),
            escape.location,
            tensors=(escape.tensor, leaf),
            seq=escape.seq,
        )

    def dropped(self, reachable, ancestors):
        """The source was used inside the tape, but what it computed never reached the target:
        a result overwritten (`h = self.d1(x)` then `h = self.d2(x)`) or never used."""
        ctx, facts = self.ctx, self.facts
        used = [
            t
            for t in reachable.values()
            if t.op is not None and t.op.id in facts.recorded and t.op.seq < self.call.seq
        ]
        if not used:
            return None
        consumed = {
            t.id
            for t in used
            for op in ctx.consumers.get(t.id, ())
            if op.id in facts.recorded and op.seq < self.call.seq
        }
        ends = [t for t in used if t.id not in consumed]
        if not ends:
            return None
        end = min(ends, key=lambda t: t.seq)
        named = next((t for t in sorted(used, key=lambda t: -t.seq) if t.name), None)
        name = end.name or (named.name if named is not None else None)
        line = ctx.line(end.op.location)
        text = _without_comment(ctx.source_line(end.op.location))
        quoted = f" (`{text}`)" if text else ""
        over = self._overwritten(end, name) if name else None
        if over is None and not self._dropped_out_of_sight(end):
            return None  # an unused name beside the tape's own code: `unconnected` says it
        if over is not None:
            over_text = _without_comment(
                ctx.source_line(over.op.location if over.op else over.location)
            )
            fate = (
                f"line {ctx.line(over.location)} (`{over_text}`) overwrote `{name}` before "
                f"anything used it"
            )
            fix = _feed_suggestion(over_text, name)
        else:
            fate = "nothing after it uses it"
            fix = None
        return self._make(
            "result_dropped",
            f"{self.name} is used inside the tape at line {line}{quoted}, but that result"
            f"{f' (`{name}`)' if name else ''} never reaches {self.target}: {fate}. With no "
            f"path from it to the target, {self.gradient_words} returns None for "
            f'it (TF warns "Gradients do not exist for variables ..." in fit and '
            f"apply_gradients).",
            fix
            or "feed the result into the computation of the target, or leave the unused layer "
            "or variable out of the list of sources",
            end.op.location,
            tensors=(end,),
            ops=(end.op,),
            seq=end.seq,
        )

    def _dropped_out_of_sight(self, end):
        """Whether a result that is simply never used was dropped where the reader of the
        tape's block cannot see it: inside a function (a model's `call`, a helper), or as a
        Keras layer's output."""
        entries = self.ctx.recorder.locations.entries
        tape_location = self.call.tape.location
        if (
            end.location is not None
            and tape_location is not None
            and entries[end.location][2] != entries[tape_location][2]
        ):
            return True
        variable = self.ctx.variable_of.get(_flow_key(self.source))
        return variable is not None and variable.layer is not None

    def _overwritten(self, end, name):
        """The first tensor computed after `end`, in the same function, bound to the same name."""
        entries = self.ctx.recorder.locations.entries
        if end.location is None:
            return None
        where = entries[end.location]
        for t in self.ctx.recorder.tensors[end.id + 1 :]:
            if t.seq > self.call.seq:
                break
            if t.name == name and t.location is not None and t.op is not None:
                other = entries[t.location]
                if other[0] == where[0] and other[2] == where[2] and other[1] != where[1]:
                    return t
        return None

    def unconnected(self):
        ctx, facts = self.ctx, self.facts
        branch = None
        for escape in ctx.escapes:
            if (
                escape.how == "bool"
                and escape.seq < self.call.seq
                and facts.recording_at(escape.seq)
            ):
                branch = escape
        if branch is not None:
            return self._branch(branch)
        fix = (
            f"check that the target really uses {self.bare}; to get zeros instead of None, "
            f"pass unconnected_gradients=tf.UnconnectedGradients.ZERO"
        )
        if self.training is not None:  # fit: the user has no gradient call to change
            fix = (
                "give every output whose layers should train a loss in model.compile (one "
                "per output, e.g. loss=['mse', 'mse']), or leave the unused output out of the "
                "model; set the layer's trainable = False if it is not meant to train"
            )
        return self._make(
            "unconnected",
            f"{self.target} was not computed from {self.name} (no operation joins them), so "
            f"{self.gradient_words} returns None for it.",
            fix,
            self.call.location,
            seq=self.call.seq,
        )

    def _branch(self, branch):
        ctx = self.ctx
        finding = self._make(
            "unconnected",
            f"{self.target} was not computed from {self.name}. A Python `if` on a tensor at "
            f"line {ctx.line(branch.location)} chose the branch that ran; the tape records only "
            f"the branch taken, and {self.name} is not on it.",
            "expected when the branch not taken is the one that uses it; pass "
            "unconnected_gradients=tf.UnconnectedGradients.ZERO to get zeros",
            branch.location,
            tensors=(branch.tensor,),
            seq=branch.seq,
        )
        finding["severity"] = "info"
        return finding


def _feed_suggestion(line, name):
    """`h = self.d2(x)` -> `h = self.d2(h)`: feed the previous result into the next layer."""
    line = _without_comment(line)
    match = re.match(rf"^(\s*{re.escape(name)}\s*=\s*.*\()(\w+)(\)\s*)$", line)
    if match and match.group(2) != name:
        return (
            f"{match.group(1)}{name}{match.group(3)}  # feed the previous result in, or remove "
            f"the layer whose output is unused"
        )
    return None


def _first(*locations):
    """The first known location (indices start at 0, so `or` would skip the first one)."""
    return next((loc for loc in locations if loc is not None), None)


def _assign_suggestion(line, name):
    """`x = x + 1` -> `x.assign_add(1)`; other rebindings -> `x.assign(...)`."""
    line = _without_comment(line)
    match = re.match(
        rf"^{re.escape(name)}\s*=\s*{re.escape(name)}\s*([+-])\s*(.+)$", line
    ) or re.match(rf"^{re.escape(name)}\s*([+-])=\s*(.+)$", line)
    if match:
        method = "assign_add" if match.group(1) == "+" else "assign_sub"
        return f"{name}.{method}({match.group(2).strip()})  # keeps {name} a tf.Variable"
    match = re.match(rf"^{re.escape(name)}\s*=\s*(.+)$", line)
    value = match.group(1).strip() if match else "new_value"
    return f"{name}.assign({value})  # keeps {name} a tf.Variable"


def _without_comment(line):
    """The statement without its trailing `# ...` comment (a `#` inside a string stays)."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line).readline))
    except (tokenize.TokenError, SyntaxError):
        return line.strip()
    comment = next((t for t in tokens if t.type == tokenize.COMMENT), None)
    return (line[: comment.start[1]] if comment else line).strip()


_NUMPY_TO_TF = {
    "mean": "tf.reduce_mean",
    "sum": "tf.reduce_sum",
    "max": "tf.reduce_max",
    "min": "tf.reduce_min",
    "prod": "tf.reduce_prod",
    "std": "tf.math.reduce_std",
    "exp": "tf.exp",
    "log": "tf.math.log",
    "sqrt": "tf.sqrt",
    "square": "tf.square",
    "tanh": "tf.tanh",
    "abs": "tf.abs",
    "dot": "tf.matmul",
    "matmul": "tf.matmul",
    "maximum": "tf.maximum",
    "minimum": "tf.minimum",
    "clip": "tf.clip_by_value",
    "concatenate": "tf.concat",
    "stack": "tf.stack",
    "reshape": "tf.reshape",
    "transpose": "tf.transpose",
    "where": "tf.where",
    "sin": "tf.sin",
    "cos": "tf.cos",
}


def _numpy_fix(line):
    match = re.search(r"\bnp\.(\w+)\(", line)
    if match and match.group(1) in _NUMPY_TO_TF:
        fixed = line.replace(f"np.{match.group(1)}(", f"{_NUMPY_TO_TF[match.group(1)]}(", 1)
        return fixed + "  # a TensorFlow op keeps the computation on the tape"
    return (
        "keep the computation in TensorFlow ops (tf.*) inside the tape: no .numpy(), "
        "np.* functions, float() or int() on tensors on the path to the target"
    )


def _non_differentiable_fix(op_type):
    if op_type in ("ArgMax", "ArgMin"):
        return "use a differentiable relaxation, e.g. tf.nn.softmax(logits) instead of argmax"
    if op_type in ("Round", "Floor", "Ceil", "Sign"):
        return "use a straight-through estimator: x + tf.stop_gradient(tf.round(x) - x)"
    if op_type in ("Equal", "NotEqual", "Less", "LessEqual", "Greater", "GreaterEqual"):
        return (
            "comparisons give booleans, which carry no gradient; use tf.where(cond, a, b) "
            "to select between differentiable values, or a smooth surrogate "
            "(tf.sigmoid(k * (a - b)))"
        )
    return f"{op_type} has no gradient: compute the value with differentiable ops"
