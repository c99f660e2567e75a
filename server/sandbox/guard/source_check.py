"""Reading a program before it runs: dunder access, frame attributes and format templates."""

import _string
import ast
import string

from .policy import (
    BINDABLE_DUNDERS,
    FORMAT_METHODS,
    META_HOOKS,
    READABLE_DUNDER_NAMES,
    attribute_refusal,
    refuse,
)


def check_source(tree: ast.AST) -> None:
    """Raise SandboxError (with `lineno`) at the first construct the sandbox refuses."""
    _Checker().visit(tree)


def _is_string_literal(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def check_template(template: str, line: int | None) -> None:
    """A literal str.format template may index and convert, but not follow private attributes."""
    try:
        fields = list(string.Formatter().parse(template))
    except ValueError:
        return  # malformed: str.format raises its own error when it runs
    for _literal, field, spec, _conversion in fields:
        if field:
            _first, rest = _string.formatter_field_name_split(field)
            for is_attribute, key in rest:
                if is_attribute and (key.startswith("_") or attribute_refusal(key)):
                    raise refuse(
                        f"format template field {{{field}}} reaches attribute {key}, "
                        "which is not available in TapeScope's sandbox",
                        line,
                    )
        if spec:
            check_template(spec, line)


class _Checker(ast.NodeVisitor):
    def visit_Name(self, node: ast.Name):
        name = node.id
        if name.startswith("__"):
            loading = isinstance(node.ctx, ast.Load)
            if not (
                (loading and name in READABLE_DUNDER_NAMES)
                or (not loading and name in BINDABLE_DUNDERS)
            ):
                raise refuse(
                    f"name {name} is not available in TapeScope's sandbox "
                    "(dunder names reach the interpreter's internals)",
                    node.lineno,
                )

    def visit_Attribute(self, node: ast.Attribute):
        # obj.__dict__ is read through a check of obj when it runs (private_access.py)
        dict_read = node.attr == "__dict__" and isinstance(node.ctx, ast.Load)
        reason = None if dict_read else attribute_refusal(node.attr)
        if reason:
            raise refuse(reason, node.lineno)
        if node.attr.startswith("__") and not isinstance(node.ctx, ast.Load):
            raise refuse(
                f"setting or deleting attribute {node.attr} is not available in TapeScope's "
                "sandbox (dunder attributes reach the interpreter's internals)",
                node.lineno,
            )
        # .format on anything but a literal is checked when it runs (private_access.py)
        if node.attr in FORMAT_METHODS and _is_string_literal(node.value):
            check_template(node.value.value, node.lineno)  # type: ignore[attr-defined]
        self.generic_visit(node)

    def visit_MatchClass(self, node: ast.MatchClass):
        for name in node.kwd_attrs:  # case C(attr=...) reads obj.attr, unchecked when it runs
            reason = attribute_refusal(name)
            if reason is None and name.startswith("_"):
                reason = (
                    f"a class pattern reading attribute {name} is not available in TapeScope's "
                    "sandbox (private attributes are read with obj.{name})"
                )
            if reason:
                raise refuse(reason, node.lineno)
        self.generic_visit(node)

    def visit_match_case(self, node: ast.match_case):
        for part in ast.walk(node.pattern):
            if isinstance(part, ast.Attribute) and part.attr.startswith("_"):
                raise refuse(
                    f"attribute {part.attr} in a pattern is not available in TapeScope's "
                    "sandbox (private attributes are checked when read with obj.{name})",
                    part.lineno,
                )
        self.generic_visit(node)

    def visit_FunctionDef(self, node):
        if node.name in META_HOOKS:
            raise refuse(
                f"defining {node.name} is not available in TapeScope's sandbox (it changes "
                "how classes are made or checked)",
                node.lineno,
            )
        self.generic_visit(node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ImportFrom(self, node: ast.ImportFrom):
        if node.level:
            raise refuse(
                "relative imports are not available in TapeScope's sandbox "
                "(the program is a single file)",
                node.lineno,
            )
        for alias in node.names:
            if alias.name.startswith("__"):
                raise refuse(
                    f"importing {alias.name} is not available in TapeScope's sandbox "
                    "(dunder names reach the interpreter's internals)",
                    node.lineno,
                )
        self.generic_visit(node)
