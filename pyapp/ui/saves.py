"""The saved-games screen (``#/saves``): list, continue, rename, delete, export, import, replay, review, statistics.

Everything shown comes from :mod:`pyapp.play.saved`, :mod:`pyapp.replay`
and :mod:`pyapp.storage` (tested in CPython); this module only builds the DOM.
Names and imported text only ever become text nodes (``dom.h``), never markup.
"""

from __future__ import annotations

import asyncio
import importlib
import json
from typing import Any

from pyscript import document, window
from pyscript.ffi import to_js

from pyapp.i18n import t
from pyapp.play.saved import Summary, summaries
from pyapp.replay import Replay
from pyapp.storage import CorruptRecord, SaveStore, StorageError
from pyapp.storage.aside import Aside, asides, put_back
from pyapp.storage.records import MAX_NAME_CHARS
from pyapp.storage.stats import load_stats
from pyapp.storage.store import MAX_FINISHED, PREFIX
from pyapp.storage.transfer import export_filename, export_text, import_file, raw_filename
from pyapp.ui import routes
from pyapp.ui.dom import clear, found, h, local_date as _date, on
from pyapp.ui.local_storage import shared_store
from pyapp.ui.review import Jumped, ReviewView, reviewed_note


def _game_ui(game: str) -> Any:
    """The game's table renderer (a :class:`pyapp.ui.table.GameUI`), if its UI module has one."""
    try:
        module = importlib.import_module(f"pyapp.ui.{game}")
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


class SavesScreen:
    """The screen inside ``root``; ``store`` is None when the browser allows no storage."""

    def __init__(self, root: Any, store: SaveStore | None) -> None:
        self.root = root
        self.store = store
        self.notice: tuple[str, str] | None = None
        """(text, kind) shown at the top: kind is "ok" or "error"."""
        self.renaming: str | None = None
        self.replay: Replay | None = None
        self.replay_title = ""
        self.replay_id = ""
        self.jumped: Jumped | None = None
        """The review's decision this replay was opened at (its note is drawn above the replay)."""
        self.review: ReviewView | None = None
        """The review on screen (it may be judging: leaving stops it)."""

    # -- the list --------------------------------------------------------------------

    def show(self) -> None:
        document.title = t("shell.page.title", page=t("saves.title"), site=t("app.title"))
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
            body.append(self._import_box())
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
            body.append(self._stats())
            body.append(self._asides())
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
        tags = [h("span", {"class": "tag"}, t(f"game.{row.game}"))]
        if row.in_play:
            tags.append(h("span", {"class": "tag in-play"}, t("saves.in_play")))
        if row.record["hints"]["used"]:
            tags.append(h("span", {"class": "tag hints-used", "data-testid": "save-hints"},
                          t("saves.hints_used", count=row.record["hints"]["used"])))
        item.append(h("p", {"class": "save-tags"}, *tags))
        item.append(h("p", {"class": "save-players", "data-testid": "save-players"}, t("saves.players", players=row.players)))
        date = _date(row.updated)
        item.append(h("p", {"class": "save-date"}, t("saves.updated", date=date) if date else t("saves.date_unknown")))
        item.append(h("p", {"class": "save-progress", "data-testid": "save-progress"}, row.progress))
        actions = h("div", {"class": "save-actions"})
        if not row.finished:
            actions.append(self._button("saves.resume", "save-resume", lambda e: self._resume(row), primary=True))
        actions.append(self._button("saves.replay", "save-replay", lambda e: self.show_replay(row.record_id)))
        actions.append(self._button("saves.rename", "save-rename", lambda e: self._start_rename(row)))
        actions.append(self._button("saves.export", "save-export", lambda e: self._export(row)))
        actions.append(self._button("saves.delete", "save-delete", lambda e: self._confirm_delete(row)))
        item.append(actions)
        return item

    def _button(self, key: str, testid: str, handler: Any, primary: bool = False) -> Any:
        button = h("button", {"type": "button", "class": "primary" if primary else None, "data-testid": testid}, t(key))
        on(button, "click", handler)
        return button

    # -- actions ---------------------------------------------------------------------

    def _resume(self, row: Summary) -> None:
        """Open the game's table on this record (``#/<game>?resume=<id>``, as the picker's Continue does)."""
        try:
            window.location.hash = routes.href(row.game, resume=row.record_id)
            return
        except ValueError:  # an id no route can carry (a hand-edited key): the table offers it as the game in play
            pass
        try:
            self.store.set_current(row.record_id)
        except StorageError as error:
            self._say(t(error.key), "error")
            return
        window.location.hash = routes.href(row.game)

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
            event.preventDefault()
            name = str(field.value).strip()
            self.renaming = None
            if not name:
                self.show()
                return
            try:
                record = self.store.rename(row.record_id, name)
            except (CorruptRecord, KeyError, StorageError) as error:
                self._say(t(error.key) if isinstance(error, StorageError) else str(error), "error")
                return
            self._say(t("saves.renamed", name=record["name"]))

        on(form, "submit", submit)
        return form

    def _stop_rename(self) -> None:
        self.renaming = None
        self.show()

    def _confirm_delete(self, row: Summary) -> None:
        name = row.title or row.record_id

        def delete() -> None:
            self.store.delete(row.record_id)
            self._say(t("saves.deleted", name=name))

        self._confirm(t("saves.delete_title"), t("saves.delete_text", name=name), delete)

    def _confirm(self, title: str, text: str, action: Any) -> None:
        """Ask in a modal dialog; ``action`` runs on confirmation (a ``StorageError`` is said, not raised)."""
        confirm = h("button", {"type": "button", "class": "danger", "data-testid": "confirm-delete"}, t("saves.delete_confirm"))
        cancel = h("button", {"type": "button", "data-testid": "cancel-delete"}, t("saves.cancel"))
        dialog = h("dialog", {"class": "confirm", "data-testid": "delete-dialog", "aria-labelledby": "delete-title"},
                   h("h2", {"id": "delete-title"}, title),
                   h("p", {}, text),
                   h("div", {"class": "dialog-actions"}, cancel, confirm))

        def close(event: Any = None) -> None:
            dialog.close()
            dialog.remove()

        def really(event: Any) -> None:
            close()
            try:
                action()
            except StorageError as error:
                self._say(t(error.key), "error")

        on(cancel, "click", close)
        on(confirm, "click", really)
        on(dialog, "cancel", lambda e: dialog.remove())
        self.root.append(dialog)
        dialog.showModal()
        cancel.focus()

    def _export(self, row: Summary) -> None:
        filename = export_filename(row.record)
        _download(export_text(row.record), filename)
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
        _download(text, filename)
        self._say(t("saves.raw_exported", file=filename))

    # -- stored data set aside -----------------------------------------------------------

    def _asides(self) -> Any:
        section = h("section", {"class": "asides", "data-testid": "asides"})
        try:
            items = asides(self.store.backend)
        except StorageError:
            items = []
        if not items:
            section.hidden = True
            return section
        section.append(h("h2", {}, t("saves.asides")), h("p", {}, t("saves.asides_intro")))
        rows = h("ul", {"class": "save-list"})
        for item in items:
            rows.append(self._aside_row(item))
        section.append(rows)
        return section

    def _aside_row(self, item: Aside) -> Any:
        kind = t(f"saves.aside_kind.{item.kind}")
        try:
            size = len(self.store.backend.get(item.key) or "")
        except StorageError:
            size = 0
        line = t("saves.aside_line", kind=kind, reason=t(f"saves.aside_reason.{item.reason}"), size=f"{size:,}",
                 date=_date(item.when))
        actions = h("div", {"class": "save-actions"},
                    self._button("saves.export_raw", "aside-export", lambda e: self._export_raw(item.key)))
        if item.reason == "crashed":  # it may have been fine (the page closed while reading it): let it be tried again
            actions.append(self._button("saves.aside_restore", "aside-restore", lambda e: self._put_back(item, kind)))
        actions.append(self._button("saves.delete", "aside-delete", lambda e: self._confirm(
            t("saves.aside_delete_title"), t("saves.aside_delete_text", kind=kind), lambda: self._forget(item, kind))))
        return h("li", {"class": "save-item broken", "data-testid": "aside", "data-key": item.original,
                        "data-reason": item.reason}, h("p", {"class": "error"}, line), actions)

    def _put_back(self, item: Aside, kind: str) -> None:
        try:
            done = put_back(self.store.backend, item)
        except StorageError as error:
            self._say(t(error.key), "error")
            return
        self._say(t("saves.aside_restored", kind=kind) if done else t("saves.aside_taken", kind=kind),
                  "ok" if done else "error")

    def _forget(self, item: Aside, kind: str) -> None:
        self.store.backend.remove(item.key)
        self._say(t("saves.aside_deleted", kind=kind))

    # -- import ------------------------------------------------------------------------

    def _import_box(self) -> Any:
        chooser = h("input", {"type": "file", "id": "import-file", "accept": ".json,application/json",
                              "class": "visually-hidden-file", "data-testid": "import-file"})
        label = h("label", {"for": "import-file", "class": "button"}, t("saves.import_choose"))
        zone = h("div", {"class": "import-zone", "data-testid": "import-drop"},
                 h("h2", {}, t("saves.import")), h("p", {}, t("saves.import_hint")), label, chooser)

        def chosen(event: Any) -> None:
            files = chooser.files
            if found(files) and files.length:
                asyncio.ensure_future(self._import(files.item(0)))

        def over(event: Any) -> None:
            event.preventDefault()
            zone.classList.add("dragging")

        def leave(event: Any) -> None:
            zone.classList.remove("dragging")

        def dropped(event: Any) -> None:
            event.preventDefault()
            zone.classList.remove("dragging")
            files = event.dataTransfer.files if found(event.dataTransfer) else None
            if found(files) and files.length:
                asyncio.ensure_future(self._import(files.item(0)))

        on(chooser, "change", chosen)
        on(zone, "dragover", over)
        on(zone, "dragenter", over)
        on(zone, "dragleave", leave)
        on(zone, "drop", dropped)
        return zone

    async def _import(self, file: Any) -> None:
        name = str(file.name)
        try:
            if int(file.size) > 4_000_000:
                raise CorruptRecord("the file is too large to be a saved game")
            buffer = await file.arrayBuffer()
            record, _ = import_file(buffer.to_bytes(), self.store)
        except CorruptRecord as error:
            self._say(t("saves.import_failed", file=name, problem=str(error)), "error")
            return
        except StorageError as error:
            self._say(t("saves.import_failed", file=name, problem=t(error.key)), "error")
            return
        finished = len(self.store.finished_ids()) if record["finished"] else 0
        if finished > MAX_FINISHED:
            self._say(t("saves.imported_over_bound", name=record["name"], count=finished, limit=MAX_FINISHED))
        else:
            self._say(t("saves.imported", name=record["name"]))

    # -- statistics --------------------------------------------------------------------

    def _stats(self) -> Any:
        stats, problem = load_stats(self.store.backend if self.store else None)
        section = h("section", {"class": "stats", "data-testid": "stats"}, h("h2", {}, t("saves.stats")),
                    h("p", {"class": "stats-intro"}, t("saves.stats_intro")))
        if problem:
            section.append(h("p", {"class": "warning", "role": "status", "data-testid": "stats-problem"}, t(problem)))
        rows = stats.rows()
        if not rows:
            section.append(h("p", {"data-testid": "stats-empty"}, t("saves.stats_empty")))
            return section
        head = h("tr", {}, *[h("th", {"scope": "col"}, t(f"saves.stats_{k}"))
                            for k in ("game", "level", "played", "won", "best")])
        body = []
        for game, level, hinted, line in rows:
            level_text = t("saves.stats_people") if level == "person" else t(f"level.{level}")
            if hinted:  # games in which hints were used: a line apart
                level_text = t("saves.stats_hinted", level=level_text)
            best = t("saves.stats_none") if line["best"] is None else str(line["best"])
            body.append(h("tr", {"data-testid": "stats-row", "data-game": game, "data-level": level,
                                 "data-hints": "true" if hinted else "false"},
                          h("th", {"scope": "row"}, t(f"game.{game}")), h("td", {}, level_text),
                          h("td", {}, str(line["played"])), h("td", {}, str(line["won"])), h("td", {}, best)))
        # focusable and named: a keyboard user can scroll a table wider than the phone
        section.append(h("div", {"class": "table-scroll", "tabindex": "0", "role": "region",
                                 "aria-label": t("saves.stats")},
                         h("table", {"class": "stats-table"}, h("thead", {}, head), h("tbody", {}, *body))))
        return section

    # -- replay ------------------------------------------------------------------------

    def show_replay(self, record_id: str, jumped: Jumped | None = None) -> None:
        """The replay of a stored game (a review's jump: at the position before that decision, marked)."""
        self.leave()
        try:
            record, state = self.store.read(record_id)
        except (CorruptRecord, KeyError, StorageError) as error:
            self._say(str(error), "error")
            return
        self.replay = Replay(record, state)
        self.replay_id = record_id
        self.jumped = jumped
        if jumped is not None:
            self.replay.go(jumped.index)
        self.replay_title = record["name"] or t(f"game.{state.GAME}")
        people = sum(kind == "person" for kind in self.replay.kinds)
        if not self.replay.finished and not self.replay.perfect and people > 1:
            self._handover()  # people sharing the device: the replay shows one person's cards
        else:
            self._draw_replay(focus=True)

    def _handover(self) -> None:
        """Like the table's hand-over screen: the others look away before a person's cards show."""
        assert self.replay is not None
        name = self.replay.names[self.replay.viewer]
        ready = h("button", {"type": "button", "class": "primary", "data-testid": "handover-ready"},
                  t("table.handover_ready", name=name))
        back = self._button("saves.back", "replay-close", lambda e: self.show())
        on(ready, "click", lambda e: self._draw_replay(focus=True))
        clear(self.root)
        self.root.append(h("section", {"class": "panel handover", "data-testid": "handover"},
                           h("h1", {}, t("table.handover_title", name=name)),
                           h("p", {}, t("table.handover_text", name=name)),
                           h("div", {"class": "save-actions"}, ready, back)))
        ready.focus()

    def _draw_replay(self, focus: bool = False) -> None:
        replay = self.replay
        assert replay is not None
        position = replay.position
        controls = h("div", {"class": "replay-controls"},
                     self._step_button("saves.replay_first", "replay-first", "«", 0, position == 0),
                     self._step_button("saves.replay_back", "replay-back", "‹", position - 1, position == 0),
                     self._step_button("saves.replay_forward", "replay-forward", "›", position + 1, position == len(replay)),
                     self._step_button("saves.replay_last", "replay-last", "»", len(replay), position == len(replay)))
        if replay.finished:
            note = t("saves.replay_all")
        else:
            note = t("saves.replay_hidden", name=replay.names[replay.viewer])
        step_text = replay.text() if position else t("replay.start")
        step_said = replay.text(spoken=True) if position else step_text
        section = h("section", {"class": "replay", "data-testid": "replay", "tabindex": "0",
                                "data-position": str(position), "data-length": str(len(replay)),
                                "aria-label": t("saves.replay_title", name=self.replay_title)},
                    h("h1", {}, t("saves.replay_title", name=self.replay_title)),
                    self._reviewed_note(position),
                    h("p", {"class": "replay-note", "data-testid": "replay-note"}, note),
                    controls,
                    h("p", {"class": "replay-position", "data-testid": "replay-position"},
                      t("saves.replay_position", n=position, total=len(replay))),
                    # cards shown as symbols, read out in words
                    h("p", {"class": "replay-step", "aria-live": "polite", "data-testid": "replay-step"},
                      h("span", {"aria-hidden": "true", "class": "shown"}, step_text),
                      h("span", {"class": "sr-only"}, step_said)),
                    h("p", {"class": "replay-keys"}, t("saves.replay_keys")),
                    self._boards())
        back = self._button("saves.back", "replay-close", lambda e: self.show())
        section.append(h("p", {"class": "save-actions"}, back, self._review_button()))

        def key(event: Any) -> None:
            moves = {"ArrowRight": position + 1, "ArrowLeft": position - 1, "Home": 0, "End": len(replay)}
            target = moves.get(str(event.key))
            if target is not None:
                event.preventDefault()
                self._go(target, keep_focus="replay")

        on(section, "keydown", key)
        clear(self.root)
        self.root.append(section)
        if focus:
            section.focus()

    def _reviewed_note(self, position: int) -> Any:
        """Opened from a review's jump: which decision, and the way back to the review (None otherwise)."""
        jumped = self.jumped
        if jumped is None:
            return None
        return reviewed_note(jumped, position, back=lambda: self.show_review(self.replay_id, back_to=jumped.index),
                             again=lambda: self._go(jumped.index, keep_focus="replay"))

    def _review_button(self) -> Any:
        """A finished game's Review (its stored review, else one judged now)."""
        if self.replay is None or not self.replay.finished:
            return None
        button = self._button("review.open", "review-open", lambda e: self.show_review(self.replay_id))
        button.setAttribute("aria-label", t("review.open_label", name=self.replay_title))
        return button

    # -- review -----------------------------------------------------------------------

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
        document.title = t("shell.page.title", page=t("review.open"), site=t("app.title"))
        self.replay = None
        self.review = ReviewView(self.root, self.store, record, state, _game_ui(state.GAME),
                                 jump=lambda jumped: self._jump(record_id, jumped),
                                 back=lambda: self.show_replay(record_id)).open()
        self.review.focus()
        again = self.root.querySelector(f'[data-testid=review-jump][data-position="{back_to}"]')
        if back_to is not None and found(again):
            again.focus()

    def _jump(self, record_id: str, jumped: Jumped) -> None:
        """A review's jump: the replay before that decision, from its top (the review was scrolled)."""
        self.show_replay(record_id, jumped)
        window.scrollTo(0, 0)

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
            self._draw_replay()
        else:
            self.show()

    def _step_button(self, key: str, testid: str, icon: str, target: int, disabled: bool) -> Any:
        button = h("button", {"type": "button", "class": "replay-step-button", "data-testid": testid,
                              "aria-label": t(key), "title": t(key), "disabled": disabled},
                   h("span", {"aria-hidden": "true"}, icon))
        on(button, "click", lambda e: self._go(target, keep_focus=testid))
        return button

    def _go(self, position: int, keep_focus: str) -> None:
        assert self.replay is not None
        self.replay.go(position)
        self._draw_replay()
        again = self.root.querySelector(f'[data-testid="{keep_focus}"]')
        if found(again) and not again.hasAttribute("disabled"):
            again.focus()
        else:
            section = self.root.querySelector('[data-testid="replay"]')
            if found(section):
                section.focus()

    def _boards(self) -> Any:
        replay = self.replay
        assert replay is not None
        from pyapp.play import Seat
        from pyapp.ui.table import TableContext

        ui = _game_ui(replay.game)
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
            boards.append(h("section", {"class": "replay-board", "data-testid": "replay-board", "data-seat": str(seat)},
                            h("h2", {}, t("saves.replay_seat", name=replay.names[seat])), view))
        return boards


def _download(text: str, filename: str) -> None:
    """Hand ``text`` to the browser as a file download (a Blob behind an object URL, freed later)."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = h("a", {"href": url, "download": filename, "hidden": True})
    document.body.append(link)
    link.click()
    link.remove()
    asyncio.get_event_loop().call_later(30, lambda: window.URL.revokeObjectURL(url))


def render(root: Any, params: dict[str, str]) -> SavesScreen:
    """The router view for ``#/saves`` (``?review=<id>``: that game's review)."""
    screen = SavesScreen(root, shared_store())
    if params.get("review"):
        screen.show_review(params["review"])
    else:
        screen.show()
    return screen


__all__ = ["SavesScreen", "render"]
