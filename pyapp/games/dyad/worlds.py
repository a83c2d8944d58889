"""Dyad's search worlds that model the other players' play (Hard's ``sampler`` settings).

``DyadState.sample_world`` deals the unseen cards uniformly, given the voids shown.
These samplers use more of what the plays say, reading the other seats as
Normal players (``policies.pair_scores``, Normal's passes):

* ``InformedDeals`` weighs deals by how likely they make this round's pairs
  (``play_likelihood``), by importance resampling (3 players);
* ``PassInformed`` deals the Teams partner only cards that fit the pass it made
  (``pass_bars``; 4 players);
* ``InformedPass`` is both (Teams).

Every world still fits the seat's observation.  Measured in docs/dyad-strength.md.
"""

from __future__ import annotations

import math
import random

from pyapp.games.dyad.policies import pair_scores
from pyapp.games.dyad.rules import parse_card, rank_of, top_rank
from pyapp.games.dyad.state import PLAYS, TAKES, world_from_observation
from pyapp.games.dyad.view import Observation

TEMPERATURE = 1.5
"""How sharply ``play_likelihood`` expects a player to take the best pair by ``pair_scores``."""
SLIP = 0.1
"""The share of plays ``play_likelihood`` explains as anything legal (a player's own reasons)."""


def round_start(world):
    """A copy of ``world`` rewound to the first pair of its round: hands rebuilt from the sampled ones.

    A hand at the start held what it holds now, plus what it played, minus what it retrieved.
    """
    start = [list(h) for h in world.hands]  # counts: a card may be retrieved, played and retrieved again
    for plays, *_ in world.tricks:
        for seat, pair in plays:
            start[seat].extend(pair)
    for seat, pair in world.trick:
        start[seat].extend(pair)
    for _, taker, card, _ in world.tricks:
        start[taker].remove(card)
    rewound = world.clone()
    rewound.hands = [sorted(h) for h in start]
    rewound.trick = []
    rewound.tricks = []
    rewound.phase = "play"
    rewound.turn = world.leader
    return rewound


def play_chance(world, pair: tuple[int, int], rng: random.Random) -> float:
    """How likely the player to act plays ``pair``: softmax of ``pair_scores`` (with ``rng``), plus slips."""
    scored = pair_scores(world, rng)
    top = max(v for v, _ in scored)
    weights = {p: math.exp((v - top) / TEMPERATURE) for v, p in scored}
    return (1 - SLIP) * weights.get(pair, 0.0) / sum(weights.values()) + SLIP / len(scored)


def play_likelihood(world, seat: int, rng: random.Random) -> float:
    """Log-likelihood of the round's pairs played by the other seats, if ``world``'s hands were the real ones.

    Each play counts ``play_chance``: the model player judges the answers still to come
    from its own hand only.  Normal dumps its lowest pair when it cannot win,
    so such a play says its other cards are good, which a uniform deal ignores.
    """
    replay = round_start(world)
    total = 0.0
    plays = [(record[0], record[2]) for record in world.tricks] + [(tuple(world.trick), None)]
    for trick, card in plays:
        for player, pair in trick:
            if player != seat:
                total += math.log(play_chance(replay, pair, rng))
            replay.step(PLAYS[pair])
        if card is not None:
            replay.step(TAKES[card])
    return total


class InformedDeals:
    """Worlds for ``seat`` drawn in proportion to ``play_likelihood`` (a search's ``sampler``).

    Each draw samples one more deal with ``state.sample_world`` (so every world fits the
    observation), keeps it with its likelihood, and returns a copy of one of the deals kept
    so far, chosen in proportion to their likelihoods: a sampling-importance-resampling pool
    that grows with the search and costs one likelihood per draw.  Before any other seat has
    played a pair this round there is nothing to weigh and the new deal is returned.
    """

    def __init__(self, state, seat: int) -> None:
        self.state = state
        self.seat = seat
        self.worlds: list = []
        self.logs: list[float] = []

    def deal(self, rng: random.Random):
        """One more deal that fits the observation (a subclass may model more of it)."""
        return self.state.sample_world(self.seat, rng)

    def __call__(self, rng: random.Random):
        seat = self.seat
        world = self.deal(rng)
        if not world.tricks and not any(p != seat for p, _ in world.trick):
            return world
        self.worlds.append(world)
        self.logs.append(play_likelihood(world, seat, rng))
        top = max(self.logs)
        weights = [math.exp(v - top) for v in self.logs]
        pick = rng.random() * sum(weights)
        for kept, weight in zip(self.worlds, weights):
            pick -= weight
            if pick < 0:
                return kept.clone()
        return self.worlds[-1].clone()


def pass_bars(obs: Observation) -> list[dict[int, set[int]]]:
    """Teams: the cards the observer's partner cannot still hold if it passed as Normal does.

    Normal passes its two best cards from a weak hand and its two worst from a strong one
    (``policies`` passes), so the rest of its hand before the pass lay below (or above) the
    two the observer received.  Both readings whose bars the partner's plays so far fit, the
    likelier first (high cards: a weak hand's best); none before the pass.
    """
    if not obs.get("received"):
        return []
    partner = obs["partner"]
    low, high = sorted(parse_card(t) for t in obs["received"])
    gift = {parse_card(t) for t in obs["gave"]}
    retrieved: set[int] = set()
    own: list[int] = []  # the partner's cards played this round that it held before the pass
    for plays, winner, card in ([(t["plays"], t["winner"], t["retrieved"]) for t in obs["tricks"]]
                                + [(obs["trick"], None, None)]):
        for play in plays:
            if play["seat"] == partner:
                own += [c for c in (parse_card(t) for t in play["pair"]) if c not in gift and c not in retrieved]
        if winner == partner:
            retrieved.add(parse_card(card))
    weak = {partner: set(range(low + 1, 32))} if all(c < low for c in own) else None
    strong = {partner: set(range(high))} if all(c > high for c in own) else None
    top = top_rank(obs["players"])
    order = [weak, strong] if rank_of(low) + rank_of(high) >= 2 + top else [strong, weak]
    return [bars for bars in order if bars]


class PassInformed:
    """Teams worlds for ``seat`` (a search's ``sampler``) in which the partner's hidden cards fit
    the pass it made as Normal passes (``pass_bars``; the next reading when no deal fits one,
    plain sampled worlds when none does).

    The observation is read once per search instead of once per world.
    """

    def __init__(self, state, seat: int) -> None:
        self.obs: Observation = state.observation(seat)
        self.seat = seat
        self.seed = state.seed
        self.readings = pass_bars(self.obs) if self.obs["options"].get("teams") else []

    def __call__(self, rng: random.Random):
        while self.readings:
            try:
                return world_from_observation(self.obs, self.seat, rng, self.seed, self.readings[0])
            except ValueError:
                self.readings.pop(0)
        return world_from_observation(self.obs, self.seat, rng, self.seed)


class InformedPass(InformedDeals):
    """Teams worlds for ``seat`` (a search's ``sampler``): ``InformedDeals`` (deals weighed by
    the plays seen this round) over ``PassInformed`` deals (the partner's hidden cards fit its
    pass)."""

    def __init__(self, state, seat: int) -> None:
        super().__init__(state, seat)
        self.passes = PassInformed(state, seat)

    def deal(self, rng: random.Random):
        return self.passes(rng)


__all__ = ["InformedDeals", "InformedPass", "PassInformed", "SLIP", "TEMPERATURE", "pass_bars", "play_chance",
           "play_likelihood", "round_start"]
