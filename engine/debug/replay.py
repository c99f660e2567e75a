"""Replaying a gradient call from the capture alone (pure data, as the web stepper does).

Start from the seeds, walk the steps: pop the gradients of each op's outputs, add what the
step produced for its inputs, summing (in the tensor's dtype, with NumPy, as the engine's add
does) into gradients already pending. At the end of each pass the sources' gradients are what
the call returned; a jacobian stacks its passes' rows. Replay needs the full values of the
gradients, so tensors must be within the capture's value cap (tests raise it).
"""

from typing import Any

import numpy as np

from .summaries import value_from_json


class ReplayError(ValueError):
    pass


class _Call:
    """The capture's call and tensors, shaped like the recorder's raw objects for flow.walk."""

    def __init__(self, capture, call):
        tensors = {t.id: t for t in capture.tensors}
        self.sources = [_Tensor(tensors[i]) for i in call.sources]
        self.seeds = [
            (s.pass_index, _Tensor(tensors[s.tensor]), _Tensor(tensors[s.gradient]))
            for s in call.seeds
        ]
        self.passes = call.passes
        ops = {op.id: op for op in capture.ops}
        self.steps = [_Step(step, ops[step.op], tensors) for step in call.steps]


class _Tensor:
    __slots__ = ("id", "variable", "info")

    def __init__(self, info):
        self.id = info.id
        self.variable = info.variable
        self.info = info


class _Step:
    def __init__(self, step, op, tensors):
        self.index = step.index
        self.pass_index = step.pass_index
        self.upstream = [
            (_Tensor(tensors[g.tensor]), _opt(tensors, g.gradient)) for g in step.upstream
        ]
        self.produced = [
            (_Tensor(tensors[g.tensor]), _opt(tensors, g.gradient)) for g in step.produced
        ]
        self.accumulations = [
            (
                _Tensor(tensors[a.tensor]),
                _Tensor(tensors[a.contribution]),
                _Tensor(tensors[a.total]),
            )
            for a in step.accumulations
        ]


def _opt(tensors, tensor_id):
    return None if tensor_id is None else _Tensor(tensors[tensor_id])


def value_of(info):
    summary = info.summary
    if summary.value is None and summary.size:
        raise ReplayError(
            f"tensor {info.id} has {summary.size} elements, more than the "
            f"capture's value cap: capture with a larger value_cap to replay"
        )
    if summary.value is None:
        return np.zeros(summary.shape, dtype=np.dtype(summary.dtype))
    return value_from_json(summary.value, summary.dtype, summary.shape)


def replay(capture, call_id, check_totals=True):
    """The gradient per source (a NumPy array, or None) that replaying call `call_id`'s steps
    gives; for jacobians, rows stacked as the call returned them."""
    from .flow import flow_key, walk

    call = capture.calls[call_id]
    data = _Call(capture, call)

    def convert(g):
        return value_of(g.info)

    def add(previous, contribution, total):
        value = np.add(previous, contribution).astype(previous.dtype, copy=False)
        if check_totals:
            recorded = value_of(total.info)
            if not np.array_equal(value, recorded, equal_nan=True):
                raise ReplayError(f"accumulation into step total {total.id} does not match")
        return value

    rows: list[list[Any]] = [[] for _ in data.sources]
    for _, step, _, results in walk(data, convert, add):
        if step is None:
            for index, source in enumerate(data.sources):
                rows[index].append(results.get(flow_key(source)))
    out = []
    for index, source in enumerate(data.sources):
        per_pass = rows[index]
        shape = tuple(source.info.shape)
        if call.kind == "gradient":
            value = per_pass[0] if per_pass else None
            if value is None and call.unconnected == "zero":
                value = np.zeros(shape, dtype=np.dtype(source.info.dtype))
            out.append(None if value is None else np.asarray(value).reshape(shape))
        else:
            out.append(_stacked(call, capture, per_pass, source))
    return out


def _stacked(call, capture, per_pass, source):
    """A jacobian's rows (None where a row did not reach the source) as the engine stacks them."""
    if all(r is None for r in per_pass):
        return None  # the result is None, or zeros the engine made without any step
    dtype = np.dtype(source.info.dtype)
    shape = tuple(source.info.shape)
    rows = [
        np.zeros(shape, dtype=dtype) if r is None else np.asarray(r).reshape(shape)
        for r in per_pass
    ]
    target = capture.tensors[call.targets[0]]
    if call.kind == "jacobian":
        return np.stack(rows).reshape(tuple(target.shape) + shape)
    batch = target.shape[0]
    stacked = np.stack(rows, axis=1)
    return stacked.reshape(tuple(target.shape) + shape[1:]) if batch else stacked
