"""The page's elements as plain Python objects, for Python that runs off the page's main thread (issue 34).

A worker has no ``document``.  There the screens draw into this mirror with the
same calls they make on the page (``querySelector``, ``append``, ``textContent``,
``dataset``, ``focus()``…), and every change is written down as an *op*, a short
JSON list, which :mod:`pyapp.ui.worker.worker_page` sends to the page in one message per
task; ``web/worker_page.js`` applies them.  Reads never leave the worker: the
mirror holds what the page holds, because every change to the page's elements
is either one of its ops or an event the page reports (a focus, a field's value).

Every node has an id the page shares: the page's own elements (the static shell)
are *adopted* from a snapshot the page sends (:meth:`Document.adopt`), new ones
get the next id.  A node the worker forgets (out of the tree and unreferenced)
is freed on the page too (``FORGET``), so neither side grows with a long game.

The ops (``OP``, declared with their fields and meaning in :mod:`pyapp.ui.browser.protocol`, which the
page's ``web/worker_page.js`` reads too) create nodes, place, replace and remove them, set attributes,
properties and texts, call methods, forward events, rename a page's element a redraw drew over
(``RENAME``) and forget freed nodes (``FORGET``).
"""

from __future__ import annotations

import json
import re
import types
import weakref
from collections.abc import Callable, Iterator
from typing import Any

from pyapp.ui.browser.motion import FRESH_KEYS
from pyapp.ui.browser.protocol import OP

Op = list[Any]

BOOLEAN_ATTRIBUTES = ("disabled", "hidden", "open", "checked", "readonly", "required", "selected", "multiple")
"""Attributes the DOM also shows as a true/false property (``button.disabled = True``)."""
STATEFUL = frozenset({"input", "textarea", "select", "option", "dialog", "details", "iframe", "video", "audio", "canvas"})
"""Elements whose page element holds state the mirror does not (typed text, open, playing): never drawn over."""
IDENTITY = FRESH_KEYS
"""What an element is, for ``web/motion.js`` (``pyapp.ui.browser.motion``): an element is only drawn over by the same
card, cell or section (a stack that grew is the same cell: motion.js marks it fresh again)."""
TEXT_PROPERTIES = {"id": "id", "name": "name", "type": "type", "className": "class", "title": "title",
                   "href": "href", "lang": "lang", "htmlFor": "for", "tabIndex": "tabindex"}
"""Properties that are an attribute's text (``element.id``)."""
SEEN_EVERY = 32
"""The page reports applying every this many batches (:meth:`Document.asks`): a long game with no tap keeps
few renames."""


def forward_op(node_id: int, kind: str, capture: bool) -> Op:
    """The ``LISTEN`` op that has the page forward ``kind`` events of a node (in the capture phase if ``capture``)."""
    return [OP.LISTEN, node_id, kind, None, True] if capture else [OP.LISTEN, node_id, kind, None]


def js_text(value: Any) -> str:
    """``value`` as JavaScript's ``String(value)`` writes it (``True`` → ``"true"``, ``2.0`` → ``"2"``).

    >>> [js_text(v) for v in (True, None, 2.0, 2.5, 3, "x")]
    ['true', 'null', '2', '2.5', '3', 'x']
    """
    if value is True or value is False:
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Ops:
    """The changes not yet sent, and the ids: one per document (the page's and the worker's view of it)."""

    def __init__(self, first_id: int = 1) -> None:
        self.pending: list[Op] = []
        self.next_id = first_id
        self.freed: list[int] = []
        self.wanted: Callable[[], None] | None = None
        """Called at the first op after a flush (the worker schedules the next send there)."""
        self.batch = 0
        """The batches sent to the page so far: an op added now goes in batch ``batch + 1``, a *drawing* the page
        names in each event it forwards (the last batch it applied before the event)."""

    def add(self, op: Op) -> None:
        if not self.pending and not self.freed and self.wanted is not None:
            self.wanted()
        self.pending.append(op)

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def free(self, node_id: int) -> None:
        if not self.pending and not self.freed and self.wanted is not None:
            self.wanted()
        self.freed.append(node_id)

    def take(self) -> list[Op]:
        """The ops to send now (the forgotten nodes last: an op of this batch may still name one)."""
        ops, self.pending = self.pending, []
        if self.freed:
            ops.append([OP.FORGET, self.freed])
            self.freed = []
        return ops


# -- selectors ---------------------------------------------------------------------------------

_COMPOUND = re.compile(r"""
    (?P<tag>[a-zA-Z][\w-]*|\*)?
    (?P<rest>(?:\#[\w-]+|\.[\w-]+|\[[^\]]+\]|:not\([^)]*\)|:checked)*)
""", re.X)
_PART = re.compile(r"""\#(?P<id>[\w-]+)|\.(?P<cls>[\w-]+)|\[(?P<attr>[^\]]+)\]|:not\((?P<not>[^)]*)\)|(?P<checked>:checked)""")
_ATTR = re.compile(r"""^\s*([\w-]+)\s*(?:([~^$*|]?=)\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+)))?\s*$""")


class SelectorError(ValueError):
    """A selector the mirror does not read (the page's own ``querySelector`` would read more)."""


def _compound(text: str) -> Callable[[Element], bool]:
    """A test for one compound selector (``tag#id.class[attr=value]:not(…)``)."""
    match = _COMPOUND.fullmatch(text)
    if not text or match is None:
        raise SelectorError(f"cannot read the selector {text!r}")
    tests: list[Callable[[Element], bool]] = []
    tag = match["tag"]
    if tag and tag != "*":
        tests.append(lambda element, tag=tag.lower(): element.tag == tag)
    for part in _PART.finditer(match["rest"] or ""):
        if part["id"]:
            tests.append(lambda element, value=part["id"]: element.attrs.get("id") == value)
        elif part["cls"]:
            tests.append(lambda element, value=part["cls"]: value in element.attrs.get("class", "").split())
        elif part["checked"]:
            tests.append(lambda element: element.checked)
        elif part["not"] is not None:
            inner = _compound(part["not"].strip())
            tests.append(lambda element, inner=inner: not inner(element))
        else:
            tests.append(_attribute(part["attr"]))
    return lambda element: all(test(element) for test in tests)


def _attribute(text: str) -> Callable[[Element], bool]:
    found = _ATTR.match(text)
    if found is None:
        raise SelectorError(f"cannot read the attribute selector [{text}]")
    name, operator = found[1].lower(), found[2]
    value = next((group for group in found.groups()[2:] if group is not None), "")
    if operator is None:
        return lambda element: name in element.attrs
    checks: dict[str, Callable[[str], bool]] = {
        "=": lambda have: have == value,
        "~=": lambda have: value in have.split(),
        "^=": lambda have: bool(value) and have.startswith(value),
        "$=": lambda have: bool(value) and have.endswith(value),
        "*=": lambda have: bool(value) and value in have,
        "|=": lambda have: have == value or have.startswith(value + "-"),
    }
    check = checks[operator]
    return lambda element: name in element.attrs and check(element.attrs[name])


def compile_selector(selector: str) -> Callable[[Element], bool]:
    """A test for ``selector``: compound selectors joined by spaces (descendant) or ``>`` (child), in comma lists.

    >>> doc = Document(Ops())
    >>> card = doc.createElement("div"); card.setAttribute("class", "card red"); card.dataset.card = "7S"
    >>> compile_selector('div.card[data-card="7S"]')(card), compile_selector(".card:not(.red)")(card)
    (True, False)
    """
    alternatives = []
    for branch in _split(selector, ","):
        steps = _steps(branch)
        if not steps or steps[0] == ">" or steps[-1] == ">":
            raise SelectorError(f"cannot read the selector {selector!r}")
        alternatives.append(_chain(steps))
    return lambda element: any(test(element) for test in alternatives)


def _outside(text: str) -> Iterator[tuple[int, str, bool]]:
    """Each character of ``text`` with its index, and whether it is outside brackets and quotes."""
    depth, quote = 0, ""
    for index, char in enumerate(text):
        outside = False
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char in "[(":
            depth += 1
        elif char in "])":
            depth -= 1
        else:
            outside = depth == 0
        yield index, char, outside


def _split(text: str, separator: str) -> list[str]:
    """``text`` split at ``separator`` outside brackets and quotes."""
    parts, start = [], 0
    for index, char, outside in _outside(text):
        if outside and char == separator:
            parts.append(text[start:index])
            start = index + 1
    parts.append(text[start:])
    return parts


def _steps(branch: str) -> list[str]:
    """One branch's compound selectors and ``>`` combinators (a space in a quoted value is no combinator).

    >>> _steps('.board > [data-action="remove stack 1,2"] .x')
    ['.board', '>', '[data-action="remove stack 1,2"]', '.x']
    """
    steps, word = [], ""
    for _, char, outside in _outside(branch):
        if outside and (char.isspace() or char == ">"):
            steps += [word] if word else []
            steps += [">"] if char == ">" else []
            word = ""
        else:
            word += char
    return steps + ([word] if word else [])


def _chain(steps: list[str]) -> Callable[[Element], bool]:
    """The test for one branch: the last compound matches the element, the others its ancestors in order."""
    tests: list[tuple[str, Callable[[Element], bool]]] = []
    combinator = " "
    for step in steps:
        if step == ">":
            combinator = ">"
            continue
        tests.append((combinator, _compound(step)))
        combinator = " "

    def matches(element: Element, index: int) -> bool:
        if not tests[index][1](element):
            return False
        if index == 0:
            return True
        combinator = tests[index][0]
        parent = element.parentElement
        while parent is not None:
            if matches(parent, index - 1):
                return True
            if combinator == ">":
                return False
            parent = parent.parentElement
        return False

    return lambda element: matches(element, len(tests) - 1)


# -- nodes -------------------------------------------------------------------------------------


class Node:
    """A node with an id shared with the page; its parent is known, its children are held."""

    nodeType = 0

    def __init__(self, document: Document | None, node_id: int) -> None:
        self.ownerDocument = document
        self.id_ = node_id
        self.parentNode: Node | None = None
        self.childNodes: list[Node] = []
        self.born = False
        """Whether the page has this node (see :meth:`Document.build`): until then its changes are its state alone."""

    def __del__(self) -> None:
        document = self.ownerDocument
        if document is not None and not document.closed and self.born:
            document.ops.free(self.id_)

    @property
    def parentElement(self) -> Element | None:  # noqa: N802
        parent = self.parentNode
        return parent if isinstance(parent, Element) else None

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(child.textContent for child in self.childNodes)

    def contains(self, other: Any) -> bool:
        node = other
        while node is not None:
            if node is self:
                return True
            node = node.parentNode
        return False

    def isSameNode(self, other: Any) -> bool:  # noqa: N802
        return other is self

    def _detach(self) -> None:
        if self.parentNode is not None:
            self.parentNode.childNodes.remove(self)
            self.parentNode = None

    def remove(self) -> None:
        if self.parentNode is not None:
            self._detach()
            self._op([OP.REMOVE, self.id_])

    def _op(self, op: Op) -> None:
        """Record ``op`` if the page has this node (a node it has not got yet goes whole, when attached)."""
        if self.born and self.ownerDocument is not None:
            self.ownerDocument.ops.add(op)


class Text(Node):
    nodeType = 3

    def __init__(self, document: Document | None, node_id: int, data: str) -> None:
        super().__init__(document, node_id)
        self.data = data

    @property
    def textContent(self) -> str:  # noqa: N802
        return self.data


class ClassList:
    """``element.classList``: the ``class`` attribute as a set of names, written back as an attribute."""

    def __init__(self, element: Element) -> None:
        self._element = element

    def _names(self) -> list[str]:
        return self._element.attrs.get("class", "").split()

    def contains(self, name: str) -> bool:
        return name in self._names()

    def add(self, *names: str) -> None:
        have = self._names()
        self._element.setAttribute("class", " ".join(dict.fromkeys(have + list(names))))

    def remove(self, *names: str) -> None:
        self._element.setAttribute("class", " ".join(name for name in self._names() if name not in names))

    def toggle(self, name: str, force: bool | None = None) -> bool:
        on = not self.contains(name) if force is None else force
        (self.add if on else self.remove)(name)
        return on


class Dataset:
    """``element.dataset``: ``data-*`` attributes by their camel-case names; a missing one reads None."""

    def __init__(self, element: Element) -> None:
        object.__setattr__(self, "_element", element)

    @staticmethod
    def _attribute(key: str) -> str:
        return "data-" + re.sub(r"[A-Z]", lambda upper: "-" + upper[0].lower(), key)

    def __getattr__(self, key: str) -> str | None:
        return self._element.attrs.get(self._attribute(key))

    def __setattr__(self, key: str, value: Any) -> None:
        self._element.setAttribute(self._attribute(key), js_text(value))

    def __delattr__(self, key: str) -> None:
        self._element.removeAttribute(self._attribute(key))


class Listener:
    __slots__ = ("handler", "capture")

    def __init__(self, handler: Callable[[Any], None], capture: bool) -> None:
        self.handler, self.capture = handler, capture


class Element(Node):
    """An element: attributes, children, listeners, and the few properties the page may change (value, focus)."""

    nodeType = 1

    def __init__(self, document: Document | None, node_id: int, tag: str, namespace: str = "") -> None:
        super().__init__(document, node_id)
        self.tag = tag if namespace else tag.lower()
        self.namespace = namespace
        self.attrs: dict[str, str] = {}
        self.listeners: dict[str, list[Listener]] = {}
        self.forwarded: set[tuple[str, bool]] = set()
        """The kinds, and phases (capture or not), the page forwards from this element."""
        self.prevents: list[tuple[str, str]] = []
        """The default actions the page refuses here: ``(kind, rule)`` (``dom.Prevent``'s JSON)."""
        self._value: str | None = None
        self._checked: bool | None = None

    # -- attributes and properties ------------------------------------------------------------

    @property
    def tagName(self) -> str:  # noqa: N802
        return self.tag if self.namespace else self.tag.upper()

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attrs.get(name.lower() if not self.namespace else name)

    def hasAttribute(self, name: str) -> bool:  # noqa: N802
        return self.getAttribute(name) is not None

    def setAttribute(self, name: str, value: Any) -> None:  # noqa: N802
        name = name if self.namespace else name.lower()
        text = js_text(value)
        self.attrs[name] = text  # an op even for the same value: the page records a mutation, as for a script's
        self._op([OP.SET_ATTRIBUTE, self.id_, name, text])

    def removeAttribute(self, name: str) -> None:  # noqa: N802
        name = name if self.namespace else name.lower()
        if self.attrs.pop(name, None) is not None:
            self._op([OP.SET_ATTRIBUTE, self.id_, name, None])

    def toggleAttribute(self, name: str, force: bool | None = None) -> bool:  # noqa: N802
        on = not self.hasAttribute(name) if force is None else force
        if on:
            self.setAttribute(name, "")
        else:
            self.removeAttribute(name)
        return on

    @property
    def classList(self) -> ClassList:  # noqa: N802
        return ClassList(self)

    @property
    def dataset(self) -> Dataset:
        return Dataset(self)

    def __getattr__(self, name: str) -> Any:
        if name in BOOLEAN_ATTRIBUTES:
            return name in self.attrs
        if name in TEXT_PROPERTIES:
            return self.attrs.get(TEXT_PROPERTIES[name], "")
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in BOOLEAN_ATTRIBUTES and name != "checked":
            self.toggleAttribute(name, bool(value))
        elif name in TEXT_PROPERTIES:
            self.setAttribute(TEXT_PROPERTIES[name], value)
        else:
            object.__setattr__(self, name, value)

    @property
    def value(self) -> str:
        if self._value is not None:
            return self._value
        if self.tag == "textarea":
            return self.textContent
        if self.tag == "select":  # the selected option's, else the first one's
            options = self.querySelectorAll("option")
            chosen = next((option for option in options if "selected" in option.attrs), options[0] if options else None)
            return chosen.value if chosen is not None else ""
        if self.tag == "option" and "value" not in self.attrs:
            return self.textContent
        return self.attrs.get("value", "")

    @value.setter
    def value(self, text: Any) -> None:
        self._value = js_text(text)
        self._op([OP.SET_PROPERTY, self.id_, "value", self._value])

    @property
    def checked(self) -> bool:
        return self._checked if self._checked is not None else "checked" in self.attrs

    @checked.setter
    def checked(self, on: Any) -> None:
        self._checked = bool(on)
        self._op([OP.SET_PROPERTY, self.id_, "checked", self._checked])

    def reported(self, value: str | None, checked: bool | None) -> None:
        """What the page says the person typed or ticked (no op: the page has it already)."""
        if value is not None:
            self._value = value
        if checked is not None:
            self._checked = checked

    def reported_open(self, is_open: bool) -> None:
        """The page says this dialog or ``<details>`` is open or not (Escape closes a dialog there; no op)."""
        if is_open:
            self.attrs["open"] = ""
        else:
            self.attrs.pop("open", None)

    # -- children -----------------------------------------------------------------------------

    @property
    def children(self) -> list[Element]:
        return [child for child in self.childNodes if isinstance(child, Element)]

    @property
    def firstChild(self) -> Node | None:  # noqa: N802
        return self.childNodes[0] if self.childNodes else None

    @property
    def lastChild(self) -> Node | None:  # noqa: N802
        return self.childNodes[-1] if self.childNodes else None

    def _nodes(self, items: tuple[Any, ...]) -> list[Node]:
        document = self.ownerDocument
        nodes = []
        for item in items:
            if isinstance(item, Node):
                nodes.append(item)
            elif document is not None:
                nodes.append(document.createTextNode(js_text(item)))
        return nodes

    def _adopt(self, nodes: list[Node], index: int | None = None) -> None:
        for node in nodes:
            if node.contains(self):
                raise ValueError("a node cannot go inside itself")
            node._detach()
            node.parentNode = self
        if index is None:
            self.childNodes.extend(nodes)
        else:
            self.childNodes[index:index] = nodes

    def _unplaced(self, nodes: list[Node]) -> None:
        """``nodes`` went in here: if the page has not got this element, it takes out those it has (as the DOM would)."""
        if not self.born:
            for node in nodes:
                node._op([OP.REMOVE, node.id_])

    def append(self, *items: Any) -> None:
        nodes = self._nodes(items)
        if nodes:
            self._adopt(nodes)
            self._unplaced(nodes)
            if self.born and self.ownerDocument is not None:
                for node in nodes:
                    self.ownerDocument.build(node)
            self._op([OP.APPEND, self.id_, [node.id_ for node in nodes]])

    def appendChild(self, node: Node) -> Node:  # noqa: N802
        self.append(node)
        return node

    def replaceChildren(self, *items: Any) -> None:  # noqa: N802
        """The DOM's; on the page, children drawn like the ones they replace take over those (:meth:`Document.place`)."""
        nodes = self._nodes(items)
        olds = list(self.childNodes)
        for child in olds:
            child.parentNode = None
        self.childNodes = []
        self._adopt(nodes)
        self._unplaced(nodes)
        if self.born and self.ownerDocument is not None:
            self.ownerDocument.place(self, olds, nodes)

    def replaceWith(self, *items: Any) -> None:  # noqa: N802
        parent = self.parentNode
        if parent is None:
            return
        nodes = [node for node in self._nodes(items) if node is not self]
        index = parent.childNodes.index(self)
        self._detach()
        for node in nodes:
            node._detach()
        index = min(index, len(parent.childNodes))
        for node in nodes:
            node.parentNode = parent
        parent.childNodes[index:index] = nodes
        parent._unplaced(nodes)
        document = self.ownerDocument
        if not parent.born or document is None:
            return
        if len(nodes) == 1 and document.morphs(self, nodes[0], set()):
            document.morph(self, nodes[0], set())
            return
        for node in nodes:
            document.build(node)
        self._op([OP.REPLACE_WITH, self.id_, [node.id_ for node in nodes]])

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(child.textContent for child in self.childNodes)

    @textContent.setter
    def textContent(self, text: Any) -> None:  # noqa: N802
        text = "" if text is None else js_text(text)
        if self.textContent == text and len(self.childNodes) <= 1:
            return
        self.replaceChildren(*([text] if text else []))

    # -- finding ------------------------------------------------------------------------------

    def descendants(self) -> Iterator[Element]:
        for child in self.childNodes:
            if isinstance(child, Element):
                yield child
                yield from child.descendants()

    def querySelector(self, selector: str) -> Element | None:  # noqa: N802
        test = compile_selector(selector)
        return next((element for element in self.descendants() if test(element)), None)

    def querySelectorAll(self, selector: str) -> list[Element]:  # noqa: N802
        test = compile_selector(selector)
        return [element for element in self.descendants() if test(element)]

    def matches(self, selector: str) -> bool:
        return compile_selector(selector)(self)

    def closest(self, selector: str) -> Element | None:
        test = compile_selector(selector)
        node: Element | None = self
        while node is not None:
            if test(node):
                return node
            node = node.parentElement
        return None

    # -- events and actions -------------------------------------------------------------------

    def addEventListener(self, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:  # noqa: N802
        capture = bool(capture)
        # the page forwards each kind once per phase, to whichever listeners are here then
        if not any(listener.capture == capture for listener in self.listeners.get(kind, [])) \
                and (kind, capture) not in self.forwarded:
            self.forwarded.add((kind, capture))
            self._op(forward_op(self.id_, kind, capture))
        self.listeners.setdefault(kind, []).append(Listener(handler, capture))

    def removeEventListener(self, kind: str, handler: Callable[[Any], None], capture: bool = False) -> None:  # noqa: N802
        listeners = self.listeners.get(kind, [])
        for listener in listeners:
            if listener.handler is handler and listener.capture == bool(capture):
                listeners.remove(listener)
                break

    def prevent(self, kind: str, rule: str) -> None:
        """Ask the page to refuse ``kind``'s default action by ``rule`` (``dom.Prevent``'s JSON), at the event itself."""
        self.prevents.append((kind, rule))
        self._op([OP.LISTEN, self.id_, kind, rule])

    def _call(self, method: str) -> None:
        """Call ``method`` on the page's element; only a click does anything to one not in the document
        (a download's link), so only a click makes the page build it first."""
        if method == "click" and not self.born and self.ownerDocument is not None:
            self.ownerDocument.build(self)
        self._op([OP.CALL, self.id_, method])

    def focus(self, *options: Any) -> None:
        if self.ownerDocument is not None:
            self.ownerDocument.focused = self
        self._call("focus")

    def blur(self) -> None:
        if self.ownerDocument is not None and self.ownerDocument.focused is self:
            self.ownerDocument.focused = None
        self._call("blur")

    def select(self) -> None:
        self._call("select")

    def click(self) -> None:
        self._call("click")

    def showModal(self) -> None:  # noqa: N802
        self.attrs["open"] = ""  # the page's showModal() sets it (an open dialog would refuse the call)
        self._call("showModal")

    def close(self) -> None:
        self.attrs.pop("open", None)
        self._call("close")

    def scrollIntoView(self, *options: Any) -> None:  # noqa: N802
        self._call("scrollIntoView")


class Event:
    """An event the page reported, dispatched through the mirror (capture, target, bubbling)."""

    def __init__(self, kind: str, target: Element, fields: dict[str, Any]) -> None:
        self.type = kind
        self.target = target
        self.currentTarget: Element | None = None
        self.defaultPrevented = False
        self.stopped = False
        self.key = fields.get("key")
        self.detail = fields.get("detail", 0)
        self.timeStamp: float | None = fields.get("timeStamp")
        """The page's time of the event (ms, ``performance.now()``'s clock): when the person acted, not when the
        worker heard of it."""
        self.drawing: int | None = fields.get("drawing")
        """The batch of ops the page had applied last when the event happened: which drawing the person saw."""
        for name in ("shiftKey", "ctrlKey", "altKey", "metaKey", "repeat", "persisted"):
            setattr(self, name, bool(fields.get(name, False)))
        self.newValue = fields.get("newValue")
        self.dataTransfer: Any = None

    def preventDefault(self) -> None:  # noqa: N802
        """Too late to refuse anything on the page (``dom.Prevent`` does it there); kept for what reads it."""
        self.defaultPrevented = True

    def stopPropagation(self) -> None:  # noqa: N802
        self.stopped = True


class Document:
    """The mirror of one page's document: its ``body``, ``documentElement``, title and focus, and the ops."""

    def __init__(self, ops: Ops) -> None:
        self.ops = ops
        self.closed = False
        self.documentElement = Element(self, 0, "html")
        self.documentElement.born = True
        self.body: Element | None = None
        self._focused: Callable[[], Element | None] = lambda: None
        self.nodes: weakref.WeakValueDictionary[int, Node] = weakref.WeakValueDictionary()
        """Every node by id while the worker holds it (the tree holds its nodes; a dropped one is freed)."""
        self.stopped = -1
        """The number of the last event a handler stopped: the page's next listeners of it are not called."""
        self.hidden = False
        """Whether the page's tab is in the background (the page says so)."""
        self.event: Event | None = None
        """The event whose listeners run now (the DOM's ``window.event``): what a handler judges a tap by."""
        self.renamed: dict[int, tuple[int, int]] = {}
        """Each page element a redraw drew over (``RENAME``): its old id → its new id and the batch that renamed it,
        until the page has applied that batch (an event it sent before names the old id)."""
        self.painting: dict[int, Callable[[float], None]] = {}
        """Batches the page is to report applying (:meth:`when_painted`): the callback of each."""

    def __del__(self) -> None:
        self.closed = True

    def createElement(self, tag: str, attrs: dict[str, str] | None = None, namespace: str = "") -> Element:  # noqa: N802
        """A new element; ``attrs`` (texts) go in its one op (``web/dom.js`` sets ``style`` through the CSSOM)."""
        element = Element(self, self.ops.new_id(), tag, namespace)
        element.attrs = dict(attrs or {})
        self.nodes[element.id_] = element
        return element

    def createElementNS(self, namespace: str, tag: str) -> Element:  # noqa: N802
        return self.createElement(tag, namespace="svg")

    def createTextNode(self, text: str) -> Text:  # noqa: N802
        node = Text(self, self.ops.new_id(), text)
        self.nodes[node.id_] = node
        return node

    # -- drawing on the page ----------------------------------------------------------------

    def build(self, node: Node) -> None:
        """Give the page ``node`` as it is now, with what it holds (a node the page has stays as it is)."""
        if node.born:
            return
        node.born = True
        if isinstance(node, Text):
            self.ops.add([OP.TEXT, node.id_, node.data])
            return
        assert isinstance(node, Element)
        self.ops.add([OP.ELEMENT, node.id_, node.tag, node.namespace, [part for pair in node.attrs.items() for part in pair]])
        for child in node.childNodes:
            self.build(child)
        if node.childNodes:
            self.ops.add([OP.APPEND, node.id_, [child.id_ for child in node.childNodes]])
        for kind, capture in sorted(node.forwarded):
            self.ops.add(forward_op(node.id_, kind, capture))
        for kind, rule in node.prevents:
            self.ops.add([OP.LISTEN, node.id_, kind, rule])
        if node._value is not None:
            self.ops.add([OP.SET_PROPERTY, node.id_, "value", node._value])
        if node._checked is not None:
            self.ops.add([OP.SET_PROPERTY, node.id_, "checked", node._checked])

    def place(self, parent: Element, olds: list[Node], news: list[Node]) -> None:
        """``news`` are ``parent``'s children now, ``olds`` were (the page has ``parent`` and ``olds``).

        A redraw builds the table again; the page need not.  Each new child drawn like the old one in its
        place (:meth:`morphs`) takes over that one's element on the page, which changes only where they differ,
        so a move costs the page the few elements it changed, not the whole table.
        """
        reused: set[int] = set()
        stack = list(news)
        while stack:  # nodes the page has, moved into the new drawing: they are not drawn over
            node = stack.pop()
            if node.born:
                reused.add(id(node))
            else:
                stack.extend(node.childNodes)
        self._fill(parent, olds, news, reused)

    def _fill(self, parent: Element, olds: list[Node], news: list[Node], reused: set[int]) -> None:
        """Children by place: each new one drawn over the old one there, or put in its place (``REPLACE_WITH``); those past
        the old ones appended, the old ones past the new removed.  Nodes moved in from elsewhere: all again (``REPLACE_CHILDREN``)."""
        moved = any(new.born and (index >= len(olds) or new is not olds[index]) for index, new in enumerate(news)) \
            or any(id(old) in reused for old in olds)
        for index, new in enumerate(news):
            old = olds[index] if index < len(olds) else None
            if new is old:
                continue
            if old is not None and self.morphs(old, new, reused):
                self.morph(old, new, reused)
                continue
            self.build(new)
            if old is not None and not moved:
                self.ops.add([OP.REPLACE_WITH, old.id_, [new.id_]])
        if moved:
            self.ops.add([OP.REPLACE_CHILDREN, parent.id_, [node.id_ for node in news]])
            return
        if len(news) > len(olds):
            self.ops.add([OP.APPEND, parent.id_, [node.id_ for node in news[len(olds):]]])
        for old in olds[len(news):]:
            self.ops.add([OP.REMOVE, old.id_])

    def morphs(self, old: Node, new: Node, reused: set[int]) -> bool:
        """Whether ``new`` may take over ``old``'s element on the page: the same kind of node, showing the same thing.

        Not when the page's element holds what a new one would not: a field's typed value, a dialog's or a
        ``<details>``' open state (the focus stays: a redraw puts it back where it was anyway).  Not across
        identities (:data:`IDENTITY`): a card that ``web/motion.js`` moves must be a new element, as on the main thread.
        """
        if not old.born or new.born or id(old) in reused or type(old) is not type(new):
            return False
        if isinstance(old, Text):
            return True
        assert isinstance(old, Element) and isinstance(new, Element)
        return (old.tag == new.tag and old.namespace == new.namespace and old.tag not in STATEFUL
                and all(old.attrs.get(name) == new.attrs.get(name) for name in IDENTITY)
                and all(prevent in new.prevents for prevent in old.prevents))

    def morph(self, old: Node, new: Node, reused: set[int]) -> None:
        """``new`` takes over ``old``'s element on the page (``RENAME``), changed where they differ."""
        self.ops.add([OP.RENAME, old.id_, new.id_])
        old.born, new.born = False, True
        self.renamed[old.id_] = (new.id_, self.ops.batch + 1)  # an event the page sent before reaches the new node
        if isinstance(old, Text) and isinstance(new, Text):
            if old.data != new.data:
                self.ops.add([OP.SET_TEXT, new.id_, new.data])
            return
        assert isinstance(old, Element) and isinstance(new, Element)
        for name in old.attrs:
            if name not in new.attrs:
                self.ops.add([OP.SET_ATTRIBUTE, new.id_, name, None])
        for name, value in new.attrs.items():
            if old.attrs.get(name) != value:
                self.ops.add([OP.SET_ATTRIBUTE, new.id_, name, value])
        for kind, capture in sorted(new.forwarded - old.forwarded):
            self.ops.add(forward_op(new.id_, kind, capture))
        new.forwarded |= old.forwarded
        for kind, rule in new.prevents:
            if (kind, rule) not in old.prevents:
                self.ops.add([OP.LISTEN, new.id_, kind, rule])
        self._fill(new, list(old.childNodes), new.childNodes, reused)

    @property
    def focused(self) -> Element | None:
        """The element last focused (held weakly: a removed one may go)."""
        return self._focused()

    @focused.setter
    def focused(self, element: Element | None) -> None:
        self._focused = weakref.ref(element) if element is not None else (lambda: None)

    @property
    def activeElement(self) -> Element | None:  # noqa: N802
        focused = self.focused
        return focused if focused is not None and self.documentElement.contains(focused) else self.body

    @property
    def title(self) -> str:
        """The ``<title>``'s text: the element the page shows, so a translation of it (``data-i18n``) and
        ``document.title`` write the same node."""
        return "".join(element.textContent for element in self._title())

    @title.setter
    def title(self, text: str) -> None:
        titles = self._title()
        if not titles:
            raise ValueError("the page has no <title>")
        titles[0].textContent = text

    def _title(self) -> list[Element]:
        """The first ``<title>`` (in ``<head>``: the walk stops there), or none."""
        found = next((element for element in self.documentElement.descendants() if element.tag == "title"), None)
        return [found] if isinstance(found, Element) else []

    def getElementById(self, element_id: str) -> Element | None:  # noqa: N802
        return next((element for element in self.documentElement.descendants()
                     if element.attrs.get("id") == element_id), None)

    def querySelector(self, selector: str) -> Element | None:  # noqa: N802
        return self.documentElement.querySelector(selector)

    def querySelectorAll(self, selector: str) -> list[Element]:  # noqa: N802
        return self.documentElement.querySelectorAll(selector)

    # -- the page's side --------------------------------------------------------------------

    def adopt(self, snapshot: dict[str, Any]) -> None:
        """Take the page as it is: ``{"html": attrs, "head": node, "body": node, "active": id,
        "next": id, "hidden"}`` (``head`` may be missing).

        A node is ``[id, tag, attrs, *children]`` or ``[id, text]`` (``web/worker_page.js``'s snapshot).
        """
        self.documentElement.attrs = dict(snapshot.get("html", {}))
        self.hidden = bool(snapshot.get("hidden", False))
        parts = [self._adopt_node(snapshot[part]) for part in ("head", "body") if part in snapshot]
        body = parts[-1]
        if not all(isinstance(part, Element) for part in parts):
            raise ValueError("the snapshot's head or body is not an element")
        for part in parts:
            part.parentNode = self.documentElement
        self.documentElement.childNodes = parts
        self.body = body
        self.ops.next_id = max(self.ops.next_id, int(snapshot["next"]))
        active = self.nodes.get(snapshot.get("active") or -1)
        self.focused = active if isinstance(active, Element) else None

    def _adopt_node(self, data: list[Any]) -> Node:
        node_id = int(data[0])
        if len(data) == 2:
            node: Node = Text(self, node_id, str(data[1]))
        else:
            element = Element(self, node_id, str(data[1]))
            element.attrs = {str(name): str(value) for name, value in data[2].items()}
            for child_data in data[3:]:
                child = self._adopt_node(child_data)
                child.parentNode = element
                element.childNodes.append(child)
            node = element
        node.born = True
        self.nodes[node_id] = node
        return node

    def node(self, node_id: int) -> Node | None:
        """The node the page calls ``node_id``, while the worker keeps it: after a redraw that drew over the
        page's element (however many, the page not having applied them yet), the node drawn there now."""
        while node_id in self.renamed:
            node_id = self.renamed[node_id][0]
        return self.nodes.get(node_id)

    def seen(self, drawing: int) -> None:
        """The page has applied every batch up to ``drawing``: it names no element by an id those batches renamed."""
        while self.renamed:
            old = next(iter(self.renamed))  # in the order renamed, so by batch
            if self.renamed[old][1] > drawing:
                return
            del self.renamed[old]

    def next_drawing(self) -> int:
        """The batch an op made now goes in: the drawing an event names once it happened on what this draws."""
        return self.ops.batch + 1

    def when_painted(self, callback: Callable[[float], None]) -> int:
        """Have the page report when it has applied the next batch (``callback`` gets the page's time of it, ms);
        returns that batch's number (:meth:`next_drawing`)."""
        drawing = self.next_drawing()
        self.painting[drawing] = callback
        return drawing

    def asks(self, drawing: int) -> bool:
        """Whether the page is to report applying batch ``drawing``: one a callback waits for, and every
        :data:`SEEN_EVERY`-th, so the renames it has applied are forgotten even when no event comes."""
        return drawing in self.painting or drawing % SEEN_EVERY == 0

    def painted(self, drawing: int, at: float) -> None:
        """The page applied batch ``drawing`` at its time ``at`` (ms)."""
        self.seen(drawing)
        callback = self.painting.pop(drawing, None)
        if callback is not None:
            callback(at)

    def dispatch(self, kind: str, number: int, current: int, path: list[int], fields: dict[str, Any],
                 files: Any = None, capture: bool = False) -> Event | None:
        """The page's event ``kind`` (its ``number``) at the element ``current`` whose listener forwarded it,
        aimed at the first element of ``path`` the worker knows (the target and its ancestors, innermost first).
        ``files``: a drop's (``event.dataTransfer.files``) or a file chooser's (``input.files``); ``capture``:
        the page's capture-phase forwarder sent it, for the capture listeners.

        The page calls each element's listener in the order events propagate there; an event a handler
        stopped reaches no further element."""
        element = self.node(current)
        target = next((node for node in map(self.node, path) if isinstance(node, Element)), element)
        if number == self.stopped or not isinstance(element, Element) or not isinstance(target, Element):
            if kind == "click" and number != self.stopped:  # a redraw unlike the tapped one freed its node
                print(f"pyapp: a click on node {current} came after it was redrawn: dropped")
            return None
        event = Event(kind, target, fields)
        event.currentTarget = element
        if files is not None:
            event.dataTransfer = types.SimpleNamespace(files=files)
            target.files = files
        self.event = event
        try:
            for listener in list(element.listeners.get(kind, [])):
                if listener.capture == capture:
                    listener.handler(event)
        finally:
            self.event = None
        if event.stopped:
            self.stopped = number
        return event


class Builder:
    """``web/dom.js``'s two functions (``window.pyappDom``) over a mirror document: what ``dom.h`` calls."""

    def __init__(self, document: Document) -> None:
        self.document = document

    def element(self, tag: str, count: int, *rest: Any) -> Element:
        """``<tag>`` with ``count`` name, value pairs, then its children (nodes or strings)."""
        attrs = {str(rest[index]): js_text(rest[index + 1]) for index in range(0, 2 * count, 2)}
        element = self.document.createElement(tag, attrs)
        element.append(*rest[2 * count:])
        return element

    def prevent(self, element: Element, kind: str, rule: str) -> None:
        """Refuse ``kind``'s default action on ``element`` by ``rule`` (``dom.Prevent``), on the page."""
        element.prevent(kind, rule)

    def tree(self, node: Any) -> Node:
        """An element tree ``[tag, {name: value}, *children]`` (strings as text) as nodes."""
        if isinstance(node, str):
            return self.document.createTextNode(node)
        tag, attrs, *children = node
        element = self.document.createElement(tag, {name: "" if value is True else js_text(value)
                                                    for name, value in attrs.items()})
        element.append(*[self.tree(child) for child in children])
        return element


def ops_text(ops: list[Op]) -> str:
    """The ops as the page receives them: one JSON text."""
    return json.dumps(ops, ensure_ascii=False, separators=(",", ":"))
