"""The shell's own views: the game picker, placeholders and not-found."""

from __future__ import annotations

from typing import Any


from pyapp.excerpt import excerpt
from pyapp.i18n import t
from pyapp.play.saved import continue_text, unfinished
from pyapp.storage import StorageError
from pyapp.ui.browser import page, routes
from pyapp.ui.browser.dom import append, found, h, local_date
from pyapp.ui.browser.local_storage import shared_store


def _unfinished() -> dict[str, dict[str, Any]]:
    """Each game's latest unfinished record, read without replaying; none if storage cannot be read."""
    store = shared_store()
    try:
        return unfinished(store) if store is not None else {}
    except StorageError:
        return {}


def _continue(game: str, record: dict[str, Any]) -> Any:
    """The unfinished game under a game's card: what it is (public facts only), when, and Continue."""
    try:
        link = routes.href(game, resume=record["id"])
    except ValueError:  # an id no route can carry (a hand-edited key): the saved-games list still has it
        return None
    when = local_date(record["updated"])
    return h(
        "div",
        {"class": "game-continue", "data_testid": f"continue-{game}", "data_record": record["id"]},
        h("p", {"class": "continue-title"}, t("picker.unfinished")),
        h("p", {"class": "continue-what"}, continue_text(record)),
        h("p", {"class": "continue-when"}, t("picker.when", date=when)) if when else None,
        h("a", {"class": "button", "href": link, "data_testid": f"continue-link-{game}",
                "aria_label": t("picker.continue_label", game=t(f"game.{game}"))}, t("picker.continue")),
    )


def _game_card(game: str, record: dict[str, Any] | None) -> Any:
    """One game on the picker: name, what it is, players and length, three ways in, and its unfinished game."""
    title = f"game-title-{game}"

    def way(view: str, cls: str, testid: str, key: str) -> Any:
        href = routes.href(view) if view == game else routes.href(view, game)
        return h("a", {"class": cls, "href": href, "data_testid": f"{testid}-{game}", "aria_describedby": title}, t(key))

    return h(
        "li",
        {"class": "game-card", "data_game": game},
        h(
            "h2",
            {"class": "game-title", "id": title},
            h("span", {"class": "game-mark", "aria_hidden": "true"}),
            h("span", {"class": "game-name"}, t(f"game.{game}")),
        ),
        h("p", {"class": "game-about"}, t(f"shell.about.{game}")),
        h("p", {"class": "game-facts"}, t(f"shell.facts.{game}")),
        h(
            "p",
            {"class": "game-ways"},
            way(game, "button", "game-link", "shell.play"),
            way("rules", "button secondary", "rules-link", "shell.howto"),
            way("learn", "button secondary", "learn-link", "shell.learn"),
        ),
        _continue(game, record) if record is not None else None,
    )


def picker(root: Any, params: dict[str, str]) -> None:
    """The three games, each with what it is and three ways in; the same markup index.html shows before Python.

    Python adds each game's unfinished game, if any (from the records' summaries).
    """
    latest = _unfinished()
    root.append(
        h(
            "section",
            {"class": "picker", "data_testid": "picker"},
            h("p", {"class": "tagline"}, t("shell.tagline")),
            h("h1", {"class": "picker-title"}, t("shell.choose")),
            h("p", {"class": "picker-daily"},
              h("a", {"class": "button", "href": routes.href("daily"), "data_testid": "daily-link"}, t("daily.link"))),
            h("ul", {"class": "games"}, [_game_card(game, latest.get(game)) for game in routes.GAMES]),
            _saves_link(),
        )
    )


def _saves_link() -> Any:
    """The picker's last line: the saved-games link (Python's only; index.html's picker has none)."""
    return h(
        "p",
        {"class": "picker-saves"},
        h("a", {"class": "button secondary", "href": routes.href("saves"), "data_testid": "saves-link"}, t("saves.link")),
    )


def adopt_picker(root: Any) -> bool:
    """Take over index.html's picker in ``root`` as it is, adding only Python's parts; False if it is not there.

    Its texts are right already (boot.js wrote them, ``language.refresh_static`` mends any
    that differ).  Drawing it again painted the page's largest text a second time at
    Python's start, and that late paint became the largest contentful paint (issue 34).
    """
    section = root.querySelector("section.picker")
    if not found(section) or found(section.querySelector(".picker-saves")):
        return False
    cards = {game: section.querySelector(f'.game-card[data-game="{game}"]') for game in routes.GAMES}
    if not all(found(card) for card in cards.values()):
        return False
    for game, record in _unfinished().items():
        if game in cards:
            append(cards[game], _continue(game, record))
    section.append(_saves_link())
    return True


def _panel(root: Any, testid: str, title: str, body: str, links: list[Any]) -> None:
    """A titled message with links below it."""
    page.set_title(t("shell.page.title", page=title, site=t("app.title")))
    root.append(
        h(
            "section",
            {"class": "panel", "data_testid": testid},
            h("h1", None, title),
            h("p", None, body),
            h("nav", {"class": "game-links"}, links),
        )
    )


def _home_link() -> Any:
    return h("a", {"class": "button secondary", "href": routes.href("picker")}, t("shell.home"))


def game_placeholder(root: Any, params: dict[str, str]) -> None:
    """Shown at ``#/<game>`` until that game registers its screen."""
    name = t(f"game.{params['game']}")
    rules = h("a", {"class": "button", "href": routes.href("rules", params["game"])}, t("shell.rules"))
    _panel(root, "placeholder", t("shell.placeholder.title", game=name), t("shell.placeholder.body"), [rules, _home_link()])


def rules_placeholder(root: Any, params: dict[str, str]) -> None:
    """Shown at ``#/rules/<game>`` until the rules pages register."""
    name = t(f"game.{params['game']}")
    play = h("a", {"class": "button", "href": routes.href(params["game"])}, t("shell.play"))
    _panel(root, "rules", t("shell.rules.title", game=name), t("shell.rules.placeholder", game=name), [play, _home_link()])


def not_found(root: Any, params: dict[str, str]) -> None:
    """Any other hash: say so (the path shortened: a route can be any length) and offer the way home."""
    _panel(root, "not-found", t("shell.notfound.title"), t("shell.notfound.body", path=excerpt(params["path"])),
           [_home_link()])


def screen_error(root: Any, params: dict[str, str]) -> None:
    """A screen raised while drawing: say so, keep the details one click away."""
    _panel(root, "screen-error", t("shell.screen.error.title"), t("shell.screen.error.body"), [_home_link()])
    root.firstChild.append(
        h("details", None, h("summary", None, t("shell.error.details")), h("pre", {"class": "error-details"}, params["details"]))
    )
