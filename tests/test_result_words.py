"""The status at a game's end says the result in words (``pyapp.ui.table.table_head.result``; issue 31).

A single winner by name, "You win" for the one person on the device, a team (Dyad Teams, Triad
with 4 players), a shared win, a draw: in English and in Korean.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from pyapp.i18n import set_language
from pyapp.play import Seat
from tests import fake_dom


@pytest.fixture(scope="module")
def head():
    with fake_dom.ui_loaded("pyapp.ui.table.table_head") as module:
        yield module
    set_language("en")


def _session(game: str, winners: list[int], players: int, people: tuple[int, ...] = (0,), **options):
    seats = [Seat(f"P{n}", "person" if n in people else "easy") for n in range(players)]
    state = SimpleNamespace(GAME=game, options=options, winners=lambda: winners)
    return SimpleNamespace(state=state, seats=seats, people=lambda: [n for n in range(players) if n in people])


CASES = [
    (("dieci", [0], 3), "You win", "내가 이겼습니다"),
    (("dieci", [2], 3), "P2 wins", "P2 승리"),
    (("dieci", [1, 2], 3), "Shared win: P1, P2", "공동 승리: P1, P2"),
    (("dyad", [0, 1], 2), "Shared win: P0, P1", "공동 승리: P0, P1"),
    (("triad", [0, 1], 2), "A draw", "무승부"),
    (("triad", [1, 3], 4), "P1, P3 win", "P1, P3 팀 승리"),
    (("triad", [0, 2], 4), "Your team wins", "우리 팀 승리"),
]


@pytest.mark.parametrize(("args", "english", "korean"), CASES)
def test_the_result_in_words(head, args, english, korean):
    session = _session(*args)
    set_language("en")
    assert head.result(session) == english
    set_language("ko")
    assert head.result(session) == korean
    set_language("en")


def test_dyad_teams_and_pass_and_play(head):
    set_language("en")
    assert head.result(_session("dyad", [1, 3], 4, teams=True)) == "P1, P3 win"
    assert head.result(_session("dyad", [0, 2], 4, teams=True)) == "Your team wins"
    assert head.result(_session("dyad", [1, 3], 4)) == "Shared win: P1, P3"  # no teams: two tied
    assert head.result(_session("dieci", [0], 3, people=(0, 1))) == "P0 wins"  # two people: nobody is "you"
