"""Bad peers get nothing and change nothing; links drop and come back; the host reopens from its record."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.friends.guest import Guest
from pyapp.friends.host import FRIEND, HOST, PLAY, Host, RoomSeat
from pyapp.friends.wire import GUEST_TYPES, MAX_CHARS, Act, BadMessage, Deal, Join, Welcome, dump, parse
from pyapp.storage.records import decode_record, encode_record
from tests import fake_dom
from tests.friends.net import Table, byte_source, expected_views, is_subsequence, kept

KINDS = [HOST, FRIEND, "random", FRIEND]


@pytest.fixture(scope="module")
def dieci_key():
    with fake_dom.ui_loaded("pyapp.ui.games.dieci") as module:
        yield module.UI.summary_key


def table(key, seed: int = 5, lossy: bool = True) -> Table:
    return Table("dieci", 4, {}, KINDS, seed, summary_key=key, lossy=lossy)


def garbage(rng: random.Random, table: Table) -> list[str]:
    """Hostile texts: oversized, deep, not JSON, wrong schemas, unknown types, joins without the secret."""
    room = table.host.room
    return [
        "x" * (MAX_CHARS + 1),
        "[" * 5000 + "]" * 5000,
        bytes(rng.randrange(256) for _ in range(64)).decode("latin-1"),
        '{"v":1,"t":"act","seq":1,"action":"x"}',
        '{"v":1,"t":"act","seq":1,"action":7,"moves":0}',
        '{"v":1,"t":"act","seq":1,"action":"x","moves":0,"seat":2}',
        '{"v":1,"t":"shout","seq":1}',
        '{"v":2,"t":"sync","seq":1}',
        '{"v":1,"t":"sync","seq":-4}',
        '{"v":1,"t":"commit","seq":1,"commitment":"zz"}',
        '[1e999]',
        json.dumps({"v": 1, "t": "join", "seq": 1, "room": room, "secret": "guess", "name": "x", "token": None}),
        json.dumps({"v": 1, "t": "join", "seq": 1, "room": room, "secret": table.host.secret, "name": "x",
                    "token": "0" * 24}),
    ]


def test_hostile_peers_change_nothing(dieci_key):
    calm, noisy = table(dieci_key, lossy=False), table(dieci_key, lossy=False)
    calm.run()
    rng = random.Random(9)
    captured: list[str] = []
    original = noisy.net.send

    def tap(source, target, text):
        if target == "host" and '"t":"join"' not in text:  # a join replayed elsewhere is a guest with the link
            captured.append(text)
        original(source, target, text)

    noisy.net.send = tap
    for step in range(5_000):
        if noisy.finished():
            break
        noisy.step()
        for attacker in ("evil", "uninvited"):
            for text in garbage(rng, noisy) if step % 7 == 0 else []:
                noisy.host.receive(text, attacker)
            if captured:  # a guest's real messages, replayed from another link
                noisy.host.receive(rng.choice(captured), attacker)
        for _ in range(100 if step % 50 == 0 else 0):  # a flood
            noisy.host.receive('{"v":1,"t":"sync","seq":1}', "flood")
    assert noisy.finished()
    assert noisy.host.refused > 300
    assert kept(noisy.host) == kept(calm.host)
    for peer in calm.guests:
        assert noisy.guests[peer].log == calm.guests[peer].log
    for peer in ("evil", "uninvited"):  # at most the offer any device that reaches the room is told (a sync asks it)
        answers = {json.loads(text)["t"] for text in noisy.net.received.get(peer, [])}
        assert answers <= {"offer"}, f"{peer} got {answers}"


def started(key) -> Table:
    """A lossless table in play (every seat known)."""
    t = table(key, lossy=False)
    t.run(until=lambda: t.host.phase == PLAY and all(g.view is not None for g in t.guests.values()))
    return t


def answers(t: Table, peer: str) -> list[dict]:
    """What the host has queued for ``peer`` (a lossless net delivers it at the next step)."""
    return [json.loads(text) for _, _, _, target, text in sorted(t.net.queue) if target == peer]


def test_another_seats_action_stale_and_illegal_actions_are_refused(dieci_key):
    t = started(dieci_key)
    host = t.host
    state = host.session.state
    turn = state.current_player()
    before = kept(host)
    legal = [str(a) for a in state.legal_actions()]
    moves = len(state.history)
    other = next(peer for peer, g in t.guests.items() if g.seat != turn)
    host.receive(dump(Act(seq=100, action=legal[0], moves=moves)), other)
    refused = [m["reason"] for m in answers(t, other) if m["t"] == "refused"]
    assert refused == ["it is not your turn"]
    actor = next((peer for peer, g in t.guests.items() if g.seat == turn), None)
    if actor is not None:
        host.receive(dump(Act(seq=100, action=legal[0], moves=moves + 3)), actor)
        host.receive(dump(Act(seq=101, action="zz", moves=moves)), actor)
        refused = [m["reason"] for m in answers(t, actor) if m["t"] == "refused"]
        assert refused[0] == "the table has moved on" and len(refused) == 2 and refused[1]
    assert kept(host) == before


def test_replayed_and_old_sequence_numbers_are_ignored(dieci_key):
    t = started(dieci_key)
    host = t.host
    peer, guest = next(iter(t.guests.items()))
    before, old = kept(host), host.refused
    for seq in range(1, guest.seq):
        host.receive(dump(Act(seq=seq, action="x", moves=0)), peer)
    assert host.refused == old + guest.seq - 1
    assert kept(host) == before
    assert not [m for m in answers(t, peer) if m["t"] == "refused"]


def test_a_guest_sees_waiting_then_rejoins_with_its_token(dieci_key):
    t = table(dieci_key)
    t.run(until=lambda: t.host.phase == PLAY and len(t.host.session.state.history) > 12)
    peer = "g1"
    seat, token = t.guests[peer].seat, t.guests[peer].token
    t.net.down.add(peer)
    t.host.peer_left(peer)
    del t.guests[peer]
    t.run(until=lambda: any(g.view and seat in g.view.away for g in t.guests.values()))
    t.net.down.discard(peer)
    back = t.add_guest("g1-again", "Guest 1", token=token)
    t.run()
    assert back.seat == seat and back.record is not None
    assert is_subsequence(back.log, expected_views(back.record, seat))


def test_an_unknown_token_or_a_wrong_secret_gets_nothing(dieci_key):
    t = started(dieci_key)
    t.host.receive(dump(Join(seq=1, room=t.host.room, secret="nope", name="x", token=None)), "p")
    t.host.receive(dump(Join(seq=1, room=t.host.room, secret=t.host.secret, name="x", token="ab" * 12)), "q")
    t.host.receive(dump(Join(seq=1, room=t.host.room, secret=t.host.secret, name="x", token=None)), "r")
    for _ in range(20):
        t.step()
    assert not {"p", "q", "r"} & set(t.net.received)


def test_an_away_seat_goes_to_a_computer_and_a_removed_guest_is_told(dieci_key):
    t = table(dieci_key, lossy=False)
    t.run(until=lambda: t.host.phase == PLAY)
    t.host.deadlines.away = 5.0
    t.net.down.add("g1")
    t.host.peer_left("g1")
    seat = t.guests.pop("g1").seat
    t.run(until=lambda: t.host.seats[seat].kind != FRIEND)
    t.host.remove(t.guests["g3"].seat)
    t.step()
    assert t.guests["g3"].removed
    t.run()
    assert t.host.session.state.is_terminal()


def test_the_host_reopens_from_its_saved_record_and_guests_rejoin(dieci_key):
    t = table(dieci_key)
    t.run(until=lambda: t.host.phase == PLAY and len(t.host.session.state.history) > 20)
    saved, _ = decode_record(encode_record(t.host.saved_record()))  # as stored, and read back
    moves = saved["game"]["actions"]
    t.net.queue.clear()
    t.host = t.new_host(record=saved)
    assert t.host.away() == [seat for seat, kind in enumerate(KINDS) if kind == FRIEND]
    for guest in t.guests.values():
        guest.rejoin()
    t.run()
    record = t.host.final_record()
    assert record["game"]["actions"][:len(moves)] == moves and "room_keys" not in record
    for guest in t.guests.values():
        assert guest.record == record and guest.verdict.ok
        assert is_subsequence(guest.log, expected_views(record, guest.seat))


def test_a_seat_that_never_reveals_is_played_by_a_computer(dieci_key):
    t = table(dieci_key, lossy=False)
    t.run(until=lambda: t.host.phase == "reveal")
    t.net.down.add("g3")
    t.run(until=lambda: t.host.phase == PLAY)
    seat = t.guests["g3"].seat
    assert t.host.seats[seat].kind != FRIEND and t.host.values[seat] is None
    del t.guests["g3"]
    t.run()


def test_the_parser_refuses_before_reading():
    with pytest.raises(BadMessage, match="too large"):
        parse("{" + " " * MAX_CHARS + "}", GUEST_TYPES)
    with pytest.raises(BadMessage, match="nested"):
        parse('{"v":1,"t":"act","seq":1,"action":' + "[" * 20 + "]" * 20 + ',"moves":0}', GUEST_TYPES)
    with pytest.raises(BadMessage, match="unknown type"):
        parse('{"v":1,"t":"view","seq":1}', GUEST_TYPES)  # a host's message from a guest
    with pytest.raises(BadMessage, match="seq"):
        parse('{"v":1,"t":"sync","seq":true}', GUEST_TYPES)


def test_rooms_need_one_host_seat():
    with pytest.raises(ValueError):
        Host(game="dieci", options={}, seats=[RoomSeat(FRIEND), RoomSeat(FRIEND)], send=print, clock=float,
             source=byte_source(random.Random(1)))


def test_a_guest_keeps_its_value_when_its_commitment_is_not_the_one_it_sent():
    sent: list[str] = []
    guest = Guest(room="r", secret="s", name="A", send=sent.append, clock=lambda: 0.0, key=bytes(32),
                  source=byte_source(random.Random(3)))
    guest.join()
    guest.receive(dump(Welcome(seq=1, seat=1, token="t" * 24, game="dieci", options={}, names=["H", "A"], host=0,
                               hints=False, ack=1)))
    guest.receive(dump(Deal(seq=2, phase="commit", restarts=0, commitments={}, ack=1)))
    assert json.loads(sent[-1])["t"] == "commit"
    guest.receive(dump(Deal(seq=3, phase="reveal", restarts=0, commitments={"1": "0" * 64}, ack=2)))
    assert guest.cheated and json.loads(sent[-1])["t"] == "commit"
    guest.receive("{not json")
    guest.receive(dump(Deal(seq=3, phase="reveal", restarts=0, commitments={"1": guest.own_commitment}, ack=2)))
    assert json.loads(sent[-1])["t"] == "commit", "an old sequence number is ignored"
