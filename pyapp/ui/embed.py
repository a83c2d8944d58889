"""Entry point of ``embed.html``: one demo, compact, inside another site's ``<iframe>``.

``web/embed.js`` has already drawn the demo from the frames the build
exported (so the reader sees it and can step before Python is ready); here
the demo is replayed by the real engine and takes over at the same step.
"""

from __future__ import annotations

from pyscript import document, window

from pyapp import demos, i18n
from pyapp.i18n import t
from pyapp.ui.demo import DemoWidget
from pyapp.ui.dom import found


def _params() -> dict[str, str]:
    search = window.URLSearchParams.new(window.location.search)
    return {name: str(search.get(name) or "") for name in ("game", "demo", "lang")}


def main() -> None:
    params = _params()
    chosen = str(document.documentElement.lang)  # embed.js picked it: ?lang=, else the browser's
    i18n.set_language(chosen if chosen in i18n.LANGUAGES else i18n.LANGUAGES[0])
    host = document.getElementById("embed")
    try:
        demo = demos.get(params["game"], params["demo"])
    except KeyError:
        host.replaceChildren(t("demo.not_found"))
        document.body.dataset.ready = "true"
        return
    shown = host.querySelector("figure.demo")
    start = int(str(shown.getAttribute("data-step") or 0)) if found(shown) else 0
    rules = f"./#/rules/{demo.game}"
    widget = DemoWidget(demo, embed=True, start=start, rules_link=rules)
    focused = document.activeElement
    action = str(focused.getAttribute("data-action") or "") if found(focused) else ""
    host.replaceChildren(widget.element)
    if action in ("back", "next"):
        button = widget.element.querySelector(f"[data-action={action}]")
        if found(button) and not button.disabled:
            button.focus()
    document.title = t("embed.title", demo=t(demo.title), game=t(f"game.{demo.game}"))
    document.body.dataset.ready = "true"
