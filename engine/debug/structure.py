"""Leaves of a nested structure with their paths, in engine.nest.flatten's order.

A gradient call's sources can be a list, a dict, a nest of both; each result carries the path
of its source (`[1]`, `['w']`, `['layer'][0]`) so the UI can say which one it is.
"""


def flatten_with_paths(structure, prefix=""):
    if isinstance(structure, dict):
        return [
            leaf
            for key in sorted(structure)
            for leaf in flatten_with_paths(structure[key], f"{prefix}[{key!r}]")
        ]
    if isinstance(structure, (list, tuple)):
        return [
            leaf
            for index, item in enumerate(structure)
            for leaf in flatten_with_paths(item, f"{prefix}[{index}]")
        ]
    return [(prefix, structure)]
