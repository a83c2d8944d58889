"""``#/learn/<game>``: the guided game replayed step by step, with the coach's notes.

Until the table hosts the coach (the learner then makes each move and the
:class:`pyapp.lessons.Coach` checks it), this screen walks through the script:
the position drawn like a rules demo (the learner's cards only), the note of
the step, and Back / Next.  The note is a live region, so screen readers
read each step.  The step reached is remembered (``pyapp.storage.prefs``):
coming back offers to resume there.  Nothing here is a saved game: a lesson
is never counted in the statistics nor offered as an unfinished game.  The
last step offers a real game against Easy computers.
"""

from __future__ import annotations

from typing import Any

from pyscript import document

from pyapp import lessons
from pyapp.demos.render import stage
from pyapp.i18n import t
from pyapp.storage.prefs import lesson_step, remember_lesson_step
from pyapp.ui import dom, router, routes
from pyapp.ui.dom import clear, found, h, on
from pyapp.ui.local_storage import shared_store


class LessonScreen:
    """One walk through a lesson; ``at`` is the step shown (``len(steps)``: the end)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.lesson = lessons.get(game)
        self.element = h("section", {"class": "learn panel", "data_testid": "learn", "data_game": game})
        store = shared_store()
        self.backend = store.backend if store is not None else None
        self.reached = lesson_step(self.backend, game, len(self.lesson.steps))
        """The step remembered from an earlier visit (0: none), offered until the learner moves on."""
        on(self.element, "click", self._on_click)
        self.show(0)

    def show(self, at: int, focus: str | None = None) -> None:
        coach = lessons.Coach(self.lesson, at=at)
        self.at = at
        total = len(self.lesson.steps)
        step = coach.step()
        key, params = coach.note()
        intro_key, intro_params = coach.intro()
        name = t(f"game.{self.game}")
        clear(self.element)
        nav = [
            h("button", {"type": "button", "class": "button secondary", "data_action": "back", "disabled": at == 0}, t("learn.back")),
            h("button", {"type": "button", "class": "button", "data_action": "next", "disabled": step is None}, t("learn.next")),
        ]
        self.element.append(
            h("h1", None, t("learn.title", game=name)),
            h("p", {"class": "learn-lead"}, t("learn.lead")),
            h("p", {"class": "learn-intro"}, t(intro_key, **intro_params)),
            h("div", {"class": "demo learn-stage"}, dom.tree(stage(coach.picture()))),
            h(
                "p",
                {"class": "learn-count", "data_testid": "learn-count"},
                t("learn.step", n=min(at + 1, total), total=total),
                " · ",
                t("learn.done") if step is None else t("learn.you" if step.who == lessons.LEARNER else "learn.computer"),
            ),
            h("p", {"class": "learn-note", "role": "status", "aria_live": "polite", "data_testid": "coach-note"}, t(key, **params)),
            h("p", {"class": "game-links"}, nav),
            h(
                "nav",
                {"class": "game-links"},
                h("a", {"class": "button secondary", "href": routes.href(self.game)}, t("learn.play", game=name)),
                h("a", {"class": "button secondary", "href": routes.href("rules", self.game)}, t("learn.rules", game=name)),
            ),
        )
        if self.reached:
            self.element.insertBefore(self._resume_offer(total), self.element.querySelector(".learn-intro"))
        if step is None:
            self.element.querySelector(".learn-note").after(
                h("p", {"class": "game-links"},
                  h("a", {"class": "button", "href": routes.href(self.game, level="easy"), "data_testid": "learn-easy"},
                    t("learn.easy"))))
        if focus is not None:
            button = self.element.querySelector(f"[data-action={focus}]")
            if found(button) and button.disabled:
                button = self.element.querySelector("[data-action=back]" if focus == "next" else "[data-action=next]")
            if found(button):
                button.focus()

    def _resume_offer(self, total: int) -> Any:
        return h("p", {"class": "learn-resume", "data_testid": "learn-resume"},
                 t("learn.resume_text", n=min(self.reached + 1, total), total=total), " ",
                 h("button", {"type": "button", "class": "button", "data_action": "resume"}, t("learn.resume")))

    def _on_click(self, event: Any) -> None:
        button = event.target.closest("button[data-action]")
        if not found(button) or button.disabled:
            return
        action = str(button.dataset.action)
        at = self.reached if action == "resume" else self.at + (1 if action == "next" else -1)
        self.reached = 0
        remember_lesson_step(self.backend, self.game, at)
        self.show(at, focus="next" if action == "resume" else action)


def render(root: Any, params: dict[str, str]) -> None:
    """Draw the guided game of ``params["game"]`` into ``root``."""
    game = params.get("game")
    if game not in lessons.GAMES:
        return
    name = t(f"game.{game}")
    document.title = t("shell.page.title", page=t("learn.title", game=name), site=t("app.title"))
    router.describe(t(f"shell.about.{game}"))
    root.append(LessonScreen(game).element)


def register() -> None:
    router.register("learn", render)
