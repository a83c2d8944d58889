"""A deal's fingerprint: SHA-256 of a fixed encoding of game, options, player count and seed.

Shown on the table before the first card (its first :data:`SHORT` hex
characters; in full in the end-of-game check), stored in the record when the
game starts and never changed, it commits the site to the deal without showing
the seed: at the end the seed is shown and anyone can recompute it.

The encoding (version 1, pinned by ``tests/fixtures/fingerprints.json``)
------------------------------------------------------------------------
The UTF-8 bytes of the canonical JSON text of the object::

    {"game": <name>, "options": <the engine's filled-in options>,
     "players": <seat count>, "seed": <the deal number>, "v": 1}

with keys sorted at every level, ``,`` and ``:`` as separators and no spaces,
non-ASCII characters written as themselves (``ensure_ascii=False``), integers
in decimal and ``true``/``false`` for booleans.  The options are the ones the
engine fills in (``state.options``: every option present, defaults included),
so the same game always has the same text.  The fingerprint is the SHA-256
digest of those bytes in lowercase hexadecimal (64 characters).

>>> canonical_text("dyad", {"twos": False, "cipher": False, "teams": False}, 2, 42)
'{"game":"dyad","options":{"cipher":false,"teams":false,"twos":false},"players":2,"seed":42,"v":1}'
>>> fingerprint("dyad", {"twos": False, "cipher": False, "teams": False}, 2, 42)[:SHORT]
'2da5429a2973'
>>> is_fingerprint("0" * 64), is_fingerprint("0" * 63), is_fingerprint("A" * 64)
(True, False, False)

A seed below 2**53 could in principle be found from its fingerprint by trying
every seed; that takes a patient computer days, not a person at a table.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

VERSION = 1
"""The encoding's version, part of the encoded text (a new encoding gets a new number)."""
SHORT = 12
"""Hex characters of the fingerprint shown on the table."""
LENGTH = 64
_HEX = frozenset("0123456789abcdef")


def canonical_text(game: str, options: dict[str, Any], players: int, seed: int) -> str:
    """The encoded text of a deal (see the module's docstring)."""
    document = {"game": game, "options": options, "players": players, "seed": seed, "v": VERSION}
    return json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def fingerprint(game: str, options: dict[str, Any], players: int, seed: int) -> str:
    """The deal's fingerprint: 64 lowercase hex characters."""
    return hashlib.sha256(canonical_text(game, options, players, seed).encode("utf-8")).hexdigest()


def of_save(save: dict[str, Any]) -> str:
    """The fingerprint of an engine save's deal (``State.to_save()``: game, options, players, seed)."""
    return fingerprint(save["game"], save["options"], save["players"], save["seed"])


def is_fingerprint(value: Any) -> bool:
    """Whether ``value`` is a fingerprint as stored: 64 lowercase hex characters."""
    return isinstance(value, str) and len(value) == LENGTH and set(value) <= _HEX


def short(value: str) -> str:
    """The part shown on the table."""
    return value[:SHORT]


__all__ = ["LENGTH", "SHORT", "VERSION", "canonical_text", "fingerprint", "is_fingerprint", "of_save", "short"]
