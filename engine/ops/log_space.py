"""Sums in log space: CumulativeLogsumexp (a scan, with Cumsum's `exclusive` and `reverse`),
and log_sigmoid, which TF builds as -softplus(-x). Gradients as TF's math_grad.py."""

import numpy as np

from . import arithmetic, comparisons, unary_math
from .cumulative import _scan, _scan_op
from .elementwise import ALLOWED_T, scalar_like
from .registry import ALL, define
from .selection import where

ALLOWED_T["CumulativeLogsumexp"] = "bfloat16, half, float, double"


def _cumulative_logsumexp_grad(rec, dy):
    """TF's: the upstream gradient split by sign, so that each part's log exists, and each
    scanned back in log space against the output."""
    axis, exclusive, reverse = rec.attrs
    x, out = rec.inputs[0], rec.outputs[0]
    lowest = scalar_like(dy, np.finfo(dy._value.dtype).min)
    log_positive = where(comparisons.greater(dy, 0), unary_math.log(dy), lowest)
    log_negative = where(comparisons.less(dy, 0), unary_math.log(-dy), lowest)

    def scanned_back(log_part):
        back = cumulative_logsumexp(
            log_part - out, axis=axis, reverse=not reverse, exclusive=exclusive
        )
        return unary_math.exp(back + x)

    return arithmetic.subtract(scanned_back(log_positive), scanned_back(log_negative))


def _logaddexp_accumulate(v, axis, dtype):
    return np.logaddexp.accumulate(v, axis=axis, dtype=dtype)


CUMULATIVE_LOGSUMEXP = define(
    "CumulativeLogsumexp", (_cumulative_logsumexp_grad,), saves_inputs=ALL, saves_outputs=ALL
)
cumulative_logsumexp = _scan_op(CUMULATIVE_LOGSUMEXP, _scan(_logaddexp_accumulate, -np.inf))


def log_sigmoid(x, name=None):
    """log(1 / (1 + exp(-x))), as TF builds it: Neg, Softplus, Neg."""
    return arithmetic.negative(unary_math.softplus(arithmetic.negative(x)))


__all__ = ["cumulative_logsumexp", "log_sigmoid"]
TOP_LEVEL: list[str] = []
