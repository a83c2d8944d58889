"""The rules of each game for players, as structured data in every language.

One module per game (:mod:`pyapp.rulebook.dyad`, ``triad``, ``dieci``) holds a
:class:`Rules` per language: sections with a heading and blocks (paragraphs,
lists, tables, a demo or a live example).  A block or list item marked as a
*decision* is a rule where the designer's text is silent and the choice is
this project's own; the page shows it with a badge.  The page draws the data
with ``h()`` (text nodes only); ``tools/rules_md.py`` writes the English text
to ``docs/rules/<game>.md``.

>>> r = rules("triad", "ko")
>>> r.language, r.sections[0].id
('ko', 'overview')
>>> rules("triad", "xx").language
'en'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from pyapp.registry import GAMES


@dataclass(frozen=True)
class Item:
    """One list item; ``decision`` marks the project's own rule."""

    text: str
    decision: bool = False


@dataclass(frozen=True)
class Block:
    """A paragraph (``p``), list (``ul``), table, demo or live example."""

    kind: str
    text: str = ""
    items: tuple[Item, ...] = ()
    head: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    ref: str = ""
    decision: bool = False


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]


@dataclass(frozen=True)
class Rules:
    game: str
    language: str
    title: str
    summary: str
    sections: tuple[Section, ...] = field(default_factory=tuple)


# -- builders used by the game modules -------------------------------------------------


def p(text: str) -> Block:
    """A paragraph."""
    return Block("p", text=text)


def d(text: str) -> Block:
    """A paragraph stating one of the project's own decisions."""
    return Block("p", text=text, decision=True)


def di(text: str) -> Item:
    """A list item stating one of the project's own decisions."""
    return Item(text, decision=True)


def ul(*items: str | Item) -> Block:
    """A bulleted list; plain strings are ordinary items."""
    return Block("ul", items=tuple(i if isinstance(i, Item) else Item(i) for i in items))


def table(head: tuple[str, ...], *rows: tuple[str, ...], decision: bool = False) -> Block:
    return Block("table", head=head, rows=tuple(rows), decision=decision)


def demo(demo_id: str) -> Block:
    """The demo ``demo_id`` of this game, drawn inline."""
    return Block("demo", ref=demo_id)


def example(name: str) -> Block:
    """A live example computed by the engine when the page is drawn (see :mod:`pyapp.rulebook.examples`)."""
    return Block("example", ref=name)


def section(id_: str, title: str, *blocks: Block) -> Section:
    return Section(id_, title, tuple(blocks))


def rules(game: str, language: str) -> Rules:
    """The rules of ``game`` in ``language`` (English when there is no such translation)."""
    if game not in GAMES:
        raise KeyError(f"no rules for {game!r}")
    texts = importlib.import_module(f"{__name__}.{game}").RULES
    return texts.get(language) or texts["en"]


__all__ = ["GAMES", "Block", "Item", "Rules", "Section", "d", "demo", "di", "example", "p", "rules", "section", "table", "ul"]
