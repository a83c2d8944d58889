"""Which game a table plays and whether it still may: the resume offer, the owner token, the lock, losing it.

One table owns one game at a time (:meth:`pyapp.play.Session.claim`): its
owner token says who may write the history, and a Web Lock per game
(:mod:`pyapp.ui.browser.game_lock`) tells other tabs that this tab is alive.  When
another tab deletes or takes the game (the ``storage`` event, or the
autosave's owner check) the table stops and says so, offering to take it back.
"""

from __future__ import annotations

import asyncio

from pyapp.games import game_class
from pyapp.i18n import t
from pyapp.play import Session, daily
from pyapp.registry import PERSON, TABLE_LEVELS
from pyapp.storage import StorageError
from pyapp.storage.store import CURRENT_KEY, OWNER_PREFIX, PREFIX
from pyapp.ui.browser.dom import h, on
from pyapp.ui.browser.game_lock import GameLock, held_elsewhere
from pyapp.ui.table.game_ui import Setup
from pyapp.ui.table.table_host import TableHost


class Ownership:
    """The game ``table`` offers or plays, and its claim on it."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.lock: GameLock | None = None
        """Tells other tabs that this tab is playing the game (the owner token says who may write)."""
        self.offered: Session | None = None
        """The game the resume panel offers, while it is shown."""

    # -- entry -----------------------------------------------------------------------

    def open(self, resume: str | None, level: str | None) -> None:
        """Offer to resume this game's game in play, else show the set-up form.

        ``resume`` names the stored game the person chose to continue (the
        picker's Continue): it is played at once unless another table owns it.
        ``level`` is the computers' level the set-up form starts with.  A
        ``resume`` that names no game to continue here (deleted, finished,
        another game's, never on this device) is said above the set-up form.
        """
        session = self._game_in_play(resume)
        if session is None:
            if resume is not None:
                self.table.form.notice = lambda: h("p", {"class": "known-notice", "role": "alert",
                                                         "data-testid": "resume-missing"}, t("table.resume_missing"))
            self.table.show_setup(self._preset(level))
        elif self._owner(session) is None:  # this page's own tables gave it up when they left
            if resume is not None:
                self.table.begin(session)
            else:
                self.offer_resume(session, elsewhere=False)
        else:
            asyncio.ensure_future(self._offer_when_known(session))

    def _preset(self, level: str | None) -> Setup | None:
        """The set-up form's first choices when a level is asked for: you against computers of that level."""
        if level not in TABLE_LEVELS:
            return None
        players = game_class(self.table.ui.game).PLAYERS[0]
        return Setup(players, tuple(("", PERSON if seat == 0 else level) for seat in range(players)), {})

    async def _offer_when_known(self, session: Session) -> None:
        """A token says another table owns the game: offer it once the locks say whether that tab is alive."""
        alive = await held_elsewhere(session.record_id)
        if not self.table.closed:
            self.offer_resume(session, elsewhere=alive is not False)

    def _game_in_play(self, record_id: str | None = None) -> Session | None:
        """The stored game ``record_id`` (default: the game in play), if it is this screen's game and unfinished.

        Not claimed: the person has not chosen yet.
        """
        store = self.table.store
        if store is None:
            return None
        try:
            current = record_id or store.current()
            session = daily.resume(store, current, claim=False) if current is not None else None
        except (ValueError, KeyError, StorageError):  # unreadable, or storage taken away since the page loaded
            return None
        if session is None or session.state.GAME != self.table.ui.game:
            return None
        return None if record_id is not None and session.state.is_terminal() else session

    def offer_resume(self, session: Session, *, elsewhere: bool) -> None:
        """Continue the game in play, or say that another tab is playing it and offer to play it here."""
        table = self.table
        resume = h("button", {"class": "primary", "data-testid": "take-over" if elsewhere else "resume"},
                   t("table.take_over" if elsewhere else "table.resume"))
        fresh = h("button", {"data-testid": "new-game"}, t("table.new_game"))
        on(resume, "click", lambda event: self._take_back(session))  # what is stored at the press
        on(fresh, "click", lambda event: table.show_setup())
        game = t(f"game.{table.ui.game}")
        heading = t("table.elsewhere_title", game=game) if elsewhere else t("table.resume_title", game=game)
        text = h("p", {}, t("table.elsewhere_text")) if elsewhere else None
        table.show(h("section", {"class": "panel", "data-testid": "resume-offer",
                                 "data-elsewhere": "true" if elsewhere else "false"},
                     h("h2", {}, heading), text, resume, fresh),
                   lambda: self.offer_resume(session, elsewhere=elsewhere))
        self.offered = session
        resume.focus()

    def _owner(self, session: Session) -> str | None:
        store = self.table.store
        try:
            return store.owner(session.record_id) if store is not None else None
        except StorageError:
            return None

    # -- owning the game in play --------------------------------------------------------

    def take(self, session: Session) -> None:
        """The table plays ``session`` now: it claims it, and a stored game's lock is held."""
        session.claim()
        session.answered = lambda: self._answered(session)
        if self.lock is None and self.table.coach is None:  # a lesson is no stored game: nothing to own
            self.lock = GameLock(session.record_id)
            self.lock.hold()

    def _answered(self, session: Session) -> None:
        """The page answered an autosave late: the table stops if the game was lost, else shows the saving notice."""
        table = self.table
        if table.closed or table.session is not session:
            return
        if session.lost:
            table.show_lost()
        else:
            table.render()

    def let_go(self) -> None:
        """Give up the game: its lock and, unless another table took it, its owner token."""
        self.drop_lock()
        if self.table.session is not None:
            self.table.session.release()

    def drop_lock(self) -> None:
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    def storage_changed(self, key: str | None, value: str | None) -> None:
        """Another tab wrote: if it took or deleted this table's game, stop; refresh a resume offer."""
        table = self.table
        session = table.session
        if session is not None and session.lost is None:
            if key in (None, PREFIX + session.record_id) and value is None:
                session.deleted_elsewhere()
                table.show_lost()
            elif key == OWNER_PREFIX + session.record_id and session.check_owner():
                table.show_lost()
        elif session is not None and session.lost == "taken":
            if key in (None, OWNER_PREFIX + session.record_id):  # the other tab let it go, or another took it
                table.session = None
                table.open()
        elif self.offered is not None and (key is None or key in (CURRENT_KEY, PREFIX + self.offered.record_id)
                                           or key.startswith(OWNER_PREFIX)):
            table.open()

    def show_lost(self) -> None:
        """Another tab took the game, or it was deleted: the table stops and says so."""
        table = self.table
        session = table.session
        assert session is not None and session.lost is not None
        table.stop_computers()
        self.drop_lock()
        reason = session.lost
        fresh = h("button", {"data-testid": "new-game"}, t("table.new_game"))
        on(fresh, "click", lambda event: table.show_setup(session))
        again = None
        if reason in ("taken", "stale"):
            again = h("button", {"class": "primary", "data-testid": "take-over"},
                      t("table.take_over" if reason == "taken" else "table.lost_stale_again"))
            on(again, "click", lambda event: self._take_back(session))
        table.show(h("section", {"class": "panel", "data-testid": "lost", "data-reason": reason},
                     h("h2", {}, t(f"table.lost_{reason}")), h("p", {}, t(f"table.lost_{reason}_text")),
                     again, fresh), table.show_lost)
        (again or fresh).focus()

    def _take_back(self, lost: Session) -> None:
        """Play here the game another tab took, played on or offers: as it is stored now."""
        try:
            session = daily.resume(self.table.store, lost.record_id, claim=False)
        except (ValueError, KeyError, StorageError):
            self.table.show_setup(lost)
            return
        self.table.begin(session)
