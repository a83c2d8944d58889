"""The worker's copy of the page's localStorage (pyapp/ui/browser/page_storage.py): reads from the copy, the page the one writer.

``Tab`` plays ``web/worker_page.js``'s storage part in CPython: the worker's writes wait in the page's queue
until ``run`` applies them, in order, a guarded one's check and write in one step (the Web Lock), and the
answers and the storage events of other tabs wait again until ``deliver`` hands them to the worker.  So a
test decides when each side hears of what: answers late, events older than a write, two tabs at zero gap.
"""

from __future__ import annotations

import json
import random

import pytest

from pyapp.i18n import t
from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore, StorageFull, StorageUnavailable
from pyapp.storage.aside import READING_KEY
from pyapp.storage.backends import StaleRecord, StorageError, StorageRefused
from pyapp.storage.store import WRITE_LOCKS, OWNER_PREFIX, PREFIX, STAMP_PREFIX
from pyapp.ui.browser.local_storage import LocalStorageBackend
from pyapp.ui.browser.page_storage import PageStorage
from tests import fake_dom


class Browser:
    """One ``localStorage`` shared by the tabs, with room for ``room`` characters; every write that landed, in order."""

    def __init__(self, items: dict[str, str] | None = None, room: int | None = None) -> None:
        self.items = dict(items or {})
        self.room = room
        self.tabs: list[Tab] = []
        self.landed: list[tuple[str, str | None]] = []

    def apply(self, message: dict) -> dict:
        """What the page does with ``{"k": "put"}`` under the lock: check, write all or nothing, answer."""
        keys = list(dict.fromkeys([*message["items"], *message["if"]]))
        if any(self.items.get(key) != value for key, value in message["if"].items()):
            return {"k": "stored", "n": message["n"], "why": "stale", "items": {k: self.items.get(k) for k in keys}}
        after = dict(self.items)
        for key, value in message["items"].items():
            if value is None:
                after.pop(key, None)
            else:
                after[key] = value
        if self.room is not None and sum(len(k) + len(v) for k, v in after.items()) > self.room:
            return {"k": "stored", "n": message["n"], "why": "full", "items": {k: self.items.get(k) for k in keys}}
        self.items = after
        self.landed.extend(message["items"].items())
        return {"k": "stored", "n": message["n"]}


class Tab:
    """A page of the browser and its worker's storage, store and table hook."""

    def __init__(self, browser: Browser) -> None:
        self.browser = browser
        self.inbox: list[dict] = []
        self.outbox: list[dict] = []  # answers and storage events, not yet handled by the worker
        self.storage = PageStorage(dict(browser.items), self.inbox.append)
        self.store = SaveStore(LocalStorageBackend(self.storage), clock=lambda: 1.7e9)
        browser.tabs.append(self)

    def run(self, count: int | None = None) -> None:
        """The page applies the worker's next writes (all by default) and queues the answers."""
        while self.inbox and count != 0:
            message = self.inbox.pop(0)
            count = None if count is None else count - 1
            if message["k"] == "store":  # the reading mark, unanswered
                continue
            assert message["lock"] in (None, WRITE_LOCKS + message["items"].get("id", "")) or \
                str(message["lock"]).startswith(WRITE_LOCKS)
            answer = self.browser.apply(message)
            self.outbox.append(answer)
            if "why" not in answer:
                for other in self.browser.tabs:
                    if other is not self:
                        other.outbox.extend({"k": "storage", "key": key} for key in message["items"])

    def deliver(self) -> None:
        """The worker handles what the page sent it; an event carries the value stored when the page sent it."""
        while self.outbox:
            message = self.outbox.pop(0)
            if message["k"] == "storage":
                self.storage.changed({"key": message["key"], "value": self.browser.items.get(message["key"])})
            else:
                self.storage.answer(message)

    def settle(self) -> None:
        while self.inbox or self.outbox:
            self.run()
            self.deliver()


def _puts(tab: Tab) -> list[dict]:
    """The writes the worker asked of its page and the page has not applied yet (the reading marks left out)."""
    return [message for message in tab.inbox if message["k"] == "put"]


def _stored(browser: Browser, record_id: str) -> dict:
    return json.loads(browser.items[PREFIX + record_id])


def _game(browser: Browser) -> str:
    """A Triad for two people stored in ``browser`` (as another visit left it; 72 moves long), its id."""
    store = SaveStore(MemoryBackend(), clock=lambda: 1.7e9)
    session = Session.start("triad", [Seat("Ada"), Seat("Bea")], seed=3, store=store, name="Tuesday")
    browser.items.update(store.backend.items)
    return session.record_id


def _move(session: Session) -> str:
    action = str(session.state.legal_actions()[0])
    session.play(action)
    return action


def test_reads_cost_the_page_nothing_and_writes_go_to_it_in_order() -> None:
    browser = Browser({"pyapp.current": "g1", "pyapp.save.g1": "{}"})
    tab = Tab(browser)
    store = tab.storage
    assert store.getItem("pyapp.current") == "g1" and store.getItem("nothing") is None
    assert store.length == 2 and {store.key(0), store.key(1)} == set(browser.items) and store.key(2) is None
    store.setItem("pyapp.save.g1", '{"v": 2}')
    store.setItem("pyapp.save.g1", '{"v": 2}')  # the value the copy holds: nothing
    store.removeItem("pyapp.current")
    assert store.items == {"pyapp.save.g1": '{"v": 2}'} and browser.items["pyapp.current"] == "g1"
    assert [(m["n"], m["items"], m["if"], m["lock"]) for m in _puts(tab)] == [
        (1, {"pyapp.save.g1": '{"v": 2}'}, {}, None), (2, {"pyapp.current": None}, {}, None)]
    tab.settle()
    assert browser.items == store.items == {"pyapp.save.g1": '{"v": 2}'}


def test_the_reading_mark_is_posted_and_never_answered() -> None:
    tab = Tab(Browser())
    tab.storage.setItem(READING_KEY, "pyapp.save.g1")
    tab.storage.removeItem(READING_KEY)
    assert tab.inbox == [{"k": "store", "key": READING_KEY, "value": "pyapp.save.g1"},
                         {"k": "store", "key": READING_KEY, "value": None}]


def test_a_game_write_is_guarded_by_its_stamp_and_owner_under_the_games_lock() -> None:
    browser = Browser()
    record_id = _game(browser)
    del browser.items[STAMP_PREFIX + record_id]  # stored before stamps
    tab = Tab(browser)
    session = Session.resume(tab.store, record_id)
    tab.settle()
    _move(session)
    guarded = _puts(tab)[-1]
    assert guarded["lock"] == WRITE_LOCKS + record_id
    assert guarded["if"] == {STAMP_PREFIX + record_id: None, PREFIX + record_id: browser.items[PREFIX + record_id],
                             OWNER_PREFIX + record_id: session.token}  # no stamp: the whole text guards
    tab.settle()
    stamp = browser.items[STAMP_PREFIX + record_id]
    assert stamp.split(".")[0] == str(_stored(browser, record_id)["revision"])
    _move(session)
    assert _puts(tab)[-1]["if"] == {STAMP_PREFIX + record_id: stamp, OWNER_PREFIX + record_id: session.token}
    tab.settle()
    tab.store.delete(record_id)
    tab.settle()
    assert not any(record_id in key for key in browser.items)


def test_two_tabs_saving_one_revision_at_zero_gap_one_write_lands_and_the_other_tab_stops() -> None:
    browser = Browser()
    record_id = _game(browser)
    del browser.items[OWNER_PREFIX + record_id]  # no table owns it: both may write
    a, b = Tab(browser), Tab(browser)
    ours, theirs = Session.resume(a.store, record_id, claim=False), Session.resume(b.store, record_id, claim=False)
    _move(ours)
    _move(theirs)  # both wrote the same revision, in their copies
    assert _puts(a)[-1]["items"][PREFIX + record_id] != _puts(b)[-1]["items"][PREFIX + record_id]
    stops: list[str] = []
    theirs.answered = lambda: stops.append(theirs.lost)
    a.run()
    b.run()
    b.deliver()
    assert stops == ["stale"] and ours.lost is None
    assert b.storage.items == browser.items, "a refused write leaves the copy equal to what is stored"
    assert _stored(browser, record_id)["game"]["actions"] == [str(x) for x in ours.state.history]


def _revisions_landed(browser: Browser, record_id: str) -> list[int]:
    return [json.loads(value)["revision"] for key, value in browser.landed if key == PREFIX + record_id]


@pytest.mark.parametrize("seed", range(8))
def test_taking_over_and_playing_in_two_tabs_at_zero_gap_loses_no_move_silently(seed: int) -> None:
    """Each round a tab takes the game over from its copy (stale or not) and plays; pages and workers run in a
    random order.  Every move is in the final record or its tab stopped; no revision is written twice."""
    rng = random.Random(seed)
    browser = Browser()
    record_id = _game(browser)
    tabs = [Tab(browser), Tab(browser)]
    played: list[tuple[Session, list[str]]] = []
    tables: dict[int, Session] = {}
    for _ in range(30):
        for number, tab in enumerate(tabs):
            if number in tables:
                tables[number].release()  # the table takes the game up again: its old session leaves
            try:
                session = tables[number] = Session.resume(tab.store, record_id)
            except (KeyError, StaleRecord):
                continue
            if not session.state.is_terminal():
                played.append((session, [_move(session)]))
            for other in rng.sample(tabs, 2):
                other.run(rng.randint(0, 3))
                if rng.random() < 0.5:
                    other.deliver()
    for tab in tabs:
        tab.settle()
    for tab in tabs:
        tab.settle()
        assert tab.storage.items == browser.items
    final = _stored(browser, record_id)["game"]["actions"]
    for session, moves in played:
        mine = [str(x) for x in session.state.history]
        assert session.lost is not None or final[:len(mine)] == mine, "a move was overwritten without a stop"
    revisions = _revisions_landed(browser, record_id)
    assert revisions == sorted(set(revisions)), "two writes of one revision landed"
    assert any(session.lost for session, _ in played), "the tabs never crossed"


@pytest.mark.parametrize("seed", range(8))
def test_a_rename_in_another_tab_while_a_table_plays_is_kept_and_never_stops_it(seed: int) -> None:
    rng = random.Random(seed)
    browser = Browser()
    record_id = _game(browser)
    table, saves = Tab(browser), Tab(browser)
    session = Session.resume(table.store, record_id)
    moves = []
    for round_ in range(30):
        moves.append(_move(session))
        saves.store.rename(record_id, f"Name {round_}")
        moves.append(_move(session))
        for tab in rng.sample([table, saves], 2):
            tab.run(rng.randint(0, 2))
            if rng.random() < 0.5:
                tab.deliver()
    for _ in range(3):
        table.settle()
        saves.settle()
    assert session.lost is None, "a rename made the table stop"
    record = _stored(browser, record_id)
    assert record["name"] == "Name 29", "a rename was reverted by an autosave"
    assert record["game"]["actions"][-len(moves):] == moves
    assert table.storage.items == saves.storage.items == browser.items


def test_an_event_older_than_a_write_of_this_worker_never_replaces_the_copy() -> None:
    browser = Browser({"k": "old"})
    a, b = Tab(browser), Tab(browser)
    b.storage.setItem("k", "theirs")
    b.run()  # lands first: a's page reports it
    a.storage.setItem("k", "mine")
    a.deliver()  # b's write reached a's worker after a's own: ignored, a's write is newer
    assert a.storage.getItem("k") == "mine"
    a.settle()
    b.settle()
    assert browser.items["k"] == a.storage.getItem("k") == b.storage.getItem("k") == "mine"
    b.storage.changed({"all": {"x": "1"}})  # after a clear
    assert b.storage.items == {"x": "1"}


def test_a_full_page_refuses_late_the_copy_keeps_what_is_stored_and_the_table_hears() -> None:
    browser = Browser()
    record_id = _game(browser)
    tab = Tab(browser)
    session = Session.resume(tab.store, record_id)
    heard: list[str | None] = []
    session.answered = lambda: heard.append(session.save_problem)
    tab.settle()
    before = dict(browser.items)
    browser.room = sum(len(k) + len(v) for k, v in before.items())  # a longer record cannot fit
    _move(session)
    assert session.save_problem is None  # not known yet
    tab.settle()
    assert heard == ["storage.full"] and session.lost is None and browser.items == before == tab.storage.items
    browser.room = None  # room made (old games deleted): the next move saves the game with both moves
    _move(session)
    tab.settle()
    assert session.save_problem is None and heard == ["storage.full"]
    assert _stored(browser, record_id)["game"]["actions"] == [str(x) for x in session.state.history]


def test_a_page_without_storage_fails_every_call_and_says_so() -> None:
    with pytest.raises(StorageUnavailable):
        LocalStorageBackend(PageStorage(None, lambda message: None))
    tab = Tab(Browser())
    tab.storage.setItem("a", "1")
    tab.storage.answer({"k": "stored", "n": 1, "why": "none"})  # the page lost its storage meanwhile
    with pytest.raises(StorageUnavailable):
        tab.storage.getItem("a")


class Refusing:
    """A browser's ``localStorage`` (as Pyodide shows it) that refuses writes the way ``kind`` says."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def getItem(self, key: str) -> None:  # noqa: N802
        if self.kind == "none":
            raise RuntimeError("SecurityError: The operation is insecure.")

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        raise RuntimeError("QuotaExceededError: the quota has been exceeded" if self.kind == "full"
                           else "SecurityError: writes are not allowed")


def test_the_storage_notice_names_the_real_cause() -> None:
    causes = {"full": StorageFull, "refused": StorageRefused}
    for kind, error in causes.items():
        with pytest.raises(error):
            LocalStorageBackend(Refusing(kind)).set("a", "1")
    with pytest.raises(StorageUnavailable):
        LocalStorageBackend(Refusing("none"))
    for why, error in {"full": StorageFull, "refused": StorageRefused, "stale": StaleRecord}.items():
        tab = Tab(Browser())
        found: list = []
        tab.storage.put({"a": "1"}, expect={}, lock=None, answered=found.append)
        tab.storage.answer({"k": "stored", "n": 1, "why": why, "items": {"a": None}})
        assert isinstance(found[0], error) and tab.storage.items == {}
    notices = {t(key) for key in ("storage.full", "storage.refused", "storage.unavailable")}
    assert len(notices) == 3 and not any("?" in text for text in notices), "each cause its own words, no guess"


def test_a_late_refusal_nobody_waits_for_reaches_the_page_s_alert_with_its_cause() -> None:
    """A kept review, a remembered seat or a counted result is written and not waited for: its refusal comes
    after the screen moved on, so the page hears of it (pyapp/ui/browser/late_refusal.py draws it), once, with its cause."""
    browser = Browser({"pyapp.stats": "{}"})
    tab = Tab(browser)
    heard: list[StorageError] = []
    tab.storage.refused = heard.append
    browser.room = sum(len(k) + len(v) for k, v in browser.items.items())
    tab.store.backend.set("pyapp.stats", '{"games": {}}')  # no room: known only when the page answers
    assert heard == [] and tab.storage.getItem("pyapp.stats") == '{"games": {}}'
    tab.settle()
    assert [type(error) for error in heard] == [StorageFull] and tab.storage.getItem("pyapp.stats") == "{}"
    browser.room = None
    tab.store.backend.set("pyapp.stats", '{"games": {}}')
    tab.settle()
    assert len(heard) == 1 and browser.items["pyapp.stats"] == '{"games": {}}'


def test_the_alert_names_the_refusal_s_cause() -> None:
    with fake_dom.ui_loaded("pyapp.ui.browser.late_refusal") as module:
        keys = [module.message_key(error("x")) for error in (StorageFull, StorageUnavailable, StorageRefused, StaleRecord)]
    assert keys == ["storage.late.full", "storage.late.unavailable", "storage.late.refused", "storage.late.refused"]
    assert all(t(key) != key for key in keys)
