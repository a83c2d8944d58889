"""The frame every game screen shares: set-up, turns, thinking, undo, hand-over, end.

A game contributes a :class:`GameUI`: its options for the set-up form and a
``render`` that draws the table for one seat from that seat's observation.
Everything else — seats, computer turns run in slices so the page never
freezes, undo, autosave, "pass the device" screens, rematch — lives here once.

One table owns one game at a time (:meth:`pyapp.play.Session.claim`): its
computers run as one cancellable task that stops when the screen is left,
the game is deleted or another tab takes it; a language switch redraws it
in place.  One tap makes at most one move: a multi-click counts once, and
taps just after the turn passed to another person on the device are ignored.

Computer actions are shown one at a time, at least the chosen pace apart
(:func:`pyapp.ui.settings.pace_seconds`; a long search is not lengthened).
A tap on the table outside its controls, or a key, skips the remaining
pauses up to the person's next decision; it never plays a move.  While a
dialog over the table asks for it (:meth:`Table.hold`, the Rules), the
computers wait before playing their next action.
"""

from __future__ import annotations

import asyncio
import importlib
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from pyapp.engine import IllegalMoveError
from pyapp.engine.state import Action
from pyapp.games import game_class
from pyapp.i18n import isolate, t
from pyapp.play import CHOSEN, Seat, Session
from pyapp.play.setup import MAX_SEED_DIGITS, SEED_LIMIT, SetupError, parse_setup
from pyapp.registry import PERSON, TABLE_LEVELS, computer_modules
from pyapp.storage import SaveStore, StorageError
from pyapp.storage.store import CURRENT_KEY, OWNER_PREFIX, PREFIX
from pyapp.ui import dom, motion
from pyapp.ui.dom import clear, h, on
from pyapp.ui.game_lock import GameLock, held_elsewhere
from pyapp.ui.hint_button import HintButton
from pyapp.ui.local_storage import shared_store
from pyapp.ui.motion import Motion
from pyapp.ui.slices import run_sliced


CONTROLS = "button, a, input, select, textarea, label, summary, dialog, [data-card], [data-cell], [data-char], [data-take]"
"""What a tap on the table acts on; a tap anywhere else skips the computers' pauses."""

GUARD_SECONDS = 0.4
"""After the turn passes to another person on this device, their table ignores taps this long.

A double tap meant for one person must not also play for the next (``.table-body[data-guard]`` meanwhile)."""

FOCUS_KEYS = ("data-focus-key", "data-cell", "data-card", "data-take", "data-char", "data-action", "data-testid")
"""Attributes that name an element across re-renders, most specific first (see :meth:`Table._restore_focus`)."""


@dataclass(frozen=True)
class Option:
    """One game option in the set-up form.

    ``choices`` pairs each value with its message key; a bool option has none
    and shows as a checkbox.  ``players`` limits it to some player counts.
    """

    name: str
    label: str
    choices: tuple[tuple[Any, str], ...] = ()
    players: tuple[int, ...] = ()


@dataclass
class TableContext:
    """What a game's ``render`` gets: one seat's view and a way to act."""

    observation: dict[str, Any]
    viewer: int
    legal: list[Action]
    seats: list[Seat]
    act: Callable[[Action], None]
    thinking: bool = False
    announce: Callable[[str], None] = field(default=lambda text: None)
    dismiss: Callable[[], None] | None = None
    """Set while the computers wait for the person to dismiss the summary on screen (its button calls it)."""


@dataclass(frozen=True)
class Setup:
    """The choices of the set-up form: from the last game (rematch, new game) or the form itself."""

    players: int
    seats: tuple[Seat, ...]
    """Each seat's name (empty: the seat's default name) and kind."""
    options: dict[str, Any]
    seed: str = ""
    hints: bool = False
    """Pass-and-play: the people allowed hints (against computers they always may)."""


class SeatNames:
    """Seat names for a game UI: ``render`` stores ``self.names``; ``AND_KEY`` joins a list of them."""

    AND_KEY = ""  # catalog key of "{first} and {second}"

    def __init__(self) -> None:
        self.names: list[str] = []

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else t("setup.default_name", n=seat + 1)

    def names_of(self, seats: list[int]) -> str:
        names = [self.name(s) for s in seats]
        text = names[-1] if names else ""
        for other in reversed(names[:-1]):
            text = t(self.AND_KEY, first=other, second=text)
        return text


class GameUI(Protocol):
    game: str
    hidden_hands: bool
    """True when people sharing the device must not see each other's view."""
    options: tuple[Option, ...]

    def render(self, ctx: TableContext) -> Any:
        """The table element for ``ctx.viewer`` (also the end-of-game breakdown)."""

    def announcements(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
        """Sentences telling what changed between two observations, for screen readers."""

    def motions(self, before: dict[str, Any] | None, after: dict[str, Any]) -> list[Motion]:
        """What the change between two observations shows moving (``pyapp/ui/motion.py``); none at first."""

    # the Hint (pyapp/ui/hint_button.py) asks the game for its words and places:
    def selected_action(self, legal: list[Action]) -> Action | None:
        """The complete move the person has selected on the table but not played yet, if any."""

    def move_targets(self, action: Action) -> list[str]:
        """CSS selectors of the elements that show ``action`` on the table drawn last."""

    def move_words(self, action: Action, *, spoken: bool) -> str:
        """``action`` as a sentence names it: as written on the table, or (``spoken``) read out."""

    def fact_params(self, params: dict[str, Any], *, spoken: bool) -> dict[str, Any]:
        """A hint reason's parameters (cards, suits, characters) as the page writes or says them."""

    # optional: ``summary_key(observation) -> str | None`` names a round's or deal's summary on the table
    # (Dyad, Dieci); the computers do not go on past it until the person dismisses it (``ctx.dismiss``).


class Coaching(Protocol):
    """A guided game's coach at the table (:mod:`pyapp.ui.coach`): what it says and offers instead of the frame."""

    def message(self) -> list[Any]:
        """The message line's elements: the coach's note, a refused move's explanation."""

    def spoken(self) -> list[str]:
        """Sentences for the live region after a redraw (the note, when it is new)."""

    def status(self) -> tuple[str, str] | None:
        """The status text and ``data-turn`` when the lesson says it (its end), else None."""

    def actions(self) -> list[Any]:
        """The head's controls in place of Undo, Rematch and New game."""

    def mark(self, body: Any) -> None:
        """Point at the expected move on the table just drawn, once the learner's move was refused."""


class Table:
    """Runs one game screen inside ``root`` for ``ui``'s game."""

    def __init__(self, root: Any, ui: GameUI, store: SaveStore | None) -> None:
        self.root = root
        self.ui = ui
        self.store = store
        self.session: Session | None = None
        self.shown_to: int | None = None
        self.last_seen: dict[int, dict[str, Any]] = {}
        self.error: str | None = None
        self.thinking = False
        self.acting = False
        """Whether the last drawn table let the person on screen act (focus moves when that starts)."""
        self.task: asyncio.Task | None = None
        """The computers' turns, while they play: the one task that may change this table's game."""
        self.lock: GameLock | None = None
        """Tells other tabs that this tab is playing the game (the owner token says who may write)."""
        self.closed = False
        self.guard_until = 0.0
        self.skipping = False
        """A tap or a key asked to skip the computers' pauses until the person's next decision."""
        self.held = False
        """A dialog over the table (the Rules) is open: the computers wait before their next action."""
        self._wake = asyncio.Event()
        self.dismissed: set[str] = set()
        """The summaries (``summary_key``) the person dismissed in this game."""
        """Set when ``skipping`` or ``held`` changes, so a pause ends at once."""
        self.offered: Session | None = None
        """The game the resume panel offers, while it is shown."""
        self._redraw: Callable[[], None] = lambda: None
        """Draws what is on screen again (in the new language)."""
        self.coach: Coaching | None = None
        """Set when the table hosts a guided game (:mod:`pyapp.ui.coach`): the coach's lines replace the frame's own."""
        self.live = h("p", {"class": "sr-only", "aria-live": "polite", "aria-atomic": "true", "data-testid": "announce"})
        self.body = h("div", {"class": "table-body"})
        on(self.body, "click", self._one_click, capture=True)
        on(self.body, "click", self._skip)
        on(self.body, "keydown", self._skip)
        clear(root)
        root.append(self.body, self.live)
        from pyapp.ui.rules_sheet import RulesSheet  # noqa: PLC0415  (the router's pages: only a live table needs them)

        self.rules = RulesSheet(root, ui.game, self.hold)
        self.hints = HintButton(self)

    # -- entry ---------------------------------------------------------------------

    def open(self, resume: str | None = None, level: str | None = None) -> Table:
        """Offer to resume this game's game in play, else show the set-up form; returns the table (the router's screen).

        ``resume`` names the stored game the person chose to continue (the
        picker's Continue): it is played at once unless another table owns it.
        ``level`` is the computers' level the set-up form starts with.
        """
        asyncio.ensure_future(self._load_computer_players())
        session = self._game_in_play(resume)
        if session is None:
            self.show_setup(self._preset(level))
        elif self._owner(session) is None:  # this page's own tables gave it up when they left
            if resume is not None:
                self.begin(session)
            else:
                self.offer_resume(session, elsewhere=False)
        else:
            asyncio.ensure_future(self._offer_when_known(session))
        return self

    def _preset(self, level: str | None) -> Setup | None:
        """The set-up form's first choices when a level is asked for: you against computers of that level."""
        if level not in TABLE_LEVELS:
            return None
        players = game_class(self.ui.game).PLAYERS[0]
        return Setup(players, tuple(Seat("", PERSON if seat == 0 else level) for seat in range(players)), {})

    async def _offer_when_known(self, session: Session) -> None:
        """A token says another table owns the game: offer it once the locks say whether that tab is alive."""
        alive = await held_elsewhere(session.record_id)
        if not self.closed:
            self.offer_resume(session, elsewhere=alive is not False)

    def _game_in_play(self, record_id: str | None = None) -> Session | None:
        """The stored game ``record_id`` (default: the game in play), if it is this screen's game and unfinished.

        Not claimed: the person has not chosen yet.
        """
        if self.store is None:
            return None
        try:
            current = record_id or self.store.current()
            session = Session.resume(self.store, current, claim=False) if current is not None else None
        except (ValueError, KeyError, StorageError):  # unreadable, or storage taken away since the page loaded
            return None
        if session is None or session.state.GAME != self.ui.game:
            return None
        return None if record_id is not None and session.state.is_terminal() else session

    def offer_resume(self, session: Session, *, elsewhere: bool) -> None:
        """Continue the game in play, or say that another tab is playing it and offer to play it here."""
        resume = h("button", {"class": "primary", "data-testid": "take-over" if elsewhere else "resume"},
                   t("table.take_over" if elsewhere else "table.resume"))
        fresh = h("button", {"data-testid": "new-game"}, t("table.new_game"))
        on(resume, "click", lambda event: self._take_back(session))  # what is stored at the press
        on(fresh, "click", lambda event: self.show_setup())
        game = t(f"game.{self.ui.game}")
        heading = t("table.elsewhere_title", game=game) if elsewhere else t("table.resume_title", game=game)
        text = h("p", {}, t("table.elsewhere_text")) if elsewhere else None
        self._show(h("section", {"class": "panel", "data-testid": "resume-offer",
                                 "data-elsewhere": "true" if elsewhere else "false"},
                     h("h2", {}, heading), text, resume, fresh),
                   lambda: self.offer_resume(session, elsewhere=elsewhere))
        self.offered = session
        resume.focus()

    def _owner(self, session: Session) -> str | None:
        try:
            return self.store.owner(session.record_id) if self.store is not None else None
        except StorageError:
            return None

    # -- the screen's life (pyapp.ui.router.Screen) ----------------------------------

    def leave(self) -> None:
        """The screen is gone: the computers stop and the game is free for another table."""
        self.closed = True
        self._stop_computers()
        self._let_go()

    def _let_go(self) -> None:
        """Give up the game: its lock and, unless another table took it, its owner token."""
        self._drop_lock()
        if self.session is not None:
            self.session.release()

    def _drop_lock(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def redraw(self) -> None:
        """The language changed: draw the same thing again (the computers keep thinking)."""
        if not self.closed:
            self._redraw()

    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab wrote: if it took or deleted this table's game, stop; refresh a resume offer."""
        if self.closed:
            return
        session = self.session
        if session is not None and session.lost is None:
            if key in (None, PREFIX + session.record_id) and value is None:
                session.deleted_elsewhere()
                self._show_lost()
            elif key == OWNER_PREFIX + session.record_id and session.check_owner():
                self._show_lost()
        elif session is not None and session.lost == "taken":
            if key in (None, OWNER_PREFIX + session.record_id):  # the other tab let it go, or another took it
                self.session = None
                self.open()
        elif self.offered is not None and (key is None or key in (CURRENT_KEY, PREFIX + self.offered.record_id)
                                           or key.startswith(OWNER_PREFIX)):
            self.open()

    def _show_lost(self) -> None:
        """Another tab took the game, or it was deleted: this table stops and says so."""
        session = self.session
        assert session is not None and session.lost is not None
        self._stop_computers()
        self._drop_lock()
        reason = session.lost
        fresh = h("button", {"data-testid": "new-game"}, t("table.new_game"))
        on(fresh, "click", lambda event: self.show_setup(session))
        again = None
        if reason in ("taken", "stale"):
            again = h("button", {"class": "primary", "data-testid": "take-over"},
                      t("table.take_over" if reason == "taken" else "table.lost_stale_again"))
            on(again, "click", lambda event: self._take_back(session))
        self._show(h("section", {"class": "panel", "data-testid": "lost", "data-reason": reason},
                     h("h2", {}, t(f"table.lost_{reason}")), h("p", {}, t(f"table.lost_{reason}_text")),
                     again, fresh), self._show_lost)
        (again or fresh).focus()

    def _take_back(self, lost: Session) -> None:
        """Play here the game another tab took, played on or offers: as it is stored now."""
        try:
            session = Session.resume(self.store, lost.record_id, claim=False)
        except (ValueError, KeyError, StorageError):
            self.show_setup(lost)
            return
        self.begin(session)

    # -- set-up --------------------------------------------------------------------

    def show_setup(self, previous: Session | Setup | None = None, problem: SetupError | None = None) -> None:
        """The set-up form, filled in from ``previous`` (the last game, or the form itself before a redraw).

        ``problem`` is the field the last Start could not use: its message is shown beside it.
        """
        if isinstance(previous, Session):
            previous = Setup(previous.state.players, tuple(previous.seats), dict(previous.state.options),
                             hints=previous.hints["allowed"])
        cls = game_class(self.ui.game)
        counts = cls.PLAYERS
        chosen = previous.players if previous else counts[0]
        count = h("select", {"id": "setup-players", "data-testid": "setup-players"},
                  *[h("option", {"value": str(n), **({"selected": ""} if n == chosen else {})},
                      t("setup.players_n", n=n)) for n in counts])
        seats_box = h("div", {"class": "setup-seats"})
        options_box = h("div", {"class": "setup-options"})
        allow = h("input", {"type": "checkbox", "id": "setup-hints", "data-testid": "setup-hints",
                            "checked": bool(previous and previous.hints)})
        allow_row = h("label", {"class": "setup-option", "for": "setup-hints"}, allow, t("setup.allow_hints"))

        def people_changed(event: Any = None) -> None:
            """"Allow hints" is asked only in pass-and-play (two or more seats are people)."""
            kinds = [str(row.querySelector("select").value) for row in seats_box.children]
            allow_row.hidden = kinds.count(PERSON) < 2

        def draw(event: Any = None) -> None:
            players = int(count.value)
            clear(seats_box)
            for seat in range(players):
                old = previous.seats[seat] if previous and seat < len(previous.seats) else None
                kind = old.kind if old else (PERSON if seat == 0 else "normal")
                default = t("setup.default_name", n=seat + 1)
                name = h("input", {"type": "text", "maxlength": "24", "data-testid": f"seat-name-{seat}",
                                   "aria-label": t("setup.seat_name", n=seat + 1), "data-default": default,
                                   "value": old.name if old and old.name else default})
                level = h("select", {"data-testid": f"seat-kind-{seat}", "aria-label": t("setup.seat_kind", n=seat + 1)},
                          *[h("option", {"value": k, **({"selected": ""} if k == kind else {})},
                              t("seat.person" if k == PERSON else f"level.{k}")) for k in (PERSON, *TABLE_LEVELS)])
                seats_box.append(h("div", {"class": "setup-seat"}, name, level))
            clear(options_box)
            for option in self.ui.options:
                if option.players and players not in option.players:
                    continue
                options_box.append(self._option_field(option, previous))
            people_changed()

        on(count, "change", draw)
        on(seats_box, "change", people_changed)
        draw()
        seed = h("input", {"id": "setup-seed", "type": "text", "inputmode": "numeric", "maxlength": str(MAX_SEED_DIGITS),
                           "autocomplete": "off", "data-testid": "setup-seed", "value": previous.seed if previous else None,
                           **({"aria-invalid": "true", "aria-describedby": "setup-problem"}
                              if problem and problem.field == "seed" else {})})
        said = h("p", {"class": "error", "role": "alert", "id": "setup-problem", "data-testid": "setup-problem",
                       "data-field": problem.field}, t(problem.key)) if problem else None
        deal = h("details", {"class": "setup-deal", **({"open": ""} if problem and problem.field == "seed" else {})},
                 h("summary", {}, t("setup.deal")), h("label", {"for": "setup-seed"}, t("setup.seed")), seed,
                 said if problem and problem.field == "seed" else None)
        start = h("button", {"class": "primary", "data-testid": "start"}, t("setup.start"))
        on(start, "click", lambda event: self._start_from_form(self._read_form(count, seats_box, options_box, seed, allow)))
        self._show(h("section", {"class": "panel setup"},
                     h("h2", {}, t("setup.title", game=t(f"game.{self.ui.game}"))),
                     h("label", {"for": "setup-players"}, t("setup.players")), count,
                     seats_box, options_box, allow_row, deal,
                     said if problem and problem.field != "seed" else None, start),
                   lambda: self.show_setup(self._read_form(count, seats_box, options_box, seed, allow)))

    def _option_field(self, option: Option, previous: Setup | None) -> Any:
        value = previous.options.get(option.name) if previous else None
        ident = f"opt-{option.name}"
        if not option.choices:
            box = h("input", {"type": "checkbox", "id": ident, "data-option": option.name,
                              **({"checked": ""} if value else {})})
            return h("label", {"class": "setup-option", "for": ident}, box, t(option.label))
        select = h("select", {"id": ident, "data-option": option.name},
                   *[h("option", {"value": str(i), **({"selected": ""} if v == value else {})}, t(label))
                     for i, (v, label) in enumerate(option.choices)])
        return h("div", {"class": "setup-option"}, h("label", {"for": ident}, t(option.label)), select)

    def _read_form(self, count: Any, seats_box: Any, options_box: Any, seed_box: Any, allow: Any) -> Setup:
        """What the set-up form holds now; a name left as drawn (or blank) is the seat's default name."""
        seats = []
        for row in seats_box.children:
            field = row.querySelector("input")
            name = str(field.value).strip()[:24]
            seats.append(Seat("" if name == str(field.dataset.default) else name, str(row.querySelector("select").value)))
        options: dict[str, Any] = {}
        for option in self.ui.options:
            element = options_box.querySelector(f'[data-option="{option.name}"]')
            if not dom.found(element):
                continue
            if option.choices:
                options[option.name] = option.choices[int(element.value)][0]
            else:
                options[option.name] = bool(element.checked)
        return Setup(int(count.value), tuple(seats), options, str(seed_box.value).strip(), bool(allow.checked))

    def _start_from_form(self, setup: Setup) -> None:
        try:
            chosen = parse_setup(str(setup.players), [(seat.name, seat.kind) for seat in setup.seats], setup.seed,
                                 players_allowed=game_class(self.ui.game).PLAYERS)
        except SetupError as error:
            self.show_setup(setup, problem=error)
            return
        seats = [Seat(name or t("setup.default_name", n=n + 1), kind) for n, (name, kind) in enumerate(chosen.seats)]
        seed = random.SystemRandom().randrange(SEED_LIMIT) if chosen.seed is None else chosen.seed
        people = sum(seat.is_person for seat in seats)
        try:
            session = Session.start(self.ui.game, seats, seed=seed, store=self.store,
                                    name=t("table.default_title", game=t(f"game.{self.ui.game}")), named=False,
                                    allow_hints=setup.hints if people > 1 else None, **setup.options)
        except ValueError as error:
            self.error = str(error)
            self.show_setup()
            return
        self.begin(session)

    # -- play ----------------------------------------------------------------------

    def begin(self, session: Session) -> None:
        """Play ``session`` here: this table claims it (another tab playing it stops)."""
        self._stop_computers()
        if self.session is not session:
            self._let_go()
        session.claim()
        self.session = session
        if self.lock is None and self.coach is None:  # a lesson is no stored game: nothing to own
            self.lock = GameLock(session.record_id)
            self.lock.hold()
        self.shown_to = None
        self.last_seen.clear()
        self.dismissed.clear()
        self.render_or_schedule()

    async def _load_computer_players(self) -> None:
        """Import what a computer's first move imports (``computer_modules``: the search, this
        game's policies and search settings) while the person reads the set-up form.

        Each import is its own browser task, so the first computer turn does
        not pay for them in one long task.
        """
        for module in computer_modules(self.ui.game):
            await asyncio.sleep(0)
            importlib.import_module(module)

    async def _computer_turns(self, session: Session) -> None:
        """Computers move until a person's turn; :meth:`render_or_schedule` set ``thinking`` and drew the first.

        Only ever run as ``self.task``: :meth:`_stop_computers` cancels it at a
        pause between slices, so a move is either played and saved or not begun.
        """
        drawn = True
        shown = time.monotonic()  # when the last action (or the person's) was drawn
        while session.is_computer_turn() and not session.lost:
            if not drawn:
                self.render()
                shown = time.monotonic()
            drawn = False
            await asyncio.sleep(0)
            # after CHOSEN the next step plays the move: not before the pace or while held
            await run_sliced(session.computer_turn(), lambda step: self._beat(shown) if step is CHOSEN else None)
            await asyncio.sleep(0)
        self.task = None
        self.thinking = False
        self._skipped(False)
        if session.lost:
            self._show_lost()
        else:
            self.render_or_schedule()

    async def _beat(self, shown: float) -> None:
        """Wait until the pace has passed since ``shown`` (at once when skipping), and while the table is held."""
        from pyapp.ui.settings import pace_seconds  # noqa: PLC0415  (the browser's settings)

        while True:
            held = self._waiting()
            left = shown + pace_seconds() - time.monotonic()
            if not held and (self.skipping or left <= 0):
                self.body.removeAttribute("data-waiting")
                return
            if held:  # e2e: the search is done, the move waits for the person
                self.body.dataset.waiting = held
            self._wake.clear()
            try:
                await asyncio.wait_for(self._wake.wait(), None if held else left)
            except TimeoutError:
                pass

    def _skip(self, event: Any) -> None:
        """A tap outside the table's controls, or a key, while computers play: no more pauses this time."""
        if not self.thinking or self.held:
            return
        if str(event.type) == "click" and dom.found(event.target.closest(CONTROLS)):
            return
        self._skipped(True)

    def _skipped(self, skipping: bool) -> None:
        self.skipping = skipping
        self._wake.set()
        if skipping:
            self.body.dataset.skipping = "true"
        else:
            self.body.removeAttribute("data-skipping")

    def _waiting(self) -> str | None:
        """Why the computers wait for the person: ``held`` (a dialog over the table) or ``summary`` (one to dismiss)."""
        return "held" if self.held else "summary" if self._summary_waiting() is not None else None

    def _summary_waiting(self, observation: dict[str, Any] | None = None) -> str | None:
        """The summary on the table that a computer's next action would pass, until the person dismisses it.

        ``observation``: the viewer's, when the caller has it already (a redraw).
        """
        session = self.session
        key = getattr(self.ui, "summary_key", None)
        if session is None or key is None or not session.people() or not session.is_computer_turn():
            return None
        summary = key(observation if observation is not None else session.state.observation(session.viewer()))
        return summary if summary is not None and summary not in self.dismissed else None

    def _dismiss(self) -> None:
        """The person dismissed the summary: the computers go on."""
        summary = self._summary_waiting()
        if summary is not None:
            self.dismissed.add(summary)
            self._wake.set()
            self.render()

    def hold(self, held: bool) -> None:
        """A dialog over the table opened (``True``) or closed: the computers wait meanwhile."""
        self.held = held
        self._wake.set()
        status = self.body.querySelector("[data-testid=status]")
        if self.session is not None and dom.found(status):  # the status says the computers are paused, not thinking
            status.replaceWith(self._status_bar(self.session))

    def _stop_computers(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
        self.thinking = False

    def _one_click(self, event: Any) -> None:
        """The second click of a double click or tap never reaches the table: it was meant for one move."""
        if int(event.detail or 0) > 1:
            event.stopPropagation()
            event.preventDefault()

    def _guarded(self) -> bool:
        return time.monotonic() < self.guard_until

    def _guard(self, actor: int) -> None:
        """If the turn passed from ``actor`` to another person, ignore taps for a moment."""
        session = self.session
        seat = session.to_act() if session else -1
        if seat < 0 or seat == actor or not session.seats[seat].is_person:
            return
        self.guard_until = time.monotonic() + GUARD_SECONDS
        self.body.dataset.guard = "true"
        asyncio.get_event_loop().call_later(GUARD_SECONDS, self._guard_over)

    def _guard_over(self) -> None:
        if not self._guarded():
            self.body.removeAttribute("data-guard")

    def act(self, action: Action) -> None:
        """A person chose ``action`` on the table."""
        session = self.session
        if session is None or self.thinking or self.closed or self._guarded():
            return
        actor = session.to_act()
        self._stop_computers()  # a hint being found answers the position this move leaves
        try:
            session.play(action)
        except IllegalMoveError as error:
            self.error = str(error)
        else:
            self.error = None
        if session.lost:
            self._show_lost()
            return
        self._guard(actor)
        self.render_or_schedule()

    def render_or_schedule(self) -> None:
        """Draw the table now (so the page never shows a stale turn), then let computers move.

        When a computer moves next the table is drawn once, already thinking: a
        second drawing when its search starts would change nothing but the status.
        """
        session = self.session
        starting = bool(session and session.is_computer_turn() and not self.thinking)
        if starting:
            self.thinking = True  # from now on a person's tap is ignored until the computers are done
        self.render()
        if starting:
            self.task = asyncio.ensure_future(self._computer_turns(session))

    def undo(self) -> None:
        if self.session and not self.thinking and not self._guarded() and self.session.undo_steps():
            self._stop_computers()  # a hint being found answers the position undo leaves
            self.session.undo()
            if self.session.lost:
                self._show_lost()
                return
            # the table goes back: say so, rather than announcing the earlier move again
            viewer = self.session.viewer()
            self.last_seen[viewer] = self.session.state.observation(viewer)
            self.say(t("table.say.undone"))
            self.render()

    def render(self) -> None:
        session = self.session
        if session is None:
            return
        viewer = session.viewer()
        hot_seat = self.ui.hidden_hands and len(session.people()) > 1
        if hot_seat and self.shown_to is not None and viewer != self.shown_to and not session.state.is_terminal():
            self._handover(viewer)
            return
        self.shown_to = viewer
        observation = session.state.observation(viewer)
        before = self.last_seen.get(viewer)
        said = list(self.ui.announcements(before, observation))
        # what leaves the table is measured before anything here touches the layout
        moving = motion.before(self.body, self.ui.motions(before, observation))
        self.last_seen[viewer] = observation
        person_to_act = session.to_act() == viewer and session.seats[viewer].is_person
        legal = session.state.legal_actions() if person_to_act and not self.thinking else []
        starts_acting = bool(legal) and not self.acting
        if starts_acting:
            said.append(t("table.say.your_turn", name=session.seats[viewer].name))
        if self.coach is not None:
            said += self.coach.spoken()
        if said:
            self.say(" ".join(said))
        summary = self._summary_waiting(observation) is not None
        ctx = TableContext(observation=observation, viewer=viewer, legal=legal,
                           seats=session.seats, act=self.act, thinking=self.thinking and not summary, announce=self.say,
                           dismiss=self._dismiss if summary else None)
        focus_key, may_focus = self._focus_key()
        open_sheet = dom.open_dialog_key(self.body)
        self._show(h("div", {"class": f"table table-{self.ui.game}", "data-acting": "true" if legal else "false"},
                     h("div", {"class": "table-head"}, self._status_bar(session),
                       h("span", {"class": "table-slot", "data-testid": "table-slot"},
                         self.hints.button(session, bool(legal)), self.rules.button()),
                       self._footer(session)),
                     self._message(session), self.ui.render(ctx)), self.render)
        dom.reopen_dialog(self.body, open_sheet)
        motion.after(self.body, moving)
        self.hints.mark(self.body)
        if self.coach is not None:
            self.coach.mark(self.body)
        self.acting = bool(legal)
        if may_focus:
            self._restore_focus(None if starts_acting else focus_key)

    # -- focus and motion --------------------------------------------------------------

    def _focus_key(self) -> tuple[tuple[str, str] | None, bool]:
        """What has the focus now (an attribute naming it) and whether the table may move the focus.

        The table only moves the focus when it is inside the table or nowhere (on
        the page or the view), never away from a menu or a dialog the person opened.
        """
        from pyscript import document  # noqa: PLC0415  (the browser; CPython tests never draw a live table)

        active = document.activeElement
        if not dom.found(active) or active == document.body or active == self.root:
            return None, True
        if not self.body.contains(active):
            return None, False
        for name in FOCUS_KEYS:
            value = active.getAttribute(name)
            if dom.found(value) and str(value):
                return (name, str(value)), True
        return None, True

    def _restore_focus(self, key: tuple[str, str] | None) -> None:
        """Focus the element that had it before the re-render, else where the game says, else the status.

        A game marks the natural next stop (the first playable card, the board's
        current cell, the prompt's first button) with ``data-autofocus``.
        """
        target = None
        if key is not None and key not in (("data-testid", "status"), ("data-testid", "undo")):
            target = self.body.querySelector(f'[{key[0]}="{_css_string(key[1])}"]')
            if dom.found(target) and target.hasAttribute("disabled"):
                target = None
        if not dom.found(target):
            target = self.body.querySelector("[data-autofocus]")
        if not dom.found(target) and key is not None:
            target = self.body.querySelector(f'[{key[0]}="{_css_string(key[1])}"]:not([disabled])')
        if not dom.found(target):
            target = self.body.querySelector("[data-testid=status]")
        if dom.found(target):
            target.focus()

    def _status_bar(self, session: Session) -> Any:
        state = session.state
        waiting = self._waiting() if session.is_computer_turn() else None
        told = self.coach.status() if self.coach is not None else None
        if told is not None:
            text, turn = told
        elif state.is_terminal():
            names = ", ".join(isolate(session.seats[s].name) for s in state.winners())
            text, turn = t("table.winner", names=names), "over"
        elif waiting:  # the computers are paused for the person, not thinking
            text, turn = t(f"table.waiting.{waiting}"), "computer"
        elif self.thinking or session.is_computer_turn():
            text, turn = t("table.thinking", name=session.seats[state.current_player()].name), "computer"
        elif session.seats[session.to_act()].is_person and session.to_act() == session.viewer():
            text, turn = t("table.your_move", name=session.seats[session.to_act()].name), "you"
        else:
            text, turn = t("table.your_turn", name=session.seats[state.current_player()].name), "other"
        # not a live region: it is drawn anew each time; the frame's one live region speaks
        return h("div", {"class": "status", "data-testid": "status", "tabindex": "-1", "data-turn": turn,
                         "data-thinking": "true" if self.thinking else "false", "data-waiting": waiting},
                 h("span", {"class": "spinner" if self.thinking and not waiting else "turn-dot", "aria-hidden": "true"}),
                 h("span", {"class": "status-text"}, text))

    def _message(self, session: Session) -> Any:
        """The table's one message line: a hint, a refused move or a saving problem, else empty (its room is kept)."""
        if self.coach is not None:
            return h("div", {"class": "table-message", "data-testid": "message"}, self.coach.message())
        line = h("div", {"class": "table-message", "data-testid": "message"}, self.hints.message(session))
        if self.error:
            line.append(h("p", {"class": "error", "role": "alert", "data-testid": "move-error"}, self.error))
        problem = session.save_problem or (None if self.store is not None else "storage.unavailable")
        if problem:  # saving is off (full or no store at all): play goes on, the player is told
            line.append(h("p", {"class": "warning", "role": "status", "data-testid": "save-problem"}, t(problem)))
        return line

    def _footer(self, session: Session) -> Any:
        footer = h("div", {"class": "table-actions"})
        if self.coach is not None:
            footer.append(*self.coach.actions())
            return footer
        if session.state.is_terminal():
            again = h("button", {"class": "primary", "data-testid": "rematch"}, t("table.rematch"))
            on(again, "click", lambda event: self._rematch())
            other = h("button", {"data-testid": "new-game"}, t("table.new_game"))
            on(other, "click", lambda event: self.show_setup(session))
            footer.append(again, other)
            if self.store is not None and session.people() and session.record_id not in self.store.pending:
                from pyapp.ui.review import review_button  # noqa: PLC0415  (the browser's; read at a game's end)

                footer.append(review_button(session.record_id))
            return footer
        undo = h("button", {"data-testid": "undo", **({} if session.undo_steps() and not self.thinking else {"disabled": ""})},
                 t("table.undo"))
        on(undo, "click", lambda event: self.undo())
        footer.append(undo)
        return footer

    def _rematch(self) -> None:
        old = self.session
        assert old is not None
        seed = random.SystemRandom().randrange(2**53)
        self.begin(Session.start(self.ui.game, old.seats, seed=seed, store=self.store, name=old.name,
                                 named=old.named, allow_hints=old.hints["allowed"], **old.state.options))

    def _handover(self, viewer: int) -> None:
        name = self.session.seats[viewer].name if self.session else ""
        ready = h("button", {"class": "primary", "data-testid": "handover-ready"}, t("table.handover_ready", name=name))

        def reveal(event: Any) -> None:
            if not self._guarded():  # the tap that ended the last person's turn must not show these cards
                self.shown_to = viewer
                self.render()

        on(ready, "click", reveal)
        self._show(h("section", {"class": "panel handover", "data-testid": "handover"},
                     h("h2", {}, t("table.handover_title", name=name)), h("p", {}, t("table.handover_text", name=name)), ready),
                   self.render)
        ready.focus()

    def say(self, sentence: str) -> None:
        """Tell screen-reader users what happened (the live region reads it out)."""
        self.live.textContent = ""  # the same sentence twice in a row is still read
        self.live.textContent = sentence

    def _show(self, element: Any, redraw: Callable[[], None]) -> None:
        """Put ``element`` on the table; ``redraw`` draws it again (after a language switch)."""
        self._redraw = redraw
        self.offered = None
        clear(self.body)
        self.body.append(element)
        self.body.dataset.handlers = str(dom.live_handlers())  # e2e: handlers never pile up


def _css_string(value: str) -> str:
    """``value`` escaped for a double-quoted CSS attribute selector (backslashes and quotes)."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def route(ui: GameUI) -> Callable[[Any, dict[str, str]], Table]:
    """The router view for ``ui``'s game: resume or set up, then play."""

    def render(root: Any, params: dict[str, str]) -> Table:
        return Table(root, ui, shared_store()).open(params.get("resume"), params.get("level"))

    return render
