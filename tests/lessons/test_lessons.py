"""Every guided game replays through the engine, teaches what it says, and refuses wrong moves with the rule."""

from __future__ import annotations

import pytest

from pyapp import i18n
from pyapp.games import new_game
from pyapp.lessons import COMPUTER, GAMES, LEARNER, Coach, get

REQUIRED = {
    # the rules issue 21 asks each guided game to teach
    "dyad": {"dyad.matched", "dyad.follow", "dyad.lower", "dyad.double", "dyad.tie", "dyad.retrieve", "dyad.round", "dyad.twos"},
    "triad": {
        "triad.row", "triad.diagonal", "triad.stack", "triad.once", "triad.cover", "triad.forced",
        "triad.labels", "triad.stack_label", "triad.pass",
    },
    "dieci": {
        "dieci.follow", "dieci.trump", "dieci.highest", "dieci.forced_claim", "dieci.offers", "dieci.top",
        "dieci.goal", "dieci.suits",
    },
}


def _say(key: str, params: dict) -> list[str]:
    """The message in every language (a missing key or placeholder fails here)."""
    texts = []
    for code in i18n.LANGUAGES:
        i18n.set_language(code)
        assert key in i18n.catalog(code), f"{code} has no message {key}"
        texts.append(i18n.t(key, **params))
    i18n.set_language("en")
    return texts


def _walk(game: str):
    """(coach before the step, step, the rules the engine shows for it), for every step."""
    coach = Coach(get(game))
    while not coach.finished():
        step = coach.step()
        before = coach.state.clone()
        yield coach, step, before
        if step.who == LEARNER:
            assert coach.try_move(step.action).ok
        else:
            assert coach.play_computer() == step.action


@pytest.mark.parametrize("game", GAMES)
def test_the_script_replays_to_its_end_with_every_note_said(game):
    lesson = get(game)
    coach = Coach(lesson)
    assert coach.intro()[0] == lesson.intro
    _say(*coach.intro())
    steps = 0
    for coach, step, _ in _walk(game):
        assert step.who in (LEARNER, COMPUTER)
        assert coach.learner_to_move() == (step.who == LEARNER)
        assert (coach.state.current_player() == lesson.learner) == (step.who == LEARNER)
        _say(*coach.note())
        steps += 1
    assert steps == len(lesson.steps) and coach.finished()
    assert coach.note()[0] == lesson.outro
    _say(*coach.note())
    assert sum(step.who == LEARNER for step in lesson.steps) >= 5


@pytest.mark.parametrize("game", GAMES)
def test_each_rule_is_shown_by_the_engine_where_the_script_teaches_it(game):
    taught: set[str] = set()
    coach = Coach(get(game))
    while not coach.finished():
        step = coach.step()
        before = coach.state.clone()
        if step.who == LEARNER:
            coach.try_move(step.action)
        else:
            coach.play_computer()
        shown = coach.rules.teaches(before, step.action, coach.state)
        assert set(step.rules) <= shown, f"{game} step {coach.at - 1} ({step.action}) teaches {step.rules}; the engine shows {shown}"
        taught.update(step.rules)
    assert REQUIRED[game] <= taught, f"{game} lesson does not teach {sorted(REQUIRED[game] - taught)}"


@pytest.mark.parametrize("game", GAMES)
def test_a_wrong_move_is_refused_with_its_rule_and_another_try(game):
    for coach, step, before in _walk(game):
        if step.who != LEARNER:
            assert not coach.try_move(step.action).ok  # not the learner's turn: refused, nothing played
            continue
        named: set[str] = set()
        at = coach.at
        wrong = [text for text in coach.rules.candidates(coach.state) if coach.state.parse_action(text) != coach.state.parse_action(step.action)]
        for text in wrong:
            verdict = coach.try_move(text)
            assert not verdict.ok and coach.at == at, f"{game} step {at}: {text} was accepted"
            assert coach.state.history == before.history  # nothing changed: another try
            said = _say(verdict.key, verdict.params)
            assert all(said) and verdict.key != "lesson.good"
            if verdict.rule:
                named.add(verdict.rule)
        if step.rules:
            assert wrong, f"{game} step {at}: no wrong move to try"
            assert named & set(step.rules), f"{game} step {at} teaches {step.rules}; wrong moves named only {named}"


def test_progress_resumes_at_a_step():
    lesson = get("dyad")
    whole = Coach(lesson)
    while not whole.finished():
        if whole.learner_to_move():
            whole.try_move(whole.step().action)
        else:
            whole.play_computer()
    resumed = Coach(lesson, at=len(lesson.steps))
    assert resumed.finished() and resumed.state.history == whole.state.history
    with pytest.raises(ValueError):
        Coach(lesson, at=len(lesson.steps) + 1)


def test_triad_starts_from_its_board_with_nobody_having_scored():
    from pyapp.games.triad import Board
    from pyapp.lessons import start, triad

    state = new_game("triad", seed=0, players=2)
    for text in triad.PREFIX:
        state.apply_action(text)
        assert state.scores() == [0, 0], f"{text} scored"
    assert state.board == Board.from_text(triad.BOARD)
    assert start(triad.LESSON).board == state.board


@pytest.mark.parametrize("game", GAMES)
def test_bad_input_is_refused_and_loses_nothing(game):
    coach = Coach(get(game))
    for text in ("", "   ", "7H+7H", "place 9,9", "claim X99", "remove stack 3,3", "\u0000", None, 42):
        verdict = coach.try_move(text)
        assert not verdict.ok and coach.at == 0
        _say(verdict.key, verdict.params)
    for at in (-1, len(get(game).steps) + 1, "2", True, 1.5):
        with pytest.raises(ValueError):
            Coach(get(game), at=at)
