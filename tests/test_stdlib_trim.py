"""tools/stdlib.py: the import finder, which decides what the trimmed standard library keeps, and its line tables."""

from __future__ import annotations

import io
import sys
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

import stdlib  # noqa: E402  (tools/ is put on the path just above)

SOURCE = b'''
import a.b
from . import sibling
from ..up import thing
import importlib
if TYPE_CHECKING:
    import typing_only
if sys.platform == "win32":
    import windows_only
try:
    import optional
except ImportError:
    pass
def later():
    import lazy
    importlib.import_module("by_name")
if __name__ == "__main__":
    import main_only
'''


def test_imports_everywhere_include_functions_and_literal_names() -> None:
    found = stdlib.imports(SOURCE, "pkg.sub.mod", False)
    assert {"a", "a.b", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing", "optional", "lazy", "by_name"} <= found
    assert {"main_only", "typing_only", "windows_only"} <= found  # everywhere means everywhere


def test_imports_an_import_runs_skip_functions_and_dead_branches() -> None:
    found = stdlib.imports(SOURCE, "pkg.sub", True, in_functions=False)
    assert {"a.b", "pkg.sub.sibling", "pkg.up.thing", "optional"} <= found
    assert not found & {"lazy", "by_name", "main_only", "typing_only", "windows_only"}


def test_imports_an_import_runs_skip_the_fallback_of_a_built_in_accelerator() -> None:
    source = b'''
try:
    from sys import *
    from sys import path
except ImportError:
    import _pure_fallback
try:
    from sys import no_such_name
except ImportError:
    import _needed_fallback
try:
    import not_built_in
except ImportError:
    import _other_fallback
'''
    found = stdlib.imports(source, "m", False, in_functions=False)
    assert {"sys", "_needed_fallback", "not_built_in", "_other_fallback"} <= found
    assert "_pure_fallback" not in found
    assert "_pure_fallback" in stdlib.imports(source, "m", False)  # everywhere means everywhere


def test_kept_modules_follow_imports_through_the_zip() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("root.py", "import pkg.leaf\n")
        archive.writestr("pkg/__init__.py", "from . import helper\n")
        archive.writestr("pkg/helper.py", "def f():\n    import unused\n")
        archive.writestr("pkg/leaf.py", "")
        archive.writestr("unused.py", "")
        archive.writestr("encodings/__init__.py", "")
        archive.writestr("encodings/utf_8.py", "")
        archive.writestr("encodings/koi8_r.py", "")
    with zipfile.ZipFile(buffer) as archive:
        kept = stdlib.kept_modules(archive, {"root", "builtin_module"})
    assert kept == {"root", "pkg", "pkg.helper", "pkg.leaf", "encodings", "encodings.utf_8"}


def test_frozen_modules_are_the_ones_the_import_system_finds_frozen() -> None:
    frozen = stdlib.frozen_modules()
    assert {"os", "site", "zipimport", "importlib._bootstrap"} <= frozen  # collections.abc too, from 3.13
    assert not frozen & {"json", "encodings", "collections", "importlib", "importlib._abc"}
    for name in frozen - {"__main__"}:
        module = sys.modules.get(name)
        if module is not None:
            assert module.__spec__.origin == "frozen", name


FUNCTIONS = b'''
def risky(x):
    y = x + 1
    if y > 2:
        raise ValueError(y)
    return [i * y for i in range(3)]


class Holder:
    def call(self):
        return risky(0)
'''


def test_library_bytecode_keeps_only_first_lines_and_runs_the_same() -> None:
    exact = compile(FUNCTIONS, "m.py", "exec")
    flat = stdlib.at_first_lines(exact)
    namespace: dict[str, object] = {}
    exec(flat, namespace)
    assert namespace["Holder"]().call() == [0, 1, 2]
    with pytest.raises(ValueError) as raised:
        namespace["risky"](5)
    frame = raised.tb.tb_next
    assert frame.tb_lineno == frame.tb_frame.f_code.co_firstlineno == 2, "a traceback names the def's line"
    risky = namespace["risky"].__code__
    assert {line for *_, line in risky.co_lines()} == {2} and list(risky.co_lines())[-1][1] == len(risky.co_code)
    assert len(flat.co_linetable) < len(exact.co_linetable)
    assert len(stdlib.bytecode(FUNCTIONS, "m.py", exact_lines=False)) < len(stdlib.bytecode(FUNCTIONS, "m.py"))


ANNOTATED = b'''from __future__ import annotations
from dataclasses import dataclass
LIMIT: int = 3
PENDING: list[str]
@dataclass
class Point:
    x: int
    y: int = 0
    def moved(self, by: int, *rest: int, scale: float = 1.0, **extra: str) -> Point:
        total: int = self.x + by
        return Point(total, self.y)
async def later(n: int) -> None:
    raise ValueError(n)
'''


def test_package_bytecode_drops_function_and_module_annotations_keeps_class_fields_and_lines() -> None:
    import asyncio
    import dataclasses
    import importlib.util
    import marshal

    stripped = marshal.loads(stdlib.bytecode(ANNOTATED, "m.py", annotations=False)[16:])
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader("m", loader=None))
    sys.modules["m"] = module  # dataclasses looks the module up
    try:
        exec(stripped, module.__dict__)
    finally:
        del sys.modules["m"]
    namespace = module.__dict__
    point = namespace["Point"]
    assert [field.name for field in dataclasses.fields(point)] == ["x", "y"]
    assert point.__annotations__ == {"x": "int", "y": "int"}
    assert point(2).moved(3) == point(5, 0)
    assert point.moved.__annotations__ == {} and namespace["later"].__annotations__ == {}
    assert namespace["LIMIT"] == 3 and "PENDING" not in namespace and not namespace.get("__annotations__")
    with pytest.raises(ValueError) as raised:
        asyncio.run(namespace["later"](1))
    assert raised.traceback[-1].lineno + 1 == 13, "lines are the source's"
    assert len(stdlib.bytecode(ANNOTATED, "m.py", annotations=False)) < len(stdlib.bytecode(ANNOTATED, "m.py"))


def test_large_constant_dicts_become_two_tuples_with_the_same_items_in_the_same_order() -> None:
    import ast
    import marshal

    items = ", ".join(f"{key!r}: {value!r}" for key, value in [(f"k{i}", i) for i in range(20)] + [("k3", "again"), (1, "one"), (1.0, "float")])
    source = f"TABLE = {{{items}}}\nSMALL = {{'a': 1}}\ndef risky():\n    raise ValueError\n".encode()
    namespace: dict[str, object] = {}
    exec(marshal.loads(stdlib.bytecode(source, "m.py")[16:]), namespace)
    expected: dict[str, object] = {}
    exec(source, expected)
    assert list(namespace["TABLE"].items()) == list(expected["TABLE"].items())  # type: ignore[union-attr]
    assert namespace["SMALL"] == {"a": 1}
    rewritten = ast.unparse(stdlib.constant_dicts(ast.parse(source)))
    assert rewritten.startswith("TABLE = dict(zip((") and "SMALL = {'a': 1}" in rewritten
    with pytest.raises(ValueError) as raised:
        namespace["risky"]()  # type: ignore[operator]
    assert raised.traceback[-1].lineno + 1 == 4, "lines are the source's"
    for shadowing in (b"zip = None\n", b"def f(dict):\n    pass\n", b"from m import *\n", b"import zip\n"):
        assert "dict(zip(" not in ast.unparse(stdlib.constant_dicts(ast.parse(shadowing + source))), shadowing
