"""The Hint's page side in CPython: selection → move, the hint's words and places, hints in records and statistics.

The game UIs are drawn on the fake DOM of ``tests/fake_dom.py``; the hints come from
the real engine (``pyapp.ai.hint``) at a small budget.  The browser side (the button,
slicing, cancelling, the table's fit) is ``e2e/test_hint.py``.
"""

from __future__ import annotations

import contextlib
import doctest
import random

import pytest

from pyapp.ai.hint import hint
from pyapp.engine.steps import finish
from pyapp.games import new_game
from pyapp.games.triad import Remove
from pyapp.i18n import set_language
from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.stats import load_stats
from tests import fake_dom
from tests.play.helpers import play_out
from tests.triad.test_rules import board_with
from tests.triad.test_state import phase2


def _position(game: str, players: int, moves: int, seed: int = 5):
    """A game after ``moves`` random actions, at seat 0's next decision with at least two moves."""
    state = new_game(game, seed=seed, players=players)
    rng = random.Random(seed)
    while not state.is_terminal():
        if len(state.history) >= moves and state.current_player() == 0 and len(state.legal_actions()) > 1:
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def _resolve(root, selector: str) -> list:
    """The fake DOM's elements matching one of the hint's selectors: ``[a=b]`` or ``[a=b] [c=d]`` (descendant)."""
    scopes = [root]
    for part in selector.split():
        name, _, value = part.strip("[]").partition("=")
        scopes = [e for scope in scopes for e in scope.walk()
                  if e is not scope and name in e.attrs and e.attrs[name] == value.strip('"')]
    return scopes


@pytest.fixture(params=[("dyad", 3, 9), ("triad", 2, 14), ("dieci", 3, 7)], ids=lambda p: p[0])
def drawn(request):
    game, players, moves = request.param
    with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
        state = _position(game, players, moves)
        yield module, state, fake_dom.render_table(module, state, 0)


def test_each_hint_is_said_from_the_engines_facts_and_shown_on_the_cards_or_cells_of_its_move(drawn):
    module, state, root = drawn
    hint_button = __import__("pyapp.ui.table.hint_button", fromlist=["Shown"])
    found = finish(hint(state, seed=3, worlds=6))
    legal = {str(a): a for a in state.legal_actions()}
    shown = hint_button.Shown(("id", len(state.history), 0), found, legal[found["best"]], legal[found["compared"]])
    ui = module.UI
    written = hint_button.sentences(ui, shown, spoken=False)
    said = hint_button.sentences(ui, shown, spoken=True)
    assert written[0] == f"Suggested: {ui.move_words(shown.best, spoken=False)}."
    assert said[0] == f"Suggested: {ui.move_words(shown.best, spoken=True)}."
    if shown.compared == shown.best:
        assert written[1] == "Normal would play it too."
    elif found["about_equal"]:
        assert written[1].startswith("About as good as Normal's move (")
    else:
        assert written[1].startswith(f"About {hint_button.points_text(found['points_loss'])} points (± ")
    assert len(written) == 2 + len(found["reasons"]) and len(said) == len(written)
    targets = [e for selector in ui.move_targets(shown.best) for e in _resolve(root, selector)]
    assert targets, ui.move_targets(shown.best)
    text = str(shown.best)
    for element in targets:  # each place shown is part of the move: its card, character, cell or button
        hooks = [element.attrs.get(k) for k in ("data-card", "data-char", "data-cell", "data-take", "data-action",
                                                "data-testid")]
        assert any(h and (h in text.replace(" ", "+").split("+") or h in text or h in ("pass", "take-top",
                   "cipher-yes", "cipher-no")) for h in hooks), (text, element.attrs)
    for name in _hidden_names(module, state):  # nothing of another seat's hand in what is written or said
        assert all(name not in line for line in written + said), name


def _hidden_names(module, state) -> list[str]:
    """The other seats' cards as the page writes and says them (Triad hides nothing)."""
    if state.GAME == "triad":
        return []
    if state.GAME == "dyad":
        from pyapp.games.dyad.rules import card_text

        codes = [card_text(c) for seat in range(1, state.players) for c in state.hands[seat]]
        return [n for code in codes for n in (module.card_text(code) + ".", module._card_label(code))]
    codes = [c for seat in range(1, state.players) for c in state.hands[seat]]
    return [n for code in codes for n in (module.UI.fact_params({"card": code}, spoken=False)["card"] + ".",
                                          module.card_label(code))]


def test_dyad_says_which_pair_is_selected_and_nothing_until_it_is_complete_and_legal():
    with fake_dom.ui_loaded("pyapp.ui.games.dyad") as module:
        state = _position("dyad", 2, 9)
        root = fake_dom.render_table(module, state, 0)
        legal = state.legal_actions()
        pair = legal[-1]
        cards = str(pair).split("+")
        button = {e.attrs["data-card"]: e for e in root.select("data-card") if e.tag == "button"}
        assert module.UI.selected_action(legal) is None
        button[cards[0]].click()
        assert module.UI.selected_action(legal) is None  # one card is not a move
        button[cards[1]].click()
        assert module.UI.selected_action(legal) == pair
        assert module.UI.move_targets(pair) == [f'[data-testid=hand] [data-card="{c}"]' for c in cards]
        fake_dom.render_table(module, state, 0)  # a redraw of the same position keeps the pair
        assert module.UI.selected_action(legal) == pair
        state.apply_action(pair)
        fake_dom.render_table(module, state, state.current_player())  # another position starts with nothing
        assert module.UI.selected_action(state.legal_actions()) is None


def test_triad_selects_a_removal_only_when_one_runs_through_the_chosen_cell():
    with fake_dom.ui_loaded("pyapp.ui.games.triad") as module:
        # a row of four (two triads share its middle cells) and a column through its second cell
        state = phase2(board_with(r0c0="a", r0c1="a", r0c2="a", r0c3="a", r1c1="a", r2c1="a", r7c7="b"))
        legal = state.legal_actions()
        removals = [a for a in legal if type(a) is Remove]
        root = fake_dom.render_table(module, state, 0)
        ui = module.UI
        assert ui.selected_action(legal) is None
        counts = {}
        for action in removals:
            for cell in action.cells:
                counts[tuple(cell)] = counts.get(tuple(cell), 0) + 1
        alone = next(cell for cell, n in counts.items() if n == 1)
        shared = [cell for cell, n in counts.items() if n > 1]
        cell = root.find(**{"data-cell": f"{alone[0]},{alone[1]}"})
        cell.click()
        assert ui.selected_action(legal) == next(a for a in removals if alone in [tuple(c) for c in a.cells])
        if shared:
            root.find(**{"data-cell": f"{shared[0][0]},{shared[0][1]}"}).click()
            assert ui.selected_action(legal) is None


def test_dieci_never_has_a_move_selected_but_not_played():
    with fake_dom.ui_loaded("pyapp.ui.games.dieci") as module:
        state = _position("dieci", 3, 7)
        fake_dom.render_table(module, state, 0)
        assert module.UI.selected_action(state.legal_actions()) is None


@contextlib.contextmanager
def _english_after():
    """The other tests read English: the language goes back once the Korean test is done."""
    try:
        yield
    finally:
        set_language("en")


def test_the_difference_is_written_with_one_decimal_in_both_languages():
    with fake_dom.ui_loaded("pyapp.ui.games.dyad"):
        import pyapp.ui.table.hint_button as hint_button

        assert doctest.testmod(hint_button).failed == 0
    with fake_dom.ui_loaded("pyapp.ui.games.dyad", language="ko") as module, _english_after():
        import pyapp.ui.table.hint_button as hint_button

        state = _position("dyad", 2, 9)
        found = finish(hint(state, seed=3, worlds=6))
        legal = {str(a): a for a in state.legal_actions()}
        shown = hint_button.Shown(("id", 0, 0), dict(found, about_equal=False, points_loss=3.24, points_se=1.06),
                                  legal[found["best"]], legal[found["compared"]])
        written = hint_button.sentences(module.UI, shown, spoken=False)
        assert written[0].startswith("추천: ")
        if shown.compared != shown.best:
            assert "약 3.2점(± 1.1) 낫습니다" in written[1]


def _forced_follow(seed: int = 1):
    """A Dieci trick in which seat 0 must follow with its one card of the suit led."""
    for attempt in range(seed, seed + 40):
        state = new_game("dieci", seed=attempt, players=3)
        rng = random.Random(attempt)
        while not state.is_terminal():
            obs = state.observation(0)
            if state.current_player() == 0 and obs["phase"] == "play" and obs["trick"] and len(state.legal_actions()) == 1:
                return state
            state.apply_action(rng.choice(state.legal_actions()))
    raise AssertionError("no forced follow")


def test_the_only_legal_move_is_named_at_once_without_judging_in_both_languages():
    state = _forced_follow()
    (only,) = state.legal_actions()
    work = hint(state, seed=3, worlds=6)
    with pytest.raises(StopIteration) as done:  # no slice: nothing is judged
        next(work)
    found = done.value.value
    assert (found["best"], found["compared"], found["compared_with"], found["worlds"]) == (str(only), str(only), "only", 0)
    assert found["about_equal"] and found["points_loss"] == 0 and found["reasons"]
    with fake_dom.ui_loaded("pyapp.ui.games.dieci") as module:
        import pyapp.ui.table.hint_button as hint_button

        shown = hint_button.Shown(("id", len(state.history), 0), found, only, only)
        written = hint_button.sentences(module.UI, shown, spoken=False)
        assert written[0] == f"The only legal move: {module.UI.move_words(only, spoken=False)}."
        assert len(written) == 1 + len(found["reasons"])  # what it does, and no comparison
        assert not any("Normal" in line or "Suggested" in line for line in written)
    with fake_dom.ui_loaded("pyapp.ui.games.dieci", language="ko") as module, _english_after():
        import pyapp.ui.table.hint_button as hint_button

        written = hint_button.sentences(module.UI, hint_button.Shown(("id", 0, 0), found, only, only), spoken=False)
        assert written[0].startswith("둘 수 있는 수는 이것뿐입니다: ")


def test_a_hint_used_is_saved_at_once_and_the_finished_game_is_counted_apart():
    store = SaveStore(MemoryBackend())
    helped = Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=4, store=store)
    helped.hint_used()
    assert Session.resume(store, helped.record_id, claim=False).hints == {"allowed": True, "used": 1}
    unaided = Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=5, store=store)
    for session in (helped, unaided):
        play_out(session)
    stats, problem = load_stats(store.backend)
    assert problem is None
    assert stats.line("nim", "easy")["played"] == 1 and stats.line("nim", "easy", hinted=True)["played"] == 1
    assert [(game, level, hinted) for game, level, hinted, _ in stats.rows()] == \
        [("nim", "easy", False), ("nim", "easy", True)]
    reloaded, _ = load_stats(store.backend)  # stored and read back the same
    assert reloaded.to_json() == stats.to_json()
