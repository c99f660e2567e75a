"""Flattening and re-packing nested structures of lists, tuples, namedtuples and dicts, like
tf.nest.

Dicts flatten in sorted key order and keep their keys when packed again, as in TF.
"""


def _is_namedtuple(value):
    return isinstance(value, tuple) and hasattr(value, "_fields")


def is_nested(value):
    return isinstance(value, (list, tuple, dict))


def flatten(structure):
    if isinstance(structure, dict):
        return [leaf for key in sorted(structure) for leaf in flatten(structure[key])]
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in flatten(item)]
    return [structure]


def pack_sequence_as(structure, flat):
    """Rebuilds `structure`'s shape from the leaves in `flat`."""
    leaves = iter(flat)
    packed = _pack(structure, leaves)
    return packed


def _pack(structure, leaves):
    if isinstance(structure, dict):
        packed = {key: _pack(structure[key], leaves) for key in sorted(structure)}
        return type(structure)((key, packed[key]) for key in structure)
    if _is_namedtuple(structure):
        return type(structure)(*(_pack(item, leaves) for item in structure))
    if isinstance(structure, (list, tuple)):
        return type(structure)(_pack(item, leaves) for item in structure)
    return next(leaves)


def map_structure(fn, structure):
    return pack_sequence_as(structure, [fn(leaf) for leaf in flatten(structure)])
