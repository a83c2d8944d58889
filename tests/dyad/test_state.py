"""Dyad's game flow: deal, tricks, retrieval, rounds, variants, game end, views."""

import json
import random

import pytest

from pyapp.engine import IllegalMoveError
from pyapp.games import load, new_game
from pyapp.games.dyad import rules
from pyapp.games.dyad.rules import final_standing
from pyapp.games.dyad.state import Move
from tests.dyad.helpers import cards, play, with_hands


def test_options_and_player_counts():
    with pytest.raises(ValueError, match="Teams needs 4 players"):
        new_game("dyad", seed=1, players=3, teams=True)
    with pytest.raises(ValueError, match="played by 2, 3, 4"):
        new_game("dyad", seed=1, players=5)
    state = new_game("dyad", seed=1, players=4, teams=True, cipher=True, twos=True)
    assert state.target == 100
    assert new_game("dyad", seed=1, players=4).target == 50


@pytest.mark.parametrize("players, size", [(2, 12), (3, 8), (4, 8)])
def test_the_whole_deck_is_dealt_evenly(players, size):
    state = new_game("dyad", seed=7, players=players)
    assert [len(h) for h in state.hands] == [size] * players
    dealt = sorted(c for h in state.hands for c in h)
    assert dealt == rules.deck(players)


def test_seed_decides_the_deal():
    a = new_game("dyad", seed=5, players=3)
    b = new_game("dyad", seed=5, players=3)
    assert a.hands == b.hands
    assert any(new_game("dyad", seed=s, players=3).hands != a.hands for s in range(6, 10))


def test_left_of_dealer_leads_and_dealer_rotates():
    state = new_game("dyad", seed=3, players=3)
    assert (state.dealer, state.leader, state.current_player()) == (2, 0, 0)
    rng = random.Random(0)
    while state.round_no == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    assert (state.dealer, state.leader, state.current_player()) == (0, 1, 1)


def test_play_order_is_clockwise_from_the_leader():
    state = with_hands(3, [["7S", "6S"], ["5S", "4H"], ["3D", "2C"]])
    state.hands = [h + cards(x) for h, x in zip(state.hands, ["2S", "2H", "2D"])]
    assert state.current_player() == 0
    play(state, "7S+6S")
    assert state.current_player() == 1


def test_matched_lead_forces_follow_and_taker_retrieves():
    state = with_hands(3, [["7S", "6S", "2H"], ["5S", "4S", "3H"], ["7H", "2D", "3C"]])
    play(state, "7S+6S")  # matched lead worth 13
    with pytest.raises(IllegalMoveError):
        state.apply_action("5S+3H")  # two spades held: must play two spades
    play(state, "5S+4S")  # 9
    play(state, "7H+2D")  # double: 14 takes
    assert state.phase == "take" and state.current_player() == 2
    assert [str(a) for a in state.legal_actions()] == ["take 7S", "take 6S", "take 5S", "take 4S"]
    with pytest.raises(IllegalMoveError):
        state.apply_action("take 7H")  # not the taker's own card
    play(state, "take 7S")
    assert sorted(state.hands[2]) == sorted(cards("3C", "7S"))
    assert state.current_player() == 2 and state.phase == "play"  # the taker leads
    assert state.last_trick["winner"] == 2 and state.last_trick["retrieved"] == "7S"
    assert [p["value"] for p in state.last_trick["plays"]] == [13, 9, 14]


def test_tie_goes_to_the_earlier_pair_in_play():
    state = with_hands(2, [["5S", "4H", "2C"], ["6C", "3D", "2D"]])
    play(state, "5S+4H", "6C+3D")
    assert state.current_player() == 0 and state.phase == "take"


def test_teams_taker_cannot_retrieve_a_partners_card():
    hands = [["9S", "8S"], ["2H", "3H"], ["4D", "5D"], ["6C", "7C"]]
    state = with_hands(4, [h + ["2S" if i == 0 else x] for i, (h, x) in
                           enumerate(zip(hands, ["2S", "2D", "2C", "3C"]))], teams=True)
    state.phase = "play"
    play(state, "9S+8S", "3H+2H", "5D+4D", "7C+6C")
    assert state.current_player() == 0
    assert [str(a) for a in state.legal_actions()] == ["take 7C", "take 6C", "take 3H", "take 2H"]


def test_round_length_and_scores():
    for players, tricks in [(2, 6), (3, 4), (4, 4)]:
        state = new_game("dyad", seed=11, players=players)
        rng = random.Random(players)
        while state.round_no == 1:
            state.apply_action(rng.choice(state.legal_actions()))
        entry = state.sheet[0]
        assert state.last_trick["trick"] == tricks
        won = [0] * players
        assert len(entry["hands"]) == players
        for seat, hand in enumerate(entry["hands"]):
            assert entry["scores"][seat] == rules.round_score(hand)
        # every hand ends holding as many cards as tricks it took
        assert sum(len(h) for h in entry["hands"]) == tricks
        assert entry["totals"] == entry["scores"] == state.totals
        del won


def finish_round(state, rng):
    start = state.round_no
    while state.round_no == start and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))


def test_cipher_declarations_in_turn_from_the_leader():
    state = new_game("dyad", seed=2, players=3, cipher=True)
    assert state.phase == "cipher"
    assert [str(a) for a in state.legal_actions()] == ["cipher", "no cipher"]
    play(state, "cipher")
    assert state.current_player() == 1
    assert state.observation(2)["ciphers"] == [True, None, None]
    play(state, "no cipher", "no cipher")
    assert state.phase == "play" and state.current_player() == 0
    finish_round(state, random.Random(4))
    entry = state.sheet[0]
    assert entry["ciphers"] == [True, False, False]
    assert entry["scores"][0] == (20 if not entry["hands"][0] else 0)


def test_cipher_scores_20_with_an_empty_hand_and_0_otherwise():
    for seed in range(30):
        state = new_game("dyad", seed=seed, players=3, cipher=True, twos=True)
        play(state, "cipher", "cipher", "cipher")
        finish_round(state, random.Random(seed))
        entry = state.sheet[0]
        for hand, score in zip(entry["hands"], entry["scores"]):
            assert score == (20 if not hand else 0)


def test_twos_scoring_in_play():
    found = set()
    for seed in range(60):
        state = new_game("dyad", seed=seed, players=3, twos=True)
        finish_round(state, random.Random(seed))
        for hand, score in zip(state.sheet[0]["hands"], state.sheet[0]["scores"]):
            assert score == rules.round_score(hand, twos=True)
            if "2" in [c[0] for c in hand]:
                found.add(len(hand) == 1)
    assert found == {True, False}


def test_teams_pass_is_hidden_until_all_chose_then_cards_change_hands():
    state = new_game("dyad", seed=8, players=4, teams=True, cipher=True)
    assert state.phase == "pass" and state.current_player() == 0
    before = [list(h) for h in state.hands]
    chosen = {}
    for seat in range(4):
        action = state.legal_actions()[seat]
        chosen[seat] = action.cards
        obs_partner = state.observation((seat + 2) % 4)
        state.apply_action(action)
        if seat < 3:
            assert state.observation(seat)["my_pass"] == [rules.card_text(c) for c in action.cards]
            # nobody else sees it: the partner's view changes only in who has chosen and whose turn
            after_partner = state.observation((seat + 2) % 4)
            assert after_partner["pass_chosen"][seat]
            for key in ("pass_chosen", "to_act"):
                after_partner[key] = obs_partner[key]
            assert after_partner == obs_partner
            assert state.hands == before  # nothing changes hands before all four chose
    assert state.phase == "cipher"
    for seat in range(4):
        mate = (seat + 2) % 4
        expect = sorted((set(before[seat]) - set(chosen[seat])) | set(chosen[mate]))
        assert sorted(state.hands[seat]) == expect
        obs = state.observation(seat)
        assert obs["gave"] == [rules.card_text(c) for c in chosen[seat]]
        assert obs["received"] == [rules.card_text(c) for c in chosen[mate]]


def test_team_scores_are_the_sum_of_partners():
    state = new_game("dyad", seed=9, players=4, teams=True)
    finish_round(state, random.Random(9))
    entry = state.sheet[0]
    assert entry["team_scores"] == [entry["scores"][0] + entry["scores"][2], entry["scores"][1] + entry["scores"][3]]
    assert state.scores() == [entry["team_totals"][s % 2] for s in range(4)]


def test_game_ends_when_someone_reaches_the_target():
    state = new_game("dyad", seed=12, players=2)
    rng = random.Random(12)
    while not state.is_terminal():
        assert max(state.totals) < 50
        state.apply_action(rng.choice(state.legal_actions()))
    assert max(state.totals) >= 50
    assert state.current_player() == -1 and state.legal_actions() == []


@pytest.mark.parametrize("players, teams", [(2, False), (3, False), (4, False), (4, True)])
def test_the_winners_are_the_final_standing_of_the_totals(players, teams):
    # final_standing's tie-breaks are its doctests; here the state's winners follow from them
    for seed in range(4):
        state = new_game("dyad", seed=seed, players=players, teams=teams)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        last = state.sheet[-1]
        if teams:
            sides, tiebreak = final_standing(last["team_totals"], last["team_scores"])
            assert state.winners() == sorted(s for side in sides for s in (side, side + 2))
        else:
            sides, tiebreak = final_standing(last["totals"], last["scores"])
            assert state.winners() == sides
        assert state.tiebreak == tiebreak
        assert sum(state.returns()) == pytest.approx(1.0)


def test_actions_round_trip_through_text():
    state = new_game("dyad", seed=4, players=4, teams=True, cipher=True)
    rng = random.Random(1)
    while not state.is_terminal() and len(state.history) < 60:
        for action in state.legal_actions():
            assert state.parse_action(str(action)) == action
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.parse_action("2S+7H") == Move("play", tuple(cards("7H", "2S")))
    for bad in ["", "take", "take 1Z", "7H+7H", "pass 7H", "cipher yes", "7H 2S"]:
        with pytest.raises(ValueError):
            state.parse_action(bad)


def test_observation_is_json_and_hides_other_hands():
    state = new_game("dyad", seed=4, players=3, cipher=True)
    obs = state.observation(1)
    json.dumps(obs)
    text = json.dumps(obs)
    assert obs["hand"] and obs["hand_counts"] == [8, 8, 8]
    others = {rules.card_text(c) for s in (0, 2) for c in state.hands[s]}
    assert not any(f'"{card}"' in text for card in others)


def test_undo_floor_never_passes_revealed_information():
    state = new_game("dyad", seed=3, players=2)
    assert state.undo_floor(0) == 0
    state.apply_action(state.legal_actions()[0])  # seat 0 leads
    assert state.undo_floor(0) == 0
    assert state.undo_floor(1) == 1
    state.apply_action(state.legal_actions()[0])  # seat 1 follows: seat 0 has seen it
    assert state.undo_floor(0) == 2
    taker = state.current_player()
    state.apply_action(state.legal_actions()[0])
    assert state.undo_floor(taker) == 2  # own retrieval revealed nothing new
    assert state.undo_floor(1 - taker) == 3
    rng = random.Random(3)
    while state.round_no == 1:
        state.apply_action(rng.choice(state.legal_actions()))
    # the action that ended the round dealt new hands: nobody undoes past it
    assert state.undo_floor(0) == state.undo_floor(1) == len(state.history)


def test_save_load_and_undo():
    state = new_game("dyad", seed=21, players=4, teams=True, cipher=True, twos=True)
    rng = random.Random(2)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    again = load(json.loads(json.dumps(state.to_save())))
    assert [again.observation(s) for s in range(4)] == [state.observation(s) for s in range(4)]
    before = [state.observation(s) for s in range(4)]
    state.apply_action(state.legal_actions()[-1])
    state.undo()
    assert [state.observation(s) for s in range(4)] == before


def test_clone_is_independent():
    state = new_game("dyad", seed=21, players=3)
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert len(state.hands[0]) == 8 and len(copy.hands[0]) == 6
    assert state.history == ()


def test_sample_world_respects_shown_voids_and_retrieved_cards():
    state = new_game("dyad", seed=30, players=3)
    deck = rules.deck(3)
    spades = [c for c in deck if c % 4 == 0]
    hearts = [c for c in deck if c % 4 == 1]
    others = [c for c in deck if c % 4 > 1]
    # seat 0 holds four spades; seat 1 exactly one spade; seat 2 one spade too
    state.hands = [spades[:4] + others[:4], [spades[4]] + hearts[:3] + others[4:8], [spades[5]] + hearts[3:6] + others[8:12]]
    play(state, f"{rules.card_text(spades[3])}+{rules.card_text(spades[2])}")
    one = state.legal_actions()[0]
    assert spades[4] in one.cards
    state.apply_action(one)
    for seed in range(40):
        world = state.sample_world(0, random.Random(seed))
        # seat 1 played its only spade: in any world it holds no more spades
        assert not any(c % 4 == 0 for c in world.hands[1])
        # so the last unseen spade must be seat 2's
        assert spades[5] in world.hands[2]
    state.apply_action(state.legal_actions()[0])
    taker = state.current_player()
    card = state.legal_actions()[0].cards[0]
    state.apply_action(state.legal_actions()[0])
    viewer = next(s for s in range(3) if s != taker)
    for seed in range(10):
        assert card in state.sample_world(viewer, random.Random(seed)).hands[taker]


def test_a_world_stopped_at_the_round_end_deals_no_next_round():
    state = new_game("dyad", seed=5, players=3, cipher=True)
    world, rng = state.clone(), random.Random(1)
    world.stop_at("turn")  # any other horizon changes nothing
    world.stop_at("round_no")
    while world.round_no == 1:
        state.apply_action(action := rng.choice(state.legal_actions()))
        world.step(action)
    assert world.totals == state.totals and world.sheet == state.sheet
    assert world.round_no == state.round_no == 2 and world.dealer == state.dealer
    assert world.hands == [[], [], []] and world.legal_actions() == []
    assert world.phase == "undealt" and not world.is_terminal()
    assert state.phase == "cipher" and all(len(h) == 8 for h in state.hands)


def test_search_rollouts_with_a_horizon_stop_their_worlds(monkeypatch):
    from pyapp.ai import choose_action
    from pyapp.games.dyad.state import DyadState

    horizons = []
    monkeypatch.setattr(DyadState, "stop_at", lambda self, horizon: horizons.append(horizon))
    state = new_game("dyad", seed=2, players=3)
    choose_action(state, level="hard", seed=1, iterations=30)  # Dyad's search options: the round's end
    assert horizons == ["round_no"] * 30
    horizons.clear()
    choose_action(state, level="hard", seed=1, iterations=30, horizon=None)
    assert horizons == []
