"""The set-up's Friend (invite) seat on a phone (issue 33), in every game and both languages.

Chosen for a seat, the form says friends' play needs the network, hides the deal number and the hints
question, and leaves the friend's name to the friend; a language switch keeps the choice; the form still
fits 360x640 across (it may scroll down), shows its longest choice whole, and axe finds nothing serious.
Start is not pressed: the host's controller opens the room. Screenshots land in ``e2e/screenshots/``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from conftest import ROOT, booted_page
from playwright.sync_api import Browser, Page, expect
from test_a11y import axe

SCREENSHOTS = ROOT / "e2e" / "screenshots"
NETWORK = {"en": "Friends join from their own phones with a link. This needs the network.",
           "ko": "친구는 링크를 받아 자기 휴대폰에서 참여합니다. 네트워크가 필요합니다."}
FRIEND = {"en": "Friend (invite)", "ko": "친구 초대"}
INVITED = {"en": "Invited friend", "ko": "초대한 친구"}


@pytest.fixture(scope="module")
def phone(browser: Browser, base_url: str) -> Iterator[Page]:
    yield from booted_page(browser, base_url, viewport={"width": 360, "height": 640})


WHOLE = """([kind, name]) => {
  const measure = (el, style) => {
    const copy = el.cloneNode(true);
    Object.assign(copy.style, {position: 'absolute', width: 'auto', ...style});
    document.body.append(copy);
    const width = copy.getBoundingClientRect().width;
    copy.remove();
    return width;
  };
  const text = document.createElement('span');
  text.textContent = name.placeholder;
  const box = getComputedStyle(name);
  const room = name.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
  return {list: kind.getBoundingClientRect().width + 0.5 >= measure(kind, {}),
          placeholder: room + 0.5 >= measure(text, {font: box.font})};
}"""
"""Whether seat 1's list is as wide as its longest choice and its name field shows the whole placeholder."""


@pytest.mark.parametrize("code", ["en", "ko"])
@pytest.mark.parametrize("game", ["dyad", "triad", "dieci"])
def test_a_friend_seat_changes_the_form_and_it_still_fits_a_phone(phone: Page, game: str, code: str) -> None:
    page = phone
    page.goto(f"/#/{game}")
    page.get_by_test_id("language").select_option("ko" if code == "en" else "en")
    kind = page.get_by_test_id("seat-kind-1")
    network = page.get_by_test_id("setup-friends-network")
    expect(network).to_be_hidden()
    kind.select_option("friend")
    expect(network).to_be_visible()
    page.get_by_test_id("language").select_option(code)  # the form drawn again keeps the friend
    expect(page.locator("html")).to_have_attribute("lang", code)
    expect(kind).to_have_value("friend")
    expect(kind.locator("option").nth(1)).to_have_text(FRIEND[code])
    expect(network).to_have_text(NETWORK[code])
    name = page.get_by_test_id("seat-name-1")
    expect(name).to_be_disabled()
    expect(name).to_have_value("")
    expect(name).to_have_attribute("placeholder", INVITED[code])
    expect(page.get_by_test_id("setup-hints")).to_be_visible()  # the room asks whether every person may ask for hints
    expect(page.get_by_test_id("setup-seed")).to_have_count(0 if game == "triad" else 1)
    expect(page.locator(".setup-deal")).to_be_hidden()
    wide = page.evaluate("() => [...document.querySelectorAll('.panel.setup *')].filter("
                         "el => el.getBoundingClientRect().right > innerWidth + 1).map(el => el.outerHTML.slice(0, 80))")
    assert wide == [] and page.evaluate("document.scrollingElement.scrollWidth <= innerWidth")
    assert page.evaluate(WHOLE, [kind.element_handle(), name.element_handle()]) == {"list": True, "placeholder": True}
    assert axe(page, f"{game} set-up with a friend") == []
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / f"setup-friend-{game}-{code}-360x640.png")
    kind.select_option("normal")  # no friend any more: the form is the local one again
    expect(network).to_be_hidden()
    expect(name).to_be_enabled()
    if game != "triad":
        expect(page.locator(".setup-deal")).to_be_visible()
