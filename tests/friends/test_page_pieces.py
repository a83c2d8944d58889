"""What the host's and the guests' pages rely on beyond the protocol's game: the offer a device is told on
reaching the room, a guest's memory across a reload, the host's game saved as it goes, and the turn machine
holding the host's computers for friends still reading a summary (and not for the host's own Rules)."""

from __future__ import annotations

import json

from pyapp.friends.guest import Guest
from pyapp.friends.host import HOST, Host, RoomSeat
from pyapp.friends.signature import public_key, sign, verify
from pyapp.friends.wire import GUEST_TYPES, HOST_TYPES, Offer, Sync, b64, dump, offer_statement, parse, unb64
from pyapp.games import new_game
from pyapp.play import Seat, Session
from pyapp.play.turns import ComputerRuns, Turns, Waiting
from pyapp.registry import FRIEND
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.friends import MAX_SEAT_CHARS, read_seat, kept_seat_text
from pyapp.storage.hints import MAX_HINTS
from pyapp.storage.store import PREFIX
from tests.friends.net import Table as Net


SIGNING = bytes(range(32))


def proof_of(peer: str) -> str:
    return b64(sign(SIGNING, offer_statement("r", peer)))


def signed_offer(seq: int, peer: str, *, room: str = "r", seat: int | None = 2, key: bytes = SIGNING) -> str:
    """An offer as the room's host (``key``) makes it to ``peer``."""
    proof = b64(sign(key, offer_statement(room, peer)))
    return dump(Offer(seq=seq, game="dieci", host="Ada", seat=seat, players=4, proof=proof))


def test_a_device_reaching_the_room_is_offered_the_first_free_seat_and_none_once_the_game_started():
    sent: list[tuple[str, str]] = []
    host = Host(game="dyad", options={}, seats=[RoomSeat(HOST, "Ada"), RoomSeat(FRIEND), RoomSeat("easy", "Bot")],
                send=lambda text, peer: sent.append((text, peer)), clock=lambda: 0.0, source=bytes, room="r",
                signing=SIGNING)
    host.peer_joined("p1")
    offer = parse(sent[-1][0], HOST_TYPES)
    assert (offer.game, offer.host, offer.seat, offer.players, sent[-1][1]) == ("dyad", "Ada", 1, 3, "p1")
    assert verify(public_key(SIGNING), offer_statement("r", "p1"), unb64(offer.proof)), "signed for p1"
    assert not verify(public_key(SIGNING), offer_statement("r", "p2"), unb64(offer.proof)), "for p1 only"
    host.receive(dump(Sync(seq=1)), "p2")  # a device that missed its offer asks with a sync
    assert parse(sent[-1][0], HOST_TYPES).seat == 1 and sent[-1][1] == "p2"
    host.give_to_computer(1, "easy")
    host.peer_joined("p3")
    assert parse(sent[-1][0], HOST_TYPES).seat is None


def test_a_guest_takes_the_hosts_offer_before_its_welcome_and_asks_again_while_none_came():
    now = [0.0]
    out: list[str] = []
    guest = Guest(room="r", secret="s", name="Bo", send=out.append, clock=lambda: now[0], timeout=2.0,
                  key=public_key(SIGNING))
    guest.self_id = "me"
    now[0] = 2.0
    guest.tick()
    assert parse(out[-1], GUEST_TYPES) == Sync(seq=1) and guest.pending is None
    guest.receive(signed_offer(1, "me"))
    assert guest.offer is not None and guest.offer.seat == 2 and guest.seat is None
    now[0] = 10.0
    guest.tick()
    assert len(out) == 1, "an offer heard: nothing more until the person joins"
    guest.new_host()  # a new link to the host: its numbering starts again
    guest.receive(signed_offer(1, "me"))
    assert guest.offer.seq == 1


def test_another_guest_cannot_pose_as_the_host():
    """Every guest has the link (room and secret), none has the host's key: an offer it makes, or one the host made
    to it and it passes on, is refused, and does not spend the host's message numbers."""
    guest = Guest(room="r", secret="s", name="Bo", send=lambda text: None, clock=lambda: 0.0, key=public_key(SIGNING))
    guest.self_id = "me"
    genuine = proof_of("me")
    changed = ("B" if genuine[0] == "A" else "A") + genuine[1:]
    forged = [signed_offer(5, "me", key=bytes(32)),           # signed, but not with the invite's key
              signed_offer(6, "other"),                        # the host's, made to another device
              signed_offer(7, "me", room="another-room"),      # the host's, for another room
              dump(Offer(seq=8, game="dieci", host="Ada", seat=2, players=4, proof=changed)),  # one character changed
              dump(Offer(seq=9, game="dieci", host="Ada", seat=2, players=4, proof=""))]
    for text in forged:
        guest.receive(text)
    assert guest.offer is None and guest.forged == len(forged)
    guest.receive(signed_offer(1, "me"))
    assert guest.offer is not None and guest.offer.seq == 1 and guest.forged == len(forged)


def test_a_reloaded_guest_keeps_what_its_audit_needs_and_passes_it():
    """The guest reloads after the deal: a new Guest from what the page kept passes the end's audit."""
    net = Net("dieci", 3, {}, [HOST, FRIEND, "easy"], 4)
    net.run(until=lambda: net.guests["g1"].view is not None and len(net.guests["g1"].log) > 3)
    old = net.guests["g1"]
    kept = json.loads(json.dumps(old.kept()))  # as the page stores it
    fresh = net.add_guest("g1b", "Guest 1", token=old.token)
    fresh.restore(kept, announced=old.announced, log=list(old.log))
    del net.guests["g1"]
    net.host.peer_left("g1")
    net.run()
    assert fresh.verdict is not None and fresh.verdict.ok, fresh.verdict
    lost = Guest(room=old.room, secret=old.secret, name="x", send=lambda text: None, clock=lambda: 0.0,
                 key=old.key)
    lost.restore({"value": "zz", "own": 5, "restarts": True, "commitments": {"x": "y", "0": "no"}},
                 announced=None, log=[])
    assert (lost.value, lost.own_commitment, lost.committed_restarts, lost.commitments) == (None, None, None, {})


def test_the_largest_kept_seat_fits_the_guards_bound_and_reads_back():
    """Eight seats' commitments, the hints asked and a 24-letter name of emoji (the join field's most): kept in
    fewer UTF-16 units (what ``web/guard.js`` measures) than the bound, with room to spare, and read back whole."""
    net = Net("dieci", 8, {}, [HOST] + [FRIEND] * 7, 1, lossy=False)
    net.run(until=lambda: all(guest.view is not None for guest in net.guests.values()))
    guest = net.guests["g7"]
    guest.hints_used = MAX_HINTS
    name = "\U0001F600" * 24
    text = kept_seat_text(token=guest.token, name=name, created=8.64e12 - 0.123456789, protocol=guest.kept())
    units = len(text.encode("utf-16-le")) // 2
    print(f"\n[friends] the largest kept seat: {units} of {MAX_SEAT_CHARS} units")
    assert units <= MAX_SEAT_CHARS - 50, f"{units} units: too close to the guard's {MAX_SEAT_CHARS}"
    kept = read_seat(text)
    assert kept["name"] == name and kept["token"] == guest.token and kept["protocol"] == guest.kept()
    assert len(kept["protocol"]["commitments"]) == 8


def test_the_hosts_game_is_saved_with_every_move_and_reopens_from_the_store():
    store = SaveStore(MemoryBackend())
    net = Net("dyad", 3, {}, [HOST, FRIEND, "easy"], 9)
    net.host = net.new_host([RoomSeat(HOST, "Host"), RoomSeat(FRIEND), RoomSeat("easy")])
    net.host.store = store
    net.guests.clear()
    net.add_guest("g1", "Guest 1")
    net.run(until=lambda: net.host.session is not None and len(net.host.session.state.history) >= 5)
    session = net.host.session
    record, state = store.read(net.host.record_id)
    assert len(state.history) == len(session.state.history) and record["room_keys"]["secret"] == net.host.secret
    assert session.undo_steps() == 0
    resumed = Session.resume(store, net.host.record_id, claim=False)
    assert resumed.hosted, "a hosted game read back is taken up as a room, never alone"
    again = Host.restore(record, send=lambda text, peer: None, clock=net.clock, store=store)
    assert again.session is not None and len(again.session.state.history) == len(state.history)
    assert again.away() == [1]
    assert store.backend.get(PREFIX + net.host.record_id) is not None


def test_the_hosts_computers_wait_for_friends_reading_and_not_for_the_hosts_rules():
    state = new_game("dyad", seed=2, players=3)
    session = Session(state, [Seat("A"), Seat("B"), Seat("C", "easy")])
    while session.to_act() != 2:
        session.apply(session.to_act(), state.legal_actions()[0])
    readers: list[int] = [1]
    turns = Turns(hidden_hands=True)
    turns.remote = frozenset({1})
    turns.readers = lambda: readers
    turns.begin(session)
    assert turns.now() == Waiting("reading", "read", 2) and turns.computers_play()
    readers.clear()
    turns.hold(True)
    assert isinstance(turns.now(), ComputerRuns), "the host's Rules hold only the host's own decisions"
    turns.remote = frozenset()
    assert turns.now() == Waiting("held", "rules-close", 2)


def test_a_guests_tap_while_its_rejoin_is_unanswered_is_dropped_not_refused():
    from pyapp.friends.remote import RemoteSession

    net = Net("triad", 2, {}, [HOST, FRIEND], 3, lossy=False)
    guest = net.guests["g1"]
    net._guest_turn = lambda g: None  # this test plays the guest's seat
    net.run(until=lambda: guest.view is not None and guest.view.turn == guest.seat and guest.pending is None)
    session = RemoteSession(guest, record_id="guest-x")
    move = guest.view.legal[0]
    guest.rejoin()  # the link came back: its join is in flight
    sent = len(net.net.queue)
    session.play(move)
    assert len(net.net.queue) == sent, "nothing sent on an old view"
    net.run(until=lambda: guest.pending is None)
    session.play(move)
    assert guest.pending is not None, "once answered, the tap is a move"
