"""The math ops, gathered: tf.math.<name> for each name in __all__, tf.<name> for TOP_LEVEL.

Each family lives in its own module, with forward, gradient and saved tensors side by side:
arithmetic (AddV2, Mul, RealDiv, Pow, Maximum, AddN, ...), unary_math (Exp, Log, Sin, Tanh,
Sigmoid, Erf, Round, ...), comparisons (Equal, Less, LogicalAnd, IsNan, ...), reductions
(Sum, Mean, Max, Prod, ArgMax and the composites reduce_logsumexp, reduce_std, l2_normalize),
cumulative (Cumsum, Cumprod), casting (Cast) and matmul (MatMul, BatchMatMulV2).
Python's operators on tensors (engine/ops/operators.py) look their ops up here by name.
"""

from . import (
    arithmetic,
    casting,
    comparisons,
    complex_ops,
    cumulative,
    log_space,
    matmul as _matmul_module,
    reductions,
    segments,
    special_math,
    unary_math,
)
from .arithmetic import *  # noqa: F403
from .arithmetic import real_div  # noqa: F401  (RealDiv itself, for gradients elsewhere)
from .casting import cast, cast_value  # noqa: F401
from .comparisons import *  # noqa: F403
from .comparisons import tensor_equals, tensor_not_equals  # noqa: F401  (== and !=)
from .complex_ops import *  # noqa: F403  (after arithmetic: its abs takes complex tensors)
from .cumulative import *  # noqa: F403
from .log_space import *  # noqa: F403
from .matmul import matmul  # noqa: F401
from .reductions import *  # noqa: F403
from .segments import *  # noqa: F403
from .special_math import *  # noqa: F403
from .unary_math import *  # noqa: F403

_FAMILIES = (
    arithmetic,
    unary_math,
    comparisons,
    reductions,
    cumulative,
    casting,
    _matmul_module,
    complex_ops,
)
__all__ = list(dict.fromkeys(name for family in _FAMILIES for name in family.__all__))
TOP_LEVEL = list(dict.fromkeys(name for family in _FAMILIES for name in family.TOP_LEVEL))
__all__ += special_math.__all__ + segments.__all__ + log_space.__all__  # none is top-level
