"""A record's ``hints`` field: whether hints may be asked in this game, and how many were.

Hints are allowed in a game against computers; in pass-and-play (two or more
people at one device) only if the set-up allowed them, so that nobody gets
help the others did not agree to.  ``used`` counts the hints asked, so that
statistics can count those games apart.

>>> default_hints(1), default_hints(2)
({'allowed': True, 'used': 0}, {'allowed': False, 'used': 0})
>>> check_hints({"allowed": True, "used": 3})
{'allowed': True, 'used': 3}
>>> check_hints({"allowed": "yes", "used": 3}) is None
True
"""

from __future__ import annotations

from typing import Any

MAX_HINTS = 100_000
"""Far beyond any real game: one hint per move of the longest game still fits."""


def default_hints(people: int, *, allowed: bool | None = None) -> dict[str, Any]:
    """The field of a new game with ``people`` person seats (``allowed``: the set-up's choice, if asked)."""
    return {"allowed": people <= 1 if allowed is None else allowed, "used": 0}


def check_hints(value: Any) -> dict[str, Any] | None:
    """``value`` if it is a well-formed ``hints`` field, else None."""
    if not isinstance(value, dict) or set(value) != {"allowed", "used"}:
        return None
    allowed, used = value["allowed"], value["used"]
    if not isinstance(allowed, bool) or isinstance(used, bool) or not isinstance(used, int):
        return None
    return value if 0 <= used <= MAX_HINTS else None


__all__ = ["MAX_HINTS", "check_hints", "default_hints"]
