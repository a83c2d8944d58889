"""Record the worker's messages while whole games of Dyad, Triad and Dieci are drawn (run as a script).

Usage: ``python tests/protocol/record.py OUT.json``.  The real :class:`~pyapp.ui.worker.worker_page.WorkerPage`,
:mod:`pyapp.ui.browser.dom` and the games' tables run over the real mirror in CPython; only what a worker has
from Pyodide (``js``, ``pyodide.ffi``, ``polyscript``'s ``xworker``) is stood in for, and this module is
the page's entry (its ``main`` plays the games).  Written: the page's HTML, the start message the worker
heard (the page must send the same: ``replay.mjs`` checks it), every text the worker posted, and the
mirror's ``<body>`` tree after each game.  A script, not an import: it replaces ``sys.modules`` entries
for its own process only.
"""

from __future__ import annotations

import json
import random
import sys
import types
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

HTML = ('<!doctype html><html lang="en"><head><title>protocol</title></head>'
        '<body><main id="app" class="app"></main><p id="live" aria-live="polite"></p></body></html>')
"""The page the replay starts from; :data:`START` is its snapshot as ``web/worker_page.js`` takes it."""
START: dict[str, Any] = {
    "entry": "tests.protocol.record", "href": "https://example.test/#/", "storage": {},
    "page": {"html": {"lang": "en"}, "head": [3, "head", {}, [2, "title", {}, [1, "protocol"]]],  # children first
             "body": [6, "body", {}, [4, "main", {"id": "app", "class": "app"}],
                      [5, "p", {"id": "live", "aria-live": "polite"}]],
             "active": None, "next": 7, "hidden": False},
}
GAMES = (("dyad", 2, 3), ("triad", 2, 5), ("dieci", 2, 7))
"""(game, players, seed) of each game played to its end, one after another on the same page."""

posted: list[str] = []
"""Every text message the worker posted to the page, in order."""
checkpoints: list[dict[str, Any]] = []
"""After each game: how many messages were posted by then and the mirror's body tree."""
errors: list[str] = []
_microtasks: list[Any] = []


def stand_ins() -> None:
    """``js``, ``pyodide.ffi`` and ``polyscript`` as much as the worker's Python reads of them here."""
    js = types.ModuleType("js")
    js.Date = types.SimpleNamespace(now=lambda: 1_700_000_000_000.0, new=lambda *args: types.SimpleNamespace(
        toLocaleString=lambda: "", getTime=lambda: 1_700_000_000_000.0))
    js.console = types.SimpleNamespace(error=lambda *args: errors.append(" ".join(map(str, args))),
                                       log=lambda *args: None, warn=lambda *args: None)
    js.queueMicrotask = _microtasks.append
    sys.modules["js"] = js
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda function: function
    ffi.to_js = lambda value, **options: value
    ffi.jsnull = None
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    sys.modules["pyodide"], sys.modules["pyodide.ffi"] = pyodide, ffi
    polyscript = types.ModuleType("polyscript")
    polyscript.xworker = types.SimpleNamespace(postMessage=posted.append, onmessage=None)
    sys.modules["polyscript"] = polyscript


def settle() -> None:
    """The end of a task: the queued microtasks run (the worker's flush sends the batch)."""
    import gc  # noqa: PLC0415

    gc.collect()  # what a redraw dropped is freed now, as Pyodide's collector would by the next flush
    while _microtasks:
        _microtasks.pop(0)()


def tree(node: Any) -> Any:
    """A mirror node as ``[tag, {name: value}, ...children]`` (texts as strings), as replay.mjs writes the page's;
    a field's value and tick as the attributes ``.value`` and ``.checked`` (properties, not attributes)."""
    if not hasattr(node, "attrs"):
        return node.data
    attrs = dict(node.attrs)
    if node.tag == "input":
        attrs.update({".value": node.value, ".checked": node.checked})
    return [node.tag, dict(sorted(attrs.items())), *(tree(child) for child in node.childNodes)]


def checkpoint(name: str | None) -> None:
    """What the page must show now: the body, the focused element (child indexes from the body), the scroll."""
    from pyscript import document, window  # noqa: PLC0415

    path: list[int] | None = []
    node = document.focused
    while node is not document.body and path is not None:
        path, node = (None, None) if node is None or node.parentNode is None else \
            ([node.parentNode.childNodes.index(node), *path], node.parentNode)  # out of the page: no focus
    checkpoints.append({"game": name, "messages": len(posted), "body": tree(document.body), "focus": path,
                        "scroll": window.scrollY})


def play(game: str, players: int, seed: int) -> None:
    """One whole game drawn as the table draws it: the motions' measures before each redraw, the moves after."""
    import importlib  # noqa: PLC0415

    from pyapp.games import new_game  # noqa: PLC0415
    from pyapp.play import Seat  # noqa: PLC0415
    from pyapp.ui.browser import motion  # noqa: PLC0415
    from pyapp.ui.browser.dom import clear, h  # noqa: PLC0415
    from pyscript import document  # noqa: PLC0415

    module = importlib.import_module(f"pyapp.ui.games.{game}")
    state = new_game(game, seed=seed, players=players)
    rng = random.Random(seed)
    seats = [Seat(f"P{i}", "person" if i == 0 else "normal") for i in range(players)]
    app = document.getElementById("app")
    seen = None
    while True:
        observation = state.observation(0)
        legal = state.legal_actions() if not state.is_terminal() and state.current_player() == 0 else []
        moving = motion.before(app, module.UI.motions(seen, observation))
        ctx = module.TableContext(observation=observation, viewer=0, legal=legal, seats=seats, act=lambda a: None)
        clear(app, h("div", {"class": f"table table-{game}"}, module.UI.render(ctx)))
        motion.after(app, moving)
        settle()
        seen = observation
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    checkpoint(game)


def form() -> None:
    """What the games' tables do not send: a field's value and tick, a focus, children reordered, a scroll."""
    from pyapp.ui.browser.dom import clear, h  # noqa: PLC0415
    from pyscript import document, window  # noqa: PLC0415

    app = document.getElementById("app")
    clear(app, h("form", {"class": "settings"}, h("input", {"type": "text", "name": "who", "value": "?"}),
                 h("input", {"type": "checkbox", "name": "hints"}), h("button", {"type": "submit"}, "OK"),
                 h("span", {"style": "color: red; --tone:1"}, "a"), h("span", {}, "b")))
    settle()
    field, box, button, first, second = app.children[0].children
    field.value = "Ada"
    box.checked = True
    button.focus()
    app.children[0].replaceChildren(second, first, field, box, button)
    window.scrollTo(0, 120)
    settle()
    checkpoint("form")


def main() -> None:
    """The page's entry: the games, one after another, a form, then the page emptied."""
    from pyapp.ui.browser.dom import clear  # noqa: PLC0415
    from pyscript import document  # noqa: PLC0415

    for game, players, seed in GAMES:
        play(game, players, seed)
    form()
    clear(document.getElementById("app"))
    settle()
    checkpoint(None)


def record() -> dict[str, Any]:
    stand_ins()
    from pyapp.ui.worker import worker_page  # noqa: PLC0415
    from pyapp.ui.browser.protocol import MSG  # noqa: PLC0415

    worker_page.ENTRIES = (*worker_page.ENTRIES, START["entry"])
    sys.modules[START["entry"]] = sys.modules[__name__]  # the entry is this script, not a second copy of it
    page = worker_page.WorkerPage()
    page.open()
    page.receive(types.SimpleNamespace(data=json.dumps({"k": MSG.START, **START, "t": 1_700_000_000_000, "y": 0})))
    settle()
    if errors:
        raise SystemExit("record: the worker reported errors:\n" + "\n".join(errors))
    return {"html": HTML, "start": START, "posted": posted, "checkpoints": checkpoints}


if __name__ == "__main__":
    Path(sys.argv[1]).write_text(json.dumps(record(), ensure_ascii=False), encoding="utf-8")
