"""The API's request and response bodies. Capture data is served as engine.debug's own models
(re-exported here: routes import models, not the engine)."""

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.debug.retention import DEFAULT as DEFAULT_KEEP, parse_keep
from engine.debug.schema import (
    BackwardStep,
    Capture as Capture,
    ErrorInfo,
    Finding,
    MemoryTimeline as MemoryTimeline,
    StepRecord,
    StepSite,
    TensorInfo,
)

RunStatus = Literal["ok", "error", "limit", "crashed", "running", "cancelled"]
RunOrigin = Literal["sandbox", "upload"]


class Public(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ErrorBody(Public):
    """Every 4xx/5xx answer."""

    error: str = Field(description="stable code, e.g. not_found, code_too_large, busy")
    message: str = Field(description="what went wrong, for a person")


class Health(Public):
    status: Literal["ok", "degraded"] = Field(
        "ok", description="degraded: the worker pool does not answer (it is being restarted)"
    )
    version: str
    sandbox: Literal["bubblewrap", "none"] = Field(
        description="bubblewrap: OS isolation; none: rlimits and the Python allowlist only"
    )
    pool: Literal["ready", "starting", "stopped", "wedged", "off"] = Field(
        "off", description="the worker template: ready, or stopped / wedged (restarted next run)"
    )
    isolation: list[str] = Field(
        default_factory=list, description="the layers that hold each run here (docs/sandbox.md)"
    )
    memory_limit: str = Field("", description="what bounds a run's memory here")
    workers: int = Field(description="programs that may run at once")
    running: int
    queued: int


class ExpectedFindingPublic(Public):
    code: str
    line: int


class ExamplePublic(Public):
    id: str
    title: str
    summary: str
    tags: list[str]
    expect: list[ExpectedFindingPublic] = Field(
        description="findings (code, line) a correct diagnosis of this program reports"
    )
    code: str


# A retention policy's grammar (engine/debug/retention.py parses it), so the schema says which
# strings are valid: items joined by commas; first/last below a million, step numbers 9 digits.
_KEEP_ITEM = r"(first:[0-9]{1,6}|last:[0-9]{1,6}|anomalies|all|steps:[0-9]{1,9}(,[0-9]{1,9})*)"
KEEP_PATTERN = rf"^{_KEEP_ITEM}(,{_KEEP_ITEM})*$"


class RunCreate(Public):
    code: str = Field(description="a Python program; `import tensorflow as tf` runs on the engine")
    keep: str | None = Field(
        None,
        max_length=2000,
        pattern=KEEP_PATTERN,
        description="which steps of a training loop keep their full detail, e.g. "
        f"'{DEFAULT_KEEP}' (the default), 'steps:10,20', 'all'; every step leaves a record "
        "(GET /api/runs/{id}/steps)",
        examples=[DEFAULT_KEEP],
    )

    @field_validator("keep")
    @classmethod
    def _valid_keep(cls, keep: str | None) -> str | None:
        return None if keep is None else parse_keep(keep).spec

    wait: bool = Field(
        True,
        strict=True,
        description="false: answer at once with status running (poll GET /api/runs/{id}; "
        "stop it with POST /api/runs/{id}/cancel)",
    )


class TapeBrief(Public):
    id: int
    persistent: bool
    watch_accessed_variables: bool
    records: int = Field(description="ops the tape recorded")
    line: int | None = None


class CallBrief(Public):
    id: int
    tape: int
    kind: str
    line: int | None = None
    sources: int
    none_gradients: int = Field(description="sources whose gradient is None")
    steps: int = Field(description="backward steps the engine ran")
    error: ErrorInfo | None = None


class FindingCounts(Public):
    error: int = 0
    warning: int = 0
    info: int = 0


class RunSummary(Public):
    """What happened when the program ran: the answer to POST /api/runs and GET /api/runs/{id}."""

    id: str = Field(description="unguessable run id")
    url: str = Field(description="the run in the web app, relative to the server")
    created: datetime
    origin: RunOrigin = Field(description="sandbox: POST /api/runs; upload: POST /api/captures")
    status: RunStatus = Field(
        description="ok: ran to the end; error: the program raised (see error); limit: stopped "
        "at a sandbox limit; crashed: the worker died; running: not finished yet (POST with "
        "wait=false); cancelled: stopped by POST /api/runs/{id}/cancel"
    )
    filename: str
    stdout: str
    stdout_truncated: bool = False
    error: ErrorInfo | None = Field(None, description="type, message and line of what stopped it")
    duration_ms: float | None = None
    tensors: int
    ops: int
    tapes: list[TapeBrief]
    calls: list[CallBrief]
    findings: FindingCounts
    memory_peak: int = Field(0, description="bytes the tapes and gradients held at most")
    keep: str | None = Field(None, description="the retention policy the run was captured with")
    steps: int = Field(0, description="steps recorded (GET /api/runs/{id}/steps)")


class RunListItem(Public):
    id: str
    url: str
    created: datetime
    origin: RunOrigin
    status: RunStatus
    filename: str
    title: str = Field(description="the program's first line or docstring title")
    error_type: str | None = None


class RunsPublic(Public):
    data: list[RunListItem]
    count: int = Field(description="runs stored in all")
    offset: int
    limit: int


class StepsPublic(Public):
    call: int
    data: list[BackwardStep]
    count: int = Field(description="steps in this call")
    offset: int
    limit: int


class TrainingStepsPublic(Public):
    """A long run's per-step records (one per step, kept in full or not), paged."""

    keep: str | None = Field(description="the retention policy, e.g. 'first:3,last:3,anomalies'")
    sites: list[StepSite] = Field(
        description="the lines where tapes are entered; each record's arrays are indexed by "
        "its site's variables and layers"
    )
    data: list[StepRecord]
    count: int = Field(description="records in all (of the site, when `site` is given)")
    offset: int
    limit: int


class TensorPublic(TensorInfo):
    value_available: bool = Field(
        description="the full value can be fetched: inline in the capture (small tensors) or "
        "kept beside it (summary.full_value 'kept'); ?value=true returns it in "
        "summary.value, and answers 404/413 with the reason when it cannot"
    )


class Diagnosis(Public):
    findings: list[Finding]


class PinPublic(Public):
    """Whether a run is pinned: kept whatever the retention settings say."""

    id: str
    pinned: bool


class PredictionCreate(Public):
    """One answer in predict mode, posted anonymously under the run."""

    call: int = Field(ge=0, le=2**31)
    step: int = Field(ge=1, le=2**31, description="the backward step (1-based) the answer is for")
    tensor: int = Field(ge=0, le=2**31, description="the tensor whose gradient was predicted")
    answer: str = Field(min_length=1, max_length=200, description='as typed: "3", "[1, 2]", "None"')
    correct: bool = Field(strict=True)


class AnswerCount(Public):
    answer: str
    count: int


class StepAnswers(Public):
    step: int
    tensor: int
    answers: int = Field(description="answers given")
    right: int = Field(description="answers that were right")
    top: list[AnswerCount] = Field(description="the most frequent answers, most frequent first")


class PredictionTally(Public):
    call: int
    steps: list[StepAnswers]
