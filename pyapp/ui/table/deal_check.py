"""The deal on the table: its fingerprint before the first card, "Check this deal" at the end (issue 32).

While a game with chance is played the message line carries a small chip:
the deal's fingerprint (its first 12 hex characters, :mod:`pyapp.deals`) or
"Known deal" when the player could know the seed.  The seed itself never
reaches the page while the game is on.  Once it is over the chip becomes a
button that opens a dialog with the whole fingerprint, the seed next to it and
"Check this deal": the stored record is checked (:func:`pyapp.deals.verify.check`)
and the verdict is said in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pyapp.deals.fingerprint import short
from pyapp.deals.verify import Verdict, check
from pyapp.i18n import t
from pyapp.play import Session
from pyapp.storage import SaveStore
from pyapp.storage.migrate import migrate
from pyapp.storage.records import MAX_RECORD_CHARS
from pyapp.storage.safejson import UnsafeJSON, loads
from pyapp.storage.store import PREFIX
from pyapp.storage.versions import CorruptRecord
from pyapp.ui.browser.dom import h, on
from pyapp.ui.table.sheet import sheet

_verdicts: dict[str, Verdict] = {}
"""The last check of each game this page checked, so a redraw (a language switch) says it again."""
NOTES = ("known_deal", "no_fingerprint")
"""Findings that say what was not promised rather than what differs."""


def deal_chip(session: Session, store: SaveStore | None, ending: Sequence[Any] = ()) -> Any:
    """The chip of the message line: fingerprint or known deal in play, the deal's dialog at the end; else None.

    ``ending``: what else the end's dialog holds (Challenge a friend, :mod:`pyapp.ui.table.share`).
    """
    state = session.state
    if not state.TYPE.has_chance:
        return None
    if state.is_terminal():
        return _end(session, store, ending)
    if session.known_deal:
        return h("span", {"class": "deal-chip known", "data-testid": "known-deal", "title": t("deal.known_label")},
                 t("deal.known"))
    if session.fingerprint is None:
        return None  # an older game: it made no promise, so nothing is shown
    code = short(session.fingerprint)
    return h("span", {"class": "deal-chip", "data-testid": "deal-fingerprint", "data-fingerprint": code,
                      "title": session.fingerprint,  # the whole of it, for whoever wants to note it down
                      "role": "note", "aria-label": t("deal.fingerprint_label", code=code)},
             h("span", {"aria-hidden": "true"}, t("deal.fingerprint"), " ", h("code", {}, code)))


def fingerprint_note(fingerprint: str | None) -> Any:
    """The whole fingerprint, for the sheet that shows it in full during the game (Dyad's score sheet, Dieci's log)."""
    if fingerprint is None:
        return None
    return h("p", {"class": "deal-note", "data-testid": "deal-fingerprint-sheet"},
             t("deal.end_fingerprint"), ": ", h("code", {}, fingerprint))


def _end(session: Session, store: SaveStore | None, ending: Sequence[Any]) -> Any:
    """The button and dialog of a finished game's deal: fingerprint, seed, the check and its verdict."""
    promised = session.fingerprint
    rows = [h("dt", {}, t("deal.end_seed")), h("dd", {"data-testid": "deal-seed"}, str(session.state.seed))]
    if promised is not None:
        rows[:0] = [h("dt", {}, t("deal.end_fingerprint")),
                    h("dd", {"data-testid": "deal-fingerprint-full"}, h("code", {}, promised))]
    intro = h("p", {}, t("deal.known_label" if session.known_deal else "deal.end_none")) if promised is None else None
    verdict = h("div", {"class": "deal-verdict", "data-testid": "deal-verdict", "role": "status"})
    run = h("button", {"type": "button", "class": "primary", "data-testid": "deal-check"}, t("deal.check"))
    record_id = session.record_id

    def checked(event: Any = None) -> None:
        _verdicts[record_id] = check(_stored(store, record_id) or session.record())
        _say(verdict, _verdicts[record_id], session.state.seed)

    on(run, "click", checked)
    if record_id in _verdicts:
        _say(verdict, _verdicts[record_id], session.state.seed)
    label = [t("deal.end_title"), " ", h("code", {}, short(promised))] if promised else t("deal.end_title")
    button, dialog = sheet("deal", t("deal.end_title"), intro, h("dl", {"class": "deal-facts"}, *rows), run, verdict,
                           *ending,
                           label=label)
    return h("span", {"class": "deal-chip over"}, button, dialog)


def _stored(store: SaveStore | None, record_id: str) -> dict[str, Any] | None:
    """The game's record as stored (not rebuilt from memory), upgraded but not trusted; None if unreadable."""
    text = store.backend.get(PREFIX + record_id) if store is not None else None
    if not isinstance(text, str):
        return None
    try:
        return migrate(loads(text, max_chars=MAX_RECORD_CHARS))
    except (UnsafeJSON, CorruptRecord):
        return None


def verdict_sentences(verdict: Verdict, seed: int) -> list[str]:
    """The verdict in words: what was not promised, then either all is well or each thing that differs."""
    notes = [t(f"check.{f.key}", **f.params) for f in verdict.findings if f.key in NOTES]
    problems = [t(f"check.{f.key}", **f.params) for f in verdict.findings if f.key not in NOTES]
    if verdict.ok:
        kept = t("check.ok", seed=seed, moves=verdict.moves) if verdict.promise == "kept" else \
            t("check.ok_plays", moves=verdict.moves)
        return [*notes, kept]
    return [*notes, t("check.differs"), *problems]


def _say(box: Any, verdict: Verdict, seed: int) -> None:
    box.replaceChildren()
    box.setAttribute("data-ok", "true" if verdict.ok else "false")
    box.setAttribute("data-promise", verdict.promise)
    box.setAttribute("data-findings", ",".join(f.key for f in verdict.findings))
    for sentence in verdict_sentences(verdict, seed):
        box.append(h("p", {}, sentence))


__all__ = ["deal_chip", "fingerprint_note", "verdict_sentences"]
