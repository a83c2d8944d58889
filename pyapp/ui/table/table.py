"""The frame every game screen shares: set-up, turns, thinking, undo, hand-over, end.

A game contributes a :class:`GameUI` (:mod:`pyapp.ui.table.game_ui`): its options for
the set-up form and a ``render`` that draws the table for one seat from that
seat's observation.  Everything else lives here once, in parts by job:

* the turn machine (:mod:`pyapp.play.turns`): who acts or what the table waits
  for; the screen draws its state and nothing else decides;
* ownership (:mod:`pyapp.ui.table.ownership`): the resume offer, the owner token and
  lock, losing the game to another tab;
* pacing (:mod:`pyapp.ui.table.pacing`): the computers' one cancellable task, its
  pauses, skip and hold; taps (:mod:`pyapp.ui.table.taps`): one tap, one move;
* composing the screen: the head and message line (:mod:`pyapp.ui.table.table_head`),
  the game's drawing, the hand-over panel, and what a redraw keeps
  (:mod:`pyapp.ui.table.kept`); the set-up form (:mod:`pyapp.ui.table.setup_form`).

A move flows: a tap on the game's drawing calls ``ctx.act`` (:meth:`Table.act`),
the session plays it in the engine and saves it, and :meth:`render_or_schedule`
draws what the machine says next, starting the computers when it is theirs.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from pyapp.engine import IllegalMoveError
from pyapp.engine.state import Action
from pyapp.i18n import t
from pyapp.play import Session
from pyapp.play.turns import DISMISS, HINT, Gone, PersonActs, Turn, Turns, Waiting, state_name
from pyapp.storage import SaveStore
from pyapp.ui.browser import dom, motion, page
from pyapp.ui.table import table_head
from pyapp.ui.browser.dom import clear, h, on
from pyapp.ui.table.game_ui import Coaching, GameUI, Option, SeatNames, Setup, TableContext
from pyapp.ui.table.hint_button import HintButton
from pyapp.ui.table.kept import keep
from pyapp.ui.browser.local_storage import shared_store
from pyapp.ui.table.ownership import Ownership
from pyapp.ui.table.pacing import Pacing
from pyapp.ui.table.setup_form import SetupForm
from pyapp.ui.table.taps import Taps, turn_of

__all__ = ["Coaching", "GameUI", "Option", "SeatNames", "Setup", "Table", "TableContext", "route"]


class Table:
    """Runs one game screen inside ``root`` for ``ui``'s game."""

    def __init__(self, root: Any, ui: GameUI, store: SaveStore | None) -> None:
        self.root = root
        self.ui = ui
        self.store = store
        self.session: Session | None = None
        self.turns = Turns(hidden_hands=ui.hidden_hands, summary_key=getattr(ui, "summary_key", None))
        self.last_seen: dict[int, dict[str, Any]] = {}
        self.error: str | None = None
        self.acting = False
        """Whether the last drawn table let the person on screen act (focus moves when that starts)."""
        self.task: asyncio.Task | None = None
        """The computers' turns or a hint being found: the one task that may change this table's game."""
        self.closed = False
        self.on_screen: str | None = None
        """The turn machine's state the table last drew (:func:`pyapp.play.turns.state_name`; the page's
        ``data-state``), None while it shows something else (the set-up form, a hand-over, a lost game)."""
        self._redraw: Callable[[], None] = lambda: None
        """Draws what is on screen again (in the new language)."""
        self.friends: Any = None
        """A friends' game's page on this table (:mod:`pyapp.ui.friends.friends_host`, :mod:`pyapp.ui.friends.friends_guest`):
        it gives the end's actions."""
        self.coach: Coaching | None = None
        """Set when the table hosts a guided game (:mod:`pyapp.ui.shell.coach`): the coach's lines replace the frame's own."""
        self.live = h("p", {"class": "sr-only", "aria-live": "polite", "aria-atomic": "true", "data-testid": "announce"})
        self.body = h("div", {"class": "table-body"})
        self.pacing = Pacing(self)
        self.owner = Ownership(self)
        self.form = SetupForm(self)
        self.taps = Taps(self.body, lambda: turn_of(self.session) if self.session is not None else None)
        on(self.body, "click", self.taps.click, capture=True)
        on(self.body, "click", self.pacing.skip)
        on(self.body, "keydown", self.pacing.skip)
        clear(root)
        root.append(self.body, self.live)
        from pyapp.ui.shell.rules_sheet import RulesSheet  # noqa: PLC0415  (the router's pages: only a live table needs them)

        self.rules = RulesSheet(root, ui.game, self.pacing.hold)
        self.hints = HintButton(self)

    @property
    def thinking(self) -> bool:
        """Whether the computers' task runs (a person's tap is ignored meanwhile)."""
        return self.pacing.thinking

    # -- entry and the screen's life (pyapp.ui.shell.router.Screen) ----------------------------

    def open(self, resume: str | None = None, level: str | None = None) -> Table:
        """Offer to resume this game's game in play, else show the set-up form; returns the table (the router's screen)."""
        asyncio.ensure_future(self.pacing.load_computer_players())
        self.owner.open(resume, level)
        return self

    def show_setup(self, previous: Session | Setup | None = None) -> None:
        self.form.show_setup(previous)

    def leave(self) -> None:
        """The screen is gone: the computers stop, a friends' link closes, the game is free for another table."""
        self.closed = True
        if self.friends is not None:
            self.friends.close()
        self.stop_computers()
        self.owner.let_go()

    def redraw(self) -> None:
        """The language changed: draw the same thing again (the computers keep thinking)."""
        if not self.closed:
            self._redraw()

    def storage_changed(self, key: str | None, value: str | None) -> None:
        if not self.closed:
            self.owner.storage_changed(key, value)

    def show_lost(self) -> None:
        self.owner.show_lost()

    def stop_computers(self) -> None:
        self.pacing.stop()

    # -- play ----------------------------------------------------------------------

    def begin(self, session: Session) -> None:
        """Play ``session`` here: this table claims it (another tab playing it stops)."""
        if session.hosted:  # a room of friends: taken up again as a room, its guests rejoining
            from pyapp.ui.friends.friends_host import reopen  # noqa: PLC0415  (only a friends' game needs it)

            reopen(self, session.record_id)
            return
        self.stop_computers()
        if self.session is not session:
            self.owner.let_go()
        self.owner.take(session)
        self.session = session
        self.turns.begin(session)
        self.last_seen.clear()
        self.render_or_schedule()

    def act(self, action: Action) -> None:
        """A person chose ``action`` on the table."""
        session = self.session
        if session is None or self.closed or self.taps.guarded() or not isinstance(self.turns.now(), PersonActs):
            return
        actor = session.to_act()
        self.stop_computers()  # a hint being found answers the position this move leaves
        try:
            session.play(action, save=False)
        except IllegalMoveError as error:
            self.error = str(error)
            self.render_or_schedule()
            return
        self.error = None
        seat = session.to_act()
        if seat >= 0 and seat != actor and session.seats[seat].is_person:
            self.taps.guard()
        problem = session.save_problem
        self.render_or_schedule()
        # drawn before it is saved: Python in a worker waits for the page to write, and the page shows the move meanwhile
        page.show_now()
        session.save()
        if session.lost:
            self.show_lost()
        elif session.save_problem != problem:
            self.render()

    def render_or_schedule(self) -> None:
        """Draw the table now (so the page never shows a stale turn), then let computers move.

        When a computer moves next the table is drawn once, already thinking: a
        second drawing when its search starts would change nothing but the status.
        """
        session = self.session
        starting = session is not None and self.pacing.start(session)
        self.render()
        if starting:
            self.pacing.run(session)

    def undo(self) -> None:
        session = self.session
        if session is None or self.thinking or self.taps.guarded() or not session.undo_steps():
            return
        self.stop_computers()  # a hint being found answers the position undo leaves
        session.undo()
        if session.lost:
            self.show_lost()
            return
        # the table goes back: say so, rather than announcing the earlier move again
        viewer = session.viewer()
        self.last_seen[viewer] = session.state.observation(viewer)
        self.say(t("table.say.undone"))
        self.render()

    def _dismiss(self) -> None:
        """The person dismissed the summary: the computers go on."""
        if self.turns.dismiss():
            self.pacing.wake()
            self.render()

    def _rematch(self) -> None:
        old = self.session
        assert old is not None
        seed = random.SystemRandom().randrange(2**53)
        self.begin(Session.start(self.ui.game, old.seats, seed=seed, store=self.store, name=old.name,
                                 named=old.named, allow_hints=old.hints["allowed"], **old.state.options))

    # -- drawing -----------------------------------------------------------------------

    def render(self) -> None:
        """Draw what the turn machine says: the hand-over panel, or the game with its live controls."""
        session = self.session
        if session is None:
            return
        viewer = session.viewer()
        observation = session.state.observation(viewer)
        turn = self.turns.now(observation)
        if isinstance(turn, Gone) or isinstance(turn, Waiting) and turn.reason == "tab":
            self.show_lost()
            return
        if isinstance(turn, Waiting) and turn.reason == "handover":
            self._handover(turn.seat)
            return
        self.turns.drawn(turn)
        acting = isinstance(turn, PersonActs) and turn.seat == viewer and not self.thinking
        legal = session.state.legal_actions() if acting else []
        before = self.last_seen.get(viewer)
        moving = motion.before(self.body, self.ui.motions(before, observation))  # measured before the layout changes
        self.last_seen[viewer] = observation
        self._speak(before, observation, starts=acting and not self.acting)
        summary = DISMISS in turn.controls  # a summary holding the computers, or the last one before the end
        ctx = TableContext(observation=observation, viewer=viewer, legal=legal, seats=session.seats, act=self.act,
                           thinking=self.thinking and not summary, announce=self.say,
                           dismiss=self._dismiss if summary else None,
                           fingerprint=None if session.known_deal else session.fingerprint)
        kept = keep(self.root, self.body)
        self.show(h("div", {"class": f"table table-{self.ui.game}", "data-acting": "true" if acting else "false"},
                    self._head(session, turn, acting),
                    table_head.message_line(self, session, turn, self.hints.message(session)), self.ui.render(ctx)),
                  self.render)
        motion.after(self.body, moving)
        self._drew(turn)
        self.taps.drawn()
        self.hints.mark(self.body)
        if self.coach is not None:
            self.coach.mark(self.body)
        kept.restore(self.body, turn_starts=acting and not self.acting)
        self.acting = acting

    def _head(self, session: Session, turn: Turn, acting: bool) -> Any:
        hint = self.hints.button(session, acting and HINT in turn.controls)  # drawn disabled while others play
        return h("div", {"class": "table-head"}, table_head.status_bar(self, session, turn),
                 h("span", {"class": "table-slot", "data-testid": "table-slot"}, hint, self.rules.button()),
                 table_head.actions(self, session, turn, self._rematch))

    def _speak(self, before: dict[str, Any] | None, after: dict[str, Any], *, starts: bool) -> None:
        """Read out what the others did, "your turn" when the person's decision starts, and the coach's note."""
        session = self.session
        said = list(self.ui.announcements(before, after))
        if starts:
            said.append(t("table.say.your_turn", name=session.seats[session.viewer()].name))
        if self.coach is not None:
            said += self.coach.spoken()
        if said:
            self.say(" ".join(said))

    def redraw_status(self) -> None:
        """A hold changed what the computers wait for: only the status line is drawn again."""
        status = self.body.querySelector("[data-testid=status]")
        if self.session is not None and dom.found(status):
            turn = self.turns.now()
            status.replaceWith(table_head.status_bar(self, self.session, turn))
            self._drew(turn)

    def _drew(self, turn: Turn) -> None:
        """The table on screen shows ``turn`` (the watchdog reads it; ``data-state`` for tests and people)."""
        self.on_screen = state_name(turn)
        self.body.dataset.state = self.on_screen

    def _handover(self, viewer: int) -> None:
        name = self.session.seats[viewer].name if self.session else ""
        ready = h("button", {"class": "primary", "data-testid": "handover-ready"}, t("table.handover_ready", name=name))

        def reveal(event: Any) -> None:
            if not self.taps.guarded():  # the tap that ended the last person's turn must not show these cards
                self.turns.show(viewer)
                self.render()

        on(ready, "click", reveal)
        self.show(h("section", {"class": "panel handover", "data-testid": "handover"},
                    h("h2", {}, t("table.handover_title", name=name)), h("p", {}, t("table.handover_text", name=name)), ready),
                  self.render)
        ready.focus()

    def say(self, sentence: str) -> None:
        """Tell screen-reader users what happened (the live region reads it out)."""
        self.live.textContent = ""  # the same sentence twice in a row is still read
        self.live.textContent = sentence

    def show(self, element: Any, redraw: Callable[[], None]) -> None:
        """Put ``element`` on the table; ``redraw`` draws it again (after a language switch)."""
        self._redraw = redraw
        self.owner.offered = None
        self.on_screen = None  # render() says what it drew once it is drawn
        self.body.removeAttribute("data-state")
        clear(self.body, element)
        self.body.dataset.handlers = str(dom.live_handlers())  # e2e: handlers never pile up


def route(ui: GameUI) -> Callable[[Any, dict[str, str]], Table]:
    """The router view for ``ui``'s game: resume or set up, then play."""

    def render(root: Any, params: dict[str, str]) -> Table:
        table = Table(root, ui, shared_store())
        if "daily" in params or "challenge" in params:
            from pyapp.ui.table.known_deal import open_known  # noqa: PLC0415  (only a known deal's route needs it)

            return open_known(table, params)
        return table.open(params.get("resume"), params.get("level"))

    return render
