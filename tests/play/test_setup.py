"""The set-up form's parser: whatever is typed, a clear refusal or a usable choice, never a crash."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, strategies as st

from pyapp.deals.seed import MAX_SEED_DIGITS, SEED_LIMIT, SeedError, parse_seed
from pyapp.play.setup import MAX_SEAT_NAME, SetupError, parse_name, parse_setup
from tests.pyodide.setup_cases import FIXED

ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=()), max_size=40)


@given(ANY_TEXT)
def test_any_deal_number_text_is_a_number_in_range_or_a_clear_refusal(text):
    try:
        seed = parse_seed(text)
    except SeedError as error:
        assert error.field == "seed" and error.key in ("setup.seed_invalid", "setup.seed_too_large")
        return
    if seed is None:
        assert not text.strip(" \t\r\n")
    else:
        assert 0 <= seed < SEED_LIMIT and text.strip(" \t\r\n").isascii() and int(text) == seed


@given(st.integers(min_value=0, max_value=SEED_LIMIT - 1))
def test_every_deal_number_can_be_typed_back_within_the_fields_length(seed):
    assert len(str(seed)) <= MAX_SEED_DIGITS and parse_seed(str(seed)) == seed


@given(ANY_TEXT, st.lists(st.tuples(ANY_TEXT, st.sampled_from(["person", "friend", "easy", "hard", "wizard", ""])),
                          max_size=5), ANY_TEXT | st.just(""))
def test_any_set_up_is_refused_clearly_or_gives_clean_names(players, seats, seed):
    try:
        setup = parse_setup(players, seats, seed, players_allowed=(2, 3, 4))
    except SetupError as error:
        assert error.field in ("players", "seats", "seed")
        return
    assert setup.players == len(setup.seats) in (2, 3, 4)
    for name, _ in setup.seats:
        assert len(name) <= MAX_SEAT_NAME and name == name.strip()
        assert not any(unicodedata.category(char) == "Cc" for char in name)
    kinds = [kind for _, kind in setup.seats]
    if "friend" in kinds:  # a friends' game: its host, nobody's deal number, no friend's name
        assert kinds.count("person") == 1 and setup.seed is None
        assert all(name == "" for name, kind in setup.seats if kind == "friend")


@pytest.mark.parametrize("kinds", [["friend", "easy"], ["friend", "friend"], ["person", "friend", "person"]])
def test_a_friends_game_has_exactly_one_person_on_this_device(kinds):
    with pytest.raises(SetupError, match="setup.friends_one_person") as refused:
        parse_setup(str(len(kinds)), [("Ada", kind) for kind in kinds], "", players_allowed=(2, 3))
    assert refused.value.field == "seats"


@pytest.mark.parametrize("seed", ["42", " 0 ", "x"])
def test_a_friends_game_refuses_a_typed_deal_number(seed):
    with pytest.raises(SetupError, match="setup.friends_no_seed") as refused:
        parse_setup("2", [("Ada", "person"), ("", "friend")], seed, players_allowed=(2,))
    assert refused.value.field == "seed"
    assert parse_setup("2", [("Ada", "person"), ("", "easy")], "42", players_allowed=(2,)).seed == 42


def test_a_friends_game_ignores_the_names_typed_for_friends():
    setup = parse_setup("4", [(" Ada ", "person"), ("Bo", "friend"), ("Cy", "hard"), ("\x00", "friend")], " \t",
                        players_allowed=(4,))
    assert setup.seats == (("Ada", "person"), ("", "friend"), ("Cy", "hard"), ("", "friend")) and setup.seed is None


@pytest.mark.parametrize("text", ["²", "1²", "①", "٣", "３", "𝟙", "-1", "1e3", "1_000"])
def test_digits_that_int_or_isdigit_misread_are_refused(text):
    with pytest.raises(SeedError, match="setup.seed_invalid"):
        parse_seed(text)


def test_the_bounds_of_a_deal_number():
    assert parse_seed(str(SEED_LIMIT - 1)) == SEED_LIMIT - 1 and parse_seed(" 0 ") == 0
    for text in (str(SEED_LIMIT), "9" * 17):
        with pytest.raises(SeedError, match="setup.seed_too_large"):
            parse_seed(text)


def test_the_cases_replayed_in_pyodide_hold_the_ones_that_stopped_the_page():
    assert {"²", "1²", "①"} <= set(FIXED)


def test_names_lose_control_characters_and_runs_of_space():
    assert parse_name(" Ada\x00\x07  \n Lovelace ") == "Ada Lovelace"
    assert parse_name("x" * 100) == "x" * MAX_SEAT_NAME
