"""Dieci demos, replayed through ``pyapp.games.dieci``'s ``State``.

Setup: ``seats`` (clockwise order, the engine's seats 0, 1, 2…; the first
leads), ``trump`` (the turned card), ``hands``, ``faceup`` (the three face-up
characters), ``deck`` (the character deck, top first), ``claimed`` and
``taken`` (characters and card count per seat so far), ``goal`` (goal card
number per seat).  The replay builds a ``DieciState`` at that position (a
scoring demo without hands: the game's end, with two seats at least) and
steps it.  Actions:

- ``("play", seat, card)``: the seat plays the card (``apply_action``);
  ``("try", seat, card)``: one it holds that the engine refuses (on a clone).
- ``("take",)``: shows who wins the trick and takes its cards.
- ``("claim", seat, char)``: the winner's forced claim (``"top"`` for the
  deck's top when no face-up character is eligible), then the round of
  offers; ``("try-claim", seat, char)``: a claim the engine refuses.
- ``("pass", seat)``: a seat declines in the round of offers.
- ``("refill",)``: shows the face-up row refilled to three, which the engine
  did once the round of offers ended (until then the frames hold it back).
- ``("score-suit", seat, suit)``, ``("score-chars", seat)``,
  ``("score-goal", seat)``, ``("score-cards", seat)``, ``("score", seat)``:
  the parts of a seat's score (``score_parts``, ``suit_points``).
"""

from __future__ import annotations

from typing import Any

from pyapp.demos import Demo, DemoError, Frame, Shown, Step, refuses, run_steps

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


def start(setup: dict[str, Any]) -> Any:
    """The demo's position as a ``DieciState`` (``ValueError`` if it is not one)."""
    from pyapp.games import dieci

    seats = list(setup["seats"])
    players = max(len(seats), min(dieci.STATE.PLAYERS))
    engine_seats = seats + [None] * (players - len(seats))
    return dieci.STATE.at_position({
        "hands": [setup.get("hands", {}).get(s, []) for s in engine_seats],
        "trump_card": setup["trump"],
        "face_up": setup.get("faceup", []),
        "char_deck": setup.get("deck", []),
        "claimed": [setup.get("claimed", {}).get(s, []) for s in engine_seats],
        "taken": [setup.get("taken", {}).get(s, 0) for s in engine_seats],
        "goals": [setup.get("goal", {}).get(s) for s in engine_seats],
    }, players=players)


class _Replay:
    """A demo's ``DieciState`` and what a frame shows beyond it: the winner once announced, a refill not yet shown."""

    def __init__(self, demo: Demo) -> None:
        self.seats: list[str] = list(demo.setup["seats"])
        self.state = start(demo.setup)
        self.order = [c for s in self.seats for c in demo.setup.get("hands", {}).get(s, [])]
        self.summary = not self.order  # a scoring demo: no table, only what was taken
        self.announced = False  # from the "take" step until the refill is shown
        self.held: tuple[dict[str, Any], list[str]] | None = None  # the ended trick and its refill, until shown
        self.scores: dict[str, int] = {}

    def handlers(self) -> dict[str, Any]:
        return {"play": self.play, "try": self.try_play, "take": self.take, "claim": self.claim,
                "try-claim": self.try_claim, "pass": self.pass_offer, "refill": self.refill,
                "score-suit": self.score_suit, "score-chars": self.score_part("characters"),
                "score-goal": self.score_goal, "score-cards": self.score_part("cards"), "score": self.score_total}

    def seat(self, where: str, seat: str, *phases: str) -> int:
        """The engine's seat ``seat``, which must be the one to act, in one of ``phases``."""
        state = self.state
        if state.phase not in phases or self.held:
            raise DemoError(f"{where}: {seat} cannot act now: the engine is in its {state.phase!r} phase")
        if self.seats.index(seat) != state.current_player():
            raise DemoError(f"{where}: it is not {seat}'s turn")
        return state.current_player()

    def act(self, where: str, seat: str, text: str) -> None:
        """Apply ``text``; when it ends the trick, hold its refill back until a "refill" step shows it."""
        state = self.state
        events, trick = state.events, {"cards": list(state.trick), "seats": list(state.trick_seats)}
        try:
            state.apply_action(text)
        except ValueError as error:
            raise DemoError(f"{where}: {seat} may not {text} ({error})") from None
        if trick["cards"] and not state.trick:  # a claim or pass that ended the trick
            drawn = [c for e in state.log if e["n"] >= events and e["type"] == "refill" for c in e["chars"]]
            self.held = (trick, drawn)

    def play(self, where: str, seat: str, card: str) -> Shown:
        index = self.seat(where, seat, "play")
        if card not in self.state.hands[index]:
            raise DemoError(f"{where}: {seat} does not hold {card}")
        led = self.state.trick[0] if self.state.trick else None
        self.act(where, seat, f"play {card}")
        facts = {"seat": seat, "card": show_card(card), "legal": True,
                 "follows": led is None or card[1] == led[1], "trump": card[1] == self.state.trump}
        return Shown(facts)

    def try_play(self, where: str, seat: str, card: str) -> Shown:
        index = self.seat(where, seat, "play")
        if card not in self.state.hands[index] or not refuses(self.state, f"play {card}"):
            raise DemoError(f"{where}: {card} is legal or not held, yet the demo says it is not")
        return Shown({"seat": seat, "card": show_card(card), "legal": False}, [card], (seat, [card]))

    def take(self, where: str) -> Shown:
        state = self.state
        if state.phase != "claim" or len(state.trick) != state.players:
            raise DemoError(f"{where}: the trick is not complete")
        self.announced = True
        card = state.trick[state.trick_seats.index(state.winner)]
        return Shown({"winner": self.seats[state.winner], "card": show_card(card), "cards": len(state.trick)})

    def claim(self, where: str, seat: str, char: str) -> Shown:
        from pyapp.games import dieci

        index = self.seat(where, seat, "claim", "offer")
        claimed = self.state.claimed[index]
        before = dieci.suit_points(claimed)
        self.act(where, seat, "top" if char == "top" else f"claim {char}")
        got = claimed[-1]
        facts = {"seat": seat, "legal": True, "char": show_char(got), "before": before,
                 "suit_points": dieci.suit_points(claimed)}
        return Shown(facts, [got])

    def try_claim(self, where: str, seat: str, char: str) -> Shown:
        self.seat(where, seat, "claim", "offer")
        if not refuses(self.state, f"claim {char}"):
            raise DemoError(f"{where}: {char} may be claimed, yet the demo says not")
        return Shown({"seat": seat, "legal": False, "char": show_char(char)}, [char])

    def pass_offer(self, where: str, seat: str) -> Shown:
        self.seat(where, seat, "offer")
        self.act(where, seat, "pass")
        return Shown({"seat": seat})

    def refill(self, where: str) -> Shown:
        if self.held is None:
            raise DemoError(f"{where}: the round of offers is not over")
        drawn = self.held[1]
        self.held, self.announced = None, False
        return Shown({"refilled": len(drawn), "leader": self.seats[self.state.leader]}, drawn)

    def score_suit(self, where: str, seat: str, suit: str) -> Shown:
        from pyapp.games import dieci

        chars = [c for c in self.state.claimed[self.seats.index(seat)] if c[0] == suit]
        values = sorted(int(c[1:]) for c in chars)
        facts = {"lowest": values[0] if values else 0, "others": sum(values[1:]), "points": dieci.suit_points(chars)}
        return Shown(facts, chars)

    def score_part(self, part: str) -> Any:
        """A handler showing one part of a seat's score (``score_parts``)."""
        return lambda where, seat: Shown({"points": self.state.score_parts(self.seats.index(seat))[part]})

    def score_goal(self, where: str, seat: str) -> Shown:
        from pyapp.games import dieci

        index = self.seats.index(seat)
        parts, wanted = self.state.score_parts(index), dieci.GOALS[self.state.goals[index]][1]
        marked = [c for c in self.state.claimed[index] if c in wanted]
        return Shown({"matches": parts["matches"], "points": parts["goal"]}, marked)

    def score_total(self, where: str, seat: str) -> Shown:
        points = self.scores[seat] = self.state.score_parts(self.seats.index(seat))["total"]
        return Shown({"points": points})

    def view(self, shown: Shown) -> dict[str, Any]:
        state = self.state
        trick, drawn = self.held or ({"cards": state.trick, "seats": state.trick_seats}, [])
        plays = dict(zip(trick["seats"], trick["cards"]))
        dealt_again = state.deal_no > 1  # the demo's deal is played out: its hands are empty, its trump stays
        return {
            "kind": "cards",
            "game": "dieci",
            "trump": None if self.summary else state.last_deal["trump_card"] if dealt_again else state.trump_card,
            "faceup": None if self.summary else [c for c in state.face_up if c not in drawn],
            "deck": None if self.summary else len(state.char_deck) + len(drawn),
            "seats": [self.seat_view(i, s, [] if dealt_again else state.hands[i], trick, plays, shown)
                      for i, s in enumerate(self.seats)],
            "marked": shown.marked,
            "hands_hidden": True,
        }

    def seat_view(self, index: int, seat: str, hand: list[str], trick: dict[str, Any], plays: dict[int, str],
                  shown: Shown) -> dict[str, Any]:
        from pyapp.games import dieci

        state = self.state
        return {
            "id": seat,
            "hand": sorted(hand, key=self.order.index),
            "played": [plays[index]] if index in plays else None,
            "lead": bool(trick["seats"]) and trick["seats"][0] == index,
            "winner": self.announced and state.winner == index,
            "characters": list(state.claimed[index]),
            "score": self.scores.get(seat),
            "attempt": shown.attempt[1] if shown.attempt and shown.attempt[0] == seat else None,
            "taken_cards": state.taken[index] if self.summary else None,
            "goal": list(dieci.GOALS[state.goals[index]][1]) if self.summary else None,
        }


def replay(demo: Demo) -> list[Frame]:
    """Step the demo's ``DieciState``: one frame per step (``DemoError`` for a step the engine refuses)."""
    table = _Replay(demo)
    return run_steps(demo, table.handlers(), table.view)


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
            "deck": ["B6", "Y6"],  # two: the game ends when a refill empties the deck
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
