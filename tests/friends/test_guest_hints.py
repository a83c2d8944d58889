"""A guest's hint (issue 33): the host's choice reaches every guest, and each guest's device finds its hint from its
own observation alone: for Dyad and Dieci the very hint the host's engine would give that seat, for Triad a hint of
the same position; a hint is counted on the guest's device, kept across a reload and in its record at the end."""

from __future__ import annotations

import json

import pytest

from pyapp.ai.hint import hint
from pyapp.engine.steps import finish
from pyapp.friends.host import FRIEND, HOST
from pyapp.games import game_class
from pyapp.friends.remote import RemoteSession
from tests.friends.net import Table as Net

SAME = [("dyad", [HOST, FRIEND, "easy"], {}), ("dyad", [HOST, FRIEND, FRIEND, "easy"], {"teams": True}),
        ("dieci", [HOST, FRIEND, "easy", FRIEND], {}), ("dieci", [FRIEND, "easy", HOST, FRIEND, FRIEND, "normal"], {})]
"""Hidden cards: the guest's worlds are drawn from what the host's engine would draw them from, the seat's view."""


def _hinting(net: Net, peer: str, check, limit: int = 8) -> int:
    """Run ``net`` to the end; at the first ``limit`` decisions of ``peer`` with a choice, while its view is the
    host's latest, call ``check(session)`` before it moves.  How many were checked."""
    guest = net.guests[peer]
    checked = [0]

    def turn(other):
        view = other.view
        if (other is guest and view is not None and view.turn == guest.seat and guest.pending is None
                and len(view.legal) > 1 and view.moves == len(net.host.session.state.history) and checked[0] < limit):
            check(RemoteSession(guest, record_id="guest-game"))
            checked[0] += 1
        Net._guest_turn(net, other)

    net._guest_turn = turn
    net.run()
    return checked[0]


@pytest.mark.parametrize(("game", "kinds", "options"), SAME, ids=lambda v: str(v))
def test_a_guests_hint_is_the_one_the_hosts_engine_gives_its_seat(game, kinds, options):
    net = Net(game, len(kinds), options, kinds, 3, allow_hints=True)

    def check(session: RemoteSession) -> None:
        world, seed = session.hint_position()
        assert world is not net.host.session.state
        mine = finish(hint(world, seed=seed, worlds=4))
        assert mine == finish(hint(net.host.session.state, seed=seed, worlds=4))
        assert mine["best"] in session.guest.view.legal

    assert _hinting(net, f"g{kinds.index(FRIEND)}", check) == 8


def test_a_triad_guest_hints_from_the_same_board():
    net = Net("triad", 2, {}, [FRIEND, HOST], 5, allow_hints=True)
    seen: list[str] = []

    def check(session: RemoteSession) -> None:
        world, seed = session.hint_position()
        assert world.board == net.host.session.state.board and world.side_totals() == net.host.session.state.side_totals()
        found = finish(hint(world, seed=seed, worlds=4))
        assert found["best"] in session.guest.view.legal
        seen.append(found["best"])

    assert _hinting(net, "g0", check) == 8 and len(seen) == 8


@pytest.mark.parametrize("allowed", [False, True])
def test_the_hosts_choice_is_every_seats(allowed):
    net = Net("dieci", 3, {}, [HOST, FRIEND, "easy"], 2, allow_hints=allowed)
    net.run(until=lambda: net.guests["g1"].view is not None)
    assert net.host.session.hints == {"allowed": allowed, "used": 0}
    assert RemoteSession(net.guests["g1"], record_id="guest-game").hints == {"allowed": allowed, "used": 0}
    reopened = net.new_host(record=net.host.saved_record())  # the host's page reloaded: the choice is the record's
    assert reopened.allow_hints is allowed


def test_no_hint_when_it_is_not_this_seats_decision_or_the_view_is_not_the_engines():
    net = Net("dyad", 3, {}, [HOST, FRIEND, "easy"], 4, allow_hints=True, lossy=False)
    guest = net.guests["g1"]
    net.run(until=lambda: guest.view is not None and guest.view.turn not in (-1, guest.seat))
    with pytest.raises(ValueError, match="no decision"):
        RemoteSession(guest, record_id="guest-game").hint_position()
    net._guest_turn = lambda other: None if other is guest else Net._guest_turn(net, other)
    net.run(until=lambda: guest.view.turn == guest.seat and guest.pending is None)
    session = RemoteSession(guest, record_id="guest-game")
    world, _ = session.hint_position()
    assert type(world) is game_class("dyad")
    view = guest.view
    for observation, legal in (({**view.observation, "hand": view.observation["hand"][1:]}, view.legal),
                               ({**view.observation, "hand_counts": "x"}, view.legal),
                               (view.observation, [*view.legal[1:], "pass 2C+3C"])):
        guest.view = type(view)(**{**view.__dict__, "observation": observation, "legal": legal})
        with pytest.raises(ValueError):
            session.hint_position()


def test_a_guests_hints_are_counted_kept_across_a_reload_and_in_its_record():
    net = Net("dieci", 3, {}, [HOST, FRIEND, "easy"], 6, allow_hints=True)
    net.run(until=lambda: net.guests["g1"].view is not None and len(net.guests["g1"].log) > 2)
    old = net.guests["g1"]
    session = RemoteSession(old, record_id="guest-game")
    saved: list[dict] = []
    session.kept = lambda: saved.append(json.loads(json.dumps(old.kept())))  # the page keeps it at once
    session.hint_used()
    session.hint_used()
    assert [entry["hints"] for entry in saved] == [1, 2]
    kept = saved[-1]
    fresh = net.add_guest("g1b", "Guest 1", token=old.token)
    fresh.restore(kept, announced=old.announced, log=list(old.log))
    del net.guests["g1"]
    net.run()
    assert RemoteSession(fresh, record_id="guest-game").hints == {"allowed": True, "used": 2}
    record = fresh.saved_record(record_id="guest-game", created=1.0, updated=net.clock())
    assert record["kind"] == "game" and record["hints"] == {"allowed": True, "used": 2}
    assert net.host.saved_record()["hints"] == {"allowed": True, "used": 0}, "the host's count is the host's"
