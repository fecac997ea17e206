"""No import cycles inside ``ddz``: the module graph, read with ``ast``, is acyclic.

Every import counts, at module level or inside a function (a function-level import that closes a
cycle only hides it); imports under ``if TYPE_CHECKING:`` do not run and are left out. Importing a
package's own ``__init__`` importing its submodules is no cycle: packages above a module are
initialised before it, so only the modules named are edges."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "ddz"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    out: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and _is_type_checking(node):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        todo.extend(ast.iter_child_nodes(node))
    return out


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module name → the ``ddz`` modules it imports (directly)."""
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                bases = [alias.name for alias in node.names]
                names: list[str] = []
            else:
                if node.level:
                    up = package.split(".")
                    up = up[: len(up) - node.level + 1]
                    base = ".".join(up + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                bases = [base]
                names = [alias.name for alias in node.names]
            for base in bases:
                # `from base import x`: the submodule base.x if there is one, else base itself
                # (the packages above base are already initialised before base: no edge to them)
                subs = {f"{base}.{n}" for n in names} & modules.keys()
                if len(subs) < len(names) or not names:
                    subs.add(base)
                targets |= {c for c in subs if c in modules and c != name}
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def _ddz_modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py")) if "data" not in p.parts}


def test_ddz_has_no_import_cycle() -> None:
    graph = import_graph(_ddz_modules())
    assert graph["ddz.game"] >= {"ddz.cards", "ddz.moves"}, "the graph is read at all"
    assert cycles(graph) == []


def test_the_cycle_check_finds_a_cycle(tmp_path: Path) -> None:
    pkg = tmp_path / "ddz"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from .b import x\n")
    (pkg / "b.py").write_text("def f():\n    from . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import y\n")
    modules = {_module_name_in(tmp_path, p): p for p in pkg.glob("*.py")}
    graph = import_graph(modules)
    assert cycles(graph) == [["ddz.a", "ddz.b"]]
    assert graph["ddz.c"] == set()


def _module_name_in(root: Path, path: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


FIRST_PARTY = ("ddz", "benchmarks", "tutorial", "truthcheck", "tools", "tests")


def test_no_import_cycle_in_any_first_party_package() -> None:
    """The benchmarks, the app, the truth check, the tools and the tests too (the arena and its records
    once imported each other: their statistics now live in ``benchmarks.stats``)."""
    modules = {
        _module_name(p): p
        for package in FIRST_PARTY
        for p in sorted((ROOT / package).rglob("*.py"))
        if "data" not in p.parts and "fakes" not in p.parts
    }
    graph = import_graph(modules)
    assert "benchmarks.stats" in graph["benchmarks.records"], "the graph is read at all"
    assert cycles(graph) == []
