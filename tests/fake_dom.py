"""A minimal stand-in for the browser DOM, enough to run a game UI module in CPython.

``load_ui(module_name)`` imports a table (e.g. ``pyapp.ui.dieci``) over fake ``pyapp.ui.dom`` and
``pyapp.ui.local_storage`` modules (the real ones need Pyodide), so the table
can be rendered and clicked in tests; ``unload_ui`` restores ``sys.modules``.
"""

from __future__ import annotations

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


class Element:
    def __init__(self, tag: str) -> None:
        self.tag = tag
        self.attrs: dict[str, str] = {}
        self.children: list[Any] = []
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
            self.children.append(Text(node) if isinstance(node, str) else node)

    def appendChild(self, node: Any) -> None:  # noqa: N802
        self.children.append(node)

    def replaceChildren(self) -> None:  # noqa: N802
        self.children = []

    def addEventListener(self, event: str, handler) -> None:  # noqa: N802
        self.listeners.setdefault(event, []).append(handler)

    def fire(self, name: str, **fields: Any) -> None:
        """Dispatch an event ``name`` whose object carries ``fields``."""
        event = types.SimpleNamespace(preventDefault=lambda: None, **fields)
        for handler in self.listeners.get(name, []):
            handler(event)

    def focus(self) -> None:
        self.focused = True
        self.fire("focus")

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
        # only the forms the UI code uses: [data-testid=x] and [data-option="x"]
        name, value = selector.strip("[]").split("=")
        found = self.select(name, value.strip('"'))
        return found[0] if found else None

    def click(self) -> None:
        assert not self.disabled, "clicked a disabled control"
        for handler in self.listeners.get("click", []):
            handler(None)

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
    return element


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


def on(element: Element, event: str, handler) -> Element:
    element.addEventListener(event, handler)
    return element


def clear(element: Element) -> None:
    element.replaceChildren()


def set_style(element: Element, declarations: str) -> None:
    element.setAttribute("style", declarations)


FAKED = ("pyscript", "pyapp.ui.dom", "pyapp.ui.local_storage", "pyapp.ui.table")


def load_ui(module_name: str):
    """Import ``module_name`` (a game UI module) over the fake DOM; returns (module, saved sys.modules entries)."""
    import importlib

    faked = (*FAKED, module_name)
    saved = {name: sys.modules.pop(name) for name in faked if name in sys.modules}
    dom = types.ModuleType("pyapp.ui.dom")
    dom.h, dom.on, dom.clear, dom.append = h, on, clear, _append
    dom.found = lambda node: node is not None
    dom.set_style = set_style
    sys.modules["pyapp.ui.dom"] = dom
    pyscript = types.ModuleType("pyscript")
    pyscript.document = types.SimpleNamespace(activeElement=None)
    pyscript.window = types.SimpleNamespace()
    sys.modules["pyscript"] = pyscript
    storage = types.ModuleType("pyapp.ui.local_storage")
    storage.shared_store = lambda: None
    sys.modules["pyapp.ui.local_storage"] = storage
    return importlib.import_module(module_name), saved


def unload_ui(saved: dict, module_name: str) -> None:
    """Put back whatever ``load_ui(module_name)`` replaced."""
    for name in (*FAKED, module_name):
        sys.modules.pop(name, None)
    sys.modules.update(saved)


def render_table(module, state, viewer: int, acted: list | None = None) -> Element:
    """Render ``state`` as seen by ``viewer`` with a UI module from ``load_ui`` (``module.UI``).

    The viewer's seat is a person, the others "normal" computers; legal moves are
    offered when it is the viewer's turn, and chosen actions go to ``acted``.
    """
    from pyapp.play import Seat

    seats = [Seat(f"P{i}", "person" if i == viewer else "normal") for i in range(state.players)]
    legal = state.legal_actions() if state.current_player() == viewer else []
    ctx = module.TableContext(observation=state.observation(viewer), viewer=viewer, legal=legal, seats=seats,
                              act=(acted.append if acted is not None else (lambda a: None)))
    return module.UI.render(ctx)
