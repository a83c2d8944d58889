"""Python's start writes nothing over the static shell when its texts are right (issue 34).

index.html's picker is the first paint, in the visitor's language (``web/boot.js`` writes it
before the first paint: the stored choice, else the browser's).  Had Python drawn it again, or
written its texts again unchanged, the browser would paint the largest text a second time at
Python's start, and that late paint becomes the page's largest contentful paint.

A MutationObserver, started once the deferred boot.js has run (``DOMContentLoaded``), records
every text written or node removed in the page (the loading indicator aside) until
``body[data-ready=true]``.  With the language right there must be none; when Python's language
differs from the shell's (``<html lang>`` changed behind boot.js's back) Python must rewrite
the texts, which shows that the observer sees such writes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Browser, expect

WATCH = """
window.__shellWrites = [];
window.__translatedAt = null;
// boot.js's translations (a text replaced, not the parser's inserted): they must precede the first paint
// (the loading indicator's label aside: it changes as files arrive)
new MutationObserver((records) => {
  const translated = (record) => record.removedNodes.length && record.target.closest
    && record.target.closest("[data-i18n]") && !record.target.closest("#boot-status");
  if (records.some(translated)) window.__translatedAt = performance.now();
}).observe(document, { subtree: true, childList: true, characterData: true });
document.addEventListener("DOMContentLoaded", () => {
  window.__aboutAtStart = document.querySelector(".game-about").textContent;
  const status = document.getElementById("boot-status");
  const name = (el) => el.tagName.toLowerCase() + (el.className ? "." + el.className : "")
    + (el.dataset && el.dataset.i18n ? `[${el.dataset.i18n}]` : "");
  window.__bootWroteAt = window.__translatedAt;
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === "attributes") {
        observer.disconnect();
        return;
      }
      const el = record.target.nodeType === Node.ELEMENT_NODE ? record.target : record.target.parentElement;
      if (status.contains(el)) continue;
      if (record.type === "characterData" || record.removedNodes.length) window.__shellWrites.push(name(el));
    }
  });
  observer.observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ["data-ready"],
  });
});
"""
STORED_KOREAN = "localStorage.setItem('pyapp.language', 'ko');"
LANG_BEHIND_BOOT = "document.addEventListener('DOMContentLoaded', () => { document.documentElement.lang = 'ko'; });"


@dataclass(frozen=True)
class Start:
    """What a boot showed: Python's writes over the shell, the first card's text, boot.js's timing."""

    writes: list[str]
    at_start: str
    """The first card's text when boot.js had run (``DOMContentLoaded``)."""
    ready: str
    """The same once Python is ready."""
    translated: float | None
    """When boot.js last replaced a text of the build's language (ms), None if it had none to replace."""
    painted: float
    """The first contentful paint (ms)."""


def _start(browser: Browser, base_url: str, locale: str, *scripts: str) -> Start:
    """Boot a page of a new context in ``locale`` (after ``scripts``) and say what its start wrote."""
    context = browser.new_context(base_url=base_url, locale=locale)
    try:
        context.add_init_script(WATCH)
        for script in scripts:
            context.add_init_script(script)
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
        expect(page.get_by_test_id("saves-link")).to_be_visible()  # Python's part of the picker is there
        translated, painted = page.evaluate(
            "[window.__bootWroteAt, performance.getEntriesByName('first-contentful-paint')[0].startTime]")
        return Start(page.evaluate("window.__shellWrites"), page.evaluate("window.__aboutAtStart"),
                     page.locator(".game-about").first.inner_text(), translated, painted)
    finally:
        context.close()


KOREAN = [("ko-KR", ()), ("en-US", (STORED_KOREAN,))]
KOREAN_IDS = ["korean-browser", "korean-stored"]


@pytest.mark.parametrize(("locale", "scripts", "korean"), [
    ("en-US", (), False),
    *((locale, scripts, True) for locale, scripts in KOREAN),
], ids=["english", *KOREAN_IDS])
def test_python_writes_nothing_over_a_right_shell(browser: Browser, base_url: str, locale: str,
                                                  scripts: tuple[str, ...], korean: bool) -> None:
    start = _start(browser, base_url, locale, *scripts)
    assert start.writes == [], f"Python's start wrote over the static shell: {start.writes}"
    assert start.at_start == start.ready
    assert any("\uac00" <= c <= "\ud7a3" for c in start.at_start) == korean, start.at_start
    if not korean:
        assert start.translated is None, "boot.js rewrote the build's own language"


@pytest.mark.parametrize(("locale", "scripts"), KOREAN, ids=KOREAN_IDS)
def test_another_language_is_on_the_first_paint(browser: Browser, base_url: str, locale: str,
                                                scripts: tuple[str, ...]) -> None:
    start = _start(browser, base_url, locale, *scripts)
    assert start.translated is not None and start.translated < start.painted, (
        f"translated at {start.translated:.0f} ms, the first paint at {start.painted:.0f} ms")


def test_python_mends_a_shell_in_another_language(browser: Browser, base_url: str) -> None:
    start = _start(browser, base_url, "en-US", LANG_BEHIND_BOOT)
    assert "p.game-about[shell.about.dyad]" in start.writes, start.writes
    assert start.at_start != start.ready
    assert any("\uac00" <= c <= "\ud7a3" for c in start.ready), start.ready
