"""``#/learn/<game>``: the guided game, introduced on a panel, then played on the real table.

The panel says what the lesson is (its intro note) and what comes next: Start;
or, when a step is remembered (``pyapp.storage.prefs``), resume the lesson
there or start again; or, once it was finished, play it again or a real game
against Easy computers.  The lesson itself is :func:`pyapp.ui.shell.coach.lesson_table`.
Nothing here is a saved game: a lesson is never counted in the statistics nor
offered as an unfinished game.
"""

from __future__ import annotations

from typing import Any


from pyapp import lessons
from pyapp.i18n import t
from pyapp.storage.prefs import lesson_step
from pyapp.ui.browser import page, routes
from pyapp.ui.shell import router
from pyapp.ui.shell.coach import lesson_table, seats
from pyapp.ui.browser.dom import clear, h, on
from pyapp.ui.browser.local_storage import shared_store
from pyapp.ui.table.table import Table


class LessonScreen:
    """The lesson's panel, then its table (the router's :class:`~pyapp.ui.shell.router.Screen`)."""

    def __init__(self, root: Any, game: str) -> None:
        self.root = root
        self.game = game
        self.lesson = lessons.get(game)
        store = shared_store()
        self.backend = store.backend if store is not None else None
        self.table: Table | None = None
        self.show_panel()

    def show_panel(self) -> None:
        total = len(self.lesson.steps)
        reached = lesson_step(self.backend, self.game, total)
        name = t(f"game.{self.game}")
        intro_key, intro_params = lessons.Coach(self.lesson).intro()
        if reached == total:
            offer = [h("p", {"data-testid": "learn-done"}, t("learn.finished")),
                     self._button("learn.play_again", "learn-again", 0, primary=True),
                     h("a", {"class": "button", "href": routes.href(self.game, level="easy"), "data-testid": "learn-easy"},
                       t("learn.easy"))]
        elif reached:
            offer = [h("p", {"data-testid": "learn-resume"}, t("learn.resume_text", n=reached + 1, total=total)),
                     self._button("learn.resume", "learn-resume-button", reached, primary=True),
                     self._button("learn.again", "learn-again", 0)]
        else:
            offer = [self._button("learn.start", "learn-start", 0, primary=True)]
        panel = h("section", {"class": "learn panel", "data-testid": "learn", "data-game": self.game},
                  h("h1", None, t("learn.title", game=name)),
                  h("p", {"class": "learn-intro"}, t(intro_key, **intro_params)),
                  h("div", {"class": "learn-offer"}, offer),  # in view on a phone, before the longer text
                  h("p", {"class": "learn-lead"}, t("learn.lead")),
                  h("nav", {"class": "game-links"},
                    h("a", {"class": "button secondary", "href": routes.href("rules", self.game)}, t("learn.rules", game=name)),
                    h("a", {"class": "button secondary", "href": routes.href(self.game)}, t("learn.play", game=name))))
        clear(self.root)
        self.root.append(panel)

    def _button(self, key: str, testid: str, at: int, *, primary: bool = False) -> Any:
        button = h("button", {"type": "button", "class": "button" if primary else "button secondary",
                              "data-testid": testid}, t(key))
        on(button, "click", lambda event: self.play(at))
        return button

    def play(self, at: int) -> None:
        self.table = lesson_table(self.root, self.game, at, self.backend)

    # -- the screen's life (pyapp.ui.shell.router.Screen) ----------------------------------

    def leave(self) -> None:
        if self.table is not None:
            self.table.leave()

    def redraw(self) -> None:
        """The language changed: the panel or the table again, the seats' names too."""
        if self.table is None:
            self.show_panel()
            return
        session = self.table.session
        if session is not None:
            session.seats[:] = seats(self.lesson.players, self.lesson.learner)
        self.table.redraw()


def render(root: Any, params: dict[str, str]) -> LessonScreen | None:
    """Draw the guided game of ``params["game"]`` into ``root``."""
    game = params.get("game")
    if game not in lessons.GAMES:
        return None
    name = t(f"game.{game}")
    page.set_title(t("shell.page.title", page=t("learn.title", game=name), site=t("app.title")))
    router.describe(t(f"shell.about.{game}"))
    return LessonScreen(root, game)


def register() -> None:
    router.register("learn", render)
