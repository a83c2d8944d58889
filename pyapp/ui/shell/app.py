"""Entry point run by PyScript from ``index.html``: language, router, ready signal."""

from __future__ import annotations

from pyapp import i18n
from pyapp.ui.shell import language, router, settings
from pyapp.ui.browser import late_refusal, page


def main() -> None:
    """Take over the page from the static shell and tell tests and boot.js we are ready."""
    # boot.js already chose the language (stored choice or browser's) and put it on <html lang>
    chosen = page.root_attribute("lang") or ""
    i18n.set_language(chosen if chosen in i18n.LANGUAGES else i18n.LANGUAGES[0])
    language.refresh_static()  # writes nothing when boot.js's texts are right, as they should be
    language.install(page.find(".topbar"), router.redraw)
    settings.install(page.find(".topbar"))
    late_refusal.install(page.by_id("notices"))
    router.start(page.by_id("view"))
    page.body().dataset.ready = "true"
