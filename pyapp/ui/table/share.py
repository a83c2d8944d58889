"""At a finished game's end: the deal of the day's result, and Challenge a friend (a link to the same deal).

The day's result and Share result sit on the message line; Challenge a friend
sits in the deal's dialog (the fingerprint, the seed and the check), for the
games with a deal: Triad has no chance, so nothing to challenge to.

Both go out through the Web Share API where the browser has it, else to the
clipboard; the text is also shown selected in a read-only field, so it can be
copied by hand when neither works.  The daily result is kept once, for the
day's counted try (:mod:`pyapp.storage.daily`); its share text holds the
game, the day's number, the place and the points, nothing of the cards.
"""

from __future__ import annotations

import asyncio
from typing import Any


from pyapp.deals.challenge import ChallengeError, challenge_link
from pyapp.deals.daily import deal_of, parse_day
from pyapp.i18n import t
from pyapp.play import Session
from pyapp.storage import StorageError
from pyapp.play.daily import load_log, result_of
from pyapp.storage.daily import DailyLog, save_daily
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import h, on
from pyapp.ui.table.table_host import TableHost


def _send(box: Any, status: Any, text: str, url: str | None, keys: tuple[str, str, str]) -> None:
    """Share ``text`` and ``url``, or copy ``url`` (else ``text``); ``status`` says which worked (``keys``: shared, copied, failed)."""
    whole = url or text
    box.value = whole
    box.setAttribute("aria-label", t("challenge.link_label") if url else t("daily.share"))
    box.hidden = False
    box.focus()
    box.select()

    async def send() -> None:
        try:
            shared = await page.share_or_copy({"text": text, **({"url": url} if url else {})}, whole)
            status.textContent = t(keys[0] if shared else keys[1])
        except Exception:  # noqa: BLE001  (cancelled, or no permission: the selected text is there to copy)
            status.textContent = t(keys[2])

    asyncio.ensure_future(send())


SENT = {"challenge": ("challenge.shared", "challenge.copied", "challenge.copy_failed"),
        "daily": ("daily.shared", "daily.copied", "daily.copy_failed")}
"""Each share's status messages: shared, copied, failed."""


def _challenge_link(session: Session) -> str:
    state = session.state
    base = page.site_address()
    return challenge_link(base, state.GAME, [seat.kind for seat in session.seats], dict(state.options), state.seed)


def _daily_of(session: Session, log: DailyLog) -> tuple[Any, bool] | None:
    """The deal of the day this finished game played, and whether it was the counted try; None if it is none."""
    key = log.counted(session.record_id)
    deal = getattr(session, "deal", None)
    if key is not None:
        deal = deal_of(parse_day(key.split("/", 1)[0]))
    if deal is None:
        return None
    return deal, key is not None


def _daily_result(table: TableHost, session: Session) -> tuple[Any, str] | None:
    """A finished deal of the day: its result kept (the counted try, once) and said with the streak, and its share text."""
    from pyapp.ui.table.known_deal import today  # noqa: PLC0415  (one clock for both)

    backend = table.store.backend if table.store is not None else None
    log = load_log(table.store)
    found = _daily_of(session, log)
    if found is None:
        return None
    deal, counted = found
    state = session.state
    result = result_of(state)
    rank, points = result["rank"], result["points"]
    if counted and backend is not None and log.finish(session.record_id, **result):
        try:
            save_daily(backend, log)
        except StorageError:
            pass  # shown now, kept when the store has room again (the next end drawn writes it)
    words = {"number": deal.number, "place": t(f"daily.place.{rank}"), "players": state.players, "points": points}
    text = t("daily.share_text" if counted else "daily.share_text_practice", game=t(f"game.{deal.game}"), **words)
    streak = log.streak(today())
    said = h("div", {"class": "daily-end", "data-testid": "daily-end", "data-counted": "true" if counted else "false"},
             h("p", {"class": "daily-result"}, t("daily.end_counted" if counted else "daily.end_practice", **words)),
             h("p", {"class": "daily-streak", "data-testid": "daily-streak", "data-streak": str(streak)},
               t("daily.streak", n=streak)))
    return said, text


def _field(testid: str) -> tuple[Any, Any]:
    """A read-only field (the text selected, to copy by hand) and a status line, filled by :func:`_send`."""
    box = h("input", {"type": "text", "readonly": True, "class": "share-text", "data-testid": f"{testid}-text",
                      "aria-label": t("challenge.link_label"), "hidden": True})
    return box, h("p", {"class": "share-status", "role": "status", "data-testid": f"{testid}-status"})


def daily_parts(table: TableHost, session: Session) -> list[Any]:
    """What a finished deal of the day adds to the message line: its result, the streak and Share result."""
    daily = _daily_result(table, session)
    if daily is None:
        return []
    said, text = daily
    box, status = _field("share")
    share = h("button", {"type": "button", "class": "primary", "data-testid": "daily-share"}, t("daily.share"))
    on(share, "click", lambda event: _send(box, status, text, None, SENT["daily"]))
    return [said, h("div", {"class": "share-part"}, share), box, status]


def challenge_parts(session: Session) -> list[Any]:
    """Challenge a friend, in a finished game's deal dialog (:mod:`pyapp.ui.table.deal_check`): a link to the same deal.

    None when no link can carry the table (a stored game with a seat a table never seats, the tests' Random
    level): the game's end shows all the rest.
    """
    try:
        link = _challenge_link(session)
    except ChallengeError:
        return []
    game = t(f"game.{session.state.GAME}")
    box, status = _field("challenge")
    challenge = h("button", {"type": "button", "data-testid": "challenge"}, t("challenge.button"))
    on(challenge, "click", lambda event: _send(box, status, t("challenge.share_text", game=game), link, SENT["challenge"]))
    return [h("div", {"class": "share-part"}, challenge), box, status]


__all__ = ["challenge_parts", "daily_parts"]

