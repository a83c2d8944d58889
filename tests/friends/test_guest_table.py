"""A guest plays a whole friends' game on the REAL table screens (fake DOM), drawn only from the views it receives:
it moves by tapping what its table drew, and its table never holds another seat's cards."""

from __future__ import annotations

import random
import re
import sys
import types

import pytest

from pyapp.friends.host import FRIEND, HOST
from pyapp.games import load
from pyapp.friends.remote import RemoteSession
from pyapp.play.table_game import TableGame
from tests import fake_dom
from tests.hidden_cards import hidden_texts
from tests.friends.net import Table as Net

FRAME = {"rules-open", "undo", "hint", "table-slot", "message"}
"""The frame's own controls: tapping them plays no move."""


class Lock:
    """The page's Web Lock, which the fake DOM has none of."""

    def __init__(self, record_id: str) -> None:
        pass

    def hold(self) -> None:
        pass

    def release(self) -> None:
        pass


class Rules:
    """The Rules dialog's button only (its sheet is the router's pages, not this test's)."""

    def __init__(self, root, game, hold) -> None:
        pass

    def button(self):
        return fake_dom.h("button", {"data-testid": "rules-open"}, "Rules")


def real_table(game: str, monkeypatch):
    """The real :class:`pyapp.ui.table.table.Table` over the fake DOM, with the browser-only parts (lock, motion, rules
    sheet, what a redraw keeps, the share's converter) made inert."""
    module = sys.modules[f"pyapp.ui.games.{game}"]
    rules = types.ModuleType("pyapp.ui.shell.rules_sheet")
    rules.RulesSheet = Rules
    monkeypatch.setitem(sys.modules, "pyapp.ui.shell.rules_sheet", rules)
    sys.modules["pyapp.ui.browser.dom"].live_handlers = lambda: 0
    sys.modules["pyscript"].window.pyappMotion = types.SimpleNamespace(before=lambda *a: None, after=lambda *a: None)
    import pyapp.ui.table.ownership as ownership
    import pyapp.ui.table.table as table

    ownership.GameLock = Lock
    table.keep = lambda root, body: types.SimpleNamespace(restore=lambda *a, **k: None)
    root = fake_dom.h("div")
    return root, table.Table(root, module.UI, None)


def words(root) -> list[str]:
    """Every text node and attribute value the table holds."""
    out = []
    for element in root.walk():
        out += list(element.attrs.values())
        out += [child.text for child in element.children if isinstance(child, fake_dom.Text)]
    return out


def check_nothing_hidden(root, host_state, moves: int, seat: int) -> int:
    """No card of another seat's view and no seat of the deal in the guest's table at ``moves``; how many secrets."""
    save = host_state.to_save()
    state = load({**save, "actions": save["actions"][:moves]})
    secret = hidden_texts(state, seat)
    seed = state.seed
    for word in words(root):
        for text in secret:
            pattern = rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])"
            assert not re.search(pattern, word), f"{text!r} of a hidden hand shows on the guest's table: {word[:120]!r}"
        for form in (str(seed), f"{seed:x}", f"{seed:X}"):
            assert form not in word, f"the seed of a game in play shows on the guest's table: {word[:120]!r}"
    return len(secret)


def controls(element) -> list:
    """The enabled elements of the game's drawing that a tap acts on (not the frame's, not a sheet's)."""
    if element.tag == "dialog" or element.attrs.get("data-testid") in FRAME or "sheet-open" in element.attrs.get("class", ""):
        return []
    playable = {"legal", "removable"} & set(element.attrs.get("class", "").split())  # Triad's cells: the board listens
    own = [element] if (element.listeners.get("click") or playable) and not element.disabled else []
    return own + [found for child in element.children if isinstance(child, fake_dom.Element) for found in controls(child)]


@pytest.fixture(autouse=True)
def no_stubs_left():
    """The modules this test stubs or imports over the fake DOM go once it ends (other tests import the real ones)."""
    before = set(sys.modules)
    yield
    for name in set(sys.modules) - before:
        if name.startswith(("pyapp.ui", "pyscript")):
            del sys.modules[name]


@pytest.mark.parametrize(("game", "kinds", "seed"), [
    ("dyad", [HOST, FRIEND, "easy"], 3),
    ("dieci", [HOST, FRIEND, "easy", FRIEND], 5),
    ("triad", [HOST, FRIEND], 7),
])
def test_a_guest_plays_to_the_end_by_its_tables_own_controls_and_sees_no_hidden_card(game, kinds, seed, monkeypatch):
    with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
        summary_key = getattr(module.UI, "summary_key", None)
        net = Net(game, len(kinds), {}, kinds, seed, summary_key=summary_key)
        mine = "g1"
        guest = net.guests[mine]
        net._guest_turn = lambda g: None if g is guest else Net._guest_turn(net, g)  # this guest: its table
        root, table = real_table(game, monkeypatch)
        rng = random.Random(seed)
        shown = None
        taps = secrets = dismissed = 0
        for _ in range(20_000):
            net.step()
            if guest.view is None:
                continue
            if table.session is None:
                session = RemoteSession(guest, record_id="guest-game")
                table.turns.remote = session.remote_seats()
                table.turns.on_dismiss = guest.dismiss
                table.begin(session)
            seen = (guest.view.moves, guest.view.turn, guest.pending is None, guest.record is not None)
            if guest.view.turn < 0 and guest.record is None:
                continue  # the end is drawn with the host's record (its seed), which follows the last view
            if seen != shown:
                table.render()
                shown = seen
                if guest.record is None:
                    secrets += check_nothing_hidden(root, net.host.session.state, guest.view.moves, guest.seat) > 0
            if guest.record is not None:
                break
            body = root.find(**{"class": "table-body"})
            drawn = body.children[0] if body.children else None
            if drawn is None:
                continue
            if drawn.attrs.get("data-acting") != "true":  # the host's computer waits while this summary is open
                choices = [e for e in controls(drawn) if e.attrs.get("data-testid", "").endswith("-dismiss")]
                dismissed += bool(choices)
            else:
                choices = controls(drawn)
            if choices:
                rng.choice(choices).fire("click", detail=1)
                taps += 1
        else:
            raise AssertionError("the guest's game did not end")
        assert guest.verdict is not None and guest.verdict.ok
        assert net.host.session.state.is_terminal()
        status = root.find(**{"data-testid": "status"})
        assert status.attrs["data-turn"] == "over"
        assert taps > 0
        if game == "dyad":  # rounds: a round's summary holds the host's computer (Dieci's one deal ends the game)
            assert dismissed, "a summary held the host's computer and this table's button let it go"
        assert secrets >= 3 or game == "triad", "too few views with hidden cards to check"
        moves = [a for a, actor in zip(net.host.session.state.history, net.host.session.actors) if actor == guest.seat]
        assert moves, "the guest's seat made moves, each from a tap on its own table"


def test_the_hosts_table_shows_a_guests_turn_as_theirs_with_nothing_to_tap(monkeypatch):
    """The host's table over the host's session, ``Turns.remote`` from the host: the guest's turn is another's."""
    with fake_dom.ui_loaded("pyapp.ui.games.dieci"):
        net = Net("dieci", 3, {}, [HOST, FRIEND, "easy"], 11, summary_key=None, lossy=False)
        net.run(until=lambda: net.host.session is not None and net.host.session.to_act() == 1)
        root, table = real_table("dieci", monkeypatch)
        table.turns.remote = net.host.remote()
        table.begin(net.host.session)
        status = root.find(**{"data-testid": "status"})
        assert status.attrs["data-turn"] == "other"
        assert "Guest 1" in status.dump()
        drawn = root.find(**{"class": "table-body"}).children[0]
        assert drawn.attrs["data-acting"] == "false"
        assert not [e for e in controls(drawn) if e.attrs.get("data-playable") == "true"]
        assert table.task is None, "no computer runs for the guest's seat"
        state = net.host.session.state
        assert check_nothing_hidden(root, state, len(state.history), net.host.host_seat) > 0, \
            "the host's table shows the host's view while the guest is to act, no card of the guest's"


def test_the_hosts_session_and_a_guests_both_offer_what_the_table_reads():
    net = Net("dyad", 3, {}, [HOST, FRIEND, "easy"], 2, summary_key=None, lossy=False)
    net.run(until=lambda: net.guests["g1"].view is not None)
    assert isinstance(net.host.session, TableGame)
    assert isinstance(RemoteSession(net.guests["g1"], record_id="guest-game"), TableGame)
    assert not isinstance(object(), TableGame)
