"""The engine's module import graph, read from the source with ast, and its import cycles.

An edge a -> b means module a imports b, at module level or inside a function (a deferred
import still ties the two modules together: it only hides the cycle from the interpreter).
A cycle is a strongly connected component of more than one module.

Run as a script for a report: `python -m tests.engine.import_graph [root] [package]`.
"""

import ast
import sys
from pathlib import Path


def module_files(root, package):
    """{module name: path} for every .py file of `package` under `root`."""
    base = Path(root)
    files = {}
    for path in sorted((base / package.replace(".", "/")).rglob("*.py")):
        parts = path.relative_to(base).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        files[".".join(parts)] = path
    return files


def _is_package(name, files):
    path = files.get(name)
    return path is not None and path.name == "__init__.py"


def _resolve(importer, level, module, files):
    """The absolute name an import in `importer` refers to (its `from` part)."""
    if not level:
        return module or ""
    parts = importer.split(".")
    if not _is_package(importer, files):
        parts = parts[:-1]  # a module's relative imports start from its package
    parts = parts[: len(parts) - (level - 1)]
    return ".".join(parts + ([module] if module else []))


def _known(name, files):
    """`name`, or its nearest enclosing module that is a file of the graph, or None."""
    while name and name not in files:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    if name in files:
        return name
    # a namespace package (a directory without __init__.py): stands for nothing itself
    return None


def imports(files):
    """[(importer, imported, is_deferred, line)] for every import between modules of `files`.

    `is_deferred`: the import sits inside a function (runs on first call, not on import)."""
    found = []
    for name, path in files.items():
        tree = ast.parse(path.read_text(), str(path))
        deferred_nodes = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        deferred_nodes.add(id(inner))
        for node in ast.walk(tree):
            targets = []
            if isinstance(node, ast.Import):
                targets = [_known(alias.name, files) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                source = _resolve(name, node.level, node.module, files)
                for alias in node.names:
                    submodule = f"{source}.{alias.name}" if source else alias.name
                    targets.append(submodule if submodule in files else _known(source, files))
            else:
                continue
            for target in targets:
                if target is not None and target != name:
                    found.append((name, target, id(node) in deferred_nodes, node.lineno))
    return found


def strongly_connected(graph):
    """The strongly connected components of {node: set of successors} (Tarjan, iterative)."""
    index, low, on_stack, stack, components = {}, {}, set(), [], []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in graph:
                    continue
                if succ not in index:
                    index[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(graph[succ]))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index[succ])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                components.append(component)
    return components


def cycles(files, edges=None):
    """The import cycles among `files`: components of more than one module, largest first."""
    edges = imports(files) if edges is None else edges
    graph = {name: set() for name in files}
    for importer, imported, _deferred, _line in edges:
        graph[importer].add(imported)
    found = [c for c in strongly_connected(graph) if len(c) > 1]
    return sorted(found, key=lambda c: (-len(c), sorted(c)))


def report(root=".", package="engine", exclude=()):
    files = {
        name: path
        for name, path in module_files(root, package).items()
        if not any(name == e or name.startswith(e + ".") for e in exclude)
    }
    edges = imports(files)
    found = cycles(files, edges)
    lines = [f"{len(files)} modules, {len(edges)} imports, {len(found)} cycles"]
    for component in found:
        inner = [e for e in edges if e[0] in component and e[1] in component]
        deferred = [e for e in inner if e[2]]
        lines.append(
            f"- {len(component)} modules, {len(inner)} imports among them "
            f"({len(deferred)} in functions): {', '.join(sorted(component))}"
        )
    return "\n".join(lines)


if __name__ == "__main__":
    args = sys.argv[1:]
    print(report(*args[:2]))
