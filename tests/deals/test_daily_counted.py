"""The deal of the day's counted try is named in its record too, so no day is counted twice (issue 47).

Through the real flow (:func:`pyapp.play.daily.count_try`, the one the
table's Start calls) and the real store: the log damaged, set aside or lost,
a second start of the day's deal is practice, and the log gets the first try
back (with its result when it is over).  An imported file never brings the mark.
"""

from __future__ import annotations

import json
import random
from datetime import date

import pytest

from pyapp.deals.daily import deal_of
from pyapp.play import Seat
from pyapp.play.daily import DailySession, count_try, load_log, result_of
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.aside import asides, set_aside
from pyapp.storage.daily import DAILY_KEY, load_daily
from pyapp.storage.store import PREFIX
from pyapp.storage.transfer import export_text, import_file

DEAL = deal_of(date(2026, 12, 2))


def _start(store: SaveStore) -> DailySession:
    """What the table's Start does for the day's deal (pyapp.ui.table.known_deal.start_daily, without the table)."""
    seats = [Seat(f"Seat {n + 1}", kind) for n, kind in enumerate(DEAL.kinds)]
    session = DailySession.start(DEAL.game, seats, seed=DEAL.seed, store=store, allow_hints=False, known_deal=True,
                                 **DEAL.options)
    session.deal = DEAL
    count_try(store, session, DEAL)
    return session


def _stored(store: SaveStore, session: DailySession) -> dict:
    return json.loads(store.backend.get(PREFIX + session.record_id))


def _play_out(session: DailySession) -> None:
    rng = random.Random(336)
    while not session.state.is_terminal():
        session.state.apply_action(rng.choice(session.state.legal_actions()))
    session.save()


def test_the_first_start_is_counted_in_the_log_and_in_its_record():
    store = SaveStore(MemoryBackend())
    first, second = _start(store), _start(store)
    assert first.counted and not second.counted
    assert _stored(store, first)["daily"] == DEAL.key and _stored(store, second)["daily"] is None
    assert load_log(store).counted(first.record_id) == DEAL.key


@pytest.mark.parametrize("harm", ["damaged", "set aside", "removed"])
def test_a_second_start_is_practice_also_when_the_log_is_harmed(harm):
    store = SaveStore(MemoryBackend())
    first = _start(store)
    if harm == "damaged":
        store.backend.set(DAILY_KEY, '{"version": 2, "days": ')
    elif harm == "set aside":
        set_aside(store.backend, DAILY_KEY, "large", now=1.0)
        store.backend.set(next(item.key for item in asides(store.backend)), "[" * 100)  # unreadable: stays aside
    else:
        store.backend.remove(DAILY_KEY)
    second = _start(store)
    assert not second.counted and _stored(store, second)["daily"] is None
    assert load_daily(store.backend).counted(first.record_id) == DEAL.key  # the log has the first try back


def test_a_finished_try_put_back_keeps_its_result_and_the_streak():
    store = SaveStore(MemoryBackend())
    first = _start(store)
    _play_out(first)
    store.backend.remove(DAILY_KEY)
    log = load_log(store)
    assert log.result(DEAL.key) == result_of(first.state) and log.streak(DEAL.day) == 1


def test_an_imported_counted_try_is_never_counted_here():
    home = SaveStore(MemoryBackend())
    first = _start(home)
    text = export_text(_stored(home, first))
    assert '"daily"' not in text
    away = SaveStore(MemoryBackend())
    imported = import_file(text, away)
    assert imported.record.get("daily") is None and imported.dropped == []
    assert load_log(away).days == {} and _start(away).counted
