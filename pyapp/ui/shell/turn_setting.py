"""The settings dialog's "Friends' games" group: the TURN server a person enters, Save and Clear.

Why its own module: unlike the dialog's radio choices, these are typed fields whose refusal
must be read beside the field (``aria-invalid``, ``aria-describedby``), and a password that is
never shown back: a saved one is said to be saved, and an empty password field keeps it.
Checking and storage are :mod:`pyapp.storage.turn`; the link reads the result through
:func:`pyapp.ui.friends.link_options.link_options`.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t
from pyapp.storage.backends import Backend, StorageError
from pyapp.storage.turn import FIELDS, TurnRefused, parse_turn, read_turn, save_turn
from pyapp.ui.browser.dom import h, on
from pyapp.ui.browser.local_storage import shared_store

_INPUTS: dict[str, dict[str, str]] = {
    "urls": {"type": "text", "inputmode": "url", "placeholder": "turn:turn.example.com:3478"},
    "username": {"type": "text"},
    "credential": {"type": "password"},
}
"""Each field's own attributes; none is completed, capitalised or spell-checked by the device."""


def _backend() -> Backend | None:
    store = shared_store()
    return store.backend if store else None


class TurnGroup:
    """The group's elements and what Save and Clear do to them."""

    def __init__(self) -> None:
        self.inputs: dict[str, Any] = {}
        self.errors: dict[str, Any] = {}
        self.status = h("p", {"class": "settings-note", "role": "status", "data-testid": "turn-status"})
        self.element = h("fieldset", {"class": "settings-group", "data-setting": "turn"},
                         h("legend", {}, t("settings.friends")),
                         h("p", {"class": "settings-note"}, t("settings.turn.intro")),
                         *(self._field(field) for field in FIELDS),
                         self.status,
                         h("div", {"class": "settings-row"}, self._button("save", self.save),
                           self._button("clear", self.clear)))
        self._show(read_turn(_backend()))

    def _field(self, field: str) -> Any:
        ident = f"turn-{field}"
        self.inputs[field] = h("input", {"id": ident, "data-testid": ident, "aria-describedby": f"{ident}-error",
                                         "autocomplete": "off", "autocapitalize": "off", "spellcheck": "false",
                                         **_INPUTS[field]})
        on(self.inputs[field], "keydown", lambda event: self.save() if event.key == "Enter" else None)
        self.errors[field] = h("p", {"class": "settings-error", "id": f"{ident}-error", "data-testid": f"{ident}-error"})
        return h("div", {"class": "settings-field"}, h("label", {"for": ident}, t(f"settings.turn.{field}")),
                 self.inputs[field], self.errors[field])

    def _button(self, name: str, action: Any) -> Any:
        button = h("button", {"type": "button", "data-testid": f"turn-{name}"}, t(f"settings.turn.{name}"))
        on(button, "click", lambda event: action())
        return button

    def _show(self, turn: dict[str, str] | None) -> None:
        """Fill the fields with ``turn`` (the password left empty) and say whether one is saved."""
        for field, element in self.inputs.items():
            element.value = turn[field] if turn and field != "credential" else ""
        kept = self.inputs["credential"]
        if turn:
            kept.setAttribute("placeholder", t("settings.turn.kept"))
        else:
            kept.removeAttribute("placeholder")
        self.status.textContent = t("settings.turn.saved" if turn else "settings.turn.none")

    def _refuse(self, refusal: TurnRefused | None) -> None:
        """Show ``refusal`` beside its field (every other field cleared of one); None clears them all."""
        for field, element in self.inputs.items():
            if refusal is not None and field == refusal.field:
                element.setAttribute("aria-invalid", "true")
                self.errors[field].textContent = t(refusal.key, **refusal.params)
            else:
                element.removeAttribute("aria-invalid")
                self.errors[field].textContent = ""

    def save(self) -> None:
        """Check the fields and store the server; an empty password keeps the saved one."""
        backend = _backend()
        typed = {field: str(element.value) for field, element in self.inputs.items()}
        saved = read_turn(backend)
        if saved and not typed["credential"] and (typed["urls"].strip() or typed["username"].strip()):
            typed["credential"] = saved["credential"]
        try:
            turn = parse_turn(**typed)
        except TurnRefused as refusal:
            self._refuse(refusal)
            self.inputs[refusal.field].focus()
            return
        self._refuse(None)
        self._store(backend, turn)

    def clear(self) -> None:
        """Forget the stored server."""
        self._refuse(None)
        self._store(_backend(), None)

    def _store(self, backend: Backend | None, turn: dict[str, str] | None) -> None:
        """Store ``turn`` and show it; storage that refuses leaves the fields as typed and says so."""
        try:
            if backend is None:
                raise StorageError("no storage")
            save_turn(backend, turn)
        except StorageError:
            self.status.textContent = t("settings.turn.unsaved")
            return
        self._show(turn)


def group() -> Any:
    """The "Friends' games" fieldset, filled from storage."""
    return TurnGroup().element
