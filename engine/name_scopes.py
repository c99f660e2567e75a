"""tf.name_scope: a stack of scope names that prefixes variable names and tags recorded ops."""
_stack = []


def current():
    return "/".join(_stack)


def scoped_name(name):
    prefix = current()
    return f"{prefix}/{name}" if prefix else name


class name_scope:
    """Context manager that opens a name scope, as tf.name_scope (TF2)."""

    def __init__(self, name):
        if name is None or not isinstance(name, str):
            raise ValueError(f"name for name_scope must be a string, got {name!r}")
        self._name = name.rstrip("/")
        self.name = name

    def __enter__(self):
        _stack.append(self._name)
        return scoped_name("")

    def __exit__(self, *exc_info):
        _stack.pop()
