"""One page of per-step records as rows (schema.StepRecord), built from the Capture's columns
(schema.SiteSteps): what `GET /api/runs/{id}/steps` serves. Only the page's rows are made."""

import math
from typing import Any

from .number_table import json_number
from .schema import Capture, SiteSteps, StepRecord, StepSite


def step_rows(
    capture: Capture, site: int | None, offset: int, limit: int
) -> tuple[list[StepRecord], int]:
    """(the rows offset..offset+limit, the number of rows): one site's steps in order, or
    (site None) every site's in program order."""
    sites = {s.id: s for s in capture.sites}
    columns = [c for c in capture.steps if site is None or c.site == site]
    places = [
        (order, index, step)
        for index, c in enumerate(columns)
        for step, order in enumerate(c.order)
    ]
    if len(columns) > 1:
        places.sort()
    page = places[offset : offset + limit]
    kept = [{k.step: k for k in c.kept} for c in columns]
    marks = [_marks_by_step(c) for c in columns]
    rows = [
        _row(columns[index], sites.get(columns[index].site), step, kept[index], marks[index])
        for _, index, step in page
    ]
    return rows, len(places)


def _marks_by_step(columns: SiteSteps) -> dict[int, list[Any]]:
    by_step: dict[int, list[Any]] = {}
    for mark, steps in columns.marks.items():
        for step in steps:
            by_step.setdefault(step, []).append(mark)
    return by_step


def _row(c: SiteSteps, site: StepSite | None, step: int, kept, marks) -> StepRecord:
    full = kept.get(step)
    norms = c.grad_norms.at(step)
    return StepRecord.model_construct(
        site=c.site,
        step=step,
        kept=full is not None,
        reasons=full.reasons if full is not None else [],
        marks=marks.get(step, []),
        losses=[loss for loss in c.losses.at(step) if loss is not None],
        grad_norms=norms,
        layer_norms=layer_norms(
            site.layer_of if site else [], len(site.layers) if site else 0, norms
        ),
        update_ratios=c.update_ratios.at(step),
        none_gradients=c.none_gradients[step],
        zero_gradients=c.zero_gradients[step],
        nonfinite_gradients=c.nonfinite_gradients[step],
        seconds=c.seconds[step],
        bytes=c.bytes[step],
        calls=full.calls if full is not None else [],
        tapes=full.tapes if full is not None else [],
    )


def layer_norms(layer_of: list[int], layers: int, norms: list[Any]) -> list[Any]:
    """The L2 norm of each layer's gradients together (None when none of them had one)."""
    squares: list[Any] = [None] * layers
    for slot, norm in enumerate(norms):
        if norm is None or slot >= len(layer_of):
            continue
        value = float(norm)  # ("nan", "inf" as JSON numbers)
        layer = layer_of[slot]
        squares[layer] = (squares[layer] or 0.0) + value * value
    return [None if s is None else json_number(math.sqrt(s)) for s in squares]
