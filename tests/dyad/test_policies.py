"""Dyad's computer players: always legal, sensible in clear spots, fast enough."""

import itertools
import random

import pytest

from pyapp.games import new_game
from pyapp.games.dyad import policies
from pyapp.games.dyad.state import CIPHER, DECLINE
from tests.dyad.helpers import cards, play, with_hands

CONFIGS = [
    (players, dict(cipher=c, twos=t, teams=teams))
    for players in (2, 3, 4)
    for c, t, teams in itertools.product((False, True), repeat=3)
    if not teams or players == 4
]


@pytest.mark.parametrize("players, options", CONFIGS, ids=[f"{p}-{o}" for p, o in CONFIGS])
def test_every_policy_returns_legal_actions_through_a_game(players, options):
    state = new_game("dyad", seed=players * 10 + len(str(options)), players=players, **options)
    rng = random.Random(1)
    names = [policies.normal, policies.easy, policies.rollout]
    turn = 0
    while not state.is_terminal():
        policy = names[state.current_player() % 3]
        world = state.sample_world(state.current_player(), rng)
        action = policy(world, rng)
        assert action in state.legal_actions()
        value = policies.evaluate(world, state.current_player())
        assert 0.0 <= value <= 1.0
        state.apply_action(action)
        turn += 1
    assert policies.evaluate(state, state.winners()[0]) > 0


def test_retrieve_the_best_card_and_lone_two_on_the_last_trick():
    state = with_hands(3, [["7S", "6S", "2H"], ["5S", "4S", "3H"], ["7H", "2D", "3C"]])
    play(state, "7S+6S", "5S+4S", "7H+2D")
    assert str(policies.normal(state, random.Random(0))) == "take 7S"
    # last trick with 2's on and an empty hand: a lone 2 scores 20
    state = with_hands(2, [["5S", "2H"], ["6C", "4D"]], twos=True)
    state.tricks = [None] * 5
    play(state, "5S+2H", "6C+4D")
    assert state.current_player() == 1
    assert str(policies.normal(state, random.Random(0))) == "take 2H"


def test_last_player_wins_cheaply_or_dumps():
    state = with_hands(2, [["5S", "4S", "2C"], ["7S", "6S", "3S", "7H"]])
    play(state, "5S+4S")  # matched 9: seat 1 must follow in spades
    assert str(policies.normal(state, random.Random(0))) == "7S+3S"  # 10 wins, keeps 6S
    state = with_hands(2, [["7S", "6S", "2C"], ["5S", "4H", "3D", "2D"]])
    play(state, "7S+6S")  # 13: no answer but a double of 7 → dump
    assert str(policies.normal(state, random.Random(0))) == "5S+2D"  # lowest: 5×2=10 loses anyway


def test_ciphering_player_plays_low():
    state = with_hands(3, [["7S", "6S", "2H"], ["5S", "4S", "3H", "7H"], ["7D", "2D", "3C"]], cipher=True)
    play(state, "no cipher", "cipher", "no cipher")
    play(state, "7S+6S")
    assert str(policies.normal(state, random.Random(0))) in {"5S+4S"}
    state = new_game("dyad", seed=3, players=3, cipher=True)
    state.hands[0] = cards("2S", "2H", "3D", "3C", "4S", "2D", "3H", "4C")
    assert policies.normal(state, random.Random(0)) == CIPHER
    state.hands[0] = cards("7S", "7H", "6D", "6C", "5S", "5D", "7D", "7C")
    assert policies.normal(state, random.Random(0)) == DECLINE


def test_teams_pass_weak_sends_best_strong_sends_worst():
    state = new_game("dyad", seed=3, players=4, teams=True)
    state.hands[0] = cards("2S", "2H", "3D", "3C", "4S", "9D", "3H", "8C")
    assert str(policies.normal(state, random.Random(0))) == "pass 9D+8C"
    state.hands[0] = cards("9S", "9H", "8D", "8C", "7S", "2D", "7D", "3C")
    assert str(policies.normal(state, random.Random(0))) == "pass 3C+2D"


def test_best_value_matches_brute_force():
    from pyapp.games.dyad.rules import deck, legal_pair_cards, value_of

    rng = random.Random(7)
    for _ in range(400):
        players = rng.choice([2, 3, 4])
        cards_ = deck(players)
        rng.shuffle(cards_)
        hand = cards_[: rng.randrange(2, 13)]
        rest = cards_[len(hand):]
        lead = tuple(rng.sample(rest, 2))
        matched = lead[0] % 4 == lead[1] % 4
        brute = max(value_of(matched, a, b) for a, b in legal_pair_cards(hand, lead))
        assert policies.best_value(hand, lead[0] % 4 if matched else -1) == brute, (hand, lead)


def test_remembered_best_values_are_the_same_before_and_after_the_memory_empties(monkeypatch):
    monkeypatch.setattr(policies, "MEMORY_SIZE", 5)
    rng = random.Random(3)
    for _ in range(50):
        hand = rng.sample(range(24), rng.randrange(2, 9))
        suit = rng.randrange(-1, 4)
        assert policies.remembered_best_value(hand, suit) == policies.best_value(hand, suit)
        assert policies.remembered_best_value(hand, suit) == policies.best_value(hand, suit)
