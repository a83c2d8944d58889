"""A guest's join screen (``#/join/<game>/<room>/<secret>``): the game, the host's name, the seat offered, a name, Join.

Drawn from an :class:`~pyapp.friends.invite_room.Offer` and a ``join(name)`` callback, so
the host/guest protocol can feed it through :meth:`JoinScreen.update`; until it
does, the screen says it is reaching the host (or that the device is offline).
A wrong or tampered link is refused in words before anything is fetched.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.i18n import t
from pyapp.ui.browser import page, routes
from pyapp.ui.browser.dom import Prevent, clear, h, on
from pyapp.friends.invite_room import Offer
from pyapp.friends.join_link import Invite, JoinLinkError, parse_join

STATE_KEYS = {"connecting": "join.connecting", "joining": "join.joining", "dealing": "join.dealing",
              "offline": "join.offline", "full": "join.full", "closed": "join.closed", "removed": "join.removed"}
"""The line each state shows (``ready`` shows the offer and the form; ``bad-link`` its problem)."""


class JoinScreen:
    """The join screen in ``root``; ``join(name)`` is called when the guest presses Join with a name."""

    def __init__(self, root: Any, offer: Offer, join: Callable[[str], None]) -> None:
        self.root, self.offer, self._join = root, offer, join
        self.name = ""

    def update(self, offer: Offer) -> None:
        """Where joining is now (the protocol's news): draw it, keeping the name typed so far."""
        self.offer = offer
        self.redraw()

    def redraw(self) -> None:
        """Draw the screen (again, in the language chosen now)."""
        offer = self.offer
        clear(self.root)
        if offer.state == "bad-link":
            title, said = t("join.bad_title"), t(offer.problem or "join.bad_link")
        else:
            title, said = t("join.title", game=t(f"game.{offer.game}")), t(STATE_KEYS[offer.state]) if offer.state != "ready" else ""
            if offer.state == "dealing":
                said += " " + t("join.restarts", n=offer.restarts)
        state = h("p", {"class": "join-state", "role": "status", "data-testid": "join-state", "data-state": offer.state}, said)
        parts: list[Any] = [h("h2", {}, title)]
        if offer.host and offer.seat is not None:
            parts.append(h("p", {"class": "join-offer", "data-testid": "join-offer"},
                           t("join.offer", host=offer.host, seat=offer.seat + 1, players=offer.players or "?")))
        parts.append(state)
        if offer.state == "ready":
            parts.append(self._form())
        if offer.state in ("bad-link", "full", "closed", "removed"):
            parts.append(h("p", {}, h("a", {"class": "button", "href": routes.href("picker"), "data-testid": "join-home"},
                                      t("join.home"))))
        self.root.append(h("section", {"class": "panel join", "data-testid": "join"}, *parts))

    def _form(self) -> Any:
        name = h("input", {"type": "text", "id": "join-name", "maxlength": "24", "autocomplete": "nickname",
                           "data-testid": "join-name", "value": self.name or None})
        problem = h("p", {"class": "error", "id": "join-problem", "role": "alert", "data-testid": "join-problem"})
        button = h("button", {"type": "submit", "class": "primary", "data-testid": "join-join"}, t("join.join"))
        form = h("form", {"class": "join-form"}, h("label", {"for": "join-name"}, t("join.name")), name, button, problem)

        def submit(event: Any) -> None:
            self.name = str(name.value).strip()[:24]
            if not self.name:
                problem.textContent = t("join.name_missing")
                name.setAttribute("aria-invalid", "true")
                name.setAttribute("aria-describedby", "join-problem")
                name.focus()
                return
            self._join(self.name)

        on(form, "submit", submit, prevent=Prevent())  # the page stays: nothing is sent anywhere
        return form


def offer_for(token: str) -> tuple[Invite | None, Offer]:
    """The invite a join route names and the offer to show first: reaching the host, offline, or the link refused."""
    try:
        invite = parse_join(token)
    except JoinLinkError as error:
        return None, Offer("", "bad-link", problem=error.key)
    return invite, Offer(invite.game, "connecting" if page.online() else "offline")


__all__ = ["JoinScreen", "offer_for"]
