"""The error for TF symbols the engine does not have, naming the missing symbol."""


def missing_attribute(module_path, name):
    if name.startswith("__") and name.endswith("__"):
        return AttributeError(name)  # Python's own protocol probes must see a plain miss
    return AttributeError(f"engine does not implement {module_path}.{name}")
