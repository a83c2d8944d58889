"""A guest's page of a friends' game (``#/join/<game>/<room>/<secret>``): join, then the host's game on this table.

The join screen (:mod:`pyapp.ui.friends.join`) shows what the host offers; from the
first view on, the ordinary table draws the game from the views the host
sends (:class:`pyapp.friends.remote.RemoteSession`).  The seat token is kept in
this device's storage under the room, so a reload (a phone that slept, a
network that changed) takes the same seat back.  The guest's own record of the
game is saved after every view, and replaced by the host's full record once
this device's audit of it passed.

Which peer is the host: the one whose offer came first.  Only its messages are
read from then on; once it leaves, the next offer (the host's page reopened the
room) is taken, and a device that has a seat rejoins it there.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import time
from typing import Any

from pyapp.friends.guest import Guest
from pyapp.i18n import t
from pyapp.friends.remote import RemoteSession
from pyapp.storage import StorageError
from pyapp.storage.stats import count_finished
from pyapp.storage.friends import SEAT_PREFIX, read_seat, kept_seat_text
from pyapp.storage.store import StaleRecord
from pyapp.storage.versions import CorruptRecord, GuestRecord
from pyapp.ui.browser import routes
from pyapp.ui.browser.dom import h
from pyapp.ui.friends.friends_link import Link, open_link
from pyapp.friends.invite_room import Offer
from pyapp.ui.friends.join import JoinScreen, offer_for
from pyapp.friends.join_link import Invite
from pyapp.ui.browser.local_storage import shared_store

TICK_SECONDS = 0.5
"""How often an unanswered request goes again (the guest's own timeout decides)."""


class GuestPage:
    """The router's screen for a join link: the join screen, then the table, with the link beneath both."""

    def __init__(self, root: Any, invite: Invite, offer: Offer) -> None:
        self.root, self.invite = root, invite
        self.store = shared_store()
        kept = self._kept()
        self.record_id = f"guest-{invite.room}"
        self.created = float(kept.get("created") or time.time())
        self.guest = Guest(room=invite.room, secret=invite.secret, name=str(kept.get("name") or ""),
                           send=self._send, clock=time.time, key=invite.host_key(), source=os.urandom,
                           token=kept.get("token"))
        self._restore(kept)
        self.screen = JoinScreen(root, offer, self._join)
        self.screen.name = self.guest.name
        self.link: Link | None = None
        self.host_peer: str | None = None
        self.impostors: set[str] = set()
        self.host_left = False
        self.table: Any = None
        self.session: RemoteSession | None = None
        self.shown: tuple[Any, ...] = ()
        self.revision: int | None = None
        self.counted = False
        self.closed = False
        self.bar = h("div", {"class": "friends-bar", "data-testid": "friends-bar", "hidden": True})

    # -- this device's seat, kept across reloads ---------------------------------------------------------

    def _kept(self) -> dict[str, Any]:
        """What this device kept of its seat in the room: ``{}`` if nothing (or something unreadable)."""
        try:
            return read_seat(self.store.backend.get(SEAT_PREFIX + self.invite.room) if self.store is not None else None)
        except StorageError:
            return {}

    def _restore(self, kept: dict[str, Any]) -> None:
        """A reloaded page: the protocol's memory back (the value, what it was shown) from the seat and the record."""
        if not kept.get("token") or self.store is None:
            return
        try:
            self.store.read(self.record_id)
            guest = None  # a finished game: the host's record, nothing of the play's memory to restore
        except GuestRecord as stored:
            guest = stored.record["guest"]
        except (KeyError, CorruptRecord, StorageError):
            guest = None
        self.guest.restore(kept.get("protocol") or {}, announced=guest["announced"] if guest else None,
                           log=guest["received"] if guest else [])

    def _keep_seat(self) -> None:
        if self.store is None or self.guest.token is None:
            return
        kept = kept_seat_text(token=self.guest.token, name=self.guest.name, created=self.created,
                         protocol=self.guest.kept())
        try:
            self.store.backend.set(SEAT_PREFIX + self.invite.room, kept)
        except StorageError:
            pass  # this visit keeps the seat; a reload would ask for a name again

    # -- the network --------------------------------------------------------------------------------------

    async def run(self) -> None:
        try:
            self.link = await open_link(self.invite.room, self.invite.secret, message=self._message,
                                        peer=self._peer, error=lambda text: None)
            self.guest.self_id = self.link.self_id  # what the host's offers to this device are signed for
        except Exception:  # noqa: BLE001  (offline, or the module could not be fetched)
            if not self.closed:
                self.screen.update(Offer(self.invite.game, "offline"))
            return
        while not self.closed:
            self.guest.tick()
            await asyncio.sleep(TICK_SECONDS)
        self.link.close()

    def _send(self, text: str) -> None:
        if self.link is not None:
            self.link.send(text, self.host_peer)

    def _message(self, text: str, peer: str) -> None:
        if self.closed or self.link is None or (self.host_peer is not None and peer != self.host_peer):
            return  # only the host's messages are read (and none before this page knows its own peer id)
        if self.host_peer is None and peer in self.impostors:
            return  # a peer whose offer was not the host's: not checked again
        guest = self.guest
        if self.host_peer is None:
            guest.new_host()  # a new link counts its messages from 1
            before, forged = guest.offer, guest.forged
            guest.receive(text)
            if guest.forged != forged:
                self.impostors.add(peer)  # an offer not signed for this device by the invite's host
            if guest.offer is before:
                return  # the first word of a host is its (signed) offer
            self.host_peer, self.host_left = peer, False
            if guest.token is not None:
                guest.rejoin()
        else:
            guest.receive(text)
        self.refresh()

    def _peer(self, peer: str, joined: bool) -> None:
        if not joined and peer == self.host_peer:
            self.host_peer, self.host_left = None, True
            self.refresh()

    # -- what the page shows ------------------------------------------------------------------------------

    def _join(self, name: str) -> None:
        self.guest.name = name
        self.guest.join()
        self.screen.update(Offer(self.invite.game, "joining", *self._offered()))

    def _offered(self) -> tuple[str, int | None, int | None]:
        offer = self.guest.offer
        return (offer.host, offer.seat, offer.players) if offer is not None else ("", None, None)

    def refresh(self) -> None:
        """Draw what the host's last message changed: the offer, the wait for the deal, or the table."""
        if self.closed:
            return
        guest = self.guest
        if guest.removed:
            self._close_table()
            if self.screen.offer.state != "removed":
                self.screen.update(Offer(self.invite.game, "removed"))
            return
        if guest.view is None:
            if guest.seat is not None:
                state = "dealing" if guest.value is not None else "joining"
                self._keep_seat()
            elif guest.offer is None:
                state = self.screen.offer.state  # reaching the host (or offline, as the browser believes)
            else:
                state = "ready" if guest.offer.seat is not None else "full" if guest.token is None else "connecting"
            offer = Offer(self.invite.game, state, *self._offered(), restarts=guest.restarts)
            if offer != self.screen.offer:
                self.screen.update(offer)
            return
        if self.table is None:
            self._open_table()
        view = guest.view
        shown = (view.moves, view.turn, guest.pending is None, guest.record is not None, tuple(view.away),
                 tuple(view.summaries), self.host_left, guest.refusal)
        if shown == self.shown or (view.turn < 0 and guest.record is None):
            return  # nothing new; or the game's end, drawn once the host's record (its deal) has come
        self.shown = shown
        self._keep_seat()
        self.table.error = guest.refusal
        self.table.render()
        self._draw_bar()
        self._save()

    def _open_table(self) -> None:
        from pyapp.ui.table.table import Table  # noqa: PLC0415  (the table comes with the first view)

        ui = importlib.import_module(f"pyapp.ui.games.{self.invite.game}").UI
        self.session = RemoteSession(self.guest, record_id=self.record_id)
        self.session.kept = self._keep_seat
        self.table = Table(self.root, ui, self.store)
        self.table.friends = self
        self.table.turns.remote = self.session.remote_seats()
        self.table.turns.on_dismiss = self.guest.dismiss
        self.root.append(self.bar)
        self.table.begin(self.session)

    def _close_table(self) -> None:
        if self.table is not None:
            self.table.friends = None
            self.table.leave()
            self.table = None

    def _draw_bar(self) -> None:
        """Who the table waits for away from it (the host gone, a friend away), and, at the end, this device's check."""
        guest, lines = self.guest, []
        if self.host_left and guest.record is None:
            lines.append(h("p", {"data-testid": "friends-host-left"}, t("friends.host_left")))
        view = guest.view
        for seat in view.away if view is not None and guest.record is None else ():
            lines.append(h("p", {"data-testid": f"friends-away-{seat}"}, t("friends.away", name=guest.names[seat])))
        verdict = guest.verdict
        if verdict is not None and guest.record is not None:
            if verdict.ok:
                said = [t("audit.ok", seed=guest.record["game"]["seed"], moves=verdict.moves)]
            else:
                said = [t(f"audit.{finding.key}", **finding.params) for finding in verdict.findings]
            said.append(t("join.restarts", n=guest.restarts))
            lines.append(h("div", {"class": "friends-audit", "data-testid": "friends-audit",
                                   "data-ok": "true" if verdict.ok else "false", "role": "status"},
                           h("strong", {}, t("friends.audit_title")), *[h("p", {}, line) for line in said]))
        self.bar.replaceChildren(*lines)
        self.bar.hidden = not lines

    def _save(self) -> None:
        """Keep this device's record of the game: what it was shown, then the host's audited record."""
        if self.store is None or self.revision == -1:
            return
        record = self.guest.saved_record(record_id=self.record_id, created=self.created, updated=time.time())
        if record is None:
            return
        try:
            written = self.store.write(record, expect=self.revision if self.revision is not None
                                       else self._stored_revision(), history=True)
        except StaleRecord:
            self.revision = -1  # another tab of this device plays the seat: it keeps the record
            return
        except StorageError:
            return  # full: the next view tries again
        self.revision = written["revision"]
        if written.get("kind") == "game" and written.get("finished") and not self.counted and self.session is not None:
            state = self.session.state
            try:
                count_finished(self.store.backend, written, game=self.invite.game, scores=state.scores(),
                               winners=state.winners())
                self.counted = True
            except StorageError:
                pass  # counted with the next view's write, or never: the game itself is kept

    def _stored_revision(self) -> int | None:
        revisions = self.store.revisions(self.record_id) if self.store is not None else None
        return None if revisions is None else revisions[0]

    def end_actions(self) -> list[Any]:
        """A guest's end: the games, and Saved games (where the whole game is kept for replay and review)."""
        return [h("a", {"class": "button primary", "href": routes.href("saves"), "data-testid": "friends-saves"},
                  t("friends.saved_games")),
                h("a", {"class": "button", "href": routes.href("picker"), "data-testid": "new-game"}, t("join.home"))]

    # -- the router's screen ----------------------------------------------------------------------------

    def leave(self) -> None:
        self.closed = True
        self._close_table()
        if self.link is not None:
            self.link.close()

    def close(self) -> None:
        """The table left (the router's screen leaves with it)."""
        self.closed = True

    def redraw(self) -> None:
        if self.table is not None:
            self.table.redraw()
            self._draw_bar()
        else:
            self.screen.redraw()

    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab's storage writes do not concern a guest's table: the host holds the game."""


def render(root: Any, params: dict[str, str]) -> GuestPage | JoinScreen:
    """The router's view of ``#/join/<game>/<room>/<secret>``."""
    invite, offer = offer_for(params.get("token", ""))
    if invite is None:
        screen = JoinScreen(root, offer, lambda name: None)
        screen.redraw()
        return screen
    page = GuestPage(root, invite, offer)
    page.screen.redraw()
    asyncio.ensure_future(page.run())
    return page


__all__ = ["GuestPage", "render"]
