"""Entry point of ``embed.html``: one demo, compact, inside another site's ``<iframe>``.

``web/embed.js`` has already drawn the demo from the frames the build
exported (so the reader sees it and can step before Python is ready); here
the demo is replayed by the real engine and takes over at the same step.
"""

from __future__ import annotations

from pyapp import demos, i18n
from pyapp.i18n import t
from pyapp.ui.browser import page
from pyapp.ui.shell.demo import DemoWidget
from pyapp.ui.browser.dom import found


def _params() -> dict[str, str]:
    return {name: page.query(name) for name in ("game", "demo", "lang")}


def main() -> None:
    params = _params()
    chosen = page.root_attribute("lang") or ""  # embed.js picked it: ?lang=, else the browser's
    i18n.set_language(chosen if chosen in i18n.LANGUAGES else i18n.LANGUAGES[0])
    host = page.by_id("embed")
    try:
        demo = demos.get(params["game"], params["demo"])
    except KeyError:
        host.replaceChildren(t("demo.not_found"))
        page.body().dataset.ready = "true"
        return
    shown = host.querySelector("figure.demo")
    start = int(str(shown.getAttribute("data-step") or 0)) if found(shown) else 0
    rules = f"./#/rules/{demo.game}"
    widget = DemoWidget(demo, embed=True, start=start, rules_link=rules)
    focused = page.focused()
    action = str(focused.getAttribute("data-action") or "") if found(focused) else ""
    host.replaceChildren(widget.element)
    if action in ("back", "next"):
        button = widget.element.querySelector(f"[data-action={action}]")
        if found(button) and not button.disabled:
            button.focus()
    page.set_title(t("embed.title", demo=t(demo.title), game=t(f"game.{demo.game}")))
    page.body().dataset.ready = "true"
