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

import pytest
from conftest import BOOT_TIMEOUT_MS
from playwright.sync_api import Browser, expect

WATCH = """
window.__shellWrites = [];
document.addEventListener("DOMContentLoaded", () => {
  window.__aboutAtStart = document.querySelector(".game-about").textContent;
  const status = document.getElementById("boot-status");
  const name = (el) => el.tagName.toLowerCase() + (el.className ? "." + el.className : "")
    + (el.dataset && el.dataset.i18n ? `[${el.dataset.i18n}]` : "");
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


def _writes(browser: Browser, base_url: str, locale: str, *scripts: str) -> tuple[list[str], str, str]:
    """The shell's writes during Python's start, and the first card's text at the start and once ready."""
    context = browser.new_context(base_url=base_url, locale=locale)
    try:
        context.add_init_script(WATCH)
        for script in scripts:
            context.add_init_script(script)
        page = context.new_page()
        page.goto("/")
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
        expect(page.get_by_test_id("saves-link")).to_be_visible()  # Python's part of the picker is there
        return (page.evaluate("window.__shellWrites"), page.evaluate("window.__aboutAtStart"),
                page.locator(".game-about").first.inner_text())
    finally:
        context.close()


@pytest.mark.parametrize(("locale", "scripts", "korean"), [
    ("en-US", (), False),
    ("ko-KR", (), True),
    ("en-US", (STORED_KOREAN,), True),
], ids=["english", "korean-browser", "korean-stored"])
def test_python_writes_nothing_over_a_right_shell(browser: Browser, base_url: str, locale: str,
                                                  scripts: tuple[str, ...], korean: bool) -> None:
    writes, at_start, ready = _writes(browser, base_url, locale, *scripts)
    assert writes == [], f"Python's start wrote over the static shell: {writes}"
    assert at_start == ready
    assert any("\uac00" <= c <= "\ud7a3" for c in at_start) == korean, at_start


def test_python_mends_a_shell_in_another_language(browser: Browser, base_url: str) -> None:
    writes, at_start, ready = _writes(browser, base_url, "en-US", LANG_BEHIND_BOOT)
    assert "p.game-about[shell.about.dyad]" in writes, writes
    assert at_start != ready
    assert any("\uac00" <= c <= "\ud7a3" for c in ready), ready
