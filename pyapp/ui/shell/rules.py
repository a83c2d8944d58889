"""The rules pages ``#/rules/<game>``: the rules for players, with live demos and examples.

The page is :func:`pyapp.rulebook.page.page_tree` drawn with ``h()`` (no
markup strings anywhere); each demo slot becomes a :class:`DemoWidget`.
"""

from __future__ import annotations

from typing import Any


from pyapp import demos
from pyapp.i18n import t
from pyapp.rulebook import GAMES
from pyapp.rulebook.page import page_tree
from pyapp.ui.browser import page
from pyapp.ui.shell import router
from pyapp.ui.shell.demo import DemoWidget, to_dom  # noqa: F401  (to_dom re-exported)
from pyapp.ui.browser.dom import Prevent, found, h, on


def _to_dom(tree: Any, game: str) -> Any:
    """Like ``to_dom``, but demo slots become live demo widgets."""
    if isinstance(tree, str):
        return tree
    if tree[0] == "demo-slot":
        return DemoWidget(demos.get(game, tree[1]["data-demo"])).element
    tag, attrs, *children = tree
    return h(tag, attrs, *[_to_dom(child, game) for child in children])


def _scroll_to_section(event: Any) -> None:
    link = event.target.closest("[data-section]")
    if not found(link) or str(link.tagName).lower() != "a":
        return
    target = page.by_id(str(link.dataset.section))
    if found(target):
        target.scrollIntoView()
        heading = target.querySelector("h2")
        if found(heading):
            heading.setAttribute("tabindex", "-1")
            heading.focus()


def rules_article(game: str) -> Any:
    """The rules of ``game`` as drawn on its page (also shown over its table: :mod:`pyapp.ui.shell.rules_sheet`)."""
    article = _to_dom(page_tree(game), game)
    on(article.querySelector(".rules-toc"), "click", _scroll_to_section, prevent=Prevent(within="a[data-section]"))
    return article


def render(root: Any, params: dict[str, str]) -> None:
    """Draw the rules page of ``params["game"]`` into ``root``."""
    game = params.get("game")
    if game not in GAMES:
        return
    page.set_title(t("shell.page.title", page=t("rules.page_title", game=t(f"game.{game}")), site=t("app.title")))
    router.describe(t(f"shell.about.{game}"))
    root.append(rules_article(game))


def register() -> None:
    router.register("rules", render)


__all__ = ["register", "render", "rules_article", "to_dom"]
