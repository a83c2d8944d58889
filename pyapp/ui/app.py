"""Entry point run by PyScript from ``index.html``: language, router, ready signal."""

from __future__ import annotations

from pyscript import document

from pyapp import i18n
from pyapp.ui import language, router, settings


def main() -> None:
    """Take over the page from the static shell and tell tests and boot.js we are ready."""
    # boot.js already chose the language (stored choice or browser's) and put it on <html lang>
    chosen = str(document.documentElement.lang)
    i18n.set_language(chosen if chosen in i18n.LANGUAGES else i18n.LANGUAGES[0])
    language.refresh_static()  # writes nothing when boot.js's texts are right, as they should be
    language.install(document.querySelector(".topbar"), router.redraw)
    settings.install(document.querySelector(".topbar"))
    router.start(document.getElementById("view"))
    document.body.dataset.ready = "true"
