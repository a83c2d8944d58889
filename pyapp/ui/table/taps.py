"""One tap, one move, and no tap lost: which clicks on the table reach its controls.

A browser counts a second tap on the same spot soon after the first as a
double click (``event.detail`` 2).  When both taps land on one decision drawn
on the table (a card selected, then the same card again) the second was meant
for the same move and is dropped; when the table drew a new decision in
between (the computer replied at once and it is the person's turn again) and
the page showed it before the second tap, that tap is a decision of its own and
counts.  A person's own chained decisions are one decision here
(:func:`turn_of`): Dyad's Play, then the card to take back when that person
took the trick, stand where Play stood, and a double click on Play must not
also take a card (issue 47).  After the turn passes to
another person on the device, taps are ignored a moment, so a double tap meant
for one person never plays for the next (pass-and-play).

The guard judges a tap by what the page says of it (``pyapp.ui.worker.mirror.Event``):
the page's time of the tap and the drawing it hit, never the moment the worker
reads the message, which a busy page or worker delays (issue 47).  A tap on a
drawing from before the turn passed is the last person's; one on the next
person's table counts from :data:`GUARD_SECONDS` after the page applied it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

GUARD_SECONDS = 0.4
"""After the turn passes to another person on this device, their table ignores taps this long.

A double tap meant for one person must not also play for the next (``.table-body[data-guard]`` meanwhile)."""


def turn_of(session: Any) -> tuple[str, int, int]:
    """The decision a double click is judged on: the game, the seat to act, and the last action another seat took.

    New when a computer (or anyone else) acted or the seat to act changed; the same through one person's
    chained decisions (Dyad: the pair, then the card to retrieve).
    """
    seat, actors = session.to_act(), session.actors
    since = next((index for index in range(len(actors) - 1, -1, -1) if actors[index] != seat), -1)
    return session.record_id, seat, since


class Taps:
    """The click filter of one table's ``body``; ``decision()`` names the decision drawn now."""

    def __init__(self, body: Any, decision: Callable[[], Any]) -> None:
        self.body = body
        self.decision = decision
        self.last: Any = None
        """The decision the last click that reached the table was made on."""
        self.shown: Any = None
        self.shown_drawing = 0
        """The decision drawn now, and the batch of ops that first showed it on the page (:meth:`drawn`)."""
        self.guard_drawing: int | None = None
        """The batch of ops that drew the table for the person the turn passed to last."""
        self.guard_painted: float | None = None
        """The page's time (ms) it applied that batch, once it said so."""

    def click(self, event: Any) -> None:
        """Capture phase: a repeated click on the decision the last one was made on, or on a drawing from before
        the decision drawn now (the page had not shown it yet), never reaches the table."""
        decision = self.decision()
        drawing = getattr(event, "drawing", None)
        unseen = drawing is not None and drawing < self.shown_drawing  # tapped before this decision was drawn
        if int(event.detail or 0) > 1 and (decision == self.last or unseen):
            event.stopPropagation()
            event.preventDefault()
            return
        self.last = decision

    def drawn(self) -> None:
        """The table was drawn: a new decision is on the page from the next batch the worker sends."""
        decision = self.decision()
        document = self._mirror()
        if decision != self.shown and document is not None:
            self.shown = decision
            self.shown_drawing = document.next_drawing()

    def guarded(self) -> bool:
        """Whether the event being handled (the mirror's ``document.event``) is ignored as too soon for the next person."""
        event = getattr(self._mirror(), "event", None)
        return event is not None and self.too_soon(getattr(event, "drawing", None), getattr(event, "timeStamp", None))

    def too_soon(self, drawing: int | None, at: float | None) -> bool:
        """Whether a tap on the page's ``drawing`` at the page's time ``at`` (ms) falls in the last guard.

        An event the page did not stamp (none has a drawing before the first batch) is not judged."""
        if self.guard_drawing is None or drawing is None or at is None:
            return False
        if drawing < self.guard_drawing or self.guard_painted is None:
            return True  # made on a drawing from before the turn passed
        return at < self.guard_painted + GUARD_SECONDS * 1000

    def guard(self) -> None:
        """The turn passed to another person on the device: ignore taps for a moment from when the page shows it."""
        self.guard_painted = None
        document = self._mirror()
        self.guard_drawing = document.when_painted(self._painted) if document is not None else None
        self.body.dataset.guard = "true"

    def _mirror(self) -> Any:
        """The page's mirror (:class:`pyapp.ui.worker.mirror.Document`), which numbers the drawings; None on the CPython
        tests' stand-in DOM, whose events no page stamps."""
        document = getattr(self.body, "ownerDocument", None)
        return document if hasattr(document, "when_painted") else None

    def _painted(self, at: float) -> None:
        self.guard_painted = at
        asyncio.get_event_loop().call_later(GUARD_SECONDS, self._guard_over, self.guard_drawing)

    def _guard_over(self, drawing: int | None) -> None:
        """The hook's end: heard at least :data:`GUARD_SECONDS` after the page applied the guard's drawing."""
        if drawing == self.guard_drawing:
            self.body.removeAttribute("data-guard")
