"""The registry is the one list of games, levels and seat kinds: every part of the site follows it."""

import importlib
import sys
from pathlib import Path

import pytest

from pyapp import registry
from pyapp.ai import choose_action
from pyapp.games import NAMES, new_game
from pyapp.i18n import t
from pyapp.play import Seat
from pyapp.ui.browser import routes

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("game", registry.GAMES)
def test_every_game_has_its_engine_demos_rulebook_and_screen(game):
    assert importlib.import_module(f"pyapp.games.{game}").STATE.GAME == game
    assert importlib.import_module(f"pyapp.demos.{game}").DEMOS
    assert importlib.import_module(f"pyapp.rulebook.{game}").RULES["en"].game == game
    assert (ROOT / "pyapp" / "ui" / "games" / f"{game}.py").is_file()
    assert routes.SCREENS[game] == f"pyapp.ui.games.{game}" and routes.parse(f"#/{game}").view == game
    assert t(f"game.{game}") != f"game.{game}"


def test_the_engine_routes_and_build_read_the_registry():
    sys.path.insert(0, str(ROOT / "tools"))
    import build

    assert sorted(NAMES) == sorted(registry.GAMES)
    assert [g for g in registry.GAMES if build.SHELL_KEY.match(f"game.{g}")] == list(registry.GAMES)
    assert not build.SHELL_KEY.match("game.chess")


def test_every_level_plays_and_every_seat_kind_is_accepted():
    state = new_game("triad", seed=1, players=2)
    for level in registry.LEVELS:
        assert choose_action(state, level=level, seed=1, iterations=20) in state.legal_actions()
    for kind in registry.SEAT_KINDS:
        assert Seat("Ada", kind).kind == kind
    with pytest.raises(ValueError, match="unknown seat kind"):
        Seat("Ada", "expert")
    assert set(registry.TABLE_LEVELS) <= set(registry.LEVELS)


FIRST_MOVES = """
import importlib, json, sys
from pyapp.games import new_game
from pyapp.registry import LEVELS, computer_modules

game = sys.argv[1]
for module in computer_modules(game):
    importlib.import_module(module)
from pyapp.ai import choose_action

before = set(sys.modules)
state = new_game(game, seed=1, players=2)
for level in LEVELS:
    choose_action(state, level=level, seed=1, iterations=20)
print(json.dumps(sorted(m for m in set(sys.modules) - before if m.startswith("pyapp"))))
"""


@pytest.mark.parametrize("game", registry.GAMES)
def test_the_table_s_preload_is_what_a_computer_s_first_move_imports(game):
    import json
    import subprocess

    done = subprocess.run([sys.executable, "-c", FIRST_MOVES, game], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    assert json.loads(done.stdout) == []
