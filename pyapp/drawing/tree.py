"""Element trees: a drawing as plain lists, ``[tag, attrs, *children]``, where a child is text or another tree.

Text is always text, never markup.  The page builds a whole tree in one call
into JavaScript (``pyapp.ui.browser.dom.tree``): a redraw costs a call per element
built with ``dom.h``, so the static parts of a screen are built as trees and
only the controls get their own element.

>>> node("p", {"class": "x", "hidden": False}, "a", None, [node("b", {}, "c")])
['p', {'class': 'x'}, 'a', ['b', {}, 'c']]
>>> text_of(node("p", {}, "a", node("b", {}, "c")))
'ac'
"""

from __future__ import annotations

from typing import Any

Node = list  # [tag, attrs, *children]


def node(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
    """A tree node; ``None`` children are dropped and lists of children flattened."""
    flat: list[Any] = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, tuple) or (isinstance(child, list) and (not child or not isinstance(child[0], str))):
            flat.extend(c for c in child if c is not None)
        else:
            flat.append(child)
    clean = {k: v for k, v in (attrs or {}).items() if v is not None and v is not False}
    return [tag, clean, *flat]


def text_of(tree: Any) -> str:
    """The visible text of a tree (for tests and captions)."""
    if isinstance(tree, str):
        return tree
    return "".join(text_of(child) for child in tree[2:])


__all__ = ["Node", "node", "text_of"]
