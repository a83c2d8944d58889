"""A table's set-up form: players, seats, the game's options, hints in pass-and-play, the deal's seed (a game with
chance), and the unfinished game of its kind if one is saved (with Continue).

Filled in from the last game (rematch, new game) or from the form itself
before a redraw (a language switch keeps what was chosen); Start begins the
game on the table.  A seat may be a friend's, invited from another device
(issue 33): Start then hands the seats to the host's controller,
:func:`pyapp.ui.friends.friends_host.open_room`, which shows the invite.
"""

from __future__ import annotations

import random
from typing import Any

from pyapp.games import game_class
from pyapp.i18n import t
from pyapp.play import Seat, Session
from pyapp.play.saved import continue_text, unfinished
from pyapp.play.setup import MAX_SEED_DIGITS, SEED_LIMIT, SetupError, parse_setup
from pyapp.registry import FRIEND, PERSON, SETUP_KINDS
from pyapp.storage import StorageError
from pyapp.ui.browser import dom, routes
from pyapp.ui.browser.dom import clear, h, on
from pyapp.ui.table.game_ui import Option, Setup
from pyapp.ui.table.table_host import TableHost


class SetupForm:
    """The set-up form of ``table``'s game."""

    def __init__(self, table: TableHost) -> None:
        self.table = table
        self.notice: Any = None
        """Draws a line above the form (a challenge link's, :mod:`pyapp.ui.table.known_deal`) until a game starts."""

    def show_setup(self, previous: Session | Setup | None = None, problem: SetupError | None = None) -> None:
        """The set-up form, filled in from ``previous`` (the last game, or the form itself before a redraw).

        ``problem`` is the field the last Start could not use: its message is shown beside it.
        """
        table = self.table
        if isinstance(previous, Session):
            previous = Setup(previous.state.players, tuple((seat.name, seat.kind) for seat in previous.seats),
                             dict(previous.state.options), hints=previous.hints["allowed"])
        cls = game_class(table.ui.game)
        counts = cls.PLAYERS
        chosen = previous.players if previous else counts[0]
        count = h("select", {"id": "setup-players", "data-testid": "setup-players"},
                  *[h("option", {"value": str(n), **({"selected": ""} if n == chosen else {})},
                      t("setup.players_n", n=n)) for n in counts])
        seats_box = h("div", {"class": "setup-seats"})
        network = h("p", {"class": "setup-network", "data-testid": "setup-friends-network"}, t("setup.friends_network"))
        options_box = h("div", {"class": "setup-options"})
        allow = h("input", {"type": "checkbox", "id": "setup-hints", "data-testid": "setup-hints",
                            "checked": bool(previous and previous.hints)})
        allow_row = h("label", {"class": "setup-option", "for": "setup-hints"}, allow, t("setup.allow_hints"))
        # a deal number only where there is a deal: a game without chance (Triad) asks for none
        seed, deal, said = self._deal(previous, problem) if cls.TYPE.has_chance else (None, None, self._problem(problem))

        def kinds_changed(event: Any = None) -> None:
            self._kinds_changed(seats_box, network, allow_row, seed, deal)

        def draw(event: Any = None) -> None:
            players = int(count.value)
            clear(seats_box)
            for seat in range(players):
                old = previous.seats[seat] if previous and seat < len(previous.seats) else None
                seats_box.append(self._seat_row(seat, old))
            clear(options_box)
            for option in table.ui.options:
                if option.players and players not in option.players:
                    continue
                options_box.append(self._option_field(option, previous))
            kinds_changed()

        on(count, "change", draw)
        on(seats_box, "change", kinds_changed)
        draw()
        start = h("button", {"class": "primary", "data-testid": "start"}, t("setup.start"))
        on(start, "click", lambda event: self._start_from_form(self._read_form(count, seats_box, options_box, seed, allow)))
        table.show(h("section", {"class": "panel setup"},
                     h("h2", {}, t("setup.title", game=t(f"game.{table.ui.game}"))), self._unfinished(),
                     self.notice() if self.notice else None,
                     h("label", {"for": "setup-players"}, t("setup.players")), count,
                     seats_box, network, options_box, allow_row, deal, said, start),
                   lambda: self.show_setup(self._read_form(count, seats_box, options_box, seed, allow)))

    @staticmethod
    def _seat_row(seat: int, old: tuple[str, str] | None) -> Any:
        """Seat ``seat``'s name and who plays it, as ``old`` had them (none: a person first, then computers)."""
        typed, kind = old if old else ("", PERSON if seat == 0 else "normal")
        default = t("setup.default_name", n=seat + 1)
        name = h("input", {"type": "text", "maxlength": "24", "data-testid": f"seat-name-{seat}",
                           "aria-label": t("setup.seat_name", n=seat + 1), "data-default": default,
                           "value": typed or default})
        level = h("select", {"data-testid": f"seat-kind-{seat}", "aria-label": t("setup.seat_kind", n=seat + 1)},
                  *[h("option", {"value": k, **({"selected": ""} if k == kind else {})},
                      t(f"seat.{k}" if k in (PERSON, FRIEND) else f"level.{k}")) for k in SETUP_KINDS])
        return h("div", {"class": "setup-seat"}, name, level)

    @staticmethod
    def _kinds_changed(seats_box: Any, network: Any, allow_row: Any, seed: Any, deal: Any) -> None:
        """The form follows who plays: "Allow hints" is asked only when two or more seats are people, here
        (pass-and-play) or on their own devices (friends).

        A friends' game asks no deal number (its deal is the fair deal, nobody's number) and says it needs the
        network; a friend's name is the friend's to type, so its field is off (what was typed there
        comes back if the seat is no friend's again).  A disabled field is not read (:meth:`_read_form`).
        """
        kinds = []
        for row in seats_box.children:
            field, kind = row.querySelector("input"), str(row.querySelector("select").value)
            kinds.append(kind)
            invited = kind == FRIEND
            if invited and not field.disabled:
                field.dataset.typed = str(field.value)
                field.value = ""
                field.setAttribute("placeholder", t("setup.friend_name"))
            elif not invited and field.disabled:
                field.value = str(field.dataset.typed)
                field.removeAttribute("placeholder")
            field.disabled = invited
        friends = FRIEND in kinds
        network.hidden = not friends
        allow_row.hidden = not friends and kinds.count(PERSON) < 2
        if deal is not None:
            deal.hidden = seed.disabled = friends

    @staticmethod
    def _deal(previous: Setup | None, problem: SetupError | None) -> tuple[Any, Any, Any]:
        """The deal number's field in its section, and the refusal to show before Start (another field's), if any."""
        on_seed = problem is not None and problem.field == "seed"
        seed = h("input", {"id": "setup-seed", "type": "text", "inputmode": "numeric", "maxlength": str(MAX_SEED_DIGITS),
                           "autocomplete": "off", "data-testid": "setup-seed", "value": previous.seed if previous else None,
                           **({"aria-invalid": "true", "aria-describedby": "setup-problem"} if on_seed else {})})
        said = SetupForm._problem(problem)
        deal = h("details", {"class": "setup-deal", **({"open": ""} if on_seed else {})},
                 h("summary", {}, t("setup.deal")), h("label", {"for": "setup-seed"}, t("setup.seed")), seed,
                 said if on_seed else None)
        return seed, deal, None if on_seed else said

    def _unfinished(self) -> Any:
        """This game's latest unfinished save, if any: said above the form, with Continue (a new game keeps it)."""
        game, store = self.table.ui.game, self.table.store
        try:
            record = unfinished(store).get(game) if store is not None else None
            link = routes.href(game, resume=record["id"]) if record is not None else None
        except (StorageError, ValueError):  # unreadable, or an id no route carries: the saved-games list has it
            return None
        if record is None:
            return None
        return h("div", {"class": "setup-unfinished", "data-testid": "setup-unfinished", "data-record": record["id"]},
                 h("p", {}, t("setup.unfinished", game=t(f"game.{game}"))),
                 h("p", {"class": "continue-what"}, continue_text(record)),
                 h("a", {"class": "button", "href": link, "data-testid": "setup-continue",
                         "aria-label": t("picker.continue_label", game=t(f"game.{game}"))}, t("picker.continue")))

    @staticmethod
    def _problem(problem: SetupError | None) -> Any:
        """The refusal of the last Start, shown before Start (or beside the deal number's field)."""
        return h("p", {"class": "error", "role": "alert", "id": "setup-problem", "data-testid": "setup-problem",
                       "data-field": problem.field}, t(problem.key)) if problem else None

    def _option_field(self, option: Option, previous: Setup | None) -> Any:
        value = previous.options.get(option.name) if previous else None
        ident = f"opt-{option.name}"
        if not option.choices:
            box = h("input", {"type": "checkbox", "id": ident, "data-option": option.name,
                              **({"checked": ""} if value else {})})
            return h("label", {"class": "setup-option", "for": ident}, box, t(option.label))
        select = h("select", {"id": ident, "data-option": option.name},
                   *[h("option", {"value": str(i), **({"selected": ""} if v == value else {})}, t(label))
                     for i, (v, label) in enumerate(option.choices)])
        return h("div", {"class": "setup-option"}, h("label", {"for": ident}, t(option.label)), select)

    def _read_form(self, count: Any, seats_box: Any, options_box: Any, seed_box: Any, allow: Any) -> Setup:
        """What the set-up form holds now; a name left as drawn (or blank) is the seat's default name."""
        table = self.table
        seats = []
        for row in seats_box.children:
            field = row.querySelector("input")
            name = str(field.value).strip()[:24]
            seats.append(("" if name == str(field.dataset.default) else name, str(row.querySelector("select").value)))
        options: dict[str, Any] = {}
        for option in table.ui.options:
            element = options_box.querySelector(f'[data-option="{option.name}"]')
            if not dom.found(element):
                continue
            if option.choices:
                options[option.name] = option.choices[int(element.value)][0]
            else:
                options[option.name] = bool(element.checked)
        seed = str(seed_box.value).strip() if seed_box is not None and not seed_box.disabled else ""
        return Setup(int(count.value), tuple(seats), options, seed, bool(allow.checked))

    def _start_from_form(self, setup: Setup) -> None:
        table = self.table
        try:
            chosen = parse_setup(str(setup.players), list(setup.seats), setup.seed,
                                 players_allowed=game_class(table.ui.game).PLAYERS)
        except SetupError as error:
            self.show_setup(setup, problem=error)
            return
        named = [("" if kind == FRIEND else name or t("setup.default_name", n=n + 1), kind)
                 for n, (name, kind) in enumerate(chosen.seats)]  # a friend names themself on joining
        if any(kind == FRIEND for _, kind in named):  # this device hosts: the room is its controller's
            from pyapp.ui.friends.friends_host import open_room

            open_room(table, named, dict(setup.options), allow_hints=setup.hints)
            return
        seats = [Seat(name, kind) for name, kind in named]
        seed = random.SystemRandom().randrange(SEED_LIMIT) if chosen.seed is None else chosen.seed
        people = sum(seat.is_person for seat in seats)
        try:
            session = Session.start(table.ui.game, seats, seed=seed, store=table.store,
                                    name=t("table.default_title", game=t(f"game.{table.ui.game}")), named=False,
                                    allow_hints=setup.hints if people > 1 else None,
                                    known_deal=chosen.seed is not None, **setup.options)
        except ValueError as error:
            table.error = str(error)
            table.show_setup()
            return
        self.notice = None
        table.begin(session)
