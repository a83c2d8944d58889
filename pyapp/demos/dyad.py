"""Dyad demos, replayed through ``pyapp.games.dyad``'s ``State``.

Setup: ``seats`` (seat ids in play order, ``west``, ``north``, ``east``…: the
engine's seats 0, 1, 2…, the first leads), ``hands`` (card texts per seat),
``options`` (``twos``), ``cipher`` (seats that declared Cipher).  The replay
builds a ``DyadState`` at that position (the last trick of a round) and
steps it.  Actions:

- ``("play", seat, "6S+4S")``: the seat plays the pair (``apply_action``).
- ``("try", seat, "7H+3H")``: a pair the seat holds and would like to play,
  which the engine refuses (tried on a clone); nothing changes.
- ``("take",)``: shows who takes the trick (the engine's taker, to act next).
- ``("retrieve", seat, card)``: the taker takes back an opponent's card
  (``take 7C``); the rest of the trick leaves play, and the round ends.
- ``("try-retrieve", seat, card)``: a card the engine does not let it take.
- ``("score", seat)``: the seat's score in the round the engine ended;
  ``("score", seat, [cards])``: what that hand would have scored
  (``round_score``), to show what would have happened.
"""

from __future__ import annotations

from typing import Any

from pyapp.demos import Demo, DemoError, Frame, Shown, Step, refuses, run_steps

SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}


def show(cards: Any) -> str:
    """Cards as the page writes them in captions: ``6S+4S`` → ``6♠ 4♠``.

    >>> show("6S+4S"), show(["7H"])
    ('6♠ 4♠', '7♥')
    """
    if isinstance(cards, str):
        cards = cards.split("+")
    return " ".join(f"{c[:-1]}{SYMBOLS[c[-1]]}" for c in cards)


def start(setup: dict[str, Any]) -> Any:
    """The demo's position as a ``DyadState`` (``ValueError`` if it is not one)."""
    from pyapp.games import dyad

    seats = list(setup["seats"])
    position: dict[str, Any] = {"hands": [setup["hands"][s] for s in seats]}
    options = dict(setup.get("options", {}))
    if "cipher" in setup:
        options["cipher"] = True
        position["ciphers"] = [s in setup["cipher"] for s in seats]
    return dyad.STATE.at_position(position, players=len(seats), **options)


class _Replay:
    """A demo's ``DyadState`` and the little a frame shows beyond it: the taker once announced."""

    def __init__(self, demo: Demo) -> None:
        self.seats: list[str] = list(demo.setup["seats"])
        self.state = start(demo.setup)
        self.order = [c for s in self.seats for c in demo.setup["hands"][s]]  # cards drawn in the setup's order
        self.taker: str | None = None  # from the "take" step until the card is retrieved
        self.retrieved: str | None = None
        self.scores: dict[str, int] = {}

    def handlers(self) -> dict[str, Any]:
        return {"play": self.play, "try": self.try_play, "take": self.take, "retrieve": self.retrieve,
                "try-retrieve": self.try_retrieve, "score": self.score}

    def ordered(self, cards: Any) -> list[str]:
        return sorted(cards, key=self.order.index)

    def seat(self, where: str, seat: str, phase: str) -> int:
        """The engine's seat ``seat``, which must be the one to act in ``phase``."""
        state = self.state
        if state.phase != phase:
            raise DemoError(f"{where}: {seat} cannot act now: the engine is in its {state.phase!r} phase, not {phase!r}")
        if self.seats.index(seat) != state.current_player():
            raise DemoError(f"{where}: it is {self.seats[state.current_player()]}'s turn, not {seat}'s")
        return state.current_player()

    def lead(self) -> list[str] | None:
        trick = self.state.observation(0)["trick"]
        return trick[0]["pair"] if trick else None

    def play(self, where: str, seat: str, pair: str) -> Shown:
        self.seat(where, seat, "play")
        try:
            self.state.apply_action(pair)
        except ValueError as error:
            raise DemoError(f"{where}: {seat} may not play {pair} ({error})") from None
        obs = self.state.observation(0)
        cards = pair.split("+")
        return Shown({"seat": seat, "pair": show(cards), "legal": True, "value": obs["trick"][-1]["value"],
                      "sum": sum(int(c[:-1]) for c in cards), "lead_matched": obs["lead_matched"]})

    def try_play(self, where: str, seat: str, pair: str) -> Shown:
        index = self.seat(where, seat, "play")
        cards = pair.split("+")
        hand = self.state.observation(index)["hand"]
        if not set(cards) <= set(hand) or not refuses(self.state, pair):
            raise DemoError(f"{where}: {seat} holds {hand}, and {pair} is legal or not held, yet the demo says it is not")
        lead = self.lead()
        held = sum(1 for c in hand if lead and c[-1] == lead[0][-1])
        return Shown({"seat": seat, "pair": show(cards), "legal": False, "held": held}, cards, (seat, cards))

    def take(self, where: str) -> Shown:
        if self.state.phase != "take":
            raise DemoError(f"{where}: the trick is not complete")
        trick = self.state.observation(0)["trick"]
        taker = self.state.current_player()
        self.taker = self.seats[taker]
        value = next(play["value"] for play in trick if play["seat"] == taker)
        return Shown({"winner": self.taker, "value": value, "values": [play["value"] for play in trick]})

    def retrieve(self, where: str, seat: str, card: str) -> Shown:
        self.seat(where, seat, "take")
        try:
            self.state.apply_action(f"take {card}")
        except ValueError:
            raise DemoError(f"{where}: {card} is not an opponent's card of this trick") from None
        self.retrieved, self.taker = card, None
        return Shown({"card": show([card]), "legal": True})

    def try_retrieve(self, where: str, seat: str, card: str) -> Shown:
        self.seat(where, seat, "take")
        if not refuses(self.state, f"take {card}"):
            raise DemoError(f"{where}: {card} may be retrieved, yet the demo says not")
        return Shown({"card": show([card]), "legal": False}, [card])

    def score(self, where: str, seat: str, hand: list[str] | None = None) -> Shown:
        from pyapp.games import dyad

        if not self.state.sheet:
            raise DemoError(f"{where}: the round is not over")
        ended, index = self.state.sheet[0], self.seats.index(seat)
        if hand is None:  # the engine's score for the round
            cards, marked = self.ordered(ended["hands"][index]), []
            score = self.scores[seat] = ended["scores"][index]
        else:  # what the hand given would have scored
            cards, marked = list(hand), list(hand)
            score = dyad.round_score(hand, twos=self.state.options["twos"], cipher=ended["ciphers"][index])
        return Shown({"seat": seat, "score": score, "hand": show(cards) if cards else "", "cards": len(cards)}, marked)

    def view(self, shown: Shown) -> dict[str, Any]:
        state = self.state
        if state.sheet:  # the round is over: its last hands, before the next deal
            hands, ciphers, trick = state.sheet[0]["hands"], state.sheet[0]["ciphers"], []
        else:
            obs = state.observation(0)
            hands, ciphers, trick = [state.observation(s)["hand"] for s in range(state.players)], state.ciphers, obs["trick"]
        plays = {play["seat"]: play for play in trick}
        return {
            "kind": "cards",
            "game": "dyad",
            "seats": [
                {
                    "id": s,
                    "hand": self.ordered(hands[i]),
                    "played": self.ordered(plays[i]["pair"]) if i in plays else None,
                    "value": plays[i]["value"] if i in plays else None,
                    "lead": bool(trick) and trick[0]["seat"] == i,
                    "winner": self.taker == s,
                    "cipher": bool(ciphers[i]),
                    "score": self.scores.get(s),
                    "attempt": shown.attempt[1] if shown.attempt and shown.attempt[0] == s else None,
                }
                for i, s in enumerate(self.seats)
            ],
            "marked": shown.marked,
            "retrieved": self.retrieved,
        }


def replay(demo: Demo) -> list[Frame]:
    """Step the demo's ``DyadState``: one frame per step (``DemoError`` for a step the engine refuses)."""
    table = _Replay(demo)
    return run_steps(demo, table.handlers(), table.view)


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
