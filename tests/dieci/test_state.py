"""Every rule and [D] decision of Dieci, driven through the state."""

import json
import random
from collections import Counter

import pytest

from pyapp.engine import IllegalMoveError
from pyapp.games import dieci, load, new_game
from pyapp.games.dieci import PASS, TOP, Claim, Play


def game(players=3, seed=1):
    return new_game("dieci", seed=seed, players=players)


def rig(state, hands, face_up=None, deck_top=None, trump="P"):
    """Give the seats chosen hands (and optionally face-up characters / deck top)."""
    state.hands = [list(h) for h in hands]
    state.trump = trump
    state.trump_card = "2" + trump if "2" + trump not in sum(hands, []) else "3" + trump
    if face_up is not None:
        pool = [c for c in state.char_deck + state.face_up if c not in face_up]
        state.face_up = list(face_up)
        state.char_deck = pool
    if deck_top is not None:
        state.char_deck.remove(deck_top)
        state.char_deck.append(deck_top)
    return state


def play_trick(state, cards):
    for card in cards:
        state.apply_action(f"play {card}")


def test_player_counts_and_no_options():
    for n in range(2, 9):
        assert game(n).players == n
    for bad in (1, 9):
        with pytest.raises(ValueError):
            game(bad)
    with pytest.raises(ValueError, match="unknown option"):
        new_game("dieci", seed=1, players=3, variant=1)


@pytest.mark.parametrize("n", range(2, 9))
def test_setup_deals_hands_turns_trump_and_lays_three_characters(n):
    s = game(n, seed=n)
    size = dieci.hand_size(n)
    assert [len(h) for h in s.hands] == [size] * n
    everything = sum(s.hands, []) + [s.trump_card] + s.rest
    assert Counter(everything) == Counter(dieci.deck(n))
    assert s.trump == s.trump_card[1]
    assert len(s.face_up) == 3 and len(s.char_deck) == 27
    assert len(set(s.goals)) == n and all(0 <= g < 10 for g in s.goals)
    assert s.dealer == n - 1 and s.current_player() == 0 and s.phase == "play"


def test_seed_decides_the_deal():
    assert game(4, 7).hands == game(4, 7).hands
    assert game(4, 7).hands != game(4, 8).hands


def test_leader_plays_anything_then_others_must_follow():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"]])
    assert s.legal_actions() == [Play("9R"), Play("KY")]
    s.apply_action("play 9R")
    assert s.legal_actions() == [Play("TR")]
    with pytest.raises(IllegalMoveError):
        s.apply_action("play AY")
    s.apply_action("play TR")
    assert s.legal_actions() == [Play("QG"), Play("JB")], "a void player may play anything"
    s.apply_action("play JB")
    assert s.voids[2] == {"R"}


def test_highest_rank_wins_whatever_the_suit_and_the_winner_takes_the_cards():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"]], trump="P")
    play_trick(s, ["9R", "TR", "QG"])
    assert s.phase == "claim" and s.winner == 2 and s.current_player() == 2
    assert s.taken == [0, 0, 3]


def test_trump_wins_and_equal_ranks_go_to_the_first():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["2P", "JB"]], trump="P")
    play_trick(s, ["9R", "TR", "2P"])
    assert s.winner == 2
    s = rig(game(3), [["QR", "KY"], ["TR", "AY"], ["QG", "JB"]], trump="P")
    play_trick(s, ["QR", "TR", "QG"])
    assert s.winner == 0


def test_forced_claim_only_among_face_up_characters_of_suits_in_the_trick():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"]], face_up=["R4", "G10", "B2"])
    play_trick(s, ["9R", "TR", "QG"])
    assert s.legal_actions() == [Claim("R4"), Claim("G10")]
    with pytest.raises(IllegalMoveError):
        s.apply_action("claim B2")
    with pytest.raises(IllegalMoveError):
        s.apply_action("pass")
    s.apply_action("claim G10")
    assert s.claimed[2] == ["G10"] and s.face_up == ["R4", "B2"]


def test_no_eligible_character_the_winner_takes_the_deck_top():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"]], face_up=["Y4", "P10", "B2"], deck_top="R8")
    play_trick(s, ["9R", "TR", "QG"])
    assert s.legal_actions() == [TOP]
    s.apply_action("top")
    assert s.claimed[2] == ["R8"] and s.face_up == ["Y4", "P10", "B2"]


def test_one_round_of_offers_clockwise_from_the_winners_left_then_refill():
    s = rig(game(4), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"], ["8R", "7B"]], face_up=["R4", "G10", "B2"])
    play_trick(s, ["9R", "TR", "QG", "8R"])
    s.apply_action("claim R4")
    assert s.phase == "offer" and s.current_player() == 3
    assert s.legal_actions() == [Claim("G10"), Claim("B2"), PASS]
    s.apply_action("pass")
    assert s.current_player() == 0
    s.apply_action("claim B2")
    assert s.current_player() == 1
    s.apply_action("claim G10")
    # Nothing left face-up: the round is over, the row is refilled to three, the winner leads.
    assert s.phase == "play" and s.current_player() == 2
    assert len(s.face_up) == 3 and len(s.char_deck) == 24
    assert s.claimed == [["B2"], ["G10"], ["R4"], []]


def test_offers_stop_when_the_row_is_empty():
    s = rig(game(5), [["9R"], ["TR"], ["QG"], ["8R"], ["7R"]], face_up=["R4", "G10", "B2"])
    s.hands = [h + ["2Y"] if i == 0 else h + [f"{r}Y"] for i, (h, r) in enumerate(zip(s.hands, "3456789"))]
    play_trick(s, ["9R", "TR", "QG", "8R", "7R"])
    s.apply_action("claim G10")
    s.apply_action("claim R4")  # seat 3
    s.apply_action("claim B2")  # seat 4
    assert s.phase == "play" and s.current_player() == 2, "seats 0 and 1 get no offer"


def test_hands_run_out_redeal_with_the_next_dealer_and_a_new_trump():
    s = rig(game(2), [["AR"], ["KR"]])
    s.rest = []
    play_trick(s, ["AR", "KR"])
    s.apply_action(s.legal_actions()[0])
    while s.phase == "offer":
        s.apply_action("pass")
    assert s.deal_no == 2 and s.dealer == 0
    assert s.current_player() == 1, "the player left of the new dealer leads"
    everything = sum(s.hands, []) + [s.trump_card] + s.rest
    assert Counter(everything) == Counter(dieci.deck(2)), "all playing cards reshuffled"
    assert s.trump == s.trump_card[1]
    assert s.voids == [set(), set()] and s.played == []
    assert s.taken == [2, 0], "cards taken stay"


def test_a_redeal_keeps_what_each_seat_took_in_the_deal_played_out():
    s = game(3, seed=4)
    rng = random.Random(4)
    before = None
    while s.deal_no == 1:
        assert s.observation(0)["last_deal"] is None
        before = (s.dealer, s.trump_card)
        s.apply_action(rng.choice(s.legal_actions()))
    summary = s.observation(2)["last_deal"]
    assert (summary["deal"], summary["dealer"], summary["trump_card"]) == (1, *before)
    assert summary["cards"] == s.taken and sum(summary["cards"]) == 3 * 10, "every card of the deal was taken"
    assert summary["chars"] == s.claimed, "all of the first deal's claims"
    # the next summary counts from here
    assert s.deal_start == {"taken": s.taken, "claims": [len(c) for c in s.claimed]}


def test_two_players_always_deal_again_before_the_characters_run_out():
    """At most two claims per trick: 10 tricks claim at most 20 of the 27 characters left in the deck."""
    for seed in range(5):
        s = game(2, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_actions()))
        assert s.deal_no >= 2 and s.last_deal is not None


def test_game_ends_in_the_trick_where_the_character_deck_runs_out():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"]], face_up=["R4", "G10", "B2"])
    s.char_deck = ["P6", "Y3"]  # two left: the claims empty it
    play_trick(s, ["9R", "TR", "QG"])
    s.apply_action("claim R4")
    s.apply_action("claim B2")
    assert not s.is_terminal(), "the trick's claims finish first"
    s.apply_action("pass")
    assert s.is_terminal() and s.current_player() == -1 and s.legal_actions() == []
    assert s.face_up == ["G10", "Y3", "P6"] and s.char_deck == []
    assert len(s.winners()) >= 1


def test_game_ends_when_the_winner_takes_the_last_top_card():
    s = rig(game(2), [["9R", "KY"], ["TR", "AY"]], face_up=["Y4", "P10", "B2"])
    s.char_deck = ["G3"]
    play_trick(s, ["9R", "TR"])
    s.apply_action("top")
    s.apply_action("pass")
    assert s.is_terminal() and s.claimed[1] == ["G3"] and s.face_up == ["Y4", "P10", "B2"]


def test_scores_break_into_cards_goal_and_characters():
    s = game(3)
    s.goals = [0, 1, 2]
    s.taken = [9, 3, 0]
    s.claimed = [["R2", "R6", "Y3"], ["B10"], []]
    parts = s.score_parts(0)
    assert parts == {"cards": 9, "goal": 6, "characters": 2 - 6 + 3, "matches": 3, "total": 9 + 6 - 1}
    assert s.scores() == [14, 3 + 1 + 10, 0]


def test_ties_more_goal_characters_then_a_shared_win():
    s = game(3)
    s.phase = "over"
    s.goals = [0, 1, 2]
    s.taken = [10, 9, 0]
    s.claimed = [[], ["B10"], []]  # seat 1: 9 + 1 goal + 10 = 20
    s.taken = [20, 9, 0]
    assert s.scores()[:2] == [20, 20]
    assert s.winners() == [1], "the tie goes to more characters matching the goal card"
    s.claimed = [["R2"], ["B10"], []]
    s.taken = [17, 9, 0]
    assert s.scores()[:2] == [20, 20] and s.winners() == [0, 1], "still tied: a shared win"
    assert s.returns() == [0.5, 0.5, 0.0]


def test_observation_hides_other_hands_and_goal_cards():
    s = game(4, seed=3)
    obs = s.observation(1)
    text = json.dumps(obs)
    assert obs["hand"] == s.hands[1]
    for seat in (0, 2, 3):
        for card in s.hands[seat]:
            assert f'"{card}"' not in text.replace(f'"{s.trump_card}"', "")
    assert obs["goals"] == [None, s.goals[1], None, None]
    assert obs["goal"]["characters"] == list(dieci.GOALS[s.goals[1]][1])
    assert "goal" not in obs["scores"][0] and "goal" in obs["scores"][1]
    for card in s.rest:
        assert f'"{card}"' not in text


def test_observation_unchanged_when_hidden_cards_or_goals_move():
    s = game(4, seed=5)
    for _ in range(7):
        s.apply_action(s.legal_actions()[0])
    before = s.observation(0)
    a, b = s.hands[2][0], s.hands[3][0]
    s.hands[2][0], s.hands[3][0] = b, a
    s.goals[2], s.goals[3] = s.goals[3], s.goals[2]
    s.rest[0], s.hands[1][-1] = s.hands[1][-1], s.rest[0]
    s.char_deck.reverse()
    assert s.observation(0) == before


def test_observation_at_the_end_reveals_every_goal_and_score():
    s = game(3, seed=2)
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    obs = s.observation(0)
    assert obs["goals"] == s.goals
    assert [p["total"] for p in obs["scores"]] == s.scores()
    assert obs["winners"] == s.winners()


def test_actions_text_round_trip_and_bad_text():
    s = game(3)
    for action in [Play("TR"), Claim("P10"), TOP, PASS]:
        assert s.parse_action(str(action)) == action
    for bad in ["", "play", "play 10R", "claim X2", "claim R5", "top now", 3]:
        with pytest.raises(ValueError):
            s.parse_action(bad)


def test_undo_floor_never_before_revealed_information():
    s = rig(game(3), [["9R", "KY"], ["TR", "AY"], ["QG", "JB"]], face_up=["R4", "G10", "B2"])
    assert s.undo_floor(0) == 0
    s.apply_action("play 9R")
    assert s.undo_floor(0) == 0, "own card: nothing new seen"
    assert s.undo_floor(1) == 1, "another player's card was seen"
    s.apply_action("play TR")
    s.apply_action("play QG")
    assert s.undo_floor(2) == 2
    s.apply_action("claim G10")
    s.apply_action("pass")  # seat 0
    s.apply_action("pass")  # seat 1: refill turns up a character
    assert s.undo_floor(1) == len(s.history) == 6
    s.apply_action("play JB")
    assert s.undo_floor(2) == 6 and s.undo_floor(0) == 7


def test_save_load_and_undo_round_trip():
    s = game(5, seed=11)
    rng = random.Random(4)
    snaps = []
    for _ in range(40):
        snaps.append((s.to_save(), s.observation(s.current_player())))
        s.apply_action(rng.choice(s.legal_actions()))
    again = load(json.loads(json.dumps(s.to_save())))
    assert again.observation(2) == s.observation(2)
    for _ in range(10):
        s.undo()
        save, obs = snaps.pop()
        assert s.to_save() == save and s.observation(s.current_player()) == obs


def test_a_tampered_save_is_refused():
    s = game(3)
    save = s.to_save()
    save["actions"] = ["play AR" if "AR" not in s.hands[0] else "play 2R"]
    with pytest.raises(ValueError, match="cannot be replayed"):
        load(save)
