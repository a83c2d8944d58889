"""One translation lookup for every visible string.

Messages live in the modules of :mod:`pyapp.i18n.messages`, one per area of
the site (``shell``, ``triad``, …), each holding a dict per language (``EN``,
``KO``).  Placeholders are named (``{points}``) so that a language can put
them in its own order; views never glue translated fragments together.

>>> set_language("en")
>>> t("test.greeting", name="Ada")
'Hello, Ada'
>>> t("no.such.key")
'no.such.key'
>>> set_language("ko")
>>> t("test.greeting", name="Ada")
'안녕하세요, Ada 님'

Names (people's and games', which players type) are isolated, so that a name
holding right-to-left letters or a direction override changes nothing outside it:

>>> t("test.greeting", name="\u202eAda")
'안녕하세요, \u2068\u202eAda\u2069 님'
>>> set_language("en")
>>> pick_language(["ko-KR", "en-US"]), pick_language(["fr", "en-GB"]), pick_language([])
('ko', 'en', 'en')
"""

from __future__ import annotations

import importlib
import pkgutil
import string
import unicodedata
from functools import cache

from pyapp.i18n import messages

LANGUAGES: tuple[str, ...] = ("en", "ko")
"""Languages the site speaks, the first being the fallback."""

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "ko": "한국어"}
"""Each language's name in itself, for the language switch (never translated)."""

_current = LANGUAGES[0]


@cache
def catalog(code: str) -> dict[str, str]:
    """Every message of language ``code``, gathered from all message modules."""
    if code not in LANGUAGES:
        raise ValueError(f"unsupported language {code!r} (supported: {', '.join(LANGUAGES)})")
    merged: dict[str, str] = {}
    for info in sorted(pkgutil.iter_modules(messages.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{messages.__name__}.{info.name}")
        table = getattr(module, code.upper(), {})
        clashes = merged.keys() & table.keys()
        if clashes:
            raise ValueError(f"message keys defined twice: {', '.join(sorted(clashes))}")
        merged.update(table)
    return merged


def set_language(code: str) -> None:
    """Switch every later lookup to ``code`` (one of ``LANGUAGES``)."""
    global _current
    catalog(code)
    _current = code


def language() -> str:
    """The language lookups use now."""
    return _current


def pick_language(wanted: "list[str] | tuple[str, ...]") -> str:
    """The first supported language among ``wanted`` (``navigator.languages`` order).

    ``ko-KR`` counts as ``ko``; with no match the fallback language is chosen.
    """
    for code in wanted:
        base = str(code).lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return LANGUAGES[0]


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in a message.

    >>> sorted(placeholders("{name} took {points} points"))
    ['name', 'points']
    """
    return {field for _, field, _, _ in string.Formatter().parse(text) if field}


FSI, PDI = "\u2068", "\u2069"
"""Unicode's first-strong isolate and its end (UAX #9)."""

NAME_PARAMS = frozenset({"name", "names", "first", "second", "winner", "winners", "loser", "source", "owner"})
"""Placeholders that hold a name (or a list of names) and are isolated by :func:`t`."""

_REORDERING = frozenset({"R", "AL", "AN", "LRE", "RLE", "LRO", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
"""Bidi classes that can move text in a left-to-right sentence: right-to-left letters and digits, controls."""


def isolate(text: str) -> str:
    """``text`` as a bidi isolate when it could reorder the sentence around it.

    Inside FSI…PDI its direction comes from its first strong letter, and nothing in
    it (a right-to-left override, Hebrew letters) moves the text outside.  The marks
    are in the text, not a ``<bdi>``, so aria-labels, live announcements and the
    document title are isolated too.  Every language of the site is left-to-right,
    where a name with no right-to-left letter and no direction control cannot move
    anything, so such names keep their exact text (what is copied, searched, tested);
    a right-to-left language would need every name isolated.

    >>> isolate("\u202eAda"), isolate("\u05e9\u05e8\u05d4"), isolate("Ada 2")
    ('\u2068\u202eAda\u2069', '\u2068שרה\u2069', 'Ada 2')
    """
    if any(unicodedata.bidirectional(char) in _REORDERING for char in text):
        return f"{FSI}{text}{PDI}"
    return text


def t(key: str, **params: object) -> str:
    """The message ``key`` in the current language, placeholders filled in.

    A key missing from the current language falls back to the first language,
    and a key missing everywhere shows as itself, so a gap is visible but never
    breaks the page (tests check that no key is missing).  Text values of the
    :data:`NAME_PARAMS` go through :func:`isolate`.
    """
    text = catalog(_current).get(key)
    if text is None:
        text = catalog(LANGUAGES[0]).get(key, key)
    if not params:
        return text
    return text.format_map({k: isolate(v) if k in NAME_PARAMS and isinstance(v, str) else v for k, v in params.items()})


def tn(key: str, quantity: int, /, **params: object) -> str:
    """``t`` for a message about ``quantity`` things: its ``<key>#one`` form when ``quantity`` is 1.

    Only languages whose grammar has a singular define the ``#one`` form
    (English "1 card"); the others (Korean) keep one text for every count.

    >>> tn("dyad.cards_held", 1, count=1), tn("dyad.cards_held", 3, count=3)
    ('1 card', '3 cards')
    """
    if quantity == 1 and f"{key}#one" in catalog(_current):
        key = f"{key}#one"
    return t(key, **params)


__all__ = ["LANGUAGES", "LANGUAGE_NAMES", "NAME_PARAMS", "catalog", "isolate", "language", "pick_language", "placeholders", "set_language", "t", "tn"]
