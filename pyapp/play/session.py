"""One game on this device: who sits where, computer turns, undo and autosave.

The UI drives a :class:`Session` and draws from ``observation(viewer)``; all
rules stay in the engine.  Computer turns come from :func:`pyapp.ai.think` as
a generator, so the page can yield to the browser between slices.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any

from pyapp.deals.fingerprint import of_save
from pyapp.engine.state import Action, State
from pyapp.games import new_game
from pyapp.registry import PERSON, SEAT_KINDS
from pyapp.storage.backends import StaleRecord, StorageError
from pyapp.storage.hints import MAX_HINTS, default_hints
from pyapp.storage.records import IMPORTED_GAME, make_record
from pyapp.storage.stats import count_finished
from pyapp.storage.store import LostGame, SaveStore

CHOSEN = "chosen"
"""What :meth:`Session.computer_turn` yields once the search has chosen: the next step plays the move."""


@dataclass(frozen=True)
class Seat:
    """A seat's display name and who plays it: a person or a computer level."""

    name: str
    kind: str = PERSON

    def __post_init__(self) -> None:
        if self.kind not in SEAT_KINDS:
            raise ValueError(f"unknown seat kind {self.kind!r}")

    @property
    def is_person(self) -> bool:
        return self.kind == PERSON

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


class Session:
    """A game in play: the engine state plus seats, undo rules and saving."""

    def __init__(self, state: State, seats: list[Seat], *, store: SaveStore | None = None,
                 record_id: str | None = None, name: str = "", created: float | None = None,
                 clock: Callable[[], float] = time.time, budget_ms: int | None = None,
                 hints: dict[str, Any] | None = None, named: bool = True,
                 revisions: tuple[int, int] = (0, 0), fingerprint: str | None = None,
                 known_deal: bool = False, stored: bool | None = None, imported: bool = False) -> None:
        if len(seats) != state.players:
            raise ValueError(f"{state.players} seats needed, {len(seats)} given")
        self.state = state
        self.seats = seats
        self.store = store
        self.clock = clock
        self.record_id = record_id or (store.new_id() if store else "unsaved")
        self.name = name
        self.named = named
        """Whether the person gave ``name``; else it is the game's default name, shown in the language of the moment."""
        self.revisions = revisions
        """The stored record's ``(revision, history_revision)`` this session last read or wrote."""
        self.created = clock() if created is None else created
        self.fingerprint = fingerprint
        """The deal's fingerprint as stored when the game started (:mod:`pyapp.deals`); None: no promise."""
        self.known_deal = known_deal
        """Whether the player could know the seed in advance (a typed deal number, a link, the day's deal)."""
        self.daily: str | None = None
        """The day's key when this game is that deal of the day's counted try (the record's mark, :mod:`pyapp.play.daily`)."""
        self.imported = imported
        """Whether the game came from a file: its record keeps saying so, and statistics never count it."""
        self.budget_ms = budget_ms
        self.hints = hints or default_hints(sum(seat.is_person for seat in seats))
        """The record's ``hints`` field (:mod:`pyapp.storage.hints`): allowed here, and how many were asked."""
        self.save_problem: str | None = None
        """The i18n key of the last saving failure, or None while saving works."""
        self.token = secrets.token_hex(8)
        """This session's owner token: only the session that claimed the game writes its history."""
        self.lost: str | None = None
        """Why this session stopped writing: ``"deleted"``, ``"taken"`` (another table claimed it) or
        ``"stale"`` (another tab stored a newer history)."""
        self.hosted = False
        self.answer_due = False
        """Never: a game on this device answers its moves at once (a guest's game, :mod:`pyapp.friends.remote`, waits)."""
        """A friends' game this device hosted, read back from storage: it is taken up as a room again
        (:mod:`pyapp.ui.friends.friends_host`), never played on this device alone."""
        self._stored = record_id is not None if stored is None else stored
        """Whether the record was stored before (one gone now was deleted); a new game named by its caller is not."""
        self._confirmed: int | None = revisions[1] if self._stored else None
        """The history revision of the last write the store confirmed (None: none yet): what a late refusal is
        judged against, since later writes are made over the earlier ones before they are answered."""
        self._unanswered = 0
        self._refusal: StorageError | None = None
        self.answered: Callable[[], None] = lambda: None
        """Called when a late answer stopped this session (``lost``) or changed ``save_problem``: the table redraws."""
        self.actors = self._actors_of(state)

    @classmethod
    def start(cls, game: str, seats: list[Seat], *, seed: int, store: SaveStore | None = None,
              name: str = "", named: bool = True, allow_hints: bool | None = None, known_deal: bool = False,
              **options: Any) -> Session:
        """A new game, saved at once so that it can be resumed.

        ``allow_hints`` is the set-up's choice for pass-and-play; by default hints
        are allowed only when at most one seat is a person.  ``named``: the
        person gave ``name`` (False: it is the game's default name, shown in the language of the moment).
        ``known_deal``: the player could know ``seed`` in advance (typed, from a link, the day's deal); such
        a game is labelled so and makes no fingerprint claim.  Else a game with chance gets the deal's
        fingerprint now, before its first card, and keeps it (:mod:`pyapp.deals.fingerprint`).
        """
        state = new_game(game, seed=seed, players=len(seats), **options)
        people = sum(seat.is_person for seat in seats)
        promise = of_save(state.to_save()) if state.TYPE.has_chance and not known_deal else None
        session = cls(state, seats, store=store, name=name, named=named,
                      hints=default_hints(people, allowed=allow_hints), fingerprint=promise, known_deal=known_deal)
        session.claim()
        session.save()
        return session

    @classmethod
    def resume(cls, store: SaveStore, record_id: str, *, claim: bool = True) -> Session:
        """The stored game ``record_id``; ``CorruptRecord``/``KeyError`` if it cannot be used.

        It claims the game (see :meth:`claim`) unless ``claim`` is False: a table
        that only offers to continue claims it once the person accepts.
        """
        record, state = store.read(record_id)
        seats = [Seat(seat["name"], seat["kind"]) for seat in record["seats"]]
        session = cls(state, seats, store=store, record_id=record_id, name=record["name"], named=record["named"],
                      created=record["created"], hints=record["hints"],
                      revisions=(record["revision"], record["history_revision"]),
                      fingerprint=record["fingerprint"], known_deal=record["known_deal"],
                      imported=record.get(IMPORTED_GAME) is True)
        session.hosted = record.get("room_keys") is not None
        session.daily = record.get("daily")
        if claim:
            session.claim()
        return session

    @staticmethod
    def _actors_of(state: State) -> list[int]:
        """The seat behind each action so far, found by replaying the game once."""
        replay = state.replay([])
        actors = []
        for action in state.history:
            actors.append(replay.current_player())
            replay.step(action)
        return actors

    # -- turns ---------------------------------------------------------------------

    def to_act(self) -> int:
        return self.state.current_player()

    def people(self) -> list[int]:
        return [seat for seat, info in enumerate(self.seats) if info.is_person]

    def is_computer_turn(self) -> bool:
        seat = self.to_act()
        return seat >= 0 and not self.seats[seat].is_person

    def viewer(self) -> int:
        """The seat whose view the page shows: the person to act, else the last person who acted.

        With no person at the table the page shows seat 0's view.
        """
        seat = self.to_act()
        if seat >= 0 and self.seats[seat].is_person:
            return seat
        for actor in reversed(self.actors):
            if self.seats[actor].is_person:
                return actor
        people = self.people()
        return people[0] if people else 0

    def play(self, action: Action | str, *, save: bool = True) -> None:
        """A person's action; ``IllegalMoveError`` leaves everything as it was.

        ``save=False``: the caller calls :meth:`save` itself, at once (the table draws the move first).
        """
        seat = self.to_act()
        if seat < 0 or not self.seats[seat].is_person:
            raise ValueError("it is not a person's turn")
        self.apply(seat, action, save=save)

    def computer_turn(self) -> Generator[str | None, None, Action]:
        """Think in slices (yielding ``None`` between them), yield :data:`CHOSEN`, then play the computer's action.

        The seed depends only on the game and the move number, so a resumed game
        makes the same computer moves as the original would have.
        """
        from pyapp.ai import think

        seat = self.to_act()
        if seat < 0 or self.seats[seat].is_person:
            raise ValueError("it is not a computer's turn")
        action = yield from think(self.state, level=self.seats[seat].kind, seed=self.move_seed(), budget_ms=self.budget_ms)
        yield CHOSEN  # playing and saving the move is a step of its own, apart from the search's last slice
        self.apply(seat, action)
        return action

    def move_seed(self) -> int:
        """A computer's or a hint's random numbers: from the game's seed and the move number, so the same position
        gets the same worlds."""
        return (self.state.seed * 1_000_003 + len(self.actors)) % 2**63

    def hint_position(self) -> tuple[State, int]:
        """What a hint searches (the game itself: the judge samples the person's worlds from it) and its seed."""
        return self.state, self.move_seed()

    def hint_used(self) -> None:
        """A hint was shown: the record counts it (and is saved at once), so statistics count the game apart."""
        self.hints = dict(self.hints, used=min(self.hints["used"] + 1, MAX_HINTS))
        self.save()

    def apply(self, seat: int, action: Action | str, *, save: bool = True) -> None:
        """Play ``action`` as ``seat``, whoever sits there, and save: the one way a move enters a session.

        The table calls :meth:`play` and :meth:`computer_turn`; test fixtures call
        this to reach a position quickly.
        """
        self.state.apply_action(action)
        self.actors.append(seat)
        if save:
            self.save()

    # -- undo ----------------------------------------------------------------------

    def undo_steps(self) -> int:
        """How many actions the person to act may take back to reach their previous turn.

        Computers' actions in between go too; another person's action or the
        engine's undo floor (information already revealed) stops it: then 0.
        """
        seat = self.to_act()
        if seat < 0 or not self.seats[seat].is_person:
            return 0
        floor = self.state.undo_floor(seat)
        for index in range(len(self.actors) - 1, floor - 1, -1):
            actor = self.actors[index]
            if actor == seat:
                return len(self.actors) - index
            if self.seats[actor].is_person:
                return 0
        return 0

    def undo(self) -> None:
        """Take the person to act back to their previous turn (see ``undo_steps``)."""
        steps = self.undo_steps()
        if not steps:
            raise ValueError("nothing can be undone now")
        for _ in range(steps):
            self.state.undo()
            self.actors.pop()
        self.save()

    # -- ownership -----------------------------------------------------------------

    def claim(self) -> None:
        """Become the game's one writer (the table is showing it now); any other table stops."""
        if self.store is None:
            return
        try:
            self.store.claim(self.record_id, self.token)
        except StorageError as error:
            self.save_problem = error.key
        self.lost = None

    def release(self) -> None:
        """Stop owning the game (its table left the screen), unless another table took it already."""
        if self.store is not None:
            try:
                self.store.release(self.record_id, self.token)
            except StorageError:
                pass  # storage gone: nothing left to release

    def deleted_elsewhere(self) -> None:
        """Another tab deleted the game: stop writing, and undo an autosave that crossed the deletion.

        Tabs see each other's writes a moment late, so this session may have
        written once after the deletion; deleting again makes the deletion win.
        """
        self.lost = "deleted"
        if self.store is not None:
            try:
                self.store.delete(self.record_id)
            except StorageError:
                pass  # storage gone: nothing of the game is left to write either

    def check_owner(self) -> str | None:
        """Whether this session still owns its game: None, else why not (and ``lost`` says so from now on)."""
        if self.store is None or self.lost:
            return self.lost
        try:
            self.lost = self.store.lost_by(self.record_id, self.token, stored=self._stored)
        except StorageError:
            pass  # storage unreadable: saving reports it
        return self.lost

    # -- saving --------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        return make_record(self.state, record_id=self.record_id, name=self.name,
                           seats=[seat.to_json() for seat in self.seats],
                           created=self.created, updated=self.clock(), hints=self.hints,
                           named=self.named, revisions=self.revisions, fingerprint=self.fingerprint,
                           known_deal=self.known_deal, daily=self.daily, imported=self.imported)

    def save(self) -> bool:
        """Autosave; on failure remember why (``save_problem``) and keep playing.

        Finished games the store had no room for are written first.  A game
        that ends without room is kept in memory with its result and counted in
        the statistics once it can be written (``storage.pending``); the mark of
        the game in play is removed at once, so no stale Continue is offered.
        A session that lost its game (deleted, claimed by another table, or
        played on elsewhere: a newer history is stored) never writes again:
        ``lost`` says why, and the table stops.
        """
        if self.store is None or self.lost:
            return False
        record = self.record()
        self.store.flush_pending()
        self._unanswered += 1
        try:
            record = self.store.write_game(record, self.token, stored=self._stored, written=self._written)
            self._stored = True
            self.name, self.named = record["name"], record["named"]
            self.revisions = (record["revision"], record["history_revision"])
            self.store.set_current(None if self.state.is_terminal() else self.record_id)
        except LostGame as error:
            self._unanswered -= 1
            self.lost = error.reason
            return False
        except StorageError as error:
            self._unanswered -= 1
            self.save_problem = error.key
            if self.state.is_terminal():
                self._keep_pending(record)
            return False
        self.save_problem = None
        if self.state.is_terminal():
            self._finish(record)
        return True

    def _written(self, error: StorageError | None, record: dict[str, Any]) -> None:
        """An autosave's answer; once every write is answered, a refusal among them is judged on what is stored."""
        self._unanswered -= 1
        if error is None:
            self._confirmed = record["history_revision"]
        elif self._refusal is None or isinstance(self._refusal, StaleRecord):
            self._refusal = error  # a chain's later writes are refused as stale because of the first one's cause
        if self._unanswered or self._refusal is None:
            return
        refusal, self._refusal = self._refusal, None
        if self.lost is None:
            self._refused(refusal)
            self.answered()

    def _refused(self, error: StorageError) -> None:
        """The page refused an autosave: stop if another tab took, deleted or played the game; else write again.

        The store reads what is stored now.  The same history stored under a newer revision is a rename (or
        a review) made in another tab: the game is written again over it, taking its name; no stop."""
        assert self.store is not None
        try:
            stored = self.store.revisions(self.record_id)
            self.lost = self.store.lost_now(self.record_id, self.token, self._confirmed)
        except StorageError as gone:
            self.save_problem = gone.key
            return
        self._stored = stored is not None
        self.revisions = stored or (0, 0)
        if self.lost is None and isinstance(error, StaleRecord):
            self.save()
        elif self.lost is None:
            self.save_problem = error.key
            if self.state.is_terminal():
                self._keep_pending(self.record())

    def _keep_pending(self, record: dict[str, Any]) -> None:
        assert self.store is not None
        self.store.defer(record, self._finish)
        self.save_problem = "storage.pending"
        try:
            if self.store.current() == self.record_id:
                self.store.set_current(None)  # a removal needs no room
        except StorageError:
            pass

    def _finish(self, record: dict[str, Any]) -> None:
        """Once the game is over and written: count it in the statistics (once) and bound the history."""
        assert self.store is not None
        try:
            count_finished(self.store.backend, record, game=self.state.GAME,
                           scores=self.state.scores(), winners=self.state.winners())
        except StorageError:
            self._keep_pending(record)  # counted when there is room (counting is idempotent)
            return
        try:
            self.store.prune_finished()
        except StorageError:
            pass  # an old game not deleted now will be next time
