"""A rules demo in the page: replayed by the engine, stepped back and forth.

The drawing comes from :func:`pyapp.demos.render.demo_tree` (also used by the
build for the embed's static first frame), turned into DOM nodes in one call (``dom.tree``).
Stepping swaps the drawing and updates the caption in place, so the caption
stays one live region that screen readers announce.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyapp import demos
from pyapp.demos.embed import site_base, snippet
from pyapp.demos.render import demo_tree
from pyapp.drawing.tree import text_of
from pyapp.i18n import language, t
from pyapp.ui.browser import dom, page
from pyapp.ui.browser.dom import Prevent, clear, found, h, on


def to_dom(tree: Any) -> Any:
    """An element tree (``[tag, attrs, *children]``) as DOM nodes; strings stay text."""
    return dom.tree(tree)


class DemoWidget:
    """One demo: ``element`` is its host; ``embed`` drops the copy button for a link to the rules."""

    def __init__(self, demo: demos.Demo, *, embed: bool = False, start: int = 0, rules_link: str | None = None) -> None:
        self.demo = demo
        self.embed = embed
        self.rules_link = rules_link
        self.frames = demos.replay(demo)
        self.index = max(0, min(start, len(self.frames) - 1))
        self.element = h("div", {"class": "demo-host", "data-demo-host": demo.key})
        self.copy_panel: Any = None
        on(self.element, "click", self._on_click)
        on(self.element, "keydown", self._on_key, prevent=Prevent(keys=("ArrowLeft", "ArrowRight"), unless="textarea"))
        self._draw_all()

    # -- drawing ----------------------------------------------------------------------

    def _tree(self) -> Any:
        return demo_tree(self.demo, self.frames, self.index, embed=self.embed, embed_link=self.rules_link)

    def _draw_all(self) -> None:
        clear(self.element)
        self.element.append(to_dom(self._tree()))
        if self.copy_panel is not None:
            self.element.append(self.copy_panel)

    def show(self, index: int, focus: str | None = None) -> None:
        """Go to step ``index``: swap the drawing, update caption, count and buttons in place."""
        self.index = max(0, min(index, len(self.frames) - 1))
        tree = self._tree()
        figure = self.element.querySelector("figure.demo")
        stage_tree = next(child for child in tree[2:] if isinstance(child, list) and child[1].get("class") == "demo-stage")
        caption_tree = next(child for child in tree[2:] if isinstance(child, list) and child[1].get("class") == "demo-caption")
        old_stage = figure.querySelector(".demo-stage")
        old_stage.replaceWith(to_dom(stage_tree))
        figure.querySelector(".demo-caption").textContent = text_of(caption_tree)
        figure.dataset.step = str(self.index)
        figure.querySelector("[data-testid=demo-count]").textContent = t("demo.count", n=self.index + 1, total=len(self.frames))
        back = figure.querySelector("[data-action=back]")
        forward = figure.querySelector("[data-action=next]")
        back.disabled = self.index == 0
        forward.disabled = self.index == len(self.frames) - 1
        if focus is not None:
            # keep the keyboard where it was; at either end move it to the other button
            if focus == "back":
                (forward if back.disabled else back).focus()
            else:
                (back if forward.disabled else forward).focus()

    # -- events -----------------------------------------------------------------------

    def _on_click(self, event: Any) -> None:
        target = event.target.closest("[data-action]")
        if not found(target):
            return
        action = str(target.dataset.action)
        if action == "back":
            self.show(self.index - 1, focus="back")
        elif action == "next":
            self.show(self.index + 1, focus="next")
        elif action == "copy":
            self._copy()

    def _on_key(self, event: Any) -> None:
        if found(event.target.closest("textarea")):
            return
        key = str(event.key)  # the page refuses these keys' scrolling itself (``Prevent`` above)
        if key == "ArrowRight":
            self.show(self.index + 1)
        elif key == "ArrowLeft":
            self.show(self.index - 1)

    # -- embed code ---------------------------------------------------------------------

    def snippet(self) -> str:
        title = t("demo.frame_title", game=t(f"game.{self.demo.game}"), demo=t(self.demo.title))
        return snippet(site_base(page.address()), self.demo, language(), title)

    def _copy(self) -> None:
        code = self.snippet()
        if self.copy_panel is None:
            self.copy_panel = h(
                "div",
                {"class": "embed-code"},
                h("label", None, t("demo.embed_label"), h("textarea", {"readonly": True, "rows": "3", "data-testid": "embed-code", "spellcheck": "false"})),
                h("p", {"class": "embed-status", "role": "status", "data-testid": "embed-status"}),
            )
            self.element.append(self.copy_panel)
        box = self.copy_panel.querySelector("textarea")
        status = self.copy_panel.querySelector(".embed-status")
        box.value = code
        box.focus()
        box.select()

        async def write() -> None:
            try:
                await page.copy_text(code)
                status.textContent = t("demo.copied")
            except Exception:  # no clipboard permission: the selected text is there to copy
                status.textContent = t("demo.copy_failed")

        try:
            asyncio.ensure_future(write())
        except Exception:
            status.textContent = t("demo.copy_failed")
