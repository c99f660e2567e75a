"""tf.linalg: the engine's linalg ops (engine/ops/linalg.py and the linalg_*.py families)."""

from .missing import missing_attribute
from .ops.linalg import *  # noqa: F403  (the public names are listed in its __all__)
from .ops.linalg_decompositions import *  # noqa: F403
from .ops.linalg_diag import *  # noqa: F403
from .ops.linalg_expm import *  # noqa: F403
from .ops.linalg_lstsq import *  # noqa: F403
from .ops.linalg_solve import *  # noqa: F403
from .ops.linalg_spectral import *  # noqa: F403
from .ops.matmul import matmul  # noqa: F401  (the very function tf.matmul is, as in TF)
from .ops.norms import global_norm  # noqa: F401  (tf.linalg.global_norm)


def __getattr__(name):
    raise missing_attribute("tf.linalg", name)
