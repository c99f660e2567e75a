"""Captures stored before schema 1.4 carry one row per step in `steps`; since 1.4 they are
columns per site (schema.SiteSteps). Users have stored runs, so a row-form capture is turned
into columns when it is read (plain data in, plain data out: this runs before validation)."""

from typing import Any

_COUNTS = ("none_gradients", "zero_gradients", "nonfinite_gradients")


def columns_from_rows(data: dict[str, Any]) -> dict[str, Any]:
    steps = data.get("steps")
    if not steps or not isinstance(steps[0], dict) or "step" not in steps[0]:
        return data  # columns already, or no steps
    by_site: dict[int, list[dict]] = {}
    for order, row in enumerate(steps):
        by_site.setdefault(row.get("site", 0), []).append({**row, "order": order})
    columns = [_site_columns(site, rows) for site, rows in by_site.items()]
    return {**data, "steps": columns}


def _site_columns(site: int, rows: list[dict]) -> dict[str, Any]:
    rows.sort(key=lambda row: row.get("step", 0))
    calls = max((len(row.get("losses", [])) for row in rows), default=0)
    width = max((len(row.get("grad_norms", [])) for row in rows), default=0)

    def matrix(field: str, size: int) -> list[list[Any]]:
        return [
            [row[field][j] if j < len(row.get(field, [])) else None for row in rows]
            for j in range(size)
        ]

    marks: dict[str, list[int]] = {"nonfinite": [], "none": [], "jump": []}
    for row in rows:
        for mark in row.get("marks", []):
            marks.setdefault(mark, []).append(row["step"])
    return {
        "site": site,
        "order": [row["order"] for row in rows],
        "losses": matrix("losses", calls),
        "grad_norms": matrix("grad_norms", width),
        "update_ratios": matrix("update_ratios", width),
        **{field: [row.get(field, 0) for row in rows] for field in _COUNTS},
        "seconds": [float(row.get("seconds", 0.0)) for row in rows],
        "bytes": [row.get("bytes", 0) for row in rows],
        "marks": marks,
        "kept": [
            {
                "step": row["step"],
                "reasons": row.get("reasons", []),
                "calls": row.get("calls", []),
                "tapes": row.get("tapes", []),
            }
            for row in rows
            if row.get("kept")
        ],
    }
