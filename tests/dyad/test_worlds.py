"""Dyad's search worlds that read the other players' play: they fit the observation and lean
towards the hands the plays (and a Teams partner's pass) suggest."""

import random

import pytest

from pyapp.games import new_game
from pyapp.games.dyad import policies, worlds
from pyapp.games.dyad.rules import canonical
from pyapp.games.dyad.state import knowledge
from tests.dyad.helpers import cards, play, with_hands


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
            rewound = worlds.round_start(state)
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
    chances = [worlds.play_chance(state, pair, random.Random(1)) for state in (weak, strong)]
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
    draw = worlds.InformedDeals(state, seat)
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
    again = [worlds.InformedDeals(state, seat)(random.Random(3)) for _ in range(2)]
    assert again[0].hands == again[1].hands


def test_informed_worlds_lean_towards_the_hands_the_plays_suggest():
    state = new_game("dyad", seed=2, players=3)
    rng = random.Random(4)
    _normal_moves(state, rng, 9)
    seat = state.current_player()
    assert state.tricks
    uniform = [state.sample_world(seat, random.Random(k)) for k in range(150)]
    draw, rng = worlds.InformedDeals(state, seat), random.Random(1)
    informed = [draw(rng) for _ in range(150)]

    def likelihood(sampled):
        return sum(worlds.play_likelihood(w, seat, random.Random(0)) for w in sampled) / len(sampled)

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
        readings = worlds.pass_bars(state.observation(seat))
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
        draw = getattr(worlds, sampler)(state, seat)
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
    assert state.phase == "pass" and worlds.pass_bars(state.observation(0)) == []
    plain = new_game("dyad", seed=1, players=4)
    seat = plain.current_player()
    assert worlds.PassInformed(plain, seat).readings == []
    world = worlds.PassInformed(plain, seat)(random.Random(5))
    assert world.hands == plain.sample_world(seat, random.Random(5)).hands


def test_teams_weigh_pass_informed_deals_by_the_plays_and_free_for_all_does_not():
    from pyapp.ai import search_options

    teams = search_options(new_game("dyad", seed=1, players=4, teams=True))
    assert (teams.sampler, teams.rollout) == (worlds.InformedPass, policies.rollout_blind)
    alone = search_options(new_game("dyad", seed=1, players=4))
    assert (alone.sampler, alone.rollout) == (worlds.PassInformed, policies.rollout)


def test_four_players_alone_search_the_same_worlds_whichever_sampler():
    # without Teams PassInformed deals exactly the worlds of sample_world: the same search
    from dataclasses import replace

    from pyapp.ai import search_options
    from pyapp.ai.mcts import Search
    from pyapp.engine.steps import finish

    state = new_game("dyad", seed=3, players=4)
    options = replace(search_options(state), paired=False, normal_margin=0.0, root_samples=0)
    assert options.sampler is worlds.PassInformed
    rng = random.Random(3)
    for _ in range(3):
        _normal_moves(state, rng, 5)
        stats = []
        for sampler in (worlds.PassInformed, None):
            search = Search(state, replace(options, sampler=sampler), seed=9, budget_ms=None, iterations=80)
            finish(search.run())
            stats.append(search.stats())
        assert stats[0] == stats[1] and stats[0]
