"""Dieci's fixed data and the public rules API."""

from collections import Counter

import pytest

from pyapp.games import dieci
from pyapp.games.dieci import rules


def test_characters_are_thirty_with_ids_suits_and_values():
    assert len(dieci.CHARACTERS) == 30
    expected = {f"{s}{v}" for s in "RYGBP" for v in (2, 3, 4, 6, 8, 10)}
    assert set(dieci.CHARACTER_IDS) == expected
    names = [name for name, _theme in dieci.CHARACTERS.values()]
    assert len(set(names)) == 30
    assert all(theme for _name, theme in dieci.CHARACTERS.values())


def test_goal_cards_meet_the_constraints():
    assert len(dieci.GOALS) == 10
    assert len({name for name, _ in dieci.GOALS}) == 10
    appearances = Counter()
    for _name, chars in dieci.GOALS:
        assert len(chars) == 6 and len(set(chars)) == 6
        assert set(chars) <= set(dieci.CHARACTER_IDS)
        assert {c[0] for c in chars} == set("RYGBP"), "every goal card shows all five suits"
        appearances.update(chars)
    assert set(appearances) == set(dieci.CHARACTER_IDS)
    assert set(appearances.values()) == {2}, "every character appears on exactly two goal cards"


@pytest.mark.parametrize(
    ("players", "hand", "low", "cards"),
    [(2, 10, 10, 25), (3, 10, 8, 35), (4, 10, 6, 45), (5, 10, 4, 55), (6, 10, 2, 65), (7, 9, 2, 65), (8, 8, 2, 65)],
)
def test_deck_and_hand_size_per_player_count(players, hand, low, cards):
    assert dieci.hand_size(players) == hand
    used = dieci.deck(players)
    assert len(used) == cards == len(set(used))
    assert min(rules.rank(c) for c in used) == low
    assert Counter(c[1] for c in used) == {s: cards // 5 for s in "RYGBP"}
    assert players * hand < cards, "a card is always left to turn for trump"


def test_player_counts_out_of_range():
    for bad in (1, 9):
        with pytest.raises(ValueError):
            dieci.hand_size(bad)


def test_card_text():
    assert dieci.deck(6)[:13] == ["2R", "3R", "4R", "5R", "6R", "7R", "8R", "9R", "TR", "JR", "QR", "KR", "AR"]
    assert rules.is_card("AP") and not rules.is_card("10P") and not rules.is_card("AX")


def test_trick_winner_highest_trump():
    assert dieci.trick_winner(["AR", "2B", "5B", "KR"], "B") == 2


def test_trick_winner_without_trump_highest_rank_whatever_the_suit():
    assert dieci.trick_winner(["9R", "JY", "TR"], "B") == 1
    assert dieci.trick_winner(["9R", "2Y", "TR"], "B") == 2


def test_trick_winner_equal_ranks_first_played():
    assert dieci.trick_winner(["9R", "KY", "KG", "KP"], "B") == 1
    assert dieci.trick_winner(["QB", "QG"], "G") == 1  # trump still beats an equal rank


def test_legal_cards_follow_suit_or_anything():
    hand = ["9R", "KR", "3B", "AY"]
    assert dieci.legal_cards(hand, None) == hand
    assert dieci.legal_cards(hand, "R") == ["9R", "KR"]
    assert dieci.legal_cards(hand, "2R") == ["9R", "KR"]
    assert dieci.legal_cards(hand, "G") == hand


def test_character_points_lowest_plus_others_minus():
    assert dieci.character_points({}) == 0
    assert dieci.character_points({"R": [6]}) == 6
    assert dieci.character_points({"R": [10, 2]}) == -8
    assert dieci.character_points({"R": [3], "Y": [10, 8, 4]}) == 3 + 4 - 18


def test_goal_points_table():
    assert dieci.GOAL_POINTS == (0, 1, 3, 6, 10, 15, 20)
    chars = list(dieci.GOALS[4][1])
    for k in range(7):
        assert dieci.goal_points(4, chars[:k] + ["R2"] * 0) == dieci.GOAL_POINTS[k]
    assert dieci.goal_matches(4, chars + ["R2", "B2"]) == 6


def test_suit_symbols_are_distinct_and_match_the_rules_page():
    from pyapp.demos.dieci import SYMBOLS

    assert len(set(dieci.SUIT_SYMBOLS.values())) == 5
    assert dieci.SUIT_SYMBOLS == SYMBOLS
