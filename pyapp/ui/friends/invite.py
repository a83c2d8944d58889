"""The host's invite and waiting seats: the link (shared or copied), its QR code, and each seat as it fills.

Drawn from a :class:`~pyapp.friends.invite_room.HostRoom` and callbacks, so the host/guest
protocol can feed it: :meth:`InvitePanel.update` takes the room after a guest joined
(or left), redraws the seats in place and says the change in the table's live region.
The host may give an empty invited seat to a computer; Start is enabled once every
invited seat is filled.  A guest's name is text, never markup.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyapp.i18n import t
from pyapp.registry import TABLE_LEVELS
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import clear, h, on
from pyapp.ui.friends.invite_code import draw_code
from pyapp.friends.invite_room import COMPUTER, HOST, HostRoom, WaitingSeat
from pyapp.ui.table.table_host import TableHost

DEFAULT_LEVEL = "normal"
"""The level an empty seat is offered to, as the set-up's computers start."""


class InvitePanel:
    """The host's waiting room on ``table``: ``give(seat, level)`` and ``start()`` are the host's choices."""

    def __init__(self, table: TableHost, room: HostRoom, *, give: Callable[[int, str], None],
                 start: Callable[[], None], back: Callable[[], None]) -> None:
        self.table, self.room = table, room
        self._give, self._start, self._back = give, start, back
        self.seats_box: Any = None
        self.start_button: Any = None

    def show(self) -> None:
        """Draw the whole panel (again, after a language switch)."""
        room = self.room
        link = h("input", {"type": "text", "readonly": True, "class": "invite-link", "value": room.link,
                           "id": "invite-link", "data-testid": "invite-link", "spellcheck": "false"})
        on(link, "focus", lambda event: link.select())
        status = h("p", {"class": "share-status", "role": "status", "data-testid": "invite-share-status"})
        can_share = page.can_share()
        send = h("button", {"type": "button", "data-testid": "invite-share"},
                 t("invite.share" if can_share else "invite.copy"))
        on(send, "click", lambda event: asyncio.ensure_future(self._send(link, status)))
        code = h("div", {"class": "invite-qr", "data-testid": "invite-qr", "data-state": "loading"},
                 t("invite.qr_loading"))
        self.seats_box = h("ol", {"class": "invite-seats", "data-testid": "invite-seats", "aria-label": t("invite.seats")})
        hint = h("p", {"class": "invite-start-hint", "id": "invite-start-hint"}, t("invite.start_waiting"))
        self.start_button = h("button", {"type": "button", "class": "primary", "data-testid": "invite-start",
                                         "aria-describedby": "invite-start-hint"}, t("invite.start"))
        on(self.start_button, "click", lambda event: self._start())
        back = h("button", {"type": "button", "class": "secondary", "data-testid": "invite-back"}, t("invite.back"))
        on(back, "click", lambda event: self._back())
        self._draw_seats()
        self.table.show(h("section", {"class": "panel invite", "data-testid": "invite", "aria-labelledby": "invite-title"},
                          h("h2", {"id": "invite-title"}, t("invite.title", game=t(f"game.{room.game}"))),
                          h("div", {"class": "invite-top"}, code,
                            h("div", {"class": "invite-share"},
                              h("label", {"for": "invite-link", "class": "invite-link-label"}, t("invite.link_label")),
                              link, send, h("p", {"class": "invite-intro"}, t("invite.intro"), " ", t("invite.network")))),
                          status,
                          self.seats_box,
                          h("div", {"class": "invite-actions"}, self.start_button, back), hint),
                        self.show)
        asyncio.ensure_future(draw_code(code, room.link))

    def update(self, room: HostRoom) -> None:
        """The room changed (a guest joined or left, a seat was given): redraw the seats and say what changed."""
        old, self.room = self.room, room
        for n, (was, now) in enumerate(zip(old.seats, room.seats)):
            if was == now:
                continue
            if now.kind == COMPUTER:
                self.table.say(t("invite.seat_given", n=n + 1))
            elif now.name:
                self.table.say(t("invite.seat_filled", name=now.name, n=n + 1))
        self._draw_seats()

    def _draw_seats(self) -> None:
        clear(self.seats_box)
        for n, seat in enumerate(self.room.seats):
            self.seats_box.append(self._seat_row(n, seat))
        ready = self.room.ready
        self.start_button.disabled = not ready
        self.seats_box.dataset.open = str(len(self.room.open_seats))

    def _seat_row(self, n: int, seat: WaitingSeat) -> Any:
        """One seat: who sits there, or (an empty invited seat) waiting, with Give to a computer."""
        if seat.kind == HOST:
            said, state = t("invite.host", name=seat.name), "host"
        elif seat.kind == COMPUTER:
            level = t(f"level.{seat.level}")
            said = f"{seat.name} · {t('invite.computer', level=level)}" if seat.name else t("invite.computer", level=level)
            state = "computer"
        elif seat.name:
            said, state = t("invite.joined", name=seat.name), "joined"
        else:
            said, state = t("invite.waiting"), "waiting"
        row = h("li", {"class": f"invite-seat {state}", "data-testid": f"invite-seat-{n}", "data-state": state},
                h("span", {"class": "invite-seat-n"}, t("invite.seat_n", n=n + 1)), h("span", {"class": "invite-seat-who"}, said))
        if state == "waiting":
            level = h("select", {"data-testid": f"invite-level-{n}", "aria-label": t("invite.give_level", n=n + 1)},
                      *[h("option", {"value": k, **({"selected": ""} if k == DEFAULT_LEVEL else {})}, t(f"level.{k}"))
                        for k in TABLE_LEVELS])
            give = h("button", {"type": "button", "data-testid": f"invite-give-{n}",
                                "aria-label": t("invite.give_label", n=n + 1)}, t("invite.give"))
            on(give, "click", lambda event: self._give(n, str(level.value)))
            row.append(h("span", {"class": "invite-give"}, level, give))
        return row

    async def _send(self, link: Any, status: Any) -> None:
        """Share the link (Web Share API) or copy it; the field stays selected to copy by hand if both fail."""
        link.focus()
        link.select()
        try:
            data = {"title": t("invite.title", game=t(f"game.{self.room.game}")), "url": self.room.link}
            shared = await page.share_or_copy(data, self.room.link)
            status.textContent = t("invite.shared" if shared else "invite.copied")
        except Exception:  # noqa: BLE001  (cancelled, or no permission: the selected field is there to copy)
            status.textContent = t("invite.copy_failed")


__all__ = ["InvitePanel"]
