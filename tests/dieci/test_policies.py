"""Dieci's computer players: always legal, and sensible in clear situations."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.games import new_game
from pyapp.games.dieci import PASS, TOP, Claim, Play, policies


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 8), st.integers(0, 10**6))
def test_every_policy_returns_a_legal_action(n, seed):
    s = new_game("dieci", seed=seed, players=n)
    rng = random.Random(seed)
    names = ["easy", "normal", "rollout"]
    k = 0
    while not s.is_terminal():
        seat = s.current_player()
        world = s.sample_world(seat, rng)
        policy = getattr(policies, names[k % len(names)])
        action = policy(world, rng)
        assert action in s.legal_actions()
        value = policies.evaluate(world, seat)
        assert 0.0 <= value <= 1.0
        s.apply_action(action)
        k += 1


def rigged(players=3):
    s = new_game("dieci", seed=1, players=players)
    s.goals = list(range(players))
    return s


def deal(s, hands, trump_card="8P"):
    """Rig the hands, keeping every card accounted for (the rest holds the others)."""
    from pyapp.games.dieci import deck

    s.hands = [list(h) for h in hands]
    s.trump_card, s.trump = trump_card, trump_card[1]
    used = {c for h in hands for c in h} | {trump_card}
    s.rest = [c for c in deck(s.players) if c not in used]
    s.played = []


def test_claim_delta_counts_goal_and_suit_penalty():
    # Goal 0 shows R2 R6 Y3 G3 B2 P3.
    assert policies.claim_delta([], 0, "R10") == 10
    assert policies.claim_delta([], 0, "R6") == 6 + 1
    assert policies.claim_delta(["R10"], 0, "R2") == (2 - 10) - 10 + 1  # R2 is on goal card 0
    assert policies.claim_delta(["R6", "Y3"], 0, "R2") == (2 - 6) - 6 + (6 - 3)


def test_normal_passes_on_a_costly_character_and_takes_a_good_one():
    s = rigged()
    s.phase, s.turn, s.winner, s.offer_order = "offer", 1, 0, [1, 2]
    s.claimed[1] = ["R10", "Y10", "G10"]
    s.face_up = ["R8", "Y8", "G8"]  # all would cost 8
    assert policies.normal(s, random.Random(1)) == PASS
    s.face_up = ["R8", "B10", "G8"]  # a fresh suit worth 10
    assert policies.normal(s, random.Random(1)) == Claim("B10")


def test_normal_forced_claim_picks_the_least_harmful():
    s = rigged()
    deal(s, [["8R"], ["9Y"], ["TG"]])
    for card in ("8R", "9Y", "TG"):
        s.apply_action(Play(card))
    assert s.phase == "claim" and s.current_player() == 2
    s.claimed[2] = ["R10"]
    s.face_up = ["R2", "Y10", "B4"]
    assert policies.normal(s, random.Random(1)) == Claim("Y10")
    s.face_up = ["P2", "P3", "B4"]
    assert policies.normal(s, random.Random(1)) == TOP


def test_normal_last_to_play_wins_a_good_trick_cheaply_or_throws_its_lowest():
    s = rigged()
    s.face_up = ["R10", "Y10", "G10"]
    deal(s, [["9R", "8G"], ["TR", "9G"], ["QR", "KR", "AR", "8B"]])
    s.apply_action(Play("9R"))
    s.apply_action(Play("TR"))
    assert policies.normal(s, random.Random(1)) == Play("QR")
    s = rigged()
    deal(s, [["AR", "8G"], ["TR", "9G"], ["QR", "KR", "JR", "8B"]])
    s.apply_action(Play("AR"))
    s.apply_action(Play("TR"))
    assert policies.normal(s, random.Random(1)) == Play("JR")


def test_easy_takes_a_trick_it_can_take_as_last_player_most_of_the_time():
    wins = 0
    for k in range(40):
        s = rigged()
        deal(s, [["9R", "8G"], ["TR", "9G"], ["QR", "8R", "8B"]])
        s.apply_action(Play("9R"))
        s.apply_action(Play("TR"))
        wins += policies.easy(s, random.Random(k)) == Play("QR")
    assert wins >= 25


def test_candidates_narrow_the_cards_but_keep_every_claim():
    s = rigged()
    deal(s, [["9R", "8G"], ["TR", "9G"], ["QR", "KR", "JR", "8B"]])
    s.apply_action(Play("9R"))
    s.apply_action(Play("TR"))
    legal = s.legal_actions()
    assert policies.candidates(s, 1, legal) == [Play("JR")]  # the cheapest card that wins
    assert policies.candidates(s, 2, legal) == [Play("JR"), Play("QR")]  # then the weakest other
    assert policies.candidates(s, 3, legal) == legal
    s.apply_action(Play("JR"))
    s.apply_action(Claim(s.eligible()[0]) if s.eligible() else TOP)
    assert s.phase == "offer"
    assert policies.candidates(s, 1) == s.legal_actions()


def test_greedy_playout_adds_what_the_seat_wins_until_the_hands_run_out():
    strength = policies.trick_strength("P")
    first = lambda cards: 10.0 + len(set(c[1] for c in cards))  # noqa: E731
    # Seat 2 has just played KR to 9G, TG: it wins (10 + 2 suits), leads AP and wins again (4).
    hands = [["2R"], ["AR"], ["AP"]]
    assert policies.greedy_playout(hands, ["9G", "TG", "KR"], 0, 2, strength, random.Random(1), 3, first, 4.0) == 16.0
    # One trick only: the later one is not counted.
    hands = [["2R"], ["AR"], ["AP"]]
    assert policies.greedy_playout(hands, ["9G", "TG", "KR"], 0, 2, strength, random.Random(1), 1, first, 4.0) == 12.0
    # A trump played earlier in the trick beats KR; seat 2 then takes nothing.
    hands = [["2R"], ["AR"], ["2Y"]]
    assert policies.greedy_playout(hands, ["9G", "2P", "KR"], 0, 2, strength, random.Random(1), 3, first, 4.0) == 0.0


def test_normal_lookahead_at_six_players_wins_cheaply_or_throws_its_lowest():
    assert policies.LOOKAHEAD_FROM <= 6
    s = rigged(6)
    s.face_up = ["R10", "Y10", "G10"]
    others = [["9R", "8G"], ["TR", "9G"], ["2R", "2G"], ["3R", "3G"], ["4R", "4G"]]
    deal(s, [*others, ["QR", "KR", "AR", "8B"]])
    for card in ("9R", "TR", "2R", "3R", "4R"):
        s.apply_action(Play(card))
    assert policies.normal(s, random.Random(1)) == Play("QR")  # wins now and keeps KR, AR
    s = rigged(6)
    deal(s, [["AR", "8G"], *others[1:], ["QR", "KR", "JR", "8B"]])
    for card in ("AR", "TR", "2R", "3R", "4R"):
        s.apply_action(Play(card))
    assert policies.normal(s, random.Random(1)) == Play("JR")  # cannot win: keeps the strong ones


def test_normal_in_steps_pauses_between_lookahead_worlds_and_chooses_the_same():
    for n, seed in ((6, 3), (8, 5), (4, 3)):
        s = new_game("dieci", seed=seed, players=n)
        while s.phase != "play" or len(s.legal_actions()) < 2:
            s.apply_action(policies.normal(s.sample_world(s.current_player(), random.Random(0)), random.Random(0)))
        world = s.sample_world(s.current_player(), random.Random(2))
        steps = policies.normal_steps(world.clone(), random.Random(7))
        pauses = 0
        while True:
            try:
                next(steps)
                pauses += 1
            except StopIteration as done:
                chosen = done.value
                break
        assert pauses == (policies.LOOKAHEAD_SAMPLES if n >= policies.LOOKAHEAD_FROM else 0)
        assert chosen == policies.normal(world.clone(), random.Random(7))
