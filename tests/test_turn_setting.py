"""The settings dialog's TURN fields and the link's options, over the fake DOM (tests/fake_dom.py)."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterator

import pytest

from pyapp.friends.relays import RELAYS, STUN_SERVERS
from pyapp.storage.backends import MemoryBackend, StorageFull
from pyapp.storage.store import SaveStore
from pyapp.storage.turn import TURN_KEY
from tests.fake_dom import ui_loaded

SERVER = {"urls": "turn:turn.example.com:3478", "username": "ann", "credential": "s3cret"}


class Full(MemoryBackend):
    def set(self, key: str, value: str) -> None:
        raise StorageFull(key)


@pytest.fixture()
def backend() -> MemoryBackend:
    return MemoryBackend()


@pytest.fixture()
def ui(backend: MemoryBackend) -> Iterator[types.ModuleType]:
    with ui_loaded("pyapp.ui.shell.turn_setting") as module:
        module.shared_store = lambda: SaveStore(backend)
        yield module


def typed(group, **values: str) -> None:
    for field, value in values.items():
        group.find(data_testid=f"turn-{field}").value = value


def test_a_server_is_saved_and_shown_back_without_its_password(ui, backend: MemoryBackend) -> None:
    group = ui.group()
    assert group.find(data_testid="turn-status").textContent == "No TURN server is saved."
    typed(group, urls="Turn:turn.example.com:3478", username="ann", credential="s3cret")
    group.find(data_testid="turn-save").click()
    assert json.loads(backend.get(TURN_KEY)) == SERVER
    again = ui.group()  # the dialog opened again
    assert [again.find(data_testid=f"turn-{f}").value for f in ("urls", "username", "credential")] == [
        "turn:turn.example.com:3478", "ann", ""]
    assert "s3cret" not in again.dump()
    assert again.find(data_testid="turn-credential").attrs["placeholder"] == "Saved (leave empty to keep it)"
    assert "saved on this device" in again.find(data_testid="turn-status").textContent


def test_an_empty_password_keeps_the_saved_one(ui, backend: MemoryBackend) -> None:
    backend.set(TURN_KEY, json.dumps(SERVER))
    group = ui.group()
    typed(group, username="bob")
    group.find(data_testid="turn-username").fire("keydown", key="Enter")
    assert json.loads(backend.get(TURN_KEY)) == {**SERVER, "username": "bob"}


def test_a_refusal_is_shown_beside_its_field_and_nothing_is_stored(ui, backend: MemoryBackend) -> None:
    group = ui.group()
    typed(group, urls="https://turn.example.com", username="ann", credential="pw")
    group.find(data_testid="turn-save").click()
    field, error = group.find(data_testid="turn-urls"), group.find(data_testid="turn-urls-error")
    assert field.attrs["aria-invalid"] == "true" and field.attrs["aria-describedby"] == error.attrs["id"]
    assert error.textContent.startswith("Type one address such as turn:") and field.focused
    assert backend.get(TURN_KEY) is None
    typed(group, urls="turn:turn.example.com", username="")
    group.find(data_testid="turn-save").click()  # the refusal moves to the field at fault
    assert "aria-invalid" not in field.attrs and error.textContent == ""
    assert group.find(data_testid="turn-username-error").textContent == (
        "A TURN server needs both a username and a password.")


def test_clear_forgets_the_server(ui, backend: MemoryBackend) -> None:
    backend.set(TURN_KEY, json.dumps(SERVER))
    group = ui.group()
    group.find(data_testid="turn-clear").click()
    assert backend.get(TURN_KEY) is None and group.find(data_testid="turn-urls").value == ""
    assert group.find(data_testid="turn-status").textContent == "No TURN server is saved."
    assert "placeholder" not in group.find(data_testid="turn-credential").attrs


def test_storage_that_refuses_keeps_the_fields_and_says_so(ui) -> None:
    ui.shared_store = lambda: SaveStore(Full())
    group = ui.group()
    typed(group, urls="turn:turn.example.com", username="ann", credential="pw")
    group.find(data_testid="turn-save").click()
    assert group.find(data_testid="turn-urls").value == "turn:turn.example.com"
    assert group.find(data_testid="turn-status").textContent == "This device's storage refused it: nothing was saved."


def test_the_group_speaks_korean() -> None:
    with ui_loaded("pyapp.ui.shell.turn_setting", language="ko") as module:
        group = module.group()
        assert group.find(data_testid="turn-status").textContent == "저장된 TURN 서버가 없습니다."  # no storage at all
        assert "친구와 하는 게임" in group.dump()


@pytest.fixture()
def options(backend: MemoryBackend) -> Iterator[types.ModuleType]:
    with ui_loaded("pyapp.ui.friends.link_options") as module:
        module.shared_store = lambda: SaveStore(backend)
        yield module


def test_the_link_gets_the_pinned_relays_the_stun_servers_and_the_stored_turn(options, backend: MemoryBackend) -> None:
    stun = [{"urls": url} for url in STUN_SERVERS]
    assert options.link_options() == {"relays": list(RELAYS), "iceServers": stun}
    backend.set(TURN_KEY, json.dumps(SERVER))
    assert options.link_options() == {"relays": list(RELAYS), "iceServers": [*stun, SERVER]}
    backend.set(TURN_KEY, json.dumps({**SERVER, "urls": "stun:evil.example"}))
    assert options.link_options()["iceServers"] == stun


class JsArray:
    """A JsProxy of an array, as Pyodide hands one over."""

    def __init__(self, items: list) -> None:
        self.items = items

    def to_py(self) -> list:
        return list(self.items)


@pytest.mark.parametrize(("hook", "relays"), [
    (JsArray(["ws://127.0.0.1:8123"]), ["ws://127.0.0.1:8123"]),
    (["ws://127.0.0.1:8123/announce", "ws://localhost:9"], ["ws://127.0.0.1:8123/announce", "ws://localhost:9"]),
    (JsArray([]), list(RELAYS)),
    (JsArray(["wss://tracker.example"]), list(RELAYS)),
    (JsArray(["ws://127.0.0.1:8123", 7]), list(RELAYS)),
    (JsArray(["ws://127.0.0.1:99999"]), list(RELAYS)),
    (JsArray(["ws://user@127.0.0.1:1"]), list(RELAYS)),
    (JsArray(["ws://127.0.0.1:1/?x"]), list(RELAYS)),
    (JsArray(["ws://a b"]), list(RELAYS)),
    (JsArray(["ws://a"] * 5), list(RELAYS)),
    ("ws://127.0.0.1:8123", list(RELAYS)),
    (types.SimpleNamespace(to_py=lambda: {"0": "ws://127.0.0.1:1"}), list(RELAYS)),
])
def test_the_e2e_hook_chooses_the_relays_only_when_it_is_strictly_a_list_of_ws_urls(options, hook, relays) -> None:
    window = sys.modules["pyscript"].window  # the fake page's, which pyapp.ui.browser.page reads the hook from
    window.pyappTestRelays = hook
    try:
        assert options.link_options()["relays"] == relays
    finally:
        del window.pyappTestRelays
