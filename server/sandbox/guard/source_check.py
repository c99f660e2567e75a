"""Reading a program before it runs: dunder access, frame attributes and format templates."""

import _string
import ast
import string

from .policy import (
    BINDABLE_DUNDERS,
    FORMAT_METHODS,
    READABLE_DUNDER_NAMES,
    attribute_refusal,
    refuse,
)


def check_source(tree: ast.AST) -> None:
    """Raise SandboxError (with `lineno`) at the first construct the sandbox refuses."""
    _Checker().visit(tree)


def _is_string_literal(node) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _check_template(template: str, line: int) -> None:
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
            _check_template(spec, line)


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
        reason = attribute_refusal(node.attr)
        if reason:
            raise refuse(reason, node.lineno)
        if node.attr in FORMAT_METHODS and not _is_string_literal(node.value):
            raise refuse(
                f".{node.attr}() is only available on a string literal in TapeScope's "
                "sandbox (a template can reach attributes); use an f-string",
                node.lineno,
            )
        if node.attr in FORMAT_METHODS:
            template = node.value.value  # type: ignore[attr-defined]  # a str literal, checked above
            _check_template(template, node.lineno)
        self.generic_visit(node)

    def visit_MatchClass(self, node: ast.MatchClass):
        for name in node.kwd_attrs:  # case C(attr=...) reads obj.attr
            reason = attribute_refusal(name)
            if reason:
                raise refuse(reason, node.lineno)
        self.generic_visit(node)

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
