"""Conj, the complex conjugate: its own small module because matmul's and transpose's adjoints
use it, below the rest of the complex ops (engine/ops/complex_ops.py)."""

import numpy as np

from ..tensor import convert_to_tensor
from .elementwise import as_value
from .registry import define, execute

CONJ = define("Conj", (lambda rec, dy: conj(dy),))


def conj(x, name=None):
    """tf.math.conj: the complex conjugate; a real tensor is returned as is."""
    x = convert_to_tensor(x)
    if x._value.dtype.kind != "c":
        if x._value.dtype.kind not in "fiub":
            raise TypeError(f"Expected numeric or variant tensor, got dtype {x.dtype!r}.")
        return x
    return execute(CONJ, (x,), as_value(np.conj(x._value)))
