"""A minimal stand-in for the browser DOM, enough to run a game UI module in CPython.

``load_ui(module_name)`` imports a table (e.g. ``pyapp.ui.games.dieci``) over fake ``pyapp.ui.browser.dom`` and
``pyapp.ui.browser.local_storage`` modules (the real ones need Pyodide), so the table
can be rendered and clicked in tests; ``unload_ui`` restores ``sys.modules``.
"""

from __future__ import annotations

import contextlib
import sys
import types
from typing import Any


class Text:
    def __init__(self, text: str) -> None:
        self.text = text

    @property
    def textContent(self) -> str:  # noqa: N802
        return self.text

    def dump(self) -> str:
        return self.text


class ClassList:
    """``element.classList`` over the element's ``class`` attribute."""

    def __init__(self, element: Element) -> None:
        self.element = element

    def _get(self) -> set[str]:
        return set(self.element.attrs.get("class", "").split())

    def add(self, name: str) -> None:
        self.element.attrs["class"] = " ".join(sorted(self._get() | {name}))

    def remove(self, name: str) -> None:
        self.element.attrs["class"] = " ".join(sorted(self._get() - {name}))

    def contains(self, name: str) -> bool:
        return name in self._get()


class Dataset:
    """``element.dataset``: ``data-foo-bar`` read as ``dataset.fooBar``."""

    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_element", element)

    @staticmethod
    def _name(key: str) -> str:
        return "data-" + "".join(f"-{ch.lower()}" if ch.isupper() else ch for ch in key)

    def __getattr__(self, key: str) -> str | None:
        return self._element.attrs.get(self._name(key))

    def __setattr__(self, key: str, value: str) -> None:
        self._element.attrs[self._name(key)] = str(value)


class Element:
    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.parent: Element | None = None
        self.attrs: dict[str, str] = {}
        self.children: list[Any] = []
        self.dataset = Dataset(self)
        self.listeners: dict[str, list] = {}
        self.classList = ClassList(self)  # noqa: N815
        self.focused = False
        self.value = ""
        self.checked = False

    # DOM-ish API used by the views
    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802
        self.attrs[name] = str(value)

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        self.attrs.pop(name, None)

    def getAttribute(self, name: str):  # noqa: N802
        return self.attrs.get(name)

    def append(self, *nodes: Any) -> None:
        for node in nodes:
            self.appendChild(Text(node) if isinstance(node, str) else node)

    def appendChild(self, node: Any) -> None:  # noqa: N802
        if isinstance(node, Element):
            node.parent = self
        self.children.append(node)

    def replaceChildren(self, *nodes: Any) -> None:  # noqa: N802
        self.children = []
        self.append(*nodes)

    def addEventListener(self, event: str, handler) -> None:  # noqa: N802
        self.listeners.setdefault(event, []).append(handler)

    def fire(self, name: str, **fields: Any) -> None:
        """Dispatch an event ``name`` whose object carries ``fields`` (and ``target``).

        Like the browser, it bubbles up to the ancestors, except ``focus``.
        """
        event = types.SimpleNamespace(preventDefault=lambda: None, target=self, **fields)
        element: Element | None = self
        while element is not None:
            for handler in element.listeners.get(name, []):
                handler(event)
            element = element.parent if name != "focus" else None

    def focus(self) -> None:
        self.focused = True
        self.fire("focus")
        self.fire("focusin")

    def matches(self, selector: str) -> bool:
        """The forms the UI code uses: ``tag``, ``[name]``, ``[name=value]`` and ``tag[name]``."""
        tag, _, rest = selector.partition("[")
        if tag and self.tag != tag:
            return False
        if not rest:
            return True
        name, _, value = rest.rstrip("]").partition("=")
        return name in self.attrs and (not value or self.attrs[name] == value.strip('"'))

    def closest(self, selector: str) -> Element | None:
        element: Element | None = self
        while element is not None and not element.matches(selector):
            element = element.parent
        return element

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(c.dump() if isinstance(c, Text) else c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, value: str) -> None:  # noqa: N802
        self.children = [Text(value)] if value else []

    @property
    def disabled(self) -> bool:
        return "disabled" in self.attrs

    @disabled.setter
    def disabled(self, value: bool) -> None:
        if value:
            self.attrs["disabled"] = ""
        else:
            self.attrs.pop("disabled", None)

    # test helpers
    def walk(self):
        yield self
        for child in self.children:
            if isinstance(child, Element):
                yield from child.walk()

    def find_all(self, **attrs: str) -> list[Element]:
        return [e for e in self.walk() if all(e.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]

    def find(self, **attrs: str) -> Element:
        found = self.find_all(**attrs)
        assert found, f"nothing with {attrs}"
        return found[0]

    def select(self, name: str, value: str | None = None) -> list[Element]:
        """Elements (this one included) with attribute ``name`` (equal to ``value`` if given)."""
        return [e for e in self.walk() if name in e.attrs and (value is None or e.attrs[name] == value)]

    def querySelector(self, selector: str):  # noqa: N802
        # only the forms the UI code uses: [data-testid=x], [data-option="x"] and a tag among the descendants
        if not selector.startswith("["):
            return next((e for e in self.walk() if e is not self and e.tag == selector), None)
        name, value = selector.strip("[]").split("=")
        found = self.select(name, value.strip('"'))
        return found[0] if found else None

    def click(self) -> None:
        assert not self.disabled, "clicked a disabled control"
        self.fire("click")

    def dump(self) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in sorted(self.attrs.items()))
        inner = "".join(c.dump() for c in self.children)
        return f"<{self.tag}{attrs}>{inner}</{self.tag}>"


def h(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Element:
    element = Element(tag)
    for name, value in (attrs or {}).items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        element.setAttribute(name, "" if value is True else str(value))
    _append(element, *children)
    if tag == "select":  # as a browser does: the value of the option marked selected, else of the first
        options = [child for child in element.children if isinstance(child, Element) and child.tag == "option"]
        chosen = next((option for option in options if "selected" in option.attrs), options[0] if options else None)
        element.value = chosen.attrs.get("value", "") if chosen is not None else ""
    return element


def tree(node: Any) -> Any:
    """``pyapp.ui.browser.dom.tree``: a ``[tag, attrs, *children]`` tree (``pyapp.drawing.tree.node``) as elements."""
    if isinstance(node, str):
        return node
    tag, attrs, *children = node
    return h(tag, attrs, *[tree(child) for child in children])


def _append(parent: Element, *children: Any) -> None:
    for child in children:
        if child is None:
            continue
        if isinstance(child, (list, tuple)):
            _append(parent, *child)
        elif isinstance(child, str):
            parent.appendChild(Text(child))
        else:
            parent.appendChild(child)


def on(element: Element, event: str, handler, *, capture: bool = False, prevent=None) -> Element:
    element.addEventListener(event, handler)
    return element


def clear(element: Element, *children) -> None:
    element.replaceChildren(*children)


FAKED = ("pyscript", "pyscript.ffi", "pyodide", "pyodide.ffi", "pyapp.ui.browser.dom", "pyapp.ui.browser.page", "pyapp.ui.browser.local_storage", "pyapp.ui.browser.game_lock", "pyapp.ui.table.hint_button", "pyapp.ui.table.table",
         "pyapp.ui.table.game_ui", "pyapp.ui.table.table_host", "pyapp.ui.table.table_head", "pyapp.ui.table.kept", "pyapp.ui.table.ownership",
         "pyapp.ui.table.pacing", "pyapp.ui.table.watchdog", "pyapp.ui.table.setup_form", "pyapp.ui.table.taps", "pyapp.ui.table.deal_check", "pyapp.ui.table.sheet",
         "pyapp.ui.saves.replay_revealed")


def load_ui(module_name: str):
    """Import ``module_name`` (a game UI module) over the fake DOM; returns (module, saved sys.modules entries)."""
    import importlib

    faked = (*FAKED, module_name)
    saved = {name: sys.modules.pop(name) for name in faked if name in sys.modules}
    _unbind(faked)  # ``from pyapp.ui import page`` reads the package's attribute before sys.modules
    dom = types.ModuleType("pyapp.ui.browser.dom")
    dom.h, dom.on, dom.clear, dom.append, dom.tree = h, on, clear, _append, tree
    dom.svg = h  # an SVG element is an element to the fake DOM
    dom.Prevent = lambda **rule: rule  # default actions are the browser's: the fake DOM has none
    dom.found = lambda node: node is not None
    sys.modules["pyapp.ui.browser.dom"] = dom
    pyscript = types.ModuleType("pyscript")
    pyscript.document = types.SimpleNamespace(activeElement=None)
    pyscript.window = types.SimpleNamespace()
    sys.modules["pyscript"] = pyscript
    ffi = types.ModuleType("pyscript.ffi")  # nothing converts: the fake DOM takes Python values
    ffi.create_proxy = ffi.to_js = lambda value, **options: value
    sys.modules["pyscript.ffi"] = ffi
    sys.modules["pyodide"] = types.ModuleType("pyodide")  # pyapp.ui.browser.page takes its converters from Pyodide
    sys.modules["pyodide.ffi"] = ffi
    storage = types.ModuleType("pyapp.ui.browser.local_storage")
    storage.shared_store = lambda: None
    sys.modules["pyapp.ui.browser.local_storage"] = storage
    locks = types.ModuleType("pyapp.ui.browser.game_lock")  # a table that never plays takes no lock
    locks.GameLock = locks.held_elsewhere = None
    sys.modules["pyapp.ui.browser.game_lock"] = locks
    return importlib.import_module(module_name), saved


def unload_ui(saved: dict, module_name: str) -> None:
    """Put back whatever ``load_ui(module_name)`` replaced."""
    for name in (*FAKED, module_name):
        sys.modules.pop(name, None)
    _unbind((*FAKED, module_name))
    sys.modules.update(saved)
    for name, module in saved.items():
        parent, _, child = name.rpartition(".")
        if parent in sys.modules:
            setattr(sys.modules[parent], child, module)


def _unbind(names: tuple[str, ...]) -> None:
    """Take ``names`` off their packages' attributes, so the next import finds the module in sys.modules."""
    for name in names:
        parent, _, child = name.rpartition(".")
        if parent in sys.modules and hasattr(sys.modules[parent], child):
            delattr(sys.modules[parent], child)


@contextlib.contextmanager
def ui_loaded(module_name: str, language: str = "en"):
    """``load_ui(module_name)`` in ``language`` for the duration of a ``with`` (a module fixture's body)."""
    from pyapp.i18n import set_language

    module, saved = load_ui(module_name)
    set_language(language)
    try:
        yield module
    finally:
        unload_ui(saved, module_name)


def module_ui(module_name: str):
    """An autouse module fixture that loads ``module_name`` and sets the test module's ``ui`` to it."""
    import pytest

    @pytest.fixture(scope="module", autouse=True)
    def loaded(request):
        with ui_loaded(module_name) as module:
            request.module.ui = module
            yield module

    return loaded


def render_table(module, state, viewer: int, acted: list | None = None, dismiss=None,
                 fingerprint: str | None = None) -> Element:
    """Render ``state`` as seen by ``viewer`` with a UI module from ``load_ui`` (``module.UI``).

    The viewer's seat is a person, the others "normal" computers; legal moves are
    offered when it is the viewer's turn, and chosen actions go to ``acted``;
    ``dismiss`` is the table's call when a summary waits for the person; ``fingerprint`` the deal's, in play.
    """
    from pyapp.play import Seat

    seats = [Seat(f"P{i}", "person" if i == viewer else "normal") for i in range(state.players)]
    legal = state.legal_actions() if state.current_player() == viewer else []
    ctx = module.TableContext(observation=state.observation(viewer), viewer=viewer, legal=legal, seats=seats,
                              act=(acted.append if acted is not None else (lambda a: None)), dismiss=dismiss,
                              fingerprint=fingerprint)
    return module.UI.render(ctx)
