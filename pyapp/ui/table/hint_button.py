"""The table's Hint control: the judge's move for the person to act, shown on the table with its reason.

Pressing Hint runs :func:`pyapp.ai.hint.hint` on the position as the table's one
cancellable task (``Table.task``, the computers' task when they play), a slice
at a time, so the page never freezes; leaving the screen, a move, another tab
taking the game or the page being hidden stops it, and a second press while it
runs does nothing (once it is shown, a press opens the whole hint in a dialog:
a phone's message line shows its first two lines).  The result belongs to the
position it was asked in: the suggested move's cards or cell get the class
``hinted`` (a dashed outline and a mark, not colour alone), the message line
says how the move the person had selected, or else Normal's move, compares
and why (the engine's reasons in words); the live region reads the same with
cards and cells spoken.  The
person's next move (or undo) changes the position, and the hint is gone.

The judge reads only the person's observation (``pyapp/ai/judge.py``), and
what is drawn names only the person's own cards and the public table.  A
friend's device, which holds only its own seat's view, searches from a world
rebuilt from that view (``RemoteSession.hint_position``): the same search, on
the guest's device.

A game UI supplies the words and places: ``selected_action(legal)`` (the
complete move selected but not played, or None), ``move_targets(action)`` (CSS
selectors of what shows the move), ``move_words(action, spoken=)`` and
``fact_params(params, spoken=)`` (a reason's parameters as the page writes or
says them).
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pyapp.i18n import t
from pyapp.ui.browser import dom
from pyapp.ui.browser.dom import h, on
from pyapp.ui.browser.slices import run_sliced

if TYPE_CHECKING:
    from pyapp.play import Session
    from pyapp.ui.table.game_ui import GameUI
    from pyapp.ui.table.table_host import TableHost

TEST_BUDGET = "pyappTestHintMs"
"""``window.pyappTestHintMs`` (a number of milliseconds, set by the e2e suite) caps a hint's budget."""

HINTED = "hinted"
"""The class of the elements that show the suggested move."""


@dataclass(frozen=True)
class Shown:
    """A finished hint (:func:`pyapp.ai.hint.hint`'s result), its two moves and the position it answers."""

    position: tuple[str, int, int]
    """The game, the number of actions played and the seat to act."""
    found: dict[str, Any]
    best: Any
    compared: Any


def mark_move(body: Any, ui: GameUI, action: Any) -> None:
    """Ring what shows ``action`` on the table just drawn (the hint's move, or the lesson's expected one)."""
    for selector in ui.move_targets(action):
        for element in body.querySelectorAll(selector):
            element.classList.add(HINTED)
            element.dataset.hinted = "true"


def position_of(session: Session) -> tuple[str, int, int]:
    return session.record_id, len(session.actors), session.to_act()


def points_text(value: float) -> str:
    """A judged difference as the page writes it: one decimal (``3.2``), whole from 10 on.

    >>> points_text(3.24), points_text(12.6), points_text(0.04)
    ('3.2', '13', '0.0')
    """
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def sentences(ui: Any, shown: Shown, *, spoken: bool) -> list[str]:
    """The hint in words: the move, how it compares with the move compared, then what it does.

    The comparison comes second so that a phone's two lines show it (``web/css/hint.css``); the
    only legal move is said to be so, with nothing compared."""
    found = shown.found
    facts = [t(key, **ui.fact_params(params, spoken=spoken)) for key, params in found["reasons"]]
    if found["compared_with"] == "only":
        return [t("hint.only", move=ui.move_words(shown.best, spoken=spoken)), *facts]
    said = [t("hint.best", move=ui.move_words(shown.best, spoken=spoken))]
    kind = "selected" if found["compared_with"] == "selected" else "normal"
    if shown.compared == shown.best:
        said.append(t(f"hint.same.{kind}"))
    else:
        other = t(f"hint.compared.{kind}", move=ui.move_words(shown.compared, spoken=spoken))
        said.append(t("hint.equal", move=other) if found["about_equal"] else
                    t("hint.better", move=other, points=points_text(found["points_loss"]),
                      se=points_text(found["points_se"])))
    return said + facts


class HintButton:
    """The Hint control of one table and the hint it shows."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.shown: Shown | None = None
        self.running: tuple[str, int, int] | None = None
        """The position a hint is being found for (while the table's task runs it)."""
        self.element: Any = None
        """The Hint button drawn last (its state changes in place: a redraw would drop a selection)."""
        self.detail: Any = None
        """The dialog with the whole hint (a phone's message line shows its first two lines)."""

    # -- drawing (called by Table.render) ------------------------------------------------

    def offered(self, session: Session) -> bool:
        """Hints are offered to people in games that allow them (against computers they always do)."""
        return bool(session.people()) and session.hints["allowed"] and not session.state.is_terminal()

    def button(self, session: Session, acting: bool) -> Any:
        """The Hint button for the slot, enabled while it is the person's decision (None if not offered)."""
        self.element = None
        if not self.offered(session):
            return None
        self.element = h("button", {"type": "button", "class": "hint-button", "data-testid": "hint",
                                    "disabled": not acting})
        on(self.element, "click", lambda event: self.press())
        busy = self.running is not None and self.running == position_of(session)
        self._draw_state("thinking" if busy else "shown" if self._current(session) else "idle")
        return self.element

    def message(self, session: Session) -> Any:
        """The hint's sentences for the table's message line (None when no hint answers this position)."""
        shown = self._current(session)
        if shown is None:
            return None
        found = shown.found
        return h("p", {"class": "hint-text", "data-testid": "hint-text", "data-best": found["best"],
                       "data-compared": found["compared"], "data-compared-with": found["compared_with"],
                       "data-about-equal": "true" if found["about_equal"] else "false"},
                 " ".join(sentences(self.table.ui, shown, spoken=False)))

    def mark(self, body: Any) -> None:
        """Highlight the suggested move on the table just drawn."""
        session = self.table.session
        shown = self._current(session) if session is not None else None
        if shown is None:
            return
        mark_move(body, self.table.ui, shown.best)

    def _current(self, session: Session) -> Shown | None:
        shown = self.shown
        return shown if shown is not None and shown.position == position_of(session) else None

    # -- asking ----------------------------------------------------------------------------

    def press(self) -> None:
        """Find a hint for the person to act: at most one at a time, run as the table's task."""
        table = self.table
        session = table.session
        if session is None or table.task is not None or table.thinking or table.closed or not self.offered(session):
            return
        legal = session.state.legal_actions()
        if session.to_act() not in session.people() or not legal:  # not this device's decision, or one on its way
            return
        selected = table.ui.selected_action(legal)
        shown = self._current(session)
        if shown is not None and selected in (None, shown.compared):
            self._open_detail(shown)  # nothing new to compare: the whole hint, to read at leisure
            return
        try:
            searched, seed = session.hint_position()
        except ValueError:
            self.table.say(t("hint.none"))
            return
        position = position_of(session)
        self.running = position
        self._draw_state("thinking")
        table.task = asyncio.ensure_future(self._run(session, position, legal, selected, searched, seed))

    async def _run(self, session: Session, position: tuple[str, int, int], legal: list[Any], selected: Any,
                   searched: Any, seed: int) -> None:
        """The hint in slices; only ever run as ``Table.task``, so cancelling that task stops it."""
        from pyapp.ai.hint import hint  # noqa: PLC0415  (the judge is imported when first asked for)
        from pyapp.ui.browser import page  # noqa: PLC0415  (the browser)

        work = hint(searched, seed=seed, selected=selected, **_limits())
        try:  # a hidden page gives the work up; Hint asks again
            found = await run_sliced(work, stop=page.hidden)
        finally:
            if self.running == position:
                self.running = None
                self._draw_state("idle")
            if self.table.task is asyncio.current_task():
                self.table.task = None
        if found is None:
            return
        by_text = {str(action): action for action in legal}
        self.shown = shown = Shown(position, found, by_text[found["best"]], by_text[found["compared"]])
        if found["compared_with"] != "only":  # naming the one legal move teaches nothing: not counted
            session.hint_used()
        self._show(shown)

    def _show(self, shown: Shown) -> None:
        """Put the hint on the table drawn now (no redraw: the person's selection stays)."""
        body = self.table.body
        self._draw_state("shown")
        line = body.querySelector("[data-testid=message]")
        if dom.found(line):
            old = line.querySelector("[data-testid=hint-text]")
            if dom.found(old):
                old.remove()
            line.append(self.message(self.table.session))
        self.mark(body)
        self._tell(shown)

    def _open_detail(self, shown: Shown) -> None:
        """The whole hint in a dialog over the table (beside the table, so a redraw leaves it alone)."""
        if self.detail is None:
            self.detail = h("dialog", {"class": "sheet hint-detail", "data-testid": "hint-detail",
                                       "aria-labelledby": "hint-detail-title"})
            on(self.detail, "close", lambda event: self.element is not None and self.element.focus())
            self.table.root.append(self.detail)
        close = h("button", {"type": "button", "class": "primary", "data-testid": "hint-detail-close"}, t("sheet.close"))
        on(close, "click", lambda event: self.detail.close())
        dom.clear(self.detail)
        self.detail.append(h("h2", {"id": "hint-detail-title"}, t("hint.button")),
                           *[h("p", {}, line) for line in sentences(self.table.ui, shown, spoken=False)],
                           h("div", {"class": "sheet-actions"}, close))
        self.detail.showModal()
        close.focus()

    def _tell(self, shown: Shown) -> None:
        """The live region reads the hint with cards and cells spoken."""
        self.table.say(t("hint.say", sentence=" ".join(sentences(self.table.ui, shown, spoken=True))))

    def _draw_state(self, state: str) -> None:
        """The button drawn last says whether a hint is being found (``data-state``: idle, thinking, shown)."""
        button = self.element
        if button is None:
            return
        busy = state == "thinking"
        button.dataset.state = state
        if busy:
            button.setAttribute("aria-busy", "true")
        else:
            button.removeAttribute("aria-busy")
        dom.clear(button)
        if busy:
            button.append(h("span", {"class": "spinner", "aria-hidden": "true"}))
        button.append(t("hint.thinking") if busy else t("hint.button"))


def _limits() -> dict[str, Any]:
    """The page's budget (:data:`pyapp.ai.hint.HINT_LIMITS`), capped by the e2e hook when it is set."""
    from pyapp.ai.hint import HINT_LIMITS  # noqa: PLC0415
    from pyapp.ui.browser import page  # noqa: PLC0415  (the browser)

    limits = dict(HINT_LIMITS)
    test = page.test_hook(TEST_BUDGET)
    if isinstance(test, (int, float)) and not isinstance(test, bool) and 0 < test < limits["budget_ms"]:
        limits["budget_ms"] = float(test)
    return limits


__all__ = ["HINTED", "HintButton", "Shown", "points_text", "sentences"]
