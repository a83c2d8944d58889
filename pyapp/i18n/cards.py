"""Cards as the page writes them (rank and suit symbol: ``7♥``) and as it says them ("7 of hearts").

Engine texts (``7H``, ``TR``, ``R10``) never reach a person: the game screens,
their announcements and the replay's steps all name cards through these.
"""

from __future__ import annotations

from pyapp.games.dieci.rules import CHARACTERS
from pyapp.games.dieci.rules import SUIT_SYMBOLS as DIECI_SYMBOLS
from pyapp.games.dyad.rules import SUIT_SYMBOLS as DYAD_SYMBOLS
from pyapp.i18n import t


def dyad_card(text: str) -> str:
    """``7H`` → ``7♥``."""
    return text[0] + DYAD_SYMBOLS[text[1]]


def dyad_said(text: str) -> str:
    """``7H`` → "7 of hearts"."""
    return t("dyad.card", rank=text[0], suit=t(f"dyad.suit.{text[1]}"))


def dyad_cards(cards: list[str]) -> str:
    """``["7H", "2S"]`` → ``7♥, 2♠``."""
    return ", ".join(dyad_card(c) for c in cards)


def dyad_pair_said(cards: list[str]) -> str:
    """``["7H", "2S"]`` → "7 of hearts and 2 of spades"."""
    if len(cards) == 2:
        return t("dyad.and", first=dyad_said(cards[0]), second=dyad_said(cards[1]))
    return ", ".join(dyad_said(c) for c in cards)


def dieci_rank(card: str) -> str:
    """``TR`` → ``10``; other ranks as they are."""
    return "10" if card[0] == "T" else card[0]


def dieci_card(card: str) -> str:
    """``TR`` → ``10●``."""
    return dieci_rank(card) + DIECI_SYMBOLS[card[1]]


def dieci_said(card: str) -> str:
    """``TR`` → "10 of red"."""
    return t("dieci.card", rank=dieci_rank(card), suit=t(f"dieci.suit.{card[1]}"))


def dieci_char(char: str) -> str:
    """``R10`` → "Name, red 10" (a character's name is its own, in every language)."""
    return t("dieci.char", name=CHARACTERS[char][0], suit=t(f"dieci.suit.{char[0]}"), value=char[1:])
