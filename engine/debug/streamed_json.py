"""A Capture's JSON written piece by piece into one buffer of its exact size, byte for byte the
text of `model_dump_json(by_alias=True, exclude_none=True)` (tests/debug/test_streamed_json.py).

Why: pydantic writes the whole text into a growing buffer and then copies it into a bytes
object: over twice the text at the peak, 8 MB over a 10,000-step capture of 3.3 MB, the
largest allocation of the run, made when the sandbox sends it. Here each piece is made by
pydantic's own serializer (so the text is the same): every field but the step columns at once,
the number tables of the step columns a row at a time. The rows are written twice, once to
count their bytes and once into the buffer, so that it never grows: a growing buffer leaves its
earlier copies in the heap, and the peak would depend on where they landed.
"""

from collections.abc import Iterator
from typing import Any

from pydantic import BaseModel, TypeAdapter

from .number_table import NumberTable

_ROW: TypeAdapter[Any] = TypeAdapter(Any)  # a row of JSON numbers, as NumberRows writes it

Part = bytes | memoryview | NumberTable  # a piece of text, or a table written when the buffer is


def capture_json(capture: BaseModel) -> bytearray:
    parts: list[Part] = []
    _model(parts, capture, streamed="steps")
    out = bytearray(sum(map(_size, parts)))
    view, at = memoryview(out), 0
    for part in parts:
        for piece in _table(part) if isinstance(part, NumberTable) else [part]:
            view[at : at + len(piece)] = piece
            at += len(piece)
    assert at == len(out)
    return out


def _size(part: Part) -> int:
    return sum(map(len, _table(part))) if isinstance(part, NumberTable) else len(part)


def _table(table: NumberTable) -> Iterator[bytes]:
    yield b"["
    for index, row in enumerate(table.rows()):
        if index:
            yield b","
        yield _ROW.dump_json(row)
    yield b"]"


def _model(parts: list[Part], model: BaseModel, streamed: str | None = None) -> None:
    """`model` as a JSON object: its NumberTable fields, and the models listed in its field
    `streamed`, written apart; its other fields as pydantic writes them."""
    parts.append(b"{")
    first = True
    for name, field in type(model).model_fields.items():
        value = getattr(model, name)
        if value is None:
            continue  # (exclude_none)
        apart = name == streamed or isinstance(value, NumberTable)
        piece = None if apart else _field(model, name)
        if not apart and piece is None:
            continue
        if not first:
            parts.append(b",")
        first = False
        parts.append(b'"%s":' % (field.alias or name).encode())
        if piece is not None:
            parts.append(piece)
        elif isinstance(value, NumberTable):
            parts.append(value)
        else:
            parts.append(b"[")
            for index, item in enumerate(value):
                if index:
                    parts.append(b",")
                _model(parts, item)
            parts.append(b"]")
    parts.append(b"}")


def _field(model: BaseModel, name: str) -> memoryview | None:
    """The JSON of one field's value, as the whole model's serialization writes it; None when
    it is left out (None, or excluded)."""
    text = model.__pydantic_serializer__.to_json(
        model, include={name}, by_alias=True, exclude_none=True
    )
    if text == b"{}":
        return None
    start = text.index(b":") + 1  # (after the key: field names and aliases hold no colon)
    return memoryview(text)[start:-1]  # (a view: a 10,000-op capture's tensors are 8 MB)
