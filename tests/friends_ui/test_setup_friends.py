"""The set-up form's friend seat (issue 33): offered after Person, a friends' game's rules, Start opens the room.

The form runs over the fake DOM; ``pyapp.ui.friends.friends_host`` (the host's controller) is a stub that records
what the form hands it.
"""

from __future__ import annotations

import sys
import types
from typing import Any

import pytest

from pyapp.i18n import set_language, t
from tests import fake_dom

DYAD_OPTIONS = (("cipher", "dyad.option.cipher"), ("twos", "dyad.option.twos"))


@pytest.fixture(scope="module")
def form_module():
    with fake_dom.ui_loaded("pyapp.ui.table.setup_form") as module:
        yield module


class Table:
    """The parts of a table the set-up form uses: what it shows, and the game it begins."""

    def __init__(self, module: Any, game: str, options: tuple = ()) -> None:
        self.ui = types.SimpleNamespace(game=game, options=tuple(module.Option(*option) for option in options))
        self.store = None
        self.error: str | None = None
        self.begun: Any = None
        self.shown: Any = None
        self.redraw: Any = None
        self.form = module.SetupForm(self)
        self.form.show_setup()

    def show(self, element: Any, redraw: Any) -> None:
        self.shown, self.redraw = element, redraw

    def show_setup(self, previous: Any = None) -> None:
        self.form.show_setup(previous)

    def begin(self, session: Any) -> None:
        self.begun = session

    def find(self, testid: str) -> Any:
        return self.shown.find(data_testid=testid)

    def choose(self, seat: int, kind: str) -> None:
        """Pick ``kind`` in seat ``seat``'s list, as a person does (the change bubbles to the seats)."""
        select = self.find(f"seat-kind-{seat}")
        select.value = kind
        select.fire("change")

    def players(self, count: int) -> None:
        select = self.find("setup-players")
        select.value = str(count)
        select.fire("change")

    def allow_row(self) -> Any:
        return self.shown.find_all(**{"for": "setup-hints"})[0]

    def deal(self) -> Any:
        return self.shown.find_all(**{"class": "setup-deal"})[0]


class Opened(list):
    """The rooms opened, and each one's Allow hints."""

    def __init__(self) -> None:
        super().__init__()
        self.hints: list[bool] = []


@pytest.fixture
def rooms(monkeypatch):
    """The host's controller, stubbed: each ``open_room`` call's (table, seats, options); ``hints`` its choices."""
    opened = Opened()
    stub = types.ModuleType("pyapp.ui.friends.friends_host")

    def open_room(table: Any, seats: list, options: dict, *, allow_hints: bool) -> None:
        opened.append((table, seats, options))
        opened.hints.append(allow_hints)

    stub.open_room = open_room
    monkeypatch.setitem(sys.modules, "pyapp.ui.friends.friends_host", stub)
    return opened


@pytest.mark.parametrize("game", ["dyad", "triad", "dieci"])
def test_every_seat_offers_a_friend_right_after_person(form_module, game):
    table = Table(form_module, game)
    for seat in range(2):
        options = [o for o in table.find(f"seat-kind-{seat}").children if isinstance(o, fake_dom.Element)]
        assert [o.attrs["value"] for o in options] == ["person", "friend", "easy", "normal", "hard"]
        assert options[1].textContent == "Friend (invite)"
    assert table.find("setup-friends-network").hidden
    set_language("ko")
    try:
        table.redraw()
        assert table.find("seat-kind-1").children[1].textContent == "친구 초대"
    finally:
        set_language("en")


def test_a_friend_seat_takes_no_name_and_no_deal_number_and_asks_about_hints(form_module):
    table = Table(form_module, "dyad")
    table.players(3)
    table.choose(1, "person")
    assert not table.allow_row().hidden  # pass-and-play asks about hints
    name = table.find("seat-name-2")
    name.value = "Bo"
    table.choose(2, "friend")
    assert name.disabled and name.value == "" and name.attrs["placeholder"] == "Invited friend"
    assert not table.allow_row().hidden and table.deal().hidden and table.find("setup-seed").disabled
    table.choose(1, "hard")  # one person here and a friend there: still two people, still asked
    assert not table.allow_row().hidden
    table.choose(1, "person")
    assert not table.find("setup-friends-network").hidden
    assert table.find("setup-friends-network").textContent == t("setup.friends_network")
    table.choose(2, "easy")  # no friend any more: the form is as it was, the name typed back
    assert not name.disabled and name.value == "Bo" and "placeholder" not in name.attrs
    assert not table.allow_row().hidden and not table.deal().hidden and not table.find("setup-seed").disabled
    assert table.find("setup-friends-network").hidden


def test_a_friends_game_with_two_people_here_is_refused_with_its_reason(form_module, rooms):
    table = Table(form_module, "dyad")
    table.players(3)
    table.choose(1, "person")
    table.choose(2, "friend")
    table.find("start").click()
    problem = table.find("setup-problem")
    assert problem.attrs["data-field"] == "seats" and problem.textContent == t("setup.friends_one_person")
    assert rooms == [] and table.begun is None
    assert table.find("seat-kind-2").value == "friend"  # the form shown again keeps the choice


def test_a_deal_number_is_not_taken_for_a_friends_game(form_module, rooms):
    table = Table(form_module, "dieci")
    table.find("setup-seed").value = "42"
    table.choose(1, "friend")
    table.find("start").click()  # the hidden deal number is not read: the room opens
    assert len(rooms) == 1
    form = table.form  # a page made to send one anyway is refused
    form._start_from_form(form_module.Setup(2, (("", "person"), ("", "friend")), {}, "42"))
    problem = table.find("setup-problem")
    assert problem.attrs["data-field"] == "seed" and problem.textContent == t("setup.friends_no_seed")
    assert len(rooms) == 1 and table.begun is None


def test_start_with_a_friend_opens_the_room_with_the_seats_and_options(form_module, rooms):
    table = Table(form_module, "dyad", DYAD_OPTIONS)
    table.players(4)
    table.find("seat-name-0").value = "Ada"
    table.find("seat-name-1").value = "Bo"  # typed, then the seat given to a friend: the friend names themself
    table.choose(1, "friend")
    table.choose(3, "friend")
    table.choose(2, "hard")
    table.shown.find(data_option="cipher").checked = True
    table.find("start").click()
    assert rooms == [(table, [("Ada", "person"), ("", "friend"), ("Player 3", "hard"), ("", "friend")],
                      {"cipher": True, "twos": False})]
    assert table.begun is None


def test_the_person_s_name_is_defaulted_as_in_any_game(form_module, rooms):
    table = Table(form_module, "triad")
    table.choose(1, "friend")
    table.find("start").click()
    assert rooms == [(table, [("Player 1", "person"), ("", "friend")], {})]


def test_allow_hints_is_the_room_s_choice_for_everyone(form_module, rooms):
    table = Table(form_module, "triad")
    table.choose(1, "friend")
    table.find("start").click()
    table.show_setup()
    table.choose(1, "friend")
    table.find("setup-hints").checked = True
    table.find("start").click()
    assert rooms.hints == [False, True]


def test_without_a_friend_start_begins_the_game_here(form_module, rooms):
    table = Table(form_module, "dyad", DYAD_OPTIONS)
    table.find("seat-name-0").value = "Ada"
    table.find("start").click()
    assert rooms == [] and [(seat.name, seat.kind) for seat in table.begun.seats] == [("Ada", "person"),
                                                                                     ("Player 2", "normal")]


def test_a_redraw_keeps_the_friend_seat(form_module):
    table = Table(form_module, "dieci")
    table.players(3)
    table.choose(2, "friend")
    table.redraw()  # a language switch draws the form again from what it holds
    assert table.find("seat-kind-2").value == "friend" and table.find("seat-name-2").disabled
    assert not table.find("setup-friends-network").hidden and table.deal().hidden
    assert table.find("seat-kind-1").value == "normal" and not table.find("seat-name-1").disabled
