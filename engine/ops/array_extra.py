"""Array ops added for issue 9, gathered for engine/__init__.py like engine/ops/array.py
(kept apart from it: several of them build on arithmetic, which imports array.py):
- sorting.py     sort, argsort (over TopKV2 in top_k.py), searchsorted
- unique.py      unique, unique_with_counts
- scatter.py     tensor_scatter_nd_update/add/sub/max/min
- manip.py       roll
- repeat.py      repeat, meshgrid
- sequences.py   sequence_mask
- counting.py    histogram_fixed_width, bincount (tf.math only)
"""

from . import (
    counting,
    manip,
    repeat as repeat_module,  # the star imports below rebind `repeat` and `unique`
    scatter,
    sequences,
    sorting,
    unique as unique_module,
)
from .counting import *  # noqa: F403
from .manip import *  # noqa: F403
from .repeat import *  # noqa: F403
from .scatter import *  # noqa: F403
from .sequences import *  # noqa: F403
from .sorting import *  # noqa: F403
from .unique import *  # noqa: F403

_MODULES = (sorting, unique_module, scatter, manip, repeat_module, sequences, counting)
__all__ = [name for module in _MODULES for name in module.__all__]
TOP_LEVEL = [name for module in _MODULES for name in module.TOP_LEVEL]
