"""The host's page of a friends' game: the room and its invite, the fair deal, then the game on this table.

:func:`open_room` is the set-up's Start when a seat is a friend's; :func:`reopen`
takes a hosted game up again from Saved games (the guests rejoin with their
link).  The page runs the one engine (:class:`pyapp.friends.host.Host`) and
feeds it the network's events; the table is the ordinary one, told which seats
play elsewhere (``Turns.remote``) and which friends still read a summary
(``Turns.readers``), so the host's computers wait for them.  Every move is
saved as the host's record (:class:`pyapp.friends.host.HostedSession`).
"""

from __future__ import annotations

import asyncio
import os
import time
from typing import Any


from pyapp.friends.host import COMMIT, FRIEND, HOST, REVEAL, SEATING, Host, RoomSeat
from pyapp.i18n import t
from pyapp.registry import PERSON
from pyapp.storage import StorageError
from pyapp.storage.friends import HOST_KEY_PREFIX, read_host_key
from pyapp.ui.browser.page import address
from pyapp.ui.browser.dom import found, h, on
from pyapp.ui.friends.friends_link import Link, open_link
from pyapp.ui.friends.invite import InvitePanel
from pyapp.friends.invite_room import COMPUTER, INVITED, HostRoom, WaitingSeat
from pyapp.friends.join_link import new_invite
from pyapp.ui.table.table_host import TableHost

TICK_SECONDS = 1.0
"""How often the room's clock runs (deal deadlines, seats away too long)."""


class HostPage:
    """One room on ``table``: the invite while seats fill, then the game, with the link beneath both."""

    def __init__(self, table: TableHost, host: Host, link_text: str) -> None:
        self.table, self.host, self.link_text = table, host, link_text
        self.link: Link | None = None
        self.panel: InvitePanel | None = None
        self.network = "connecting"
        """``connecting``, ``open`` or ``failed``: what the invite says of the link."""
        self.playing = False
        self.shown: tuple[Any, ...] = ()
        self.bar = h("div", {"class": "friends-bar", "data-testid": "friends-bar", "hidden": True})
        table.root.append(self.bar)
        table.friends = self

    # -- the network ------------------------------------------------------------------------------------

    async def run(self) -> None:
        """Open the link, then keep the room's clock until the table leaves."""
        try:
            self.link = await open_link(self.host.room, self.host.secret, message=self._message,
                                        peer=self._peer, error=lambda text: None)
        except Exception:  # noqa: BLE001  (offline, or the module could not be fetched)
            self.network = "failed"
            self.refresh()
            return
        self.network = "open"
        self.refresh()
        while not self.table.closed:
            await asyncio.sleep(TICK_SECONDS)
            self.host.tick()
            self.refresh()
        self.link.close()

    def send(self, text: str, peer: str) -> None:
        if self.link is not None:
            self.link.send(text, peer)

    def _message(self, text: str, peer: str) -> None:
        self.host.receive(text, peer)
        self.refresh()

    def _peer(self, peer: str, joined: bool) -> None:
        if joined:
            self.host.peer_joined(peer)
        else:
            self.host.peer_left(peer)
        self.refresh()

    # -- what the page shows ------------------------------------------------------------------------------

    def room(self) -> HostRoom:
        """The waiting room as the invite draws it, from the host's seats."""
        seats = []
        for seat in self.host.seats:
            if seat.kind == HOST:
                seats.append(WaitingSeat(seat.name, "host"))
            elif seat.kind == FRIEND:
                seats.append(WaitingSeat(seat.name if seat.token else "", INVITED))
            else:
                seats.append(WaitingSeat(seat.name, COMPUTER, seat.kind))
        return HostRoom(self.host.game, self.link_text, tuple(seats))

    def show_invite(self) -> None:
        self.panel = InvitePanel(self.table, self.room(), give=self._give, start=self._start, back=self._back)
        self.panel.show()
        self._network_line()

    def refresh(self) -> None:
        """Draw what changed: the waiting seats, the deal's progress, or the game (a friend's move, a seat away)."""
        if self.table.closed:
            return
        host = self.host
        if host.phase == SEATING:
            room = self.room()
            if self.panel is not None and room != self.panel.room:  # redrawn on a change only: a focused Give stays
                self.panel.update(room)
            self._network_line()
            return
        if host.phase in (COMMIT, REVEAL):
            self._dealing()
            return
        table, session = self.table, host.session
        assert session is not None
        table.turns.remote = host.remote()
        if not self.playing:
            self.playing = True
            table.turns.readers = host.readers
            table.turns.on_dismiss = lambda summary: host.dismiss(host.host_seat, summary)
            table.begin(session)
        shown = (len(session.state.history), tuple(host.readers()), tuple(host.away()),
                 tuple(seat.kind for seat in session.seats), session.state.is_terminal())
        if shown != self.shown:
            moved = not self.shown or shown[0] != self.shown[0] or shown[3] != self.shown[3]
            self.shown = shown
            if moved and not table.thinking:
                table.render_or_schedule()
            elif table.thinking:
                table.pacing.wake()  # a friend closed the summary the computers waited on
                table.redraw_status()
            self._draw_bar()

    def _network_line(self) -> None:
        """The invite's line about the link: reaching the network, open, or failed (with what to do)."""
        box = self.table.body.querySelector("[data-testid=invite]")
        if not found(box):
            return
        line = box.querySelector("[data-testid=invite-network]")
        if found(line) and str(line.dataset.state) == self.network:
            return
        said = h("p", {"class": "invite-network", "role": "status", "data-testid": "invite-network",
                       "data-state": self.network}, t(f"friends.network_{self.network}"))
        if found(line):
            line.replaceWith(said)
        else:
            box.append(said)

    def _dealing(self) -> None:
        """Between Start and the first card: everyone's device adds its share to the deal."""
        if found(self.table.body.querySelector("[data-testid=friends-dealing]")):
            return
        self.panel = None
        self.table.show(h("section", {"class": "panel", "data-testid": "friends-dealing"},
                          h("h2", {}, t("friends.dealing_title")), h("p", {"role": "status"}, t("friends.dealing"))),
                        self._dealing)

    def _draw_bar(self) -> None:
        """Under the table: each seat whose friend is away (waited for, with Let a computer play), and the friends
        at the table, each of whom the host may remove (a computer takes the seat)."""
        host = self.host
        lines = []
        for seat in host.away():
            give = h("button", {"type": "button", "data-testid": f"friends-give-{seat}"}, t("friends.give_away"))
            on(give, "click", lambda event, seat=seat: self._give_away(seat))
            lines.append(h("p", {"class": "friends-away", "role": "status", "data-testid": f"friends-away-{seat}"},
                           h("span", {}, t("friends.away", name=host.seats[seat].name)), " ", give))
        here = [seat for seat in host.remote() if seat not in host.away()]
        if here and not lines and not host.session.state.is_terminal():  # one line at a time at the table's foot
            rows = []
            for seat in here:
                remove = h("button", {"type": "button", "data-testid": f"friends-remove-{seat}"},
                           t("friends.remove", name=host.seats[seat].name))
                on(remove, "click", lambda event, seat=seat: self._remove(seat))
                rows.append(h("li", {}, remove))
            lines.append(h("details", {"class": "friends-manage", "data-testid": "friends-manage"},
                           h("summary", {}, t("friends.manage", n=len(here))), h("p", {}, t("friends.remove_note")),
                           h("ul", {}, *rows)))
        self.bar.replaceChildren(*lines)
        self.bar.hidden = not lines

    # -- the host's choices ---------------------------------------------------------------------------------

    def _give(self, seat: int, level: str) -> None:
        self.host.give_to_computer(seat, level)
        self.refresh()

    def _give_away(self, seat: int) -> None:
        if seat in self.host.away():
            self.host.give_to_computer(seat)
            self.refresh()

    def _remove(self, seat: int) -> None:
        """The host removes a friend from the game: told so, its seat a computer's from the next decision."""
        if seat in self.host.remote():
            self.host.remove(seat)
            self.table.say(t("friends.removed", name=self.host.seats[seat].name))
            self.refresh()

    def _start(self) -> None:
        if self.host.phase == SEATING and self.host.invited_filled():
            self.host.start()
            self.refresh()

    def _back(self) -> None:
        """Back to the set-up: the room closes (nobody was dealt anything yet)."""
        self.close()
        self.table.show_setup()

    def close(self) -> None:
        if self.link is not None:
            self.link.close()
        self.table.friends = None
        self.bar.remove()

    def end_actions(self) -> list[Any]:
        """The end of a hosted game: a new room for the same seats, or the set-up."""
        again = h("button", {"class": "primary", "data-testid": "friends-again"}, t("friends.again"))
        seats = [(seat.name, PERSON if seat.kind == HOST else FRIEND if seat.kind == FRIEND else seat.kind)
                 for seat in self.host.seats]
        on(again, "click", lambda event: self._again(seats))
        other = h("button", {"data-testid": "new-game"}, t("table.new_game"))
        on(other, "click", lambda event: self._back())
        return [again, other]

    def _again(self, seats: list[tuple[str, str]]) -> None:
        self.close()
        open_room(self.table, [(name if kind != FRIEND else "", kind) for name, kind in seats], self.host.options,
                  allow_hints=self.host.allow_hints)


def _seat(name: str, kind: str) -> RoomSeat:
    return RoomSeat(HOST if kind == PERSON else kind, name)


def open_room(table: TableHost, seats: list[tuple[str, str]], options: dict[str, Any], *,
              allow_hints: bool) -> HostPage:
    """Start a room for ``seats`` (``(name, kind)``: one person, this device's, friends and computers): the invite.

    ``allow_hints``: the set-up's choice, for every person at the table (each finds hints on its own device)."""
    signing = os.urandom(32)
    invite = new_invite(table.ui.game, os.urandom, signing)
    _keep_key(table, invite.room, signing)
    page = _page(table, Host(game=table.ui.game, options=options, seats=[_seat(*seat) for seat in seats],
                             send=lambda text, peer: page.send(text, peer), clock=time.time, source=os.urandom,
                             room=invite.room, secret=invite.secret, summary_key=table.turns.summary_key,
                             record_id=f"friends-{invite.room}", store=table.store, allow_hints=allow_hints,
                             signing=signing),
                 invite.link(address()))
    page.show_invite()
    return page


def reopen(table: TableHost, record_id: str) -> HostPage | None:
    """Take a hosted game up again from its saved record: the room opens, its guests rejoin with their link."""
    store = table.store
    try:
        record, _ = store.read(record_id) if store is not None else (None, None)
    except (KeyError, ValueError, StorageError):
        record = None
    if record is None or not record.get("room_keys"):
        table.show_setup()
        return None
    room = record["friends"]["room"]
    try:
        signing = read_host_key(store.backend.get(HOST_KEY_PREFIX + room))
    except StorageError:
        signing = None
    if signing is None:  # the key is gone (storage cleared under the record): the guests' links cannot find this room
        signing = os.urandom(32)
        _keep_key(table, room, signing)
    page = _page(table, Host.restore(record, send=lambda text, peer: page.send(text, peer), clock=time.time,
                                     source=os.urandom, summary_key=table.turns.summary_key, store=store,
                                     signing=signing),
                 "")
    page.refresh()
    return page


def _keep_key(table: TableHost, room: str, signing: bytes) -> None:
    """Keep the room's signing key beside its record, so that a reopened room is the one its links name."""
    if table.store is None:
        return
    try:
        table.store.backend.set(HOST_KEY_PREFIX + room, signing.hex())
    except StorageError:
        pass  # full: this visit hosts; a reopened room would not be found by its links (nor is its record saved)


def _page(table: TableHost, host: Host, link_text: str) -> HostPage:
    page = HostPage(table, host, link_text)
    asyncio.ensure_future(page.run())
    return page


__all__ = ["HostPage", "open_room", "reopen"]
