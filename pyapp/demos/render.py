"""Demo frames as element trees: plain lists the page turns into DOM nodes.

A tree node is ``[tag, attrs, *children]`` where a child is a string (always
text, never markup) or another node.  The same trees are drawn by
``pyapp.ui.demo`` through ``h()`` in the page, and exported as JSON by the
build so ``embed.html`` can draw a demo's first frame before Python is ready.
Texts come from :func:`pyapp.i18n.t` in the current language.

>>> from pyapp.i18n import set_language
>>> set_language("en")
>>> card("dyad", "7H")
['span', {'class': 'card suit-H', 'data-card': '7H', 'role': 'img', 'aria-label': '7 of hearts'}, ['span', {'class': 'rank', 'aria-hidden': 'true'}, '7'], ['span', {'class': 'suit', 'aria-hidden': 'true'}, '♥']]
>>> text_of(card("dieci", "TB"))
'10◆'
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import t, tn

Node = list  # [tag, attrs, *children]

SUIT_SYMBOLS: dict[str, dict[str, str]] = {
    "dyad": {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"},
    "dieci": {"R": "\u25cf", "Y": "\u25b2", "G": "\u25a0", "B": "\u25c6", "P": "\u2605"},
}
"""Each suit's symbol, so no one needs colour to tell suits apart."""

RANK_TEXT = {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"}


def node(tag: str, attrs: dict[str, Any] | None = None, *children: Any) -> Node:
    """A tree node; ``None`` children are dropped and lists of children flattened."""
    flat: list[Any] = []
    for child in children:
        if child is None:
            continue
        if isinstance(child, tuple) or (isinstance(child, list) and (not child or not isinstance(child[0], str))):
            flat.extend(c for c in child if c is not None)
        else:
            flat.append(child)
    clean = {k: v for k, v in (attrs or {}).items() if v is not None and v is not False}
    return [tag, clean, *flat]


def text_of(tree: Any) -> str:
    """The visible text of a tree (for tests and captions)."""
    if isinstance(tree, str):
        return tree
    return "".join(text_of(child) for child in tree[2:])


def card(game: str, text: str, *, extra: str = "") -> Node:
    """One playing card as text plus suit symbol; the label names the suit in words."""
    rank, suit = text[:-1], text[-1]
    rank = RANK_TEXT.get(rank, rank)
    label = t(f"demo.card.{game}", rank=rank, suit=t(f"demo.suit.{game}.{suit}"))
    return node(
        "span",
        {"class": f"card suit-{suit}{' ' + extra if extra else ''}", "data-card": text, "role": "img", "aria-label": label},
        node("span", {"class": "rank", "aria-hidden": "true"}, rank),
        node("span", {"class": "suit", "aria-hidden": "true"}, SUIT_SYMBOLS[game][suit]),
    )


def character(char: str, *, extra: str = "") -> Node:
    """A Dieci character as its value and suit symbol (``R8`` → 8●)."""
    suit, value = char[0], char[1:]
    label = t("demo.character", value=value, suit=t(f"demo.suit.dieci.{suit}"))
    return node(
        "span",
        {"class": f"character suit-{suit}{' ' + extra if extra else ''}", "data-character": char, "role": "img", "aria-label": label},
        node("span", {"class": "rank", "aria-hidden": "true"}, value),
        node("span", {"class": "suit", "aria-hidden": "true"}, SUIT_SYMBOLS["dieci"][suit]),
    )


def _cards(game: str, cards: list[str] | None, marked: list[str], *, cls: str = "hand") -> Node:
    return node(
        "span",
        {"class": cls},
        [card(game, c, extra="marked" if c in marked else "") for c in cards or []],
    )


def card_table(view: dict[str, Any]) -> Node:
    """The seats of a card demo: hand, the cards played to this trick, values and marks."""
    game = view["game"]
    marked = view.get("marked") or []
    rows = []
    for seat in view["seats"]:
        badges = []
        if seat.get("lead"):
            badges.append(node("span", {"class": "badge lead"}, t("demo.badge.lead")))
        if seat.get("cipher"):
            badges.append(node("span", {"class": "badge cipher"}, t("demo.badge.cipher")))
        if seat.get("winner"):
            badges.append(node("span", {"class": "badge winner"}, t("demo.badge.winner")))
        played = seat.get("played")
        play = None
        if played:
            value = seat.get("value")
            play = node(
                "span",
                {"class": "played"},
                _cards(game, played, marked, cls="cards"),
                node("span", {"class": "value"}, t("demo.value", value=value)) if value is not None else None,
            )
        attempt = seat.get("attempt")
        if attempt:
            play = node(
                "span",
                {"class": "played attempt"},
                _cards(game, attempt, marked, cls="cards"),
                node("span", {"class": "value"}, t("demo.not_allowed")),
            )
        extra = []
        if seat.get("characters") is not None:
            extra.append(
                node(
                    "span",
                    {"class": "taken"},
                    [character(c, extra="marked" if c in marked else "") for c in seat["characters"]],
                )
            )
        if seat.get("taken_cards") is not None:
            extra.append(node("span", {"class": "taken-count"}, tn("demo.dieci.taken", seat["taken_cards"], n=seat["taken_cards"])))
        if seat.get("goal"):
            extra.append(
                node(
                    "span",
                    {"class": "goal"},
                    t("demo.dieci.goal"),
                    " ",
                    [character(c, extra="marked" if c in marked else "") for c in seat["goal"]],
                )
            )
        if seat.get("score") is not None:
            extra.append(node("span", {"class": "score"}, tn("demo.score", seat["score"], points=seat["score"])))
        hand = seat.get("hand")
        rows.append(
            node(
                "li",
                {"class": "seat" + (" is-winner" if seat.get("winner") else ""), "data-seat": seat["id"]},
                node("span", {"class": "seat-name"}, t(f"demo.seat.{seat['id']}"), badges),
                node(
                    "span",
                    {"class": "seat-body"},
                    _cards(game, hand, marked)
                    if hand
                    else None
                    if view.get("hands_hidden")
                    else node("span", {"class": "hand empty"}, t("demo.empty_hand")),
                    play,
                    extra,
                ),
            )
        )
    header = []
    if view.get("trump"):
        header.append(
            node("span", {"class": "trump"}, t("demo.dieci.trump"), " ", card("dieci", view["trump"]))
        )
    if view.get("faceup") is not None:
        header.append(
            node(
                "span",
                {"class": "faceup"},
                t("demo.dieci.faceup"),
                " ",
                [character(c, extra="marked" if c in marked else "") for c in view["faceup"]] or "—",
            )
        )
    if view.get("deck") is not None:
        header.append(node("span", {"class": "deck"}, t("demo.dieci.deck", n=view["deck"])))
    return node(
        "div",
        {"class": f"table game-{game}"},
        node("div", {"class": "table-head"}, header) if header else None,
        node("ul", {"class": "seats"}, rows),
    )


def triad_board(view: dict[str, Any]) -> Node:
    """A small Triad board: each cell's label, stack height and top piece."""
    from pyapp.demos.triad import LABEL_GRID

    rows = view["board"].split("\n")
    highlight = {tuple(c) for c in view.get("highlight", [])}
    last = {tuple(c) for c in view.get("last", [])}
    cells = []
    for r, line in enumerate(rows):
        for c, token in enumerate(line.split()):
            if token == "#":
                cells.append(node("span", {"class": "cell centre", "aria-hidden": "true"}))
                continue
            label = LABEL_GRID[r][c]
            classes = ["cell", f"label-{label}"]
            if (r, c) in highlight:
                classes.append("hl")
            if (r, c) in last:
                classes.append("last")
            stack = "" if token == "." else token
            if stack:
                top = stack[-1]
                name = t(f"demo.triad.side.{top}")
                aria = tn("demo.triad.cell", len(stack), row=r, col=c, label=label, height=len(stack), top=name)
            else:
                aria = t("demo.triad.cell_empty", row=r, col=c, label=label)
            cells.append(
                node(
                    "span",
                    {"class": " ".join(classes), "data-cell": f"{r},{c}", "data-stack": stack, "role": "img", "aria-label": aria},
                    node("span", {"class": "label", "aria-hidden": "true"}, str(label)),
                    node(
                        "span",
                        {"class": f"piece piece-{stack[-1]}", "aria-hidden": "true"},
                        stack[-1].upper(),
                                            )
                    if stack
                    else None,
                    node("span", {"class": "height", "aria-hidden": "true"}, str(len(stack))) if len(stack) > 1 else None,
                )
            )
    scores = view.get("scores")
    info = None
    if scores is not None:
        info = node(
            "div",
            {"class": "triad-info"},
            node("span", {"class": "side side-a"}, t("demo.triad.score_a", points=scores.get("a", 0))),
            node("span", {"class": "side side-b"}, t("demo.triad.score_b", points=scores.get("b", 0))),
            node("span", {"class": "phase"}, t(f"demo.triad.phase{view.get('phase', 1)}")),
        )
    return node(
        "div",
        {"class": "triad-demo"},
        info,
        node("div", {"class": "mini-board", "role": "group", "aria-label": t("demo.triad.board")}, cells),
    )


def stage(view: dict[str, Any]) -> Node:
    """The drawing of one frame."""
    if view["kind"] == "board":
        return triad_board(view)
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
