"""Computer players for Dieci: easy, normal (also in steps) and the rollout policy for search.

Each takes a world already sampled for the acting seat (so looking at it is
fair: its hidden parts are guesses) and a ``random.Random``, and returns one of
``world.legal_actions()``.  The heuristics only use what the acting seat knows:
its hand, its goal card, the public table and the unseen cards as a pool.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from typing import Any

from pyapp.engine.steps import finish
from pyapp.games.dieci.rules import CHARACTER_IDS, GOAL_POINTS, GOALS, RANK_VALUE, beats, deck
from pyapp.games.dieci.state import PLAYS, PASS, TOP, Claim, DieciState, Play

OFFER_THRESHOLD = 1.5
"""The worth above which Normal takes an offered character."""
CLOSE_PENALTY = 0.5
"""Per point of a better character still to come: what closing a suit with a low one costs."""
COST_FACTOR = 1.2
"""Weight of the strong cards a play spends, against the trick it may win."""
BEAT_FACTOR = 0.85
"""How often a player who can take the lead from the trick does (in Normal's models)."""
MC_SAMPLES = 8
"""Worlds sampled to judge each card's chance of winning the trick."""
LOOKAHEAD_SAMPLES = 8
"""Worlds in which Normal plays out the rest of the deal after each card it may play."""
LOOKAHEAD_FROM = 6
"""Players from which Normal chooses its card by that lookahead (with fewer, the formula
below measured better: at 4 players the lookahead lost 0.2x)."""
LATER_CLAIM = 4.0
"""What a later trick's claim is worth, in the lookahead (the current one's is computed)."""

_GOAL_SETS = [frozenset(chars) for _name, chars in GOALS]
_VALUE = {c: int(c[1:]) for c in CHARACTER_IDS}


# -- characters -------------------------------------------------------------------------------


def claim_delta(claimed: list[str], goal: int, char: str) -> int:
    """How much ``char`` changes the score of a seat holding ``claimed`` with goal card ``goal``."""
    value = _VALUE[char]
    same = [_VALUE[c] for c in claimed if c[0] == char[0]]
    if same:
        low, total = min(same), sum(same)
        suit = (2 * min(low, value) - total - value) - (2 * low - total)
    else:
        suit = value
    wanted = _GOAL_SETS[goal]
    if char in wanted:
        matches = sum(1 for c in claimed if c in wanted)
        suit += GOAL_POINTS[matches + 1] - GOAL_POINTS[matches]
    return suit


def claim_worth(world: DieciState, seat: int, char: str) -> float:
    """``claim_delta`` adjusted for the future: a low first character of a suit
    closes that suit to better ones still to come."""
    claimed = world.claimed[seat]
    delta = float(claim_delta(claimed, world.goals[seat], char))
    if not any(c[0] == char[0] for c in claimed):
        mine = {c for c in claimed}
        gone = set().union(*map(set, world.claimed))
        better = [_VALUE[c] for c in CHARACTER_IDS
                  if c[0] == char[0] and c != char and c not in gone and c not in mine and _VALUE[c] > _VALUE[char]]
        if better:
            left = len(world.char_deck) / 27
            delta -= CLOSE_PENALTY * left * (max(better) - _VALUE[char])
    return delta


def expected_top(world: DieciState, seat: int) -> float:
    """Average score change of taking an unknown character from the deck."""
    unseen = [c for c in world.char_deck]
    if not unseen:
        return 0.0
    claimed, goal = world.claimed[seat], world.goals[seat]
    return sum(claim_delta(claimed, goal, c) for c in unseen) / len(unseen)


def _best_claim(world: DieciState, seat: int, chars: list[str], worth) -> tuple[str | None, float]:
    best, score = None, float("-inf")
    for c in chars:
        w = worth(world, seat, c)
        if w > score:
            best, score = c, w
    return best, score


def _raw_worth(world: DieciState, seat: int, char: str) -> float:
    return claim_delta(world.claimed[seat], world.goals[seat], char)


# -- cards ------------------------------------------------------------------------------------


def _current_best(world: DieciState) -> str | None:
    trick = world.trick
    if not trick:
        return None
    best = trick[0]
    for card in trick[1:]:
        if beats(card, best, world.trump):
            best = card
    return best


def _power(card: str, trump: str) -> float:
    """0 (weakest) … 2 (ace of trumps): how well a card wins tricks."""
    return (RANK_VALUE[card[0]] - 2) / 12 + (1.0 if card[1] == trump else 0.0)


def _tricks_left(world: DieciState) -> float:
    """Roughly how many tricks the game has left: the character deck over the
    characters taken per trick so far (the game ends when the deck runs out)."""
    tricks = sum(world.taken) / world.players
    claimed = sum(len(c) for c in world.claimed)
    rate = claimed / tricks if tricks >= 1 else 2.0
    return len(world.char_deck) / max(1.0, rate) + 1


def _claim_if_won(world: DieciState, seat: int, suits: set[str]) -> float:
    eligible = [c for c in world.face_up if c[0] in suits]
    if eligible:
        return max(claim_worth(world, seat, c) for c in eligible)
    return expected_top(world, seat)


def _play_normal(world: DieciState, rng: random.Random) -> Any:
    seat = world.turn
    hand = world.hands[seat]
    legal = world.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if _looks_ahead(world):
        return finish(_lookahead_steps(world, rng, legal))
    trump = world.trump
    n = world.players
    trick_suits = {c[1] for c in world.trick}
    # How much strong cards are still worth: by the tricks this hand may still play.
    future = max(0.0, min(1.0, (min(len(hand), _tricks_left(world)) - 1) / 3))
    typical = n + 1.0
    best_action, best_value = legal[0], float("-inf")
    chances = _mc_win_chances(world, seat, [a.card for a in legal], rng)
    for action in legal:
        card = action.card
        p = chances[card]
        value_now = n + _claim_if_won(world, seat, trick_suits | {card[1]})
        if len(world.trick) + 1 < n:
            value_now += 0.5  # other suits may still come, widening the choice
        cost = future * typical * COST_FACTOR * (_power(card, trump) / 2) ** 1.5
        value = p * value_now - cost + rng.random() * 1e-6
        if value > best_value:
            best_action, best_value = action, value
    return best_action


_STRENGTHS: dict[str, dict[str, int]] = {}


def trick_strength(trump: str) -> dict[str, int]:
    """Each card's trick strength under ``trump``: a card takes the lead from an
    earlier one exactly when it is strictly stronger (trumps above every rank)."""
    table = _STRENGTHS.get(trump)
    if table is None:
        table = _STRENGTHS[trump] = {c: RANK_VALUE[c[0]] + (13 if c[1] == trump else 0) for c in deck(6)}
    return table


def greedy_playout(hands: list[list[str]], cards: list[str], leader: int, seat: int, strength: dict[str, int],
             rng: random.Random, tricks: int, first: Callable[[list[str]], float], later: float) -> float:
    """What ``seat`` earns in ``tricks`` tricks from the current one (``cards`` played so far,
    from ``leader``), everyone playing greedily: follow with the cheapest card that takes
    the lead (with chance ``BEAT_FACTOR``) or else the weakest, lead the strongest or the
    weakest card.  The current trick is worth ``first(cards)`` if won, a later one ``later``."""
    n = len(hands)
    key = strength.__getitem__
    total = 0.0
    for t in range(tricks):
        top, winner = -1, -1
        for i, card in enumerate(cards):
            if key(card) > top:
                top, winner = key(card), (leader + i) % n
        for i in range(len(cards), n):
            who = (leader + i) % n
            hand = hands[who]
            if not hand:
                return total  # the deal is over
            if cards:
                led = cards[0][1]
                follow = [c for c in hand if c[1] == led] or hand
                beaters = [c for c in follow if key(c) > top]
                card = min(beaters, key=key) if beaters and rng.random() < BEAT_FACTOR else min(follow, key=key)
            else:
                card = max(hand, key=key) if rng.random() < 0.5 else min(hand, key=key)
            hand.remove(card)
            cards.append(card)
            if key(card) > top:
                top, winner = key(card), who
        if winner == seat:
            total += first(cards) if t == 0 else later
        leader, cards = winner, []
    return total


def _looks_ahead(world: DieciState) -> bool:
    """Whether Normal chooses this world's card by ``_lookahead_steps``."""
    return world.players >= LOOKAHEAD_FROM


def _lookahead_steps(world: DieciState, rng: random.Random, legal: list[Any]) -> Generator[None, None, Any]:
    """The card whose playouts to the end of the deal (or of the game, if sooner) earn
    the most, on the same sampled worlds and random numbers for every card: this sees
    when a strong card is needed now and when it will still win later (on a tie, the
    weaker card).  Yields after each sampled world: a whole lookahead is up to ~30 ms
    in Pyodide, too long for one task on a slow phone."""
    seat = world.turn
    n = world.players
    strength = trick_strength(world.trump)
    tricks = max(1, min(len(world.hands[seat]), int(_tricks_left(world))))
    leader = (seat - len(world.trick)) % n
    claims: dict[frozenset[str], float] = {}

    def first(cards: list[str]) -> float:
        suits = frozenset(c[1] for c in cards)
        if suits not in claims:
            claims[suits] = n + _claim_if_won(world, seat, suits)
        return claims[suits]

    totals = dict.fromkeys(legal, 0.0)
    for _ in range(LOOKAHEAD_SAMPLES):
        sample = world.sample_world(seat, rng)
        seed = rng.getrandbits(32)
        for action in legal:
            hands = [list(h) for h in sample.hands]
            hands[seat].remove(action.card)
            totals[action] += greedy_playout(hands, [*sample.trick, action.card], leader, seat, strength,
                                       random.Random(seed), tricks, first, n + LATER_CLAIM)
        yield
    return max(legal, key=lambda a: (totals[a], -strength[a.card]))  # ties: keep the stronger card


# -- policies ---------------------------------------------------------------------------------


def normal(world: DieciState, rng: random.Random) -> Any:
    """A real heuristic: weighs winning the trick (cards plus the claim it forces)
    against spending strong cards (from 6 players by playing out the rest of the deal
    in a few sampled worlds), and claims characters by their worth to the goal card
    and the per-suit penalty."""
    seat = world.turn
    if world.phase == "play":
        return _play_normal(world, rng)
    if world.phase == "claim":
        eligible = world.eligible()
        if not eligible:
            return TOP
        char, _ = _best_claim(world, seat, eligible, claim_worth)
        return Claim(char)
    char, worth = _best_claim(world, seat, world.face_up, claim_worth)
    if char is not None and worth > OFFER_THRESHOLD:
        return Claim(char)
    return PASS


def normal_steps(world: DieciState, rng: random.Random) -> Generator[None, None, Any]:
    """``normal`` in steps (``pyapp.engine.steps``): the same choice, from the same
    random numbers, with a pause after each world the lookahead plays out."""
    if world.phase == "play" and _looks_ahead(world):
        legal = world.legal_actions()
        if len(legal) > 1:
            return (yield from _lookahead_steps(world, rng, legal))
    return normal(world, rng)


def _play_greedy(world: DieciState, rng: random.Random, legal: list[Any]) -> Any:
    best = _current_best(world)
    trump = world.trump
    cards = [a.card for a in legal]
    key = lambda c: _power(c, trump)  # noqa: E731
    if best is None:
        return Play(max(cards, key=key) if rng.random() < 0.5 else min(cards, key=key))
    winners = [c for c in cards if beats(c, best, trump)]
    if winners:
        return Play(min(winners, key=key))
    return Play(min(cards, key=key))


def easy(world: DieciState, rng: random.Random) -> Any:
    """Weak but not silly: greedy one step (win the trick cheaply when possible,
    take characters that score now), with some random moves."""
    legal = world.legal_actions()
    if rng.random() < 0.25:
        return rng.choice(legal)
    seat = world.turn
    if world.phase == "play":
        return _play_greedy(world, rng, legal)
    if world.phase == "claim":
        if legal == [TOP]:
            return TOP
        char, _ = _best_claim(world, seat, [a.char for a in legal], _raw_worth)
        return Claim(char)
    char, worth = _best_claim(world, seat, world.face_up, _raw_worth)
    return Claim(char) if char is not None and worth > 0 else PASS


def evaluate(world: DieciState, seat: int) -> float:
    """A rough chance in [0, 1] that ``seat`` wins from here: its points against the
    best rival's, on a scale that narrows as the character deck (the game) runs out.
    The cards still in hand are not counted (a term for the tricks they promise
    measured no better)."""
    scores = world.scores_now()
    mine = scores[seat]
    rival = max(v for p, v in enumerate(scores) if p != seat)
    scale = 6.0 + 20.0 * len(world.char_deck) / 27
    return 1.0 / (1.0 + math.exp(-(mine - rival) / scale))


def _mc_win_chances(world: DieciState, seat: int, cards: list[str], rng: random.Random) -> dict[str, float]:
    """Chance each card wins the trick, by finishing the trick in a few sampled worlds."""
    wins = {c: 0 for c in cards}
    trump = world.trump
    n = world.players
    for _ in range(MC_SAMPLES):
        w = world.sample_world(seat, rng)
        for card in cards:
            best = _current_best(w)
            if best is not None and not beats(card, best, trump):
                continue
            best, best_seat = card, seat
            for i in range(1, n - len(w.trick)):
                other = (seat + i) % n
                hand = w.hands[other]
                led = w.trick[0][1] if w.trick else card[1]
                follow = [c for c in hand if c[1] == led] or hand
                beaters = [c for c in follow if beats(c, best, trump)]
                if beaters and rng.random() < BEAT_FACTOR:
                    best, best_seat = min(beaters, key=lambda c: _power(c, trump)), other
            if best_seat == seat:
                wins[card] += 1
    return {c: wins[c] / MC_SAMPLES for c in cards}


def rollout(world: DieciState, rng: random.Random) -> Any:
    """Cheap and decent, for thousands of playouts: win tricks worth winning with the
    cheapest card that does it, otherwise throw the weakest card."""
    legal = world.legal_actions()
    phase = world.phase
    seat = world.turn
    if phase != "play":
        if phase == "claim" and legal[0] is TOP:
            return TOP
        chars = [a.char for a in legal] if phase == "claim" else world.face_up
        claimed, goal = world.claimed[seat], world.goals[seat]
        best, score = None, (OFFER_THRESHOLD if phase == "offer" else float("-inf"))
        for c in chars:
            d = claim_delta(claimed, goal, c)
            if not any(x[0] == c[0] for x in claimed) and _VALUE[c] < 6:
                d -= 1.5 * len(world.char_deck) / 27
            if d > score:
                best, score = c, d
        return Claim(best) if best is not None else PASS
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    return _rollout_card(world, legal)


def _rollout_card(world: DieciState, legal: list[Any]) -> Any:
    """The rollout policy's card without its noise: win a trick worth winning with
    the cheapest card that does it, otherwise throw the weakest card."""
    seat = world.turn
    trump = world.trump
    trick = world.trick
    cards = [a.card for a in legal]
    power = {c: _power(c, trump) for c in cards}
    best = _current_best(world)
    if best is None:
        winners = cards
    else:
        winners = [c for c in cards if beats(c, best, trump)]
    suits = {c[1] for c in trick}
    claimed, goal = world.claimed[seat], world.goals[seat]
    face = world.face_up
    n = world.players
    last = len(trick) == n - 1
    choice = None
    if winners:
        strong = winners if last else [c for c in winners if power[c] >= 0.9]
        if strong:
            card = min(strong, key=power.__getitem__)
            eligible = [x for x in face if x[0] in suits or x[0] == card[1]]
            claim = max((claim_delta(claimed, goal, x) for x in eligible), default=0)
            if n + claim > 0:
                choice = card
    if choice is None:
        losers = [c for c in cards if c not in winners] if best is not None else cards
        choice = min(losers or cards, key=power.__getitem__)
    return PLAYS[choice]


def candidates(world: DieciState, k: int = 1, legal: list[Any] | None = None) -> list[Any]:
    """What a search should consider here: at most ``k`` cards to play (the rollout
    policy's card, then the weakest others), but every claim or pass (never more than four).

    With ``k=1`` a search's tree branches only where characters are claimed: the choice
    where Normal's edge lies, while one seat's card matters little among many seats.
    """
    if legal is None:
        legal = world.legal_actions()
    if world.phase != "play" or len(legal) <= k:
        return legal
    first = _rollout_card(world, legal)
    trump = world.trump
    rest = sorted((a for a in legal if a is not first), key=lambda a: _power(a.card, trump))
    return [first, *rest[:k - 1]]
