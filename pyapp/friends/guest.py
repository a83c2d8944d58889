"""A guest: one person's device in a friends' game, holding only its own seat's view.

The page drives it with the network's events (:meth:`Guest.receive`,
:meth:`Guest.tick` now and then, :meth:`Guest.rejoin` once the link is back)
and the person's choices (:meth:`Guest.act`, :meth:`Guest.dismiss`).  Every
request waits for the host's answer (a message whose ``ack`` reaches its
sequence number) and is sent again, with the same number, after ``timeout``
seconds: the host does nothing twice.  The seat token is the page's to store
(it rejoins with it after a reload).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from pyapp.deals import commitment
from pyapp.friends.audit import Audit, audit
from pyapp.friends.signature import verify
from pyapp.friends.wire import (HOST_TYPES, Act, BadMessage, Commit, Deal, Dismiss, Join, Message, Offer, Record,
                                Refused, Removed, Reveal, Sequence, Sync, View, Welcome, dump, offer_statement, parse,
                                unb64)
from pyapp.registry import LEVELS, PERSON
from pyapp.storage.friends import completed, make_guest_record
from pyapp.storage.hints import MAX_HINTS

HOST_PEER = "host"
_SEAT_KEYS = frozenset(str(seat) for seat in range(16))
"""The seat numbers as kept (JSON keys): "0" to "15", written one way only."""


class Guest:
    """The guest side of the protocol.  ``send(text)`` reaches the host; ``source`` gives random bytes; ``key`` is
    the host's public key from the invite link, ``self_id`` this device's peer id (the page's link gives it)."""

    def __init__(self, *, room: str, secret: str, name: str, send: Callable[[str], None], clock: Callable[[], float],
                 key: bytes, source: Callable[[int], bytes] = secrets.token_bytes, token: str | None = None,
                 timeout: float = 2.0) -> None:
        self.room, self.secret, self.name, self.token = room, secret, name, token
        self.key = key
        self.self_id = ""
        self.forged = 0
        """Offers refused: not signed by the invite's host for this device (another guest posing as the host)."""
        self.send, self.clock, self.source, self.timeout = send, clock, source, timeout
        self.seq = 0
        self.seen = Sequence()
        self.pending: tuple[int, str] | None = None
        self.sent_at = 0.0
        self.seat: int | None = None
        self.game: str | None = None
        self.options: dict[str, Any] = {}
        self.names: list[str] = []
        self.host_seat = 0
        self.value: str | None = None
        self.own_commitment: str | None = None
        self.commitments: dict[int, str] = {}
        self.restarts = 0
        self.committed_restarts: int | None = None
        """The host's restart count when this device last committed: a reopened room gets a fresh value."""
        self.cheated: str | None = None
        """Why the host's deal cannot be trusted (its own commitment missing or changed), else None."""
        self.view: View | None = None
        self.announced: str | None = None
        """The deal's fingerprint as the first view showed it (None in a game without chance)."""
        self.log: list[dict[str, Any]] = []
        """Every view received, in order, duplicates dropped: ``{"observation": dict, "legal": list[str]}`` (the audit's)."""
        self.refusal: str | None = None
        """The host's reason for refusing this guest's last action (None once it is answered otherwise)."""
        self.record: dict[str, Any] | None = None
        """The host's full record, once sent at the end."""
        self.verdict: Audit | None = None
        """This device's audit of :attr:`record` against what it received (:func:`pyapp.friends.audit.audit`)."""
        self.removed = False
        self.offer: Offer | None = None
        """What the host offered this device before it joined (the join screen shows it)."""
        self.hints_allowed = False
        """Whether the host allowed hints (its welcome says)."""
        self.hints_used = 0
        """Hints this device's person asked for (its statistics count the game apart when any were)."""

    # -- requests -------------------------------------------------------------------------------------

    def join(self) -> None:
        """Ask for a seat (or, with a token, for the seat this device had)."""
        self._request(Join(seq=0, room=self.room, secret=self.secret, name=self.name, token=self.token))

    rejoin = join

    def new_host(self) -> None:
        """The link to the host is a new one (its page reopened the room): its messages count from 1 again, and a
        device that has a seat asks for it back."""
        self.seen = Sequence()
        if self.token is not None and not self.removed and self.record is None:
            self.rejoin()

    def act(self, action: str) -> None:
        """Send an action text for this seat, in the position of the latest view."""
        if self.view is None or self.pending is not None:
            raise ValueError("nothing to act on yet" if self.view is None else "the last request is unanswered")
        self.refusal = None
        self._request(Act(seq=0, action=action, moves=self.view.moves))

    def dismiss(self, summary: str) -> None:
        """This person closed the summary ``summary``."""
        self._request(Dismiss(seq=0, summary=summary))

    def _request(self, message: Message) -> None:
        self.seq += 1
        text = dump(type(message)(**{**message.__dict__, "seq": self.seq}))
        self.pending, self.sent_at = (self.seq, text), self.clock()
        self.send(text)

    def tick(self) -> None:
        """Time passed: the unanswered request goes again; with none, a :class:`Sync` asks where things stand."""
        if self.removed or self.record is not None or self.clock() - self.sent_at < self.timeout:
            return
        if self.seat is None and self.pending is None:
            if self.offer is None:  # no host heard yet (its offer lost, or sent before this page listened)
                self.sent_at, self.seq = self.clock(), self.seq + 1
                self.send(dump(Sync(seq=self.seq)))
            return
        if self.pending is None:
            self._request(Sync(seq=0))
        else:
            self.sent_at = self.clock()
            self.send(self.pending[1])

    # -- answers --------------------------------------------------------------------------------------

    def receive(self, text: object) -> None:
        """A message from the host; anything malformed or old is dropped."""
        try:
            message = parse(text, HOST_TYPES)
        except BadMessage:
            return
        if isinstance(message, Offer) and not self.genuine(message):
            self.forged += 1
            return  # not the host's: its number counts for nothing
        if not self.seen.fresh(HOST_PEER, message.seq):
            return
        if isinstance(message, Removed):
            self.removed, self.pending = True, None
            return
        if isinstance(message, Offer):
            self.offer = message
            return
        if self.seat is None and not isinstance(message, Welcome):
            return  # its welcome was lost: the join goes again, and nothing else means anything before it
        ack = getattr(message, "ack", 0)
        if self.pending is not None and ack >= self.pending[0]:
            self.pending = None
        if isinstance(message, Welcome):
            self.seat, self.token, self.game = message.seat, message.token, message.game
            self.options, self.names, self.host_seat = message.options, message.names, message.host
            self.hints_allowed = message.hints
        elif isinstance(message, Deal):
            self._deal(message)
        elif isinstance(message, View):
            self._view(message)
        elif isinstance(message, Refused):
            self.refusal = message.reason
        elif isinstance(message, Record):
            self._record(message.record)

    def genuine(self, offer: Offer) -> bool:
        """Whether ``offer`` was signed by the invite's host for this device: another guest cannot make one, nor pass
        on one it was made (it names that guest's peer id), so it cannot pose as the host to this device."""
        proof = unb64(offer.proof)
        return proof is not None and verify(self.key, offer_statement(self.room, self.self_id), proof)

    def _deal(self, message: Deal) -> None:
        self.restarts = message.restarts
        seat = self.seat if self.seat is not None else -1
        if message.phase == "commit" and self.pending is None and self.committed_restarts != message.restarts:
            self.committed_restarts = message.restarts
            self.value = commitment.draw(self.source)
            self.own_commitment = commitment.commit(self.room, seat, self.value)
            self._request(Commit(seq=0, commitment=self.own_commitment))
        elif message.phase == "reveal" and self.value is not None:
            self.commitments = {int(seat): digest for seat, digest in message.commitments.items()}
            if self.commitments.get(seat) != self.own_commitment:
                self.cheated = "my commitment is missing or changed"
                return
            if self.pending is None:
                self._request(Reveal(seq=0, value=self.value))

    def _view(self, message: View) -> None:
        if self.view is None and not self.log:  # the deal's first view (a reloaded page restored it)
            self.announced = message.fingerprint
        self.view = message
        entry = {"observation": message.observation, "legal": list(message.legal)}
        if not self.log or self.log[-1] != entry:
            self.log.append(entry)

    def _record(self, record: dict[str, Any]) -> None:
        """The host's full record: kept with this device's audit of it (the seat, log, room, value and
        commitments it knows)."""
        assert self.seat is not None  # a record before the welcome is dropped in :meth:`receive`
        self.record = record
        self.verdict = audit(record, self.seat, self.log, self.announced, room=self.room, own_value=self.value,
                             shown=self.commitments)

    # -- kept across a reload ---------------------------------------------------------------------------

    def kept(self) -> dict[str, Any]:
        """What the page keeps beside the seat token so that a reload loses nothing the end's audit needs: this
        device's value and commitment, the commitments it was shown, the restart it committed at, the hints asked."""
        return {"value": self.value, "own": self.own_commitment, "restarts": self.committed_restarts,
                "commitments": {str(seat): digest for seat, digest in self.commitments.items()},
                "hints": self.hints_used}

    def restore(self, kept: dict[str, Any], *, announced: str | None, log: list[dict[str, Any]]) -> None:
        """Take up what :meth:`kept` gave (read back unchecked: checked here) and the views of this device's record."""
        value, own, restarts, shown, hints = (kept.get(key) for key in ("value", "own", "restarts", "commitments",
                                                                        "hints"))
        if commitment.is_value(value) and commitment.is_commitment(own):
            self.value, self.own_commitment = value, own
        if isinstance(restarts, int) and not isinstance(restarts, bool) and 0 <= restarts <= 10_000:
            self.committed_restarts = restarts
        if isinstance(hints, int) and not isinstance(hints, bool) and 0 <= hints <= MAX_HINTS:
            self.hints_used = hints
        if isinstance(shown, dict) and len(shown) <= 16:
            self.commitments = {int(seat): digest for seat, digest in shown.items()
                                if isinstance(seat, str) and seat in _SEAT_KEYS and commitment.is_commitment(digest)}
        self.announced, self.log = announced, list(log)

    # -- saved games ------------------------------------------------------------------------------------

    def saved_record(self, *, record_id: str, created: float, updated: float) -> dict[str, Any] | None:
        """What this device keeps in Saved games: its guest's record (what it was shown) until the end, the host's
        full record in its place once this device's audit passed (a failed audit keeps the guest's record); None
        before the first view.  A computer seat is stored as the weakest level: the guest is not told which."""
        if self.seat is None or self.game is None or self.view is None:
            return None
        computers = set(self.view.computers)
        seats = [{"name": name, "kind": LEVELS[0] if index in computers else PERSON}
                 for index, name in enumerate(self.names)]
        guest = make_guest_record(record_id=record_id, name="", seats=seats, created=created, updated=updated,
                                  game=self.game, options=self.options, seat=self.seat,
                                  host=self.names[self.host_seat] if self.host_seat < len(self.names) else "",
                                  room=self.room, announced=self.announced, received=list(self.log))
        if self.record is not None and self.verdict is not None and self.verdict.ok:
            return completed(guest, self.record, hints_used=self.hints_used)
        return guest


__all__ = ["Guest", "HOST_PEER"]
