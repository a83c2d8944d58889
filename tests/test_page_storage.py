"""The worker's copy of the page's localStorage (pyapp/ui/page_storage.py): reads from the copy, writes through."""

from __future__ import annotations

import pytest

from pyapp.storage.aside import READING_KEY
from pyapp.ui.local_storage import LocalStorageBackend
from pyapp.storage import StorageFull, StorageUnavailable
from pyapp.ui.page_storage import PageStorage


class Page:
    """The page's side: its storage, and what the worker asked of it."""

    def __init__(self, items: dict[str, str], room: int = 10_000) -> None:
        self.items = dict(items)
        self.room = room
        self.writes: list[tuple[str, str | None]] = []
        self.posted: list[dict] = []

    def write(self, key: str, value: str | None) -> None:
        self.writes.append((key, value))
        if value is not None and sum(map(len, self.items.values())) + len(value) > self.room:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        if value is None:
            self.items.pop(key, None)
        else:
            self.items[key] = value


def test_reads_cost_the_page_nothing_and_a_write_waits_for_it_once() -> None:
    page = Page({"pyapp.current": "g1", "pyapp.save.g1": "{}"})
    store = PageStorage(page.items, page.write, page.posted.append)
    assert store.getItem("pyapp.current") == "g1" and store.getItem("nothing") is None
    assert store.length == 2 and {store.key(0), store.key(1)} == set(page.items) and store.key(2) is None
    store.setItem("pyapp.save.g1", '{"v": 2}')
    store.setItem("pyapp.save.g1", '{"v": 2}')  # the same value: nothing, on the page too
    store.removeItem("pyapp.current")
    store.removeItem("pyapp.current")
    assert page.writes == [("pyapp.save.g1", '{"v": 2}'), ("pyapp.current", None)]
    assert page.items == store.items == {"pyapp.save.g1": '{"v": 2}'}


def test_a_full_page_refuses_the_write_and_the_copy_keeps_what_the_page_kept() -> None:
    page = Page({"a": "x" * 8}, room=10)
    backend = LocalStorageBackend(PageStorage(page.items, page.write, page.posted.append))
    with pytest.raises(StorageFull):
        backend.set("b", "yyyy")
    assert backend.get("b") is None and backend.get("a") == "x" * 8


def test_the_reading_mark_is_posted_without_waiting_for_the_page() -> None:
    page = Page({})
    store = PageStorage(page.items, page.write, page.posted.append)
    store.setItem(READING_KEY, "pyapp.save.g1")
    store.removeItem(READING_KEY)
    assert page.writes == [] and page.posted == [{"k": "store", "key": READING_KEY, "value": "pyapp.save.g1"},
                                                  {"k": "store", "key": READING_KEY, "value": None}]


def test_changes_the_page_reports_reach_the_copy_and_a_page_without_storage_fails_every_call() -> None:
    store = PageStorage({"a": "1"}, Page({}).write, lambda message: None)
    store.changed({"key": "b", "value": "2"})  # another tab's write
    store.changed({"key": "a", "value": None})
    assert store.items == {"b": "2"}
    store.changed({"all": {"c": "3"}})  # after a clear
    assert store.items == {"c": "3"}
    with pytest.raises(StorageUnavailable):
        LocalStorageBackend(PageStorage(None, Page({}).write, lambda message: None))
