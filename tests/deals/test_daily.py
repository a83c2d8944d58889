"""The deal of the day: the documented rule pinned by fixtures, and the same game for everyone."""

from __future__ import annotations

import hashlib
import random
from datetime import date

import pytest

from pyapp.deals.daily import DAILY_GAMES, EPOCH, LINEUPS, daily_seed, day_number, deal_of, game_of, parse_day, rank_of
from pyapp.engine.steps import finish
from pyapp.play import Seat, Session, daily
from pyapp.play.daily import DailySession
from pyapp.play.setup import SEED_LIMIT
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.daily import DailyLog, save_daily

FIXTURES = [  # (date, number, game, seed): changing any of these changes everyone's deal of that day
    (date(2026, 1, 1), 1, "dieci", 8774368472312291),
    (date(2026, 1, 2), 2, "dyad", 4873516575328040),
    (date(2026, 12, 2), 336, "dyad", 1734974130704810),
    (date(2027, 2, 28), 424, "dyad", 8706278458571643),
    (date(2028, 2, 29), 790, "dyad", 5963766684491115),
]


@pytest.mark.parametrize(("day", "number", "game", "seed"), FIXTURES)
def test_the_daily_rule_is_pinned(day, number, game, seed):
    deal = deal_of(day)
    assert (deal.number, deal.game, deal.seed) == (number, game, seed)
    assert (deal.players, deal.options) == (LINEUPS[game].players, LINEUPS[game].options)
    assert deal.kinds[0] == "person" and set(deal.kinds[1:]) == {"normal"}


def test_the_rule_as_documented_from_first_principles():
    for offset in range(0, 800, 37):
        day = date.fromordinal(EPOCH.toordinal() + offset)
        assert day_number(day) == offset + 1
        assert game_of(day) == DAILY_GAMES[(offset + 1) % 2]
        for game in DAILY_GAMES:
            digest = hashlib.sha256(f"pyapp-daily/v1/{game}/{day:%Y-%m-%d}".encode()).hexdigest()
            assert daily_seed(game, day) == int(digest[:14], 16) >> 3 < SEED_LIMIT


def test_both_games_come_up_and_triad_never():
    games = {deal_of(date(2026, 3, d)).game for d in range(1, 8)}
    assert games == {"dyad", "dieci"}


@pytest.mark.parametrize("text", ["2026-12-2", "2026/12/02", "２026-12-02", "2026-13-01", "2026-02-30", "", "x" * 10])
def test_a_day_that_is_no_date_is_refused(text):
    with pytest.raises(ValueError):
        parse_day(text)


def _play(day: date, person_seed: int) -> tuple[list[str], list[int]]:
    """The day's deal played to the end: the person picks with its own seeded random, the computers as the table does."""
    deal = deal_of(day)
    seats = [Seat(f"Seat {n + 1}", kind) for n, kind in enumerate(deal.kinds)]
    session = Session.start(deal.game, seats, seed=deal.seed, store=SaveStore(MemoryBackend()), allow_hints=False,
                            **deal.options)
    person = random.Random(person_seed)
    while not session.state.is_terminal():
        if session.is_computer_turn():
            finish(session.computer_turn())
        else:
            session.play(person.choice(session.state.legal_actions()))
    return [str(action) for action in session.state.history], session.state.scores()


@pytest.mark.parametrize("day", [date(2026, 12, 2), date(2026, 12, 3)], ids=["dyad", "dieci"])
def test_the_same_persons_moves_on_the_same_day_give_the_same_game(day):
    first, again = _play(day, 5), _play(day, 5)
    assert first == again
    other_person = _play(day, 6)
    assert other_person[0] != first[0]  # the test can tell games apart


def test_rank():
    assert rank_of([23, 39, 27, 40, 41], [4], 0) == 5 and rank_of([23, 39, 27, 40, 41], [4], 4) == 1


def test_the_days_counted_try_has_no_undo_once_resumed_and_practice_keeps_its_undo():
    """A reload must not give undo back to the one game the day counts (the table resumes through ``daily.resume``).

    Both games play the same moves up to the person's first turn with an undo a plain game allows.
    """
    deal = deal_of(date(2026, 12, 2))
    backend = MemoryBackend()
    store = SaveStore(backend)
    log = DailyLog()
    seats = [Seat(f"Seat {n + 1}", kind) for n, kind in enumerate(deal.kinds)]
    counted, practice = (Session.start(deal.game, seats, seed=deal.seed, store=store, allow_hints=False,
                                       known_deal=True, **deal.options) for _try in range(2))
    assert log.begin(deal.key, deal.number, counted.record_id) and not log.begin(deal.key, deal.number,
                                                                                practice.record_id)
    save_daily(backend, log)
    person = random.Random(0)
    while practice.is_computer_turn() or practice.undo_steps() == 0:
        for session in (counted, practice):
            if session.is_computer_turn():
                finish(session.computer_turn())
        if not practice.is_computer_turn() and practice.undo_steps() == 0:
            action = person.choice(practice.state.legal_actions())
            counted.play(action)
            practice.play(action)
    assert counted.state.history == practice.state.history
    counted, practice = (daily.resume(store, session.record_id) for session in (counted, practice))
    assert isinstance(counted, DailySession) and counted.counted and counted.undo_steps() == 0
    assert type(practice) is Session and practice.undo_steps() > 0
