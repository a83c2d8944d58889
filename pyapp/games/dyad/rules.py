"""Dyad's rules as pure functions: cards, pair values, the follow rule, scoring.

Cards are written rank digit then suit letter (``S H D C``): ``7H`` is the
seven of hearts.  A pair is two distinct cards, given as a sequence of two
card texts (``("7H", "2S")``) or as one text joined by ``+`` (``"7H+2S"``).

Internally a card is a small integer ``(rank - 2) * 4 + suit`` so that the
engine and the computer players stay fast; the public functions take and
return texts.

>>> pair_value("6S+4S", "6S+4S")          # a matched lead counts its sum
10
>>> pair_value("6S+4S", "7H+3D")          # unmatched after a matched lead: the lower card
3
>>> pair_value("6S+4S", "7H+2D")          # a double: the higher card twice
14
>>> trick_winner(["6S+4S", "7H+3D", "5S+3S"])
0
>>> legal_pairs(["7S", "2H", "5D"], "6S+4S")   # one spade: it must be played
[('7S', '5D'), ('7S', '2H')]
>>> round_score(["7H", "2S"], twos=True)
5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations

SUITS = "SHDC"
"""Suit letters in their fixed order: spades, hearts, diamonds, clubs."""

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}

TARGET = 50
TEAMS_TARGET = 100
CIPHER_POINTS = 20
LONE_TWO_POINTS = 20


def rank_of(card: int) -> int:
    return card // 4 + 2


def suit_of(card: int) -> int:
    return card % 4


def make_card(rank: int, suit: int) -> int:
    return (rank - 2) * 4 + suit


def top_rank(players: int) -> int:
    """Highest card value in play: 7 with 2 or 3 players, 9 with 4.

    >>> top_rank(3), top_rank(4)
    (7, 9)
    """
    return 9 if players == 4 else 7


def deck(players: int) -> list[int]:
    """Every card of the deck for ``players`` players, in card order.

    >>> len(deck(2)), len(deck(3)), len(deck(4))
    (24, 24, 32)
    """
    return list(range(make_card(top_rank(players), 3) + 1))


def hand_size(players: int) -> int:
    """Cards dealt to each player: the whole deck, evenly.

    >>> hand_size(2), hand_size(3), hand_size(4)
    (12, 8, 8)
    """
    return len(deck(players)) // players


def tricks_per_round(players: int) -> int:
    """6 tricks with 2 players, 4 with 3 or 4.

    >>> tricks_per_round(2), tricks_per_round(4)
    (6, 4)
    """
    return 6 if players == 2 else 4


CARD_TEXT = [f"{rank_of(c)}{SUITS[suit_of(c)]}" for c in range(32)]
"""Each card number's text (the engine's observations and actions are written with it)."""
CARD_BY_TEXT = {text: card for card, text in enumerate(CARD_TEXT)}
"""Each card's number by its exact text (``parse_card`` also accepts lower case and spaces)."""


def card_text(card: int) -> str:
    """The text of card number ``card``.

    >>> card_text(make_card(7, 1))
    '7H'
    """
    return CARD_TEXT[card]


def parse_card(text: object) -> int:
    """The card written ``text``; ``ValueError`` if it is not one.

    >>> parse_card("7H") == make_card(7, 1)
    True
    >>> parse_card("1X")
    Traceback (most recent call last):
    ...
    ValueError: '1X' is not a card: write the value 2-9 then the suit S, H, D or C (e.g. 7H)
    """
    if isinstance(text, str):
        card = CARD_BY_TEXT.get(text.strip().upper())
        if card is not None:
            return card
    raise ValueError(f"{text!r} is not a card: write the value 2-9 then the suit S, H, D or C (e.g. 7H)")


ORDER = [(9 - rank_of(c)) * 4 + suit_of(c) for c in range(32)]
"""Canonical position of each card: higher value first, then suit S H D C."""


def order_key(card: int) -> int:
    """Canonical order of a pair's cards: higher value first, then suit S H D C."""
    return ORDER[card]


def canonical(a: int, b: int) -> tuple[int, int]:
    """The pair ``(a, b)`` in its canonical order (the order of its action text)."""
    return (a, b) if ORDER[a] <= ORDER[b] else (b, a)


def pair_cards(pair: object) -> tuple[int, int]:
    """A pair given as texts (``"7H+2S"`` or ``("7H", "2S")``) as canonical card numbers.

    >>> [card_text(c) for c in pair_cards("2S+7H")]
    ['7H', '2S']
    >>> pair_cards("7H+7H")
    Traceback (most recent call last):
    ...
    ValueError: a pair is two different cards, not 7H twice
    >>> pair_cards(["7H"])
    Traceback (most recent call last):
    ...
    ValueError: a pair is two cards, not 1
    """
    if isinstance(pair, str):
        parts: Sequence[object] = pair.split("+")
    elif isinstance(pair, Sequence):
        parts = pair
    else:
        raise ValueError(f"a pair is two card texts, not {pair!r}")
    if len(parts) != 2:
        raise ValueError(f"a pair is two cards, not {len(parts)}")
    a, b = parse_card(parts[0]), parse_card(parts[1])
    if a == b:
        raise ValueError(f"a pair is two different cards, not {card_text(a)} twice")
    return canonical(a, b)


def pair_text(pair: tuple[int, int]) -> str:
    return f"{CARD_TEXT[pair[0]]}+{CARD_TEXT[pair[1]]}"


# -- values -------------------------------------------------------------------------


def is_matched(a: int, b: int) -> bool:
    return a % 4 == b % 4


def value_of(lead_matched: bool, a: int, b: int) -> int:
    """The value of the pair ``a, b`` in a trick whose lead is matched or not (numbers)."""
    ra, rb = a // 4 + 2, b // 4 + 2
    if not lead_matched or a % 4 == b % 4:
        return ra + rb
    if ra == 2 or rb == 2:
        return 2 * (ra if ra > rb else rb)
    return ra if ra < rb else rb


def winner_index(lead_matched: bool, pairs: Sequence[tuple[int, int]]) -> int:
    """Index of the winning pair (ties to the earliest) among card-number pairs."""
    best, best_value = 0, -1
    for index, (a, b) in enumerate(pairs):
        value = value_of(lead_matched, a, b)
        if value > best_value:
            best, best_value = index, value
    return best


def pair_value(lead: object, pair: object) -> int:
    """The value ``pair`` counts in a trick led by ``lead`` (for the lead itself pass it twice).

    A matched lead (both cards one suit) and an unmatched lead count their sum.
    After an unmatched lead every pair counts its sum.  After a matched lead a
    matched pair (any suit) counts its sum, an unmatched pair counts its lower
    card, and an unmatched pair holding a 2 (a double) counts its higher card
    twice; two 2s make a double worth 4.

    >>> pair_value("5H+3D", "5H+3D"), pair_value("5H+3D", "7C+6S")
    (8, 13)
    >>> pair_value("5H+3H", "7C+6C"), pair_value("5H+3H", "7C+6S"), pair_value("5H+3H", "2C+6S")
    (13, 6, 12)
    >>> pair_value("5H+3H", "2C+2S")
    4
    >>> pair_value("5H+3H", "2C+9")
    Traceback (most recent call last):
    ...
    ValueError: '9' is not a card: write the value 2-9 then the suit S, H, D or C (e.g. 7H)
    """
    la, lb = pair_cards(lead)
    a, b = pair_cards(pair)
    return value_of(is_matched(la, lb), a, b)


def trick_winner(pairs: Sequence[object]) -> int:
    """Index of the pair that takes the trick; ``pairs`` in play order, lead first.

    The highest value wins; equal values go to the pair played earliest.

    >>> trick_winner(["5H+3D", "6C+2S", "4S+3C"])   # 8, 8, 7: the tie goes to the lead
    0
    >>> trick_winner(["5H+3H", "6C+2S", "7H+4H"])   # 8, 12 (double), 11
    1
    """
    if not pairs:
        raise ValueError("a trick needs at least the lead pair")
    cards = [pair_cards(p) for p in pairs]
    seen: set[int] = set()
    for a, b in cards:
        if a in seen or b in seen:
            raise ValueError("a card cannot be played twice in one trick")
        seen.update((a, b))
    return winner_index(is_matched(*cards[0]), cards)


# -- the follow rule -------------------------------------------------------------------


def legal_pair_cards(hand: Sequence[int], lead: tuple[int, int] | None) -> list[tuple[int, int]]:
    """Every canonical pair of card numbers ``hand`` may play after ``lead`` (stable order)."""
    cards = sorted(hand, key=ORDER.__getitem__)
    if lead is not None and lead[0] % 4 == lead[1] % 4:
        suit = lead[0] % 4
        same = [c for c in cards if c % 4 == suit]
        if len(same) >= 2:
            return list(combinations(same, 2))
        if len(same) == 1:
            only = same[0]
            return [canonical(only, c) for c in cards if c != only]
    return list(combinations(cards, 2))


def legal_pairs(hand: Iterable[object], lead: object = None) -> list[tuple[str, str]]:
    """Every pair ``hand`` may play, as card-text tuples; ``lead=None`` when leading.

    After a matched lead in suit S, a hand with two or more S must play two S;
    with exactly one S it must include it; with none it may play any two cards.
    After an unmatched lead (or when leading) any two cards may be played.

    >>> legal_pairs(["7S", "5S", "3S", "4H"], "6S+2S")
    [('7S', '5S'), ('7S', '3S'), ('5S', '3S')]
    >>> legal_pairs(["7H", "4D", "3C"], "6S+2S")
    [('7H', '4D'), ('7H', '3C'), ('4D', '3C')]
    >>> legal_pairs(["7H", "4D", "3C"])
    [('7H', '4D'), ('7H', '3C'), ('4D', '3C')]
    >>> legal_pairs(["7H", "7H"])
    Traceback (most recent call last):
    ...
    ValueError: the hand holds 7H twice
    """
    cards = [parse_card(c) for c in hand]
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise ValueError(f"the hand holds {card_text(twice)} twice")
    lead_cards = None if lead is None else pair_cards(lead)
    return [(CARD_TEXT[a], CARD_TEXT[b]) for a, b in legal_pair_cards(cards, lead_cards)]


def follow_problem(hand: Sequence[int], lead: tuple[int, int] | None, pair: tuple[int, int]) -> str | None:
    """Why ``pair`` breaks the follow rule, as a message key, or None if it does not.

    Keys: ``"two_of_suit"`` (must play two cards of the lead suit) and
    ``"one_of_suit"`` (must include the one card of the lead suit).
    """
    if lead is None or lead[0] % 4 != lead[1] % 4:
        return None
    suit = lead[0] % 4
    held = sum(1 for c in hand if c % 4 == suit)
    played = sum(1 for c in pair if c % 4 == suit)
    if held >= 2 and played < 2:
        return "two_of_suit"
    if held == 1 and played < 1:
        return "one_of_suit"
    return None


# -- scoring ----------------------------------------------------------------------------


def score_cards(hand: Sequence[int], twos: bool = False, cipher: bool = False) -> int:
    """``round_score`` on card numbers."""
    if cipher:
        return CIPHER_POINTS if not hand else 0
    if twos:
        if len(hand) == 1 and hand[0] // 4 == 0:
            return LONE_TWO_POINTS
        return sum(-2 if c // 4 == 0 else c // 4 + 2 for c in hand)
    return sum(c // 4 + 2 for c in hand)


def round_score(hand: Iterable[object], twos: bool = False, cipher: bool = False) -> int:
    """A player's score for the round from the cards left in their hand.

    Normally the sum of the cards.  With the 2's variant each 2 in a hand with
    any other card counts -2, and a hand of a single 2 alone scores 20.  A
    player who declared Cipher scores 20 with an empty hand and 0 otherwise
    (the 2's rule is applied first, but Cipher looks only at the empty hand).

    >>> round_score(["7H", "5S", "2D"])
    14
    >>> round_score(["7H", "5S", "2D"], twos=True)
    10
    >>> round_score(["2D"], twos=True), round_score(["2D", "2S"], twos=True)
    (20, -4)
    >>> round_score([], cipher=True), round_score(["2D"], twos=True, cipher=True)
    (20, 0)
    """
    cards = [parse_card(c) for c in hand]
    if len(set(cards)) != len(cards):
        raise ValueError("a hand cannot hold the same card twice")
    return score_cards(cards, twos, cipher)


def final_standing(totals: list[int], last: list[int]) -> tuple[list[int], str]:
    """The winning sides of a finished game (players, or teams) and what decided it.

    The highest total wins; among tied totals the higher score in the last round
    (``last``); still tied, a shared win.

    >>> final_standing([55, 50, 40], [0, 12, 30])
    ([0], 'score')
    >>> final_standing([55, 55, 40], [10, 12, 30])
    ([1], 'last_round')
    >>> final_standing([55, 55, 40], [12, 12, 30])
    ([0, 1], 'shared')
    """
    best = max(totals)
    tied = [i for i, t in enumerate(totals) if t == best]
    if len(tied) == 1:
        return tied, "score"
    top_last = max(last[i] for i in tied)
    sides = [i for i in tied if last[i] == top_last]
    return sides, "last_round" if len(sides) == 1 else "shared"


__all__ = [
    "SUITS", "SUIT_SYMBOLS", "card_text", "deck", "final_standing", "hand_size", "legal_pairs", "pair_value",
    "parse_card", "round_score", "top_rank", "trick_winner", "tricks_per_round",
]
