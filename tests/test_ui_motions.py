"""The motions each game names (``GameUI.motions``) for every change of random games, held to the rules.

A won trick goes to its taker once, when it leaves the table; a retrieved card goes to
its taker (into the viewer's hand when the viewer took it); a placed Triad piece drops,
removed pieces lift.  Every source selector is found in the table drawn before the
change and every target in the table drawn after it (on the fake DOM).
"""

from __future__ import annotations

import random
import re

import pytest

from pyapp.games import new_game
from pyapp.ui.browser.motion import Motion
from tests import fake_dom

COMPOUND = re.compile(r'\.([\w-]+)|\[([\w-]+)(?:="?([^"\]]*)"?)?\]')


def _matches(element: fake_dom.Element, compound: str) -> bool:
    for cls, name, value in COMPOUND.findall(compound):
        if cls and cls not in element.attrs.get("class", "").split():
            return False
        if name and (name not in element.attrs or (value and element.attrs[name] != value)):
            return False
    return True


def select(root: fake_dom.Element, selector: str) -> list[fake_dom.Element]:
    """The elements under ``root`` matching ``selector`` (compounds of classes and attributes, descendant steps)."""
    found = [root]
    for compound in selector.split():
        found = [e for scope in found for e in scope.walk() if e is not scope and _matches(e, compound)]
    return found


def moves_of(game: str, seed: int, players: int, **options):
    """(action, motions, before drawing, after drawing) for each action of a random game, seen by seat 0."""
    with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
        state = new_game(game, seed=seed, players=players, **options)
        rng = random.Random(seed)
        drawn = fake_dom.render_table(module, state, 0)
        while not state.is_terminal():
            before = state.observation(0)
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            after = state.observation(0)
            now = fake_dom.render_table(module, state, 0)
            yield before, str(action), module.UI.motions(before, after), drawn, now
            drawn = now


def check_selectors(motion: Motion, drawn, now) -> None:
    if motion.source:
        assert select(drawn, motion.source), motion
    assert select(now, motion.target), motion


def state_over(drawing) -> bool:
    return drawing.find(**{"data-testid": "dyad-table"}).attrs["data-phase"] == "over"


def now_round(drawing) -> int:
    return int(drawing.find(**{"data-testid": "dyad-table"}).attrs["data-round"])


@pytest.mark.parametrize("players,options", [(2, {}), (3, {"cipher": True}), (4, {"teams": True})])
def test_dyad_each_trick_goes_to_its_taker_once_and_each_retrieved_card_to_the_taker(players, options):
    takes = leaving = 0
    for before, action, motions, drawn, now in moves_of("dyad", players, players, **options):
        kinds = [m.kind for m in motions]
        for motion in motions:
            check_selectors(motion, drawn, now)
        if action.startswith("take"):
            takes += 1
            taker = last_taker = before["to_act"]
            (retrieve,) = [m for m in motions if m.kind == "retrieve"]
            card = action.split()[1]
            assert f'"{card}"' in retrieve.source
            # into the viewer's hand when the viewer took it, unless the round ended (a new hand is dealt)
            into_hand = taker == 0 and before["round"] == now_round(now) and not state_over(now)
            assert not into_hand or select(now, f'[data-testid=hand] [data-card="{card}"]')
            assert retrieve.lands == bool(into_hand)
            assert retrieve.target == (f'[data-testid=hand] [data-card="{card}"]' if into_hand
                                       else f'[data-testid="player-{taker}"]')
        else:
            assert "retrieve" not in kinds
        if "trick-to-taker" in kinds:
            leaving += 1
            (motion,) = [m for m in motions if m.kind == "trick-to-taker"]
            assert motion.target == f'[data-testid="player-{last_taker}"]'
            # it leaves at the next lead, or when the round's summary takes its place
            assert action.startswith("take") or len(before["trick"]) == 0
    assert takes and leaving == takes


@pytest.mark.parametrize("players", [2, 4, 7])
def test_dieci_each_won_trick_goes_to_its_taker_once(players):
    tricks = leaving = 0
    winner = None
    for before, action, motions, drawn, now in moves_of("dieci", players, players):
        assert all(m.kind == "trick-to-taker" for m in motions)
        for motion in motions:
            check_selectors(motion, drawn, now)
            assert motion.target == f'[data-testid="player-{winner}"]'
            leaving += 1
        if before["trick"] and before["trick_winner"] is None and len(before["trick"]) == players - 1:
            tricks += 1  # this play completes a trick
        if before["trick_winner"] is not None:
            winner = before["trick_winner"]
    assert tricks and tricks - 1 <= leaving <= tricks  # the game's last trick may end it still on the table


@pytest.mark.parametrize("players,options", [(2, {}), (4, {})])
def test_triad_a_placed_piece_drops_and_removed_pieces_lift_off(players, options):
    removals = 0
    for before, action, motions, drawn, now in moves_of("triad", 5, players, **options):
        for motion in motions:
            check_selectors(motion, drawn, now)
        if action == "pass":
            assert motions == []
        elif action.startswith("remove"):
            removals += 1
            assert {m.kind for m in motions} == {"lift"}
            cells = re.findall(r"\d,\d", action)
            assert [m.target.split('"')[1] for m in motions] == cells
        else:
            (motion,) = motions
            assert motion.kind == "drop" and f'"{action.split()[-1]}"' in motion.target
    assert removals


def test_no_motion_on_the_first_drawing_and_an_unknown_kind_is_refused():
    with fake_dom.ui_loaded("pyapp.ui.games.dyad") as module:
        state = new_game("dyad", seed=1, players=2)
        assert module.UI.motions(None, state.observation(0)) == []
    with pytest.raises(ValueError):
        Motion("spin", target="[data-testid=trick]")
