"""A table of JSON numbers held as NumPy arrays: the per-step columns of a Capture
(schema.SiteSteps: losses, gradient norms, update ratios; rows by variable, entries by step).

In JSON it is a list of lists of `number | "nan" | "inf" | "-inf" | null`, as other numbers
in the schema. In memory it is a float64 matrix and a mask of the nulls: 10,000 steps x 8
variables as Python lists would be 80,000 float objects (32 bytes each, not 8), held for as
long as the Capture is. The lists exist only while a row is written (serialization, one row at
a time) or read (a page of the REST API, `at`).
"""

from collections.abc import Iterator
from typing import Annotated, Any

import numpy as np
from pydantic import PlainSerializer, PlainValidator, SerializationInfo, WithJsonSchema


class NumberTable:
    __slots__ = ("values", "missing")

    def __init__(self, values: np.ndarray, missing: np.ndarray):
        self.values = values  # float64, rows x entries
        self.missing = missing  # bool, the same shape: null in JSON

    @classmethod
    def empty(cls) -> "NumberTable":
        return cls(np.zeros((0, 0)), np.zeros((0, 0), dtype=bool))

    def __len__(self) -> int:
        return len(self.values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NumberTable):
            return NotImplemented
        return (
            self.values.shape == other.values.shape
            and np.array_equal(self.missing, other.missing)
            and np.array_equal(
                self.values[~self.missing], other.values[~other.missing], equal_nan=True
            )
        )

    def __repr__(self) -> str:
        return f"NumberTable({self.to_json()!r})"

    def at(self, entry: int) -> list[Any]:
        """Column `entry` (a step) across the rows, as JSON numbers."""
        return [
            None if self.missing[row, entry] else json_number(float(self.values[row, entry]))
            for row in range(len(self.values))
        ]

    def to_json(self) -> list[list[Any]]:
        return list(self.rows())

    def rows(self) -> Iterator[list[Any]]:
        """The rows as JSON numbers, one at a time."""
        for values, missing in zip(self.values, self.missing):
            yield _numbers(values, missing)

    def serialize(self, info: SerializationInfo) -> Any:
        """In JSON, row after row: a long run's table as Python lists at once (8 rows of 10,000
        floats: 2.5 MB) would add to the JSON text being written at the peak of to_json."""
        return self.rows() if info.mode_is_json() else self.to_json()

    @classmethod
    def from_json(cls, data: Any) -> "NumberTable":
        if isinstance(data, NumberTable):
            return data
        if not isinstance(data, list) or not all(isinstance(row, list) for row in data):
            raise ValueError("expected a list of lists of numbers")
        width = max((len(row) for row in data), default=0)
        missing = np.ones((len(data), width), dtype=bool)  # (a short row: null to the end)
        values = np.full((len(data), width), np.nan)
        for index, row in enumerate(data):
            missing[index, : len(row)] = [v is None for v in row]
            values[index, : len(row)] = [_float(v) for v in row]
        return cls(values, missing)


def _float(value: Any) -> float:
    if value is None:
        return float("nan")
    if isinstance(value, str) and value not in ("nan", "inf", "-inf"):
        raise ValueError(f"{value!r} is not a number")
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{value!r} is not a number")
    try:
        return float(value)
    except OverflowError:  # an integer beyond float64
        raise ValueError(f"{value!r} is out of range") from None


def json_number(value: float) -> Any:
    if value != value:
        return "nan"
    if value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    return value


def _numbers(column: np.ndarray, missing: np.ndarray) -> list[Any]:
    """One row as JSON numbers: one pass in NumPy, only the exceptions visited in Python."""
    values = column.tolist()
    for i in np.flatnonzero(~np.isfinite(column) | missing).tolist():
        values[i] = None if missing[i] else json_number(values[i])
    return values


_ENTRY = {
    "anyOf": [
        {"type": "number"},
        {"enum": ["nan", "inf", "-inf"], "type": "string"},
        {"type": "null"},
    ]
}

NumberRows = Annotated[
    NumberTable,
    PlainValidator(NumberTable.from_json),
    PlainSerializer(NumberTable.serialize),
    WithJsonSchema({"type": "array", "items": {"type": "array", "items": _ENTRY}}),
]
