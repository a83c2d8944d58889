"""The table's one-tap filter (``pyapp/ui/taps.py``): a double click counts once per decision drawn."""

from __future__ import annotations

from dataclasses import dataclass

from pyapp.ui.taps import Taps


@dataclass
class Click:
    detail: int
    stopped: bool = False

    def stopPropagation(self) -> None:  # noqa: N802  (the DOM's name)
        self.stopped = True

    def preventDefault(self) -> None:  # noqa: N802
        pass


def test_a_second_click_on_the_same_decision_is_dropped_and_one_on_a_new_decision_counts():
    decision = ["move 1"]
    taps = Taps(body=None, decision=lambda: decision[0])
    first, again = Click(1), Click(2)
    taps.click(first)
    taps.click(again)
    assert not first.stopped and again.stopped  # a card selected, then the same card: one tap
    decision[0] = "move 3"  # the computer replied at once: the person's next decision is drawn
    later = Click(2)
    taps.click(later)
    assert not later.stopped
    third = Click(3)
    taps.click(third)
    assert third.stopped
