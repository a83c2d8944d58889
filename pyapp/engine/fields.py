"""A state's fields, declared once, and how each is copied.

Every ``State`` subclass lists its attributes in ``FIELDS``, mapping each name
to the function that copies it for ``clone()`` (``SHARED``: immutable, or only
ever replaced whole, so a copy may share it).  From that one table:

* ``clone()`` copies exactly those fields;
* a new state checks after ``setup()`` that it set exactly those fields;
* a world rebuilt from an observation sets them one by one (in their
  declared order), and the conformance check (:mod:`pyapp.games.testing`)
  refuses a world with a missing or an undeclared field.

So a field added to a game cannot silently miss its copy or its world.

>>> grid = [[1, 2], [3]]
>>> copy = rows(grid)
>>> copy == grid and copy[0] is not grid[0]
True
>>> generator(None) is None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

Copy = Callable[[Any], Any] | None
"""How one field is copied; ``None`` (``SHARED``) means the copy shares the value."""
Fields = Mapping[str, Copy]

SHARED: Copy = None


def rows(value: list[list[Any]]) -> list[list[Any]]:
    """A list of lists (hands, claimed characters): each inner list copied."""
    return [row[:] for row in value]


def sets(value: list[set[Any]]) -> list[set[Any]]:
    """A list of sets (known voids): each set copied."""
    return [set(item) for item in value]


def generator(rng: random.Random | None) -> random.Random | None:
    """A generator in the same state that draws independently from now on (``None`` stays ``None``)."""
    if rng is None:
        return None
    new = random.Random.__new__(random.Random)  # not seeded: setstate fills it
    new.setstate(rng.getstate())
    return new


def mismatch(declared: Fields, present: Any) -> str:
    """What differs between the declared fields and the names ``present`` ('' if nothing)."""
    missing = sorted(set(declared) - set(present))
    extra = sorted(set(present) - set(declared))
    parts = []
    if missing:
        parts.append(f"missing {', '.join(missing)}")
    if extra:
        parts.append(f"not declared in FIELDS: {', '.join(extra)}")
    return "; ".join(parts)


__all__ = ["Copy", "Fields", "SHARED", "generator", "mismatch", "rows", "sets"]
