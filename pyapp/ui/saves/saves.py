"""The saved-games screen (``#/saves``): list, continue, rename, delete, export, import, replay, review, statistics.

Everything shown comes from :mod:`pyapp.play.saved`, :mod:`pyapp.replay`
and :mod:`pyapp.storage` (tested in CPython); this module only builds the DOM.
Names and imported text only ever become text nodes (``dom.h``), never markup.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from pyapp.excerpt import excerpt
from pyapp.i18n import t
from pyapp.play.saved import Summary, record_title, summaries
from pyapp.replay import Replay
from pyapp.storage import CorruptRecord, SaveStore, StorageError
from pyapp.storage.records import MAX_NAME_CHARS
from pyapp.storage.store import MAX_FINISHED, PREFIX
from pyapp.storage.transfer import export_filename, export_text, import_file, raw_filename
from pyapp.ui.browser import page, routes
from pyapp.ui.table.confirm import confirm
from pyapp.ui.saves.aside_list import AsideList
from pyapp.ui.browser.dom import Prevent, button, clear, found, h, local_date as _date, on
from pyapp.ui.saves.import_zone import import_zone
from pyapp.ui.browser.local_storage import shared_store
from pyapp.ui.saves.review import Jumped, ReviewView
from pyapp.ui.saves.saved_replay import ReplayView, game_ui
from pyapp.ui.saves.stats_table import stats_section


class SavesScreen:
    """The screen inside ``root``; ``store`` is None when the browser allows no storage."""

    def __init__(self, root: Any, store: SaveStore | None) -> None:
        self.root = root
        self.store = store
        self.notice: tuple[str, str] | None = None
        """(text, kind) shown at the top: kind is "ok" or "error"."""
        self.renaming: str | None = None
        self.replay: ReplayView | None = None
        """The replay on screen, if one is."""
        self.review: ReviewView | None = None
        """The review on screen (it may be judging: leaving stops it)."""

    # -- the list --------------------------------------------------------------------

    def show(self) -> None:
        page.set_title(t("shell.page.title", page=t("saves.title"), site=t("app.title")))
        self.leave()
        self.replay = None
        body = h("section", {"class": "saves", "data-testid": "saves"},
                 h("h1", {}, t("saves.title")),
                 h("p", {"class": "saves-intro", "data-testid": "saves-bound"}, t("saves.intro", limit=MAX_FINISHED)))
        body.append(self._notice())
        if self.store is None:
            body.append(h("p", {"class": "warning", "role": "status", "data-testid": "saves-unavailable"},
                          t("saves.unavailable")))
        else:
            try:
                self.store.flush_pending()  # room may have been made since a game ended
            except StorageError:
                pass
            if self.store.pending:
                body.append(h("p", {"class": "warning", "role": "status", "data-testid": "saves-pending"},
                              t("saves.pending", count=len(self.store.pending))))
            body.append(import_zone(lambda file: asyncio.ensure_future(self._import(file))))
            try:
                rows = summaries(self.store)
            except StorageError as error:
                rows = []
                body.append(h("p", {"class": "error", "role": "alert", "data-testid": "saves-read-failed"},
                              t("saves.read_failed", problem=t(error.key))))
            if rows:
                body.append(h("ul", {"class": "save-list", "data-testid": "save-list"}, *[self._row(row) for row in rows]))
            else:
                body.append(h("p", {"class": "saves-empty", "data-testid": "saves-empty"}, t("saves.empty")))
            body.append(stats_section(self.store.backend))
            body.append(AsideList(self.store.backend, say=self._say, ask=self._confirm,
                                  export_raw=self._export_raw).section())
        body.append(h("p", {}, h("a", {"class": "button secondary", "href": "#/"}, t("saves.home"))))
        clear(self.root)
        self.root.append(body)

    def _notice(self) -> Any:
        box = h("p", {"class": "saves-notice", "role": "status", "aria-live": "polite", "data-testid": "saves-notice"})
        if self.notice:
            text, kind = self.notice
            box.textContent = text
            box.className = f"saves-notice {'error' if kind == 'error' else 'ok'}"
        return box

    def _say(self, text: str, kind: str = "ok") -> None:
        self.notice = (text, kind)
        self.show()

    def _row(self, row: Summary) -> Any:
        item = h("li", {"class": "save-item", "data-testid": "save", "data-id": row.record_id,
                        "data-game": row.game, "data-finished": "true" if row.finished else "false"})
        if row.broken:
            item.classList.add("broken")
            item.append(h("p", {"class": "error", "data-testid": "save-problem"}, t("saves.broken", problem=row.problem)))
            item.append(h("div", {"class": "save-actions"},
                          self._button("saves.export_raw", "save-export-raw",
                                       lambda e: self._export_raw(PREFIX + row.record_id)),
                          self._button("saves.delete", "save-delete", lambda e: self._confirm_delete(row))))
            return item
        if self.renaming == row.record_id:
            item.append(self._rename_form(row))
        else:
            item.append(h("h2", {"class": "save-title", "data-testid": "save-title"}, row.title))
        # an unnamed game's title is its game's name: the tag would say it twice
        tags = [h("span", {"class": "tag", "data-testid": "save-game"}, t(f"game.{row.game}"))] \
            if row.title != t(f"game.{row.game}") else []
        if row.in_play:
            tags.append(h("span", {"class": "tag in-play"}, t("saves.in_play")))
        if row.guest or row.record.get("friends") is not None:
            tags.append(h("span", {"class": "tag friends", "data-testid": "save-friends"}, t("saves.with_friends")))
        if not row.guest and row.record["hints"]["used"]:
            tags.append(h("span", {"class": "tag hints-used", "data-testid": "save-hints"},
                          t("saves.hints_used", count=row.record["hints"]["used"])))
        if row.record.get("known_deal"):
            tags.append(h("span", {"class": "tag known-deal", "data-testid": "save-known-deal"}, t("saves.known_deal")))
        item.append(h("p", {"class": "save-tags"}, *tags))
        item.append(h("p", {"class": "save-players", "data-testid": "save-players"}, t("saves.players", players=row.players)))
        date = _date(row.updated)
        item.append(h("p", {"class": "save-date"}, t("saves.updated", date=date) if date else t("saves.date_unknown")))
        item.append(h("p", {"class": "save-progress", "data-testid": "save-progress"}, row.progress))
        actions = h("div", {"class": "save-actions"})
        if row.guest:  # nothing to replay, rename or export until the host sends the full record
            actions.append(self._button("saves.delete", "save-delete", lambda e: self._confirm_delete(row)))
            item.append(actions)
            return item
        if not row.finished:
            actions.append(self._button("saves.resume", "save-resume", lambda e: self._resume(row), primary=True))
        actions.append(self._button("saves.replay", "save-replay", lambda e: self.show_replay(row.record_id)))
        actions.append(self._button("saves.rename", "save-rename", lambda e: self._start_rename(row)))
        actions.append(self._button("saves.export", "save-export", lambda e: self._export(row)))
        actions.append(self._button("saves.delete", "save-delete", lambda e: self._confirm_delete(row)))
        item.append(actions)
        return item

    def _button(self, key: str, testid: str, handler: Any, primary: bool = False) -> Any:
        return button(t(key), testid, handler, primary=primary)

    # -- actions ---------------------------------------------------------------------

    def _resume(self, row: Summary) -> None:
        """Open the game's table on this record (``#/<game>?resume=<id>``, as the picker's Continue does)."""
        try:
            page.go(routes.href(row.game, resume=row.record_id))
            return
        except ValueError:  # an id no route can carry (a hand-edited key): the table offers it as the game in play
            pass
        try:
            self.store.set_current(row.record_id)
        except StorageError as error:
            self._say(t(error.key), "error")
            return
        page.go(routes.href(row.game))

    def _start_rename(self, row: Summary) -> None:
        self.renaming = row.record_id
        self.show()
        field = self.root.querySelector('[data-testid="rename-input"]')
        if found(field):
            field.focus()
            field.select()

    def _rename_form(self, row: Summary) -> Any:
        field = h("input", {"type": "text", "id": f"rename-{row.record_id}", "maxlength": str(MAX_NAME_CHARS),
                            "value": row.title, "data-testid": "rename-input",
                            "aria-label": t("saves.rename_label", name=row.title)})
        save = h("button", {"type": "submit", "class": "primary", "data-testid": "rename-save"}, t("saves.rename_save"))
        cancel = self._button("saves.cancel", "rename-cancel", lambda e: self._stop_rename())
        form = h("form", {"class": "rename-form"}, field, save, cancel)

        def submit(event: Any) -> None:
            name = str(field.value).strip()
            self.renaming = None
            if not name:
                self.show()
                return
            try:
                record = self.store.rename(row.record_id, name, self._renamed)
            except (CorruptRecord, KeyError, StorageError) as error:
                self._say(t(error.key) if isinstance(error, StorageError) else str(error), "error")
                return
            self._say(t("saves.renamed", name=record["name"]))

        on(form, "submit", submit, prevent=Prevent())
        return form

    def _renamed(self, error: StorageError | None, record: dict[str, Any]) -> None:
        """The page's answer to a rename: a refusal (no room, the game deleted meanwhile) is said when it comes."""
        if error is not None:
            self._say(t(error.key), "error")

    def _stop_rename(self) -> None:
        self.renaming = None
        self.show()

    def _confirm_delete(self, row: Summary) -> None:
        name = row.title or row.record_id

        def delete() -> None:
            self.store.delete(row.record_id)
            self._say(t("saves.deleted", name=name))

        self._confirm(t("saves.delete_title"), t("saves.delete_text", name=name), delete)

    def _confirm(self, title: str, text: str, action: Callable[[], None]) -> None:
        """Ask first (:func:`pyapp.ui.table.confirm.confirm`); a ``StorageError`` of ``action`` is said, not raised."""
        confirm(self.root, title, text, lambda: self._guarded(action))

    def _guarded(self, action: Callable[[], None]) -> None:
        try:
            action()
        except StorageError as error:
            self._say(t(error.key), "error")

    def _export(self, row: Summary) -> None:
        filename = export_filename(row.record)
        page.download(export_text(row.record), filename)
        self._say(t("saves.exported", name=row.title, file=filename))

    def _export_raw(self, key: str) -> None:
        """Download a stored value exactly as it is stored (a damaged or set-aside record)."""
        try:
            text = self.store.backend.get(key)
        except StorageError as error:
            self._say(t(error.key), "error")
            return
        if text is None:
            self.show()
            return
        filename = raw_filename(key)
        page.download(text, filename)
        self._say(t("saves.raw_exported", file=filename))

    # -- import ------------------------------------------------------------------------

    async def _import(self, file: Any) -> None:
        name = excerpt(str(file.name))  # the reason is bounded by CorruptRecord; the name is the person's file's
        try:
            if int(file.size) > 4_000_000:
                raise CorruptRecord("the file is too large to be a saved game")
            buffer = await file.arrayBuffer()
            imported = import_file(buffer.to_bytes(), self.store, lambda error, record: self._refused(name, error))
            finished = len(self.store.finished_ids()) if imported.record["finished"] else 0
        except CorruptRecord as error:
            self._say(t("saves.import_failed", file=name, problem=str(error)), "error")
            return
        except StorageError as error:
            self._say(t("saves.import_failed", file=name, problem=t(error.key)), "error")
            return
        title = record_title(imported.record, imported.state.GAME)
        said = [t("saves.imported_over_bound", name=title, count=finished, limit=MAX_FINISHED)
                if finished > MAX_FINISHED else t("saves.imported", name=title)]
        if imported.dropped:
            said.append(t("saves.imported_dropped", fields=imported.dropped_text()))
        self._say(" ".join(said))

    def _refused(self, name: str, error: StorageError | None) -> None:
        """The page refused an import late (no room): the notice says so instead of "Imported"."""
        if error is not None:
            self._say(t("saves.import_failed", file=name, problem=t(error.key)), "error")

    # -- replay and review ---------------------------------------------------------------

    def show_replay(self, record_id: str, jumped: Jumped | None = None) -> None:
        """The replay of a stored game (a review's jump: at the position before that decision, marked)."""
        self.leave()
        try:
            record, state = self.store.read(record_id)
        except (CorruptRecord, KeyError, StorageError) as error:
            self._say(str(error), "error")
            return
        self.replay = ReplayView(self.root, record_id, Replay(record, state), record_title(record, state.GAME),
                                 back=self.show, jumped=jumped,
                                 review=lambda back_to: self.show_review(record_id, back_to=back_to)).open()


    def show_review(self, record_id: str, back_to: int | None = None) -> None:
        """The review of a stored finished game (``#/saves?review=<id>``, a replay's Review).

        ``back_to``: the decision whose jump led to the replay; its jump button takes the focus."""
        self.leave()
        if self.store is None:
            self.show()
            return
        try:
            record, state = self.store.read(record_id)
        except (CorruptRecord, KeyError, StorageError) as error:
            self._say(t("review.unreadable", problem=str(error)), "error")
            return
        page.set_title(t("shell.page.title", page=t("review.open"), site=t("app.title")))
        self.replay = None
        self.review = ReviewView(self.root, self.store, record, state, game_ui(state.GAME),
                                 jump=lambda jumped: self._jump(record_id, jumped),
                                 back=lambda: self.show_replay(record_id)).open()
        self.review.focus()
        again = self.root.querySelector(f'[data-testid=review-jump][data-position="{back_to}"]')
        if back_to is not None and found(again):
            again.focus()

    def _jump(self, record_id: str, jumped: Jumped) -> None:
        """A review's jump: the replay before that decision, scrolled to the reviewed seat's board."""
        self.show_replay(record_id, jumped)

    def leave(self) -> None:
        """The screen is gone (or shows something else): a review being judged stops."""
        if self.review is not None:
            self.review.leave()
            self.review = None

    def redraw(self) -> None:
        """The language changed: draw what is on screen again (a review keeps judging)."""
        if self.review is not None:
            self.review.show()
        elif self.replay is not None:
            self.replay.draw()
        else:
            self.show()

def render(root: Any, params: dict[str, str]) -> SavesScreen:
    """The router view for ``#/saves`` (``?review=<id>``: that game's review)."""
    screen = SavesScreen(root, shared_store())
    if params.get("review"):
        screen.show_review(params["review"])
    else:
        screen.show()
    return screen


__all__ = ["SavesScreen", "render"]
