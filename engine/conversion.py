"""Python and NumPy values as tensor values, with the rules of TF's eager converter
(convert_to_tensor, tf.constant, and every op converting its non-tensor operands).

- NumPy arrays and scalars keep their dtype. Asked for another dtype they are cast, any to
  any, as tf.cast casts (TF's converter casts NumPy input: np.float64(2.5) -> int8 is 2).
- Python values are inferred from their leaves in order: a bool first admits only bools
  (`[True, 1]` is "mixed types"); ints then floats make float32 (`[1, 2.5]`); bools may follow
  numbers (`[1, True]` is int32). Ints are int32, or int64 when one does not fit; beyond int64
  and floats beyond float32's range are ValueErrors.
- Asked for a dtype, a Python value converts when TF's converter takes it: any number or bool
  to a float dtype (overflow gives inf), ints and bools to int32/int64 (ints wrap around: 2**40
  as int32 is 0), ints to int8/int16/uint8 (wrapping; bools and floats are refused there),
  only bools to bool. Otherwise: TypeError "Cannot convert ... to EagerTensor of dtype ...".
"""

import numpy as np

from . import dtypes

OUT_OF_RANGE_INT = "Can't convert Python sequence with out-of-range integer to Tensor."
OUT_OF_RANGE_FLOAT = (
    "Can't convert Python sequence with a value out of range for a double-precision float."
)
MIXED_TYPES = "Can't convert Python sequence with mixed types to Tensor."
NON_RECTANGULAR = "Can't convert non-rectangular Python sequence to Tensor."

_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)
_FLOAT32_MAX = float(np.finfo(np.float32).max)
# dtypes TF's converter fills directly from Python values; others are inferred, then cast.
_NATIVE_INTEGERS = (dtypes.int32, dtypes.int64)


def unsupported(value):
    refusal = getattr(type(value), "_conversion_refusal", None)  # e.g. Keras's KerasTensor
    if refusal is not None:
        return ValueError(refusal)
    return ValueError(
        f"Attempt to convert a value ({value!r}) with an unsupported type "
        f"({type(value)}) to a Tensor."
    )


def cannot_convert(value, dtype):
    return TypeError(
        f"Cannot convert {value!r} to EagerTensor of dtype {dtypes.kernel_name(dtype)}"
    )


def infer_dtype(value):
    """The dtype TF gives a Python or NumPy value converted without a dtype."""
    if isinstance(value, (np.ndarray, np.generic)):
        return dtypes.string if value.dtype.kind in "USO" else dtypes.from_numpy(value.dtype)
    kind, leaves = _kind(value)
    if kind == "numpy":
        return dtypes.from_numpy(leaves[0].dtype)
    if kind == "bool":
        return dtypes.bool
    if kind == "complex":
        return dtypes.complex128
    if kind == "string":
        return dtypes.string
    if kind == "float" or kind is None:  # [] is float32, as in TF
        if any(abs(v) > _FLOAT32_MAX and v not in (float("inf"), float("-inf")) for v in leaves):
            raise ValueError(OUT_OF_RANGE_FLOAT)
        return dtypes.float32
    ints = [int(v) for v in leaves]
    if all(_INT32[0] <= v <= _INT32[1] for v in ints):
        return dtypes.int32
    if all(_INT64[0] <= v <= _INT64[1] for v in ints):
        return dtypes.int64
    raise ValueError(OUT_OF_RANGE_INT)


def to_value(value, dtype=None):
    """`value` as a NumPy array (a NumPy scalar for rank 0) of `dtype`, or of its own."""
    if isinstance(value, (np.ndarray, np.generic)) and value.dtype.kind in "USO":
        if dtype not in (None, dtypes.string):
            raise cannot_convert(value, dtype)
        return string_array(value)
    if isinstance(value, (np.ndarray, np.generic)):
        found = dtypes.from_numpy(value.dtype)
        if dtype is None or dtype is found:
            array = np.array(value)
        else:
            array = np.asarray(cast_value(np.asarray(value), dtype._np))
        return array if array.ndim else array[()]
    if value is None:
        raise unsupported(value)
    if dtype is None:
        dtype = infer_dtype(value)
        kind = None
    else:
        kind = _requested_kind(value, dtype)
    if dtype is dtypes.string:
        return string_array(value)
    try:
        if dtype.is_integer and kind not in ("numpy", "float"):
            wide = np.array(value, dtype=np.int64)
            array = wide.astype(dtype._np)  # C casts wrap around, as TF's converter does
        else:
            with np.errstate(over="ignore"):  # float overflow gives inf, as in TF
                array = np.array(value, dtype=dtype._np)
    except OverflowError:
        raise ValueError(OUT_OF_RANGE_INT) from None
    except ValueError as error:
        if "inhomogeneous" in str(error) or "sequence" in str(error):
            raise ValueError(NON_RECTANGULAR) from None
        raise
    return array if array.ndim else array[()]


def _requested_kind(value, dtype):
    """Checks that TF's converter takes Python `value` as `dtype`; returns its kind. Float,
    int32, int64 and bool dtypes are filled leaf by leaf; others are inferred, then cast."""
    if dtype is dtypes.string:
        if {_leaf_kind(leaf) for leaf in _leaves(value)} - {"string"}:
            raise cannot_convert(value, dtype)
        return "string"
    if dtype.is_floating or dtype.is_complex or dtype is dtypes.bool or dtype in _NATIVE_INTEGERS:
        leaves = _leaves(value)
        kinds = {_leaf_kind(leaf) for leaf in leaves}
        if kinds & {None, "string"} or ("complex" in kinds and not dtype.is_complex):
            raise cannot_convert(value, dtype)
        if dtype.is_complex:
            if "bool" in kinds:
                raise cannot_convert(value, dtype)
            return "float"
        if dtype.is_floating:
            return "float"
        if dtype is dtypes.bool:
            if kinds - {"bool"}:
                raise cannot_convert(value, dtype)
            return "bool"
    else:
        try:
            kind, leaves = _kind(value)
        except ValueError:
            if not isinstance(value, (list, tuple)):
                raise cannot_convert(value, dtype) from None
            raise
        if kind == "numpy" or kind is None:  # None: an empty sequence
            return kind
        if kind == "string":
            raise cannot_convert(value, dtype)
        kinds = {kind}
    if "float" in kinds or (kinds == {"bool"} and dtype not in _NATIVE_INTEGERS):
        raise cannot_convert(value, dtype)
    if any(not _INT64[0] <= int(v) <= _INT64[1] for v in leaves):
        raise ValueError(OUT_OF_RANGE_INT)
    return "int"


def _kind(value):
    """('bool' | 'int' | 'float' | 'numpy', leaves) of a Python value, by TF's inference:
    the first leaf decides, a bool admits only bools, a float turns ints into floats.
    'numpy': the first leaf is a NumPy float, whose dtype the whole takes."""
    leaves = _leaves(value)
    if not leaves:
        return None, leaves
    first = leaves[0]
    if isinstance(first, (np.ndarray, np.generic)) and first.dtype.kind == "f":
        return "numpy", leaves
    state = None
    for leaf in leaves:
        kind = _leaf_kind(leaf)
        if kind is None:
            if state is None:
                raise unsupported(value)
            raise ValueError(MIXED_TYPES)
        if state is None:
            state = kind
        elif _mixed(state, kind):
            raise ValueError(MIXED_TYPES)
        elif kind == "float" and state != "complex":  # a complex first admits numbers
            state = "float"
    return state, leaves


def _mixed(state, kind):
    """A bool admits only bools, a string only strings; a complex comes first or not at all."""
    return (
        (state == "bool" and kind != "bool")
        or (kind == "complex" and state != "complex")
        or (state == "string") != (kind == "string")
    )


def _leaf_kind(leaf):
    if isinstance(leaf, (bool, np.bool_)):
        return "bool"
    if isinstance(leaf, (int, np.integer)):
        return "int"
    if isinstance(leaf, (float, np.floating)):
        return "float"
    if isinstance(leaf, (complex, np.complexfloating)):
        return "complex"
    if isinstance(leaf, (str, bytes)):
        return "string"
    return None


def _leaves(value):
    if isinstance(value, (list, tuple)):
        return [leaf for item in value for leaf in _leaves(item)]
    if isinstance(value, np.ndarray):
        return list(value.reshape(-1)) if value.size else []
    return [value]


def string_array(value):
    """Python or NumPy strings as a string tensor holds them: an object array of bytes (str
    encoded as UTF-8), kept an array at rank 0 too (a bytes object has no dtype)."""
    try:
        array = np.array(value, dtype=object)
    except ValueError:
        raise ValueError(NON_RECTANGULAR) from None
    strings = np.empty(array.shape, dtype=object)
    strings.reshape(-1)[:] = [
        v.encode() if isinstance(v, str) else bytes(v) for v in array.reshape(-1).tolist()
    ]
    return strings


# --- NumPy values cast as tf.cast casts (used by the converter and by the Cast op) ----------
_INT32_INFO = np.iinfo(np.int32)
_INT64_INFO = np.iinfo(np.int64)


def _float_to_integer(value, target):
    """Truncates toward zero as TF's CPU kernel does: NaN and out-of-range values become the
    most negative int32 (int64 for int64 targets), and narrower integers keep the low bits of
    that int32, so 300.0 -> uint8 is 44 and -1.0 -> uint8 is 255."""
    wide = np.asarray(value, dtype=np.float64)
    bounds, via = (_INT64_INFO, np.int64) if target == np.int64 else (_INT32_INFO, np.int32)
    in_range = (wide >= bounds.min) & (wide < -float(bounds.min))  # NaN compares False
    whole = np.where(in_range, np.trunc(np.where(in_range, wide, 0)), bounds.min).astype(via)
    return whole.astype(target)


def cast_value(value, target):
    """`value` (a NumPy array or scalar) converted to the NumPy dtype `target` as TF casts."""
    target = np.dtype(target)
    if value.dtype.kind == "c" and target.kind in "fiub":  # TF drops the imaginary part
        value = np.real(value)
    if value.dtype.kind == "f" and target.kind in "iu":
        result = _float_to_integer(value, target)
    elif target.kind == "b":
        result = np.asarray(value) != 0  # NaN is True, as in TF
    else:
        with np.errstate(over="ignore"):  # float64 -> float16 overflows to inf, silently
            result = np.asarray(value).astype(target)
    return result if result.ndim else result[()]
