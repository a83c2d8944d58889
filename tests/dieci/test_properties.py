"""Property tests over random legal Dieci games, every player count."""

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.games import dieci, load, new_game
from pyapp.games.testing import random_position
from pyapp.games.dieci import PASS, TOP, Claim, Play

games = st.tuples(st.integers(2, 8), st.integers(0, 10**6))


def brute_force_legal(s):
    if s.is_terminal():
        return set()
    seat = s.current_player()
    if s.phase == "play":
        hand = s.hands[seat]
        out = set()
        for card in hand:
            if not s.trick or card[1] == s.trick[0][1] or all(c[1] != s.trick[0][1] for c in hand):
                out.add(Play(card))
        return out
    suits = {c[1] for c in s.trick}
    if s.phase == "claim":
        chars = {Claim(c) for c in s.face_up if c[0] in suits}
        return chars or {TOP}
    return {Claim(c) for c in s.face_up} | {PASS}


def check_invariants(s):
    n = s.players
    cards = sum(s.hands, []) + s.played + [s.trump_card] + s.rest
    # Cards played in earlier tricks of this deal are in `played` too; all add up to the deck.
    assert Counter(cards) == Counter(dieci.deck(n))
    chars = s.char_deck + s.face_up + sum(s.claimed, [])
    assert Counter(chars) == Counter(dieci.CHARACTER_IDS)
    assert sum(s.taken) % n == 0
    assert set(s.legal_actions()) == brute_force_legal(s)
    assert len(s.legal_actions()) == len(set(s.legal_actions()))
    for seat in range(n):
        parts = s.score_parts(seat)
        assert parts["total"] == parts["cards"] + parts["goal"] + parts["characters"]
    assert len(s.face_up) <= 3
    if s.phase == "play":
        assert s.char_deck and len(s.face_up) == 3, "a trick starts with a full row and a deck"



def random_game(spec, visit):
    """One random game of ``spec`` (players, seed) to its end, ``visit(state)`` at each position before its move."""
    n, seed = spec
    s = new_game("dieci", seed=seed, players=n)
    rng = random.Random(seed)
    while not s.is_terminal():
        visit(s)
        s.apply_action(rng.choice(s.legal_actions()))
    return s


@settings(max_examples=25, deadline=None)
@given(games)
def test_random_games_keep_every_invariant(spec):
    n = spec[0]
    s = random_game(spec, check_invariants)
    check_invariants(s)
    assert len(s.face_up) <= 3 and s.char_deck == []
    assert s.winners() and s.scores() == [s.score_parts(p)["total"] for p in range(n)]
    again = load(json.loads(json.dumps(s.to_save())))
    assert again.to_save() == s.to_save()
    assert again.observation(0) == s.observation(0) and again.scores() == s.scores()


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 150))
def test_sampled_worlds_never_contradict_the_observation(spec, steps):
    n, seed = spec
    s = random_position("dieci", seed=seed, players=n, moves=steps)
    seat = s.current_player() if not s.is_terminal() else 0
    for k in range(3):
        world = s.sample_world(seat, random.Random(k))
        assert world.public_view(seat) == s.public_view(seat)
        check_invariants(world)
        for other in range(n):
            assert not {c[1] for c in world.hands[other]} & s.voids[other]
        if not s.is_terminal():
            assert world.legal_actions() == s.legal_actions()
        # The world plays on to an end.
        play = random.Random(k)
        while not world.is_terminal():
            world.step(play.choice(world.legal_actions()))


@settings(max_examples=15, deadline=None)
@given(games, st.integers(0, 60))
def test_sample_world_depends_on_the_observation_alone(spec, steps):
    n, seed = spec
    s = random_position("dieci", seed=seed, players=n, moves=steps)
    if s.is_terminal():  # the end reveals the goal cards: nothing is hidden any more
        return
    seat = s.current_player()
    other = s.clone()
    others = [p for p in range(n) if p != seat and other.hands[p]]
    if len(others) >= 2:
        a, b = others[:2]
        other.hands[a][0], other.hands[b][0] = other.hands[b][0], other.hands[a][0]
        other.goals[a], other.goals[b] = other.goals[b], other.goals[a]
    other.char_deck.reverse()
    assert other.observation(seat) == s.observation(seat)
    w1 = s.sample_world(seat, random.Random(5))
    w2 = other.sample_world(seat, random.Random(5))
    assert w1.hands == w2.hands and w1.goals == w2.goals and w1.char_deck == w2.char_deck


@settings(max_examples=20, deadline=None)
@given(games)
def test_observations_never_leak_a_hand_or_goal_card(spec):
    n = spec[0]

    def check(s):
        if len(s.history) % 5:
            return
        for seat in range(n):
            obs = s.observation(seat)
            # Earlier deals' cards are public history; this deal's hidden cards must not show.
            deals = [i for i, e in enumerate(obs["log"]) if e["type"] == "deal"]
            recent = obs["log"][deals[-1]:] if deals else obs["log"]
            last = obs["last_trick"]  # (the last deal's summary names its trump card: history too)
            rest = {k: v for k, v in obs.items() if k not in ("log", "last_trick", "last_deal")}
            text = json.dumps([rest, recent, last])
            hidden = {c for p, hand in enumerate(s.hands) if p != seat for c in hand} | set(s.rest)
            assert not any(f'"{c}"' in text for c in hidden)
            assert obs["hand"] == s.hands[seat]
            assert [g for p, g in enumerate(obs["goals"]) if p != seat] == [None] * (n - 1)
            assert all(set(part) == {"cards", "characters"} for p, part in enumerate(obs["scores"]) if p != seat)
            assert obs["goal"]["index"] == s.goals[seat]

    random_game(spec, check)
