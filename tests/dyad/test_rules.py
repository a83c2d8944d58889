"""The public rules API: values, winners, the follow rule, round scores."""

import pytest

from pyapp.games import dyad
from pyapp.games.dyad import rules


def test_decks_by_player_count():
    assert [dyad.card_text(c) for c in dyad.deck(2)][:5] == ["2S", "2H", "2D", "2C", "3S"]
    assert {dyad.card_text(c)[0] for c in dyad.deck(3)} == set("234567")
    assert {dyad.card_text(c)[0] for c in dyad.deck(4)} == set("23456789")
    assert len(dyad.deck(4)) == 32


def test_lead_pairs_count_their_sum():
    assert dyad.pair_value("6S+3S", "6S+3S") == 9
    assert dyad.pair_value("6S+3H", "6S+3H") == 9
    assert dyad.pair_value("2S+2H", "2S+2H") == 4


def test_following_after_unmatched_lead_always_sums():
    lead = "6S+3H"
    assert dyad.pair_value(lead, "7C+5D") == 12
    assert dyad.pair_value(lead, "7C+2D") == 9
    assert dyad.pair_value(lead, "7C+5C") == 12


def test_following_after_matched_lead():
    lead = "6S+3S"
    assert dyad.pair_value(lead, "7S+5S") == 12  # matched, lead suit: sum
    assert dyad.pair_value(lead, "7H+5H") == 12  # matched, another suit: sum
    assert dyad.pair_value(lead, "7H+5D") == 5  # unmatched: the lower card
    assert dyad.pair_value(lead, "7H+2D") == 14  # double: the higher card twice
    assert dyad.pair_value(lead, "2H+7S") == 14
    assert dyad.pair_value(lead, "2H+2D") == 4  # two 2s: a double worth 4
    assert dyad.pair_value(lead, "2H+2S") == 4


def test_values_follow_the_lead_not_the_previous_pair():
    # unmatched lead, then a matched pair: the third (unmatched) pair still sums
    pairs = ["4S+3H", "5C+4C", "7D+6H"]
    assert [dyad.pair_value(pairs[0], p) for p in pairs] == [7, 9, 13]
    assert dyad.trick_winner(pairs) == 2


def test_ties_go_to_the_earliest_pair():
    assert dyad.trick_winner(["5S+4H", "6C+3D", "7H+2S"]) == 0
    assert dyad.trick_winner(["4S+3S", "7H+2C", "7D+2D", "9C+5C"]) == 1


def test_highest_value_takes():
    assert dyad.trick_winner(["4S+3S", "7H+5C", "6S+5S"]) == 2
    assert dyad.trick_winner(["4S+3S", "7H+2C", "6S+5S"]) == 1


def test_pairs_accept_either_order_and_tuples():
    assert dyad.pair_value(("3S", "6S"), ["2D", "7H"]) == 14
    assert rules.pair_cards("2S+7H") == rules.pair_cards("7H+2S")


@pytest.mark.parametrize("bad, message", [
    ("7X+2S", "'7X' is not a card"),
    ("1S+2S", "'1S' is not a card"),
    ("7H+7H", "two different cards"),
    ("7H", "two cards, not 1"),
    ("7H+2S+3C", "two cards, not 3"),
    (7, "two card texts"),
])
def test_invalid_pairs_raise_clear_errors(bad, message):
    with pytest.raises(ValueError, match=message):
        dyad.pair_value("6S+3S", bad)
    with pytest.raises(ValueError, match=message):
        dyad.legal_pairs(["7H", "2S"], bad)


def test_trick_winner_refuses_repeated_cards_and_empty_tricks():
    with pytest.raises(ValueError, match="twice"):
        dyad.trick_winner(["6S+3S", "6S+4H"])
    with pytest.raises(ValueError):
        dyad.trick_winner([])


def test_follow_rule_two_or_more_of_the_suit():
    assert dyad.legal_pairs(["7S", "5S", "2H", "3D"], "6S+4S") == [("7S", "5S")]


def test_follow_rule_exactly_one_of_the_suit():
    assert dyad.legal_pairs(["7S", "2H", "3D"], "6S+4S") == [("7S", "3D"), ("7S", "2H")]


def test_follow_rule_none_of_the_suit_plays_anything():
    hand = ["7H", "2H", "3D"]
    assert len(dyad.legal_pairs(hand, "6S+4S")) == 3


def test_no_obligation_after_unmatched_lead_or_when_leading():
    hand = ["7S", "5S", "2H", "3D"]
    assert len(dyad.legal_pairs(hand, "6S+4H")) == 6
    assert len(dyad.legal_pairs(hand, None)) == 6


def test_round_score_variants():
    assert dyad.round_score([]) == 0
    assert dyad.round_score(["7H", "6S"]) == 13
    assert dyad.round_score(["2H"]) == 2
    assert dyad.round_score(["2H"], twos=True) == 20
    assert dyad.round_score(["2H", "5S"], twos=True) == 3
    assert dyad.round_score(["2H", "2S"], twos=True) == -4  # [D] two 2s: each counts -2
    assert dyad.round_score([], cipher=True) == 20
    assert dyad.round_score(["7H"], cipher=True) == 0  # [D] a failed Cipher scores 0
    assert dyad.round_score(["2H"], twos=True, cipher=True) == 0
    with pytest.raises(ValueError, match="not a card"):
        dyad.round_score(["ZZ"])
