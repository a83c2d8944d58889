"""Tiny games for testing the search: a perfect-information one with a known best
move (Nim, from tests/toy_games.py, plus a set-up helper) and a hidden-information
trick-taking game ("Tricks") whose ``sample_world`` is built from the observation
alone, with voids.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pyapp.engine import Chance, GameType, Information, State
from pyapp.engine.fields import SHARED, rows, sets
from pyapp.games import new_game, register
from tests.toy_games import NimState, Take  # noqa: F401  (registers "nim")


class QuickNim(NimState):
    """The toy Nim under its own name, for tests that patch its class."""

    GAME = "quicknim"


register(QuickNim)


def nim_with_heap(heap: int, *, players: int = 2, max_take: int = 3) -> NimState:
    """A Nim game whose heap holds ``heap`` stones, seat 0 to move."""
    state = new_game("quicknim", seed=1, players=players, max_take=max_take)
    state.heap = heap
    return state


SUITS = "abc"
RANKS = (1, 2, 3, 4, 5)


@dataclass(frozen=True, order=True)
class Card:
    suit: str
    rank: int

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def parse_card(text: str) -> Card:
    if len(text) != 2 or not text[0].isdigit() or text[1] not in SUITS or int(text[0]) not in RANKS:
        raise ValueError(f"not a card: {text!r}")
    return Card(text[1], int(text[0]))


DECK = tuple(Card(s, r) for s in SUITS for r in RANKS)


class TricksState(State):
    """Must-follow trick taking with 15 cards (3 suits x 5 ranks), 2 or 3 players.

    Each player gets 4 cards (the rest stay hidden, face down); a trick is won by
    the highest card of the led suit; each trick won is a point; most points win.
    A player who fails to follow shows a void in the led suit.  Only the cards in
    hand are secret: played cards, voids and counts are public.
    """

    GAME = "tricks"
    PLAYERS = (2, 3)
    OPTIONS = {"hand": 4}
    TYPE = GameType(Information.IMPERFECT, Chance.SAMPLED)
    FIELDS = State.FIELDS | {"hands": rows, "stock": list.copy, "trick": list.copy, "played": list.copy,
                             "voids": sets, "won": list.copy, "turn": SHARED}

    def setup(self) -> None:
        deck = list(DECK)
        self.rng.shuffle(deck)
        n = self.options["hand"]
        self.hands = [sorted(deck[i * n : (i + 1) * n]) for i in range(self.players)]
        self.stock = deck[self.players * n :]
        self.trick: list[tuple[int, Card]] = []
        self.played: list[tuple[int, Card]] = []
        self.voids = [set() for _ in range(self.players)]
        self.won = [0] * self.players
        self.turn = 0

    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Card]:
        if self.is_terminal():
            return []
        hand = self.hands[self.turn]
        if self.trick:
            led = self.trick[0][1].suit
            follow = [c for c in hand if c.suit == led]
            if follow:
                return follow
        return list(hand)

    def parse_action(self, text: str) -> Card:
        return parse_card(text)

    def _apply(self, card: Card) -> None:
        seat = self.turn
        if self.trick and card.suit != self.trick[0][1].suit:
            self.voids[seat].add(self.trick[0][1].suit)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        self.played.append((seat, card))
        if len(self.trick) == self.players:
            led = self.trick[0][1].suit
            winner = max((c.rank, s) for s, c in self.trick if c.suit == led)[1]
            self.won[winner] += 1
            self.trick = []
            self.turn = winner
        else:
            self.turn = (seat + 1) % self.players

    def is_terminal(self) -> bool:
        return not self.trick and not any(self.hands)

    def scores(self) -> list[int]:
        return list(self.won)

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        best = max(self.won)
        return [s for s in range(self.players) if self.won[s] == best]

    def undo_floor(self, seat: int) -> int:
        return 0

    def observation(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "players": self.players,
            "hand": [str(c) for c in sorted(self.hands[seat])],
            "counts": [len(h) for h in self.hands],
            "trick": [[s, str(c)] for s, c in self.trick],
            "played": [[s, str(c)] for s, c in self.played],
            "voids": [sorted(v) for v in self.voids],
            "won": list(self.won),
            "turn": self.current_player(),
        }

    def sample_world(self, seat: int, rng: random.Random) -> TricksState:
        return world_from_observation(self.observation(seat), self.options, rng)


def world_from_observation(obs: dict[str, Any], options: dict[str, Any], rng: random.Random) -> TricksState:
    """A full state consistent with ``obs``: unseen cards dealt at random, voids respected."""
    seat = obs["seat"]
    players = obs["players"]
    own = [parse_card(t) for t in obs["hand"]]
    seen = set(own) | {parse_card(t) for _, t in obs["played"]}
    unseen = [c for c in DECK if c not in seen]
    voids = [set(v) for v in obs["voids"]]
    counts = obs["counts"]
    while True:  # rejection sampling: fine for a toy
        rng.shuffle(unseen)
        hands: list[list[Card]] = [[] for _ in range(players)]
        hands[seat] = list(own)
        rest = list(unseen)
        ok = True
        # Most constrained seats first.
        for other in sorted((s for s in range(players) if s != seat), key=lambda s: -len(voids[s])):
            allowed = [c for c in rest if c.suit not in voids[other]]
            if len(allowed) < counts[other]:
                ok = False
                break
            take = allowed[: counts[other]]
            hands[other] = sorted(take)
            for c in take:
                rest.remove(c)
        if ok:
            break
    world = object.__new__(TricksState)  # every field of FIELDS, set one by one (see State.clone)
    world.options = dict(options)
    world.seed = 0
    world.players = players
    world.rng = random.Random(rng.random())
    world._history = []
    world._start = None
    world.hands = hands
    world.stock = rest
    world.trick = [(s, parse_card(t)) for s, t in obs["trick"]]
    world.played = [(s, parse_card(t)) for s, t in obs["played"]]
    world.voids = voids
    world.won = list(obs["won"])
    world.turn = obs["turn"]
    return world


class _TricksPolicies:
    """Toy policies: easy plays its lowest card, normal its highest, rollout random."""

    @staticmethod
    def easy(world: TricksState, rng: random.Random) -> Card:
        return min(world.legal_actions(), key=lambda c: (c.rank, c.suit))

    @staticmethod
    def normal(world: TricksState, rng: random.Random) -> Card:
        return max(world.legal_actions(), key=lambda c: (c.rank, c.suit))

    @staticmethod
    def rollout(world: TricksState, rng: random.Random) -> Card:
        legal = world.legal_actions()
        return legal[rng.randrange(len(legal))]


TricksState.POLICIES = _TricksPolicies
register(TricksState)
