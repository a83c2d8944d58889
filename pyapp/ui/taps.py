"""One tap, one move, and no tap lost: which clicks on the table reach its controls.

A browser counts a second tap on the same spot soon after the first as a
double click (``event.detail`` 2).  When both taps land on one decision drawn
on the table (a card selected, then the same card again) the second was meant
for the same move and is dropped; when the table drew a new decision in
between (the computer replied at once and it is the person's turn again) the
second tap is a decision of its own and counts.  After the turn passes to
another person on the device, taps are ignored a moment, so a double tap meant
for one person never plays for the next (pass-and-play).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

GUARD_SECONDS = 0.4
"""After the turn passes to another person on this device, their table ignores taps this long.

A double tap meant for one person must not also play for the next (``.table-body[data-guard]`` meanwhile)."""


class Taps:
    """The click filter of one table's ``body``; ``decision()`` names the decision drawn now."""

    def __init__(self, body: Any, decision: Callable[[], Any]) -> None:
        self.body = body
        self.decision = decision
        self.last: Any = None
        """The decision the last click that reached the table was made on."""
        self.guard_until = 0.0

    def click(self, event: Any) -> None:
        """Capture phase: a repeated click on the decision the last one was made on never reaches the table."""
        decision = self.decision()
        if int(event.detail or 0) > 1 and decision == self.last:
            event.stopPropagation()
            event.preventDefault()
            return
        self.last = decision

    def guarded(self) -> bool:
        return time.monotonic() < self.guard_until

    def guard(self) -> None:
        """The turn passed to another person on the device: ignore taps for a moment."""
        self.guard_until = time.monotonic() + GUARD_SECONDS
        self.body.dataset.guard = "true"
        asyncio.get_event_loop().call_later(GUARD_SECONDS, self._guard_over)

    def _guard_over(self) -> None:
        if not self.guarded():
            self.body.removeAttribute("data-guard")
