"""The capture schema: everything the debugger knows about one run, as plain data.

These pydantic models *are* the schema: the server serves them, the web app's types are checked
against the OpenAPI they produce, and `schemas/capture.schema.json` is generated from them.
Ids are small integers assigned in order of appearance, so the same program gives the same ids.
Bump SCHEMA_VERSION on any change a reader would notice.
"""

from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, model_validator

from .legacy_steps import columns_from_rows
from .number_table import NumberRows, NumberTable
from .streamed_json import capture_json

if TYPE_CHECKING:
    from .kept_values import KeptValues

SCHEMA_VERSION = "1.4"
# 1.1 (additive; a 1.0 reader ignores nothing it knew): TensorInfo.origin, OpInfo.call,
# TapeInfo.name, TapeEvent "reused", BackwardStep.pass_index, GradientCall.seeds/passes/
# released_after/released_after_bytes/norms/layers, Finding.count, Capture.thresholds.
# 1.2 (additive): ValueSummary.full_value; limits kept_array_bytes/kept_total_bytes.
# 1.3 (additive): Capture.keep, Capture.sites, Capture.steps (long runs: a record per step,
# full detail only for the steps the retention policy keeps).
# 1.4: Capture.steps as columns, one SiteSteps per site (was one StepRecord row per step);
# a 1.3 capture's rows are turned into columns when read (legacy_steps.py). The REST API still
# serves rows (StepRecord), built per page from the columns (step_rows.py).

TensorKind = Literal["variable", "constant", "watched", "intermediate", "gradient"]
GradientState = Literal["registered", "non_differentiable", "not_registered"]
Severity = Literal["error", "warning", "info"]
FullValueState = Literal["kept", "array_too_large", "run_budget_used", "off"]


class Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SourceLocation(Model):
    """Where in the user's program something happened (never the engine's own frames)."""

    file: str
    line: int = Field(description="1-based line in `file`")
    function: str


class Histogram(Model):
    edges: list[float] = Field(description="bin edges, len(counts) + 1")
    counts: list[int]


class ValueSummary(Model):
    """A value's statistics over its finite elements, and the full value when it is small."""

    shape: list[int]
    dtype: str
    size: int
    bytes: int
    min: float | None = None
    max: float | None = None
    mean: float | None = None
    std: float | None = None
    norm: float | None = Field(None, description="L2 norm of the finite elements")
    zeros: int = 0
    nans: int = 0
    infs: int = 0
    histogram: Histogram | None = None
    value: Any | None = Field(
        None,
        description="nested lists, present when size <= the capture's value cap; "
        "NaN/Inf written as the strings 'nan', 'inf', '-inf'",
    )
    full_value: FullValueState | None = Field(
        None,
        description="for values above the value cap: 'kept' when the full value was kept "
        "beside the capture (engine: capture.values; API: ?value=true), else why not: "
        "'array_too_large' (over limits.kept_array_bytes), 'run_budget_used' (the run's kept "
        "values had reached limits.kept_total_bytes), 'off' (keep_values=False)",
    )


class TensorInfo(Model):
    id: int
    name: str | None = Field(None, description="the user's variable name or Variable name")
    dtype: str
    shape: list[int]
    kind: TensorKind
    op: int | None = Field(None, description="id of the op that produced it")
    location: SourceLocation | None = None
    summary: ValueSummary
    variable: int | None = Field(None, description="for reads of a Variable: its tensor id")
    origin: Literal["constant", "converted"] | None = Field(
        None,
        description="for tensors no op produced: made by tf.constant, or converted from "
        "another value (a NumPy array, a Python number)",
    )


class SavedTensor(Model):
    tensor: int
    bytes: int
    role: Literal["input", "output"]
    index: int = Field(description="position among the op's inputs or outputs")


class OpInfo(Model):
    id: int
    type: str = Field(description="TF op type, e.g. MatMul")
    inputs: list[int]
    outputs: list[int]
    scope: str = Field("", description="name scope, e.g. 'dense_1' or 'model/layer'")
    location: SourceLocation | None = None
    tapes: list[int] = Field(default_factory=list, description="tapes that recorded it")
    saved: list[SavedTensor] = Field(default_factory=list, description="kept for backward")
    pruned: list[SavedTensor] = Field(
        default_factory=list, description="inputs/outputs an unpruned tape would also keep"
    )
    saved_bytes: int = 0
    unpruned_bytes: int = 0
    gradient: GradientState
    seq: int = Field(description="position in the program's event order")
    call: int | None = Field(
        None,
        description="set when a gradient call ran this op and an outer tape recorded it "
        "(higher-order gradients)",
    )


class WatchInfo(Model):
    tensor: int
    seq: int
    location: SourceLocation | None = None
    how: Literal["watch", "variable_read"] = "watch"


class TapeEvent(Model):
    kind: Literal[
        "enter", "exit", "stop_recording", "resume", "reset", "deleted", "consumed", "reused"
    ]
    seq: int
    location: SourceLocation | None = None


class TapeInfo(Model):
    id: int
    name: str | None = Field(None, description="the user's name for it (`as tape`)")
    persistent: bool
    watch_accessed_variables: bool
    location: SourceLocation | None = None
    watched: list[WatchInfo] = Field(default_factory=list)
    records: list[int] = Field(default_factory=list, description="op ids, in recording order")
    events: list[TapeEvent] = Field(default_factory=list)


class Event(Model):
    """Something that happened outside ops: variable reads/assigns, escapes, warnings."""

    seq: int
    kind: Literal[
        "variable_created", "variable_read", "variable_assign", "escape", "warning", "print"
    ]
    tensor: int | None = None
    variable: int | None = None
    how: str | None = Field(None, description="for escapes: numpy, __array__, float, int, bool")
    message: str | None = None
    location: SourceLocation | None = None


class Accumulation(Model):
    tensor: int
    contribution: int = Field(description="gradient tensor id added")
    total: int = Field(description="gradient tensor id of the partial sum after adding it")


class StepGradient(Model):
    tensor: int = Field(description="the forward tensor this gradient is for")
    gradient: int | None = Field(None, description="gradient tensor id; None if none flowed")


class BackwardStep(Model):
    index: int
    op: int
    upstream: list[StepGradient] = Field(description="one per op output")
    produced: list[StepGradient] = Field(description="one per op input")
    accumulations: list[Accumulation] = Field(default_factory=list)
    released_ops: list[int] = Field(default_factory=list)
    released_bytes: int = 0
    bytes_alive: int = Field(description="saved tensors + gradients in flight after this step")
    pass_index: int = Field(0, description="which backward pass (a jacobian runs one per row)")


class GradientResult(Model):
    source_index: int
    path: str = Field(description="where in the sources structure, e.g. \"['w']\" or '[1]'")
    tensor: int
    gradient: int | None = None
    none_cause: str | None = Field(None, description="finding code when gradient is None")


class ErrorInfo(Model):
    type: str
    message: str
    line: int | None = None
    location: SourceLocation | None = None
    traceback: str | None = None


class Seed(Model):
    """The gradient a backward pass starts from at one target (ones, output_gradients, or a
    jacobian row's one-hot)."""

    pass_index: int = 0
    tensor: int
    gradient: int


class OpNorm(Model):
    """The L2 norm of the gradient arriving at an op's outputs during one backward step."""

    step: int
    op: int
    scope: str = ""
    norm: float


class LayerNorm(Model):
    """The gradient norm at a layer's output (a name scope, or a MatMul/Conv2D when the
    program has no scopes), in backward order; what vanishing/exploding findings compare."""

    name: str
    op: int
    step: int
    norm: float


class GradientCall(Model):
    id: int
    tape: int
    kind: Literal["gradient", "jacobian", "batch_jacobian"]
    location: SourceLocation | None = None
    targets: list[int]
    sources: list[int]
    output_gradients: list[int | None] = Field(default_factory=list)
    unconnected: Literal["none", "zero"] = "none"
    results: list[GradientResult] = Field(default_factory=list)
    steps: list[BackwardStep] = Field(default_factory=list)
    error: ErrorInfo | None = None
    seq: int
    seeds: list[Seed] = Field(default_factory=list)
    passes: int = 1
    released_after: list[int] = Field(
        default_factory=list,
        description="op ids whose records the tape dropped after the "
        "last step (a non-persistent tape letting go)",
    )
    released_after_bytes: int = 0
    norms: list[OpNorm] = Field(default_factory=list)
    layers: list[LayerNorm] = Field(default_factory=list)


class Finding(Model):
    code: str = Field(description="from the documented vocabulary, see docs/findings.md")
    severity: Severity
    message: str
    suggestion: str | None = None
    line: int | None = None
    call: int | None = None
    source_index: int | None = None
    tensors: list[int] = Field(default_factory=list)
    ops: list[int] = Field(default_factory=list)
    count: int = Field(
        1,
        description="how many times it happened (e.g. once per loop "
        "iteration); the fields describe the first",
    )


class MemoryPoint(Model):
    index: int
    phase: Literal["forward", "backward"]
    op: int | None = None
    call: int | None = None
    step: int | None = None
    tapes: dict[str, int] = Field(description="tape id -> bytes of saved tensors it holds")
    gradients: int = Field(0, description="bytes of gradients in flight")
    total: int
    unpruned: int = Field(description="what the tapes would hold without pruning")


class MemoryTimeline(Model):
    points: list[MemoryPoint] = Field(default_factory=list)
    peak: int = 0
    peak_index: int | None = None
    unpruned_peak: int = 0


Number = float | Literal["nan", "inf", "-inf"]


class StepSite(Model):
    """A line where the program enters a tape: a loop's steps share it (steps are numbered
    per site, from 0). Per-step arrays are indexed by `variables` and `layers`."""

    id: int
    location: SourceLocation | None = None
    variables: list[str] = Field(
        default_factory=list,
        description="gradient sources, in order of first appearance: a Keras variable's path "
        "('dense/kernel'), else the program's name for it",
    )
    layers: list[str] = Field(
        default_factory=list, description="a variable's layer: its path without the last part"
    )
    layer_of: list[int] = Field(default_factory=list, description="variable index -> layer index")
    steps: int = Field(0, description="steps run at this site")
    kept: list[int] = Field(default_factory=list, description="step numbers kept in full")


class StepRecord(Model):
    """One step's record as a row: what the REST API serves, built from the columns."""

    site: int
    step: int = Field(description="0-based number of the step at its site")
    kept: bool = Field(description="its tapes, ops, tensors and backward steps are in the capture")
    reasons: list[str] = Field(
        default_factory=list,
        description="why it was kept: first, last, requested, all, anomaly:nonfinite, "
        "anomaly:none, anomaly:jump",
    )
    marks: list[Literal["nonfinite", "none", "jump"]] = Field(
        default_factory=list,
        description="what is unusual about it: a NaN/Inf loss or gradient, a None gradient, "
        "a gradient norm more than 10x the step before",
    )
    losses: list[Number] = Field(
        default_factory=list,
        description="each gradient call's target value (its sum when not a scalar)",
    )
    grad_norms: list[Number | None] = Field(
        default_factory=list,
        description="L2 norm of each site variable's gradient; None: the gradient was None or "
        "the variable was not a source this step",
    )
    layer_norms: list[Number | None] = Field(
        default_factory=list, description="L2 norm of the layer's gradients together"
    )
    update_ratios: list[Number | None] = Field(
        default_factory=list,
        description="||value after the step's assigns - value before|| / ||value before|| of "
        "each site variable (assigns after the gradient call); None when not assigned",
    )
    none_gradients: int = 0
    zero_gradients: int = 0
    nonfinite_gradients: int = 0
    seconds: float = Field(0.0, description="wall time of the step, recording included")
    bytes: int = Field(0, description="bytes the step's tape held for backward")
    calls: list[int] = Field(default_factory=list, description="kept steps: gradient call ids")
    tapes: list[int] = Field(default_factory=list, description="kept steps: tape ids")


class KeptStep(Model):
    step: int
    reasons: list[str] = Field(
        default_factory=list,
        description="why it was kept: first, last, requested, all, anomaly:nonfinite, "
        "anomaly:none, anomaly:jump",
    )
    calls: list[int] = Field(default_factory=list, description="its gradient call ids")
    tapes: list[int] = Field(default_factory=list, description="its tape ids")


class SiteSteps(Model):
    """What every step at a site leaves, kept in full or not, as columns: entry i of each list
    is step i (steps are numbered per site from 0, and every step is recorded). Gradient norms
    and update ratios are written at float32 precision, as tensor statistics are."""

    site: int
    order: list[int] = Field(
        default_factory=list, description="each step's place among all sites' steps (program order)"
    )
    losses: NumberRows = Field(
        default_factory=NumberTable.empty,
        description="losses[k][i]: the target value (its sum when not a scalar) of the k-th "
        "gradient call of step i; None when the step made fewer calls",
    )
    grad_norms: NumberRows = Field(
        default_factory=NumberTable.empty,
        description="grad_norms[v][i]: L2 norm of site variable v's gradient at step i; None: "
        "the gradient was None or the variable was not a source that step",
    )
    update_ratios: NumberRows = Field(
        default_factory=NumberTable.empty,
        description="update_ratios[v][i]: ||value after the step's assigns - value before|| / "
        "||value before|| (assigns after the gradient call); None when not assigned",
    )
    none_gradients: list[int] = Field(default_factory=list)
    zero_gradients: list[int] = Field(default_factory=list)
    nonfinite_gradients: list[int] = Field(default_factory=list)
    seconds: list[float] = Field(
        default_factory=list, description="wall time of each step, recording included"
    )
    bytes: list[int] = Field(
        default_factory=list, description="bytes each step's tape held for backward"
    )
    marks: dict[Literal["nonfinite", "none", "jump"], list[int]] = Field(
        default_factory=dict,
        description="steps with each mark: a NaN/Inf loss or gradient, a None gradient, a "
        "gradient norm more than 10x the step before",
    )
    kept: list[KeptStep] = Field(default_factory=list, description="the steps kept in full")


class ProgramInfo(Model):
    filename: str
    source: str


class Capture(Model):
    schema_: str = Field(SCHEMA_VERSION, alias="schema")
    created: str | None = Field(
        None,
        description="ISO time; with steps[].seconds, the only nondeterministic fields",
    )
    program: ProgramInfo | None = None
    tensors: list[TensorInfo] = Field(default_factory=list)
    ops: list[OpInfo] = Field(default_factory=list)
    tapes: list[TapeInfo] = Field(default_factory=list)
    events: list[Event] = Field(default_factory=list)
    calls: list[GradientCall] = Field(default_factory=list)
    findings: list[Finding] = Field(default_factory=list)
    memory: MemoryTimeline = Field(default_factory=MemoryTimeline)
    error: ErrorInfo | None = None
    stdout: str = ""
    limits: dict[str, int] = Field(default_factory=dict, description="caps used (value cap, ...)")
    thresholds: dict[str, float] = Field(
        default_factory=dict, description="the diagnosis thresholds used (docs/findings.md)"
    )
    keep: str | None = Field(
        None, description="the retention policy, e.g. 'first:3,last:3,anomalies' (long runs)"
    )
    sites: list[StepSite] = Field(default_factory=list)
    steps: list[SiteSteps] = Field(
        default_factory=list, description="every step's record, kept or not: columns per site"
    )

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    _session: Any = PrivateAttr(default=None)  # the engine.debug.capture() still recording
    _values: Any = PrivateAttr(default=None)  # KeptValues, not part of the JSON

    @model_validator(mode="before")
    @classmethod
    def _steps_as_columns(cls, data: Any) -> Any:
        """A 1.3 capture (stored runs, files) has one row per step: read as columns."""
        if isinstance(data, dict):
            try:
                data = columns_from_rows(data)
            except (TypeError, KeyError, AttributeError, ValueError) as error:
                raise ValueError(f"steps: not per-step rows of schema 1.3 ({error})") from None
        return data

    @property
    def values(self) -> "KeptValues":
        """The full values kept beside the JSON for tensors above the value cap: a mapping
        tensor id -> read-only NumPy array (engine/debug/kept_values.py). Empty for a capture
        read back from JSON: the JSON does not carry them (`capture.values.save(path)` does)."""
        if self._values is None:
            from .kept_values import KeptValues

            self._values = KeptValues()
        values: KeptValues = self._values
        return values

    def __eq__(self, other: object) -> bool:
        # Equal as data (the JSON's fields): the values kept beside it and a session still
        # recording are attachments, so a capture equals itself read back from its JSON.
        if type(other) is not type(self):
            return NotImplemented
        return self.__dict__ == other.__dict__

    def refresh(self) -> "Capture":
        """Inside `with engine.debug.capture() as cap:`, fill `cap` with what was recorded so
        far (it is filled completely when the block exits)."""
        if self._session is not None:
            self._session.refresh(self)
        return self

    def to_json(self) -> str:
        """JSON text; absent optional fields (None) are left out, from_json restores them."""
        return capture_json(self).decode()

    def to_json_bytes(self) -> bytearray:
        """The JSON text as UTF-8, written without a second copy of it (streamed_json.py): what
        the sandbox sends and the store keeps."""
        return capture_json(self)

    @classmethod
    def from_json(cls, text: str) -> "Capture":
        return cls.model_validate_json(text)
