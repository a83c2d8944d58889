"""What the saved-games screen says about each stored game (no browser code, tested in CPython).

:func:`summaries` turns the store's entries into plain rows: the game, the
players with their levels, the date, the progress, and whether it can be
resumed; unreadable entries keep their problem so the screen can say why and
offer to delete them.  Every text comes from :func:`pyapp.i18n.t`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from pyapp.i18n import isolate, language, t
from pyapp.storage import CorruptRecord, SaveStore
from pyapp.storage.records import peek_record
from pyapp.storage.store import Entry
from pyapp.storage.versions import GuestRecord


@dataclass(frozen=True)
class Summary:
    """One row of the saved-games list."""

    record_id: str
    record: dict[str, Any] | None
    problem: str | None
    game: str = ""
    title: str = ""
    players: str = ""
    """Each seat as "name (level)", joined."""
    updated: float = 0.0
    progress: str = ""
    finished: bool = False
    in_play: bool = False
    """True for the game marked as in play (the one the game screen offers to continue)."""
    guest: bool = False
    """A guest's record of a friends' game in progress: nothing to replay until the host sends the full record."""

    @property
    def broken(self) -> bool:
        return self.record is None


def record_title(record: dict[str, Any], game: str) -> str:
    """The name a person gave the game, else its default name in the language of the moment."""
    return record["name"] if record["named"] and record["name"] else t(f"game.{game}")


def seat_text(seat: dict[str, str], *, guest: bool = False) -> str:
    """``"Ada (Person)"`` / ``"Bot (Normal)"``; in a guest's record ``"Bot (Computer)"``: a guest is not told the
    host's levels (its record stores the weakest), so it names none."""
    kind = seat.get("kind", "person")
    level = t("seat.person") if kind == "person" else t("seat.computer") if guest else t(f"level.{kind}")
    return t("saves.seat", name=seat.get("name", ""), level=level)


def progress_text(record: dict[str, Any], state: Any) -> str:
    """How far the game got: moves so far and whose turn, or the winners and scores.

    A game in play shows only what every seat may see (``public_scores``): the
    list is read by anyone holding the device.
    """
    names = [seat["name"] for seat in record["seats"]]
    moves = len(state.history)
    points = state.scores() if state.is_terminal() else state.public_scores()
    scores = ", ".join(t("saves.score", name=name, points=value) for name, value in zip(names, points))
    if state.is_terminal():
        winners = ", ".join(isolate(names[seat]) for seat in state.winners()) or t("saves.nobody")
        return t("saves.progress_finished", moves=moves, winners=winners, scores=scores)
    turn = state.current_player()
    return t("saves.progress_playing", moves=moves, name=names[turn] if 0 <= turn < len(names) else "?",
             scores=scores)


def summarize(entry: Entry, state: Any = None, *, in_play: str | None = None) -> Summary:
    """The row for one entry (``state`` is its replayed game, when the entry is readable)."""
    state = state if state is not None else entry.state
    if entry.record is None or state is None:
        return Summary(entry.record_id, None, entry.problem or t("saves.unreadable"))
    record = entry.record
    return Summary(
        record_id=entry.record_id,
        record=record,
        problem=None,
        game=state.GAME,
        title=record_title(record, state.GAME),
        players=", ".join(seat_text(seat) for seat in record["seats"]),
        updated=float(record["updated"]),
        progress=progress_text(record, state),
        finished=state.is_terminal(),
        in_play=in_play == entry.record_id and not state.is_terminal(),
    )


def _guest_row(record_id: str, record: dict[str, Any]) -> Summary:
    """The row of a guest's record: who hosts, who plays, and that it is a friends' game in progress."""
    game = record["guest"]["game"]
    return Summary(record_id=record_id, record=record, problem=None, game=game, title=record_title(record, game),
                   players=", ".join(seat_text(seat, guest=True) for seat in record["seats"]),
                   updated=float(record["updated"]),
                   progress=t("saves.guest_progress", host=isolate(record["guest"]["host"])), guest=True)


_ROWS: dict[tuple[str, str, str], Summary] = {}
"""Rows already worked out, by (id, stored text, language): replaying every game on each redraw is slow."""
_MAX_CACHED = 400


def _row(store: SaveStore, record_id: str, text: str) -> Summary:
    key = (record_id, text, language())
    row = _ROWS.get(key)
    if row is None:
        try:
            record, state = store.decode(record_id, text)
        except GuestRecord as guest:
            row = _guest_row(record_id, guest.record)
        except CorruptRecord as error:
            row = summarize(Entry(record_id, None, str(error)))
        else:
            row = summarize(Entry(record_id, record, None, state))
        if len(_ROWS) >= _MAX_CACHED:
            _ROWS.clear()
        _ROWS[key] = row
    return row


def summaries(store: SaveStore) -> list[Summary]:
    """Every stored game, newest first, broken ones last with their problem.

    ``StorageError`` passes through when the store cannot be read at all.
    """
    in_play = store.current()
    rows = [_row(store, record_id, text) for record_id, text in store.texts()]
    rows = [replace(row, in_play=True) if row.record_id == in_play and not row.finished and not row.broken else row
            for row in rows]
    return sorted(rows, key=lambda row: (row.broken, -row.updated))


FINISHED_MARK = '"finished":true'
"""How a finished game's record says so in the compact JSON the store writes."""


def unfinished(store: SaveStore) -> dict[str, dict[str, Any]]:
    """Each game's most recent unfinished record (see ``peek_record``), by game; nothing is replayed.

    For the picker, drawn at boot: each stored text is parsed once, its
    summary read as written by the autosave.  ``StorageError`` passes through.
    """
    latest: dict[str, dict[str, Any]] = {}
    for record_id, text in store.texts():
        if FINISHED_MARK in text:
            continue  # most stored games: skipped unparsed (inside a JSON string those quotes would be escaped)
        record = peek_record(text)
        if record is None or record["finished"] or record["guest"]:
            continue  # a guest's game is taken up again through the host's link
        record["id"] = record_id  # the key it is stored under wins
        best = latest.get(record["game"])
        if best is None or record["updated"] > best["updated"]:
            latest[record["game"]] = record
    return latest


def continue_text(record: dict[str, Any]) -> str:
    """What a peeked record is, from public facts only: the players, then the move and whose turn.

    A record without a summary (written before summaries existed) says only who plays.
    """
    names = [seat["name"] for seat in record["seats"]]
    players = ", ".join(isolate(name) for name in names)
    summary = record["summary"]
    if summary is None:
        return players
    turn = summary["turn"]
    return t("picker.progress", players=players, moves=summary["moves"],
             name=isolate(names[turn]) if 0 <= turn < len(names) else "?")


__all__ = ["Summary", "continue_text", "progress_text", "record_title", "seat_text", "summaries", "summarize", "unfinished"]
