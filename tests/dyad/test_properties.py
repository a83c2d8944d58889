"""Property tests over random legal games, for every player count and variant."""

import itertools
import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.games import load, new_game
from pyapp.games.dyad import rules
from pyapp.games.dyad.state import Move, knowledge

CONFIGS = [
    (players, dict(cipher=c, twos=t, teams=teams))
    for players in (2, 3, 4)
    for c, t, teams in itertools.product((False, True), repeat=3)
    if not teams or players == 4
]


def brute_force_pairs(hand, lead):
    """Legal pairs straight from the rule text, without the rules module."""
    legal = set()
    for a, b in itertools.combinations(hand, 2):
        ok = True
        if lead is not None and lead[0] % 4 == lead[1] % 4:
            suit = lead[0] % 4
            held = sum(1 for c in hand if c % 4 == suit)
            played = (a % 4 == suit) + (b % 4 == suit)
            ok = played >= min(held, 2)
        if ok:
            legal.add(frozenset((a, b)))
    return legal


def check_invariants(state):
    n = state.players
    # every card accounted for: hands, current trick and cards gone out of play this round
    out = []
    for plays, _, retrieved, _ in state.tricks:
        out += [c for _, pair in plays for c in pair]
        out.remove(retrieved)
    here = [c for h in state.hands for c in h] + [c for _, p in state.trick for c in p] + out
    assert sorted(here) == rules.deck(n)
    actions = state.legal_actions()
    assert len(set(actions)) == len(actions)
    if state.phase == "play":
        assert {frozenset(a.cards) for a in actions} == brute_force_pairs(state.hands[state.turn], state.lead_pair())
    elif state.phase == "take":
        mate = state.partner(state.turn)
        expect = {c for s, p in state.trick if s not in (state.turn, mate) for c in p}
        assert {a.cards[0] for a in actions} == expect
    elif state.phase == "pass":
        assert len(actions) == len(state.hands[state.turn]) * (len(state.hands[state.turn]) - 1) // 2
    elif state.phase == "cipher":
        assert actions == [Move("cipher"), Move("decline")]
    for action in actions:
        assert state.parse_action(str(action)) == action


def check_world(state, seat, rng):
    obs = state.observation(seat)
    world = state.sample_world(seat, rng)
    assert world.observation(seat) == obs
    assert world.current_player() == state.current_player()
    assert sorted(c for h in world.hands for c in h) == sorted(c for h in state.hands for c in h)
    known, voids, pool = knowledge(obs, seat)
    real_known, real_voids, _ = known, voids, pool
    for p in known:
        # the real hands satisfy what the seat inferred (so inference is sound)...
        assert known[p] <= set(state.hands[p])
        assert not any(c % 4 in voids[p] for c in set(state.hands[p]) - known[p])
        # ...and so does the sampled world
        assert known[p] <= set(world.hands[p])
        assert not any(c % 4 in voids[p] for c in set(world.hands[p]) - known[p])
    del real_known, real_voids
    # the world plays on
    if world.legal_actions():
        world.step(rng.choice(world.legal_actions()))


def check_end(state):
    twos = state.options["twos"]
    totals = [0] * state.players
    for entry in state.sheet:
        for seat, hand in enumerate(entry["hands"]):
            score = rules.round_score(hand, twos=twos, cipher=entry["ciphers"][seat])
            assert entry["scores"][seat] == score
            totals[seat] += score
        assert entry["totals"] == totals
    assert state.totals == totals
    if state.teams:
        team = [totals[0] + totals[2], totals[1] + totals[3]]
        assert state.scores() == [team[s % 2] for s in range(4)]
        sides, last = team, state.sheet[-1]["team_scores"]
    else:
        sides, last = totals, state.sheet[-1]["scores"]
    assert max(sides) >= state.target
    for entry in state.sheet[:-1]:
        prev = entry.get("team_totals", entry["totals"])
        assert max(prev) < state.target
    best = max(sides)
    tied = [i for i, v in enumerate(sides) if v == best]
    top = max(last[i] for i in tied)
    won = [i for i in tied if last[i] == top]
    if state.teams:
        won = sorted(s for w in won for s in (w, w + 2))
    assert state.winners() == won


@pytest.mark.parametrize("players, options", CONFIGS, ids=[f"{p}-{o}" for p, o in CONFIGS])
@settings(max_examples=2, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_games_keep_every_invariant(players, options, seed):
    state = new_game("dyad", seed=seed, players=players, **options)
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        check_invariants(state)
        if steps % 7 == 0:
            check_world(state, rng.randrange(players), rng)
        if steps % 50 == 0:
            again = load(json.loads(json.dumps(state.to_save())))
            assert [again.observation(s) for s in range(players)] == [state.observation(s) for s in range(players)]
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    check_end(state)
    json.dumps(state.observation(0))


@pytest.mark.parametrize("players, options", [(3, dict(cipher=True)), (4, dict(teams=True, cipher=True)), (2, {})])
@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40))
def test_swapping_hidden_cards_changes_no_view(players, options, seed, steps):
    """Two other players swap unseen cards: the seat's observation (and so its AI) cannot tell."""
    state = new_game("dyad", seed=seed, players=players, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        state.apply_action(rng.choice(state.legal_actions()))
    seat = rng.randrange(players)
    obs = state.observation(seat)
    known, _, _ = knowledge(obs, seat)
    others = [p for p in range(players) if p != seat]
    p, q = rng.sample(others, 2) if len(others) > 1 else (others[0], None)
    if q is None:
        return
    a_choices = [c for c in state.hands[p] if c not in known[p] and (state.pending[p] is None or c not in state.pending[p])]
    b_choices = [c for c in state.hands[q] if c not in known[q] and (state.pending[q] is None or c not in state.pending[q])]
    if not a_choices or not b_choices:
        return
    a, b = rng.choice(a_choices), rng.choice(b_choices)
    swapped = state.clone()
    swapped.hands[p].remove(a)
    swapped.hands[p].append(b)
    swapped.hands[q].remove(b)
    swapped.hands[q].append(a)
    assert swapped.observation(seat) == obs
    w1 = state.sample_world(seat, random.Random(5))
    w2 = swapped.sample_world(seat, random.Random(5))
    assert w1.hands == w2.hands


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_ai_cannot_read_other_hands(level):
    """Swapping unseen cards between two other players never changes the computer's choice."""
    from pyapp.ai import choose_action

    rng = random.Random(11)
    checked = 0
    for seed in range(40):
        state = new_game("dyad", seed=seed, players=3, cipher=True)
        for _ in range(rng.randrange(3, 25)):
            state.apply_action(rng.choice(state.legal_actions()))
        if state.is_terminal() or len(state.legal_actions()) < 2:
            continue
        seat = state.current_player()
        known, _, _ = knowledge(state.observation(seat), seat)
        p, q = [s for s in range(3) if s != seat]
        a = next((c for c in state.hands[p] if c not in known[p]), None)
        b = next((c for c in state.hands[q] if c not in known[q]), None)
        if a is None or b is None:
            continue
        swapped = state.clone()
        swapped.hands[p][swapped.hands[p].index(a)] = b
        swapped.hands[q][swapped.hands[q].index(b)] = a
        extra = {"iterations": 20} if level == "hard" else {}
        assert choose_action(state, level=level, seed=seed, **extra) == choose_action(swapped, level=level, seed=seed, **extra)
        checked += 1
        if checked == 2:
            break
    assert checked
