"""Array ops: tf.reshape, tf.concat, tf.gather, tf.where, ... (all of them top-level in TF).

One module per concept; this one gathers their public names for `engine/__init__.py`:
- creation.py     zeros, ones, *_like, fill, range, linspace, eye, one_hot
- shape_ops.py    reshape, transpose, expand_dims, squeeze, reverse, ...
- summing.py      broadcast_to, tile (Sum's adjoints)
- joining.py      concat, stack, unstack, split
- padding.py      pad, slice
- indexing.py     gather, gather_nd, scatter_nd, unsorted_segment_sum, boolean_mask
- selection.py    where
- value_clipping.py clip_by_value
- slicing.py      tensor[key] (StridedSlice), strided_slice
- linalg.py       einsum, tensordot, norm (the tf.linalg namespace)
"""

from . import (
    creation,
    indexing,
    joining,
    padding,
    selection,
    shape_ops,
    slicing,
    summing,
    value_clipping,
)
from .creation import *  # noqa: F403
from .indexing import *  # noqa: F403
from .joining import *  # noqa: F403
from .padding import *  # noqa: F403
from .selection import *  # noqa: F403
from .shape_ops import *  # noqa: F403
from .slicing import *  # noqa: F403
from .summing import *  # noqa: F403
from .value_clipping import *  # noqa: F403

__all__ = (
    creation.__all__
    + shape_ops.__all__
    + summing.__all__
    + joining.__all__
    + padding.__all__
    + indexing.__all__
    + selection.__all__
    + value_clipping.__all__
    + slicing.__all__
)
# tf.math.unsorted_segment_sum is not top-level in TF 2.
TOP_LEVEL = [name for name in __all__ if name != "unsorted_segment_sum"]
