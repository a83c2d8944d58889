"""Challenge links: every honest link round-trips, anything else is a clear refusal, never a crash."""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from pyapp.deals.challenge import MAX_TOKEN, SEAT_LETTERS, Challenge, ChallengeError, challenge_token, parse_challenge
from pyapp.games import game_class
from pyapp.play.setup import SEED_LIMIT
from pyapp.registry import GAMES

ANY_TEXT = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=()), max_size=60)
KINDS = sorted(SEAT_LETTERS.values())


@st.composite
def honest(draw):
    game = draw(st.sampled_from(GAMES))
    cls = game_class(game)
    players = draw(st.sampled_from(cls.PLAYERS))
    kinds = draw(st.lists(st.sampled_from(KINDS), min_size=players, max_size=players))
    options = {name: draw(st.booleans()) if isinstance(default, bool) else draw(st.integers(0, players - 1))
               for name, default in cls.OPTIONS.items()}
    try:
        options = cls.check_options(players, options)
    except ValueError:
        options = cls.check_options(players, {})
    return game, kinds, options, draw(st.integers(0, SEED_LIMIT - 1))


@given(honest())
def test_every_honest_challenge_round_trips(case):
    game, kinds, options, seed = case
    token = challenge_token(game, kinds, options, seed)
    assert len(token) <= MAX_TOKEN
    assert parse_challenge(game, token) == Challenge(game, tuple(kinds), options, seed)


@given(st.sampled_from(GAMES), ANY_TEXT)
def test_any_text_is_a_clear_refusal_or_a_playable_deal(game, token):
    try:
        challenge = parse_challenge(game, token)
    except ChallengeError as error:
        assert error.key in ("challenge.damaged", "challenge.unplayable")
        return
    cls = game_class(game)
    assert challenge.players in cls.PLAYERS and cls.check_options(challenge.players, challenge.options)
    assert 0 <= challenge.seed < SEED_LIMIT


@given(honest(), st.data())
def test_a_damaged_honest_link_is_refused_or_still_a_valid_deal(case, data):
    game, kinds, options, seed = case
    token = challenge_token(game, kinds, options, seed)
    cut = data.draw(st.integers(0, len(token) - 1))
    damaged = token[:cut] + data.draw(st.sampled_from(["", "x", ".", "-", "9", "<", "%", "\u0663"])) + token[cut + 1:]
    try:
        challenge = parse_challenge(game, damaged)
    except ChallengeError:
        return
    assert challenge_token(game, challenge.kinds, challenge.options, challenge.seed) == damaged


@pytest.mark.parametrize(("game", "token", "key"), [
    ("dieci", "1.5.pnnnn..9007199254740992", "challenge.damaged"),  # the seed is out of range
    ("dieci", "1.5.pnnnn..042", "challenge.damaged"),  # leading zero: not the token of any deal
    ("dieci", "1.5.pnnnn..\u0664\u0662", "challenge.damaged"),
    ("dieci", "1.5.pnnnx..42", "challenge.damaged"),  # no such seat kind
    ("dieci", "1.5.pnnn..42", "challenge.damaged"),  # four seats for five players
    ("dieci", "1.9.pnnnnnnnn..42", "challenge.unplayable"),
    ("dieci", "1.1.p..42", "challenge.unplayable"),
    ("dieci", "2.5.pnnnn..42", "challenge.damaged"),  # a format this build does not know
    ("dyad", "1.3.pnn.0-0.42", "challenge.damaged"),  # an option missing
    ("dyad", "1.3.pnn.0-2-0.42", "challenge.damaged"),  # a yes/no option that is neither
    ("dyad", "1.2.pn.0-0-1.42", "challenge.unplayable"),  # Teams needs four
    ("dyad", "1.3.pnn.0-0-0.42<script>", "challenge.damaged"),
    ("triad", "1.2.pn.0-7.42", "challenge.unplayable"),
    ("chess", "1.2.pn..42", "challenge.damaged"),
    ("dieci", "1." + "9" * 200, "challenge.damaged"),
    ("dieci", "", "challenge.damaged"),
])
def test_hostile_links_are_refused_with_their_message(game, token, key):
    with pytest.raises(ChallengeError) as refused:
        parse_challenge(game, token)
    assert refused.value.key == key
