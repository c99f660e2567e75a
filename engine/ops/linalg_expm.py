"""tf.linalg.expm, TF's Python composition (linalg_impl.matrix_exponential) as it runs eagerly:
scaling and squaring with Pade approximants (orders 3, 5, 7 for half and float32; 3, 5, 7, 9,
13 for float64), chosen per matrix by its 1-norm with SelectV2, one MatrixSolve, then the
squarings as a Python loop of Less, BatchMatMulV2 and SelectV2. Every step is an engine op,
so the gradient (and the second one) is the composition's, as in TF.
"""

import numpy as np

from ..tensor import EagerTensor, convert_to_tensor
from .arithmetic import abs as abs_, maximum, negative, pow as pow_, real_div
from .comparisons import is_finite, less
from .creation import eye, fill
from .linalg_solve import solve
from .matmul import matmul
from .reductions import reduce_max, reduce_sum
from .selection import where
from .shape_ops import reshape
from .unary_math import floor, log

__all__ = ["expm"]
TOP_LEVEL: list = []

_PADE = {
    3: [120.0, 60.0, 12.0],
    5: [30240.0, 15120.0, 3360.0, 420.0, 30.0],
    7: [17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0],
    9: [
        17643225600.0,
        8821612800.0,
        2075673600.0,
        302702400.0,
        30270240.0,
        2162160.0,
        110880.0,
        3960.0,
        90.0,
    ],
    13: [
        64764752532480000.0,
        32382376266240000.0,
        7771770303897600.0,
        1187353796428800.0,
        129060195264000.0,
        10559470521600.0,
        670442572800.0,
        33522128640.0,
        1323241920.0,
        40840800.0,
        960960.0,
        16380.0,
        182.0,
    ],
}
# (largest 1-norm, the 1-norms below which each lower order is used, the orders), from TF
_Choice = tuple[float, tuple[float, ...], tuple[int, ...]]
_SINGLE: _Choice = (3.925724783138660, (4.258730016922831e-001, 1.880152677804762e000), (3, 5, 7))
_DOUBLE: _Choice = (
    5.371920351148152,
    (1.495585217958292e-002, 2.539398330063230e-001, 9.504178996162932e-001, 2.097847961257068),
    (3, 5, 7, 9, 13),
)


def _pade(matrix, order):
    """(U, V) of the order-`order` Pade approximant, with TF's ops in TF's order."""
    b = [EagerTensor(np.asarray(v, matrix._value.dtype)) for v in _PADE[order]]
    shape = matrix._value.shape
    ident = eye(shape[-2], batch_shape=list(shape[:-2]), dtype=matrix.dtype)
    matrix_2 = matmul(matrix, matrix)
    if order == 13:
        matrix_4 = matmul(matrix_2, matrix_2)
        matrix_6 = matmul(matrix_4, matrix_2)
        tmp_u = (
            matmul(matrix_6, matrix_6 + b[11] * matrix_4 + b[9] * matrix_2)
            + b[7] * matrix_6
            + b[5] * matrix_4
            + b[3] * matrix_2
            + b[1] * ident
        )
        matrix_u = matmul(matrix, tmp_u)
        tmp_v = b[12] * matrix_6 + b[10] * matrix_4 + b[8] * matrix_2
        matrix_v = (
            matmul(matrix_6, tmp_v) + b[6] * matrix_6 + b[4] * matrix_4 + b[2] * matrix_2
        ) + b[0] * ident
        return matrix_u, matrix_v
    powers = [matrix_2]  # matrix^2, ^4, ^6, ^8 as the order needs them
    for _ in range(order // 2 - 1):
        powers.append(
            matmul(powers[-1], matrix_2) if len(powers) > 1 else matmul(matrix_2, matrix_2)
        )
    tmp = powers[-1]
    for k in range(len(powers) - 2, -1, -1):  # b[2k+3] * matrix^(2k+2), high powers first
        tmp = tmp + b[2 * k + 3] * powers[k]
    tmp = tmp + b[1] * ident
    matrix_u = matmul(matrix, tmp)
    matrix_v = b[order - 1] * powers[-1]
    for k in range(len(powers) - 2, -1, -1):
        matrix_v = matrix_v + b[2 * k + 2] * powers[k]
    matrix_v = matrix_v + b[0] * ident
    return matrix_u, matrix_v


def expm(input, name=None):
    matrix = convert_to_tensor(input)
    shape = matrix._value.shape
    if shape[-2:] == (0, 0):
        return matrix
    dtype = matrix._value.dtype
    if dtype == np.float64:
        maxnorm, conds, orders = _DOUBLE
    elif dtype in (np.float16, np.float32):
        maxnorm, conds, orders = _SINGLE
    else:
        raise ValueError(
            f"tf.linalg.expm does not support matrices of type <dtype: '{matrix.dtype.name}'>"
        )
    batch_shape = list(shape[:-2])
    matrix = reshape(matrix, [-1] + list(shape[-2:]))
    l1_norm = reduce_max(reduce_sum(abs_(matrix), axis=1), axis=-1)[..., None, None]

    def const(value):
        return EagerTensor(np.asarray(value, dtype))

    squarings = maximum(floor(log(l1_norm / const(maxnorm)) / log(const(2.0))), 0)
    approximants = [_pade(matrix, order) for order in orders[:-1]]
    scaled = real_div(matrix, pow_(const(2.0), squarings))
    approximants.append(_pade(scaled, orders[-1]))

    def nest_where(cases, index=0):
        if index == len(conds) - 1:
            return where(less(l1_norm, const(conds[index])), cases[index], cases[index + 1])
        return where(less(l1_norm, const(conds[index])), cases[index], nest_where(cases, index + 1))

    u = nest_where([a[0] for a in approximants])
    v = nest_where([a[1] for a in approximants])
    finite = bool(is_finite(reduce_max(l1_norm))._value)
    if finite:
        result = solve(negative(u) + v, u + v)
    else:
        result = fill(list(matrix._value.shape), const(np.nan))
    max_squarings = reduce_max(squarings)
    i = const(0.0)
    while finite and bool(less(i, max_squarings)._value):  # TF's while_loop, run eagerly
        i, result = i + 1, where(less(i, squarings), matmul(result, result), result)
    return reshape(result, batch_shape + list(result._value.shape[-2:]))
