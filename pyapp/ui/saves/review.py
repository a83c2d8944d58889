"""The review of a finished saved game: one person's decisions judged, the costliest first.

Opened from a game's end ("Review this game", ``#/saves?review=<id>``) and from
the replay of any finished saved game (its Review button).  The judging is
:func:`pyapp.ai.review.review`, run a slice at a time as one cancellable task
(:func:`pyapp.ui.browser.slices.run_sliced`, the computers' scheduling), so the page
never freezes; a progress bar follows it and Stop ends it, keeping nothing
(only a whole review is shown and stored).  Each decision is judged from what
that person knew then: the engine draws its worlds from their observation.

The result is stored beside the saved game (``record["review"]``,
:meth:`pyapp.storage.SaveStore.keep_review`) and shown again from there
without being judged again.  It shows the few costliest decisions (mistakes
before moves about as good as the judge's, which are never called mistakes),
each in a sentence with the moves in words, how much it cost give or take,
and the engine's reasons; a jump to that position in the replay; and a small
chart of the loss at every decision, an inline SVG built node by node (no
markup from text) and named for screen readers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pyapp.engine.state import State
from pyapp.i18n import catalog, t, tn
from pyapp.registry import PERSON
from pyapp.storage import SaveStore, StorageError
from pyapp.storage.review import review_imported
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import clear, found, h, on, svg
from pyapp.ui.table.hint_button import points_text
from pyapp.ui.browser.routes import href
from pyapp.ui.browser.slices import run_sliced

TEST_WORLDS = "pyappTestReviewWorlds"
"""``window.pyappTestReviewWorlds`` (a whole number, set by the e2e suite) caps the worlds per decision."""

SHOWN = 5
"""How many of the costliest decisions the list shows."""

CHART_W, CHART_H, CHART_TOP = 320, 96, 14
"""The chart's drawing box (user units; it scales to the column) and the room kept above the bars."""

SENTENCES = {"same": "review.played_best", "equal": "review.played_equal", "mistake": "review.played_mistake"}
"""The sentence of a decision of each kind (:func:`kind_of`)."""

judged = 0
"""Reviews this page has judged (not opened from storage): the e2e suite reads it (``data-judged``)."""


def review_button(record_id: str) -> Any:
    """Review, for a game's end screen: opens ``#/saves?review=<id>``."""
    button = h("button", {"type": "button", "data-testid": "review-game", "aria-label": t("review.this_game")},
               t("review.open"))
    on(button, "click", lambda event: page.go(href("saves", review=record_id)))
    return button


def kind_of(decision: dict[str, Any]) -> str:
    """``same`` (the judge's move), ``equal`` (about as good) or ``mistake``."""
    if decision["played"] == decision["best"]:
        return "same"
    return "equal" if decision["about_equal"] else "mistake"


def _limits() -> dict[str, Any]:
    """The page's budget per decision (``REVIEW_LIMITS``), its worlds capped by the e2e hook when set."""
    from pyapp.ai.review import REVIEW_LIMITS  # noqa: PLC0415  (the judge: imported when a review runs)

    limits = dict(REVIEW_LIMITS)
    test = page.test_hook(TEST_WORLDS)
    if isinstance(test, int) and not isinstance(test, bool) and 2 <= test < limits["worlds"]:
        limits["worlds"] = test
    return limits


def bars(decisions: list[dict[str, Any]]) -> list[tuple[float, float, float, dict[str, Any]]]:
    """Each decision in the order of the game as ``(x, width, height, decision)`` in the chart's box.

    A loss below zero (the judge's choice scored fewer points but wins more often) is drawn as none.

    >>> [(x, w, round(h)) for x, w, h, _ in bars([{"index": 3, "points_loss": 2.0}, {"index": 1, "points_loss": 8.0}])]
    [(0.0, 160.0, 82), (160.0, 160.0, 20)]
    """
    ordered = sorted(decisions, key=lambda d: d["index"])
    width = CHART_W / max(1, len(ordered))
    top = max([1.0] + [d["points_loss"] for d in ordered])
    return [(i * width, width, max(0.0, d["points_loss"]) / top * (CHART_H - CHART_TOP), d)
            for i, d in enumerate(ordered)]


@dataclass(frozen=True)
class Jumped:
    """A decision the review jumped from to the replay: the replay marks it (:func:`reviewed_note`)."""

    index: int
    """The decision's place in the actions: the replay shows the position before it."""
    kind: str
    sentence: Callable[[], str]
    """The review's sentence for it, in the language of the moment."""
    seat: int | None = None
    """Whose decision it was: the replay brings that seat's board into view."""


def reviewed_note(jumped: Jumped, position: int, *, back: Callable[[], None], again: Callable[[], None]) -> Any:
    """Above a replay opened from a review: which decision it was, what the judge said, and the way back."""
    number = jumped.index + 1
    to_review = h("button", {"type": "button", "class": "primary", "data-testid": "replay-to-review"},
                  t("review.to_review"))
    on(to_review, "click", lambda event: back())
    again_button = None
    if position != jumped.index:  # stepped away: one press shows the decision's position again
        again_button = h("button", {"type": "button", "data-testid": "replay-to-decision"},
                         t("review.to_decision", n=number))
        on(again_button, "click", lambda event: again())
    at = "review.reviewed_here" if position == jumped.index else "review.reviewed_there"
    return h("div", {"class": f"replay-reviewed review-decision {jumped.kind}", "data-testid": "replay-reviewed",
                     "data-index": str(jumped.index), "data-kind": jumped.kind},
             h("p", {"class": "replay-reviewed-title"}, t(at, n=number)),
             h("p", {"class": "review-sentence"}, jumped.sentence()),
             h("div", {"class": "save-actions"}, to_review, again_button))


class ReviewView:
    """The review of one stored, finished game inside ``root``.

    ``jump(decision)`` shows the position before that decision in the game's replay; ``back()``
    returns to the replay.
    """

    def __init__(self, root: Any, store: SaveStore, record: dict[str, Any], state: State, ui: Any, *,
                 jump: Callable[[Jumped], None], back: Callable[[], None]) -> None:
        self.root, self.store, self.record, self.state, self.ui = root, store, record, state, ui
        self.jump, self.back = jump, back
        seats = record["seats"]
        self.names = [seat["name"] for seat in seats]
        self.people = [n for n, seat in enumerate(seats) if seat["kind"] == PERSON] or list(range(len(seats)))
        self.result: dict[str, Any] | None = record.get("review")
        self.source = ("imported" if review_imported(record) else "stored") if self.result is not None else ""
        """Where the result shown comes from: ``stored`` (judged here before), ``imported`` (numbers from a
        file, never shown as the site's own), ``judged`` (just now)."""
        self.seat = self.result["seat"] if self.result is not None else None
        self.phase = "done" if self.result is not None else "choose"
        self.problem: str | None = None
        """Why the finished review could not be stored, if it could not."""
        self.task: asyncio.Task | None = None
        self.bar: Any = None
        self.count: Any = None
        self.done = -1
        """The decisions judged that the progress bar shows."""

    def open(self) -> ReviewView:
        """Show the stored review, else judge the only person's decisions, else ask whose."""
        if not self.state.is_terminal():
            self.phase = "unfinished"
        elif self.result is None and len(self.people) == 1:
            self.start(self.people[0])
            return self
        self.show()
        return self

    # -- judging -------------------------------------------------------------------

    def start(self, seat: int) -> None:
        """Judge ``seat``'s decisions (any review under way stops first)."""
        self.stop(draw=False)
        self.seat, self.phase, self.result, self.source, self.problem = seat, "running", None, "", None
        self.show()
        self.task = asyncio.ensure_future(self._run(seat))

    async def _run(self, seat: int) -> None:
        """The review in slices; only ever run as ``self.task``, so cancelling it stops the work."""
        global judged
        from pyapp.ai.review import review  # noqa: PLC0415  (the judge: imported when a review runs)
        from pyapp.games import load  # noqa: PLC0415

        await asyncio.sleep(0)  # the progress bar is drawn before the first slice
        work = review(load(self.record["game"]), seat=seat, seed=f"{self.record['id']}:{seat}", **_limits())
        result = await run_sliced(work, self._progress)
        self.task = None
        judged += 1
        try:
            self.record = self.store.keep_review(self.record["id"], result)
        except KeyError:
            self.problem = t("review.deleted")
        except StorageError as error:
            self.problem = t(error.key)
        except ValueError as error:  # CorruptRecord too: the stored game changed meanwhile
            self.problem = str(error)
        self.result, self.source, self.phase = result, "judged", "done"
        self.show()
        self.focus()

    def _progress(self, step: tuple[int, int]) -> None:
        done, total = step
        if self.bar is not None and done != self.done:
            self.done = done
            self.bar.max = max(1, total)
            self.bar.value = done
            self.count.textContent = t("review.progress", done=min(done + 1, total), total=total)

    def stop(self, *, draw: bool = True) -> None:
        """Stop a review under way: nothing judged so far is kept."""
        if self.task is None:
            return
        self.task.cancel()
        self.task = None
        self.phase = "stopped"
        if draw:
            self.show()
            again = self.root.querySelector("[data-testid=review-again]")
            if found(again):
                again.focus()

    def leave(self) -> None:
        self.stop(draw=False)

    # -- drawing -------------------------------------------------------------------

    def show(self) -> None:
        """Draw the review as it stands (also after a language switch)."""
        name = self.names[self.seat] if self.seat is not None else ""
        section = h("section", {"class": "review", "data-testid": "review", "data-phase": self.phase,
                                "data-source": self.source, "data-judged": str(judged),
                                "data-seat": "" if self.seat is None else str(self.seat)},
                    h("h1", {"tabindex": "-1"}, t("review.title", name=name) if name else t("review.open")))
        self.bar = self.count = None
        self.done = -1
        if self.phase == "unfinished":
            section.append(h("p", {"data-testid": "review-unfinished"}, t("review.unfinished")))
        elif self.phase == "choose":
            section.append(self._choose())
        elif self.phase == "running":
            section.append(self._intro(name), self._running())
        elif self.phase == "stopped":
            again = h("button", {"type": "button", "class": "primary", "data-testid": "review-again"}, t("review.again"))
            on(again, "click", lambda event: self.start(self.seat))
            section.append(h("p", {"role": "status", "data-testid": "review-stopped"}, t("review.stopped")),
                           h("div", {"class": "save-actions"}, again))
        else:
            # a part left out is None: given to the DOM's append, it would show as the text "undefined"
            section.append(self._intro(name), *[part for part in self._result(name) if part is not None])
        back = h("button", {"type": "button", "data-testid": "review-back"}, t("review.back"))
        on(back, "click", lambda event: self._back())
        section.append(h("p", {}, back))
        clear(self.root)
        self.root.append(section)

    def _intro(self, name: str) -> Any:
        """What a judgment reads: the person's knowledge then (and, where cards are hidden, not the others')."""
        key = "review.intro" if self.state.TYPE.perfect_information else "review.intro_hidden"
        return h("p", {"class": "review-intro"}, t(key, name=name))

    def focus(self) -> None:
        """The focus on the review's heading (it was opened, or its result replaced the progress bar)."""
        heading = self.root.querySelector("[data-testid=review] h1")
        if found(heading):
            heading.focus()

    def _back(self) -> None:
        self.stop(draw=False)
        self.back()

    def _choose(self) -> Any:
        return h("div", {}, h("p", {}, t("review.choose")), self._seat_buttons(self.people, lambda name: name))

    def _seat_buttons(self, seats: list[int], label: Callable[[str], str]) -> Any:
        """A button per seat that judges that seat's decisions, labelled ``label(name)``."""
        buttons = []
        for seat in seats:
            button = h("button", {"type": "button", "data-testid": f"review-seat-{seat}"}, label(self.names[seat]))
            on(button, "click", lambda event, seat=seat: self.start(seat))
            buttons.append(button)
        return h("div", {"class": "save-actions"}, *buttons)

    def _running(self) -> Any:
        self.bar = h("progress", {"data-testid": "review-progress", "max": "1", "value": "0",
                                  "aria-label": t("review.progress_label")})
        self.count = h("p", {"class": "review-count", "data-testid": "review-count"}, t("review.progress", done=0, total="…"))
        stop = h("button", {"type": "button", "data-testid": "review-stop"}, t("review.stop"))
        on(stop, "click", lambda event: self.stop())
        return h("div", {"class": "review-running", "aria-busy": "true"}, self.bar, self.count,
                 h("div", {"class": "save-actions"}, stop))

    def _result(self, name: str) -> list[Any]:
        result = self.result
        assert result is not None
        decisions = result["decisions"]
        if not decisions:
            return [h("p", {"data-testid": "review-empty"}, t("review.none", name=name))]
        mistakes = sum(kind_of(d) == "mistake" for d in decisions)
        shown = decisions[:SHOWN]
        out = [self._imported_label(),
               h("p", {"class": "review-summary", "data-testid": "review-summary", "data-mistakes": str(mistakes)},
                 tn("review.summary", mistakes, total=len(decisions), mistakes=mistakes)),
               self._chart(decisions, shown),
               h("h2", {}, t("review.costliest")),
               h("ol", {"class": "review-list", "data-testid": "review-list"}, *self._items(name, shown)),
               h("p", {"class": "review-how", "data-testid": "review-how"},
                 t(own_key(f"review.how.{self.state.GAME}", "review.how"), worlds=result["worlds"]))]
        if self.problem is not None:
            out.append(h("p", {"class": "warning", "role": "status", "data-testid": "review-not-stored"},
                          t("review.not_stored", problem=self.problem)))
        elif self.source != "imported":
            out.append(h("p", {"class": "review-stored", "data-testid": "review-stored"}, t("review.stored")))
        others = [seat for seat in self.people if seat != self.seat]
        if others:
            out.append(self._seat_buttons(others, lambda other: t("review.other", name=other)))
        return out

    def _imported_label(self) -> Any:
        """A review that came in a file: said so above its numbers, with the way to judge it here."""
        if self.source != "imported" or self.seat is None:
            return None
        again = h("button", {"type": "button", "class": "primary", "data-testid": "review-rejudge"}, t("review.rejudge"))
        seat = self.seat
        on(again, "click", lambda event: self.start(seat))
        return h("div", {"class": "warning review-imported", "role": "note", "data-testid": "review-imported"},
                 h("p", {}, t("review.imported")), again)

    def _items(self, name: str, shown: list[dict[str, Any]]) -> list[Any]:
        from pyapp.ai.hint import reasons  # noqa: PLC0415  (the engine's reasons: with the judge)
        from pyapp.ai.review import explanation, held  # noqa: PLC0415  (with the judge)

        positions = _positions(self.state, {d["index"] for d in shown})
        game = self.state.GAME
        items = []
        for rank, decision in enumerate(shown, 1):
            position = positions[decision["index"]]
            played, best = position.parse_action(decision["played"]), position.parse_action(decision["best"])
            kind = kind_of(decision)
            words = self._words(name, decision, position)
            sentences = [h("p", {"class": "review-sentence"}, t(SENTENCES[kind], **words))]
            if kind == "mistake" and decision["win_loss"] is not None and decision["win_loss"] > 0:
                sentences.append(h("p", {}, t("review.win", points=points_text(100 * decision["win_loss"]),
                                              se=points_text(100 * (decision["win_se"] or 0.0)))))
            for key, facts in explanation(reasons(position, best), None if kind == "same" else reasons(position, played)):
                if key == "review.later":  # how far the judge played on: the game's own words
                    key = own_key(f"review.later.{game}", key)
                said = "".join(" " + t(fact, **_facts(self.ui, params)) for fact, params in facts)
                sentences.append(h("p", {"class": "review-reasons"}, t(key, **words) + said))
            sentences.append(self._held(held(self.state, position, self.seat)))
            number = decision["index"] + 1
            jump = h("button", {"type": "button", "data-testid": "review-jump", "data-position": str(decision["index"]),
                                "aria-label": t("review.jump_label", n=number)}, t("review.jump"))
            jumped = Jumped(decision["index"], kind,
                            lambda decision=decision, position=position: t(SENTENCES[kind_of(decision)],
                                                                           **self._words(name, decision, position)),
                            self.seat)
            on(jump, "click", lambda event, jumped=jumped: self._jump(jumped))
            items.append(h("li", {"class": f"review-decision {kind}", "data-testid": "review-decision",
                                  "data-index": str(decision["index"]), "data-kind": kind, "data-rank": str(rank)},
                           h("h3", {}, h("span", {"class": "review-rank", "aria-hidden": "true"}, str(rank)),
                             t("review.heading", n=number, kind=t(f"review.{kind}"))),
                           *[part for part in sentences if part is not None], h("div", {"class": "save-actions"}, jump)))
        return items

    def _held(self, holdings: list[dict[str, Any]]) -> Any:
        """What the others held at a decision (:func:`pyapp.ai.review.held`: only once the game is over), a line
        per seat: cards shown as on their faces, read out in words; None when there is nothing to tell."""
        if not holdings:
            return None

        def seat_line(entry: dict[str, Any], spoken: bool) -> str:
            cards = " ".join(_card(self.ui, card, spoken=spoken) for card in entry["hand"]) or t("review.held_none")
            name = self.names[entry["seat"]] if entry["seat"] < len(self.names) else str(entry["seat"] + 1)
            if "goal" in entry:
                return t("review.held_goal", name=name, cards=cards, goal=t(f"dieci.goal.name.{entry['goal']}"))
            return t("review.held", name=name, cards=cards)

        lines = []
        for n, entry in enumerate(holdings):
            end = "." if n == len(holdings) - 1 else ";"
            lines.append(h("span", {"class": "review-held-seat", "data-seat": str(entry["seat"])},
                           h("span", {"aria-hidden": "true"}, seat_line(entry, False) + end),
                           h("span", {"class": "sr-only"}, seat_line(entry, True) + end + " ")))
        return h("p", {"class": "review-held", "data-testid": "review-held",
                       "data-seats": " ".join(str(entry["seat"]) for entry in holdings)}, *lines)

    def _words(self, name: str, decision: dict[str, Any], position: State) -> dict[str, str]:
        """A decision's sentence parameters, in the language of the moment."""
        played, best = position.parse_action(decision["played"]), position.parse_action(decision["best"])
        return {"name": name, "played": _words(self.ui, played), "best": _words(self.ui, best),
                "points": points_text(decision["points_loss"]), "se": points_text(decision["points_se"])}

    def _jump(self, jumped: Jumped) -> None:
        self.stop(draw=False)
        self.jump(jumped)

    def _chart(self, decisions: list[dict[str, Any]], shown: list[dict[str, Any]]) -> Any:
        """The loss at every decision as bars in the order of the game; the listed ones numbered above theirs."""
        drawn = bars(decisions)
        paths = {"mistake": [], "equal": []}
        ranks = {d["index"]: n for n, d in enumerate(shown, 1)}
        marks = []
        for x, width, height, decision in drawn:
            if height > 0:
                kind = "mistake" if kind_of(decision) == "mistake" else "equal"
                paths[kind].append(f"M{x + 0.15 * width:.1f} {CHART_H - height:.1f}h{0.7 * width:.1f}v{height:.1f}"
                                   f"h{-0.7 * width:.1f}z")
            if decision["index"] in ranks:
                marks.append(svg("text", {"x": f"{x + width / 2:.1f}", "y": f"{CHART_H - height - 3:.1f}",
                                           "class": "chart-rank", "text-anchor": "middle"},
                                  str(ranks[decision["index"]])))
        costliest = max(decisions, key=lambda d: d["points_loss"])
        if costliest["points_loss"] >= 1:
            label = t("review.chart_label", total=len(decisions), n=costliest["index"] + 1,
                      points=points_text(costliest["points_loss"]))
        else:
            label = t("review.chart_flat", total=len(decisions))
        chart = svg("svg", {"viewBox": f"0 0 {CHART_W} {CHART_H + 12}", "role": "img", "aria-label": label,
                             "class": "review-chart", "data-testid": "review-chart", "data-bars": str(len(drawn))},
                     svg("title", {}, label),
                     *[svg("path", {"class": f"bars {kind}", "d": "".join(parts) or "M0 0"})
                       for kind, parts in paths.items()],
                     svg("line", {"class": "axis", "x1": 0, "x2": CHART_W, "y1": CHART_H, "y2": CHART_H}),
                     *marks,
                     svg("text", {"class": "chart-edge", "x": 0, "y": CHART_H + 11}, t("review.chart_start")),
                     svg("text", {"class": "chart-edge", "x": CHART_W, "y": CHART_H + 11, "text-anchor": "end"},
                          t("review.chart_end")))
        return h("figure", {"class": "review-figure"}, h("figcaption", {"aria-hidden": "true"}, t("review.chart")), chart)


def _positions(state: State, indices: set[int]) -> dict[int, State]:
    """The game's positions just before the actions at ``indices`` (one replay of the game)."""
    found = {}
    current = state.replay([])
    for index, action in enumerate(state.history):
        if index in indices:
            found[index] = current.clone()
        current.step(action)
    return found


def own_key(key: str, fallback: str) -> str:
    """``key`` (a game's own wording: ``review.how.triad``, a game without cards) if there is one, else ``fallback``.

    >>> own_key("review.how.triad", "review.how"), own_key("review.how.nim", "review.how")
    ('review.how.triad', 'review.how')
    """
    return key if key in catalog("en") else fallback


def _words(ui: Any, action: Any) -> str:
    """A move as a screen reader says it (cards by name, Triad cells by their labels) when the game UI can."""
    words = getattr(ui, "move_words", None)
    return words(action, spoken=True) if words is not None else str(action)


def _card(ui: Any, card: str, *, spoken: bool) -> str:
    """A card as on its face (``7♥``) or in words when the game UI can, else its engine text."""
    params = getattr(ui, "fact_params", None)
    return params({"card": card}, spoken=spoken)["card"] if params is not None else card


def _facts(ui: Any, params: dict[str, Any]) -> dict[str, Any]:
    """A reason's parameters in words when the game UI can (cards, characters)."""
    spoken = getattr(ui, "fact_params", None)
    return spoken(params, spoken=True) if spoken is not None else params


__all__ = ["ReviewView", "bars", "kind_of", "own_key", "review_button"]
