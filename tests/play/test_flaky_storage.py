"""A storage that throws at random calls (seeded) through a scripted session: play, save, rename, review,
import, delete.  Nothing but a ``StorageError`` (which every screen catches and reports) comes out, no
record is lost or written over by an older copy, and no reading mark is left behind."""

from __future__ import annotations

import json
import random

import pytest

from pyapp.play import Seat, Session
from pyapp.play import saved
from pyapp.play.saved import summaries, unfinished
from pyapp.storage import MemoryBackend, SaveStore, StorageError
from pyapp.storage.aside import READING_KEY, asides
from pyapp.storage.backends import StorageUnavailable
from pyapp.storage.store import PREFIX
from pyapp.storage.transfer import export_text, import_file


class FlakyBackend(MemoryBackend):
    """``localStorage`` that refuses a call (get, set, remove, keys) now and then, before doing anything."""

    def __init__(self, rng: random.Random, rate: float) -> None:
        super().__init__()
        self.rng, self.rate, self.failures = rng, rate, 0

    def _maybe_fail(self, call: str) -> None:
        if self.rng.random() < self.rate:
            self.failures += 1
            raise StorageUnavailable(f"{call} refused")

    def get(self, key: str) -> str | None:
        self._maybe_fail("get")
        return super().get(key)

    def set(self, key: str, value: str) -> None:
        self._maybe_fail("set")
        super().set(key, value)

    def remove(self, key: str) -> None:
        self._maybe_fail("remove")
        super().remove(key)

    def keys(self) -> list[str]:
        self._maybe_fail("keys")
        return super().keys()


def _review(state) -> dict:
    """A well-formed review of seat 0's first decision (as ``pyapp.ai.review`` writes one)."""
    played = str(state.history[0])
    decision = {"index": 0, "played": played, "best": played, "points_loss": 0.0, "points_se": 0.0,
                "win_loss": None, "win_se": None, "worlds": 2, "about_equal": True}
    return {"version": 1, "game": "nim", "seat": 0, "worlds": 2, "done": 1, "total": 1, "decisions": [decision]}


class Script:
    """One visitor's session, each step allowed to fail with a ``StorageError`` only."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.backend = FlakyBackend(random.Random(seed + 1000), rate=0.15)
        self.store = SaveStore(self.backend, clock=lambda: 1.7e9)
        self.sessions: list[Session] = []
        self.deleted: set[str] = set()
        self.highest: dict[str, int] = {}

    def step(self) -> None:
        """Starting and playing raise nothing (the table catches nothing there: saving reports its problem);
        the saved-games screen's calls may raise ``StorageError`` (it says what it could not do) and ``KeyError``
        (the game is not stored: a refused first save, or deleted)."""
        action = self.rng.choice([self.start, self.play, self.play, self.play, self.rename, self.review,
                                  self.export_import, self.delete, self.list])
        if action in (self.start, self.play):
            action()
        else:
            try:
                action()
            except (StorageError, KeyError):
                pass
        self.check()

    def start(self) -> None:
        self.sessions.append(Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=self.rng.randrange(99),
                                           store=self.store, max_take=2))

    def _live(self) -> list[Session]:
        return [s for s in self.sessions if not s.lost and not s.state.is_terminal()]

    def play(self) -> None:
        live = self._live()
        if live:
            session = self.rng.choice(live)
            session.apply(session.to_act(), str(session.state.legal_actions()[0]))

    def _stored_ids(self) -> list[str]:
        return [key[len(PREFIX):] for key in self.backend.items if key.startswith(PREFIX)]

    def rename(self) -> None:
        if ids := self._stored_ids():
            self.store.rename(self.rng.choice(ids), f"Name {self.rng.randrange(9)}")

    def review(self) -> None:
        for record_id in self._stored_ids():
            record, state = self.store.read(record_id)
            if state.is_terminal():
                self.store.keep_review(record_id, _review(state))
                return

    def export_import(self) -> None:
        if ids := self._stored_ids():
            record, _ = self.store.read(self.rng.choice(ids))
            import_file(export_text(dict(record, padding="x" * 1000)).encode(), self.store)

    def delete(self) -> None:
        if ids := self._stored_ids():
            record_id = self.rng.choice(ids)
            self.store.delete(record_id)
            self.deleted.add(record_id)

    def list(self) -> None:
        summaries(self.store)
        unfinished(self.store)
        asides(self.backend)

    def check(self) -> None:
        items = self.backend.items
        for record_id in self._stored_ids():
            record = json.loads(items[PREFIX + record_id])
            assert "padding" not in record
            assert record["revision"] >= self.highest.get(record_id, 0), "an older copy overwrote a newer one"
            self.highest[record_id] = record["revision"]
        for session in self.sessions:
            stored = items.get(PREFIX + session.record_id)
            if stored is None:
                continue
            history = json.loads(stored)["game"]["actions"]
            mine = [str(a) for a in session.state.history]
            # a session's history and the stored one never diverge: one extends the other
            assert mine[:len(history)] == history or history[:len(mine)] == mine


@pytest.mark.parametrize("seed", range(12))
def test_a_storage_that_throws_at_random_calls_never_stops_the_session(seed):
    script = Script(seed)
    for _ in range(80):
        script.step()
    assert script.backend.failures > 10 and script.highest  # calls failed, and games were stored
    script.backend.rate = 0
    saved._ROWS.clear()  # a row drawn before is not read again: the next page's listing reads every game
    script.list()  # the next reading once the storage works again
    assert script.backend.items.get(READING_KEY, "") == "", "a reading mark outlived a failure the page survived"


class NoRemoval(MemoryBackend):
    """Storage whose ``removeItem`` throws while writes work (issue 30)."""

    def remove(self, key: str) -> None:
        raise StorageUnavailable("removeItem refused")


def test_a_storage_that_refuses_removals_leaves_no_reading_mark():
    store = SaveStore(NoRemoval(), clock=lambda: 1.7e9)
    session = Session.start("nim", [Seat("Ada"), Seat("Bot", "easy")], seed=3, store=store, max_take=2)
    session.play("take1")
    assert len(summaries(store)) == 1 and store.read(session.record_id)
    assert store.backend.items[READING_KEY] == ""  # an empty mark names no record (web/guard.js)
