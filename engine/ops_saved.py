"""Choosing which of an op's tensors its tape record keeps (the rest are pruned)."""

ALL = "all"


def select_saved(positions, tensors):
    """`positions` is () (keep none), ALL, or a tuple of indices into `tensors`."""
    if not positions:
        return None
    if positions == ALL:
        return tuple(tensors)
    return tuple([t if i in positions else None for i, t in enumerate(tensors)])
