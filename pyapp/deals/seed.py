"""A deal number as typed or carried in a link: ASCII digits only, below the engine's limit.

The set-up form (:mod:`pyapp.play.setup`) and a challenge link
(:mod:`pyapp.deals.challenge`) read deal numbers the same way, so a number
one accepts the other accepts too.

>>> parse_seed(""), parse_seed(" 0042 "), parse_seed("9007199254740991")
(None, 42, 9007199254740991)
>>> parse_seed("1²")
Traceback (most recent call last):
...
pyapp.deals.seed.SeedError: seed: setup.seed_invalid
"""

from __future__ import annotations

from pyapp.engine.errors import Refused
from pyapp.registry import SEED_LIMIT

MAX_SEED_DIGITS = len(str(SEED_LIMIT - 1))
"""The deal number field's ``maxlength``: any deal number can be typed back (16)."""
ASCII_DIGITS = frozenset("0123456789")


class SeedError(Refused):
    """A deal number that cannot be used: ``setup.seed_invalid`` (not ASCII digits) or ``setup.seed_too_large``."""


def parse_seed(text: str) -> int | None:
    """A deal number from the ASCII digits 0-9 only, below :data:`SEED_LIMIT`; None when blank.

    ``str.isdigit`` would take superscript and circled digits, which ``int`` refuses.
    """
    text = text.strip(" \t\r\n")
    if not text:
        return None
    if not set(text) <= ASCII_DIGITS:
        raise SeedError("setup.seed_invalid", field="seed")
    if len(text) > MAX_SEED_DIGITS or int(text) >= SEED_LIMIT:
        raise SeedError("setup.seed_too_large", field="seed")
    return int(text)


__all__ = ["ASCII_DIGITS", "MAX_SEED_DIGITS", "SEED_LIMIT", "SeedError", "parse_seed"]
