"""A guest plays a whole friends' game on the REAL table screens (fake DOM), drawn only from the views it receives:
it moves by tapping what its table drew, and its table never holds another seat's cards."""

from __future__ import annotations

import random
import sys
import types

import pytest

from pyapp.friends.host import FRIEND, HOST
from pyapp.games import load
from pyapp.play.remote import RemoteSession
from tests import fake_dom
from tests.friends.net import Table as Net

FRAME = {"rules-open", "undo", "score-sheet-open", "hint"}
"""The frame's own controls and the sheets: tapping them plays no move."""


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


def real_table(game: str):
    """The real :class:`pyapp.ui.table.Table` over the fake DOM, with the browser-only parts (lock, motion, rules
    sheet, what a redraw keeps) made inert."""
    module = sys.modules[f"pyapp.ui.{game}"]
    rules = types.ModuleType("pyapp.ui.rules_sheet")
    rules.RulesSheet = Rules
    sys.modules["pyapp.ui.rules_sheet"] = rules
    sys.modules["pyapp.ui.dom"].live_handlers = lambda: 0
    sys.modules["pyscript"].window.pyappMotion = types.SimpleNamespace(before=lambda *a: None, after=lambda *a: None)
    import pyapp.ui.ownership as ownership
    import pyapp.ui.table as table

    ownership.GameLock = Lock
    table.keep = lambda root, body: types.SimpleNamespace(restore=lambda *a, **k: None)
    root = fake_dom.h("div")
    return root, table.Table(root, module.UI, None)


def hidden_cards(host_state, moves: int, seat: int) -> set[str]:
    """The cards no one but their holder may see after ``moves`` actions: the other seats' hands and the stock."""
    save = host_state.to_save()
    state = load({**save, "actions": save["actions"][:moves]})
    cards = {card for other, hand in enumerate(state.hands) if other != seat for card in hand}
    return cards | set(getattr(state, "rest", ()))


def controls(root) -> list:
    """The enabled elements of the game's drawing that a tap acts on."""
    return [e for e in root.walk() if e.listeners.get("click") and not e.disabled
            and e.attrs.get("data-testid") not in FRAME and "sheet" not in e.attrs.get("class", "")
            and e.attrs.get("class") != "table-body"]


@pytest.mark.parametrize(("game", "kinds", "seed"), [
    ("dyad", [HOST, FRIEND, "easy"], 3),
    ("dieci", [HOST, FRIEND, "easy", FRIEND], 5),
    ("triad", [HOST, FRIEND], 7),
])
def test_a_guest_plays_to_the_end_by_its_tables_own_controls_and_sees_no_hidden_card(game, kinds, seed):
    with fake_dom.ui_loaded(f"pyapp.ui.{game}") as module:
        net = Net(game, len(kinds), {}, kinds, seed, summary_key=module.UI.summary_key)
        mine = "g1"
        guest = net.guests[mine]
        others = net._guest_turn
        net._guest_turn = lambda g: others(g) if g is not guest else dismiss_only(g)

        def dismiss_only(g) -> None:
            """Only the summaries: a guest's table offers no dismiss while another seat is to act (see the report)."""
            view = g.view
            if view is not None and g.pending is None and g.record is None and g.seat in view.summaries:
                key = module.UI.summary_key(view.observation)
                if key is not None:
                    g.dismiss(key)

        root, table = real_table(game)
        rng = random.Random(seed)
        shown = None
        taps = 0
        for _ in range(40_000):
            net.step()
            if guest.view is None:
                continue
            if table.session is None:
                session = RemoteSession(guest, record_id="guest-game")
                table.turns.remote = session.remote_seats()
                table.begin(session)
            seen = (guest.view.moves, guest.view.turn, guest.pending is None, guest.record is not None)
            if guest.view.turn < 0 and guest.record is None:
                continue  # the end is drawn with the host's record (its seed), which follows the last view
            if seen != shown:
                table.render()
                shown = seen
                html = root.dump()
                if game != "triad":
                    for card in hidden_cards(net.host.session.state, guest.view.moves, guest.seat):
                        if guest.record is None:
                            assert f'data-card="{card}"' not in html and f'data-played="{card}"' not in html
                        assert f">{card}<" not in html or guest.record is not None
            if guest.record is not None:
                break
            body = root.find(**{"class": "table-body"})
            drawn = body.children[0] if body.children else None
            if drawn is None or drawn.attrs.get("data-acting") != "true":
                continue
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
        moves = [a for a, actor in zip(net.host.session.state.history, net.host.session.actors) if actor == guest.seat]
        assert moves, "the guest's seat made moves, each from a tap on its own table"
