"""Names players type, shown everywhere: a right-to-left override stays inside its name,
and an 80-character unbroken name wraps on a phone (360x640) instead of pushing the page sideways.

Saves are made in CPython with the page's own code and put into ``localStorage``
(as in ``test_saves.py``); the geometry is read from the laid-out text.
"""

from __future__ import annotations

import random

import pytest
from conftest import ROOT
from playwright.sync_api import Browser, Page, expect

from pyapp.i18n import FSI, PDI
from pyapp.play import Seat, Session
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.records import MAX_NAME_CHARS

SCREENSHOTS = ROOT / "e2e" / "screenshots"
PHONE = {"width": 360, "height": 640}
OVERRIDE = "\u202eEvil"  # RIGHT-TO-LEFT OVERRIDE, then letters: shown "livE", and nothing else reversed
LONG = "W" * MAX_NAME_CHARS
LONG_2 = "M" * (MAX_NAME_CHARS - 1)

PAST_THE_EDGE = """() => {
  // every element and every text (unless an ancestor clips it on purpose) inside the viewport's width
  const out = [];
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width && box.right > innerWidth + 0.5) out.push(`${el.tagName}.${el.className} right=${box.right}`);
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const clipped = (node) => {
    for (let el = node.parentElement; el; el = el.parentElement) {
      if (getComputedStyle(el).overflowX !== "visible") return true;
    }
    return false;
  };
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.textContent.trim() || clipped(node)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    if (box.width && box.right > innerWidth + 0.5) out.push(`text ${node.textContent.slice(0, 30)} right=${box.right}`);
  }
  if (document.documentElement.scrollWidth > innerWidth) out.push(`scrollWidth ${document.documentElement.scrollWidth}`);
  return out;
}"""

NAME_ORDER = """(root, name) => {
  // each occurrence of the override name as laid out, with the nearest letter before and after it
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    const box = (from, to) => { const r = document.createRange(); r.setStart(node, from); r.setEnd(node, to); return r.getBoundingClientRect(); };
    const letter = (i) => i >= 0 && i < text.length && /\\S/.test(text[i]) && !"\u2068\u2069".includes(text[i]);
    for (let start = text.indexOf(name); start >= 0; start = text.indexOf(name, start + 1)) {
      const end = start + name.length;
      let before = start - 1, after = end;
      while (before >= 0 && !letter(before)) before--;
      while (after < text.length && !letter(after)) after++;
      const own = box(start, end), b = before >= 0 && box(before, before + 1), a = after < text.length && box(after, after + 1);
      out.push({ text, name: [own.left, own.right, own.top],
                 before: b && [b.left, b.right, b.top], after: a && [a.left, a.right, a.top] });
    }
  }
  return out;
}"""


def dieci_saves(names: list[str], *, moves: int = 8) -> dict[str, str]:
    """A Dieci game in progress for one person (seat 0) against computers, at the person's turn."""
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0)
    seats = [Seat(names[0])] + [Seat(name, "easy") for name in names[1:]]
    session = Session.start("dieci", seats, seed=11, store=store, name=LONG)
    rng = random.Random(3)
    while len(session.state.history) < moves or session.to_act() != 0:
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    return dict(store.backend.items)


@pytest.fixture()
def phone(browser: Browser, base_url: str, wait_ready):
    context = browser.new_context(base_url=base_url, viewport=PHONE)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    wait_ready(page)
    yield page
    context.close()
    assert errors == []


def plant(page: Page, items: dict[str, str], route: str) -> None:
    page.evaluate("""([items, route]) => {
      localStorage.clear();
      for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
      location.hash = route;
    }""", [items, route])


def assert_in_order(page: Page, root: str) -> int:
    """Every sentence with the override name reads left to right around it; returns how many were seen."""
    found = page.locator(root).evaluate(NAME_ORDER, OVERRIDE)
    for item in found:
        name_left, name_right, name_top = item["name"]
        if item["after"] and abs(item["after"][2] - name_top) < 1:  # on the name's line
            assert item["after"][0] >= name_right - 1, item
        if item["before"] and abs(item["before"][2] - name_top) < 1:
            assert item["before"][1] <= name_left + 1, item
    return len(found)


def test_long_names_wrap_on_a_phone_in_the_dieci_table_and_log(phone: Page) -> None:
    page = phone
    plant(page, dieci_saves([LONG, LONG_2, "B" * 40]), "#/dieci")
    page.get_by_test_id("resume").click()
    page.get_by_test_id("log-open").click()  # the log is a dialog over the table
    log = page.get_by_test_id("log")
    expect(log.locator("li[data-event=play]").first).to_be_visible()
    expect(log).to_contain_text(LONG_2)
    assert page.evaluate(PAST_THE_EDGE) == []
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "names-long-dieci-360x640.png", full_page=True)


def test_long_names_wrap_on_a_phone_in_saved_games_and_the_rename_notice(phone: Page) -> None:
    page = phone
    plant(page, dieci_saves([LONG, LONG_2, "B" * 40]), "#/saves")
    row = page.get_by_test_id("save").first
    row.get_by_test_id("save-rename").click()
    page.get_by_test_id("rename-input").fill(LONG_2)
    page.get_by_test_id("rename-save").click()
    expect(page.get_by_test_id("saves-notice")).to_contain_text(LONG_2)
    assert page.evaluate(PAST_THE_EDGE) == []
    page.screenshot(path=SCREENSHOTS / "names-long-saves-360x640.png", full_page=True)


def test_an_override_in_a_name_reverses_nothing_around_it(phone: Page) -> None:
    page = phone
    plant(page, dieci_saves(["Ada", OVERRIDE, "Cy"]), "#/dieci")
    page.get_by_test_id("resume").click()
    page.get_by_test_id("log-open").click()  # the log is a dialog over the table
    log = page.get_by_test_id("log")
    expect(log.locator("li[data-event=play]").first).to_be_visible()
    assert assert_in_order(page, "[data-testid=log]") > 0, "the log names the override player"
    page.screenshot(path=SCREENSHOTS / "names-override-dieci-360x640.png", full_page=True)
    # not laid out, but read aloud or shown by the browser: isolated just the same
    announced = page.get_by_test_id("announce")
    labelled = page.locator("[aria-label*='\u202e']").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    for text in [*labelled, announced.text_content() or ""]:
        assert "\u202e" not in text or f"{FSI}{OVERRIDE}{PDI}" in text, text

    plant(page, dieci_saves(["Ada", OVERRIDE, "Cy"]), "#/saves")
    row = page.get_by_test_id("save").first
    expect(row.get_by_test_id("save-players")).to_contain_text(f"{FSI}{OVERRIDE}{PDI}")
    assert assert_in_order(page, "[data-testid=saves]") > 0
    row.get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("replay")).to_be_visible()
    assert assert_in_order(page, "[data-testid=replay]") > 0
