"""Everyone can play: keyboard only, screen readers, phones, card faces, installable, axe audit.

One page boots once for the whole module (booting is the slow part); each test
starts the games it needs on it.  Legal moves are worked out in this process
by replaying the game's autosave from localStorage through the engine, so the
keyboard tests choose moves the way a person would and only *act* through the
keyboard.  Never sleeps: every wait is for a state of the page.
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Iterator

import pytest
from conftest import CHROMIUM_FLAGS, ROOT, chromium_path
from playwright.sync_api import Browser, Page, expect

from pyapp import i18n
from pyapp.engine.state import State
from pyapp.storage.records import decode_record

sys.path.insert(0, str(ROOT))
from tests.hidden_cards import hidden_texts  # noqa: E402  (the repository root is put on the path above)

SCREENSHOTS = ROOT / "e2e" / "screenshots"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
BOOT_MS = 180_000
"""A cold boot on a busy 2-core machine."""
TURN_MS = 90_000
"""Computers' turns until the person may act again."""

PHONES = [(360, 640), (390, 844)]
LANDSCAPE = [(640, 360), (844, 390)]
DESKTOP = (1280, 800)
PLAYER_COUNTS = {"triad": (2, 4), "dyad": (2, 3, 4), "dieci": (2, 3, 4, 5, 6, 7, 8)}

PERSON_READY = """() => {
  const s = document.querySelector('[data-testid=status]');
  return !!s && (s.dataset.turn === 'you' || s.dataset.turn === 'over');
}"""

IN_TABLE = "() => !!document.activeElement && !!document.activeElement.closest('.table-body')"


# -- the page ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def app(browser: Browser, base_url: str) -> Iterator[Page]:
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.set_default_timeout(TURN_MS)
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
    yield page
    context.close()


def go(page: Page, hash_: str) -> None:
    """Show ``hash_`` drawn afresh (via the picker, so the same hash redraws too)."""
    page.evaluate("location.hash = '#/'")
    expect(page.get_by_test_id("picker")).to_be_visible()
    page.evaluate(f"location.hash = {hash_!r}")


def start(page: Page, game: str, players: int, *, level: str = "easy", options: dict[str, bool] | None = None) -> None:
    """A new game with a person at seat 0 and computers elsewhere, with the mouse (set-up is not under test here)."""
    go(page, f"#/{game}")
    new, begin = page.get_by_test_id("new-game"), page.get_by_test_id("start")
    expect(new.or_(begin).first).to_be_visible()
    if not begin.is_visible():
        new.click()
    page.get_by_test_id("setup-players").select_option(str(players))
    for seat in range(1, players):
        page.get_by_test_id(f"seat-kind-{seat}").select_option(level)
    for name, value in (options or {}).items():
        page.locator(f'[data-option="{name}"]').set_checked(value)
    begin.click()
    wait_person(page)


SUMMARY_DISMISS = "[data-testid=round-end-dismiss], [data-testid=deal-end-dismiss]"
"""A round's (Dyad) or deal's (Dieci) summary that holds the computers until the person dismisses it."""
PERSON_OR_SUMMARY = """() => !!document.querySelector('%s') || (%s)()""" % (SUMMARY_DISMISS, PERSON_READY)


def wait_person(page: Page) -> None:
    """Until the person may act; a round summary holding the computers is dismissed by keyboard on the way."""
    while True:
        page.wait_for_function(PERSON_OR_SUMMARY, timeout=TURN_MS)
        dismiss = page.locator(SUMMARY_DISMISS)
        if not dismiss.count():
            return
        expect(dismiss).to_be_focused()  # the summary's button is the table's next stop
        page.keyboard.press("Enter")
        expect(dismiss).to_have_count(0)


_record_id: list[str] = []
"""The id of the game last seen in play (a finished game leaves the 'current' slot)."""


def state_of(page: Page) -> State:
    """The game in play, replayed in this process from the page's autosave."""
    current = page.evaluate("() => localStorage.getItem('pyapp.current')")
    if current:
        _record_id[:] = [current]
    assert _record_id, "the page autosaves the game in play"
    text = page.evaluate("id => localStorage.getItem('pyapp.save.' + id)", _record_id[0])
    assert text, "the autosave is readable"
    return decode_record(text)[1]


def over(page: Page) -> bool:
    return page.get_by_test_id("status").get_attribute("data-turn") == "over"


# -- acting with the keyboard alone ---------------------------------------------------------------


def focused_matches(page: Page, selector: str) -> bool:
    return page.evaluate("s => !!document.activeElement && document.activeElement.matches(s)", selector)


def tab_to(page: Page, selector: str, limit: int = 80) -> None:
    """Press Tab (then Shift+Tab) until the focused element matches ``selector``."""
    for key in ("Tab", "Shift+Tab"):
        for _ in range(limit):
            if focused_matches(page, selector):
                return
            page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {selector}")


def keyboard_act(page: Page, game: str, action: str) -> None:
    """Play ``action`` (its text form) with the keyboard only."""
    if game == "triad":
        _triad_keys(page, action)
    elif game == "dyad":
        _dyad_keys(page, action)
    else:
        _dieci_keys(page, action)


def _cell_of(page: Page) -> tuple[int, int] | None:
    cell = page.evaluate("() => document.activeElement && document.activeElement.dataset.cell || null")
    return tuple(int(x) for x in cell.split(",")) if cell else None


def _arrow_to(page: Page, target: tuple[int, int]) -> None:
    """Move the board's focus to ``target`` with the arrow keys (they skip the centre block)."""
    if _cell_of(page) is None:
        tab_to(page, ".triad-board .cell[data-cell]")
    for _ in range(40):
        here = _cell_of(page)
        assert here is not None, "the arrow keys keep the focus on the board"
        if here == target:
            return
        rows_first = here[0] in (3, 4) and target[1] in (3, 4)
        if here[1] != target[1] and not rows_first:
            page.keyboard.press("ArrowRight" if target[1] > here[1] else "ArrowLeft")
        elif here[0] != target[0]:
            page.keyboard.press("ArrowDown" if target[0] > here[0] else "ArrowUp")
        else:
            page.keyboard.press("ArrowRight" if target[1] > here[1] else "ArrowLeft")
    raise AssertionError(f"the arrows never reached {target}")


def _triad_keys(page: Page, action: str) -> None:
    words = action.split()
    if words[0] == "place":
        _arrow_to(page, tuple(int(x) for x in words[1].split(",")))
        page.keyboard.press("Enter")
    elif words[0] == "remove":
        first = words[2] if words[1] == "stack" else words[1]
        _arrow_to(page, tuple(int(x) for x in first.split(",")))
        page.keyboard.press("Enter")  # narrows the choices to this cell's triads and focuses the first
        tab_to(page, f'[data-testid=remove-choice][data-action="{action}"]')
        page.keyboard.press("Enter")
    else:
        tab_to(page, "[data-testid=pass]")
        page.keyboard.press("Enter")


def _dyad_keys(page: Page, action: str) -> None:
    if action in ("cipher", "no cipher"):
        tab_to(page, "[data-testid=cipher-yes]" if action == "cipher" else "[data-testid=cipher-no]")
        page.keyboard.press("Enter")
        return
    if action.startswith("take "):
        tab_to(page, f'[data-take="{action.split()[1]}"]')
        page.keyboard.press("Enter")
        return
    passing = action.startswith("pass ")
    cards = action.removeprefix("pass ").split("+")
    for card in cards:
        tab_to(page, f'.dyad-hand [data-card="{card}"]')
        page.keyboard.press("Space")
        expect(page.locator(f'.dyad-hand [data-card="{card}"]')).to_have_attribute("aria-pressed", "true")
    tab_to(page, "[data-testid=submit-pass]" if passing else "[data-testid=submit-pair]")
    page.keyboard.press("Enter")


def _dieci_keys(page: Page, action: str) -> None:
    words = action.split()
    if words[0] == "play":
        tab_to(page, f'.dieci .hand [data-card="{words[1]}"]')
    elif words[0] == "claim":
        tab_to(page, f'.dieci button[data-char="{words[1]}"]')
    elif words[0] == "top":
        tab_to(page, "[data-testid=take-top]")
    else:
        tab_to(page, "[data-testid=pass]")
    page.keyboard.press("Enter")


def play_turn(page: Page, game: str, pick=lambda legal: legal[0]) -> int:
    """The person's move by keyboard; waits until the person may act again (or the end). Returns actions so far."""
    state = state_of(page)
    done = len(state.to_save()["actions"])
    action = str(pick(state.legal_actions()))
    keyboard_act(page, game, action)
    wait_person(page)
    after = len(state_of(page).to_save()["actions"])
    assert after > done, f"{action} was played"
    return after


# -- tests: installable -------------------------------------------------------------------------


def test_manifest_is_complete_and_chromium_finds_the_site_installable(playwright, base_url: str) -> None:
    with tempfile.TemporaryDirectory() as profile:  # installability is never reported in an incognito context
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=chromium_path(), args=CHROMIUM_FLAGS, headless=True, base_url=base_url
        )
        try:
            page = context.pages[0] if context.pages else context.new_page()
            page.goto("/")
            manifest = page.request.get("/manifest.webmanifest").json()
            cdp = context.new_cdp_session(page)
            assert cdp.send("Page.getAppManifest").get("errors") == []
            assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        finally:
            context.close()
    for key in ("id", "name", "short_name", "start_url", "scope", "theme_color", "background_color", "description"):
        assert manifest.get(key), key
    assert manifest["display"] == "standalone"
    assert len(manifest["short_name"]) <= 12 and manifest["short_name"] != manifest["name"], "an icon's label shows it whole"
    purposes = {icon.get("purpose", "any") for icon in manifest["icons"]}
    assert {"any", "maskable"} <= purposes
    assert any(icon["sizes"] == "512x512" for icon in manifest["icons"])


# -- tests: settings --------------------------------------------------------------------------------


def test_settings_by_keyboard_change_the_card_faces_and_are_remembered(app: Page) -> None:
    page = app
    go(page, "#/dyad")
    page.locator("body").focus()
    tab_to(page, "[data-testid=settings-open]")
    page.keyboard.press("Enter")
    dialog = page.get_by_test_id("settings")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.closest('dialog') !== null"), "focus moved into the dialog"
    expect(page.get_by_test_id("setting-cards-classic")).to_be_focused()
    page.keyboard.press("ArrowDown")  # radio group: the arrow picks the next face
    expect(page.get_by_test_id("setting-cards-contrast")).to_be_checked()
    assert page.evaluate("document.documentElement.dataset.cards") == "contrast"
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=SCREENSHOTS / "a11y-settings-390x844.png")
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(page.get_by_test_id("settings-open")).to_be_focused()
    page.reload()
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_MS)
    assert page.evaluate("document.documentElement.dataset.cards") == "contrast"
    assert page.evaluate("localStorage.getItem('pyapp.setting.cards')") == "contrast"
    # back to the classic face for the other tests, with the mouse this time
    page.get_by_test_id("settings-open").click()
    page.get_by_test_id("setting-cards-classic").check()
    page.get_by_test_id("settings-close").click()
    assert page.evaluate("document.documentElement.dataset.cards") == "classic"


# -- tests: keyboard only ---------------------------------------------------------------------------


def keyboard_setup(page: Page, game: str, players: int, options: tuple[str, ...] = ()) -> None:
    """Open the game and start it with keys only: a person at seat 0, easy computers elsewhere, ``options`` ticked."""
    go(page, f"#/{game}")
    expect(page.get_by_test_id("new-game").or_(page.get_by_test_id("start")).first).to_be_visible()
    if page.get_by_test_id("new-game").count():
        tab_to(page, "[data-testid=new-game]")
        page.keyboard.press("Enter")
    tab_to(page, "[data-testid=setup-players]")
    page.keyboard.type(str(players))
    expect(page.get_by_test_id("setup-players")).to_have_value(str(players))
    for seat in range(1, players):
        tab_to(page, f"[data-testid=seat-kind-{seat}]")
        page.keyboard.type("e")  # Easy
        expect(page.get_by_test_id(f"seat-kind-{seat}")).to_have_value("easy")
    for name in options:
        tab_to(page, f'[data-option="{name}"]')
        page.keyboard.press("Space")
        expect(page.locator(f'[data-option="{name}"]')).to_be_checked()
    tab_to(page, "[data-testid=start]")
    page.keyboard.press("Enter")
    wait_person(page)


def test_keyboard_only_finishes_a_triad_game_with_undo(app: Page) -> None:
    page = app
    keyboard_setup(page, "triad", 2)
    play_turn(page, "triad")
    play_turn(page, "triad")
    before = len(state_of(page).to_save()["actions"])
    tab_to(page, "[data-testid=undo]:not([disabled])")
    page.keyboard.press("Enter")
    wait_person(page)
    assert len(state_of(page).to_save()["actions"]) < before
    assert page.evaluate(IN_TABLE), "after undo the focus stays on the table"
    expect(page.get_by_test_id("announce")).to_contain_text(i18n.catalog("en")["table.say.undone"])
    for _ in range(200):
        if over(page):
            break
        assert page.evaluate(IN_TABLE), "after each move the focus is back on the table"
        play_turn(page, "triad")
    assert over(page)
    expect(page.get_by_test_id("end-breakdown")).to_be_visible()
    expect(page.get_by_test_id("announce")).not_to_be_empty()
    tab_to(page, "[data-testid=rematch]")


def test_keyboard_only_plays_a_dyad_round_with_cipher_and_retrieval(app: Page) -> None:
    page = app
    keyboard_setup(page, "dyad", 3, options=("cipher",))
    round_ = page.get_by_test_id("dyad-table").get_attribute("data-round")
    for _ in range(60):
        if over(page) or page.get_by_test_id("dyad-table").get_attribute("data-round") != round_:
            break
        assert page.evaluate(IN_TABLE), "after each move the focus is back on the table"
        play_turn(page, "dyad")
    assert over(page) or page.get_by_test_id("dyad-table").get_attribute("data-round") != round_


def test_keyboard_plays_dieci_tricks_and_claims(app: Page) -> None:
    page = app
    keyboard_setup(page, "dieci", 3)
    for _ in range(10):
        if over(page):
            break
        assert page.evaluate(IN_TABLE), "after each move the focus is back on the table"
        play_turn(page, "dieci")


# -- tests: screen readers ------------------------------------------------------------------------------


DOM_WORDS = """() => {
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = walk.currentNode; node; node = walk.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) { out.push(node.data); continue; }
    if (node.id === 'boot-data') continue;
    for (const attr of node.attributes) out.push(attr.value);
    if ('value' in node && typeof node.value === 'string') out.push(node.value);
  }
  out.push(document.title);
  return out;
}"""


@pytest.mark.parametrize("game,players", [("dyad", 3), ("dieci", 4)])
def test_other_seats_hidden_cards_never_reach_the_page(app: Page, game: str, players: int) -> None:
    page = app
    start(page, game, players)
    checked = 0
    for _ in range(6):
        state = state_of(page)
        # empty when the others hold no card the person cannot see (e.g. their hands are played out)
        secret = hidden_texts(state, 0)
        words = page.evaluate(DOM_WORDS)
        seed = state.seed  # a random deal: 15 or 16 digits, which turn up nowhere by chance (issue 32)
        for word in words:
            for text in secret:
                pattern = rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])"
                assert not re.search(pattern, word), f"{text!r} of a hidden hand shows in the page: {word[:120]!r}"
            if not over(page):
                for form in (str(seed), f"{seed:x}", f"{seed:X}"):
                    assert form not in word, f"the seed of a game in play shows in the page: {word[:120]!r}"
        checked += bool(secret)
        if over(page):
            break
        play_turn(page, game)
    assert checked >= 3, "too few turns with hidden cards to check"


HANDOVER_OR_PERSON = """() => !!document.querySelector('[data-testid=handover]') || (%s)()""" % PERSON_READY


def test_hot_seat_hand_over_hides_every_hand_and_the_keyboard_follows(app: Page) -> None:
    """Two people share a phone: between turns no card shows, and the keys go from 'ready' to the next hand."""
    page = app
    start(page, "dieci", 2, level="person")
    for _ in range(6):
        state = state_of(page)
        mover = state.current_player()
        keyboard_act(page, "dieci", str(state.legal_actions()[0]))
        page.wait_for_function(HANDOVER_OR_PERSON, timeout=TURN_MS)
        if page.get_by_test_id("handover").count():
            break
    else:
        raise AssertionError("the turn never passed to the other person")
    state = state_of(page)
    assert state.current_player() != mover
    words = page.evaluate(DOM_WORDS)
    for seat in range(2):
        for text in hidden_texts(state, 1 - seat):
            assert not any(re.search(rf"(?<![0-9A-Za-z]){re.escape(text)}(?![0-9A-Za-z])", w) for w in words), \
                f"{text!r} shows while the device is handed over"
    assert focused_matches(page, "[data-testid=handover-ready]"), "the hand-over's button has the focus"
    # taps just after the turn passed are ignored (one tap, one move), so wait that short guard out
    page.wait_for_selector(".table-body:not([data-guard])", state="attached")
    page.keyboard.press("Enter")
    wait_person(page)
    assert page.evaluate(IN_TABLE), "after the hand-over the focus is on the table"
    hand = page.locator(".dieci .hand [data-card]")
    expect(hand).to_have_count(len(state.observation(state.current_player())["hand"]))
    assert {hand.nth(i).get_attribute("data-card") for i in range(hand.count())} == \
        set(state.observation(state.current_player())["hand"])



def test_announcements_tell_what_the_others_did(app: Page) -> None:
    page = app
    live = page.get_by_test_id("announce")
    start(page, "dyad", 2)
    if page.get_by_test_id("dyad-table").get_attribute("data-phase") == "play":
        play_turn(page, "dyad")
        expect(live).to_contain_text(re.compile(r"Player 2 plays .+ worth -?\d+|took|Your turn"))
    start(page, "triad", 2)
    play_turn(page, "triad")
    expect(live).to_contain_text(re.compile(r"Side B"))
    expect(live).to_contain_text("Your turn")


# -- tests: phones -------------------------------------------------------------------------------------

TARGETS = """() => {
  const bad = [];
  const sel = 'button, select, input, textarea, summary, a.button, label.button, a.game-card, [role=button], [tabindex="0"]';
  for (const el of document.querySelectorAll(sel)) {
    if (el.closest('[hidden], dialog:not([open])')) continue;
    let box = el;
    if (el.matches('input[type=checkbox], input[type=radio]')) box = el.closest('label') || el;
    // layout size: a card caught mid-animation (scaled) still has its full target
    const w = box.offsetWidth, h = box.offsetHeight;
    if (w <= 1 && h <= 1) continue;  // not drawn
    if (getComputedStyle(box).clip.startsWith('rect(0')) continue;  // visually hidden behind its label
    // a hand's cards may overlap: 28 px of each stays visible (and tappable) at full height
    const minWidth = el.matches('.hand .card') ? 27.5 : 43.5;
    if (w < minWidth || h < 43.5) {
      bad.push(`${el.tagName.toLowerCase()}[${el.dataset.testid || el.dataset.cell || el.dataset.card || el.className}] `
               + `${w}x${h}`);
    }
  }
  return bad;
}"""

FITS = "() => document.scrollingElement.scrollWidth <= innerWidth"


def fit_problems(page: Page, width: int, height: int, where: str) -> list[str]:
    """At ``width``x``height``: no sideways scroll and every target at least its size, as sentences."""
    page.set_viewport_size({"width": width, "height": height})
    problems = []
    if not page.evaluate(FITS):
        problems.append(f"{where}: page is {page.evaluate('document.scrollingElement.scrollWidth')} px wide")
    small = page.evaluate(TARGETS)
    if small:
        problems.append(f"{where}: small targets {small[:6]}")
    return problems


def assert_fits(page: Page, screens: Iterator[tuple[str, list[tuple[int, int]]]]) -> None:
    """Each screen ``screens`` opens (it yields a label and the sizes to try) checked by :func:`fit_problems` at
    each size, every problem said at once; the viewport is put back whatever happens."""
    problems = []
    try:
        for where, sizes in screens:
            for width, height in sizes:
                problems += fit_problems(page, width, height, f"{where} at {width}x{height}")
    finally:
        page.set_viewport_size({"width": 390, "height": 844})
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("game", ["triad", "dyad", "dieci"])
def test_every_player_count_fits_phones_without_sideways_scrolling(app: Page, game: str) -> None:
    page = app

    def tables() -> Iterator[tuple[str, list[tuple[int, int]]]]:
        for players in PLAYER_COUNTS[game]:
            page.set_viewport_size({"width": 390, "height": 844})
            start(page, game, players)
            yield f"{players} players", PHONES + LANDSCAPE

    assert_fits(page, tables())


def test_shell_screens_fit_phones_with_large_targets(app: Page) -> None:
    page = app

    def screens() -> Iterator[tuple[str, list[tuple[int, int]]]]:
        for hash_ in ("#/", "#/rules/triad", "#/rules/dyad", "#/rules/dieci", "#/learn/dyad", "#/learn/triad", "#/learn/dieci", "#/saves"):
            go(page, hash_)
            expect(page.get_by_test_id("view").locator("section").first).to_be_visible()
            yield hash_, PHONES

    assert_fits(page, screens())


def test_reduced_motion_turns_animations_off(app: Page) -> None:
    page = app
    start(page, "dyad", 2)
    card = page.locator(".dyad-hand [data-card]").first
    page.emulate_media(reduced_motion="reduce")
    try:
        assert page.evaluate("""() => [...document.querySelectorAll('*')].every(e => {
            const s = getComputedStyle(e);
            return s.animationName === 'none' || parseFloat(s.animationDuration) <= 0.001; })""")
    finally:
        page.emulate_media(reduced_motion="no-preference")
    expect(card).to_be_visible()


# -- tests: axe ---------------------------------------------------------------------------------------------


def axe(page: Page, context: str) -> list[str]:
    """Serious and critical axe-core violations on the page as it is."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8"))  # evaluated over CDP: the page's CSP does not apply
    page.emulate_media(reduced_motion="reduce")  # judge the page at rest, not cards fading in
    page.evaluate("() => document.getAnimations().forEach((a) => a.finish())")  # nor a card on its way to the trick
    try:
        result = _axe_run(page)
    finally:
        page.emulate_media(reduced_motion="no-preference")
    return [f"{context}: {line}" for line in result]


def _axe_run(page: Page) -> list[str]:
    return page.evaluate(
        """async () => {
            const r = await axe.run(document, {resultTypes: ['violations']});
            return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(' | ')}`);
        }"""
    )


def test_axe_finds_nothing_serious_on_the_shell_screens(app: Page) -> None:
    page = app
    found = []
    for hash_ in ("#/", "#/rules/triad", "#/rules/dyad", "#/rules/dieci", "#/learn/dyad", "#/learn/triad", "#/learn/dieci", "#/saves"):
        go(page, hash_)
        expect(page.get_by_test_id("view").locator("section").first).to_be_visible()
        found += axe(page, hash_)
    page.get_by_test_id("settings-open").click()
    found += axe(page, "settings dialog")
    page.keyboard.press("Escape")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game,players", [("triad", 2), ("dyad", 3), ("dieci", 4)])
def test_axe_finds_nothing_serious_mid_game(app: Page, game: str, players: int) -> None:
    page = app
    start(page, game, players)
    play_turn(page, game)
    found = axe(page, f"{game} light")
    page.emulate_media(color_scheme="dark")
    try:
        found += axe(page, f"{game} dark")
    finally:
        page.emulate_media(color_scheme="light")
    assert not found, "\n".join(found)


# -- screenshots to look at ------------------------------------------------------------------------------------


def test_screenshots_of_each_game_in_both_faces_and_dark(app: Page) -> None:
    page = app
    SCREENSHOTS.mkdir(exist_ok=True)
    try:
        for game, players in (("triad", 2), ("dyad", 3), ("dieci", 4)):
            start(page, game, players)
            for _ in range(2):
                if not over(page):
                    play_turn(page, game)
            for face, scheme in (("classic", "light"), ("contrast", "light"), ("classic", "dark"), ("contrast", "dark")):
                page.evaluate(f"document.documentElement.dataset.cards = {face!r}")
                page.emulate_media(color_scheme=scheme)
                for width, height in PHONES + [DESKTOP]:
                    page.set_viewport_size({"width": width, "height": height})
                    assert page.evaluate(FITS), f"{game} {face} {scheme} overflows at {width}"
                    page.screenshot(path=SCREENSHOTS / f"a11y-{game}-{face}-{scheme}-{width}x{height}.png", full_page=True)
    finally:
        page.evaluate("document.documentElement.dataset.cards = 'classic'")
        page.emulate_media(color_scheme="light")
        page.set_viewport_size({"width": 390, "height": 844})
