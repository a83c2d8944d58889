"""No import cycle among ``pyapp``'s modules, counting every import.

The graph has an edge from a module to each ``pyapp`` module it imports
anywhere: at the top, inside a function (a lazy import) or under
``TYPE_CHECKING``.  ``from pkg import sub`` points at the submodule ``sub``
when there is one, else at ``pkg``.  A package and its own modules do not form
a cycle (``pyapp.play`` re-exports ``pyapp.play.session``), so an edge from a
module to a package that contains it is left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(name: str, source: str, modules: set[str], package: bool) -> set[str]:
    """The ``pyapp`` modules that ``source`` (module ``name``) imports anywhere.

    >>> sorted(imports_of("pyapp.a", "def f():\\n    from pyapp import b, c", {"pyapp", "pyapp.a", "pyapp.b"}, False))
    ['pyapp', 'pyapp.b']
    >>> sorted(imports_of("pyapp.a", "from . import b\\nimport pyapp.c.d as e", {"pyapp.b", "pyapp.c", "pyapp.c.d"}, False))
    ['pyapp.b', 'pyapp.c.d']
    """
    base = name if package else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                target = f"{anchor}.{node.module}" if node.module else anchor
            else:
                target = node.module or ""
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules else target)
    return {module for module in found if module in modules and module != name}


def graph() -> dict[str, set[str]]:
    paths = sorted((ROOT / "pyapp").rglob("*.py"))
    modules = {module_name(path) for path in paths}
    edges = {}
    for path in paths:
        name = module_name(path)
        found = imports_of(name, path.read_text(encoding="utf-8"), modules, path.name == "__init__.py")
        edges[name] = {m for m in found if not name.startswith(m + ".") and not m.startswith(name + ".")}
    return edges


def cycle(edges: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``edges`` as a path that ends where it starts, or None.

    >>> cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}})
    ['a', 'b', 'c', 'a']
    >>> cycle({"a": {"b"}, "b": set()}) is None
    True
    """
    state: dict[str, int] = {}  # 1: on the path being walked, 2: done
    for start in sorted(edges):
        if start in state:
            continue
        path, stack = [start], [iter(sorted(edges[start]))]
        state[start] = 1
        while stack:
            step = next(stack[-1], None)
            if step is None:
                state[path.pop()] = 2
                stack.pop()
            elif state.get(step) == 1:
                return path[path.index(step):] + [step]
            elif step not in state:
                state[step] = 1
                path.append(step)
                stack.append(iter(sorted(edges.get(step, ()))))
    return None


def test_the_graph_sees_lazy_and_type_checking_imports():
    edges = graph()
    assert len(edges) > 50
    assert "pyapp.ui.saves.review" in edges["pyapp.ui.table.table_head"]  # a lazy import inside a function
    assert "pyapp.ui.table.table_host" in edges["pyapp.ui.table.hint_button"]  # under TYPE_CHECKING


def test_no_module_imports_itself_through_others():
    assert cycle(graph()) is None
