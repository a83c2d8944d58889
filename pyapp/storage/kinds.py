"""Every kind of value the site keeps under ``pyapp.*`` in ``localStorage``, declared once: key, schema, size limit.

``web/guard.js`` measures each stored value against this table before Python
starts and sets aside one too large (``tests/test_guard.py`` holds its copy of
the table equal to this one, every limit included); the readers in
:mod:`pyapp.storage` parse within the same limits.  A key no kind names keeps
:data:`OTHER_MAX_CHARS`.  Limits count UTF-16 units, as JavaScript does.

>>> max_chars("pyapp.save.18c2f-1"), max_chars("pyapp.daily"), max_chars("pyapp.setting.turn"), max_chars("pyapp.new")
(1000000, 10000, 1000, 1000)
>>> kind_of("pyapp.setting.turn").schema.startswith("the TURN server")
True
>>> max_chars("pyapp.aside.large.1.pyapp.daily") is None  # never measured again: a copy set aside stays as it was
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pyapp.storage import aside, daily, diag, friends, prefs, records, stats, store, turn

OTHER_MAX_CHARS = 1000
"""An unknown ``pyapp.*`` key's limit (a newer build's small value, or someone's)."""
SMALL_CHARS = 1000
"""Ids, tokens, settings and the language: a few characters, with room."""
MAX_STAMP_CHARS = 32
"""A record's stamp, ``<revision>.<8 hex digits>``: 25 characters at the largest revision (2**53 - 1)."""


@dataclass(frozen=True)
class Kind:
    """One kind of stored value: its key (or the prefix of its keys), what it holds, and its size limit."""

    key: str
    prefix: bool
    max_chars: int | None
    """At most this many characters; None: the guard leaves it alone (copies set aside, the reading mark)."""
    schema: str
    """What the value is, and the module that reads it."""


KINDS: tuple[Kind, ...] = (
    Kind(store.PREFIX, True, records.MAX_RECORD_CHARS, "a saved game's record (pyapp.storage.records)"),
    Kind(store.CURRENT_KEY, False, SMALL_CHARS, "the id of the game in play (pyapp.storage.store)"),
    Kind(store.OWNER_PREFIX, True, SMALL_CHARS, "the owner token of the table playing a game (pyapp.storage.store)"),
    Kind(store.STAMP_PREFIX, True, MAX_STAMP_CHARS, "a record's stamp, beside it: revision and tag (pyapp.storage.store)"),
    Kind(stats.STATS_KEY, False, stats.MAX_STATS_CHARS, "the statistics (pyapp.storage.stats)"),
    Kind(daily.DAILY_KEY, False, daily.MAX_DAILY_CHARS, "the deal of the day's log and streak (pyapp.storage.daily)"),
    Kind(prefs.LANGUAGE_KEY, False, SMALL_CHARS, "the language's code (pyapp.storage.prefs)"),
    Kind(turn.TURN_KEY, False, turn.MAX_TURN_CHARS, "the TURN server for friends' games (pyapp.storage.turn)"),
    Kind(prefs.SETTING_PREFIX, True, SMALL_CHARS, "a setting's value (pyapp.storage.prefs)"),
    Kind(prefs.LESSON_PREFIX, True, SMALL_CHARS, "a game's lesson step (pyapp.storage.prefs)"),
    Kind(friends.SEAT_PREFIX, True, friends.MAX_SEAT_CHARS, "a guest's seat in a friends' room (pyapp.storage.friends)"),
    Kind(friends.HOST_KEY_PREFIX, True, SMALL_CHARS, "a host's signing key for a room (pyapp.storage.friends)"),
    Kind(diag.DIAG_KEY, False, diag.MAX_DIAG_CHARS, "the table watchdog's diagnostic record (pyapp.storage.diag)"),
    Kind(aside.ASIDE_PREFIX, True, None, "a value set aside, as it was (pyapp.storage.aside)"),
    Kind(aside.READING_KEY, False, None, "the key Python is parsing (pyapp.storage.aside)"),
)


def kind_of(key: str) -> Kind | None:
    """The kind that names ``key``: the exact key first, else the longest prefix; None for none."""
    exact = [kind for kind in KINDS if not kind.prefix and kind.key == key]
    prefixed = sorted((kind for kind in KINDS if kind.prefix and key.startswith(kind.key)), key=lambda k: -len(k.key))
    return (exact + prefixed + [None])[0]


def max_chars(key: str) -> int | None:
    """The most characters a ``pyapp.*`` value under ``key`` may hold (None: not measured)."""
    kind = kind_of(key)
    return OTHER_MAX_CHARS if kind is None else kind.max_chars


__all__ = ["KINDS", "Kind", "MAX_STAMP_CHARS", "OTHER_MAX_CHARS", "SMALL_CHARS", "kind_of", "max_chars"]
