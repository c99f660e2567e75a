"""Python side effects inside a tf.function: the engine runs the function's Python code at
every call, TF only while tracing it (the first call and each new input signature). A
`print`, an append to an outer list, an assignment to a global or to an outer object's
attribute therefore happens once per trace in TF, not once per call. One info finding per
tf.function, at its first such statement (found in its source with `ast`)."""

import ast
import inspect
import textwrap
import types

# Methods that change the list, dict or set they are called on.
_MUTATORS = frozenset(
    ["append", "extend", "insert", "pop", "remove", "clear", "update", "add", "discard",
     "setdefault", "popitem", "sort", "reverse"]
)  # fmt: skip


def explain(ctx):
    findings = []
    for entry in ctx.recorder.functions.values():
        effect = first_side_effect(entry.python_function)
        if effect is not None:
            findings.append(_finding(ctx, entry, *effect))
    return findings


def function_at(ctx, location):
    """The name of the tf.function whose own body holds `location`, or None."""
    if location is None:
        return None
    filename, line, name = ctx.recorder.locations.entries[location]
    for entry in ctx.recorder.functions.values():
        function = entry.python_function
        if getattr(function, "__name__", None) != name:
            continue
        try:
            lines, first = inspect.getsourcelines(function)
            source_file = inspect.getsourcefile(function)
        except (OSError, TypeError):
            continue
        if source_file == filename and first <= line < first + len(lines):
            return name
    return None


_TRACED_ESCAPE = {
    "numpy": "AttributeError: 'SymbolicTensor' object has no attribute 'numpy'",
    "__array__": "NotImplementedError: Cannot convert a symbolic tf.Tensor to a numpy array",
    "float": "TypeError: Expected any non-tensor type, but got a tensor instead",
    "int": "TypeError: Expected any non-tensor type, but got a tensor instead",
}


def traced_escape_words(ctx, escape):
    """A sentence for a value that leaves the engine inside a tf.function: TF raises there
    (its tensors are symbolic while it traces), the engine runs the function eagerly."""
    name = function_at(ctx, escape.location)
    error = _TRACED_ESCAPE.get(escape.how)
    if name is None or error is None:
        return ""
    return (
        f" This runs inside the tf.function `{name}`: TF runs its Python only while tracing, "
        f"on symbolic tensors, so in TF this line raises ({error}); the engine runs it eagerly, "
        f"as TF does under tf.config.run_functions_eagerly(True)."
    )


def first_side_effect(python_function):
    """(kind, line, statement text) of the first side effect in the function's own body (not
    in functions it defines), or None. kind: print, mutation, assignment."""
    node, first_line = _function_node(python_function)
    if node is None:
        return None
    assigned = _locally_assigned(node)
    declared = {
        name
        for n in _own_nodes(node)
        if isinstance(n, (ast.Global, ast.Nonlocal))
        for name in n.names
    }
    namespace = _namespace(python_function)
    effects = []
    for n in _own_nodes(node):
        kind = _kind(n, assigned, declared, namespace)
        if kind is not None:
            effects.append((n.lineno, n.col_offset, kind, n))
    if not effects:
        return None
    line, _, kind, n = min(effects, key=lambda e: (e[0], e[1]))
    return kind, first_line + line - 1, ast.unparse(n)


def _function_node(python_function):
    code = getattr(python_function, "__code__", None)
    if code is None:
        return None, 0
    try:
        source = textwrap.dedent(inspect.getsource(python_function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        return None, 0
    first_line = code.co_firstlineno
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == code.co_name:
            return n, first_line  # co_firstlineno: the first decorator's line, as in `source`
        if isinstance(n, ast.Lambda) and code.co_name == "<lambda>":
            return n, first_line
    return None, 0


def _own_nodes(node):
    """The nodes of the function's own body: nested functions, lambdas and classes run
    their own code (a nested tf.function gets its own finding)."""
    stack = list(node.body) if isinstance(node.body, list) else [node.body]
    while stack:
        n = stack.pop()
        yield n
        for child in ast.iter_child_nodes(n):
            if not isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
            ):
                stack.append(child)


def _locally_assigned(node):
    names = set()
    for n in _own_nodes(node):
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store):
            names.add(n.id)
    return names


def _namespace(python_function):
    names = dict(getattr(python_function, "__globals__", {}))
    code = getattr(python_function, "__code__", None)
    closure = getattr(python_function, "__closure__", None) or ()
    if code is not None:
        for name, cell in zip(code.co_freevars, closure):
            try:
                names[name] = cell.cell_contents
            except ValueError:  # an empty cell
                pass
    return names


def _root(node):
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def _kind(n, assigned, declared, namespace):
    if isinstance(n, ast.Call):
        if isinstance(n.func, ast.Name) and n.func.id == "print" and "print" not in assigned:
            return "print"
        if isinstance(n.func, ast.Attribute) and n.func.attr in _MUTATORS:
            root = _root(n.func.value)
            if root is not None and root not in assigned and not _is_module(namespace, root):
                return "mutation"
        return None
    if _creates_variable(n):
        return None  # `self.v = tf.Variable(...)` under a guard: TF's supported lazy creation
    targets = (
        n.targets
        if isinstance(n, ast.Assign)
        else [n.target]
        if isinstance(n, (ast.AugAssign, ast.AnnAssign))
        else []
    )
    for target in targets:
        if isinstance(target, ast.Name) and target.id in declared:
            return "assignment"
        if isinstance(target, (ast.Attribute, ast.Subscript)):
            root = _root(target)
            if root is not None and root not in assigned:
                return "assignment"
    return None


def _creates_variable(n):
    value = getattr(n, "value", None)
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, (ast.Attribute, ast.Name))
        and getattr(value.func, "attr", getattr(value.func, "id", None)) == "Variable"
    )


def _is_module(namespace, name):
    return isinstance(namespace.get(name), types.ModuleType)


def _finding(ctx, entry, kind, line, statement):
    function = entry.python_function
    name = getattr(function, "__name__", "the function")
    code = function.__code__
    location = ctx.recorder.locations.of_key((code.co_filename, line, code.co_name))
    traces = sum(f.experimental_get_tracing_count() for f in entry.functions.values())
    calls = entry.calls
    in_tf = _times(traces)
    ran = f"ran {_times(calls)} here"
    head = statement.splitlines()[0]
    if kind == "print":
        message = (
            f"`{head}` at line {line}, inside the tf.function `{name}`, {ran}: the engine runs "
            f"a tf.function's Python code at every call. TF runs it only while tracing (the "
            f"first call and each call with a new input signature: {traces} here), so in TF "
            f"this prints {in_tf}, then not again. tf.print prints at every call in TF."
        )
        suggestion = f"tf.{head}" if head.startswith("print(") else "tf.print(...)"
    elif kind == "mutation":
        message = (
            f"`{head}` at line {line} changes a Python object outside the tf.function "
            f"`{name}`; it {ran}, but TF runs this Python code only while tracing ({traces} "
            f"trace{'s' if traces != 1 else ''} here), so in TF it happens {in_tf}, with the "
            f"trace's symbolic tensors rather than each call's values."
        )
        suggestion = (
            "return the value and collect it outside the function: "
            f"`result = {_call_text(name)}` then `{head.split('(')[0]}(result)`"
        )
    else:
        message = (
            f"`{head}` at line {line} assigns Python state outside the tf.function "
            f"`{name}`; it {ran}, but TF runs this Python code only while tracing ({traces} "
            f"trace{'s' if traces != 1 else ''} here), so in TF it happens {in_tf}."
        )
        suggestion = (
            "keep the state in a tf.Variable created outside the function and update it "
            "with an op: `counter = tf.Variable(0)` ... `counter.assign_add(1)`"
        )
    return ctx.finding(
        "python_side_effect_in_function",
        message,
        suggestion,
        location,
        seq=0,
    )


def _times(n):
    return {0: "no times", 1: "once", 2: "twice"}.get(n, f"{n} times")


def _call_text(name):
    return "f(...)" if name.startswith(("__", "<")) else f"{name}(...)"
