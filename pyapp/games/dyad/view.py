"""What one Dyad seat sees: the keys and types of ``DyadState.observation(seat)``.

The table (``pyapp.ui.games.dyad``), the world sampler for search
(``state.world_from_observation``) and the tests read this one declaration;
``tests/test_observation_types.py`` checks every observation of random games
against it.  Cards are texts (``"7S"``), pairs lists of two.
"""

from typing import NotRequired, TypedDict


class Options(TypedDict):
    """The game's options, as chosen at set-up."""

    cipher: bool
    twos: bool
    teams: bool


class Play(TypedDict):
    """One seat's pair in a trick and what it counts."""

    seat: int
    pair: list[str]
    value: int


Trick = TypedDict("Trick", {"plays": list[Play], "matched": bool, "winner": int, "retrieved": str, "from": int})
"""A finished trick: its plays, whether the lead was matched, its taker, the card retrieved and the seat it came
from (``from`` is a Python keyword, hence this form)."""


LastTrick = TypedDict("LastTrick", {"round": int, "trick": int, "plays": list[Play], "matched": bool,
                                    "winner": int, "retrieved": str, "from": int})
"""The trick finished last (a :class:`Trick` with its round and number), public to every seat."""


class SheetEntry(TypedDict):
    """One finished round on the score sheet: the hands left, who ciphered, the scores and the totals after it.

    ``team_scores`` and ``team_totals`` only with the Teams option."""

    round: int
    dealer: int
    hands: list[list[str]]
    ciphers: list[bool]
    scores: list[int]
    totals: list[int]
    team_scores: NotRequired[list[int]]
    team_totals: NotRequired[list[int]]


class Observation(TypedDict):
    """``observation(seat)``: the seat's own hand, every public fact, the other hands only as counts.

    Present only with the Teams option: ``partner``, ``team_totals``,
    ``pass_chosen`` (who has chosen their pass), ``my_pass``, ``gave`` and
    ``received`` (None until done).  Present only in the ``take`` phase:
    ``retrievable``.  ``phase`` is one of ``pass``, ``cipher``, ``play``,
    ``take``, ``over``; ``lead_matched`` is None before the lead; ``ciphers``
    holds None for a seat not yet asked; ``tiebreak`` is None until a tied end.
    """

    game: str
    players: int
    seat: int
    options: Options
    target: int
    phase: str
    to_act: int
    round: int
    dealer: int
    leader: int
    tricks_per_round: int
    trick_number: int
    hand: list[str]
    hand_counts: list[int]
    trick: list[Play]
    lead_matched: bool | None
    tricks: list[Trick]
    set_aside: list[str]
    """Cards out of this round that no trick shows: none in a dealt game (a hand-picked position names only some)."""
    last_trick: LastTrick | None
    ciphers: list[bool | None]
    totals: list[int]
    scores: list[int]
    sheet: list[SheetEntry]
    winners: list[int]
    tiebreak: str | None
    partner: NotRequired[int]
    team_totals: NotRequired[list[int]]
    pass_chosen: NotRequired[list[bool]]
    my_pass: NotRequired[list[str] | None]
    gave: NotRequired[list[str] | None]
    received: NotRequired[list[str] | None]
    retrievable: NotRequired[list[str]]


__all__ = ["LastTrick", "Observation", "Options", "Play", "SheetEntry", "Trick"]
