"""A saved game's replay on the saved-games screen: step through it, each step told in words.

What it shows comes from :mod:`pyapp.replay` (tested in CPython); a finished
game's replay offers its review, and a replay opened from a review's jump marks
that decision (:func:`pyapp.ui.saves.review.reviewed_note`).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any


from pyapp.i18n import t
from pyapp.replay import Replay
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import Prevent, button, clear, found, h, on
from pyapp.ui.saves.replay_revealed import revealed_section
from pyapp.ui.saves.review import Jumped, reviewed_note


def game_ui(game: str) -> Any:
    """The game's table renderer (a :class:`pyapp.ui.table.table.GameUI`), if its UI module has one."""
    try:
        module = importlib.import_module(f"pyapp.ui.games.{game}")
    except Exception:
        return None
    for value in vars(module).values():
        if getattr(value, "game", None) == game and callable(getattr(value, "render", None)) and not isinstance(value, type):
            return value
    return None


def _plain_view(observation: dict[str, Any]) -> Any:
    """A readable list of an observation, for games whose screen cannot draw a replay."""
    rows = []
    for key, value in observation.items():
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        if len(text) > 400:
            text = text[:400] + "…"
        rows.append(h("dt", {}, str(key)))
        rows.append(h("dd", {}, text))
    return h("dl", {"class": "replay-plain"}, *rows)


def _button(key: str, testid: str, handler: Any) -> Any:
    return button(t(key), testid, handler)


class ReplayView:
    """The replay of one stored game inside ``root``; ``back()`` returns to the list, ``review(back_to)`` opens its review."""

    def __init__(self, root: Any, record_id: str, replay: Replay, title: str, *, back: Callable[[], None],
                 review: Callable[[int | None], None], jumped: Jumped | None = None) -> None:
        self.root = root
        self.record_id = record_id
        self.replay = replay
        self.title = title
        self.back = back
        self.review = review
        self.jumped = jumped
        """The review's decision this replay was opened at (its note is drawn above the replay)."""
        if jumped is not None:
            replay.go(jumped.index)

    def open(self) -> ReplayView:
        """Draw it; people sharing the device with a game in play first see the hand-over screen."""
        people = sum(kind == "person" for kind in self.replay.kinds)
        if not self.replay.finished and not self.replay.perfect and people > 1:
            self._handover()  # the replay shows one person's cards
        else:
            self.draw(focus=True)
            if self.jumped is not None:
                self._reveal()
        return self

    def _reveal(self) -> None:
        """Opened from a review's jump: the reviewed seat's board in view, not the replay's top a screen above it.

        ``nearest``: a board that fits the screen ends at its bottom, keeping what is above it in view
        (the step, the controls); a taller one starts at its top."""
        seat = self.jumped.seat if self.jumped is not None else None
        board = self.root.querySelector(f'[data-testid=replay-board][data-seat="{seat}"]')
        if not found(board):
            board = self.root.querySelector("[data-testid=replay-board]")
        if found(board):
            page.scroll_to(0)  # from the top, whatever the review's scroll was: the board is below
            page.bring_into_view(board)

    def _handover(self) -> None:
        """Like the table's hand-over screen: the others look away before a person's cards show."""
        name = self.replay.names[self.replay.viewer]
        ready = h("button", {"type": "button", "class": "primary", "data-testid": "handover-ready"},
                  t("table.handover_ready", name=name))
        back = _button("saves.back", "replay-close", lambda e: self.back())
        on(ready, "click", lambda e: self.draw(focus=True))
        clear(self.root)
        self.root.append(h("section", {"class": "panel handover", "data-testid": "handover"},
                           h("h1", {}, t("table.handover_title", name=name)),
                           h("p", {}, t("table.handover_text", name=name)),
                           h("div", {"class": "save-actions"}, ready, back)))
        ready.focus()

    def _controls(self) -> Any:
        replay, position = self.replay, self.replay.position
        return h("div", {"class": "replay-controls"},
                 self._step_button("saves.replay_first", "replay-first", "«", 0, position == 0),
                 self._step_button("saves.replay_back", "replay-back", "‹", position - 1, position == 0),
                 self._step_button("saves.replay_forward", "replay-forward", "›", position + 1, position == len(replay)),
                 self._step_button("saves.replay_last", "replay-last", "»", len(replay), position == len(replay)))

    def draw(self, focus: bool = False) -> None:
        """The position, its step in words, the controls and every seat's board."""
        replay = self.replay
        position = replay.position
        if replay.finished:  # a game without hidden cards has no cards to speak of
            note = t("saves.replay_open") if replay.perfect else t("saves.replay_all")
        else:
            note = t("saves.replay_hidden", name=replay.names[replay.viewer])
        step_text = replay.text() if position else t("replay.start")
        step_said = replay.text(spoken=True) if position else step_text
        section = h("section", {"class": "replay", "data-testid": "replay", "tabindex": "0",
                                "data-position": str(position), "data-length": str(len(replay)),
                                "aria-label": t("saves.replay_title", name=self.title)},
                    h("h1", {}, t("saves.replay_title", name=self.title)),
                    self._reviewed_note(position),
                    h("p", {"class": "replay-note", "data-testid": "replay-note"}, note),
                    self._controls(),
                    h("p", {"class": "replay-position", "data-testid": "replay-position"},
                      t("saves.replay_position", n=position, total=len(replay))),
                    # cards shown as symbols, read out in words
                    h("p", {"class": "replay-step", "aria-live": "polite", "data-testid": "replay-step"},
                      h("span", {"aria-hidden": "true", "class": "shown"}, step_text),
                      h("span", {"class": "sr-only"}, step_said)),
                    h("p", {"class": "replay-keys"}, t("saves.replay_keys")),
                    self._boards(), revealed_section(replay))
        section.append(h("p", {"class": "save-actions"}, _button("saves.back", "replay-close", lambda e: self.back()),
                         self._review_button()))

        def key(event: Any) -> None:
            moves = {"ArrowRight": position + 1, "ArrowLeft": position - 1, "Home": 0, "End": len(replay)}
            target = moves.get(str(event.key))
            if target is not None:
                self._go(target, keep_focus="replay")

        on(section, "keydown", key, prevent=Prevent(keys=("ArrowRight", "ArrowLeft", "Home", "End")))
        clear(self.root)
        self.root.append(section)
        if focus:
            section.focus()

    def _reviewed_note(self, position: int) -> Any:
        """Opened from a review's jump: which decision, and the way back to the review (None otherwise)."""
        jumped = self.jumped
        if jumped is None:
            return None
        return reviewed_note(jumped, position, back=lambda: self.review(jumped.index),
                             again=lambda: self._go(jumped.index, keep_focus="replay"))

    def _review_button(self) -> Any:
        """A finished game's Review (its stored review, else one judged now)."""
        if not self.replay.finished:
            return None
        button = _button("review.open", "review-open", lambda e: self.review(None))
        button.setAttribute("aria-label", t("review.open_label", name=self.title))
        return button

    def _step_button(self, key: str, testid: str, icon: str, target: int, disabled: bool) -> Any:
        button = h("button", {"type": "button", "class": "replay-step-button", "data-testid": testid,
                              "aria-label": t(key), "title": t(key), "disabled": disabled},
                   h("span", {"aria-hidden": "true"}, icon))
        on(button, "click", lambda e: self._go(target, keep_focus=testid))
        return button

    def _go(self, position: int, keep_focus: str) -> None:
        self.replay.go(position)
        self.draw()
        again = self.root.querySelector(f'[data-testid="{keep_focus}"]')
        if found(again) and not again.hasAttribute("disabled"):
            again.focus()
        else:
            section = self.root.querySelector('[data-testid="replay"]')
            if found(section):
                section.focus()

    def _boards(self) -> Any:
        replay = self.replay
        from pyapp.play import Seat
        from pyapp.ui.table.table import TableContext

        ui = game_ui(replay.game)
        seats = [Seat(name, kind) for name, kind in zip(replay.names, replay.kinds)]
        boards = h("div", {"class": "replay-boards"})
        for seat, observation in replay.views():
            view = None
            if ui is not None:
                try:
                    ctx = TableContext(observation=observation, viewer=seat, legal=[], seats=seats,
                                       act=lambda action: None)
                    view = ui.render(ctx)
                except Exception:  # a screen that cannot draw a past position: show it as text
                    view = None
            if view is None:
                view = _plain_view(observation)
            # drawn in a table's body, so the seats, hands and tricks look as they do at the table
            boards.append(h("section", {"class": "replay-board", "data-testid": "replay-board", "data-seat": str(seat)},
                            h("h2", {}, t("saves.replay_seat", name=replay.names[seat])),
                            h("div", {"class": "table-body replay-table"}, view)))
        return boards


__all__ = ["ReplayView", "game_ui"]
