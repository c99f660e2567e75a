"""Which statement a line belongs to, and the names that statement assigns.

A debugger that shows `x`, `y0`, `loss` is far better than one that shows `t17`. The engine
sees ops, not Python names; this index maps each line of the user's file to its statement (so
the ops of one statement, even spread over several lines, are grouped) and to the names the
statement binds (`y = ...`, `a, b = ...`, `with ... as tape:`, `x += 1`). After the statement
has run, those names are looked up in the frame's locals (see naming.py).
"""

import ast
import linecache


class StatementIndex:
    """line -> (first line of its statement, names it assigns)."""

    def __init__(self, source):
        self.by_line = {}
        try:
            tree = ast.parse(source)
        except (SyntaxError, ValueError):
            return
        self._visit_body(tree.body)

    def statement(self, line):
        entry = self.by_line.get(line)
        return entry if entry is not None else (line, ())

    def _visit_body(self, body):
        for node in body:
            self._visit(node)

    def _visit(self, node):
        end = getattr(node, "end_lineno", node.lineno) or node.lineno
        bodies = [
            getattr(node, field)
            for field in ("body", "orelse", "finalbody", "handlers")
            if isinstance(getattr(node, field, None), list)
        ]
        if isinstance(node, ast.Try) or (hasattr(ast, "TryStar") and isinstance(node, ast.TryStar)):
            bodies = [node.body, node.orelse, node.finalbody] + [[h] for h in node.handlers]
        if not bodies or isinstance(node, (ast.Lambda,)):
            self._mark(node.lineno, end, _targets(node))
            return
        # A compound statement: its header is a statement of its own (`with ... as tape:`,
        # `for w in weights:`, `if x > 0:`), its bodies are visited in turn.
        first_body_line = min((b[0].lineno for b in bodies if b), default=end + 1)
        decorators = getattr(node, "decorator_list", [])
        start = min([node.lineno] + [d.lineno for d in decorators])
        self._mark(start, max(start, first_body_line - 1), _targets(node))
        for body in bodies:
            for child in body:
                if isinstance(child, ast.ExceptHandler):
                    self._mark(child.lineno, child.lineno, ())
                    self._visit_body(child.body)
                else:
                    self._visit(child)

    def _mark(self, start, end, names):
        entry = (start, names)
        for line in range(start, end + 1):
            self.by_line[line] = entry


def _names(target):
    if isinstance(target, ast.Name):
        return (target.id,)
    if isinstance(target, (ast.Tuple, ast.List)):
        return tuple(n for element in target.elts for n in _names(element))
    if isinstance(target, ast.Starred):
        return _names(target.value)
    return ()


def _targets(node):
    if isinstance(node, ast.Assign):
        return tuple(n for t in node.targets for n in _names(t))
    if isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        return _names(node.target)
    if isinstance(node, (ast.With, ast.AsyncWith)):
        return tuple(
            n
            for item in node.items
            if item.optional_vars is not None
            for n in _names(item.optional_vars)
        )
    if isinstance(node, (ast.For, ast.AsyncFor)):
        return _names(node.target)
    if isinstance(node, ast.Expr) and isinstance(node.value, ast.NamedExpr):
        return _names(node.value.target)
    return ()


# source text -> StatementIndex, shared by captures (parsing is the slow part)
_PARSED: dict[str, "StatementIndex"] = {}


class StatementIndexes:
    """One StatementIndex per file, built on first use from the source we were given or from
    linecache (which also knows programs registered by capture_program)."""

    def __init__(self):
        self._by_file = {}

    def of(self, filename):
        index = self._by_file.get(filename)
        if index is None:
            source = "".join(linecache.getlines(filename))
            index = _PARSED.get(source)
            if index is None:
                if len(_PARSED) > 256:
                    _PARSED.clear()
                index = _PARSED[source] = StatementIndex(source)
            self._by_file[filename] = index
        return index
