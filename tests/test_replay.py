"""Replay: forward/back over every position, the viewer's view until the end, words for each step."""

import random
import re

import pytest

from pyapp.games.testing import configurations
from pyapp.games import NAMES, new_game
from pyapp.i18n import catalog, t
from pyapp.replay import Replay, Step, describe_step, describer, generic_describe, render
from pyapp.storage import make_record

GAMES = ["nim", *NAMES]


def _some_configurations(game):
    """Each player count once, with the options varying (the soak covers every combination)."""
    seen, chosen = set(), []
    for players, options in reversed(configurations(game)):
        if players not in seen:
            seen.add(players)
            chosen.append((players, options))
    return chosen


def _random_game(game, players, options, seed, stop=None):
    state = new_game(game, seed=seed, players=players, **options)
    rng = random.Random(seed)
    while not state.is_terminal() and (stop is None or len(state.history) < stop):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def _seats(players, people=(0,)):
    return [{"name": f"Seat{n}", "kind": "person" if n in people else "easy"} for n in range(players)]


@pytest.mark.parametrize("game", GAMES)
def test_every_position_matches_a_fresh_replay_in_both_directions(game):
    for players, options in _some_configurations(game):
        state = _random_game(game, players, options, seed=players)
        replay = Replay({"seats": _seats(players)}, state)
        assert replay.position == 0
        assert replay.seats_shown() == ([replay.viewer] if replay.perfect else list(range(players)))
        rng = random.Random(1)
        for _ in range(30):
            target = rng.randrange(len(replay) + 1)
            replay.go(target)
            fresh = state.replay(list(state.history[:target]))
            assert replay.views() == [(s, fresh.observation(s)) for s in replay.seats_shown()]
        replay.go(len(replay))
        replay.forward()
        assert replay.position == len(replay)
        replay.go(0)
        replay.back()
        assert replay.position == 0


@pytest.mark.parametrize("game", GAMES)
def test_unfinished_game_shows_only_the_viewing_persons_view(game):
    for players, options in _some_configurations(game):
        state = _random_game(game, players, options, seed=3, stop=15)
        if state.is_terminal():
            continue
        replay = Replay({"seats": _seats(players, people=(1,))}, state)
        assert replay.seats_shown() == [1] and replay.position == len(replay)
        for position in range(len(replay) + 1):
            assert [seat for seat, _ in replay.views(position)] == [1]


@pytest.mark.parametrize("game", GAMES)
def test_every_step_is_described_with_known_keys_and_all_placeholders(game):
    keys = catalog("en")
    for players, options in _some_configurations(game):
        for finished in (True, False):
            state = _random_game(game, players, options, seed=11, stop=None if finished else 40)
            replay = Replay({"seats": _seats(players)}, state)
            for number in range(1, len(replay) + 1):
                sentences = replay.sentences(number)
                assert sentences
                for key, params in sentences:
                    assert key in keys
                    for spoken in (False, True):
                        text = render([(key, params)], spoken=spoken)
                        assert "{" not in text and "Spoken(" not in text and text.strip()
                if describer(game) is not None:
                    assert sentences[0][0].startswith(f"replay.{game}."), (number, replay.actions[number - 1])


def test_generic_fallback_hides_other_seats_moves_in_hidden_information_games():
    step = Step(number=1, actor=1, names=("Ada", "Bot"), action="pass 7H+2S", before={}, after={}, seat=0,
                everything=False)
    assert generic_describe(step, perfect=False) == [("replay.hidden", {"name": "Bot"})]
    assert generic_describe(step, perfect=True)[0][0] == "replay.generic"
    own = Step(number=1, actor=0, names=("Ada", "Bot"), action="take2", before={}, after={}, seat=0, everything=False)
    assert t(*generic_describe(own, perfect=False)[0][:1], **generic_describe(own, perfect=False)[0][1]) == "Ada: take2."


def test_a_broken_describer_falls_back(monkeypatch):
    import pyapp.replay as module

    monkeypatch.setattr(module, "describer", lambda game: lambda step: step.after["missing"])
    step = Step(number=1, actor=0, names=("Ada",), action="x", before={}, after={}, seat=0, everything=True)
    assert describe_step("nim", step, perfect=True) == [("replay.generic", {"name": "Ada", "action": "x"})]


def test_markup_names_stay_plain_text_in_descriptions():
    state = _random_game("nim", 2, {}, seed=2)
    name = "<img src=x onerror=alert(1)>"
    replay = Replay({"seats": [{"name": name, "kind": "person"}, {"name": "B", "kind": "easy"}]}, state)
    assert replay.text(1).startswith(name)


@pytest.mark.skipif("dyad" not in NAMES, reason="dyad not registered yet")
def test_dyad_teams_pass_is_hidden_from_opponents_until_the_end():
    state = new_game("dyad", seed=4, players=4, teams=True)
    rng = random.Random(0)
    while state.history == () or not str(state.history[-1]).startswith("pass"):
        state.apply_action(rng.choice(state.legal_actions()))
    actor = len(state.history) - 1
    seats = [{"name": c, "kind": "person"} for c in "ABCD"]
    replay = Replay({"seats": seats}, state, viewer=(state.replay([]).current_player() + 1) % 4)
    texts = [replay.text(n) for n in range(1, len(replay) + 1)]
    assert "passes two cards" in texts[actor]
    assert all(card not in texts[actor] for card in str(state.history[actor]).split()[1].split("+"))


@pytest.mark.skipif("triad" not in NAMES, reason="triad not registered yet")
def test_triad_removal_is_described_with_cell_and_points():
    state = _random_game("triad", 2, {}, seed=5)
    replay = Replay({"seats": [{"name": "A", "kind": "person"}, {"name": "B", "kind": "person"}]}, state)
    removals = [replay.text(n) for n in range(1, len(replay) + 1) if replay.actions[n - 1].startswith("remove")]
    assert removals and all("removes the" in text and ": +" in text for text in removals)


ENGINE_CARD = re.compile(r"\b([2-9TJQKA][SHDCRYGBP]|[RYGBP]\d{1,2})\b")
"""A card or character as the engine writes it (``7H``, ``TR``, ``R10``): never in a replay's words."""


@pytest.mark.parametrize("game", ["dyad", "dieci"])
def test_cards_are_shown_as_symbols_and_said_in_words(game):
    state = _random_game(game, 4, {"teams": True} if game == "dyad" else {}, seed=3)
    replay = Replay({"seats": _seats(4, people=range(4))}, state)
    shown = [replay.text(n) for n in range(1, len(replay) + 1)]
    said = [replay.text(n, spoken=True) for n in range(1, len(replay) + 1)]
    assert not [text for text in shown + said if ENGINE_CARD.search(text)]
    symbols = "\u2660\u2665\u2666\u2663" if game == "dyad" else "\u25cf\u25b2\u25a0\u25c6\u2605"
    assert any(mark in text for text in shown for mark in symbols)
    assert not any(mark in text for text in said for mark in symbols)
    assert any(" of " in text for text in said)  # "7 of hearts"
