"""The trimmed, compiled standard library (tools/stdlib.py) holds every module the site imports.

The page boots on the built runtime, draws every screen, imports every module of
``pyapp`` the wheel carries (all but ``build.NOT_IN_WHEEL``, which no page imports) and plays a whole game of each kind between computer players; nothing may
fail, every standard module then loaded must come from the build's bytecode zip, and
``pyapp`` must run from the bytecode its wheel carries.  Python runs in PyScript's worker: the test
appends a few lines to ``web/worker.py`` as served, which run a message's code there and answer
with its value, and one line to ``web/start.js``, which keeps the page's handle on the worker.
"""

from __future__ import annotations

import gzip
import io
import json
import zipfile
from pathlib import Path

from playwright.sync_api import Page, Route

import build

HOOK = "\nhooks.main.onWorker.add((wrap, xworker) => { window.__worker = xworker; });\n"
WORKER_HOOK = """
import json as _json

import js as _js
from pyodide.code import eval_code as _eval_code
from pyodide.ffi import create_proxy as _create_proxy


def _run(event):
    if isinstance(event.data, str) and event.data.startswith('{"k":"test-run"'):
        try:
            answer = {"value": _eval_code(_json.loads(event.data)["code"], {})}
        except Exception as error:  # the test reads what was raised
            answer = {"error": f"{type(error).__name__}: {error}"}
        xworker.postMessage(_json.dumps({"k": "test-report", **answer}))


_js.addEventListener("message", _create_proxy(_run))
"""
RUN = """(code) => new Promise((resolve) => {
  const heard = ({ data }) => {
    const message = typeof data === "string" ? JSON.parse(data) : null;
    if (message?.k !== "test-report") return;
    window.__worker.removeEventListener("message", heard);
    resolve(message);
  };
  window.__worker.addEventListener("message", heard);
  window.__worker.postMessage(JSON.stringify({ k: "test-run", code }));
})"""
"""Run ``code`` in the page's Python worker: ``{"value": ...}`` of its last expression, or ``{"error": ...}``."""
SCREENS = {
    "#/dyad": "[data-testid=start], [data-testid=new-game]",
    "#/triad": "[data-testid=start], [data-testid=new-game]",
    "#/dieci": "[data-testid=start], [data-testid=new-game]",
    "#/rules/dyad": "[data-testid=rules][data-game=dyad]",
    "#/rules/triad": "[data-testid=rules][data-game=triad]",
    "#/rules/dieci": "[data-testid=rules][data-game=dieci]",
    "#/saves": "[data-testid=saves]",
    "#/": "[data-testid=picker]",
}
PLAY_AND_REPORT = """
import importlib, importlib.util, json, os, sys
import pyapp
from pyapp.ai import choose_action
from pyapp.games import NAMES, load, new_game

for name in MODULES:
    importlib.import_module(name)
for name in NAMES:
    state = new_game(name, seed=3, players=2)
    turn = 0
    while not state.is_terminal():
        state.apply_action(choose_action(state, level="normal", seed=turn, budget_ms=2))
        turn += 1
    load(json.loads(json.dumps(state.to_save())))
stdlib = sys.path[1]

def frames(call, *args):
    # (file, line, first line of its function) of each frame the error raised by call went through
    try:
        call(*args)
    except ValueError as error:
        tb, out = error.__traceback__.tb_next, []
        while tb:
            out.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno, tb.tb_frame.f_code.co_firstlineno))
            tb = tb.tb_next
        return out
json.dumps({
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "stdlib": stdlib,
    "from_stdlib": sorted(n for n, m in sys.modules.items() if (getattr(m, "__file__", None) or "").startswith(stdlib)),
    "frozen": sorted(n for n, m in sys.modules.items() if getattr(getattr(m, "__spec__", None), "origin", None) == "frozen"),
    "not_compiled": sorted(n for n, m in sys.modules.items()
                           if n.startswith("pyapp") and not m.__file__.endswith(".pyc")),
    "sources_here": sorted(n for n, m in sys.modules.items() if n.startswith("pyapp") and os.path.exists(m.__file__[:-1])),
    "library_frames": frames(json.loads, "["),
    # codecs found by name (tools/stdlib.py, CODECS): json reads UTF-16 bytes; idna is left out
    "codecs": [json.loads('["é"]'.encode("utf-16-be")), "é".encode("utf-8-sig").decode("utf-8-sig")],
    "idna": importlib.util.find_spec("encodings.idna") is not None,
    "pyapp_frames": frames(load, {"game": "nope"}),
})
"""


def test_every_screen_and_game_runs_on_the_trimmed_library(page: Page, wait_ready, site_dir: Path) -> None:
    (stdlib_zip,) = site_dir.glob("runtime/pyodide-*/python_stdlib.zip.gz")
    (wheel,) = site_dir.glob("app/*/*.whl.gz")

    def with_hook(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + HOOK)

    def with_worker_hook(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=response.text() + WORKER_HOOK)

    page.route("**/web/start.*.js", with_hook)
    page.route("**/web/worker.*.py", with_worker_hook)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    wait_ready(page)
    for route, drawn in SCREENS.items():
        page.evaluate(f"location.hash = {json.dumps(route)}")
        page.locator(drawn).first.wait_for(timeout=60_000)
        assert page.get_by_test_id("screen-error").count() == 0, route

    # every module of the tree but those the build leaves out (build.NOT_IN_WHEEL: no page imports them)
    shipped = sorted(set(build.source_digests()) - set(build.NOT_IN_WHEEL))
    modules = [name.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for name in shipped]
    code = f"MODULES = {modules!r}\n" + PLAY_AND_REPORT
    report = json.loads(page.evaluate(RUN, code)["value"])

    assert not errors
    assert report["stdlib"].endswith(".zip")

    with zipfile.ZipFile(io.BytesIO(gzip.decompress(stdlib_zip.read_bytes()))) as archive:
        names = archive.namelist()
        stdlib_magic = archive.read("json/__init__.pyc")[:4].hex()
    assert names and all(n.endswith(".pyc") for n in names), "the standard library ships as bytecode only"
    with zipfile.ZipFile(io.BytesIO(gzip.decompress(wheel.read_bytes()))) as archive:
        app_magic = archive.read(next(n for n in archive.namelist() if n.endswith(".pyc")))[:4].hex()
        wheel_names = archive.namelist()
        listed = archive.read(next(n for n in wheel_names if n.endswith(".dist-info/SOURCES"))).decode()
    # pyapp ships as bytecode only, compiled from exactly this tree's sources
    assert not [n for n in wheel_names if n.endswith(".py")]
    assert dict(reversed(line.split("  ")) for line in listed.splitlines()) == {
        name: sha[:build.SOURCE_DIGEST_CHARS] for name, sha in build.source_digests().items() if name in shipped}
    assert sorted(n.removesuffix("c") for n in wheel_names if n.endswith(".pyc")) == shipped
    assert stdlib_magic == app_magic == report["magic"], "bytecode made for another Python than the runtime's"
    assert {"json", "random", "asyncio"} <= set(report["from_stdlib"])
    assert report["codecs"] == [["é"], "é"] and not report["idna"]
    # modules the interpreter carries frozen are left out of the zip: they come frozen
    assert {"os", "site", "importlib._bootstrap", "collections.abc"} <= set(report["frozen"])
    assert not {f"{n.replace('.', '/')}.pyc" for n in report["frozen"]} & set(names)
    assert not report["not_compiled"], "pyapp modules running from source"
    assert not report["sources_here"]
    # tracebacks: a library frame at its function's first line (tools/stdlib.py, at_first_lines), ours exact
    assert report["library_frames"] and all(
        file.startswith(report["stdlib"]) and line == first for file, line, first in report["library_frames"])
    assert report["pyapp_frames"][0][0] == "pyapp/games/__init__.py"
    assert all(line > first for _, line, first in report["pyapp_frames"]), "pyapp keeps the raising line"
    # the library really is trimmed: a module nothing imports is absent
    missing = page.evaluate(RUN, "import pydoc")
    assert missing.get("error", "").startswith("ModuleNotFoundError"), missing
