"""Saved games holding friends' games (issue 33): a guest's own record is a row of its own, the host's a
game like any other; the list never shows the host's room keys and the page never errors on either."""

from __future__ import annotations

import json

import pytest
from conftest import ROOT
from playwright.sync_api import Page, expect
from test_saves import booted, open_saves, spage  # noqa: F401  (fixtures shared with the saves tests)

from pyapp.storage.store import PREFIX

FIXTURES = ROOT / "tests" / "fixtures"
SCREENSHOTS = ROOT / "e2e" / "screenshots"


def _items() -> tuple[dict[str, str], dict, dict]:
    guest = json.loads((FIXTURES / "record-v6-dyad-3p-guest-in-progress.json").read_text(encoding="utf-8"))
    host = json.loads((FIXTURES / "record-v6-dyad-3p-host-finished.json").read_text(encoding="utf-8"))
    return {PREFIX + guest["id"]: json.dumps(guest), PREFIX + host["id"]: json.dumps(host)}, guest, host


@pytest.mark.parametrize(("width", "height"), [(360, 640), (1280, 800)])
def test_a_guest_record_and_a_host_record_in_the_list(spage: Page, width: int, height: int) -> None:  # noqa: F811
    page = spage
    page.set_viewport_size({"width": width, "height": height})
    items, guest, host = _items()
    open_saves(page, None, items)
    row = page.locator(f'[data-id="{guest["id"]}"]')
    expect(row.get_by_test_id("save-friends")).to_have_text("With friends")
    expect(row.get_by_test_id("save-progress")).to_contain_text("Ada")
    expect(row.get_by_test_id("save-replay")).to_have_count(0)
    expect(row.get_by_test_id("save-resume")).to_have_count(0)
    expect(page.get_by_test_id("save-problem")).to_have_count(0)
    hosted = page.locator(f'[data-id="{host["id"]}"]')
    expect(hosted.get_by_test_id("save-replay")).to_be_visible()
    expect(hosted.get_by_test_id("save-friends")).to_have_text("With friends")
    assert host["room_keys"]["secret"] not in page.content()
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"saves-friends-{width}.png"), full_page=True)
    row.get_by_test_id("save-delete").click()
    page.get_by_test_id("confirm-delete").click()
    expect(row).to_have_count(0)
    page.set_viewport_size({"width": 1280, "height": 800})
