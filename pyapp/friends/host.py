"""The host: the referee of a friends' game, holding the room, the fair deal and the one engine.

The host's page runs the game through a :class:`pyapp.play.Session` (no undo)
and drives this object with the network's events: :meth:`Host.receive` for a
guest's text, :meth:`Host.peer_left` when a link drops, :meth:`Host.tick` now
and then.  Everything it sends goes through ``send(text, peer)``.

After every change each guest gets its own :class:`~pyapp.friends.wire.View`:
``state.observation(seat)``, the legal action texts only when it is that
seat's decision, whose turn, the fingerprint (from the deal on), the seats
waited for and the seats whose summary is still open.  No separate events:
the table draws motion, the log and what it says from the difference between
two observations, so the observation is enough.  A guest never gets another
seat's observation, any value but its own, or the seed before the end; then
it gets the whole :meth:`Host.final_record`.

One record shape: :meth:`Host.saved_record` is the storage record
(:func:`pyapp.storage.records.make_record` with the ``friends`` block,
``device_seat`` and ``room_keys``) that the host's device keeps and
:meth:`Host.restore` reopens; :meth:`Host.final_record` is that record without
the room keys (:func:`pyapp.storage.friends.shared`), what every guest audits.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyapp.engine.errors import IllegalMoveError
from pyapp.deals import commitment
from pyapp.friends.signature import public_key, sign
from pyapp.friends.wire import (GUEST_TYPES, Act, BadMessage, Commit, Deal, Dismiss, Join, Message, Offer, RateLimit,
                                Record, Refused, Removed, Reveal, Sequence, Sync, View, Welcome, b64, dump,
                                offer_statement, parse)
from pyapp.deals.fingerprint import of_save
from pyapp.games import load, new_game
from pyapp.engine.state import Action
from pyapp.play.session import Seat, Session
from pyapp.registry import FRIEND, LEVELS, PERSON
from pyapp.storage import SaveStore
from pyapp.storage.friends import shared
from pyapp.storage.hints import default_hints
from pyapp.storage.records import make_record

MAX_PROOFS = 256
"""Offer signatures kept (one per device that reached the room); past that the cache starts again."""
HOST = "host"
"""A room's seat kind beside the computer levels and :data:`~pyapp.registry.FRIEND`: this device's person."""
SEATING, COMMIT, REVEAL, PLAY = "seating", "commit", "reveal", "play"
"""The room's phases: filling the invited seats, collecting commitments, collecting values, the game."""


@dataclass
class RoomSeat:
    """One seat of the room: who plays it, their name, and (for a friend) the token and link that are theirs."""

    kind: str
    name: str = ""
    token: str | None = None
    peer: str | None = None
    away_since: float | None = None

    @property
    def is_person(self) -> bool:
        return self.kind in (HOST, FRIEND)


@dataclass
class Deadlines:
    """Seconds the host waits: for commitments and values (then the seat is a computer's), for an away seat (None:
    until the host decides)."""

    deal: float = 60.0
    away: float | None = None
    away_level: str = "easy"


@dataclass
class _Guest:
    """What the host remembers of a link: the last sequence number it handled, and the last view it sent."""

    seat: int
    ack: int = 0
    sent: str | None = field(default=None, repr=False)


class Host:
    """The room and its game.  ``source`` gives random bytes (``secrets.token_bytes``; seeded in tests)."""

    def __init__(self, *, game: str, options: dict[str, Any], seats: list[RoomSeat], send: Callable[[str, str], None],
                 clock: Callable[[], float], source: Callable[[int], bytes] = secrets.token_bytes,
                 room: str | None = None, secret: str | None = None, deadlines: Deadlines | None = None,
                 summary_key: Callable[[dict[str, Any]], str | None] | None = None,
                 rate: tuple[float, float] = (20.0, 40.0), record_id: str | None = None,
                 store: SaveStore | None = None, allow_hints: bool = False, signing: bytes | None = None) -> None:
        if [seat.kind for seat in seats].count(HOST) != 1:
            raise ValueError("a room has exactly one host seat")
        if any(seat.kind not in (HOST, FRIEND, *LEVELS) for seat in seats):
            raise ValueError("a seat is the host, a friend or a computer level")
        self.game, self.options, self.seats = game, dict(options), seats
        self.send, self.clock, self.source = send, clock, source
        self.store = store
        self.allow_hints = allow_hints
        """The set-up's choice: every person may ask for hints, each on its own device from its own view."""
        """Where the host's page keeps the game (None in tests): every move saves :meth:`saved_record` there."""
        self.room = room or source(8).hex()
        self.record_id = record_id or f"friends-{self.room}"
        """The saved game's id on the host's device (and, after :func:`~pyapp.storage.friends.completed`, not a guest's)."""
        self.secret = secret or source(16).hex()
        self.signing = signing or source(32)
        """The host's Ed25519 key: the invite link carries its public half, and every offer is signed with it."""
        self.proofs: dict[str, str] = {}
        """The offer's signature per device, made once (a flood of syncs costs no signing)."""
        self.deadlines = deadlines or Deadlines()
        self.summary_key = summary_key
        self.limit = RateLimit(rate=rate[0], burst=rate[1], clock=clock)
        self.seen = Sequence()
        self.links: dict[str, _Guest] = {}
        self.seq = 0
        self.phase = SEATING
        self.restarts = 0
        self.commitments: dict[int, str] = {}
        self.values: dict[int, str | None] = {}
        self.own_value: str | None = None
        self.phase_since = clock()
        self.dismissed: dict[int, set[str]] = {seat: set() for seat in range(len(seats))}
        self.session: Session | None = None
        self.moment: tuple[Any, ...] = ()
        self.updated = clock()
        """When a guest last saw something change: the record's ``updated``, so the final record is one text."""
        self.refused = 0
        """How many messages were refused unread or ignored (for the page's log and tests)."""

    # -- the host's own controls ------------------------------------------------------------------------

    @property
    def key(self) -> bytes:
        """The public half of :attr:`signing`, which the invite link carries."""
        return public_key(self.signing)

    @property
    def host_seat(self) -> int:
        return next(index for index, seat in enumerate(self.seats) if seat.kind == HOST)

    def invited_filled(self) -> bool:
        return all(seat.token is not None for seat in self.seats if seat.kind == FRIEND)

    def start(self) -> None:
        """Begin the fair deal: every person's device commits (invited seats still empty become computers)."""
        if self.phase != SEATING:
            raise ValueError("the room has started")
        for index, seat in enumerate(self.seats):
            if seat.kind == FRIEND and seat.token is None:
                self.seats[index] = RoomSeat(self.deadlines.away_level, seat.name)
        self._open_deal()

    def _open_deal(self) -> None:
        self.phase, self.phase_since = COMMIT, self.clock()
        self.commitments, self.values = {}, {}
        self.own_value = commitment.draw(self.source)
        self.commitments[self.host_seat] = commitment.commit(self.room, self.host_seat, self.own_value)
        self._advance()

    def play(self, action: str) -> None:
        """The host's person plays for the host seat (``IllegalMoveError`` if the engine refuses it)."""
        session = self._session()
        if session.to_act() != self.host_seat:
            raise IllegalMoveError("it is not your turn")
        session.apply(self.host_seat, action)
        self._advance()

    def dismiss(self, seat: int, summary: str) -> None:
        """``seat``'s person closed the summary ``summary`` (the host's own seat, or a guest's through its message)."""
        self.dismissed[seat].add(summary)
        self._advance()

    def give_to_computer(self, seat: int, level: str | None = None) -> None:
        """A friend's seat (away, or removed) is played by a computer from now on."""
        old = self.seats[seat]
        if old.kind != FRIEND:
            raise ValueError("only a friend's seat goes to a computer")
        self.seats[seat] = RoomSeat(level or self.deadlines.away_level, old.name)
        if old.peer is not None:
            self.links.pop(old.peer, None)
        if self.session is not None:
            self.session.seats[seat] = Seat(old.name, self.seats[seat].kind)
        self._advance()

    def remove(self, seat: int) -> None:
        """Remove a misbehaving guest: told so, its link and token forgotten, its seat a computer's."""
        peer = self.seats[seat].peer
        if peer is not None:
            self._send(peer, Removed(seq=0))
        self.give_to_computer(seat)

    def peer_joined(self, peer: str) -> None:
        """A device reached the room: it is told the game, the host's name and the seat a join would take."""
        if peer in self.links:
            return
        seat = next((index for index, seat in enumerate(self.seats) if seat.kind == FRIEND and seat.token is None),
                    None) if self.phase == SEATING else None
        self._send(peer, Offer(seq=0, game=self.game, host=self.seats[self.host_seat].name, seat=seat,
                               players=len(self.seats), proof=self._proof(peer)))

    def _proof(self, peer: str) -> str:
        proof = self.proofs.get(peer)
        if proof is None:
            if len(self.proofs) >= MAX_PROOFS:
                self.proofs.clear()
            proof = self.proofs[peer] = b64(sign(self.signing, offer_statement(self.room, peer)))
        return proof

    def peer_left(self, peer: str) -> None:
        """The link to ``peer`` dropped: its seat is waited for (``away`` in every view) until it rejoins."""
        link = self.links.pop(peer, None)
        if link is not None and self.seats[link.seat].peer == peer:
            self.seats[link.seat].peer = None
            self.seats[link.seat].away_since = self.clock()
            self._advance()

    def tick(self) -> None:
        """Time passed: a deal phase past its deadline goes on without the silent seats; an away seat past the
        chosen time goes to a computer."""
        now = self.clock()
        if self.phase in (COMMIT, REVEAL) and now - self.phase_since >= self.deadlines.deal:
            missing = [seat for seat in self._people() if seat not in
                       (self.commitments if self.phase == COMMIT else {s for s, v in self.values.items() if v})]
            for seat in missing:
                if self.phase == REVEAL:
                    self.values[seat] = None  # withheld: its commitment stands in the seed
                self._to_computer(seat)
            self._advance()
        if self.deadlines.away is not None:
            for index, seat in enumerate(self.seats):
                if seat.kind == FRIEND and seat.away_since is not None and now - seat.away_since >= self.deadlines.away:
                    self.give_to_computer(index)

    def _to_computer(self, index: int) -> None:
        seat = self.seats[index]
        if seat.kind == FRIEND:
            self.seats[index] = RoomSeat(self.deadlines.away_level, seat.name)
            if seat.peer is not None:
                self.links.pop(seat.peer, None)

    # -- what the page's turn machine reads ---------------------------------------------------------------

    def remote(self) -> frozenset[int]:
        """The seats played on other devices (``Turns.remote``)."""
        return frozenset(index for index, seat in enumerate(self.seats) if seat.kind == FRIEND)

    def away(self) -> list[int]:
        """The friends' seats waited for ("waiting for <name>")."""
        return [index for index, seat in enumerate(self.seats) if seat.kind == FRIEND and seat.peer is None]

    def open_summaries(self) -> list[int]:
        """The persons whose round or deal summary is still open: the computers wait for every one of them."""
        if self.summary_key is None or self.session is None:
            return []
        state = self.session.state
        return [seat for seat in self._people()
                if (key := self.summary_key(state.observation(seat))) is not None and key not in self.dismissed[seat]]

    def readers(self) -> list[int]:
        """The guests whose summary is still open (``Turns.readers`` on the host's table: its computers wait)."""
        return [seat for seat in self.open_summaries() if seat != self.host_seat]

    def computers_may_play(self) -> bool:
        """Whether a computer is to act and nobody's summary holds it."""
        session = self.session
        if session is None or self.phase != PLAY:
            return False
        seat = session.to_act()
        return seat >= 0 and not self.seats[seat].is_person and not self.open_summaries()

    def play_computer(self) -> None:
        """Let the computer to act play (whole; the page slices :meth:`Session.computer_turn` itself)."""
        generator = self._session().computer_turn()
        try:
            while True:
                next(generator)
        except StopIteration:
            pass
        self.changed()

    def changed(self) -> None:
        """The page moved the session itself (a computer's turn played in slices): every guest gets what changed."""
        self._advance()

    def _people(self) -> list[int]:
        return [index for index, seat in enumerate(self.seats) if seat.is_person]

    def _session(self) -> Session:
        if self.session is None:
            raise ValueError("the game has not started")
        return self.session

    # -- the network ------------------------------------------------------------------------------------

    def receive(self, text: object, peer: str) -> None:
        """A guest's text.  Refused unread if too large, malformed, over the rate or out of sequence."""
        if not self.limit.allow(peer):
            self.refused += 1
            return
        try:
            message = parse(text, GUEST_TYPES)
        except BadMessage:
            self.refused += 1
            return
        if isinstance(message, Join):
            self._join(message, peer)
            return
        link = self.links.get(peer)
        if link is None:
            if isinstance(message, Sync):
                self.peer_joined(peer)  # a device that heard no offer asks again (the rate limit bounds it)
                return
            self.refused += 1  # not in the room: it gets nothing
            return
        if not self.seen.fresh(peer, message.seq):
            self.refused += 1
            if message.seq == link.ack:
                self._status(peer, force=True)  # its answer was lost: the same answer again, nothing redone
            return
        link.ack = message.seq
        reason = self._handle(message, link.seat)
        if reason is not None:
            self._send(peer, Refused(seq=0, reason=reason, ack=link.ack))
        self._advance(force=peer)

    def _join(self, message: Join, peer: str) -> None:
        if message.room != self.room or not hmac.compare_digest(message.secret.encode(), self.secret.encode()):
            self.refused += 1
            return
        linked = self.links.get(peer)
        if linked is not None and not self.seen.fresh(peer, message.seq):
            self.refused += 1  # a replayed join on a link already seated: answered again if it is the last, else nothing
            if message.seq == linked.ack:
                self._welcome(peer, linked.seat)
                self._status(peer, force=True)
            return
        index = linked.seat if linked is not None else self._seat_for(message)
        if index is None:
            self.refused += 1
            return
        seat = self.seats[index]
        if seat.peer is not None and seat.peer != peer:
            self.links.pop(seat.peer, None)  # an older link of the same device
        if seat.token is None:
            seat.token, seat.name = self.source(12).hex(), message.name.strip() or f"#{index + 1}"
        seat.peer, seat.away_since = peer, None
        self.seen.last[peer] = message.seq  # a new link: its device may have reloaded and count from 1 again
        self.links[peer] = _Guest(index, ack=message.seq)
        self._welcome(peer, index)
        self._advance(force=peer)

    def _welcome(self, peer: str, index: int) -> None:
        token = self.seats[index].token
        assert token is not None
        self._send(peer, Welcome(seq=0, seat=index, token=token, game=self.game, options=self.options,
                                 names=[s.name for s in self.seats], host=self.host_seat, hints=self.allow_hints,
                                 ack=self.links[peer].ack))

    def _seat_for(self, message: Join) -> int | None:
        """The seat a join takes: the one its token names, else the first invited seat still empty (seating only)."""
        if message.token is not None:
            return next((index for index, seat in enumerate(self.seats) if seat.kind == FRIEND and seat.token
                         and hmac.compare_digest(seat.token.encode(), message.token.encode())), None)
        if self.phase != SEATING:
            return None
        return next((index for index, seat in enumerate(self.seats) if seat.kind == FRIEND and seat.token is None), None)

    def _handle(self, message: Message, seat: int) -> str | None:
        """Carry out a guest's message for its own seat; the reason it was refused, if it was (else None)."""
        if isinstance(message, Commit):
            if self.phase == COMMIT and seat not in self.commitments:
                self.commitments[seat] = message.commitment
        elif isinstance(message, Reveal):
            if self.phase == REVEAL and seat in self.commitments and self.values.get(seat) is None:
                if commitment.commit(self.room, seat, message.value) == self.commitments[seat]:
                    self.values[seat] = message.value
        elif isinstance(message, Dismiss):
            self.dismissed[seat].add(message.summary)
        elif isinstance(message, Act):
            return self._act(message, seat)
        elif not isinstance(message, Sync):
            return "unexpected message"
        return None

    def _act(self, message: Act, seat: int) -> str | None:
        session = self.session
        if session is None or self.phase != PLAY:
            return "the game has not started"
        if session.to_act() != seat:
            return "it is not your turn"
        if message.moves != len(session.state.history):
            return "the table has moved on"
        try:
            session.apply(seat, message.action)
        except (IllegalMoveError, ValueError) as error:
            return str(error)
        return None

    # -- the phases and the views -------------------------------------------------------------------------

    def _advance(self, force: str | None = None) -> None:
        """Move the deal on when everyone is in, then send every guest what changed (``force``: that peer anyway)."""
        if self.phase == COMMIT and set(self._people()) <= set(self.commitments):
            self.phase, self.phase_since = REVEAL, self.clock()
            self.values[self.host_seat] = self.own_value
        if self.phase == REVEAL and all(self.values.get(seat) for seat in self.commitments if self._is_person(seat)):
            self._deal()
        moment = self._moment()
        if moment == self.moment:
            if force in self.links:
                self._status(force, force=True)
            return
        self.moment, self.updated = moment, self.clock()
        summaries = self.open_summaries() if self.phase == PLAY else []
        for peer in list(self.links):
            self._status(peer, summaries, force=peer == force)

    def _moment(self) -> tuple[Any, ...]:
        """Everything a guest's message depends on, cheaply: unchanged, nobody needs a new one."""
        moves = len(self.session.state.history) if self.session is not None else -1
        return (self.phase, moves, self.restarts, len(self.commitments), tuple(self.away()),
                tuple(seat.kind for seat in self.seats), sum(map(len, self.dismissed.values())), frozenset(self.links))

    def _is_person(self, seat: int) -> bool:
        return self.seats[seat].is_person

    def _deal(self) -> None:
        values = {seat: self.values.get(seat) for seat in self.commitments}
        seed = commitment.seed_of(self.room, self.commitments, values)
        self.values = values
        state = new_game(self.game, seed=seed, players=len(self.seats), **self.options)
        people = len(self._people())
        self.session = HostedSession(self, state, self._session_seats(), store=self.store, record_id=self.record_id,
                                     clock=self.clock, hints=default_hints(people, allowed=self.allow_hints), stored=False,
                                     fingerprint=of_save(state.to_save()) if state.TYPE.has_chance else None)
        self.phase = PLAY
        self.session.save()

    def _session_seats(self) -> list[Seat]:
        return [Seat(seat.name, PERSON if seat.is_person else seat.kind) for seat in self.seats]

    def _status(self, peer: str, summaries: list[int] | None = None, *, force: bool = False) -> None:
        """Send ``peer`` where things stand for its seat, unless it is what it was last sent."""
        link = self.links[peer]
        if self.phase == SEATING:
            return
        if self.phase in (COMMIT, REVEAL):
            shown = self.commitments if self.phase == REVEAL else {}
            message: Message = Deal(seq=0, phase=self.phase, restarts=self.restarts,
                                    commitments={str(seat): digest for seat, digest in shown.items()}, ack=link.ack)
        elif self._session().state.is_terminal():
            message = Record(seq=0, record=self.final_record(), ack=link.ack)
        else:
            message = self._view(link, self.open_summaries() if summaries is None else summaries)
        key = dump(message)
        if key != link.sent or force:
            link.sent = key
            self._send(peer, message)

    def _view(self, link: _Guest, summaries: list[int]) -> View:
        state = self._session().state
        turn = state.current_player()
        return View(seq=0, moves=len(state.history), observation=state.observation(link.seat),
                    legal=[str(action) for action in state.legal_actions()] if turn == link.seat else [],
                    turn=turn, fingerprint=self._session().fingerprint, away=self.away(),
                    summaries=summaries,
                    computers=[index for index, seat in enumerate(self.seats) if not seat.is_person], ack=link.ack)

    def _send(self, peer: str, message: Message) -> None:
        self.seq += 1
        self.send(dump(type(message)(**{**message.__dict__, "seq": self.seq})), peer)

    # -- records ---------------------------------------------------------------------------------------

    def saved_record(self) -> dict[str, Any]:
        """The host's saved game: the storage record with the friends block, its own seat and the room keys.

        From the deal on (``ValueError`` before: a record needs a deal, so a room closed before it is set up anew).
        """
        session = self._session()
        tokens = {str(index): seat.token for index, seat in enumerate(self.seats) if seat.kind == FRIEND and seat.token}
        return make_record(session.state, record_id=self.record_id, name="", named=False,
                           seats=[seat.to_json() for seat in session.seats], created=session.created,
                           updated=self.updated, hints=session.hints, revisions=session.revisions,
                           fingerprint=session.fingerprint, friends={"room": self.room, "restarts": self.restarts,
                                    "commitments": {str(seat): digest for seat, digest in self.commitments.items()},
                                    "values": {str(seat): value for seat, value in self.values.items()}},
                           device_seat=self.host_seat, room_keys={"secret": self.secret, "tokens": tokens})

    def final_record(self) -> dict[str, Any]:
        """What every guest gets at the end and audits: the saved game without the room keys."""
        return shared(self.saved_record())

    @classmethod
    def restore(cls, record: dict[str, Any], **kwargs: Any) -> Host:
        """The host reopened from its saved game (a record ``check_record`` accepted; ``kwargs``: ``send``,
        ``clock``, ...).

        The host's seat is ``device_seat``, a friend's seat is one with a token in ``room_keys``, every other
        seat keeps its kind.  Every guest is away until it rejoins with its token; a summary open when the page
        closed is open again for every person (who closed what is not kept).
        """
        keys, block, save = record["room_keys"], record["friends"], record["game"]
        seats = []
        for index, seat in enumerate(record["seats"]):
            token = keys["tokens"].get(str(index))
            kind = HOST if index == record["device_seat"] else FRIEND if token is not None else seat["kind"]
            seats.append(RoomSeat(kind, seat["name"], token))
        host = cls(game=save["game"], options=save["options"], seats=seats, room=block["room"],
                   secret=keys["secret"], record_id=record["id"], allow_hints=record["hints"]["allowed"], **kwargs)
        host.restarts = block["restarts"]
        host.commitments = {int(seat): digest for seat, digest in block["commitments"].items()}
        host.values = {int(seat): value for seat, value in block["values"].items()}
        host.own_value = host.values[host.host_seat]
        host.session = HostedSession(host, load(save), host._session_seats(), store=host.store, record_id=record["id"],
                                     clock=host.clock, created=record["created"], hints=record["hints"],
                                     fingerprint=record["fingerprint"],
                                     revisions=(record.get("revision", 0), record.get("history_revision", 0)))
        host.phase = PLAY
        now = host.clock()
        for seat in host.seats:
            if seat.kind == FRIEND:
                seat.away_since = now
        return host


class HostedSession(Session):
    """The host's game: stored as the host's record (the friends block, its seat, the room keys), and every move,
    whoever made it (the host's person, a computer, a guest), sent on to the guests."""

    def __init__(self, host: Host, *args: Any, **kwargs: Any) -> None:
        self.host = host
        super().__init__(*args, **kwargs)

    def record(self) -> dict[str, Any]:
        return self.host.saved_record()

    def undo_steps(self) -> int:
        return 0  # a shared table: nobody takes a move back

    def people(self) -> list[int]:
        """The one person at this device: the host (the friends' seats are people on theirs)."""
        return [self.host.host_seat]

    def viewer(self) -> int:
        return self.host.host_seat  # never a friend's view, whoever is to act

    def apply(self, seat: int, action: Action | str, *, save: bool = True) -> None:
        super().apply(seat, action, save=save)
        self.host.changed()


__all__ = ["COMMIT", "Deadlines", "FRIEND", "HOST", "Host", "HostedSession", "PLAY", "REVEAL", "RoomSeat", "SEATING"]
