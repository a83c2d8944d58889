"""Dyad's computer players: always legal, sensible in clear spots, fast enough."""

import itertools
import random

import pytest

from pyapp.games import new_game
from pyapp.games.dyad import policies
from pyapp.games.dyad.rules import canonical
from pyapp.games.dyad.state import CIPHER, DECLINE, knowledge
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


def test_remembered_best_values_are_the_same_and_the_memory_is_bounded(monkeypatch):
    monkeypatch.setattr(policies, "_BEST_SIZE", 5)
    policies._BEST.clear()
    rng = random.Random(3)
    for _ in range(50):
        hand = rng.sample(range(24), rng.randrange(2, 9))
        suit = rng.randrange(-1, 4)
        assert policies._best_value(hand, suit) == policies.best_value(hand, suit)
        assert policies._best_value(hand, suit) == policies.best_value(hand, suit)
        assert len(policies._BEST) <= 5


# -- deals weighted by the plays seen (InformedDeals) ----------------------------------


def _normal_moves(state, rng, count: int) -> None:
    for _ in range(count):
        world = state.sample_world(state.current_player(), rng)
        state.apply_action(policies.normal(world, rng))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_start_rebuilds_the_hands_dealt(players):
    # random play retrieves, replays and retrieves the same card again now and then
    for seed in range(12):
        state = new_game("dyad", seed=seed, players=players)
        dealt = [sorted(h) for h in state.hands]
        rng = random.Random(seed)
        while state.round_no == 1:
            rewound = policies._round_start(state)
            assert rewound.hands == dealt
            assert rewound.trick == [] and rewound.tricks == [] and rewound.current_player() == state.leader
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])


def test_a_dump_is_likelier_from_a_hand_that_cannot_win():
    # seat 2 plays last after 5C+4S (9, unmatched): 3D+3S is its cheapest loss
    weak = with_hands(3, [["5C", "4S"], ["3C", "2S"], ["3D", "3S", "4H", "4C", "3H", "2H"]])
    strong = with_hands(3, [["5C", "4S"], ["3C", "2S"], ["3D", "3S", "7H", "7D", "6H", "4D"]])
    for state in (weak, strong):
        state.turn = 0
        play(state, "5C+4S", "3C+2S")
    pair = canonical(*cards("3D", "3S"))
    chances = [policies.play_chance(state, pair, random.Random(1)) for state in (weak, strong)]
    # weak: one of three equally cheap losses; strong: 6H+4D would have taken the trick cheaply
    assert chances[0] > 0.1 > 0.03 > chances[1]


@pytest.mark.parametrize("seed", range(6))
def test_informed_worlds_fit_the_observation(seed):
    players = 3 + seed % 2
    state = new_game("dyad", seed=seed, players=players, cipher=bool(seed % 3))
    rng = random.Random(seed)
    _normal_moves(state, rng, 6 + seed)
    seat = state.current_player()
    known, voids, pool = knowledge(state.observation(seat), seat)
    draw = policies.InformedDeals(state, seat)
    rng = random.Random(seed)
    for _ in range(12):
        world = draw(rng)
        assert sorted(world.hands[seat]) == sorted(state.hands[seat])
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        for p in known:
            assert known[p] <= set(world.hands[p])
            assert not any(c % 4 in voids[p] for c in world.hands[p] if c not in known[p])
        assert sorted(c for p in known for c in world.hands[p] if c not in known[p]) == sorted(pool)
        assert world.trick == state.trick and world.tricks == state.tricks
        world.hands[seat].clear()  # a search changes its worlds: the deals kept must not change
    again = [policies.InformedDeals(state, seat)(random.Random(3)) for _ in range(2)]
    assert again[0].hands == again[1].hands


def test_informed_worlds_lean_towards_the_hands_the_plays_suggest():
    state = new_game("dyad", seed=2, players=3)
    rng = random.Random(4)
    _normal_moves(state, rng, 9)
    seat = state.current_player()
    assert state.tricks
    uniform = [state.sample_world(seat, random.Random(k)) for k in range(150)]
    draw, rng = policies.InformedDeals(state, seat), random.Random(1)
    informed = [draw(rng) for _ in range(150)]

    def likelihood(worlds):
        return sum(policies.play_likelihood(w, seat, random.Random(0)) for w in worlds) / len(worlds)

    assert likelihood(informed) > likelihood(uniform) + 0.2


# -- Teams: the partner's hand read from its pass (PassInformed) ----------------------------


def _teams_positions(count: int):
    """Play positions of seeded Normal Teams games (rounds 1-2), the seat to act."""
    for seed in range(count):
        state = new_game("dyad", seed=seed, players=4, teams=True)
        rng = random.Random(seed)
        while state.round_no <= 2 and not state.is_terminal():
            if state.phase == "play":
                yield state, state.current_player()
            _normal_moves(state, rng, 1)


def test_a_normal_partner_s_hidden_cards_fit_the_first_reading_of_its_pass():
    fits = total = 0
    for state, seat in _teams_positions(6):
        readings = policies.pass_bars(state.observation(seat))
        partner = (seat + 2) % 4
        known = knowledge(state.observation(seat), seat)[0][partner]
        total += 1
        fits += bool(readings) and not (set(state.hands[partner]) - known) & readings[0][partner]
    assert total > 50 and fits >= 0.95 * total


@pytest.mark.parametrize("sampler", ["PassInformed", "InformedPass"])
def test_pass_informed_worlds_fit_the_observation_and_the_pass(sampler):
    checked = 0
    for state, seat in _teams_positions(3):
        obs = state.observation(seat)
        known, voids, pool = knowledge(obs, seat)
        partner = (seat + 2) % 4
        draw = getattr(policies, sampler)(state, seat)
        rng = random.Random(checked)
        world = [draw(rng) for _ in range(3)][-1]  # InformedPass: a pick among the deals kept
        draw = getattr(draw, "passes", draw)
        assert sorted(world.hands[seat]) == sorted(state.hands[seat])
        assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
        assert sorted(c for p in known for c in world.hands[p] if c not in known[p]) == sorted(pool)
        for p in known:
            assert known[p] <= set(world.hands[p])
            assert not any(c % 4 in voids[p] for c in world.hands[p] if c not in known[p])
        if draw.readings:
            assert not (set(world.hands[partner]) - known[partner]) & draw.readings[0][partner]
            checked += 1
    assert checked > 20


def test_no_reading_before_the_pass_nor_without_teams():
    state = new_game("dyad", seed=1, players=4, teams=True)
    assert state.phase == "pass" and policies.pass_bars(state.observation(0)) == []
    plain = new_game("dyad", seed=1, players=4)
    seat = plain.current_player()
    assert policies.PassInformed(plain, seat).readings == []
    world = policies.PassInformed(plain, seat)(random.Random(5))
    assert world.hands == plain.sample_world(seat, random.Random(5)).hands


def test_teams_weigh_pass_informed_deals_by_the_plays_and_free_for_all_does_not():
    from pyapp.ai import search_options

    teams = search_options(new_game("dyad", seed=1, players=4, teams=True))
    assert (teams.sampler, teams.rollout) == (policies.InformedPass, policies.rollout_blind)
    alone = search_options(new_game("dyad", seed=1, players=4))
    assert (alone.sampler, alone.rollout) == (policies.PassInformed, policies.rollout)


def test_four_players_alone_search_the_same_worlds_whichever_sampler():
    # without Teams PassInformed deals exactly the worlds of sample_world: the same search
    from dataclasses import replace

    from pyapp.ai import search_options
    from pyapp.ai.mcts import Search
    from pyapp.engine.steps import finish

    state = new_game("dyad", seed=3, players=4)
    options = replace(search_options(state), paired=False, normal_margin=0.0, root_samples=0)
    assert options.sampler is policies.PassInformed
    rng = random.Random(3)
    for _ in range(3):
        _normal_moves(state, rng, 5)
        stats = []
        for sampler in (policies.PassInformed, None):
            search = Search(state, replace(options, sampler=sampler), seed=9, budget_ms=None, iterations=80)
            finish(search.run())
            stats.append(search.stats())
        assert stats[0] == stats[1] and stats[0]
