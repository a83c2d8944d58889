"""One record from start to end: the host saves the storage record, reopens from it mid-game and finishes; every
guest keeps its own record, audits the host's at the end and keeps that in its place; a tampering host is caught."""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from pyapp.games.testing import configurations
from pyapp.deals import commitment
from pyapp.friends.guest import Guest
from pyapp.friends.host import FRIEND, HOST, PLAY, Host
from pyapp.games import new_game
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.versions import GuestRecord
from tests.friends.net import Table, expected_views, is_subsequence
from tests.friends.test_protocol import QUICK, kinds_for, summary_keys, summary_of

__all__ = ["summary_keys"]  # the module fixture that loads the real screens' summary keys

CASES = [(game, players, options) for game in ("dyad", "triad", "dieci")
         for players, options in configurations(game) if not (options.get("twos") or options.get("cipher"))]


def _table(game: str, players: int, options: dict, seed: int) -> Table:
    kinds = kinds_for(players, min(players - 1, 3), random.Random(seed))
    return Table(game, players, options, kinds, seed, summary_key=summary_of(game))


def _keep(store: SaveStore, record: dict) -> dict:
    """``record`` written over what ``store`` holds under its id, and read back (``check_record`` on the way)."""
    stored = store.revisions(record["id"])
    store.write(record, expect=None if stored is None else stored[0])
    try:
        return store.read(record["id"])[0]
    except GuestRecord as kept:
        return kept.record


def _guest_records(table: Table, stores: dict[str, SaveStore]) -> dict[str, dict]:
    out = {}
    for peer, guest in table.guests.items():
        record = guest.saved_record(record_id=f"{peer}-game", created=1.0, updated=table.clock())
        assert record is not None, peer
        out[peer] = _keep(stores[peer], record)
    return out


@pytest.mark.parametrize("game,players,options", [
    pytest.param(*case, marks=() if case[:2] in QUICK else pytest.mark.slow) for case in CASES])
def test_saved_reopened_audited_and_completed(game, players, options):
    t = _table(game, players, options, seed=players * 11)
    host_store = SaveStore(MemoryBackend())
    stores = {peer: SaveStore(MemoryBackend()) for peer in t.guests}
    t.run(until=lambda: t.host.phase == PLAY and len(t.host.session.state.history) >= 4
          and all(guest.view is not None for guest in t.guests.values()))
    for peer, record in _guest_records(t, stores).items():
        assert record["kind"] == "guest" and record["guest"]["seat"] == t.guests[peer].seat

    saved = _keep(host_store, t.host.saved_record())
    assert saved["room_keys"]["secret"] == t.host.secret and saved["device_seat"] == t.host.host_seat
    moves = list(saved["game"]["actions"])
    t.net.queue.clear()  # the host's page closed: what was on the way is lost
    t.host = t.new_host(record=saved)
    for guest in t.guests.values():
        guest.rejoin()
    t.run()

    final = t.host.final_record()
    assert final["game"]["actions"][:len(moves)] == moves and "room_keys" not in final
    assert _keep(host_store, t.host.saved_record())["finished"]
    for peer, record in _guest_records(t, stores).items():
        guest = t.guests[peer]
        assert guest.verdict is not None and guest.verdict.ok, (peer, guest.verdict.findings)
        assert guest.verdict.matched == len(guest.log)
        assert is_subsequence(guest.log, expected_views(final, guest.seat))
        assert record["kind"] == "game" and record["id"] == f"{peer}-game" and record["finished"]
        assert record["device_seat"] == guest.seat and record["room_keys"] is None
        assert record["game"] == final["game"] and record["friends"] == final["friends"]


def _dieci() -> Table:
    return Table("dieci", 4, {}, [HOST, FRIEND, "random", FRIEND], 31, summary_key=summary_of("dieci"), lossy=False)


def _tamper(host: Host, change) -> None:
    """``host`` sends every guest its record changed by ``change`` (on a copy)."""
    honest = host.final_record
    host.final_record = lambda: change(copy.deepcopy(honest()))  # type: ignore[method-assign]


def _other_legal_action(record: dict) -> dict:
    save = record["game"]
    state = new_game(save["game"], seed=save["seed"], players=save["players"], **save["options"])
    for index, text in enumerate(save["actions"]):
        others = [str(action) for action in state.legal_actions() if str(action) != text]
        if others:
            save["actions"][index] = others[0]
            return record
        state.apply_action(text)
    raise AssertionError("no decision had a choice")


def _host_value(record: dict) -> dict:
    """The host's value swapped for another, its commitment recomputed to match (so only what guests saw tells)."""
    block, seat = record["friends"], str(record["device_seat"])
    block["values"][seat] = "ab" * commitment.VALUE_BYTES
    block["commitments"][seat] = commitment.commit(block["room"], int(seat), block["values"][seat])
    return record


def _guest_value(record: dict) -> dict:
    block = record["friends"]
    seat = next(key for key in block["values"] if key != str(record["device_seat"]))
    block["values"][seat] = "cd" * commitment.VALUE_BYTES
    return record


@pytest.mark.parametrize("change,found", [
    (_other_legal_action, {"observation_unmatched", "illegal", "legal_differs", "fingerprint_differs"}),
    (_host_value, {"commitments_changed"}),
    (_guest_value, {"commitments_differ"}),
], ids=["action", "host-value", "guest-value"])
def test_a_tampered_record_is_caught_and_not_kept(change, found):
    t = _dieci()
    _tamper(t.host, change)
    t.run()
    for peer, guest in t.guests.items():
        keys = {finding.key for finding in guest.verdict.findings}
        assert keys & found, (peer, keys)
        kept = guest.saved_record(record_id="g", created=1.0, updated=2.0)
        assert kept["kind"] == "guest", "a record that failed its audit does not replace the guest's"


def test_a_forged_observation_mid_game_is_caught_by_that_guest_only():
    t = _dieci()
    honest = t.host._view
    forged: list[int] = []

    def view(link, summaries):
        sent = honest(link, summaries)
        if link.seat == t.guests["g1"].seat and not forged and sent.moves >= 3:
            forged.append(sent.moves)
            return dataclasses.replace(sent, observation={**sent.observation, "forged": True})
        return sent

    t.host._view = view  # type: ignore[method-assign]
    t.run()
    assert forged
    assert "observation_unmatched" in {finding.key for finding in t.guests["g1"].verdict.findings}
    assert t.guests["g3"].verdict.ok


def test_a_guest_before_its_first_view_keeps_nothing():
    guest = Guest(room="r", secret="s", name="A", send=lambda text: None, clock=lambda: 0.0, key=bytes(32))
    assert guest.saved_record(record_id="g", created=0.0, updated=0.0) is None
