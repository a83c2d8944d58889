"""Dieci's rules as pure functions and fixed data (the public rules API).

Cards are texts: a rank ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A`` and a
suit letter ``R Y G B P`` (red, yellow, green, blue, purple).

>>> hand_size(4), len(deck(4)), deck(2)[:3]
(10, 45, ['TR', 'JR', 'QR'])
>>> trick_winner(["9G", "KR", "3B"], trump="B")
2
>>> legal_cards(["9G", "KR", "3B"], "G")
['9G']
>>> character_points({"R": [10], "G": [2, 6]})
6
>>> GOAL_POINTS
(0, 1, 3, 6, 10, 15, 20)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

SUITS = "RYGBP"
"""The five suits: red, yellow, green, blue, purple."""

RANKS = "23456789TJQKA"
"""Ranks from low to high; ``T`` is the 10."""

RANK_VALUE = {r: i + 2 for i, r in enumerate(RANKS)}
"""``RANK_VALUE['A'] == 14``."""

CHARACTER_VALUES = (2, 3, 4, 6, 8, 10)
"""The values of the six characters of every suit."""

GOAL_POINTS = (0, 1, 3, 6, 10, 15, 20)
"""Points of a goal card by how many of its six characters its owner took."""

_LOWEST_RANK = {2: 10, 3: 8, 4: 6, 5: 4}


def rank(card: str) -> int:
    """The card's rank as a number (2 … 14).

    >>> rank("TR"), rank("AP"), rank("2Y")
    (10, 14, 2)
    """
    return RANK_VALUE[card[0]]


def suit(card: str) -> str:
    """The card's suit letter.

    >>> suit("QB")
    'B'
    """
    return card[1]


def is_card(text: object) -> bool:
    """Whether ``text`` is a card text.

    >>> is_card("TR"), is_card("10R"), is_card("1R"), is_card("AX")
    (True, False, False, False)
    """
    return isinstance(text, str) and len(text) == 2 and text[0] in RANK_VALUE and text[1] in SUITS


def hand_size(players: int) -> int:
    """Cards dealt to each player: 10 for 2 to 6 players, 9 for 7, 8 for 8.

    >>> [hand_size(n) for n in range(2, 9)]
    [10, 10, 10, 10, 10, 9, 8]
    """
    if players not in range(2, 9):
        raise ValueError(f"Dieci is played by 2 to 8 players, not {players!r}")
    return {7: 9, 8: 8}.get(players, 10)


def lowest_rank(players: int) -> int:
    """The lowest rank in play: 10 for 2 players, 8 for 3, 6 for 4, 4 for 5, else 2.

    >>> [lowest_rank(n) for n in range(2, 9)]
    [10, 8, 6, 4, 2, 2, 2]
    """
    hand_size(players)
    return _LOWEST_RANK.get(players, 2)


def deck(players: int) -> list[str]:
    """The playing cards used with ``players`` players, suit by suit, low to high.

    >>> deck(2)[:6]
    ['TR', 'JR', 'QR', 'KR', 'AR', 'TY']
    >>> [len(deck(n)) for n in range(2, 9)]
    [25, 35, 45, 55, 65, 65, 65]
    """
    low = lowest_rank(players)
    return [r + s for s in SUITS for r in RANKS if RANK_VALUE[r] >= low]


def beats(card: str, best: str, trump: str) -> bool:
    """Whether ``card``, played after ``best``, takes the lead from it.

    A trump beats any non-trump; otherwise only a strictly higher rank wins,
    whatever its suit (equal ranks: the card played first stays ahead).

    >>> beats("2B", "AR", "B"), beats("KG", "QR", "B"), beats("QG", "QR", "B")
    (True, True, False)
    >>> beats("AR", "2B", "B")
    False
    """
    card_trump, best_trump = card[1] == trump, best[1] == trump
    if card_trump != best_trump:
        return card_trump
    return RANK_VALUE[card[0]] > RANK_VALUE[best[0]]


def trick_winner(cards: Sequence[str], trump: str) -> int:
    """Index of the card that wins the trick; ``cards`` in play order.

    The highest trump wins; without trumps the highest rank wins whatever its
    suit; equal ranks go to the card played first.

    >>> trick_winner(["9G", "KR", "3B"], trump="B")
    2
    >>> trick_winner(["9G", "KR", "3B"], trump="Y")
    1
    >>> trick_winner(["QG", "QR", "TY"], trump="P")
    0
    """
    if not cards:
        raise ValueError("an empty trick has no winner")
    best = 0
    for index in range(1, len(cards)):
        if beats(cards[index], cards[best], trump):
            best = index
    return best


def legal_cards(hand: Sequence[str], led: str | None) -> list[str]:
    """The cards of ``hand`` that may be played.

    ``led`` is the suit led (a suit letter, or the led card's text), ``None``
    when leading: anything goes.  Whoever holds the led suit must follow it;
    whoever does not may play any card.

    >>> legal_cards(["9G", "KR", "3B"], None)
    ['9G', 'KR', '3B']
    >>> legal_cards(["9G", "KR", "3B"], "AR")
    ['KR']
    >>> legal_cards(["9G", "KR", "3B"], "P")
    ['9G', 'KR', '3B']
    """
    if led is None:
        return list(hand)
    led_suit = led[-1]
    following = [card for card in hand if card[1] == led_suit]
    return following if following else list(hand)


def character_points(values_by_suit: Mapping[str, Iterable[int]]) -> int:
    """The suit part of a score: per suit, plus the lowest value, minus every other.

    >>> character_points({"R": [10], "Y": [], "B": [8]})
    18
    >>> character_points({"G": [2, 6, 10]})
    -14
    >>> character_points({"R": [4, 4]})
    0
    """
    total = 0
    for values in values_by_suit.values():
        values = sorted(values)
        if values:
            total += values[0] - sum(values[1:])
    return total


# -- characters and goal cards -----------------------------------------------------------

SUIT_SYMBOLS = {"R": "\u25cf", "Y": "\u25b2", "G": "\u25a0", "B": "\u25c6", "P": "\u2605"}
"""A distinct shape per suit (red circle, yellow triangle, green square, blue diamond, purple
star, as on the rules page), so colour is never needed."""

SUIT_NAMES = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", "P": "purple"}

CHARACTERS: dict[str, tuple[str, str]] = {
    # id: (name, the artwork this Radiatov collects)
    "R2": ("Zibba", "dice pips"),
    "R3": ("Korrum", "pawn silhouettes"),
    "R4": ("Vashti-Ro", "map borders"),
    "R6": ("Quellan", "box-lid skies"),
    "R8": ("Marrok Ix", "dragon scales"),
    "R10": ("Ysolde Prim", "crown jewels"),
    "Y2": ("Pelo", "coin faces"),
    "Y3": ("Tamsik", "sand-timer glass"),
    "Y4": ("Oruvei", "desert caravans"),
    "Y6": ("Belzan", "golden harvests"),
    "Y8": ("Idra Sol", "sunlit towers"),
    "Y10": ("Auremax", "royal portraits"),
    "G2": ("Nib", "seed packets"),
    "G3": ("Fennit", "forest paths"),
    "G4": ("Grulla", "frog ponds"),
    "G6": ("Sylvok", "ancient trees"),
    "G8": ("Morvayne", "overgrown ruins"),
    "G10": ("Verdanthe", "garden mazes"),
    "B2": ("Plish", "raindrops"),
    "B3": ("Korvi", "ship sails"),
    "B4": ("Undara", "lighthouse beams"),
    "B6": ("Thalassor", "sea-serpent charts"),
    "B8": ("Nerevo", "pearl divers"),
    "B10": ("Abyssa Quor", "sunken cities"),
    "P2": ("Mox", "moth wings"),
    "P3": ("Wenla", "lantern glow"),
    "P4": ("Zephrin", "night markets"),
    "P6": ("Oblivar", "star charts"),
    "P8": ("Nyxala", "masked balls"),
    "P10": ("Umbrae Tol", "eclipse murals"),
}
"""The 30 characters: Radiatov collectors, each after one kind of game artwork."""

CHARACTER_IDS: tuple[str, ...] = tuple(CHARACTERS)


def char_suit(char: str) -> str:
    """The suit letter of a character id.

    >>> char_suit("P10")
    'P'
    """
    return char[0]


def char_value(char: str) -> int:
    """The value of a character id.

    >>> char_value("P10"), char_value("R2")
    (10, 2)
    """
    return int(char[1:])


GOALS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("The Ember Hall", ("R2", "R6", "Y3", "G3", "B2", "P3")),
    ("The Comet Salon", ("R2", "R3", "Y4", "G6", "B10", "P8")),
    ("The Sun Vault", ("R10", "Y2", "Y4", "G10", "B4", "P6")),
    ("The Dune Gallery", ("R10", "Y3", "Y8", "G4", "B6", "P4")),
    ("The Moss Archive", ("R8", "Y6", "G3", "G6", "B4", "P10")),
    ("The Greenhouse Wing", ("R4", "Y10", "G4", "G8", "B3", "P6")),
    ("The Tidewater Annex", ("R4", "Y6", "G10", "B6", "B8", "P2")),
    ("The Harbour Cabinet", ("R3", "Y10", "G2", "B2", "B8", "P4")),
    ("The Night Bazaar", ("R6", "Y2", "G2", "B3", "P8", "P10")),
    ("The Orbit Museum", ("R8", "Y8", "G8", "B10", "P2", "P3")),
)
"""The 10 secret goal cards: a gallery name and the six characters it wants."""


def goal_points(goal: int, chars: Iterable[str]) -> int:
    """Points goal card number ``goal`` gives for the characters ``chars``.

    >>> goal_points(0, ["R2", "R6", "B10"])
    3
    """
    wanted = set(GOALS[goal][1])
    return GOAL_POINTS[sum(1 for c in set(chars) if c in wanted)]


def goal_matches(goal: int, chars: Iterable[str]) -> int:
    """How many of ``chars`` goal card number ``goal`` shows.

    >>> goal_matches(9, ["R8", "P3", "R2"])
    2
    """
    wanted = set(GOALS[goal][1])
    return sum(1 for c in set(chars) if c in wanted)


def suit_points(chars: Iterable[str]) -> int:
    """The suit part of the score for a collection of character ids.

    >>> suit_points(["R10", "B8", "B2"])
    4
    """
    by_suit: dict[str, list[int]] = {}
    for c in chars:
        by_suit.setdefault(c[0], []).append(char_value(c))
    return character_points(by_suit)


__all__ = [
    "CHARACTERS", "CHARACTER_IDS", "CHARACTER_VALUES", "GOALS", "GOAL_POINTS", "RANKS",
    "RANK_VALUE", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "beats", "char_suit", "char_value", "character_points",
    "deck", "goal_matches", "goal_points", "hand_size", "is_card", "legal_cards", "lowest_rank",
    "rank", "suit", "suit_points", "trick_winner",
]
