"""The page protocol, declared once: the ops the worker sends its page and the messages both ways (issue 48).

Why one table: the worker (:mod:`pyapp.ui.worker.mirror`, :mod:`pyapp.ui.worker.worker_page`,
:mod:`pyapp.ui.worker.page_services`, :mod:`pyapp.ui.browser.page_storage`) and the page (``web/worker_page.js``,
``web/loader.mjs``) must agree on every code; written twice, by hand, they drift apart silently.
Python sends and reads by the names here (``OP.ELEMENT``, ``MSG.START``); ``tools/build.py`` writes the
same table into the built ``worker_page.js`` and ``loader.mjs`` (:func:`script_constants`), whose code
reads the same names.  ``tests/protocol/`` replays real games' ops through the page's script under a
DOM library and checks that the page ends up with the mirror's tree.

An op is a JSON list ``[code, *fields]``; a message a JSON object ``{"k": code, field: ...}`` (a field
ending in ``?`` may be left out).  The codes stay one to three letters: a redraw sends hundreds of ops.
"""

from __future__ import annotations

import json
import types
from typing import NamedTuple


class Kind(NamedTuple):
    """One op or message: its code on the wire, its fields in order, what it means and who sends it."""

    code: str
    fields: tuple[str, ...]
    meaning: str
    sender: str


_MIRROR, _MOTION, _SERVICES = "pyapp/ui/worker/mirror.py", "pyapp/ui/worker/worker_page.py", "pyapp/ui/worker/page_services.py"

OPS: dict[str, Kind] = {
    "ELEMENT": Kind("e", ("id", "tag", "ns", "attrs"), 'create an element (ns "svg" or ""; attrs [name, value, ...])',
                    _MIRROR),
    "TEXT": Kind("t", ("id", "text"), "create a text node", _MIRROR),
    "APPEND": Kind("a", ("parent", "ids"), "append the nodes (moving those that are elsewhere)", _MIRROR),
    "REPLACE_CHILDREN": Kind("r", ("parent", "ids"), "replace the parent's children with the nodes", _MIRROR),
    "REPLACE_WITH": Kind("w", ("id", "ids"), "replace the node with the others", _MIRROR),
    "REMOVE": Kind("x", ("id",), "remove the node from its parent", _MIRROR),
    "SET_ATTRIBUTE": Kind("s", ("id", "name", "value"), "set an attribute (value null: remove it; style through "
                          "the CSSOM)", _MIRROR),
    "SET_PROPERTY": Kind("p", ("id", "name", "value"), "set a property: value or checked", _MIRROR),
    "CALL": Kind("c", ("id", "method"), "call focus, blur, select, click, showModal, close or scrollIntoView",
                 _MIRROR),
    "LISTEN": Kind("l", ("id", "type", "rule", "capture?"), "forward the node's type events (in the capture phase "
                   "if capture); with a rule (dom.Prevent's JSON), refuse their default action instead", _MIRROR),
    "FORGET": Kind("f", ("ids",), "forget these nodes (the worker freed them)", _MIRROR),
    "RENAME": Kind("m", ("old", "new"), "the page's node old is new from now on (a redraw drew it again alike)",
                   _MIRROR),
    "SET_TEXT": Kind("n", ("id", "text"), "a text node's new text", _MIRROR),
    "MEASURE": Kind("mb", ("id", "keys", "motions", "number"), "web/motion.js's before(): measure under the node "
                    "before a redraw, kept as number", _MOTION),
    "MOVE": Kind("ma", ("id", "keys", "number"), "web/motion.js's after(): move from what number measured",
                 _MOTION),
    "SCROLL": Kind("sc", ("x", "y"), "scroll the page to x, y", _MOTION),
    "ROUTE": Kind("lh", ("hash", "replace"), "set location.hash (location.replace it if replace)", _SERVICES),
    "DOWNLOAD": Kind("dl", ("text", "filename", "type"), "download text as a file the page makes a Blob of",
                     _SERVICES),
    "ASK": Kind("ask", ("n", "what", "data"), "a request the page answers (MSG.ANSWER): share, copy, qr, link",
                _SERVICES),
    "LINK_SEND": Kind("ls", ("n", "text", "peer"), "send text on the friends' link n (to peer, or all)", _SERVICES),
    "LINK_CLOSE": Kind("lc", ("n",), "close the friends' link n", _SERVICES),
}
"""The ops, sent in ``MSG.OPS``'s ``ops`` and applied in order by ``web/worker_page.js``."""

_WORKER, _STORAGE, _LOADER, _PAGE = "pyapp/ui/worker/worker_page.py", "pyapp/ui/browser/page_storage.py", "web/loader.mjs", \
    "web/worker_page.js"

MESSAGES: dict[str, Kind] = {
    # to the page
    "HELLO": Kind("hello", (), "the worker's Python runs: send the start", _WORKER),
    "OPS": Kind("ops", ("q", "b", "w?", "ops"), "a batch of ops (q: the page's messages handled so far; b: its "
                "number; w: report applying it)", _WORKER),
    "ERROR": Kind("error", ("text",), "Python's or the loader's error, for the page's error line", _WORKER),
    "BOOT": Kind("boot", ("fetched",), "what the loader fetched, for web/boot.js", _LOADER),
    "PUT": Kind("put", ("n", "items", "if", "lock"), "write localStorage under the lock if it holds if (answered)",
                _STORAGE),
    "STORE": Kind("store", ("key", "value"), "write the reading mark (unanswered)", _STORAGE),
    # from the page (each text also carries t, y and, when they changed, share and hooks)
    "START": Kind("start", ("entry", "page", "href", "storage"), "the module to run, the document's snapshot, the "
                  "address and a copy of localStorage (null: none)", _PAGE),
    "EVENT": Kind("ev", ("n", "id", "type", "path", "fields", "active", "b", "capture?"), "an event at a listened "
                  "node (the window is -1), the focus as it found it, the last batch applied before it", _PAGE),
    "PAINTED": Kind("painted", ("b", "t"), "batch b, asked with w, applied at the page's time t (not counted in q)",
                    _PAGE),
    "FOCUS": Kind("focus", ("id",), "the focus moved (null: to nothing the worker holds)", _PAGE),
    "VALUE": Kind("value", ("id", "value", "checked"), "a field's typed value or tick", _PAGE),
    "OPEN": Kind("open", ("id", "open"), "a dialog the browser closed, a <details> toggled", _PAGE),
    "HIDDEN": Kind("hidden", ("hidden",), "the tab went to the background or came back", _PAGE),
    "STORAGE": Kind("storage", ("key?", "value?", "all?"), "localStorage changed, not by this worker: the value "
                    "stored now (all: every item)", _PAGE),
    "STORED": Kind("stored", ("n", "why?", "items?"), "write n done, or refused: why and what is stored", _PAGE),
    "FILES": Kind("files", ("n", "files"), "event n's files, just before it (posted as an object, not as text)",
                  _PAGE),
    "ANSWER": Kind("answer", ("n", "value?", "error?"), "ask n's answer or error", _PAGE),
    "LINK_MESSAGE": Kind("lm", ("n", "text", "peer"), "link n heard text from peer", _PAGE),
    "LINK_PEER": Kind("lp", ("n", "peer", "joined"), "a peer joined or left link n", _PAGE),
    "LINK_ERROR": Kind("le", ("n", "text"), "link n failed", _PAGE),
    "ADDRESS": Kind("address", ("href",), "the page's address changed (before the worker's hashchange)", _PAGE),
}
"""The messages' kinds (their ``k``), both ways."""

OP = types.SimpleNamespace(**{name: kind.code for name, kind in OPS.items()})
"""The op codes by name: ``OP.ELEMENT == "e"``."""
MSG = types.SimpleNamespace(**{name: kind.code for name, kind in MESSAGES.items()})
"""The message kinds by name: ``MSG.START == "start"``."""

SCRIPT_MARKER = "const PROTOCOL = null; // filled in by tools/build.py from pyapp/ui/browser/protocol.py"
"""The line of ``web/worker_page.js`` and ``web/loader.mjs`` the build replaces with :func:`script_constants`."""


def script_constants() -> str:
    """The JavaScript line that replaces :data:`SCRIPT_MARKER`: the codes by the names Python uses.

    >>> script_constants()[:44]
    'const PROTOCOL = {"OP":{"ELEMENT":"e","TEXT"'
    """
    table = {"OP": vars(OP), "MSG": vars(MSG)}
    return f"const PROTOCOL = {json.dumps(table, separators=(',', ':'))};"


def fill_script(text: str, name: str) -> str:
    """``text`` (the script ``name``) with the protocol in place of its :data:`SCRIPT_MARKER` line."""
    if text.count(SCRIPT_MARKER) != 1:
        raise ValueError(f"{name} lost its line {SCRIPT_MARKER!r}")
    return text.replace(SCRIPT_MARKER, script_constants())


def _unique(table: dict[str, Kind]) -> None:
    codes = [kind.code for kind in table.values()]
    if len(set(codes)) != len(codes):
        raise ValueError(f"two kinds share a code: {codes}")


_unique(OPS)
_unique(MESSAGES)
