"""The shape of the code, checked from the source.

* No module under pyapp/ reaches another module's private names: a name with a
  leading underscore is its module's own business and may change without notice;
  what another module needs is public (named without the underscore, documented).
  Checked: ``from m import _name`` and ``m._name`` where ``m`` is a name the file imports.
* No function in ``pyapp/ai`` is longer than ``LONGEST`` lines: the search is read
  by people who did not write it.
* No function in ``pyapp/ui`` or ``pyapp/demos`` is longer than ``LONGEST`` lines, and no
  class in ``pyapp/ui`` longer than ``LONGEST_CLASS``: a screen is read one part at a time.
* No UI code tests a DOM lookup with ``is None``: Pyodide gives JavaScript's
  ``null`` as ``jsnull``, which is not ``None``, so ``dom.found`` is the test.
* Only ``pyapp/ui/browser/dom.py`` (elements), ``page.py`` (the page's services),
  ``local_storage.py`` (the save store's backend) and ``worker_page.py`` (Python in a
  worker, talking to its page) import the browser (``pyscript``, ``js``, ``pyodide``,
  ``polyscript``): Python is leaving the main thread (issue 34), and what a worker
  must ask the page for is then those modules' functions, not every screen's code.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = sorted((ROOT / "pyapp").rglob("*.py"))
LONGEST = 60
LONGEST_CLASS = 300
LOOKUPS = {"querySelector", "closest", "getElementById", "elementFromPoint", "find", "by_id", "focused"}
"""DOM methods (and ``pyapp.ui.browser.page``'s) that answer JavaScript's ``null`` when they find nothing."""
BROWSER = {"pyscript", "js", "pyodide", "polyscript"}
"""The modules that are the browser: in a worker they are not the page's."""
BROWSER_DOORS = {"pyapp/ui/browser/dom.py", "pyapp/ui/browser/page.py", "pyapp/ui/browser/local_storage.py", "pyapp/ui/worker/worker_page.py"}
"""The modules that may import :data:`BROWSER`."""
LEFT_UI = ("friends/join_link.py", "friends/invite_room.py")
"""Modules that left ``pyapp/ui`` for the package they belong to (they touch no browser): still held to ui's sizes."""
ROOMS = {
    "browser": (),
    "worker": ("browser",),
    "table": ("browser",),
    "games": ("table", "browser"),
    "friends": ("table", "browser"),
    "saves": ("table", "browser"),
    "shell": ("games", "friends", "saves", "table", "browser"),
}
"""The rooms of ``pyapp/ui`` and the rooms each may import when its modules load (its own always)."""
LATE_ROOMS = {"table": ("friends", "saves", "shell"), "games": ("shell",)}
"""The rooms a room may also import inside a function: loaded only when that call needs them (a friends' game,
a review, the rules dialog, the router a game screen registers with)."""


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def private_reaches(source: str) -> list[str]:
    """Each reach into another module's private names in ``source``, as ``line: text``.

    >>> private_reaches("from pyapp.games.dyad.rules import _TEXT")
    ['1: from pyapp.games.dyad.rules import _TEXT']
    >>> private_reaches("from pyapp.games.dyad import rules\\nx = rules._TEXT")
    ['2: rules._TEXT']
    >>> private_reaches("from pyapp.ui.browser.dom import local_date as _date\\nclass A:\\n    _x = 1\\ny = A._x")
    []
    """
    tree = ast.parse(source)
    modules: set[str] = set()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module != "__future__":
            for alias in node.names:
                if _private(alias.name):
                    found.append(f"{node.lineno}: from {node.module} import {alias.name}")
                else:
                    modules.add(alias.asname or alias.name)  # a module or a value: either may not be reached into
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _private(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in modules):
            found.append(f"{node.lineno}: {node.value.id}.{node.attr}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def test_no_module_reaches_another_s_private_names():
    assert len(SOURCES) > 50
    reaches = {str(path.relative_to(ROOT)): private_reaches(path.read_text(encoding="utf-8")) for path in SOURCES}
    assert {path: found for path, found in reaches.items() if found} == {}


def test_no_function_in_the_ai_package_is_longer_than_a_screen():
    long = []
    for path in sorted((ROOT / "pyapp" / "ai").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > LONGEST:
                    long.append(f"{path.relative_to(ROOT)}: {node.name} ({lines} lines)")
    assert long == []


def too_long(source: str, *, function_limit: int, class_limit: int | None) -> list[tuple[str, int]]:
    """Each function (and, with ``class_limit``, each class) in ``source`` longer than its limit, with its length.

    >>> too_long("def f():\\n    a = 1\\n    return a\\n", function_limit=2, class_limit=None)
    [('f', 3)]
    >>> too_long("class A:\\n    x = 1\\n    y = 2\\n", function_limit=2, class_limit=2)
    [('A', 3)]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            limit = class_limit if isinstance(node, ast.ClassDef) else function_limit
            lines = node.end_lineno - node.lineno + 1
            if limit is not None and lines > limit:
                found.append((node.name, lines))
    return found


def test_no_screen_function_or_class_is_longer_than_its_limit():
    long = []
    screens = [(path, LONGEST_CLASS) for path in (*(ROOT / "pyapp" / "ui").rglob("*.py"), *(ROOT / "pyapp" / name
                                                                                         for name in LEFT_UI))]
    for path, class_limit in (*screens, *((path, None) for package in ("demos", "drawing")
                                          for path in (ROOT / "pyapp" / package).rglob("*.py"))):
        name = path.relative_to(ROOT).as_posix()
        for what, lines in too_long(path.read_text(encoding="utf-8"), function_limit=LONGEST, class_limit=class_limit):
            long.append(f"{name}: {what} ({lines} lines)")
    assert len(screens) > 50 and long == []


def none_tested_lookups(source: str) -> list[str]:
    """Each ``x is None`` or ``x is not None`` where ``x`` was assigned a DOM lookup in the same function.

    >>> none_tested_lookups("def f(root):\\n    a = root.querySelector('p')\\n    if a is not None:\\n        a.focus()")
    ['3: a']
    >>> none_tested_lookups("def f(root):\\n    a = root.querySelector('p')\\n    if found(a):\\n        a.focus()")
    []
    """
    flagged = []
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        looked_up = {target.id for node in ast.walk(function) if isinstance(node, ast.Assign)
                     and isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute)
                     and node.value.func.attr in LOOKUPS
                     for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(function):
            if (isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id in looked_up
                    and isinstance(node.ops[0], (ast.Is, ast.IsNot))
                    and isinstance(node.comparators[0], ast.Constant) and node.comparators[0].value is None):
                flagged.append(f"{node.lineno}: {node.left.id}")
    return sorted(set(flagged), key=lambda line: int(line.split(":")[0]))


def test_no_ui_code_tests_a_dom_lookup_with_is_none():
    ui = sorted((ROOT / "pyapp" / "ui").rglob("*.py"))
    flagged = {str(path.relative_to(ROOT)): none_tested_lookups(path.read_text(encoding="utf-8")) for path in ui}
    assert {path: lines for path, lines in flagged.items() if lines} == {}


def browser_imports(source: str) -> list[str]:
    """Each import of a browser module in ``source``, at any depth (a function's own import too), as ``line: name``.

    >>> browser_imports("import js\\ndef f():\\n    from pyscript import window\\nimport json")
    ['1: js', '3: pyscript']
    >>> browser_imports("from pyapp.ui import page\\nfrom pyscript_like import x")
    []
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        found += [f"{node.lineno}: {name}" for name in names if name.split(".")[0] in BROWSER]
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def test_only_the_browser_doors_import_the_browser():
    reaches = {path.relative_to(ROOT).as_posix(): browser_imports(path.read_text(encoding="utf-8")) for path in SOURCES}
    assert {path: lines for path, lines in reaches.items() if lines and path not in BROWSER_DOORS} == {}
    assert all(reaches[door] for door in BROWSER_DOORS)  # each door is one still


def room_imports(source: str, room: str) -> list[str]:
    """Each import in ``source`` (a module of ``room``) of a room that :data:`ROOMS` (or, inside a function,
    :data:`LATE_ROOMS`) does not let ``room`` import, as ``line: name``.

    >>> room_imports("from pyapp.ui.table.table import Table\\nfrom pyapp.ui.browser import dom, page", "games")
    []
    >>> room_imports("from pyapp.ui.shell import router\\ndef f():\\n    from pyapp.ui.shell import router", "games")
    ['1: pyapp.ui.shell']
    >>> room_imports("import pyapp.ui.saves.review\\nfrom pyapp.ui import games", "table")
    ['1: pyapp.ui.saves.review', '2: pyapp.ui.games']
    """
    tree = ast.parse(source)
    late = {id(node) for function in ast.walk(tree) if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function)}
    found = []
    for node in ast.walk(tree):
        names = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                 else [f"{node.module}.{alias.name}" for alias in node.names] if isinstance(node, ast.ImportFrom)
                 and node.module == "pyapp.ui" else [node.module] if isinstance(node, ast.ImportFrom) else [])
        for name in names:
            parts = (name or "").split(".")
            allowed = (room, *ROOMS[room], *(LATE_ROOMS.get(room, ()) if id(node) in late else ()))
            if parts[:2] == ["pyapp", "ui"] and len(parts) > 2 and parts[2] not in allowed:
                found.append(f"{node.lineno}: {name}")
    return sorted(found, key=lambda line: int(line.split(":")[0]))


def test_ui_is_rooms_and_each_room_imports_only_the_rooms_below_it():
    ui = ROOT / "pyapp" / "ui"
    assert sorted(path.name for path in ui.glob("*.py")) == ["__init__.py"]  # no flat module: each lives in a room
    assert sorted(path.name for path in ui.iterdir() if path.is_dir() and path.name != "__pycache__") == sorted(ROOMS)
    for room in ROOMS:
        doc = ast.get_docstring(ast.parse((ui / room / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert doc and "\n" not in doc, f"{room}/__init__.py says in one line what lives there"
    below, left = {}, dict(ROOMS)  # the declared arrows have no cycle: the rooms can be put in an order
    while left:
        ready = [room for room, imports in left.items() if set(imports) <= set(below)]
        assert ready, f"the rooms {sorted(left)} import each other"
        below.update({room: left.pop(room) for room in ready})
    wrong = {path.relative_to(ROOT).as_posix(): room_imports(path.read_text(encoding="utf-8"), path.parent.name)
             for path in sorted(ui.glob("*/*.py"))}
    assert {path: lines for path, lines in wrong.items() if lines} == {}
