"""Dieci demos, replayed through ``pyapp.games.dieci``'s public rules API.

Setup: ``seats`` (clockwise order), ``trump`` (the turned card), ``hands``,
``faceup`` (the three face-up characters), ``deck`` (the character deck, top
first), ``claimed`` and ``taken`` (characters and card count per seat so
far), ``goal`` (goal card number per seat).  Actions:

- ``("play", seat, card)`` / ``("try", seat, card)``: a card that must be (or
  must not be) in ``legal_cards(hand, led)``; seats play in turn.
- ``("take",)``: ``trick_winner(cards, trump)`` takes the trick's cards.
- ``("claim", seat, char)``: first the winner's forced claim (a face-up
  character of a suit played in the trick; ``"top"`` for the deck's top when
  none is), then the round of offers, clockwise from the winner's left, each
  other seat once; ``("try-claim", seat, char)`` for a claim the rules refuse.
- ``("pass", seat)``: a seat declines in the round of offers.
- ``("refill",)``: the face-up row is refilled to three from the deck.
- ``("score-suit", seat, suit)``, ``("score-chars", seat)``,
  ``("score-goal", seat)``, ``("score-cards", seat)``, ``("score", seat)``:
  the parts of a seat's score (``character_points``, ``GOAL_POINTS``).
"""

from __future__ import annotations

from typing import Any

from pyapp.demos import Demo, DemoError, Frame, Step

SYMBOLS = {"R": "\u25cf", "Y": "\u25b2", "G": "\u25a0", "B": "\u25c6", "P": "\u2605"}
RANKS = {"T": "10"}


def show_card(card: str) -> str:
    """A card as the captions write it: ``TB`` → ``10◆``.

    >>> show_card("TB"), show_card("QR")
    ('10◆', 'Q●')
    """
    return f"{RANKS.get(card[0], card[0])}{SYMBOLS[card[1]]}"


def show_char(char: str) -> str:
    """A character as the captions write it: ``R8`` → ``8●``."""
    return f"{char[1:]}{SYMBOLS[char[0]]}"


def replay(demo: Demo) -> list[Frame]:
    from pyapp.games import dieci

    setup = demo.setup
    seats: list[str] = list(setup["seats"])
    trump_card: str = setup["trump"]
    trump = trump_card[1]
    hands = {s: list(setup.get("hands", {}).get(s, [])) for s in seats}
    faceup: list[str] = list(setup.get("faceup", []))
    deck: list[str] = list(setup.get("deck", []))
    claimed = {s: list(setup.get("claimed", {}).get(s, [])) for s in seats}
    taken = {s: int(setup.get("taken", {}).get(s, 0)) for s in seats}
    goals = dict(setup.get("goal", {}))
    trick: list[tuple[str, str]] = []
    winner: str | None = None
    phase = "play"
    offers: list[str] = []
    scores: dict[str, int] = {}
    frames: list[Frame] = []

    def suit_total(seat: str) -> int:
        by_suit: dict[str, list[int]] = {}
        for c in claimed[seat]:
            by_suit.setdefault(c[0], []).append(int(c[1:]))
        return dieci.character_points(by_suit)

    for number, step in enumerate(demo.steps):
        where = f"{demo.key} step {number}"
        facts: dict[str, Any] = {}
        marked: list[str] = []
        attempt: tuple[str, str] | None = None
        action = step.action
        kind = action[0] if action else None
        if kind in ("play", "try"):
            seat, card = action[1], action[2]
            if phase != "play":
                raise DemoError(f"{where}: the trick is over; claims come first")
            if trick and seat != seats[(seats.index(trick[0][0]) + len(trick)) % len(seats)]:
                raise DemoError(f"{where}: it is not {seat}'s turn")
            if card not in hands[seat]:
                raise DemoError(f"{where}: {seat} does not hold {card}")
            led = trick[0][1] if trick else None
            legal = card in dieci.legal_cards(hands[seat], led)
            facts.update(seat=seat, card=show_card(card), legal=legal)
            if kind == "try":
                if legal:
                    raise DemoError(f"{where}: {card} is legal, yet the demo says it is not")
                attempt = (seat, card)
                marked = [card]
            else:
                if not legal:
                    raise DemoError(f"{where}: {seat} may not play {card}")
                hands[seat].remove(card)
                trick.append((seat, card))
                facts["follows"] = led is None or card[1] == led[1]
                facts["trump"] = card[1] == trump
        elif kind == "take":
            if len(trick) != len(seats):
                raise DemoError(f"{where}: the trick is not complete")
            index = dieci.trick_winner([c for _, c in trick], trump)
            winner = trick[index][0]
            taken[winner] += len(trick)
            facts.update(winner=winner, card=show_card(trick[index][1]), cards=len(trick))
            phase = "claim"
        elif kind in ("claim", "try-claim"):
            seat, char = action[1], action[2]
            suits = {c[1] for _, c in trick}
            if phase == "claim":
                if seat != winner:
                    raise DemoError(f"{where}: the trick's winner claims first")
                eligible = [c for c in faceup if c[0] in suits]
                legal = char in eligible if eligible else char == "top"
            elif phase == "offer":
                if not offers or seat != offers[0]:
                    raise DemoError(f"{where}: it is not {seat}'s turn to claim or pass")
                legal = char in faceup
            else:
                raise DemoError(f"{where}: no claim is due")
            facts.update(seat=seat, legal=legal)
            if kind == "try-claim":
                if legal:
                    raise DemoError(f"{where}: {char} may be claimed, yet the demo says not")
                facts["char"] = show_char(char)
                marked = [char]
            else:
                if not legal:
                    raise DemoError(f"{where}: {seat} may not claim {char}")
                if char == "top":
                    if not deck:
                        raise DemoError(f"{where}: the character deck is empty")
                    char = deck.pop(0)
                else:
                    faceup.remove(char)
                before = suit_total(seat)
                claimed[seat].append(char)
                facts.update(char=show_char(char), before=before, suit_points=suit_total(seat))
                marked = [char]
                if phase == "claim":
                    start = seats.index(seat)
                    offers = [seats[(start + i) % len(seats)] for i in range(1, len(seats))]
                    phase = "offer"
                else:
                    offers.pop(0)
        elif kind == "pass":
            seat = action[1]
            if phase != "offer" or not offers or offers[0] != seat:
                raise DemoError(f"{where}: {seat} cannot pass now")
            offers.pop(0)
            facts["seat"] = seat
        elif kind == "refill":
            if phase != "offer" or offers:
                raise DemoError(f"{where}: the round of offers is not over")
            drawn = []
            while len(faceup) + len(drawn) < 3 and deck:
                drawn.append(deck.pop(0))
            faceup.extend(drawn)
            marked = drawn
            facts["refilled"] = len(drawn)
            phase = "play"
            trick = []
            winner_seat = winner
            winner = None
            facts["leader"] = winner_seat
        elif kind in ("score-suit", "score-chars", "score-goal", "score-cards", "score"):
            seat = action[1]
            if kind == "score-suit":
                values = sorted(int(c[1:]) for c in claimed[seat] if c[0] == action[2])
                facts.update(
                    lowest=values[0] if values else 0,
                    others=sum(values[1:]),
                    points=dieci.character_points({action[2]: values}),
                )
                marked = [c for c in claimed[seat] if c[0] == action[2]]
            elif kind == "score-chars":
                facts["points"] = suit_total(seat)
            elif kind == "score-goal":
                wanted = set(dieci.GOALS[goals[seat]][1])
                matches = sum(1 for c in set(claimed[seat]) if c in wanted)
                facts.update(matches=matches, points=dieci.GOAL_POINTS[matches])
                marked = [c for c in claimed[seat] if c in wanted]
            elif kind == "score-cards":
                facts["points"] = taken[seat]
            else:
                wanted = set(dieci.GOALS[goals[seat]][1]) if seat in goals else set()
                goal = dieci.GOAL_POINTS[sum(1 for c in set(claimed[seat]) if c in wanted)]
                facts["points"] = taken[seat] + goal + suit_total(seat)
                scores[seat] = facts["points"]
        elif kind is not None:
            raise DemoError(f"{where}: unknown action {action!r}")

        summary = not any(setup.get("hands", {}).values())  # a scoring demo: no table, only what was taken
        view = {
            "kind": "cards",
            "game": "dieci",
            "trump": None if summary else trump_card,
            "faceup": None if summary else list(faceup),
            "deck": None if summary else len(deck),
            "seats": [
                {
                    "id": s,
                    "hand": list(hands[s]),
                    "played": next(([c] for t, c in trick if t == s), None),
                    "lead": bool(trick) and trick[0][0] == s,
                    "winner": winner == s,
                    "characters": list(claimed[s]),
                    "score": scores.get(s),
                    "attempt": [attempt[1]] if attempt and attempt[0] == s else None,
                    "taken_cards": taken[s] if summary else None,
                    "goal": list(dieci.GOALS[goals[s]][1]) if summary and s in goals else None,
                }
                for s in seats
            ],
            "marked": marked,
            "hands_hidden": True,
        }
        frames.append(Frame(step.caption, dict(facts), view, facts))
    return frames


SEATS = ("west", "north", "east")

DEMOS: tuple[Demo, ...] = (
    Demo(
        game="dieci",
        id="follow-suit",
        height=520,
        title="demo.dieci.follow.title",
        setup={
            "seats": SEATS,
            "trump": "JB",
            "hands": {"west": ["QR", "9G"], "north": ["9R", "TB"], "east": ["8B", "AG"]},
            "faceup": ["R4", "G8", "Y3"],
            "deck": ["P6"],
        },
        steps=(
            Step(None, "demo.dieci.follow.s0"),
            Step(("play", "west", "QR"), "demo.dieci.follow.s1"),
            Step(("try", "north", "TB"), "demo.dieci.follow.s2", {"legal": False}),
            Step(("play", "north", "9R"), "demo.dieci.follow.s3", {"follows": True}),
            Step(("play", "east", "8B"), "demo.dieci.follow.s4", {"follows": False, "trump": True}),
            Step(("take",), "demo.dieci.follow.s5", {"winner": "east", "cards": 3}),
        ),
    ),
    Demo(
        game="dieci",
        id="highest-rank",
        height=550,
        title="demo.dieci.rank.title",
        setup={
            "seats": SEATS,
            "trump": "TY",
            "hands": {"west": ["9G", "8P"], "north": ["KR", "QP"], "east": ["JG", "QR"]},
            "faceup": ["R4", "G8", "P3"],
            "deck": ["B6"],
        },
        steps=(
            Step(None, "demo.dieci.rank.s0"),
            Step(("play", "west", "9G"), "demo.dieci.rank.s1"),
            Step(("play", "north", "KR"), "demo.dieci.rank.s2", {"follows": False, "trump": False}),
            Step(("play", "east", "JG"), "demo.dieci.rank.s3", {"follows": True}),
            Step(("take",), "demo.dieci.rank.s4", {"winner": "north"}),
            Step(("claim", "north", "R4"), "demo.dieci.rank.s5"),
            Step(("pass", "east"), "demo.dieci.rank.s6"),
            Step(("pass", "west"), "demo.dieci.rank.s7"),
            Step(("refill",), "demo.dieci.rank.s8", {"refilled": 1, "leader": "north"}),
            Step(("play", "north", "QP"), "demo.dieci.rank.s9"),
            Step(("play", "east", "QR"), "demo.dieci.rank.s10", {"follows": False}),
            Step(("play", "west", "8P"), "demo.dieci.rank.s11", {"follows": True}),
            Step(("take",), "demo.dieci.rank.s12", {"winner": "north"}),
        ),
    ),
    Demo(
        game="dieci",
        id="forced-claim",
        height=560,
        title="demo.dieci.forced.title",
        setup={
            "seats": SEATS,
            "trump": "KP",
            "hands": {"west": ["TG"], "north": ["AG"], "east": ["9R"]},
            "faceup": ["Y2", "R8", "B3"],
            "deck": ["G4"],
            "claimed": {"north": ["R2"]},
        },
        steps=(
            Step(None, "demo.dieci.forced.s0"),
            Step(("play", "west", "TG"), "demo.dieci.forced.s1"),
            Step(("play", "north", "AG"), "demo.dieci.forced.s2"),
            Step(("play", "east", "9R"), "demo.dieci.forced.s3", {"follows": False}),
            Step(("take",), "demo.dieci.forced.s4", {"winner": "north"}),
            Step(("try-claim", "north", "Y2"), "demo.dieci.forced.s5", {"legal": False}),
            Step(("claim", "north", "R8"), "demo.dieci.forced.s6", {"before": 2, "suit_points": -6}),
        ),
    ),
    Demo(
        game="dieci",
        id="round-of-offers",
        height=560,
        title="demo.dieci.offers.title",
        setup={
            "seats": SEATS,
            "trump": "QY",
            "hands": {"west": ["8B"], "north": ["9B"], "east": ["AB"]},
            "faceup": ["B4", "G2", "P3"],
            "deck": ["R6", "Y3", "G10"],
            "claimed": {"west": ["G6"], "north": ["G3"]},
        },
        steps=(
            Step(None, "demo.dieci.offers.s0"),
            Step(("play", "west", "8B"), "demo.dieci.offers.s1"),
            Step(("play", "north", "9B"), "demo.dieci.offers.s2"),
            Step(("play", "east", "AB"), "demo.dieci.offers.s3"),
            Step(("take",), "demo.dieci.offers.s4", {"winner": "east"}),
            Step(("claim", "east", "B4"), "demo.dieci.offers.s5"),
            Step(("claim", "west", "P3"), "demo.dieci.offers.s6", {"before": 6, "suit_points": 9}),
            Step(("pass", "north"), "demo.dieci.offers.s7"),
            Step(("refill",), "demo.dieci.offers.s8", {"refilled": 2}),
        ),
    ),
    Demo(
        game="dieci",
        id="suit-scoring",
        height=400,
        title="demo.dieci.scoring.title",
        setup={
            "seats": ("west",),
            "trump": "AR",
            "claimed": {"west": ["R2", "R8", "G6", "B3", "B10"]},
            "taken": {"west": 12},
            "goal": {"west": 4},
        },
        steps=(
            Step(None, "demo.dieci.scoring.s0"),
            Step(("score-suit", "west", "R"), "demo.dieci.scoring.s1", {"lowest": 2, "others": 8, "points": -6}),
            Step(("score-suit", "west", "G"), "demo.dieci.scoring.s2", {"lowest": 6, "others": 0, "points": 6}),
            Step(("score-suit", "west", "B"), "demo.dieci.scoring.s3", {"lowest": 3, "others": 10, "points": -7}),
            Step(("score-chars", "west"), "demo.dieci.scoring.s4", {"points": -7}),
            Step(("score-goal", "west"), "demo.dieci.scoring.s5", {"matches": 2, "points": 3}),
            Step(("score-cards", "west"), "demo.dieci.scoring.s6", {"points": 12}),
            Step(("score", "west"), "demo.dieci.scoring.s7", {"points": 8}),
        ),
    ),
)
