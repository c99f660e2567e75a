"""tf.name_scope: the stack of scope names that prefixes variable names and tags recorded ops.

`current()` is the scope an op runs in ('' at the root, else e.g. 'sequential/dense'): engine.debug
reads it when an op is executed, so the debugger can group ops by layer. It is O(1) because it
runs for every op while an observer is installed.
"""

# Full scope names, innermost last; the root scope is ''. Each entry is complete (not a part to
# join) so that current() is a list index, not a string join.
_stack = [""]


def current():
    """The name scope ops run in right now: '' at the root, else 'a/b' (no trailing slash)."""
    return _stack[-1]


def scoped_name(name):
    """`name` under the current scope, as TF names a variable: 'a/b/name'."""
    prefix = _stack[-1]
    return f"{prefix}/{name}" if prefix else name


class name_scope:
    """tf.name_scope (TF2): a context manager that opens a scope under the current one.

    As in TF: a name ending in '/' is absolute (it replaces the current scope rather than
    nesting), '' returns to the root, and names are not made unique in eager mode. Entering
    yields the full scope name with a trailing slash ('a/b/'), or '' at the root.
    """

    def __init__(self, name):
        if not isinstance(name, str):
            raise ValueError("name for name_scope must be a string.")
        self._name = name

    @property
    def name(self):
        return self._name

    def __enter__(self):
        name = self._name
        if not name:
            scope = ""
        elif name.endswith("/"):
            scope = name[:-1]
        else:
            scope = scoped_name(name)
        _stack.append(scope)
        return scope + "/" if scope else ""

    def __exit__(self, *exc_info):
        _stack.pop()
        return False
