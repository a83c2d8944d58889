"""The saved-games screen in a real browser: list, rename, export, delete, import, resume,
replay in both directions, damaged storage, markup in names, storage off or full.

Saves are made in CPython with the same code the page runs (``Session`` on a
memory store) and put into ``localStorage`` before the screen opens, so these
tests depend neither on a game's screen nor on the AI.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from conftest import BOOT_TIMEOUT_MS, ROOT
from playwright.sync_api import Browser, Page, expect

from pyapp.games import NAMES
from pyapp.play import Seat, Session
from pyapp.replay import Replay
from pyapp.storage import MemoryBackend, SaveStore
from pyapp.storage.store import MAX_FINISHED, PREFIX

SCREENSHOTS = ROOT / "e2e" / "screenshots"
GAME = "triad" if "triad" in NAMES else (NAMES[0] if NAMES else None)
XSS = "<img src=x onerror=alert(1)>"

pytestmark = [pytest.mark.skipif(GAME is None, reason="no game registered yet"),
              pytest.mark.both_servers]  # served with and without COOP/COEP (conftest.py)

STEP_SHOWN = "[data-testid=replay-step] .shown"
"""The replay's step as shown (cards as symbols; a screen reader gets them in words)."""


def make_saves(*, finished: bool, names=("Ada", "Bot"), title="Evening game", seed=5, moves=6):
    """Stored items (key → text) of one game of ``GAME`` played at random."""
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0 + seed * 3600)
    kinds = ["person", "easy", "normal", "hard"]
    players = __import__("pyapp.games", fromlist=["game_class"]).game_class(GAME).PLAYERS[0]
    seats = [Seat(names[n] if n < len(names) else f"P{n}", kinds[n % 4]) for n in range(players)]
    session = Session.start(GAME, seats, seed=seed, store=store, name=title)
    rng = random.Random(seed)
    while not session.state.is_terminal() and (finished or len(session.state.history) < moves):
        session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    session.release()  # a table made it; the page's table claims it when the person continues
    return session, dict(store.backend.items)


def put(page: Page, items: dict[str, str]) -> None:
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }", items)


@pytest.fixture(scope="module")
def booted(browser: Browser, base_url: str):
    """One page booted once for the tests that only need storage and hash changes (boots are slow)."""
    context = browser.new_context(base_url=base_url, accept_downloads=True)
    page = context.new_page()
    page.on("pageerror", lambda error: _errors.append(str(error)))
    page.on("console", lambda message: _errors.append(message.text) if message.type == "error" else None)
    page.goto("/")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=BOOT_TIMEOUT_MS)
    yield page
    context.close()


@pytest.fixture()
def spage(booted: Page):
    """The booted page on the picker with empty storage; listeners added by a test are removed after it."""
    booted.evaluate("() => { localStorage.clear(); location.hash = '#/'; }")
    expect(booted.get_by_test_id("picker")).to_be_visible()
    _errors.clear()
    yield booted
    assert not [e for e in _errors if "Error" in e], _errors  # no Python or JS error on the way
    try:
        booted.remove_listener("dialog", _record_dialog)
    except (KeyError, ValueError):
        pass


_dialogs: list[str] = []
_errors: list[str] = []


def _record_dialog(dialog) -> None:
    _dialogs.append(dialog.message)
    dialog.dismiss()


def open_saves(page: Page, wait_ready=None, items: dict[str, str] | None = None) -> None:
    """Fill the storage, then open the screen (it reads the storage afresh)."""
    if wait_ready is not None:
        page.goto("/")
        wait_ready(page)
    page.evaluate("() => { localStorage.clear(); location.hash = '#/'; }")
    if items:
        put(page, items)
    page.evaluate("() => { location.hash = '#/saves'; }")
    expect(page.get_by_test_id("saves")).to_be_visible()


def test_picker_links_to_saved_games(spage: Page) -> None:
    page = spage
    page.get_by_test_id("saves-link").click()
    expect(page).to_have_url(re.compile(r"#/saves$"))
    expect(page.get_by_test_id("saves-bound")).to_contain_text(f"newest {MAX_FINISHED} finished games")
    expect(page.get_by_test_id("saves-empty")).to_be_visible()


def test_rename_export_delete_import_back_and_resume(spage: Page, tmp_path: Path) -> None:
    page = spage
    session, items = make_saves(finished=False)
    open_saves(page, None, items)
    row = page.get_by_test_id("save")
    expect(row).to_have_count(1)
    expect(row.get_by_test_id("save-title")).to_have_text("Evening game")
    expect(row.get_by_test_id("save-players")).to_contain_text("Ada (Person)")
    expect(row.get_by_test_id("save-players")).to_contain_text("Bot (Easy)")
    expect(row.get_by_test_id("save-progress")).to_contain_text(f"Moves played: {len(session.state.history)}")

    # rename (kept after a reload)
    row.get_by_test_id("save-rename").click()
    page.get_by_test_id("rename-input").fill("Rainy Sunday")
    page.get_by_test_id("rename-save").click()
    expect(row.get_by_test_id("save-title")).to_have_text("Rainy Sunday")
    page.evaluate("() => { location.hash = '#/'; }")
    page.evaluate("() => { location.hash = '#/saves'; }")  # read back from storage
    expect(page.get_by_test_id("save-title")).to_have_text("Rainy Sunday")

    # export: a .json download holding the record
    with page.expect_download() as info:
        page.get_by_test_id("save-export").click()
    download = info.value
    assert download.suggested_filename.endswith(".json")
    exported = tmp_path / download.suggested_filename
    download.save_as(exported)
    record = json.loads(exported.read_text(encoding="utf-8"))
    assert record["name"] == "Rainy Sunday" and record["game"] == session.state.to_save()

    # delete, after confirming in the dialog (cancel first keeps it)
    page.get_by_test_id("save-delete").click()
    expect(page.get_by_test_id("delete-dialog")).to_be_visible()
    page.get_by_test_id("cancel-delete").click()
    expect(page.get_by_test_id("save")).to_have_count(1)
    page.get_by_test_id("save-delete").click()
    page.get_by_test_id("confirm-delete").click()
    expect(page.get_by_test_id("save")).to_have_count(0)
    expect(page.get_by_test_id("saves-notice")).to_contain_text("Rainy Sunday was deleted")

    # import the exported file back: same game under a fresh id
    page.get_by_test_id("import-file").set_input_files(exported)
    expect(page.get_by_test_id("saves-notice")).to_contain_text("Imported Rainy Sunday")
    expect(page.get_by_test_id("save")).to_have_count(1)
    new_id = page.get_by_test_id("save").get_attribute("data-id")
    assert new_id and new_id != record["id"]

    # resume: the game's screen opens on that very record and plays it at once (no resume offer)
    page.get_by_test_id("save-resume").click()
    expect(page).to_have_url(re.compile(rf"#/{GAME}\?resume={re.escape(new_id)}$"))
    expect(page.get_by_test_id("status")).to_be_visible()
    expect(page.get_by_test_id("resume-offer")).to_have_count(0)
    assert page.evaluate("id => localStorage.getItem('pyapp.owner.' + id)", new_id)  # this table claimed that record


def test_import_by_drag_and_drop_and_bad_files_are_refused(spage: Page) -> None:
    page = spage
    session, items = make_saves(finished=True, title="Dropped")
    record_text = items[PREFIX + session.record_id]
    open_saves(page)
    drop = page.get_by_test_id("import-drop")
    for content, message in [(record_text, "Imported Dropped"), ("{broken", "not valid JSON"),
                             ('{"record": 9}', "newer version")]:
        handle = page.evaluate_handle(
            """text => { const dt = new DataTransfer();
                        dt.items.add(new File([text], 'game.json', {type: 'application/json'})); return dt; }""",
            content)
        drop.dispatch_event("drop", {"dataTransfer": handle})
        expect(page.get_by_test_id("saves-notice")).to_contain_text(message)
    # invalid UTF-8 bytes
    page.get_by_test_id("import-file").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b'{"record": 1, "name": "\xff\xfe"}'}])
    expect(page.get_by_test_id("saves-notice")).to_contain_text("not UTF-8")
    expect(page.get_by_test_id("save")).to_have_count(1)


def test_replay_a_finished_game_in_both_directions(spage: Page) -> None:
    page = spage
    session, items = make_saves(finished=True, title="Replayed")
    replay = Replay(session.record(), session.state)
    total = len(replay)
    open_saves(page, None, items)
    page.get_by_test_id("save-replay").click()
    view = page.get_by_test_id("replay")
    expect(view).to_be_visible()
    expect(page.get_by_test_id("replay-note")).to_contain_text("everything is shown")
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 0 of {total}")
    expect(page.get_by_test_id("replay-back")).to_be_disabled()
    for n in range(1, 4):
        page.get_by_test_id("replay-forward").click()
        expect(page.get_by_test_id("replay-position")).to_have_text(f"Step {n} of {total}")
        expect(page.locator(STEP_SHOWN)).to_have_text(replay.text(n))
    page.get_by_test_id("replay-back").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 2 of {total}")
    expect(page.locator(STEP_SHOWN)).to_have_text(replay.text(2))
    view.press("End")
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step {total} of {total}")
    expect(page.locator(STEP_SHOWN)).to_have_text(replay.text(total))
    expect(page.get_by_test_id("replay-forward")).to_be_disabled()
    view.press("ArrowLeft")
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step {total - 1} of {total}")
    view.press("Home")
    expect(page.locator(STEP_SHOWN)).to_have_text("The start of the game.")
    expect(page.get_by_test_id("replay-board")).to_have_count(len(replay.seats_shown()))
    page.get_by_test_id("replay-close").click()
    expect(page.get_by_test_id("save")).to_have_count(1)


def test_unfinished_replay_shows_only_the_persons_view(spage: Page) -> None:
    page = spage
    session, items = make_saves(finished=False, moves=5)
    open_saves(page, None, items)
    page.get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("replay-note")).to_contain_text("only what Ada could see")
    expect(page.get_by_test_id("replay-board")).to_have_count(1)
    expect(page.get_by_test_id("replay-position")).to_have_text("Step 5 of 5")


def test_corrupted_storage_shows_its_message_and_spoils_nothing_else(spage: Page) -> None:
    page = spage
    session, items = make_saves(finished=False, title="Still fine")
    items[PREFIX + "broken"] = '{"record": 1, "id": "broken"'
    items[PREFIX + "tampered"] = items[PREFIX + session.record_id].replace('"actions":[', '"actions":["nonsense",')
    items["pyapp.stats"] = "]] not statistics"
    open_saves(page, None, items)
    rows = page.get_by_test_id("save")
    expect(rows).to_have_count(3)
    expect(page.locator('[data-id="broken"]').get_by_test_id("save-problem")).to_contain_text("not valid JSON")
    expect(page.locator('[data-id="tampered"]').get_by_test_id("save-problem")).to_contain_text("cannot be replayed")
    expect(page.locator(f'[data-id="{session.record_id}"]').get_by_test_id("save-title")).to_have_text("Still fine")
    expect(page.get_by_test_id("stats-problem")).to_contain_text("Your statistics could not be read.")
    page.locator('[data-id="broken"]').get_by_test_id("save-delete").click()
    page.get_by_test_id("confirm-delete").click()
    expect(rows).to_have_count(2)


def test_markup_in_names_is_shown_as_text_and_runs_nothing(spage: Page) -> None:
    page = spage
    _dialogs.clear()
    page.on("dialog", _record_dialog)
    session, items = make_saves(finished=True, names=(XSS, "Bot"), title=XSS)
    open_saves(page, None, items)
    row = page.get_by_test_id("save")
    expect(row.get_by_test_id("save-title")).to_have_text(XSS)
    expect(row.get_by_test_id("save-players")).to_contain_text(XSS)
    assert page.locator("#view img").count() == 0
    page.get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("replay")).to_contain_text(XSS)
    page.get_by_test_id("replay-forward").click()
    assert page.locator("#view img").count() == 0
    assert _dialogs == []


@pytest.mark.parametrize("game", [g for g in ("dyad", "dieci") if g in NAMES])
def test_replay_of_hidden_information_games_shows_every_seat_once_over(spage: Page, game: str) -> None:
    page = spage
    global GAME
    kept, GAME = GAME, game
    try:
        session, items = make_saves(finished=True, title=f"Old {game}", names=("Ada", "Bot", "Cy", "Di"))
        live, more = make_saves(finished=False, title=f"Live {game}", names=("Ada", "Bot"), seed=8, moves=7)
    finally:
        GAME = kept
    items.update(more)
    replay = Replay(session.record(), session.state)
    open_saves(page, None, items)
    page.locator(f'[data-id="{session.record_id}"]').get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("replay-board")).to_have_count(session.state.players)
    page.get_by_test_id("replay-last").click()
    expect(page.locator(STEP_SHOWN)).to_have_text(replay.text(len(replay)))
    # screen readers hear the cards in words (the symbols are hidden from them)
    expect(page.locator("[data-testid=replay-step] .sr-only")).to_have_text(replay.text(len(replay), spoken=True))
    page.get_by_test_id("replay-back").click()
    expect(page.locator(STEP_SHOWN)).to_have_text(replay.text(len(replay) - 1))
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"saves-replay-{game}.png"), full_page=True)
    page.get_by_test_id("replay-close").click()
    page.locator(f'[data-id="{live.record_id}"]').get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("replay-board")).to_have_count(1)
    expect(page.get_by_test_id("replay-board")).to_have_attribute("data-seat", "0")


@pytest.mark.skipif("dieci" not in NAMES, reason="dieci not registered")
def test_progress_of_an_unfinished_dieci_game_holds_no_secret_goal(spage: Page) -> None:
    """Anyone holding the device reads the list: the scores leave out each seat's secret goal card."""
    names = ("Ada", "Bea", "Cyd", "Dot")
    for seed in range(100):
        store = SaveStore(MemoryBackend())
        session = Session.start("dieci", [Seat(name) for name in names], seed=seed, store=store, name="Goals")
        rng = random.Random(seed)
        while not session.state.is_terminal() and len(session.state.history) < 60:
            session.play(rng.choice(session.state.legal_actions()))
        state = session.state
        secret = [seat for seat in range(4) if state.score_parts(seat)["goal"]]
        if not state.is_terminal() and secret:
            break
    else:
        raise AssertionError("no game in play where a goal card counts")
    session.release()
    open_saves(spage, None, dict(store.backend.items))
    progress = spage.get_by_test_id("save-progress")
    expect(progress).to_contain_text("In progress")
    text = progress.inner_text()
    for seat in range(4):
        parts = state.score_parts(seat)
        assert re.search(rf"\b{names[seat]} {parts['cards'] + parts['characters']}\b", text), text
        if seat in secret:
            assert not re.search(rf"\b{names[seat]} {parts['total']}\b", text), text


@pytest.mark.skipif("dieci" not in NAMES, reason="dieci not registered")
def test_unfinished_hidden_hand_replay_between_people_asks_the_others_to_look_away(spage: Page) -> None:
    page = spage
    global GAME
    kept, GAME = GAME, "dieci"
    try:
        session, items = make_saves(finished=False, moves=4)
    finally:
        GAME = kept
    record = json.loads(items[PREFIX + session.record_id])
    for seat in record["seats"]:
        seat["kind"] = "person"
    items[PREFIX + session.record_id] = json.dumps(record)
    open_saves(page, None, items)
    page.get_by_test_id("save-replay").click()
    expect(page.get_by_test_id("handover")).to_contain_text("Pass the device to Ada")
    expect(page.get_by_test_id("replay")).to_have_count(0)
    page.get_by_test_id("handover-ready").click()
    expect(page.get_by_test_id("replay-board")).to_have_count(1)
    expect(page.get_by_test_id("replay-note")).to_contain_text("only what Ada could see")


def test_storage_unavailable_is_said_and_the_page_works(page: Page, wait_ready) -> None:  # a page of its own
    page.add_init_script("""Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });""")
    page.goto("/#/saves")
    wait_ready(page)
    expect(page.get_by_test_id("saves-unavailable")).to_contain_text("gives the site no storage")
    expect(page.get_by_test_id("stats-problem")).to_have_count(0)
    # a game still starts and is played, and the table says that it is not being saved
    page.evaluate(f"() => {{ location.hash = '#/{GAME}'; }}")
    page.get_by_test_id("start").click()
    expect(page.get_by_test_id("save-problem")).to_contain_text("gives the site no storage")
    page.evaluate("() => { location.hash = '#/'; }")
    expect(page.get_by_test_id("picker")).to_be_visible()


def test_storage_full_is_said_on_import(spage: Page) -> None:
    page = spage
    session, items = make_saves(finished=True, title="Too big")
    open_saves(page)
    page.evaluate("""() => { Storage.prototype.realSetItem = Storage.prototype.setItem;
        Storage.prototype.setItem = function () {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }""")
    try:
        page.get_by_test_id("import-file").set_input_files(files=[{
            "name": "game.json", "mimeType": "application/json",
            "buffer": items[PREFIX + session.record_id].encode()}])
        expect(page.get_by_test_id("saves-notice")).to_contain_text("Storage is full")
        expect(page.get_by_test_id("save")).to_have_count(0)
    finally:
        page.evaluate("() => { Storage.prototype.setItem = Storage.prototype.realSetItem; }")


def test_importing_a_finished_game_beyond_the_bound_deletes_nothing_and_says_so(spage: Page) -> None:
    page = spage
    session, items = make_saves(finished=True, title="Old")
    record = json.loads(items.pop(PREFIX + session.record_id))
    history = {PREFIX + f"old-{n}": json.dumps(dict(record, id=f"old-{n}", updated=1_700_000_000 + n))
               for n in range(MAX_FINISHED)}
    open_saves(page, None, history)
    expect(page.get_by_test_id("save")).to_have_count(MAX_FINISHED)
    page.get_by_test_id("import-file").set_input_files(files=[{
        "name": "game.json", "mimeType": "application/json", "buffer": json.dumps(dict(record, name="New")).encode()}])
    expect(page.get_by_test_id("saves-notice")).to_contain_text("nothing was deleted now")
    expect(page.get_by_test_id("save")).to_have_count(MAX_FINISHED + 1)
    assert page.evaluate("() => Object.keys(localStorage).filter(k => k.startsWith('pyapp.save.old-')).length") == MAX_FINISHED


def _fits_across(page: Page) -> None:
    """Nothing on the screen makes the page scroll sideways (a wide table scrolls in its own region)."""
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), "the page scrolls sideways"


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1280, 800)])
def test_screenshots(spage: Page, width: int, height: int) -> None:
    """The three views of the screen, pictured, and what a person checks on each: the list (a game in
    progress, a finished one, a damaged one said to be so, the statistics counting the finished game),
    a replay two steps in, the delete dialog (Cancel keeps every save); none scrolls sideways."""
    page = spage
    page.set_viewport_size({"width": width, "height": height})
    live, items = make_saves(finished=False, title="Evening game")
    done, more = make_saves(finished=True, title="Last week", names=("Ada", "Cy"), seed=9)
    items.update(more)
    items[PREFIX + "broken"] = "{"
    from pyapp.storage.stats import count_finished
    backend = MemoryBackend()
    count_finished(backend, done.record(), game=GAME, scores=done.state.scores(), winners=done.state.winners())
    items.update(backend.items)
    open_saves(page, None, items)
    expect(page.get_by_test_id("save")).to_have_count(3)
    expect(page.locator(f'[data-id="{live.record_id}"]').get_by_test_id("save-title")).to_have_text("Evening game")
    expect(page.locator(f'[data-id="{done.record_id}"]').get_by_test_id("save-title")).to_have_text("Last week")
    expect(page.locator('[data-id="broken"]').get_by_test_id("save-problem")).to_contain_text("not valid JSON")
    stats = page.locator(f'[data-testid=stats-row][data-game="{GAME}"]')
    expect(stats).to_have_count(1)
    expect(stats.locator("td").nth(1)).to_have_text("1")  # played: the finished game, once
    _fits_across(page)
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"saves-{width}.png"), full_page=True)
    page.locator(f'[data-id="{done.record_id}"]').get_by_test_id("save-replay").click()
    page.get_by_test_id("replay-forward").click()
    page.get_by_test_id("replay-forward").click()
    expect(page.get_by_test_id("replay-position")).to_have_text(f"Step 2 of {len(done.state.history)}")
    expect(page.get_by_test_id("replay-board")).to_be_in_viewport()
    _fits_across(page)
    page.screenshot(path=str(SCREENSHOTS / f"saves-replay-{width}.png"), full_page=True)
    page.get_by_test_id("replay-close").click()
    page.get_by_test_id("save-delete").first.click()
    expect(page.get_by_test_id("delete-dialog")).to_be_visible()
    expect(page.get_by_test_id("confirm-delete")).to_be_in_viewport()
    expect(page.get_by_test_id("cancel-delete")).to_be_in_viewport()
    _fits_across(page)
    page.screenshot(path=str(SCREENSHOTS / f"saves-delete-{width}.png"))
    page.get_by_test_id("cancel-delete").click()
    expect(page.get_by_test_id("delete-dialog")).to_be_hidden()
    expect(page.get_by_test_id("save")).to_have_count(3)
    page.set_viewport_size({"width": 1280, "height": 800})


def _file(record: dict) -> list[dict]:
    return [{"name": "game.json", "mimeType": "application/json", "buffer": json.dumps(record).encode()}]


@pytest.mark.parametrize(("spoil", "reason"), [
    (lambda r: r["seats"][1].update(kind="random"), "could not be finished here"),
    (lambda r: r["game"].update(seed=-5), "deal number is not one this site deals"),
    (lambda r: r["game"].update(actions=["x\n" * 300_000]), "cannot be replayed"),
])
def test_an_import_the_site_could_not_finish_is_refused_in_one_short_line(spage: Page, spoil, reason: str) -> None:
    """Issue 47: refused with a reason, the file quoted in a short excerpt; at 360x640 the list stays in view."""
    page = spage
    page.set_viewport_size({"width": 360, "height": 640})
    session, items = make_saves(finished=False, title="Kept")
    record = json.loads(items[PREFIX + session.record_id])
    spoil(record)
    open_saves(page, None, items)
    page.get_by_test_id("import-file").set_input_files(files=_file(record))
    notice = page.get_by_test_id("saves-notice")
    expect(notice).to_contain_text(reason)
    text = notice.inner_text()
    assert len(text) < 250 and "\n" not in text.strip(), text
    expect(page.get_by_test_id("save")).to_have_count(1)  # nothing stored
    assert notice.evaluate("n => n.getBoundingClientRect().height") < 200  # a few lines, not the file


def test_an_imported_game_says_known_deal_when_its_deal_was_known(spage: Page) -> None:
    """Issue 47: the tag is recomputed: a game that promised no fingerprint is a known deal, whatever the file says."""
    page = spage
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0)
    session = Session.start("dyad", [Seat("Ada"), Seat("Bo", "easy"), Seat("Cy", "easy")], seed=42, store=store,
                            name="Typed", known_deal=True)  # a typed deal number: no fingerprint promised
    record = dict(json.loads(store.backend.items[PREFIX + session.record_id]), known_deal=False)
    open_saves(page)
    page.get_by_test_id("import-file").set_input_files(files=_file(record))
    expect(page.get_by_test_id("saves-notice")).to_contain_text("Imported Typed")
    expect(page.get_by_test_id("save-known-deal")).to_have_count(1)
