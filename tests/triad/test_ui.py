"""The Triad screen rendered into a fake DOM (no browser): hooks, texts, clicks.

The browser modules (``pyscript``, ``js``) and the shell's ``pyapp.ui.browser.dom`` are
replaced by the small fakes of ``tests/fake_dom.py`` for the duration of each test, so the renderer's logic
is checked in CPython; the real page is covered by ``e2e/test_triad.py``.
"""

from __future__ import annotations

import pytest

from pyapp.games import new_game
from pyapp.games.triad import PASS, Place, Remove
from pyapp.i18n import catalog
from tests import fake_dom
from tests.triad.test_rules import board_with
from tests.triad.test_state import phase2, play


@pytest.fixture()
def triad_ui():
    module, saved = fake_dom.load_ui("pyapp.ui.games.triad")
    yield module
    fake_dom.unload_ui(saved, "pyapp.ui.games.triad")


def render(module, game, viewer=0, person=True):
    from pyapp.play import Seat
    from pyapp.ui.table.table import TableContext

    acted = []
    seats = [Seat(f"P{n}", "person" if person else "easy") for n in range(game.players)]
    ui = module.TriadUI()
    ctx = TableContext(observation=game.observation(viewer), viewer=viewer,
                       legal=game.legal_actions() if person else [], seats=seats, act=acted.append)
    return ui, ui.render(ctx), acted


def by_testid(root, name):
    found = root.select("data-testid", name)
    assert found, f"no element with data-testid={name}"
    return found[0]


def test_every_cell_has_a_data_cell_hook_and_the_board_text(triad_ui):
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 0,0")
    ui, root, _ = render(triad_ui, game)
    cells = root.select("data-cell")
    assert sorted(e.attrs["data-cell"] for e in cells) == sorted(f"{r},{c}" for r in range(8) for c in range(8))
    corner = root.select("data-cell", "0,0")[0]
    assert corner.attrs["data-stack"] == "ab" and corner.attrs["data-top"] == "b" and corner.attrs["data-height"] == "2"
    assert corner.attrs["data-label"] == "6"
    # the label is the cell's one number; the top piece's letter is drawn by CSS from data-glyph
    # (so the cell's spoken name contains all of its visible text); the stack is a column of its pieces
    assert corner.textContent == "6"
    glyphs = [e.attrs.get("data-glyph") for e in corner.select("data-glyph")]
    assert "B" in glyphs and "2" not in glyphs
    column = corner.select("data-testid", "stack-column")[0]
    assert [e.attrs["class"] for e in column.children] == ["pip pip-b", "pip pip-a"]  # top first
    # the spoken name: the height and what the stack is made of, as the person at seat 0 (side A) sees it
    assert corner.attrs["aria-label"] == "a8, label 6, stack of 2: 1 yours, 1 theirs; bottom to top A B, B (theirs) showing"
    ui, root, _ = render(triad_ui, game, viewer=1)
    assert root.select("data-cell", "0,0")[0].attrs["aria-label"].endswith("B (yours) showing")
    assert by_testid(root, "triad-board").attrs["data-position"] == game.board.to_text()


def test_scores_phase_pieces_and_last_move_are_shown(triad_ui):
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 0,2")
    ui, root, _ = render(triad_ui, game, viewer=1)
    assert by_testid(root, "score-a").textContent == "3"
    assert by_testid(root, "score-b").textContent == "0"
    assert by_testid(root, "score-a-phase1").attrs["data-value"] == "3"
    assert by_testid(root, "phase").attrs["data-phase"] == "1"
    assert by_testid(root, "pieces-a").attrs["data-value"] == "27"
    assert by_testid(root, "pieces-b").attrs["data-value"] == "28"
    last = by_testid(root, "last-move")
    assert "Side A placed on c8, part of a triad: +3." in last.textContent  # (0,2) as drawn: file c, rank 8
    assert by_testid(root, "points-scored").textContent == "+3"
    made = [e.attrs["data-cell"] for e in root.select("data-cell") if e.classList.contains("made")]
    assert made == ["0,0", "0,1", "0,2"]


def test_tapping_a_legal_cell_places_there(triad_ui):
    game = new_game("triad", seed=1, players=2)
    ui, root, acted = render(triad_ui, game)
    cell = root.select("data-cell", "2,5")[0]
    assert cell.classList.contains("legal")
    cell.fire("click")
    assert acted == [Place(2, 5)]
    centre = root.select("data-cell", "3,3")[0]
    centre.fire("click")
    assert acted == [Place(2, 5)]


def test_arrow_keys_move_focus_between_cells(triad_ui):
    game = new_game("triad", seed=1, players=2)
    ui, root, _ = render(triad_ui, game)
    board = by_testid(root, "triad-board")
    board.fire("keydown", key="ArrowRight")
    assert root.select("data-cell", "0,1")[0].focused
    ui.focus = (3, 2)
    board.fire("keydown", key="ArrowRight")  # skips the centre
    assert root.select("data-cell", "3,5")[0].focused


def test_phase_two_highlights_removable_triads_and_choosing_is_unambiguous(triad_ui):
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="a", r1c1="a", r2c1="a", r5c5="aaa", r7c7="b"))
    ui, root, acted = render(triad_ui, game)
    removable = {e.attrs["data-cell"] for e in root.select("data-cell") if e.classList.contains("removable")}
    assert removable == {"0,0", "0,1", "0,2", "0,3", "1,1", "2,1", "5,5"}
    # four triads are more than one line holds: the person picks a highlighted cell first
    assert root.select("data-testid", "remove-choice") == []
    root.select("data-cell", "0,1")[0].fire("click")
    assert acted == []
    choices = root.select("data-testid", "remove-choice")
    assert [c.attrs["data-action"] for c in choices] == ["remove 0,0 0,1 0,2", "remove 0,1 0,2 0,3", "remove 0,1 1,1 2,1"]
    assert "+12" in choices[0].textContent  # 6 + 3 + 3
    choices[1].fire("mouseenter")
    previewed = {e.attrs["data-cell"] for e in root.select("data-cell") if e.classList.contains("preview")}
    assert previewed == {"0,1", "0,2", "0,3"}
    choices[1].fire("click")
    assert acted == [Remove(((0, 1), (0, 2), (0, 3)), False)]
    root.select("data-cell", "5,5")[0].fire("click")
    (stack,) = root.select("data-testid", "remove-choice")
    assert "Stack f3 · +6" in stack.textContent  # label 3, doubled; (5,5) is f3 as drawn


def test_the_chosen_cell_survives_a_redraw_and_is_gone_after_a_move(triad_ui):
    from pyapp.play import Seat
    from pyapp.ui.table.table import TableContext

    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="a", r1c1="a", r2c1="a", r5c5="aaa", r7c7="b"))
    ui, root, acted = render(triad_ui, game)
    root.select("data-cell", "0,1")[0].fire("click")

    def redraw():
        seats = [Seat(f"P{n}", "person") for n in range(game.players)]
        return ui.render(TableContext(observation=game.observation(0), viewer=0, legal=game.legal_actions(),
                                      seats=seats, act=acted.append))

    root = redraw()
    assert root.select("data-cell", "0,1")[0].classList.contains("selected")
    assert len(root.select("data-testid", "remove-choice")) == 3
    game.apply_action("remove 0,1 0,2 0,3")
    game.apply_action(game.legal_actions()[0])
    root = redraw()
    assert not [e for e in root.select("data-cell") if e.classList.contains("selected")]


def test_pass_is_a_button_with_its_reason_and_is_announced(triad_ui):
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r5c5="b"), to_move="b")
    ui, root, acted = render(triad_ui, game, viewer=1)
    assert "Side B has no triad to remove and must pass." in by_testid(root, "must-pass").textContent
    by_testid(root, "pass").fire("click")
    assert acted == [PASS]
    before = game.observation(1)
    game.apply_action("pass")
    ui, root, _ = render(triad_ui, game, viewer=1, person=False)
    assert by_testid(root, "pass-notice").textContent == "Side B passes: no triad to remove."
    assert ui.announcements(before, game.observation(1)) == ["Side B passes: no triad to remove."]


def test_end_shows_breakdown_and_result(triad_ui):
    game = phase2(board_with(r0c0="a", r0c1="a", r0c2="a"))
    game.phase1 = [6, 9]
    game.apply_action("remove 0,0 0,1 0,2")
    ui, root, _ = render(triad_ui, game, person=False)
    end = by_testid(root, "end-breakdown")
    assert by_testid(end, "final-a-phase1").textContent == "6"
    assert by_testid(end, "final-a-phase2").textContent == "12"
    assert by_testid(end, "final-a-total").textContent == "18"
    assert by_testid(end, "final-b-total").textContent == "9"
    assert by_testid(root, "result").textContent == "Side A wins 18 to 9."
    assert by_testid(root, "phase").attrs["data-phase"] == "over"


def test_teams_show_both_names_per_side(triad_ui):
    game = new_game("triad", seed=1, players=4)
    ui, root, _ = render(triad_ui, game)
    assert "P0 & P2" in by_testid(root, "side-a").textContent
    assert "P1 & P3" in by_testid(root, "side-b").textContent


def test_four_players_say_who_of_the_side_placed(triad_ui):
    game = play(new_game("triad", seed=1, players=4), "place 0,0", "place 7,7", "place 0,1")  # seat 2: P0's partner
    ui, root, _ = render(triad_ui, game)
    assert "Side A (P2) placed on b8." in by_testid(root, "last-move").textContent
    before = play(new_game("triad", seed=1, players=4), "place 0,0", "place 7,7").observation(0)
    assert ui.announcements(before, game.observation(0)) == ["Side A (P2) placed on b8."]


def test_four_players_name_every_move_since_the_persons_last_turn(triad_ui):
    # seats 0, 1, 2, 3 in turn: when seat 0 moves again, the three others have each moved once since
    game = play(new_game("triad", seed=1, players=4), "place 0,0", "place 7,7", "place 0,1", "place 7,6")
    assert triad_ui.since_sentences(game.observation(0), ["P0", "P1", "P2", "P3"]) == [
        "Side B (P1) placed on h1.", "Side A (P2) placed on b8.", "Side B (P3) placed on g1."]
    ui, root, _ = render(triad_ui, game, viewer=0)
    last = by_testid(root, "last-move")
    assert last.attrs["data-moves"] == "3"
    assert "Side B (P1) placed on h1. Side A (P2) placed on b8. Side B (P3) placed on g1." in last.textContent
    # on screen: each move under its player's name
    assert [e.textContent for e in last.select("class", "since-who")] == ["BP1", "AP2", "BP3"]  # piece letter, name
    assert [e.textContent for e in last.select("class", "since-what")] == ["placed on h1", "placed on b8", "placed on g1"]
    # seat 1 moved three turns ago: since then seats 2 and 3
    assert triad_ui.since_sentences(game.observation(1), ["P0", "P1", "P2", "P3"]) == [
        "Side A (P2) placed on b8.", "Side B (P3) placed on g1."]
    # seat 3 made the last move: that move is what there is to tell
    assert triad_ui.since_sentences(game.observation(3), ["P0", "P1", "P2", "P3"]) == ["Side B (P3) placed on g1."]
    # later in the game: the three moves after seat 1's own
    game = play(game, "place 1,1", "place 6,6", "place 1,2", "place 6,5", "place 2,2")
    assert [m["seat"] for m in triad_ui.moves_since(game.observation(1))] == [2, 3, 0]
    assert [m["cell"] for m in triad_ui.moves_since(game.observation(1))] == [[1, 2], [6, 5], [2, 2]]


def test_two_players_name_the_other_sides_move(triad_ui):
    game = play(new_game("triad", seed=1, players=2), "place 0,0", "place 7,7")
    assert triad_ui.since_sentences(game.observation(0), ["P0", "P1"]) == ["Side B placed on h1."]
    assert by_testid(render(triad_ui, game)[1], "last-move").textContent == "Side B placed on h1."


def test_waiting_for_the_computer_shows_no_controls(triad_ui):
    game = new_game("triad", seed=1, players=2)
    ui, root, acted = render(triad_ui, game, person=False)
    assert not [e for e in root.select("data-cell") if e.classList.contains("legal")]
    root.select("data-cell", "2,5")[0].fire("click")
    assert acted == []


def test_random_games_render_at_every_step(triad_ui):
    import random

    for seed, players in ((3, 2), (4, 4)):
        # every third position is drawn (a whole game of each kind)
        game = new_game("triad", seed=seed, players=players)
        rng = random.Random(seed)
        ui = triad_ui.TriadUI()
        before = None
        while True:
            if game.moves % 3 == 0 or game.is_terminal():
                render(triad_ui, game, viewer=game.current_player() if not game.is_terminal() else 0)
            after = game.observation(0)
            assert len(ui.announcements(before, after)) == (0 if after["last"] is None else 1)
            before = after
            if game.is_terminal():
                break
            game.apply_action(rng.choice(game.legal_actions()))


def test_every_message_key_used_exists():
    import pathlib
    import re

    source = pathlib.Path("pyapp/ui/games/triad.py").read_text()
    keys = set(re.findall(r't\("(triad\.[a-z0-9_.]+)"', source))
    keys |= {f"triad.side.{s}" for s in "ab"} | {f"triad.piece.{s}" for s in "ab"}
    keys |= {f"triad.phase.{p}" for p in ("1", "2", "over")}
    missing = sorted(k for k in keys if k not in catalog("en"))
    assert not missing


def test_childrens_game_says_so_next_to_the_phase(triad_ui):
    game = new_game("triad", seed=1, players=2, children=True)
    ui, root, _ = render(triad_ui, game)
    phase = by_testid(root, "phase")
    assert "Phase 1 — laying pieces" in phase.textContent
    assert "Children's game: Phase 1 only" in phase.textContent
