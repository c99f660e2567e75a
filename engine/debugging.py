"""tf.debugging: check_numerics (an op, CheckNumerics, whose gradient checks the gradient),
the assert_* functions with TF's eager exceptions and wording (check_ops.py), and
enable_check_numerics, which checks every later op's floating outputs (TF's
check_numerics_callback.py) through the observer interface."""

import numpy as np

from . import dtypes, hooks
from .errors import InvalidArgumentError
from .missing import missing_attribute
from .ops import math_ops
from .ops.registry import define, execute
from .tensor import FLOAT_DTYPES, Tensor, convert_to_tensor, is_tensor

_DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0"
_GRADIENT_MESSAGE = "Not a number (NaN) or infinity (Inf) values detected in gradient. "
_CHECKED_DTYPES = ("bfloat16", "float16", "float32", "float64")


def _op_error(op_type, message):
    """An InvalidArgumentError worded as TF's eager kernels word it."""
    return InvalidArgumentError(
        None,
        op_type,
        f"{{{{function_node __wrapped__{op_type}_device_{_DEVICE}}}}} {message} "
        f"[Op:{op_type}] name: ",
    )


# --- check_numerics -----------------------------------------------------------------------
CHECK_NUMERICS = define(
    "CheckNumerics",
    (lambda rec, dy: check_numerics(dy, _GRADIENT_MESSAGE + repr(rec.attrs["message"].encode())),),
)


def check_numerics(tensor, message, name=None):
    tensor = convert_to_tensor(tensor)
    if tensor.dtype.name not in _CHECKED_DTYPES:
        raise InvalidArgumentError(
            None,
            "CheckNumerics",
            f"Value for attr 'T' of {tensor.dtype.name} is not in the list of allowed values: "
            "bfloat16, half, float, double\n\t; NodeDef: {{node CheckNumerics}}; "
            "Op<name=CheckNumerics; signature=tensor:T -> output:T; attr=T:type,allowed="
            "[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=message:string; "
            "is_stateful=true> [Op:CheckNumerics] name: ",
        )
    value = tensor._value
    nan, inf = bool(np.isnan(value).any()), bool(np.isinf(value).any())
    if nan or inf:
        what = "Inf and NaN" if nan and inf else "NaN" if nan else "Inf"
        raise _op_error("CheckNumerics", f"{message} : Tensor had {what} values")
    return execute(CHECK_NUMERICS, (tensor,), value, {"message": message})


def assert_all_finite(x, message, name=None):
    return check_numerics(x, message)


# --- enable_check_numerics ------------------------------------------------------------------
# Ops whose outputs only move values around (check_numerics_callback.py's SAFE_OPS).
_SAFE_OPS = frozenset(
    [
        "Concat",
        "ConcatV2",
        "ExpandDims",
        "Fill",
        "Gather",
        "Maximum",
        "Minimum",
        "Reshape",
        "Slice",
        "Squeeze",
        "Stack",
        "StridedSlice",
        "StridedSliceGrad",
        "Transpose",
        "Unpack",
        "CheckNumerics",
    ]
)


class _CheckNumerics(hooks.Observer):
    """Raises, as TF's CheckNumericsV2 does, when an op outputs Inf or NaN."""

    def op_executed(self, op_type, inputs, outputs, record):
        if op_type in _SAFE_OPS:
            return
        for slot, output in enumerate(outputs):
            value = output._value
            if type(value.dtype) not in FLOAT_DTYPES or np.isfinite(value).all():
                continue
            error = _op_error(
                "CheckNumericsV2",
                _callback_message(op_type, slot, outputs, output, inputs),
            )
            # The observers after this one (a debugger) still see the op before it raises.
            observers = hooks.observers
            for observer in observers[observers.index(self) + 1 :]:
                observer.op_executed(op_type, inputs, outputs, record)
            raise error


def _callback_message(op_type, slot, outputs, output, inputs):
    value = output._value
    is_inf = np.isinf(value)
    counts = (
        ("-Inf", int(np.sum(is_inf & (value < 0)))),
        ("+Inf", int(np.sum(is_inf & (value > 0)))),
        ("+NaN", int(np.sum(np.isnan(value)))),
    )
    lines = [
        "\n",
        f"\n!!! Detected Infinity or NaN in output {slot} of eagerly-executing op "
        f'"{op_type}" (# of outputs: {len(outputs)}) !!!\n',
        f"  dtype: <dtype: '{output.dtype.name}'>\n",
        f"  shape: {tuple(value.shape)}\n",
    ]
    lines += [f"  # of {kind} elements: {n}\n" for kind, n in counts if n]
    if len(inputs) > 1:
        lines.append(f"\n  Input tensors ({len(inputs)}):\n")
        lines += [f"         {i}: {t!s}\n" for i, t in enumerate(inputs)]
    elif inputs:
        lines.append(f"\n  Input tensor: {inputs[0]!s}\n")
    lines.append("\n")
    kinds = [k for k, n in counts if n]
    kinds = ["NaN" if k == "+NaN" else k for k in kinds]
    had = f"{kinds[0]}, {kinds[1]}, and {kinds[2]}" if len(kinds) == 3 else " and ".join(kinds)
    return f"{''.join(lines)} : Tensor had {had} values"


_checker = _CheckNumerics()


def enable_check_numerics(stack_height_limit=30, path_length_limit=50):
    if _checker not in hooks.observers:
        hooks.observers.append(_checker)


def disable_check_numerics():
    if _checker in hooks.observers:
        hooks.observers.remove(_checker)


# --- assertions -----------------------------------------------------------------------------
def _prefix(message):
    return f"{message}.  " if message else ""


def _shape_and_dtype(x):
    return f"shape={x.shape} dtype={x.dtype.name}"


def _pretty(item, summarize):
    if isinstance(item, Tensor):
        array = item.numpy()
        if np.ndim(array) == 0:
            return str(array)
        flat = array.reshape(-1)
        items = [str(v) for v in flat[:summarize]]
        if len(items) < flat.size:
            items.append("...")
        return str(items)
    return str(item)


def _binary_assert(symbol, compare, x, y, data, summarize, message):
    x, y = convert_to_tensor(x), convert_to_tensor(y)
    test = compare(x, y)
    if bool(np.all(test._value)):
        return None
    summarize = 3 if summarize is None else (10**9 if summarize < 0 else summarize)
    if data is None:
        data = [f"Condition x {symbol} y did not hold."]
        if summarize > 0:
            if x.shape == y.shape and x.shape.as_list():
                mask = ~np.asarray(test._value)
                indices = np.argwhere(mask).astype(np.int64)
                count = min(summarize, indices.shape[0])
                data += [
                    f"Indices of first {count} different values:",
                    indices[:count],
                    "Corresponding x values:",
                    x.numpy()[mask].reshape(-1)[:count],
                    "Corresponding y values:",
                    y.numpy()[mask].reshape(-1)[:count],
                ]
            xs, ys = x.numpy().reshape(-1), y.numpy().reshape(-1)
            data += [
                f"First {min(xs.size, summarize)} elements of x:",
                xs[:summarize],
                f"First {min(ys.size, summarize)} elements of y:",
                ys[:summarize],
            ]
    if message is not None:
        data = [message, *data]
    raise InvalidArgumentError(None, None, "\n".join(_pretty(d, summarize) for d in data))


def assert_equal(x, y, message=None, summarize=None, name=None):
    return _binary_assert("==", math_ops.equal, x, y, None, summarize, message)


def assert_none_equal(x, y, summarize=None, message=None, name=None):
    return _binary_assert("!=", math_ops.not_equal, x, y, None, summarize, message)


def assert_less(x, y, message=None, summarize=None, name=None):
    return _binary_assert("<", math_ops.less, x, y, None, summarize, message)


def assert_less_equal(x, y, message=None, summarize=None, name=None):
    return _binary_assert("<=", math_ops.less_equal, x, y, None, summarize, message)


def assert_greater(x, y, message=None, summarize=None, name=None):
    return _binary_assert(">", math_ops.greater, x, y, None, summarize, message)


def assert_greater_equal(x, y, message=None, summarize=None, name=None):
    return _binary_assert(">=", math_ops.greater_equal, x, y, None, summarize, message)


def _sign_assert(condition, compare, zero_first, x, message, summarize):
    x = convert_to_tensor(x)
    data = [
        _prefix(message),
        f"Condition x {condition} 0 did not hold element-wise:",
        f"x ({_shape_and_dtype(x)}) = ",
        x,
    ]
    zero = convert_to_tensor(0, dtype=x.dtype)
    a, b = (zero, x) if zero_first else (x, zero)
    return _binary_assert("", compare, a, b, data, summarize, None)


def assert_positive(x, message=None, summarize=None, name=None):
    return _sign_assert(">", math_ops.less, True, x, message, summarize)


def assert_non_negative(x, message=None, summarize=None, name=None):
    return _sign_assert(">=", math_ops.less_equal, True, x, message, summarize)


def assert_negative(x, message=None, summarize=None, name=None):
    return _sign_assert("<", math_ops.less, False, x, message, summarize)


def assert_non_positive(x, message=None, summarize=None, name=None):
    return _sign_assert("<=", math_ops.less_equal, False, x, message, summarize)


def assert_near(x, y, rtol=None, atol=None, message=None, summarize=None, name=None):
    x = convert_to_tensor(x)
    y = convert_to_tensor(y, dtype=x.dtype)
    eps = np.finfo(x.dtype.as_numpy_dtype).eps
    rtol = convert_to_tensor(10 * eps if rtol is None else rtol, dtype=x.dtype)
    atol = convert_to_tensor(10 * eps if atol is None else atol, dtype=x.dtype)
    tolerance = atol + rtol * math_ops.abs(y)
    condition = math_ops.reduce_all(math_ops.less(math_ops.abs(x - y), tolerance))
    if bool(condition):
        return None
    data = [
        _prefix(message),
        f"x and y not equal to tolerance rtol = {rtol!s}, atol = {atol!s}",
        f"x ({_shape_and_dtype(x)}) = ",
        x,
        f"y ({_shape_and_dtype(y)}) = ",
        y,
    ]
    raise InvalidArgumentError(
        None,
        None,
        f"Expected '{condition!s}' to be true. Summarized data: "
        + "\n".join(_summarize(d, summarize) for d in data),
    )


def _summarize(item, summarize):
    """control_flow_assert's eager summary: strings become bytes tensors in TF."""
    if isinstance(item, str):
        return repr(item.encode())
    summarize = 3 if summarize is None else summarize
    array = item.numpy()
    if np.ndim(array) == 0:
        return str(array)
    flat = array.reshape(-1)
    items = [str(v) for v in flat[:summarize]]
    if len(items) < flat.size:
        items.append("...")
    return ", ".join(items)


def assert_rank(x, rank, message=None, name=None):
    x = convert_to_tensor(x)
    if x.shape.rank != int(rank):
        raise ValueError(
            f"{_prefix(message)}Tensor  must have rank {int(rank)}.  Received rank "
            f"{x.shape.rank}, shape {x.shape}"
        )


def assert_rank_at_least(x, rank, message=None, name=None):
    x = convert_to_tensor(x)
    if x.shape.rank < int(rank):
        raise ValueError(
            f"{_prefix(message)}Tensor  must have rank at least {int(rank)}.  Received rank "
            f"{x.shape.rank}, shape {x.shape}"
        )


def assert_rank_in(x, ranks, message=None, name=None):
    x = convert_to_tensor(x)
    ranks = tuple(int(r) for r in ranks)
    if x.shape.rank not in ranks:
        raise ValueError(
            f"{_prefix(message)}Tensor  must have rank in {ranks}.  Received rank "
            f"{x.shape.rank}, shape {x.shape}"
        )


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """Shapes as (tensor, ('N', 3, ...)) pairs; symbols must agree across tensors."""
    if isinstance(shapes, dict):
        shapes = shapes.items()
    prefix = _prefix(message)
    constraints = [(convert_to_tensor(x), s) for x, s in shapes if s is not None]
    described = []
    for tensor, symbols in constraints:
        symbols = tuple(symbols)
        innermost = bool(symbols) and (symbols[0] is Ellipsis or symbols[0] == "*")
        for i, symbol in enumerate(symbols[1:] if innermost else ()):
            if symbol is Ellipsis or symbol == "*":
                raise ValueError(
                    f"{prefix}Tensor {_shape_and_dtype(tensor)} specified shape index "
                    f"{i + 1}.  Symbol `...` or `*` for a variable number of unspecified "
                    f"dimensions is only allowed as the first entry"
                )
        symbols = (symbols[1:] if innermost else symbols) or (1,)
        sizes = tensor.shape.as_list() if tensor.shape.rank else [1]
        described.append((tensor, innermost, sizes, symbols))
    for tensor, innermost, _, symbols in described:
        rank = len(symbols)
        if innermost:
            if rank > 1:
                assert_rank_at_least(tensor, rank, message)
        elif rank in (0, 1):
            assert_rank_in(tensor, (0, 1), message)
        else:
            assert_rank(tensor, rank, message)
    specified: dict = {}
    for tensor, innermost, sizes, symbols in described:
        for i, symbol in enumerate(symbols):
            if symbol is None or symbol == ".":
                continue
            dim = i - len(symbols) if innermost else i
            if symbol in specified or _is_int(symbol):
                if _is_int(symbol):
                    size, where = int(symbol), "Specified explicitly"
                else:
                    size, by, at = specified[symbol]
                    where = f"Specified by tensor {_shape_and_dtype(by)} dimension {at}"
                actual = sizes[dim]
                if actual is not None and size is not None and actual != size:
                    raise ValueError(
                        f"{prefix}{where}.  Tensor {_shape_and_dtype(tensor)} dimension {dim} "
                        f"must have size {size}.  Received size {actual}, shape {tensor.shape}"
                    )
            else:
                specified[symbol] = (sizes[dim], tensor, dim)


def _is_int(symbol):
    try:
        int(symbol)
    except (TypeError, ValueError):
        return False
    return symbol is not None


def is_numeric_tensor(tensor):
    return (
        is_tensor(tensor)
        and dtypes.as_dtype(tensor.dtype).name != "bool"
        and not hasattr(tensor, "indices")
    )


__all__ = [
    "assert_all_finite",
    "assert_equal",
    "assert_greater",
    "assert_greater_equal",
    "assert_less",
    "assert_less_equal",
    "assert_near",
    "assert_negative",
    "assert_non_negative",
    "assert_non_positive",
    "assert_none_equal",
    "assert_positive",
    "assert_rank",
    "assert_rank_at_least",
    "assert_rank_in",
    "assert_shapes",
    "check_numerics",
    "disable_check_numerics",
    "enable_check_numerics",
    "is_numeric_tensor",
]


def __getattr__(name):
    raise missing_attribute("tf.debugging", name)
