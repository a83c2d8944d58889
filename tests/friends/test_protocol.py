"""The friends' protocol over a lossy in-memory network: every game and player count finishes, each guest sees
exactly its own view, the seed follows the rule and stays unknown to guests until the end."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.games.testing import configurations
from pyapp.deals import commitment
from pyapp.friends.host import FRIEND, HOST
from tests import fake_dom
from tests.friends.net import HEX32, Table, before_record, expected_views, is_subsequence

SUMMARY = {}


@pytest.fixture(scope="module", autouse=True)
def summary_keys():
    """The real screens' summary keys (the page hands its ``GameUI.summary_key`` to the host)."""
    for game in ("dyad", "dieci"):
        with fake_dom.ui_loaded(f"pyapp.ui.games.{game}") as module:
            SUMMARY[game] = module.UI.summary_key
    yield


def cases() -> list[tuple[str, int, dict, int]]:
    """Every game, player count and option set; the guests' number cycles through 1..players-1 (at most 7)."""
    out = []
    for game in ("dyad", "triad", "dieci"):
        for index, (players, options) in enumerate(configurations(game)):
            if options.get("twos") or options.get("cipher"):
                continue  # the rule variants change nothing the protocol sees; a sweep below plays them
            out.append((game, players, options, 1 + index % (players - 1)))
    return out


def kinds_for(players: int, guests: int, rng: random.Random) -> list[str]:
    kinds = [HOST] + [FRIEND] * guests + ["random"] * (players - 1 - guests)
    rest = kinds[1:]
    rng.shuffle(rest)
    return [kinds[0], *rest] if rng.random() < 0.5 else [*rest[:1], kinds[0], *rest[1:]]


def summary_of(game: str):
    key = SUMMARY.get(game)
    return key


def play(game: str, players: int, options: dict, guests: int, seed: int) -> Table:
    kinds = kinds_for(players, guests, random.Random(seed))
    table = Table(game, players, options, kinds, seed, summary_key=summary_of(game))
    table.run()
    return table


def check_table(table: Table) -> None:
    record = table.guests[next(iter(table.guests))].record
    assert record == table.host.final_record()
    block = record["friends"]
    values = {int(seat): value for seat, value in block["values"].items()}
    commitments = {int(seat): digest for seat, digest in block["commitments"].items()}
    assert commitment.mismatched(block["room"], commitments, values) == []
    assert record["game"]["seed"] == commitment.seed_of(block["room"], commitments, values)
    seed = str(record["game"]["seed"])
    for peer, guest in table.guests.items():
        assert guest.record == record and guest.verdict.ok, (peer, guest.verdict)
        views = expected_views(record, guest.seat)
        assert is_subsequence(guest.log, views), peer
        assert guest.log, peer
        texts = before_record(table.net.received[peer])
        allowed = {guest.value, guest.token}
        for text in texts:
            assert seed not in text
            assert set(HEX32.findall(text)) <= allowed, "a value (or another seat's token) reached a guest"
        seen = [json.loads(t) for t in texts if json.loads(t)["t"] == "view"]
        wanted = {json.dumps(entry, sort_keys=True) for entry in expected_views(record, guest.seat)}
        for body in seen:
            entry = {"observation": body["observation"], "legal": body["legal"]}
            assert json.dumps(entry, sort_keys=True) in wanted, "not this seat's view"


QUICK = {("dyad", 3), ("triad", 2), ("dieci", 4)}
"""The sweep's cases run by default (the whole sweep is ``slow``: about 90 s here)."""


@pytest.mark.parametrize("game,players,options,guests", [
    pytest.param(*case, marks=() if case[:2] in QUICK else pytest.mark.slow) for case in cases()])
def test_every_game_finishes_over_a_lossy_net(game, players, options, guests):
    table = play(game, players, options, guests, seed=players * 7 + guests)
    check_table(table)
