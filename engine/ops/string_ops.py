"""String ops enough for printing: StringFormat (tf.strings.format), StringJoin, AsString,
StringLength. None is differentiable; string tensors are never tracked by tapes.

String tensors hold object arrays of bytes (engine/conversion.py: string_array).
"""

import numpy as np

from .. import dtypes
from ..errors import invalid_argument
from ..summarize import summarize as summarized_text
from ..tensor import convert_to_tensor, is_tensor
from .registry import NOT_DIFFERENTIABLE, define, execute, execute_many

STRING_FORMAT = define("StringFormat", NOT_DIFFERENTIABLE)
STRING_JOIN = define("StringJoin", NOT_DIFFERENTIABLE)
AS_STRING = define("AsString", NOT_DIFFERENTIABLE)
STRING_LENGTH = define("StringLength", NOT_DIFFERENTIABLE)
PRINT_V2 = define("PrintV2", NOT_DIFFERENTIABLE)  # tf.print's op: a string in, no outputs


def _scalar_string(text):
    return np.array(text.encode("utf-8"), dtype=object)


def string_format(template, inputs, placeholder="{}", summarize=3, name=None):
    """tf.strings.format: `template` with each `placeholder` replaced by the next input's text
    as TF's kernel writes it (see engine/summarize.py)."""
    if is_tensor(inputs):
        inputs = [inputs]
    expected = template.count(placeholder)
    if expected != len(inputs):
        raise ValueError(
            f"The template expects {expected} tensors, but the inputs only has {len(inputs)}. "
            "Please ensure the number of placeholders in template matches inputs length."
        )
    tensors = tuple(convert_to_tensor(x) for x in inputs)
    summarize = 3 if summarize is None else int(summarize)
    pieces = template.split(placeholder)
    text = pieces[0]
    for tensor, piece in zip(tensors, pieces[1:]):
        text += summarized_text(tensor._value, summarize) + piece
    return execute(STRING_FORMAT, tensors, _scalar_string(text))


def print_v2(text):
    """Runs PrintV2 on a string scalar (the write itself is the caller's, engine/printing.py)."""
    execute_many(PRINT_V2, (text,), ())


def _string_input(op_type, value):
    t = convert_to_tensor(value)
    if t.dtype is not dtypes.string:
        raise TypeError(
            f"Input 'inputs' of '{op_type}' Op has type {t.dtype.name} that does not match "
            "expected type of string."
        )
    return t


def join(inputs, separator="", name=None):
    """tf.strings.join: elementwise concatenation; scalars broadcast, other shapes must
    match."""
    tensors = tuple(_string_input("StringJoin", x) for x in inputs)
    shapes = {t._value.shape for t in tensors if t._value.ndim}
    if len(shapes) > 1:
        first, second = sorted(shapes, key=len)[:2]
        raise invalid_argument(
            "StringJoin",
            f"Input shapes do not match: {list(first)} vs. {list(second)}",
        )
    shape = shapes.pop() if shapes else ()
    sep = separator.encode("utf-8") if isinstance(separator, str) else bytes(separator)
    columns = [np.broadcast_to(t._value, shape).reshape(-1).tolist() for t in tensors]
    joined = np.empty(shape, dtype=object)
    joined.reshape(-1)[:] = [sep.join(parts) for parts in zip(*columns)] if columns else []
    return execute(STRING_JOIN, tensors, joined)


def as_string(input, precision=-1, scientific=False, shortest=False, width=-1, fill="", name=None):
    """tf.strings.as_string: numbers as text, floats as printf's %f (or %e, %g)."""
    x = convert_to_tensor(input)
    kind = x._value.dtype.kind
    if kind == "O":
        raise invalid_argument(
            "AsString",
            "Value for attr 'T' of string is not in the list of allowed values: float, double, "
            "int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, "
            "complex64, complex128, bool, variant",
        )
    spec = "%" + (fill if fill in ("0", "-", " ", "+") else "")
    spec += str(width) if width > -1 else ""
    if kind in "fc":
        spec += f".{precision}" if precision > -1 else ""
        spec += "e" if scientific else "g" if shortest else "f"
    else:
        spec += "d"

    def text(v):
        if kind == "b":
            return "true" if v else "false"
        if kind == "c":
            return "(" + (spec % v.real) + "," + (spec % v.imag) + ")"
        return spec % v

    values = np.asarray(x._value)
    out = np.empty(values.shape, dtype=object)
    out.reshape(-1)[:] = [text(v).encode() for v in values.reshape(-1).tolist()]
    return execute(AS_STRING, (x,), out)


def length(input, unit="BYTE", name=None):
    """tf.strings.length: bytes (unit='BYTE') or characters (unit='UTF8_CHAR') per string."""
    x = _string_input("StringLength", input)
    if unit not in ("BYTE", "UTF8_CHAR"):
        raise ValueError(f"Invalid value for `unit`: {unit!r}")
    count = len if unit == "BYTE" else (lambda b: len(b.decode("utf-8", errors="replace")))
    values = np.array([count(b) for b in x._value.reshape(-1).tolist()], dtype=np.int32)
    values = values.reshape(x._value.shape)
    return execute(STRING_LENGTH, (x,), values if values.ndim else values[()])
