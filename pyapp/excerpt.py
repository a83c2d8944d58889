"""A bounded, single-line excerpt of text that came from outside (a file, a route), for a message.

Messages that quote what a file or a link held must stay short and on one line:
a file of a million characters quoted whole pushes the screen away and a live
region reads it all out.  Characters that are not printable (controls, format
characters such as bidirectional overrides, line and paragraph separators:
``str.isprintable``) become spaces, so nothing quoted can break a line or
reorder the text around it.

>>> excerpt("a\\nb\\u202ec")
'a b c'
>>> excerpt("x" * 200, 10)
'xxxxxxxxx…'
>>> excerpt("head " + "x" * 200 + " tail", 20, keep_tail=5)
'head xxxxxxxxx… tail'
"""

from __future__ import annotations

MAX_EXCERPT = 80
"""The longest excerpt a message quotes (its ellipsis included)."""


def _flat(text: str) -> str:
    return text if text.isprintable() else "".join(char if char.isprintable() else " " for char in text)


def excerpt(text: str, limit: int = MAX_EXCERPT, *, keep_tail: int = 0) -> str:
    """``text`` on one line, at most ``limit`` characters; a cut is marked by ``…``, before the last ``keep_tail``.

    Only the characters kept are looked at, so a huge text costs no more than a short one.
    """
    if len(text) <= limit:
        return _flat(text)
    head = limit - 1 - keep_tail
    return _flat(text[:head]) + "…" + (_flat(text[-keep_tail:]) if keep_tail else "")


__all__ = ["MAX_EXCERPT", "excerpt"]
