"""A tensor as TF's kernels write it in text (Tensor::SummarizeValue with print_v2), the form
tf.print and tf.strings.format show: `[1 2 3 ... 5 6 7]`, rows on their own lines, the first
and last `summarize` entries of each dimension, floats in C's %g with as many digits as it takes
to read the value back, bools as 1/0, strings quoted and C-escaped, complex numbers as `?`.
"""

import numpy as np


def summarize(value, summarize=3):
    """TF's text for the NumPy value of a tensor (`summarize` < 0: every entry)."""
    array = np.asarray(value)
    count = array.size
    max_entries = count if summarize < 0 else summarize
    limit = min(max_entries, count)
    if array.dtype.kind == "c":  # TF prints no complex numbers: one `?` per shown entry
        text = " ".join("?" * limit)
        text += "..." if max_entries < count else ""
        return f"[{text}]" if array.ndim else text
    element = _element_writer(array.dtype)
    if not array.ndim:
        text = " ".join(element(v) for v in array.reshape(-1)[:limit].tolist())
        return text + ("..." if count > limit else "")
    parts: list[str] = []
    _dimension(array, 0, array.ndim, limit, element, parts)
    return "".join(parts)


def _dimension(sub, dim, ndim, at_ends, element, out):
    """TF's PrintOneDimV2: the first and last `at_ends` entries of each dimension."""
    if dim == ndim:
        out.append(element(sub.item() if isinstance(sub, np.generic) else sub))
        return
    out.append("[")
    size = sub.shape[0]
    for i in range(min(at_ends, size)):
        if i > 0:
            _spacing(dim, ndim, out)
        _dimension(sub[i], dim + 1, ndim, at_ends, element, out)
    if size > 2 * at_ends:
        _spacing(dim, ndim, out)
        out.append("...")
    for i in range(max(at_ends, size - at_ends), size):
        _spacing(dim, ndim, out)
        _dimension(sub[i], dim + 1, ndim, at_ends, element, out)
    out.append("]")


def _spacing(dim, ndim, out):
    """Between entries: a space in the last dimension, else newlines and indentation."""
    if dim == ndim - 1:
        out.append(" ")
    else:
        out.append("\n" * (ndim - dim - 1) + " " * (dim + 1))


def _element_writer(dtype):
    if dtype.kind == "f":
        return _float32_text if dtype.itemsize <= 4 else _float64_text
    if dtype.kind == "b":
        return lambda v: "1" if v else "0"
    if dtype.kind == "O":
        return lambda v: '"' + c_escape(v) + '"'
    return str


def _float32_text(value):
    """TF's FloatToBuffer: %.6g, or %.9g when that does not read back (half prints as float)."""
    if value != value:
        return "-nan" if np.signbit(value) else "nan"
    text = f"{value:.6g}"
    if np.float32(float(text)) != np.float32(value):
        text = f"{value:.9g}"
    return text


def _float64_text(value):
    """TF's DoubleToBuffer: %.15g, or %.17g when that does not read back."""
    if value != value:
        return "-nan" if np.signbit(value) else "nan"
    text = f"{value:.15g}"
    if float(text) != value:
        text = f"{value:.17g}"
    return text


_ESCAPES = {ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t", ord('"'): '\\"'}
_ESCAPES.update({ord("'"): "\\'", ord("\\"): "\\\\"})


def c_escape(data):
    """absl's Utf8SafeCEscape: C escapes for quotes, backslashes and control bytes (octal);
    bytes of UTF-8 sequences (>= 0x80) are kept."""
    out = []
    for byte in data:
        if byte in _ESCAPES:
            out.append(_ESCAPES[byte])
        elif byte < 0x20 or byte == 0x7F:
            out.append(f"\\{byte:03o}")
        else:
            out.append(chr(byte))
    return "".join(out).encode("latin-1").decode("utf-8", errors="replace")
