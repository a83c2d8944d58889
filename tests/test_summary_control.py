"""A summary the computers wait for is always on the table with the button that ends the wait.

The freeze this guards against: Dyad's round summary was still "waiting" after the
person led the next round (the summary had left the table, its button with it), so
the computers waited for good.
"""

import random
import re

import pytest

from pyapp.games.testing import configurations
from pyapp.games import new_game
from tests import fake_dom

DISMISS = {"dyad": "round-end-dismiss", "dieci": "deal-end-dismiss"}

FROZEN = ("7S+5S 4S+3S take 4S 6S+4S 6C+2S take 6S 5D+4D 6D+3D take 6D 4C+3H 6H+2H take 4C 5H+4H 7H+2D take 5H "
          "6S+5H 3C+2C take 3C 6H+5H 3H+2H take 3H 6C+4C 7C+3C take 7C 7S+4S 5S+3S take 5S 5S+2S 6S+3D take 6S "
          "3H+2D 4H+4D take 3H 6D+3H 5D+5C take 6D 3D+2D")
"""A stored Dyad game (2 players, seed 4020188924219524) that froze: round 3, the person has led."""


def _waits_visibly(module, state, viewer: int) -> bool:
    """Whether the summary that would hold the computers is drawn with its dismiss button."""
    root = fake_dom.render_table(module, state, viewer, dismiss=lambda: None)
    return any(e.attrs.get("data-testid") == DISMISS[state.GAME] for e in root.walk())


@pytest.mark.parametrize("game", sorted(DISMISS))
def test_a_summary_that_holds_the_computers_shows_its_button(game):
    with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
        screen = module.UI
        for number, (players, options) in enumerate(configurations(game)):
            state = new_game(game, seed=number, players=players, **options)
            rng = random.Random(number)
            moves = 0
            while not state.is_terminal():
                # seat 0 is the person; a computer acting next waits while summary_key names a summary
                if state.current_player() != 0 and screen.summary_key(state.observation(0)) is not None:
                    assert _waits_visibly(module, state, 0), (players, options, number, moves)
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
            # the last round's or deal's summary, before the totals: drawn with its button too
            assert screen.summary_key(state.observation(0)) is not None, (players, options, number)
            assert _waits_visibly(module, state, 0), (players, options, number, "end")


def test_the_frozen_dyad_game_waits_for_nothing():
    state = new_game("dyad", seed=4020188924219524, players=2)
    for action in re.findall(r"take \w+|\S+", FROZEN):
        state.apply_action(action)
    assert state.current_player() == 1  # the computer replies to the person's lead
    with fake_dom.ui_loaded("pyapp.ui.games.dyad") as module:
        assert module.UI.summary_key(state.observation(0)) is None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_last_deal_s_summary_keeps_the_log_s_button(players):
    """The last deal is drawn as every deal's summary is, its Log button in place: a tap on it made while the
    computers played the last cards must find the button again, not a table where it vanished (issue 47)."""
    state = new_game("dieci", seed=players, players=players)
    rng = random.Random(players)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    with fake_dom.ui_loaded("pyapp.ui.games.dieci") as module:
        root = fake_dom.render_table(module, state, 0, dismiss=lambda: None)
    ids = {e.attrs.get("data-testid") for e in root.walk()}
    table = next(e for e in root.walk() if e.attrs.get("data-testid") == "dieci-table")
    assert table.attrs["data-phase"] == "last-deal"
    assert {"log-open", "log", "deal-end-dismiss"} <= ids
