"""Demo frames as element trees (:mod:`pyapp.drawing.tree`): plain lists the page turns into DOM nodes.

The same trees are drawn by ``pyapp.ui.shell.demo`` in the page, and exported as
JSON by the build so ``embed.html`` can draw a demo's first frame before
Python is ready.  Cards, characters and boards are drawn by the games'
modules in :mod:`pyapp.drawing`.  Texts come from :func:`pyapp.i18n.t` in the
current language.

>>> from pyapp.i18n import set_language
>>> set_language("en")
>>> text_of(card_table({"game": "dyad", "seats": [{"id": "north", "hand": ["7H"], "score": 3}]}))
'North7♥3 points'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.drawing import dieci, dyad
from pyapp.drawing.tree import Node, node, text_of
from pyapp.drawing.triad import mini_board
from pyapp.i18n import t, tn

INLINE: dict[str, Callable[..., Node]] = {"dyad": dyad.inline, "dieci": dieci.inline}
"""Each card game's card in a line of text."""


def _cards(game: str, cards: list[str] | None, marked: list[str], *, cls: str = "hand") -> Node:
    return node("span", {"class": cls}, [INLINE[game](c, extra="marked" if c in marked else "") for c in cards or []])


def _characters(chars: list[str], marked: list[str]) -> list[Node]:
    return [dieci.inline_character(c, extra="marked" if c in marked else "") for c in chars]


def _badges(seat: dict[str, Any]) -> list[Node]:
    """A seat's marks: it leads, it ciphers, it won."""
    return [node("span", {"class": f"badge {name}"}, t(f"demo.badge.{name}"))
            for name in ("lead", "cipher", "winner") if seat.get(name)]


def _play(game: str, seat: dict[str, Any], marked: list[str]) -> Node | None:
    """The cards a seat played to this trick and their value, or a pair it tried and may not play."""
    attempt = seat.get("attempt")
    if attempt:
        return node("span", {"class": "played attempt"}, _cards(game, attempt, marked, cls="cards"),
                    node("span", {"class": "value"}, t("demo.not_allowed")))
    played = seat.get("played")
    if not played:
        return None
    value = seat.get("value")
    return node("span", {"class": "played"}, _cards(game, played, marked, cls="cards"),
                node("span", {"class": "value"}, t("demo.value", value=value)) if value is not None else None)


def _taken(seat: dict[str, Any], marked: list[str]) -> list[Node]:
    """What a seat has taken: Dieci's characters, cards and goal; the points."""
    extra = []
    if seat.get("characters") is not None:
        extra.append(node("span", {"class": "taken"}, _characters(seat["characters"], marked)))
    if seat.get("taken_cards") is not None:
        extra.append(node("span", {"class": "taken-count"}, tn("demo.dieci.taken", seat["taken_cards"], n=seat["taken_cards"])))
    if seat.get("goal"):
        extra.append(node("span", {"class": "goal"}, t("demo.dieci.goal"), " ", _characters(seat["goal"], marked)))
    if seat.get("score") is not None:
        extra.append(node("span", {"class": "score"}, tn("demo.score", seat["score"], points=seat["score"])))
    return extra


def _seat(view: dict[str, Any], seat: dict[str, Any], marked: list[str]) -> Node:
    game = view["game"]
    hand = seat.get("hand")
    if hand:
        shown = _cards(game, hand, marked)
    else:
        shown = None if view.get("hands_hidden") else node("span", {"class": "hand empty"}, t("demo.empty_hand"))
    return node("li", {"class": "seat" + (" is-winner" if seat.get("winner") else ""), "data-seat": seat["id"]},
                node("span", {"class": "seat-name"}, t(f"demo.seat.{seat['id']}"), _badges(seat)),
                node("span", {"class": "seat-body"}, shown, _play(game, seat, marked), _taken(seat, marked)))


def _head(view: dict[str, Any], marked: list[str]) -> list[Node]:
    """Above the seats: Dieci's trump, the characters face up and the deck."""
    header = []
    if view.get("trump"):
        header.append(node("span", {"class": "trump"}, t("demo.dieci.trump"), " ", dieci.inline(view["trump"])))
    if view.get("faceup") is not None:
        header.append(node("span", {"class": "faceup"}, t("demo.dieci.faceup"), " ",
                           _characters(view["faceup"], marked) or "—"))
    if view.get("deck") is not None:
        header.append(node("span", {"class": "deck"}, t("demo.dieci.deck", n=view["deck"])))
    return header


def card_table(view: dict[str, Any]) -> Node:
    """The seats of a card demo: hand, the cards played to this trick, values and marks."""
    marked = view.get("marked") or []
    header = _head(view, marked)
    return node("div", {"class": f"table game-{view['game']}"},
                node("div", {"class": "table-head"}, header) if header else None,
                node("ul", {"class": "seats"}, [_seat(view, seat, marked) for seat in view["seats"]]))


def stage(view: dict[str, Any]) -> Node:
    """The drawing of one frame."""
    if view["kind"] == "board":
        return mini_board(view)
    return card_table(view)


def demo_tree(demo: Any, frames: list[Any], index: int, *, embed: bool = False, embed_link: str | None = None) -> Node:
    """The whole demo widget at step ``index``: title, drawing, caption, controls.

    Buttons carry ``data-action`` (``back``/``next``/``copy``) for the page to bind.
    """
    frame = frames[index]
    total = len(frames)
    controls = [
        node(
            "button",
            {"type": "button", "class": "button secondary", "data-action": "back", "disabled": index == 0 or None},
            t("demo.back"),
        ),
        node("span", {"class": "demo-count", "data-testid": "demo-count"}, t("demo.count", n=index + 1, total=total)),
        node(
            "button",
            {"type": "button", "class": "button", "data-action": "next", "disabled": index == total - 1 or None},
            t("demo.next"),
        ),
    ]
    if not embed:
        controls.append(
            node("button", {"type": "button", "class": "button secondary copy", "data-action": "copy"}, t("demo.copy_embed"))
        )
    elif embed_link:
        controls.append(
            node("a", {"class": "demo-source", "href": embed_link, "target": "_blank", "rel": "noopener"}, t("demo.open_rules"))
        )
    return node(
        "figure",
        {
            "class": "demo" + (" embedded" if embed else ""),
            "data-demo": demo.key,
            "data-step": str(index),
            "data-steps": str(total),
            "data-testid": "demo",
        },
        node("figcaption", {"class": "demo-title"}, t(demo.title)),
        node("div", {"class": "demo-stage"}, stage(frame.view)),
        node("p", {"class": "demo-caption", "aria-live": "polite", "data-testid": "demo-caption"}, t(frame.caption, **frame.params)),
        node("div", {"class": "demo-controls"}, controls),
    )
