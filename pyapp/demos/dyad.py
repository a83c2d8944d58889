"""Dyad demos, replayed through ``pyapp.games.dyad``'s public rules API.

Setup: ``seats`` (seat ids, play order: ``west``, ``north``, ``east``…),
``hands`` (card texts per seat), ``options`` (``twos``), ``cipher`` (seats that
declared Cipher).  Actions:

- ``("play", seat, "6S+4S")``: the pair must be in ``legal_pairs(hand, lead)``;
  its value is ``pair_value(lead, pair)``.
- ``("try", seat, "7H+3H")``: a pair the seat would like to play but may not
  (the step fails if it is legal); nothing changes.
- ``("take",)``: ``trick_winner`` names the taker.
- ``("retrieve", seat, card)``: the taker takes back one card an opponent
  played to the trick; the rest of the trick leaves play.
- ``("try-retrieve", seat, card)``: a card the taker may not take back.
- ``("score", seat)`` or ``("score", seat, [cards])``: ``round_score`` of the
  seat's hand (or of the hand given, to show what would have happened).
"""

from __future__ import annotations

from typing import Any

from pyapp.demos import Demo, DemoError, Frame, Step

SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def show(cards: Any) -> str:
    """Cards as the page writes them in captions: ``6S+4S`` → ``6♠ 4♠``.

    >>> show("6S+4S"), show(["7H"])
    ('6♠ 4♠', '7♥')
    """
    if isinstance(cards, str):
        cards = cards.split("+")
    return " ".join(f"{c[:-1]}{SYMBOLS[c[-1]]}" for c in cards)


def _cards(pair: str) -> list[str]:
    cards = pair.split("+")
    if len(cards) != 2:
        raise DemoError(f"{pair!r} is not a pair")
    return cards


def replay(demo: Demo) -> list[Frame]:
    from pyapp.games import dyad

    setup = demo.setup
    seats: list[str] = list(setup["seats"])
    hands: dict[str, list[str]] = {s: list(setup["hands"][s]) for s in seats}
    twos = bool(setup.get("options", {}).get("twos", False))
    cipher = set(setup.get("cipher", ()))
    trick: list[tuple[str, str, int]] = []  # (seat, pair, value)
    lead: str | None = None
    taker: str | None = None
    retrieved: str | None = None
    scores: dict[str, int] = {}
    frames: list[Frame] = []

    for number, step in enumerate(demo.steps):
        where = f"{demo.key} step {number}"
        facts: dict[str, Any] = {}
        marked: list[str] = []  # cards to point at in this frame
        attempt: tuple[str, str] | None = None
        action = step.action
        kind = action[0] if action else None
        if kind in ("play", "try"):
            seat, pair = action[1], action[2]
            if taker is not None:
                raise DemoError(f"{where}: the trick is already taken")
            cards = _cards(pair)
            missing = [c for c in cards if c not in hands[seat]]
            if missing:
                raise DemoError(f"{where}: {seat} does not hold {missing}")
            expected_seat = seats[(seats.index(trick[0][0]) + len(trick)) % len(seats)] if trick else None
            if expected_seat is not None and seat != expected_seat:
                raise DemoError(f"{where}: it is {expected_seat}'s turn, not {seat}'s")
            legal = {frozenset(p) for p in dyad.legal_pairs(hands[seat], lead)}
            is_legal = frozenset(cards) in legal
            facts.update(seat=seat, pair=show(cards), legal=is_legal)
            if kind == "try":
                if is_legal:
                    raise DemoError(f"{where}: {pair} is legal, yet the demo says it is not")
                facts["held"] = sum(1 for c in hands[seat] if lead and c[-1] == lead.split("+")[0][-1])
                attempt = (seat, pair)
                marked = cards
            else:
                if not is_legal:
                    raise DemoError(f"{where}: {seat} may not play {pair} (legal: {sorted(map(sorted, legal))})")
                if lead is None:
                    lead = pair
                value = dyad.pair_value(lead, pair)
                facts["value"] = value
                facts["sum"] = sum(int(c[:-1]) for c in cards)
                facts["lead_matched"] = lead.split("+")[0][-1] == lead.split("+")[1][-1]
                for c in cards:
                    hands[seat].remove(c)
                trick.append((seat, pair, value))
        elif kind == "take":
            if len(trick) != len(seats):
                raise DemoError(f"{where}: only {len(trick)} of {len(seats)} pairs are played")
            index = dyad.trick_winner([p for _, p, _ in trick])
            taker = trick[index][0]
            facts.update(winner=taker, value=trick[index][2], values=[v for _, _, v in trick])
        elif kind in ("retrieve", "try-retrieve"):
            seat, card = action[1], action[2]
            if taker is None or seat != taker:
                raise DemoError(f"{where}: only the taker retrieves")
            from_opponent = any(card in p.split("+") and s != seat for s, p, _ in trick)
            facts.update(card=show([card]), legal=from_opponent)
            if kind == "try-retrieve":
                if from_opponent:
                    raise DemoError(f"{where}: {card} may be retrieved, yet the demo says not")
                marked = [card]
            else:
                if not from_opponent:
                    raise DemoError(f"{where}: {card} is not an opponent's card of this trick")
                hands[seat].append(card)
                retrieved = card
                trick = []
                lead = None
                taker = None
        elif kind == "score":
            seat = action[1]
            hand = list(action[2]) if len(action) > 2 else hands[seat]
            score = dyad.round_score(hand, twos=twos, cipher=seat in cipher)
            facts.update(seat=seat, score=score, hand=show(hand) if hand else "", cards=len(hand))
            if len(action) <= 2:
                scores[seat] = score
            marked = hand if len(action) > 2 else []
        elif kind is not None:
            raise DemoError(f"{where}: unknown action {action!r}")

        winner = taker
        view = {
            "kind": "cards",
            "game": "dyad",
            "seats": [
                {
                    "id": s,
                    "hand": list(hands[s]),
                    "played": next((p.split("+") for t, p, _ in trick if t == s), None),
                    "value": next((v for t, p, v in trick if t == s), None),
                    "lead": bool(trick) and trick[0][0] == s,
                    "winner": winner == s,
                    "cipher": s in cipher,
                    "score": scores.get(s),
                    "attempt": attempt[1].split("+") if attempt and attempt[0] == s else None,
                }
                for s in seats
            ],
            "marked": marked,
            "retrieved": retrieved,
        }
        frames.append(Frame(step.caption, dict(facts), view, facts))
    return frames


SEATS3 = ("west", "north", "east")

DEMOS: tuple[Demo, ...] = (
    Demo(
        game="dyad",
        id="matched-lead",
        height=470,
        title="demo.dyad.matched.title",
        setup={
            "seats": SEATS3,
            "hands": {"west": ["6S", "4S", "7D"], "north": ["5S", "2S", "7H", "3H"], "east": ["3S", "7C", "6H"]},
        },
        steps=(
            Step(None, "demo.dyad.matched.s0"),
            Step(("play", "west", "6S+4S"), "demo.dyad.matched.s1", {"value": 10}),
            Step(("try", "north", "7H+3H"), "demo.dyad.matched.s2", {"legal": False, "held": 2}),
            Step(("play", "north", "5S+2S"), "demo.dyad.matched.s3", {"value": 7}),
            Step(("play", "east", "3S+7C"), "demo.dyad.matched.s4", {"value": 3}),
            Step(("take",), "demo.dyad.matched.s5", {"winner": "west", "value": 10}),
        ),
    ),
    Demo(
        game="dyad",
        id="lower-card",
        height=460,
        title="demo.dyad.lower.title",
        setup={
            "seats": ("north", "east", "west"),
            "hands": {"north": ["5C", "2C", "6S"], "east": ["7H", "6D", "4S"], "west": ["4D", "3D", "5H"]},
        },
        steps=(
            Step(None, "demo.dyad.lower.s0"),
            Step(("play", "north", "5C+2C"), "demo.dyad.lower.s1", {"value": 7}),
            Step(("play", "east", "7H+6D"), "demo.dyad.lower.s2", {"sum": 13, "value": 6}),
            Step(("play", "west", "4D+3D"), "demo.dyad.lower.s3", {"value": 7}),
            Step(("take",), "demo.dyad.lower.s4", {"winner": "north", "value": 7}),
        ),
    ),
    Demo(
        game="dyad",
        id="double",
        height=430,
        title="demo.dyad.double.title",
        setup={
            "seats": SEATS3,
            "hands": {"west": ["4H", "3H", "5S"], "north": ["6S", "2C", "4D"], "east": ["7S", "5D", "3C"]},
        },
        steps=(
            Step(None, "demo.dyad.double.s0"),
            Step(("play", "west", "4H+3H"), "demo.dyad.double.s1", {"value": 7}),
            Step(("play", "north", "6S+2C"), "demo.dyad.double.s2", {"value": 12}),
            Step(("play", "east", "7S+5D"), "demo.dyad.double.s3", {"value": 5}),
            Step(("take",), "demo.dyad.double.s4", {"winner": "north", "value": 12}),
        ),
    ),
    Demo(
        game="dyad",
        id="retrieve",
        height=440,
        title="demo.dyad.retrieve.title",
        setup={
            "seats": ("east", "west", "north"),
            "hands": {"east": ["7D", "6D"], "west": ["5D", "2H"], "north": ["7C", "3S"]},
        },
        steps=(
            Step(None, "demo.dyad.retrieve.s0"),
            Step(("play", "east", "7D+6D"), "demo.dyad.retrieve.s1", {"value": 13}),
            Step(("play", "west", "5D+2H"), "demo.dyad.retrieve.s2", {"value": 10}),
            Step(("play", "north", "7C+3S"), "demo.dyad.retrieve.s3", {"value": 3}),
            Step(("take",), "demo.dyad.retrieve.s4", {"winner": "east", "value": 13}),
            Step(("try-retrieve", "east", "7D"), "demo.dyad.retrieve.s5", {"legal": False}),
            Step(("retrieve", "east", "7C"), "demo.dyad.retrieve.s6", {"legal": True}),
            Step(("score", "east"), "demo.dyad.retrieve.s7", {"score": 7}),
        ),
    ),
    Demo(
        game="dyad",
        id="cipher",
        height=460,
        title="demo.dyad.cipher.title",
        setup={
            "seats": ("north", "east", "west"),
            "hands": {"north": ["7S", "4S"], "east": ["3D", "2D"], "west": ["6H", "5C"]},
            "cipher": ("west",),
        },
        steps=(
            Step(None, "demo.dyad.cipher.s0"),
            Step(("play", "north", "7S+4S"), "demo.dyad.cipher.s1", {"value": 11}),
            Step(("play", "east", "3D+2D"), "demo.dyad.cipher.s2", {"value": 5}),
            Step(("play", "west", "6H+5C"), "demo.dyad.cipher.s3", {"value": 5}),
            Step(("take",), "demo.dyad.cipher.s4", {"winner": "north", "value": 11}),
            Step(("retrieve", "north", "6H"), "demo.dyad.cipher.s5", {"legal": True}),
            Step(("score", "west"), "demo.dyad.cipher.s6", {"score": 20, "cards": 0}),
            Step(("score", "west", ["6H"]), "demo.dyad.cipher.s7", {"score": 0, "cards": 1}),
        ),
    ),
)
