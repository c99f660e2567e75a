"""tf.math: the engine's math ops (see engine/ops/math_ops.py)."""

from .missing import missing_attribute
from .ops import math_ops as _ops_math
from .ops.counting import bincount  # tf.math only, not top-level
from .ops.indexing import unsorted_segment_sum  # tf.math only, not top-level
from .ops.math_ops import *  # noqa: F403  (the public names are listed in its __all__)
from .ops.norms import reduce_euclidean_norm  # tf.math only
from .ops.top_k import in_top_k, top_k  # tf.math and tf.nn

__all__ = list(_ops_math.__all__) + ["unsorted_segment_sum"]
__all__ += ["bincount"]
__all__ += ["reduce_euclidean_norm", "top_k", "in_top_k"]


def __getattr__(name):
    raise missing_attribute("tf.math", name)
