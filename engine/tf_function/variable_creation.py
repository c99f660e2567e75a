"""TF's rule for tf.Variables created inside a tf.function: only on the first call, once.
TF traces a function that created variables a second time and raises ValueError when that
trace creates variables again, which an unconditional `tf.Variable(...)` in the function's
body always does. The engine cannot trace twice without running the ops twice, so it finds
that statement in the source: a `tf.Variable(...)` call outside any `if` (the guarded
`if self.v is None: self.v = tf.Variable(...)` is TF's supported pattern)."""

import ast
import inspect
import textwrap

from ..variables import Variable

_MESSAGE = (
    "tf.function only supports singleton tf.Variables created on the first call. Make sure "
    "the tf.Variable is only created once or created outside tf.function. See "
    "https://www.tensorflow.org/guide/function#creating_tfvariables for more information."
)


def check(python_function):
    """Raises TF's ValueError if the function creates a tf.Variable unconditionally."""
    found = _unconditional_creation(python_function)
    if found is None:
        return
    line, text = found
    code = python_function.__code__
    raise ValueError(
        f'in user code:\n\n    File "{code.co_filename}", line {line}, in {code.co_name}  *\n'
        f"        {text}\n\n    ValueError: {_MESSAGE}\n"
    )


def _unconditional_creation(python_function):
    code = getattr(python_function, "__code__", None)
    if code is None:
        return None
    try:
        lines, first = inspect.getsourcelines(python_function)
        tree = ast.parse(textwrap.dedent("".join(lines)))
    except (OSError, TypeError, SyntaxError):
        return None
    function = next(
        (
            n
            for n in ast.walk(tree)
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)) and n.name == code.co_name
        ),
        None,
    )
    if function is None:
        return None
    namespace = getattr(python_function, "__globals__", {})
    for statement in _unguarded(function.body):
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and _is_variable(node.func, namespace):
                line = first + statement.lineno - 1
                return line, lines[statement.lineno - 1].strip()
    return None


def _unguarded(body):
    """The statements not inside an `if` (nor a nested function or class)."""
    for statement in body:
        if isinstance(
            statement, (ast.If, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Try)
        ):
            continue
        if isinstance(statement, (ast.For, ast.While, ast.With)):
            yield from _unguarded(statement.body)
            continue
        yield statement


def _is_variable(func, namespace):
    if isinstance(func, ast.Attribute) and func.attr == "Variable":
        module = namespace.get(func.value.id) if isinstance(func.value, ast.Name) else None
        return getattr(module, "Variable", None) is Variable
    return isinstance(func, ast.Name) and namespace.get(func.id) is Variable
