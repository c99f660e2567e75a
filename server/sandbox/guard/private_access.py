"""Private attributes (`obj._name`) and `obj.__dict__`: the program's own objects only.

A program may use the private attributes and the `__dict__` of what it defined itself (its
classes, their instances, its functions): `self._built = True`, `self.__dict__.update(kwargs)`.
Those of library objects (NumPy, the engine, the standard library) lead to their internals, e.g.
`np.zeros(1).ctypes._ctypes._os` is the real `os` module. The check cannot be made on the source
alone (it depends on the object), so `check_program`'s compiled code routes each such access
through the functions below, installed in the program's builtins under names that no program
can write (they begin with two underscores, which the source check refuses).
"""

import ast
import builtins
import types

from .policy import refuse

PRIVATE_GET = "__tapescope_private_get__"
PRIVATE_OWNER = "__tapescope_private_owner__"
DICT_GET = "__tapescope_dict__"
MATCH_CLASSES = "__tapescope_match_classes__"
FORMAT_GET = "__tapescope_format__"
PROGRAM_MODULE = "__main__"  # the program's module name: its classes' and functions' __module__


def _class_module(cls) -> object:
    # type's own lookup: a metaclass cannot answer for the class
    try:
        return type.__getattribute__(cls, "__module__")
    except AttributeError:
        return None


def is_program_object(obj) -> bool:
    """Did the program define `obj` (a class, an instance of one, or a function)?"""
    if isinstance(obj, (types.FunctionType, types.MethodType)):
        function = obj.__func__ if isinstance(obj, types.MethodType) else obj
        return function.__module__ == PROGRAM_MODULE
    owner = obj if isinstance(obj, type) else type(obj)
    mro = type.__getattribute__(owner, "__mro__")
    return any(_class_module(cls) == PROGRAM_MODULE for cls in mro)


def _describe(obj) -> str:
    kind = type(obj)
    module = _class_module(kind) or "builtins"
    return f"a {str(module).split('.')[0]} object" if module != "builtins" else "a built-in object"


# namedtuple's public API is spelled with an underscore
NAMEDTUPLE_API = frozenset({"_fields", "_field_defaults", "_asdict", "_replace", "_make"})


def _is_engine_object(obj) -> bool:
    """The engine's own objects (TF's API): programs written for TF read some of Keras's
    private attributes (`optimizer._iterations`), so they are the program's to read."""
    owner = obj if isinstance(obj, (type, types.ModuleType)) else type(obj)
    module = getattr(obj, "__module__", None) if isinstance(obj, types.FunctionType) else None
    module = module or _class_module(owner)
    return isinstance(module, str) and (module == "engine" or module.startswith("engine."))


def check_private(obj, name: str) -> None:
    if name in NAMEDTUPLE_API and (
        isinstance(obj, tuple) or (isinstance(obj, type) and issubclass(obj, tuple))
    ):
        return
    if isinstance(obj, types.ModuleType):
        raise refuse(
            f"attribute {name} of a module is not available in TapeScope's sandbox "
            "(private attributes of library objects reach their internals)"
        )
    if not is_program_object(obj) and not _is_engine_object(obj):
        raise refuse(
            f"attribute {name} of {_describe(obj)} is not available in TapeScope's sandbox "
            "(private attributes of library objects reach their internals); a program may use "
            "the private attributes of its own classes"
        )


# the interpreter's own functions the program's builtins replace or leave out
_REAL_BUILTINS = frozenset(
    id(getattr(builtins, name))
    for name in (
        "open",
        "exec",
        "eval",
        "compile",
        "globals",
        "locals",
        "vars",
        "breakpoint",
        "input",
        "getattr",
        "setattr",
        "delattr",
        "hasattr",
        "__import__",
        "__build_class__",
    )
)


def private_get(obj, name: str):
    check_private(obj, name)
    value = getattr(obj, name)
    if isinstance(value, types.ModuleType) and not getattr(value, "__tapescope_view__", False):
        raise refuse(f"attribute {name} is a module, which is not available this way")
    if id(value) in _REAL_BUILTINS:
        raise refuse(f"attribute {name} is the interpreter's {value.__name__}, not the program's")
    return value


def private_owner(obj, name: str):
    check_private(obj, name)
    return obj


def instance_dict(obj):
    """`obj.__dict__` of an instance of the program's own classes."""
    if isinstance(obj, type) or not is_program_object(obj) or isinstance(obj, types.FunctionType):
        raise refuse(
            f"the __dict__ of {_describe(obj)} is not available in TapeScope's sandbox; a "
            "program may use the __dict__ of instances of its own classes"
        )
    return obj.__dict__


def match_classes(*classes) -> None:
    """Before a `match`: its class patterns read the attributes their class's __match_args__
    names, and accept what its isinstance accepts; neither may reach a library object's
    private attributes."""
    for cls in classes:
        if not isinstance(cls, type):
            continue  # match raises its own TypeError
        names = getattr(cls, "__match_args__", ())
        if type(names) is not tuple or any(
            type(name) is not str or name.startswith("_") for name in names
        ):
            raise refuse(
                f"a class pattern with {cls.__name__}, whose __match_args__ names private "
                "attributes, is not available in TapeScope's sandbox"
            )
        meta = type(cls)
        if _class_module(meta) == PROGRAM_MODULE:
            raise refuse(
                f"a class pattern with {cls.__name__}, whose metaclass the program defined, is "
                "not available in TapeScope's sandbox"
            )


def checked_format(obj, method: str):
    """`obj.format` / `obj.format_map` of a string that is not a literal: its template is
    checked when it is called (a template can follow attribute paths: "{0.__class__}")."""
    from .source_check import check_template  # the template rules are the source check's

    if isinstance(obj, str):
        template = str.__str__(obj)
        real = getattr(str, method)

        def format_checked(*args, **kwargs):
            check_template(template, None)
            return real(template, *args, **kwargs)

        return format_checked
    if isinstance(obj, type) and issubclass(obj, str):  # str.format(template, ...)

        def unbound_checked(template, *args, **kwargs):
            if not isinstance(template, str):
                raise TypeError("format() needs a str template")
            template = str.__str__(template)
            check_template(template, None)
            return getattr(str, method)(template, *args, **kwargs)

        return unbound_checked
    return getattr(obj, method)  # e.g. tf.strings.format


def is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


class PrivateAccess(ast.NodeTransformer):
    """Rewrites `x._name` and `x.__dict__` so that they are checked when they run (line and
    column numbers are kept: errors and the debugger point at the program's own text)."""

    def visit_Attribute(self, node: ast.Attribute):
        self.generic_visit(node)
        if node.attr == "__dict__" and isinstance(node.ctx, ast.Load):
            return self._call(DICT_GET, node, [node.value])
        literal = isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)
        if node.attr in ("format", "format_map") and isinstance(node.ctx, ast.Load) and not literal:
            name = ast.copy_location(ast.Constant(node.attr), node)
            return self._call(FORMAT_GET, node, [node.value, name])
        if not is_private(node.attr):
            return node
        name = ast.copy_location(ast.Constant(node.attr), node)
        if isinstance(node.ctx, ast.Load):
            return self._call(PRIVATE_GET, node, [node.value, name])
        node.value = self._call(PRIVATE_OWNER, node.value, [node.value, name])
        return node

    def visit_match_case(self, node: ast.match_case):
        # patterns hold dotted names only (no calls): the source check refuses private ones
        if node.guard is not None:
            node.guard = self.visit(node.guard)
        node.body = [self.visit(statement) for statement in node.body]
        return node

    def visit_Match(self, node: ast.Match):
        self.generic_visit(node)
        classes = [
            pattern.cls
            for case in node.cases
            for pattern in ast.walk(case.pattern)
            if isinstance(pattern, ast.MatchClass)
        ]
        if not classes:
            return node
        check = ast.Expr(self._call(MATCH_CLASSES, node, [_load(cls) for cls in classes]))
        return [ast.fix_missing_locations(ast.copy_location(check, node)), node]

    @staticmethod
    def _call(function: str, where: ast.AST, arguments: list) -> ast.Call:
        call = ast.Call(ast.Name(function, ast.Load()), arguments, [])
        return ast.fix_missing_locations(ast.copy_location(call, where))


def _load(dotted: ast.expr) -> ast.expr:
    """A copy of a pattern's class name (Name or Attribute chain) as an expression."""
    copy = ast.parse(ast.unparse(dotted), mode="eval").body
    for node in ast.walk(copy):
        ast.copy_location(node, dotted)
    return copy


RUNTIME_CHECKS = {
    PRIVATE_GET: private_get,
    PRIVATE_OWNER: private_owner,
    DICT_GET: instance_dict,
    MATCH_CLASSES: match_classes,
    FORMAT_GET: checked_format,
}
