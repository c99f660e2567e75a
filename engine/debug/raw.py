"""What the recorder keeps while the program runs: plain slotted objects, cheap to create.

They hold references to the (immutable) NumPy values they saw; summaries, names resolution and
the pydantic Capture are built from them once the capture ends (build.py), so the hot path of
every op stays a handful of attribute writes.
"""

import weakref
from collections.abc import Sequence


class RawTensor:
    __slots__ = (
        "id",
        "eid",
        "array",
        "nbytes",
        "dtype",
        "shape",
        "kind",
        "op",
        "location",
        "seq",
        "name",
        "variable",
        "origin",
        "summary",
        "stmt",
        "key",
        "counted",
        "last_ref",
    )

    def __init__(self, id, eid, array, kind, op, location, seq, stmt=None):
        self.id = id
        self.eid = eid  # the engine's tensor id (shared by all reads of a variable)
        self.array = array
        # Filled by complete(), off the hot path; `key` names the array for memory accounting
        # (its id while we hold it), so it outlives the array if the array is dropped.
        self.nbytes = self.dtype = self.shape = self.key = None
        self.kind = kind
        self.op = op
        self.location = location
        self.seq = seq
        self.name = None
        self.variable = None  # for a later version of a variable: the variable's tensor id
        self.origin = None  # for leaves: "constant" (tf.constant), "converted" (any other value)
        self.summary = None
        self.stmt = stmt
        self.counted = False  # its array's bytes are in Spill.held (spill.py)
        # the seq of the latest op input, gradient call, event or watch that points at it:
        # a long run's dropped step keeps what a later step points at (steps.py)
        self.last_ref = seq


class ArrayKeys:
    """A key per distinct array, for memory accounting: tensors sharing one array share its
    key, and an array that takes the address of one already let go gets a new key (ids are
    only unique among live objects)."""

    def __init__(self):
        # id(array) -> (key, a weak reference to the array; the array itself for NumPy scalars,
        # which cannot be weakly referenced and are a few bytes)
        self._by_address = {}
        self._next = 0

    def key(self, tensor):
        array = tensor.array
        entry = self._by_address.get(id(array))
        if entry is not None:
            known = entry[1]
            if (known() if type(known) is weakref.ref else known) is array:
                return entry[0]
        self._next += 1
        try:
            holder = weakref.ref(array)
        except TypeError:
            holder = array
        self._by_address[id(array)] = (self._next, holder)
        return self._next


def complete(tensors, keys):
    """Fills nbytes/dtype/shape/key of tensors recorded since the last call."""
    for t in tensors:
        if t.dtype is None:
            array = t.array
            t.nbytes, t.dtype, t.shape, t.key = array.nbytes, array.dtype, array.shape, keys.key(t)


class RawVariable:
    """A tf.Variable: its first version is `tensor`; each assign makes a new version."""

    __slots__ = ("tensor", "trainable", "var_name", "versions", "current", "layer", "path")

    def __init__(self, tensor, trainable, var_name):
        self.tensor = tensor
        self.layer = None  # (label, file, line) of the Keras layer that owns it (layer_origin)
        self.trainable = trainable
        self.var_name = var_name
        self.versions = {id(tensor.array): tensor}  # id(array) -> RawTensor (arrays kept alive)
        self.current = tensor
        self.path = None  # a Keras variable's path ('dense/kernel')


class RawOp:
    __slots__ = (
        "id",
        "type",
        "inputs",
        "outputs",
        "location",
        "scope",
        "record",
        "tapes",
        "seq",
        "call",
        "stmt",
        "saved",
        "unpruned",
        "saved_pairs",
        "unpruned_pairs",
    )

    def __init__(self, id, type, inputs, outputs, location, scope, seq, call, stmt):
        self.id = id
        self.type = type
        self.inputs = inputs  # RawTensor objects
        self.outputs = outputs
        self.location = location
        self.scope = scope
        self.record = None
        self.tapes: Sequence[RawTape] = ()
        self.seq = seq
        self.call = call
        self.stmt = stmt
        self.saved = None  # [(RawTensor, role, index)] computed at build time (memory.py)
        self.unpruned = None
        self.saved_pairs = None  # [(array key, nbytes)], distinct, computed while arrays live
        self.unpruned_pairs = None


class RawTape:
    __slots__ = (
        "id",
        "ref",
        "name",
        "persistent",
        "watch_accessed_variables",
        "location",
        "watched",
        "records",
        "events",
        "resets",
        "seq",
    )

    def __init__(self, id, ref, persistent, watch_accessed_variables, location, seq):
        self.id = id
        self.ref = ref  # weakref to the engine's tape
        self.name = None
        self.persistent = persistent
        self.watch_accessed_variables = watch_accessed_variables
        self.location = location
        self.watched = []  # (RawTensor, seq, location, how)
        self.records = []  # RawOp, in recording order
        self.events = []  # (kind, seq, location)
        self.resets = []  # (seq, number of records before the reset)
        self.seq = seq


class RawEvent:
    __slots__ = ("seq", "kind", "tensor", "variable", "how", "message", "location", "stmt")

    def __init__(
        self, seq, kind, location, stmt=None, tensor=None, variable=None, how=None, message=None
    ):
        self.seq = seq
        self.kind = kind
        self.location = location
        self.stmt = stmt
        self.tensor = tensor
        self.variable = variable
        self.how = how
        self.message = message


class RawStep:
    __slots__ = (
        "index",
        "op",
        "upstream",
        "produced",
        "accumulations",
        "released",
        "pass_index",
        "seq",
        "released_records",
    )

    def __init__(self, index, op, upstream, produced, accumulations, released, pass_index, seq):
        self.index = index
        self.op = op
        self.upstream = upstream  # [(RawTensor forward, RawTensor gradient or None)]
        self.produced = produced
        self.accumulations = accumulations  # [(RawTensor flow target, contribution, total)]
        self.released = released  # [RawOp]
        self.pass_index = pass_index
        self.seq = seq
        self.released_records = ()


class RawCall:
    __slots__ = (
        "id",
        "tape",
        "kind",
        "location",
        "targets",
        "sources",
        "output_gradients",
        "unconnected",
        "results",
        "steps",
        "error",
        "seq",
        "end_seq",
        "seeds",
        "passes",
        "released_after",
        "stmt",
        "trace",
        "raw_steps",
        "raw_seeds",
        "released_after_records",
        "step_by_raw",
        "seeds_done",
        "measures",
    )

    def __init__(self, id, tape, kind, location, seq, stmt):
        self.id = id
        self.tape = tape
        self.kind = kind
        self.location = location
        self.seq = seq
        self.end_seq = None
        self.stmt = stmt
        self.targets = []
        self.sources = []
        self.output_gradients = []
        self.unconnected = "none"
        self.results = []  # (source_index, path, RawTensor source, RawTensor gradient or None)
        self.steps = []
        self.error = None  # (type, message, exception)
        self.seeds = []  # (pass_index, RawTensor target, RawTensor seed gradient)
        self.passes = 0
        self.released_after = []
        self.trace = None  # the BackwardTrace, while the call runs
        # As the engine reported them, turned into steps/seeds at build time (materialize):
        self.raw_steps = []
        self.raw_seeds = []
        self.released_after_records = []
        self.step_by_raw = []
        self.seeds_done = 0
        # (target totals, [(source index, source, gradient norm or None, all zero)]), taken
        # while the arrays are there, for the step's record (steps.py)
        self.measures = None


class RawFunction:
    """A tf.function's Python function, and how often the program called it (through each
    tf.function object wrapping it: a method's per-instance ones, a re-decorated one)."""

    __slots__ = ("python_function", "calls", "functions")

    def __init__(self, python_function):
        self.python_function = python_function
        self.calls = 0
        self.functions = {}  # id -> the tf.function object (it counts its traces)
