"""Running one differential case: a short TF2 eager program, as text, run once by real
TensorFlow (generate_tf_math_reference.py records what it gives) and once by the engine.

A case is Python source with `tf`, `np` and `c` (= tf.constant) in scope. Its result is the
value of its last line when that line is an expression (as in a REPL), and what it printed.
Results reuse the math reference's encoding (math_reference_cases.encode) and extend it to
the values these programs return: IndexedSlices, dicts, NumPy values, lists vs tuples.
"""

import ast
import contextlib
import io

import numpy as np

from tests.engine.math_reference_cases import encode as encode_tensor_like, error_message


def run(code, tf):
    """{'result': encoded} or {'error': class name, 'message': first line}; plus 'printed'.

    Each case starts from a clear Keras session, as a fresh program would: its default names
    ('dense', 'sgd') do not depend on which cases ran before it."""
    tf.keras.backend.clear_session()
    printed = io.StringIO()
    try:
        with contextlib.redirect_stdout(printed):
            outcome = {"result": encode(_execute(code, {"tf": tf, "np": np, "c": tf.constant}))}
    except Exception as error:  # noqa: BLE001 - the error is the result being compared
        outcome = {"error": type(error).__name__, "message": error_message(error)}
    if printed.getvalue():
        outcome["printed"] = printed.getvalue()
    return outcome


def _execute(code, namespace):
    tree = ast.parse(code)
    last = tree.body[-1] if tree.body else None
    if isinstance(last, ast.Expr):
        body = ast.Module(body=tree.body[:-1], type_ignores=[])
        exec(compile(body, "<case>", "exec"), namespace)  # our own cases
        return eval(compile(ast.Expression(last.value), "<case>", "eval"), namespace)
    exec(compile(tree, "<case>", "exec"), namespace)
    return None


def encode(value):
    """A JSON-able form of a case's value; tensors and variables as the math reference
    encodes them (dtype, shape, values, type name)."""
    if isinstance(value, bytes):
        return {"bytes": repr(value)}
    if isinstance(value, np.complexfloating):  # NumPy's: its real and imaginary parts
        return {"numpy_scalar": value.dtype.name, "value": encode([value.real, value.imag])}
    if isinstance(value, np.generic):  # before float: np.float64 is a Python float too
        return {"numpy_scalar": value.dtype.name, "value": encode(value.item())}
    if isinstance(value, np.ndarray):
        numbers = value
        if value.dtype.kind == "c":  # real and imaginary parts, interleaved
            numbers = np.stack([value.real, value.imag], axis=-1)
        elif value.dtype.kind == "O":  # strings' bytes, as their reprs
            numbers = np.array([repr(v) for v in value.reshape(-1).tolist()])
        return {
            "ndarray": value.dtype.name,
            "shape": list(value.shape),
            "values": [encode(v) for v in numbers.reshape(-1).tolist()],
        }
    if isinstance(value, float) and type(value) is not float:
        return {"python_subclass": type(value).__name__, "value": float(value)}
    if isinstance(value, (list, tuple)) and not hasattr(value, "as_list"):
        kind = "list" if isinstance(value, list) else "tuple"
        return {kind: [encode(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": {str(k): encode(v) for k, v in sorted(value.items(), key=str)}}
    if hasattr(value, "numpy") and isinstance(getattr(value, "dtype", None), str):
        # Keras 3's variables name their dtype with a string
        array = np.asarray(value.numpy())
        return {
            "dtype": value.dtype,
            "shape": list(array.shape),
            "type": type(value).__name__,
            "values": [v if np.isfinite(v) else repr(v) for v in array.reshape(-1).tolist()],
        }
    if type(value).__name__ == "IndexedSlices":
        return {
            "indexed_slices": {
                "values": encode(value.values),
                "indices": encode(value.indices),
                "dense_shape": encode(value.dense_shape),
            }
        }
    if (
        value is None
        or isinstance(value, (bool, int, float, str))
        or hasattr(value, "as_list")
        or (hasattr(value, "is_floating") and hasattr(value, "name"))
        or hasattr(value, "numpy")
    ):
        return encode_tensor_like(value)
    return {"object": type(value).__name__}
