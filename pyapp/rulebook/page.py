"""The rules page of a game as an element tree (drawn in the page by ``pyapp.ui.shell.rules``).

Pure Python, so CPython tests check the whole page in every language.  Demos
appear as ``["demo-slot", {"data-demo": id}]`` nodes, which the page swaps
for live demo widgets.

>>> from pyapp.i18n import set_language
>>> set_language("en")
>>> tree = page_tree("dyad", examples=False)
>>> tree[0], tree[1]["data-game"]
('article', 'dyad')
"""

from __future__ import annotations

from typing import Any

from pyapp.demos import get as get_demo
from pyapp.drawing.tree import Node, node
from pyapp.i18n import language, t
from pyapp.rulebook import GAMES, Block, rules
from pyapp.rulebook.examples import between, example_tree


def section_anchor(game: str, section_id: str) -> str:
    """The element id of a section (never used as a route: the hash belongs to the router)."""
    return f"rules-{game}-{section_id}"


def _badge() -> Node:
    return node("span", {"class": "badge decision", "data-testid": "decision"}, t("rules.decision"))


def _block(game: str, block: Block, examples: bool) -> Any:
    if block.kind == "p":
        return node(
            "p",
            {"class": "decision" if block.decision else None},
            _badge() if block.decision else None,
            " " if block.decision else None,
            block.text,
        )
    if block.kind == "ul":
        return node(
            "ul",
            None,
            [
                node("li", {"class": "decision" if item.decision else None}, _badge() if item.decision else None, " " if item.decision else None, item.text)
                for item in block.items
            ],
        )
    if block.kind == "table":
        return node(
            "div",
            {"class": "table-wrap" + (" decision" if block.decision else "")},
            _badge() if block.decision else None,
            node(
                "table",
                {"class": "rules-table"},
                node("thead", None, node("tr", None, [node("th", {"scope": "col"}, cell) for cell in block.head])),
                node("tbody", None, [node("tr", None, [node("td", None, cell) for cell in row]) for row in block.rows]),
            ),
        )
    if block.kind == "demo":
        demo = get_demo(game, block.ref)
        return node(
            "div",
            {"class": "rules-demo", "id": f"demo-{game}-{demo.id}"},
            node("demo-slot", {"data-demo": demo.id}),
        )
    if block.kind == "example":
        return example_tree(block.ref) if examples else node("example-slot", {"data-example": block.ref})
    raise ValueError(f"unknown block kind {block.kind!r}")


def page_tree(game: str, *, examples: bool = True) -> Node:
    """The whole rules page of ``game`` in the current language."""
    doc = rules(game, language())
    name = t(f"game.{game}")
    toc = node(
        "nav",
        {"class": "rules-toc", "aria-label": t("rules.contents")},
        node("h2", {"class": "toc-title"}, t("rules.contents")),
        node(
            "ol",
            None,
            [
                node("li", None, node("a", {"href": f"#/rules/{game}", "data-section": section_anchor(game, s.id)}, s.title))
                for s in doc.sections
            ],
        ),
    )
    sections = [
        node(
            "section",
            {"class": "rules-section", "id": section_anchor(game, s.id), "data-section": s.id},
            node("h2", None, s.title),
            [_block(game, b, examples) for b in s.blocks],
        )
        for s in doc.sections
    ]
    others = [
        node("a", {"href": f"#/rules/{other}", "data-testid": f"rules-link-{other}"}, t(f"game.{other}"))
        for other in GAMES
        if other != game
    ]
    return node(
        "article",
        {"class": "rules", "data-testid": "rules", "data-game": game, "lang": language()},
        node(
            "header",
            {"class": "rules-head"},
            node("h1", None, t("rules.page_title", game=name)),
            node("p", {"class": "summary"}, doc.summary),
            node("p", {"class": "decision-note"}, _badge(), " ", t("rules.decision_note")),
            toc,
        ),
        sections,
        node(
            "footer",
            {"class": "rules-foot"},
            node("a", {"class": "button", "href": f"#/{game}", "data-testid": "rules-play"}, t("rules.play", game=name)),
            node("a", {"class": "button secondary", "href": f"#/learn/{game}", "data-testid": "rules-learn"}, t("learn.title", game=name)),
            node("nav", {"class": "rules-others", "aria-label": t("rules.other")}, t("rules.other"), " ", between(others, " · ")),
        ),
    )
