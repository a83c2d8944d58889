"""The site's standard library and our package's bytecode, made inside the vendored Pyodide.

``tools/stdlib.mjs`` runs this file in the npm ``pyodide`` under Node (called by
``tools/build.py``), so the ``.pyc`` files come from the very interpreter that
will load them: same Python version, same bytecode magic, same compiler.

* The standard library keeps only what can be imported: the modules Pyodide's
  own start imports (given by the runner, read before this file ran), those
  PyScript's Python side imports (:data:`PYSCRIPT_IMPORTS`), every import
  written anywhere in ``pyapp`` (inside functions too), and, transitively,
  every import those modules run when imported (not those inside functions,
  under :data:`NOT_HERE`, or in the ``except`` of a ``try`` importing a module built
  into the interpreter, :func:`built_in_imports`), and the :data:`CODECS`.  Of those, the modules
  the interpreter carries frozen (:func:`frozen_modules`: ``os``, ``site``,
  ``importlib._bootstrap``…) are left out of the zip, their imports kept: the
  import system finds the frozen copy first, so the file would never be read.
* Every kept module is stored as bytecode only, unchecked-hash ``.pyc``
  (nothing compiled at boot), its large constant dicts as two tuples
  (:func:`constant_dicts`), with docstrings and asserts stripped
  (``optimize=2``; CPython's ``-OO`` is tested with its library, and Pyodide's
  own modules read docstrings only where they may be ``None``), and every
  instruction at its function's first line (:func:`at_first_lines`).
* Our package is bytecode only too (``pyapp/x.pyc`` where ``pyapp/x.py`` is,
  ``optimize=2``): compiled from the very tree the build packs, so it cannot be
  stale (``tools/build.py`` records each source's digest in the wheel and a test
  compares them with the tree).  Tracebacks name ``pyapp/x.py`` and the line;
  only the line's text is missing.  Its functions' and modules' annotations are
  left out (:func:`without_annotations`): nothing reads them at run time;
  classes keep theirs (``dataclasses`` reads them).
"""

from __future__ import annotations

import _imp
import ast
import hashlib
import importlib.util
import io
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
from pathlib import Path
from types import CodeType

STDLIB = f"/lib/python{sys.version_info.major}{sys.version_info.minor}.zip"
"""Where Pyodide puts ``python_stdlib.zip``; compiled file names point into it, like zipimport's."""

PYSCRIPT_IMPORTS = ("asyncio", "base64", "builtins", "collections", "functools", "html", "inspect", "io",
                    "json", "os", "pathlib", "pkgutil", "shutil", "zipfile", "encodings.cp437")
"""Standard modules PyScript's Python side (and its unpacking of our wheel) imports on top of Pyodide's.

Read from a traced boot; ``e2e/test_stdlib.py`` fails when a boot imports one the
trimmed library lacks."""

CODECS = ("aliases", "ascii", "cp437", "latin_1", "raw_unicode_escape", "unicode_escape", "utf_16", "utf_16_be",
          "utf_16_le", "utf_32", "utf_32_be", "utf_32_le", "utf_8", "utf_8_sig")
"""The ``encodings`` modules kept: codecs are imported by name (``b.decode("latin-1")``), so
no import statement names them.  These are the Unicode ones (``json`` reads UTF-16 and -32,
``tokenize`` UTF-8 with a BOM), the escapes, Latin-1 and ASCII, and ``cp437`` (``zipfile``'s
names).  Left out, as nothing the site runs names them: ``idna`` and ``punycode`` (host names
for sockets and TLS, which a page does not open; ``stringprep`` goes with them), ``utf_7``,
``cp1252``, ``charmap`` and the bytes-to-bytes ``hex_codec`` and ``base64_codec``
(``binascii`` and ``base64`` are called directly); asking for one raises ``LookupError``."""

NOT_HERE = ('sys.platform == "win32"', 'os.name == "nt"', "TYPE_CHECKING", "typing.TYPE_CHECKING",
            '__name__ == "__main__"')
"""``if`` tests that are false in Pyodide whenever a module is imported: their imports never run."""

DATE = (2020, 1, 1, 0, 0, 0)
"""Fixed timestamp inside the zip so the same runtime gives the same bytes."""


def module_names(names: list[str]) -> dict[str, str]:
    """``{"json": "json/__init__.py", "json.decoder": "json/decoder.py", ...}`` of a zip's sources."""
    modules = {}
    for name in names:
        if name.endswith(".py"):
            parts = name[:-3].split("/")
            if parts[-1] == "__init__":
                parts.pop()
            modules[".".join(parts)] = name
    return modules


def never_run_on_import(node: ast.AST) -> bool:
    """A function body, or an ``if`` block of :data:`NOT_HERE`."""
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        return True
    return isinstance(node, ast.If) and ast.unparse(node.test).replace("'", '"') in NOT_HERE


def built_in_imports(body: list[ast.stmt]) -> bool:
    """``body`` is only imports of modules built into this interpreter, of names they have
    (``from _datetime import *``): it cannot raise ``ImportError``, so its ``except`` never runs."""
    for node in body:
        if isinstance(node, ast.Import) and all(alias.name in sys.builtin_module_names for alias in node.names):
            continue
        if isinstance(node, ast.ImportFrom) and not node.level and node.module in sys.builtin_module_names:
            module = importlib.import_module(node.module)
            if all(alias.name == "*" or hasattr(module, alias.name) for alias in node.names):
                continue
        return False
    return bool(body)


def nodes(tree: ast.AST, *, in_functions: bool) -> list[ast.AST]:
    """The nodes of ``tree``; unless ``in_functions``, only those an import runs (not the
    fallback of a ``try`` that imports a built-in accelerator: ``_pydatetime`` for ``_datetime``)."""
    found, todo = [], [tree]
    while todo:
        node = todo.pop()
        found.append(node)
        if in_functions:
            todo.extend(ast.iter_child_nodes(node))
        elif isinstance(node, ast.Try) and built_in_imports(node.body):
            todo.extend([*node.body, *node.orelse, *node.finalbody])
        elif not never_run_on_import(node):
            todo.extend(ast.iter_child_nodes(node))
    return found


def imports(source: bytes, module: str, is_package: bool, *, in_functions: bool = True) -> set[str]:
    """The modules ``source`` may import, with their parents: ``import``, ``from``, relative,
    and ``import_module``/``__import__`` of a literal name (in function bodies too unless told)."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in nodes(ast.parse(source), in_functions=in_functions):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            found.add(prefix)
            found.update(f"{prefix}.{alias.name}" for alias in node.names)  # a name may be a submodule
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "attr", getattr(node.func, "id", None)) in ("import_module", "__import__")
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.add(node.args[0].value)
    with_parents = set()
    for name in found:
        parts = name.split(".")
        with_parents.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return with_parents


def kept_modules(stdlib: zipfile.ZipFile, roots: set[str]) -> set[str]:
    """The standard modules reachable from ``roots`` through any import they write."""
    sources = module_names(stdlib.namelist())
    wanted = set(roots) | {"encodings"} | {f"encodings.{codec}" for codec in CODECS}
    kept: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name in kept or name not in sources:
            continue  # built into the interpreter, a name inside a module, or not there at all
        kept.add(name)
        path = sources[name]
        wanted |= imports(stdlib.read(path), name, path.endswith("/__init__.py"), in_functions=False) - kept
    return kept


def frozen_modules() -> set[str]:
    """Modules this interpreter imports frozen, never from the zip: those its frozen importer
    holds (``_imp``), and the names a package binds to a frozen module when imported
    (``importlib._bootstrap`` is ``_frozen_importlib``, ``collections.abc`` is ``_collections_abc``),
    which ``sys.modules`` answers before any finder is asked."""
    import collections.abc  # noqa: F401  (bind the aliases this reads)
    import importlib  # noqa: F401

    frozen = set(_imp._frozen_module_names())
    aliases = {name for name, module in sys.modules.items()
               if getattr(getattr(module, "__spec__", None), "origin", None) == "frozen"}
    return frozen | aliases


def without_annotations(tree: ast.Module) -> ast.Module:
    """The tree with no annotation on any function's parameters or return, and none on a module-level
    name (``X: Final = 3`` becomes ``X = 3``); a class body's stay, for ``dataclasses`` and ``NamedTuple``.

    Our package's annotations are for the type checker: nothing in the site reads a function's or a
    module's ``__annotations__`` (``inspect.signature``, which PyScript's ``when`` calls, only counts
    parameters), and they are about 8 % of its bytecode compressed.  Every other node keeps its place,
    so tracebacks keep their lines."""
    return _Unannotated().visit(tree)


class _Unannotated(ast.NodeTransformer):
    """:func:`without_annotations`' walk: which scope (module, class, function) a node is in."""

    def __init__(self) -> None:
        self.scopes: list[str] = ["module"]

    def visit_FunctionDef(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> ast.AST:
        node.returns = None
        arguments = node.args
        for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs,
                         arguments.vararg, arguments.kwarg):
            if argument is not None:
                argument.annotation = None
        return self.inside("function", node)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> ast.AST:
        return self.inside("class", node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> ast.AST:
        if self.scopes[-1] != "module":
            return node  # a class's annotations are its fields; a function's are never stored
        if node.value is None:
            return ast.copy_location(ast.Pass(), node)
        return ast.copy_location(ast.Assign(targets=[node.target], value=node.value), node)

    def inside(self, scope: str, node: ast.AST) -> ast.AST:
        self.scopes.append(scope)
        self.generic_visit(node)
        self.scopes.pop()
        return node


CONSTANT_DICT_ITEMS = 16
"""The fewest items of a dict display :func:`constant_dicts` rewrites."""


def constant_dicts(tree: ast.Module) -> ast.Module:
    """The tree with each dict display of at least :data:`CONSTANT_DICT_ITEMS` constant keys and
    values (``html.entities``' 2,231 names, our message catalogues) written ``dict(zip(keys, values))``.

    The same dict, in the same order, with the same winner for a repeated key; but the keys and
    the values become two constant tuples, which compress far better than the display's
    interleaved loads and their lines (such a display cannot raise, so no traceback loses a line).
    A module that binds ``dict`` or ``zip`` anywhere, or imports ``*``, is left as it is."""
    shadowing = {"dict", "zip"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            if node.id in shadowing and not isinstance(node.ctx, ast.Load):
                return tree
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            if shadowing & set(node.names):
                return tree
        elif isinstance(node, ast.alias) and (node.name == "*" or (node.asname or node.name) in shadowing):
            return tree
        elif any(getattr(node, field, None) in shadowing for field in ("arg", "name", "rest")):
            return tree  # a parameter, def, class, except-as, match capture or type parameter

    class Rewrite(ast.NodeTransformer):
        def visit_Dict(self, node: ast.Dict) -> ast.AST:
            self.generic_visit(node)
            if len(node.keys) < CONSTANT_DICT_ITEMS or not all(
                    isinstance(item, ast.Constant) for item in (*node.keys, *node.values)):
                return node
            items = [ast.Tuple(list(node.keys), ast.Load()), ast.Tuple(node.values, ast.Load())]
            pairs = ast.Call(ast.Name("zip", ast.Load()), items, [])
            return ast.copy_location(ast.Call(ast.Name("dict", ast.Load()), [pairs], []), node)

    return Rewrite().visit(tree)


def bytecode(source: bytes, filename: str, *, exact_lines: bool = True, annotations: bool = True) -> bytes:
    """``source`` as an unchecked hash-based ``.pyc`` of this interpreter, without docstrings and asserts,
    its large constant dicts built from two tuples (:func:`constant_dicts`), with every line at its
    function's first line unless ``exact_lines`` (:func:`at_first_lines`), and without function and
    module annotations unless ``annotations`` (:func:`without_annotations`)."""
    tree = ast.parse(source, filename)
    if not annotations:
        tree = without_annotations(tree)
    tree = ast.fix_missing_locations(constant_dicts(tree))
    code = compile(tree, filename, "exec", dont_inherit=True, optimize=2)
    if not exact_lines:
        code = at_first_lines(code)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


LINE_ONLY = 0x80 | 13 << 3
"""The first byte of a line-table entry with a line and no columns (CPython's ``Objects/locations.md``);
the low three bits hold the entry's length in code units, less one."""


def at_first_lines(code: CodeType) -> CodeType:
    """``code`` and the code nested in it with every instruction at the function's first line.

    A line table maps each instruction to its line; the standard library's are a sixth of it
    compressed.  With this table a traceback through a library frame still names its file,
    function and a line (the ``def``'s; module code: line 1), and ``f_lineno`` stays a number
    for code that formats it; the library's source is not shipped, so no line text is lost.
    Our package keeps its exact lines: its tracebacks are the ones worth reading."""
    units = len(code.co_code) // 2
    table = b"".join(bytes((LINE_ONLY | (min(8, units - i) - 1), 0)) for i in range(0, units, 8))  # line delta 0
    consts = tuple(at_first_lines(c) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_linetable=table, co_consts=consts)


def stdlib_zip(stdlib: zipfile.ZipFile, kept: set[str]) -> bytes:
    """A zip of the kept modules as bytecode only, in a fixed order with fixed dates, its members
    stored: the build gzips the whole zip, which compresses better than deflating each member."""
    sources = module_names(stdlib.namelist())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as out:
        for name in sorted(kept):
            path = sources[name]
            info = zipfile.ZipInfo(path + "c", DATE)
            data = bytecode(stdlib.read(path), f"{STDLIB}/{path}", exact_lines=False)
            out.writestr(info, data, zipfile.ZIP_STORED)  # the build gzips the whole zip
    return buffer.getvalue()


def package_imports(package: Path) -> set[str]:
    found: set[str] = set()
    for path in sorted(package.rglob("*.py")):
        module = ".".join(path.relative_to(package.parent).with_suffix("").parts)
        found |= imports(path.read_bytes(), module.removesuffix(".__init__"), path.name == "__init__.py")
    return found


def package_bytecode(package: Path) -> tuple[dict[str, bytes], dict[str, str]]:
    """``{"pyapp/x.pyc": ...}`` for every module ``pyapp/x.py`` of ``package`` (imported sourceless),
    and ``{"pyapp/x.py": sha256}`` of the very sources compiled."""
    out, digests = {}, {}
    for path in sorted(package.rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        relative, source = path.relative_to(package.parent), path.read_bytes()
        out[relative.with_suffix(".pyc").as_posix()] = bytecode(source, relative.as_posix(), annotations=False)
        digests[relative.as_posix()] = hashlib.sha256(source).hexdigest()
    return out, digests


def main(start_modules: list[str], package: str, out: str) -> None:
    """Write ``out``/python_stdlib.zip, ``out``/stdlib.json, ``out``/<package bytecode> and
    ``out``/sources.json (the digests of the package's sources compiled)."""
    source = Path(package)
    roots = set(start_modules) | set(PYSCRIPT_IMPORTS) | package_imports(source)
    with zipfile.ZipFile(STDLIB) as stdlib:
        kept = kept_modules(stdlib, roots)
        frozen = kept & frozen_modules()
        Path(out, "python_stdlib.zip").write_bytes(stdlib_zip(stdlib, kept - frozen))
    compiled, digests = package_bytecode(source)
    for name, data in compiled.items():
        target = Path(out, name)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    Path(out, "sources.json").write_text(json.dumps(digests, indent=1))
    info = {"python": sys.version.split()[0], "magic": importlib.util.MAGIC_NUMBER.hex(),
            "modules": sorted(kept - frozen), "frozen": sorted(frozen)}
    Path(out, "stdlib.json").write_text(json.dumps(info, indent=1))
