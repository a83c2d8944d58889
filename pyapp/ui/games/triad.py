"""The Triad table: scores, phase, last move, the 8×8 board and Phase 2 choices.

Drawn from ``observation(viewer)`` and the legal actions only (Triad has no
hidden information).  Test hooks (documented in ``e2e/README.md``):

* every cell: ``data-cell="row,col"`` (centre cells too, with ``data-centre``),
  plus ``data-label``, ``data-height``, ``data-top`` (``a``, ``b`` or empty) and
  ``data-stack`` (bottom to top), a stack's ``stack-column``; playable cells get the class ``legal`` when the
  person to act may place there, ``removable`` when one of their triads runs
  through it;
* ``data-testid``: ``triad-board`` (with ``data-position`` = the board text and
  ``data-moves``), ``phase`` (``data-phase`` = ``1``, ``2`` or ``over``),
  ``score-a`` / ``score-b`` (totals), ``score-a-phase1`` … ``score-b-phase2``,
  ``pieces-a`` / ``pieces-b``, ``last-move`` (``data-kind``, ``data-moves``), ``pass-notice``,
  ``removals`` (the list of choices) and ``remove-choice`` (each with
  ``data-action``), ``pass`` (the pass button), ``end-breakdown``, ``result``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pyapp.games.triad import CENTRE, LABELS, PASS, Pass, Place, Remove
from pyapp.drawing.tree import Node, node
from pyapp.drawing.triad import board_cell, centre_cell, side_piece
from pyapp.games.triad.coords import cell_label
from pyapp.games.triad.view import LastMove, Observation
from pyapp.i18n import t, tn
from pyapp.ui.browser.dom import Prevent, clear, found, h, on, tree
from pyapp.ui.browser.motion import Motion
from pyapp.ui.table.picks import Picks
from pyapp.ui.table.table import Option, TableContext, route

SIDES = ("a", "b")
CHOICES_AT_ONCE = 3
"""Removal choices listed before a cell is chosen; past that the person picks a cell first (one phone line)."""
_CELL = '[data-testid=triad-board] [data-cell="%d,%d"]'
"""A board cell's selector, for the motions."""
_ARROWS = {"ArrowUp": (-1, 0), "ArrowDown": (1, 0), "ArrowLeft": (0, -1), "ArrowRight": (0, 1)}


# -- words (pure, no DOM) -------------------------------------------------------------


def cell_name(cell) -> str:
    """A cell as drawn on the board's edges: ``f6`` (files a–h, ranks 1–8 from the bottom)."""
    return cell_label(tuple(cell))


def side_name(side: str) -> str:
    return t(f"triad.side.{side}")


def triad_name(cells) -> str:
    """``a8–c8`` for a row (first and last cell), ``h2`` for a stack."""
    cells = [tuple(cell) for cell in cells]
    if len(cells) == 1:
        return cell_name(cells[0])
    return f"{cell_name(cells[0])}–{cell_name(cells[-1])}"


def last_move_sentences(obs: Observation, names: list[str] | None = None) -> list[str]:
    """What the last action did, as whole sentences; with four players, ``names`` say who of the side moved."""
    last = obs.get("last")
    if not last:
        return [t("triad.last.none")]
    side = side_name(last["side"])
    mover = side
    if names and obs.get("players") == 4 and 0 <= last.get("seat", -1) < len(names):
        mover = t("triad.side_player", side=side, name=names[last["seat"]])
    if last["kind"] == "place":
        if last["points"]:
            sentences = [tn("triad.last.place_scored", len(last["triads"]), side=mover, cell=cell_name(last["cell"]),
                            count=len(last["triads"]), points=last["points"])]
        else:
            sentences = [t("triad.last.place", side=mover, cell=cell_name(last["cell"]))]
    elif last["kind"] == "remove":
        if last["stack"]:
            sentences = [t("triad.last.remove_stack", side=mover, cell=cell_name(last["cells"][0]), points=last["points"])]
        else:
            sentences = [t("triad.last.remove", side=mover, cells=triad_name(last["cells"]), points=last["points"])]
        if last["triads"]:
            sentences.append(tn("triad.last.revealed", len(last["triads"]), count=len(last["triads"]), side=side))
        if last["other_triads"]:
            other = "b" if last["side"] == "a" else "a"
            sentences.append(tn("triad.last.revealed", len(last["other_triads"]), count=len(last["other_triads"]),
                                side=side_name(other)))
    else:
        sentences = [t("triad.last.pass", side=mover)]
    return sentences


def moves_since(obs: Observation) -> list[LastMove]:
    """The moves since the viewer's own last move, oldest first: with four players up to three.

    When the viewer made the last move, that move (there is nothing newer to tell)."""
    recent = obs.get("recent") or []
    seats = [move["seat"] for move in recent]
    if obs["seat"] in seats:
        after = len(seats) - seats[::-1].index(obs["seat"])
        return recent[after:] or recent[-1:]
    return recent


def since_sentences(obs: Observation, names: list[str]) -> list[str]:
    """Every move since the viewer's last turn in whole sentences (:func:`last_move_sentences` for each)."""
    moves = moves_since(obs)
    if not moves:
        return [t("triad.last.none")]
    return [sentence for move in moves for sentence in last_move_sentences({"last": move, "players": obs["players"]}, names)]


def brief_move(move: LastMove) -> str:
    """What a move did in a few words (``placed on c3``), for the four-player list under its player's name."""
    if move["kind"] == "place":
        return t("triad.brief.place", cell=cell_name(move["cell"]))
    if move["kind"] == "remove":
        if move["stack"]:
            return t("triad.brief.remove_stack", cell=cell_name(move["cells"][0]))
        return t("triad.brief.remove", cells=triad_name(move["cells"]))
    return t("triad.brief.pass")


def result_sentence(obs: Observation) -> str:
    scores = obs["scores"]
    if obs["result"] == "draw":
        return t("triad.end.draw", points=scores["a"]["total"])
    winner = obs["result"]
    loser = "b" if winner == "a" else "a"
    return t("triad.end.winner", side=side_name(winner), winner=scores[winner]["total"], loser=scores[loser]["total"])


def _position(obs: Observation) -> tuple[int, int]:
    """What a cell is chosen on: the move count and the viewer."""
    return obs["moves"], obs["seat"]


# -- the view -------------------------------------------------------------------------


class TriadUI:
    """The Triad game for the shared table frame."""

    game = "triad"
    hidden_hands = False
    options = (
        Option("first", "triad.opt.first", ((0, "triad.opt.first_a"), (1, "triad.opt.first_b"))),
        Option("children", "triad.opt.children"),
    )

    def __init__(self) -> None:
        self.picks = Picks(_position)
        """The cell chosen in Phase 2 (its removals are listed) on the position drawn (see :mod:`pyapp.ui.table.picks`)."""
        self.focus: tuple[int, int] | None = None
        self._grid: Any = None
        self._choices: Any = None
        self._removals: list[Remove] = []
        self._ctx: TableContext | None = None
        self._previewed: Remove | None = None
        self._names: list[str] = []
        self._viewer_side = "a"
        """The side of the seat on screen: a cell's spoken name tells its pieces as yours and theirs."""

    @property
    def selected(self) -> tuple[int, int] | None:
        """The chosen cell, if any."""
        return self.picks.chosen[0] if self.picks.chosen else None

    # -- frame hooks ------------------------------------------------------------------

    def announcements(self, before: Observation | None, after: Observation) -> list[str]:
        if after.get("last") is None or (before is not None and before.get("moves") == after.get("moves")):
            return []
        said = last_move_sentences(after, self._names)
        if after.get("over"):
            said.append(result_sentence(after))
        return [" ".join(said)]

    @staticmethod
    def motions(before: Observation | None, after: Observation) -> list[Motion]:
        """The piece just placed drops onto its cell; the pieces just removed lift off theirs."""
        last = after.get("last")
        if before is None or not last or after["moves"] <= before["moves"]:
            return []
        if last["kind"] == "place":
            return [Motion("drop", target=f'{_CELL % tuple(last["cell"])} .piece')]
        if last["kind"] == "remove":
            return [Motion("lift", source=_CELL % tuple(cell), target=_CELL % tuple(cell)) for cell in last["cells"]]
        return []

    def render(self, ctx: TableContext) -> Any:
        obs = ctx.observation
        self._ctx = ctx
        self._names = [seat.name for seat in ctx.seats]
        self._viewer_side = obs["seat_sides"][obs["seat"]] if 0 <= obs["seat"] < len(obs["seat_sides"]) else "a"
        self.picks.follow(obs)
        self._removals = [a for a in ctx.legal if type(a) is Remove]
        table = h(
            "div",
            {"class": "triad", "data-testid": "triad-table"},
            _scores(obs, self._names),
            _phase(obs),
            _last(obs, self._names),
            self._board(obs, ctx),
            self._controls(obs, ctx),
            _end(obs, self._names) if obs["over"] else None,
        )
        return table

    # -- parts ------------------------------------------------------------------------

    def _board(self, obs: Observation, ctx: TableContext) -> Any:
        legal_cells = {(a.row, a.col) for a in ctx.legal if type(a) is Place}
        removable_cells = {tuple(cell) for a in self._removals for cell in a.cells}
        last = obs.get("last") or {}
        last_cells: set = set()
        made_cells: set = set()
        if last.get("kind") == "place":
            last_cells = {tuple(last["cell"])}
        elif last.get("kind") == "remove":
            last_cells = {tuple(c) for c in last["cells"]}
        for triad in last.get("triads", []) + last.get("other_triads", []):
            made_cells.update(tuple(c) for c in triad)
        by_cell = {(c["row"], c["col"]): c for c in obs["cells"]}
        if self.focus is None or self.focus not in by_cell:
            candidates = sorted(legal_cells or removable_cells) or [(0, 0)]
            self.focus = candidates[0]
        cells: list[Node] = []
        for r in range(8):
            for c in range(8):
                if (r, c) in CENTRE:
                    cells.append(centre_cell(r, c))
                else:
                    cells.append(self._cell(by_cell[(r, c)], legal_cells, removable_cells, last_cells, made_cells))
        # the board's ~200 elements in one call into JavaScript, and one handler per event
        # for all 60 cells: a call per element or per cell was most of a redraw in Pyodide
        grid = tree(node("div", {"class": "triad-board", "data-testid": "triad-board", "role": "group",
                                 "aria-label": t("triad.board"), "data-position": obs["board"],
                                 "data-moves": str(obs["moves"]),
                                 "data-phase": "over" if obs["over"] else str(obs["phase"])}, cells))
        self._grid = grid
        on(grid, "keydown", self._keydown, prevent=Prevent(keys=tuple(_ARROWS)))  # the arrows move the focus, not the page
        on(grid, "click", lambda event: self._on_cell(event, self._click))
        on(grid, "focusin", lambda event: self._on_cell(event, self._focused))
        return grid

    def _cell(self, cell, legal_cells, removable_cells, last_cells, made_cells) -> Node:
        rc = (cell["row"], cell["col"])
        marks = [name for name, cells in (("legal", legal_cells), ("removable", removable_cells), ("last", last_cells),
                                          ("made", made_cells)) if rc in cells]
        if rc == self.selected:
            marks.append("selected")
        return board_cell(cell, marks, viewer_side=self._viewer_side, actionable=rc in legal_cells or rc in removable_cells, focus=rc == self.focus,
                          autofocus=rc == self.focus and self._acting_on_board())

    def _cell_element(self, rc: tuple[int, int] | None) -> Any:
        """The drawn button of cell ``rc`` (None if there is none): looked up only when a person acts."""
        if rc is None or self._grid is None:
            return None
        element = self._grid.querySelector(f'[data-cell="{rc[0]},{rc[1]}"]')
        return element if found(element) else None

    def _controls(self, obs: Observation, ctx: TableContext) -> Any:
        box = h("div", {"class": "triad-controls", "data-testid": "controls"})
        self._choices = None
        if obs["over"]:
            return box
        side = obs["side_to_move"]
        if not ctx.legal:
            box.append(h("p", {"class": "hint"}, t("triad.waiting", side=side_name(side))))
            return box
        if ctx.legal == [PASS] or (len(ctx.legal) == 1 and type(ctx.legal[0]) is Pass):
            button = h("button", {"type": "button", "class": "primary", "data-testid": "pass", "data-autofocus": True},
                       t("triad.pass"))
            on(button, "click", lambda event: ctx.act(PASS))
            box.append(h("p", {"class": "must-pass", "role": "status", "data-testid": "must-pass"},
                         t("triad.must_pass", side=side_name(side))), button)
            return box
        if obs["phase"] == 1:
            box.append(h("p", {"class": "hint"}, t("triad.tap_to_place", side=side_name(side))))
            return box
        self._choices = h("div", {"class": "removals", "data-testid": "removals", "role": "group",
                                  "aria-label": t("triad.your_removals")})
        self._fill_choices()
        box.append(self._choices)
        return box

    def _fill_choices(self) -> None:
        if self._choices is None or self._ctx is None:
            return
        ctx = self._ctx
        clear(self._choices)
        shown = self._removals
        if self.selected is not None:
            shown = [a for a in self._removals if self.selected in a.cells]
            self._choices.append(h("p", {"class": "choices-title"}, t("triad.removals_through", cell=cell_name(self.selected))))
        elif len(shown) > CHOICES_AT_ONCE:
            shown = []  # too many for one line: the person chooses a highlighted cell first
            self._choices.append(h("p", {"class": "choices-title"}, t("triad.tap_to_remove")))
        else:
            self._choices.append(h("p", {"class": "choices-title"}, t("triad.your_removals")))
        points = {}
        for item in ctx.observation["removable"][ctx.observation["side_to_move"]]:
            points[item["action"]] = item["points"]
        for action in shown:
            if action.stack:
                label = t("triad.remove_stack", cell=cell_name(action.cells[0]), points=points.get(str(action), 0))
            else:
                label = t("triad.remove_row", cells=triad_name(action.cells), points=points.get(str(action), 0))
            button = h("button", {"type": "button", "class": "remove-choice" + (" stack" if action.stack else ""),
                                  "data-testid": "remove-choice", "data-action": str(action),
                                  "data-autofocus": "" if action is shown[0] else None}, label)
            on(button, "click", lambda event, a=action: ctx.act(a))
            for name in ("mouseenter", "focus"):
                on(button, name, lambda event, a=action: self._preview(a, True))
            for name in ("mouseleave", "blur"):
                on(button, name, lambda event, a=action: self._preview(a, False))
            self._choices.append(button)
        if self.selected is not None and len(self._removals) <= CHOICES_AT_ONCE:
            everything = h("button", {"type": "button", "class": "link", "data-testid": "show-all"}, t("triad.show_all"))
            on(everything, "click", lambda event: self._select(None))
            self._choices.append(everything)

    # -- the Hint (pyapp/ui/table/hint_button.py) --------------------------------------------

    def selected_action(self, legal: list[Any]) -> Remove | None:
        """Phase 2: the removal through the selected cell, when only one runs through it."""
        through = [a for a in legal if type(a) is Remove and self.selected in a.cells]
        return through[0] if len(through) == 1 else None

    @staticmethod
    def move_targets(action: Any) -> list[str]:
        if type(action) is Place:
            return [f'[data-cell="{action.row},{action.col}"]']
        if type(action) is Remove:
            return [f'[data-cell="{r},{c}"]' for r, c in action.cells] + [f'[data-action="{action}"]']
        return ["[data-testid=pass]"]

    @staticmethod
    def move_words(action: Any, *, spoken: bool) -> str:
        """The same either way: cells are named by their edge labels (``f6``), as a screen reader says them."""
        if type(action) is Place:
            return t("hint.move.triad.place", cell=cell_name((action.row, action.col)))
        if type(action) is Remove:
            if action.stack:
                return t("hint.move.triad.remove_stack", cell=cell_name(action.cells[0]))
            return t("hint.move.triad.remove", cells=triad_name(action.cells))
        return t("hint.move.triad.pass")

    @staticmethod
    def fact_params(params: dict[str, Any], *, spoken: bool) -> dict[str, Any]:
        return params  # points only

    # -- interaction ------------------------------------------------------------------

    @staticmethod
    def _on_cell(event: Any, handle: Callable[[tuple[int, int]], None]) -> None:
        """Call ``handle(cell)`` when ``event`` happened on a playable cell's button."""
        button = event.target.closest("button[data-cell]")
        if found(button):
            r, c = str(button.dataset.cell).split(",")
            handle((int(r), int(c)))

    def _click(self, rc: tuple[int, int]) -> None:
        ctx = self._ctx
        if ctx is None or not ctx.legal:
            return
        place = Place(*rc)
        if place in ctx.legal:
            self.focus = rc
            ctx.act(place)
            return
        if any(rc in a.cells for a in self._removals):
            self._select(rc)

    def _acting_on_board(self) -> bool:
        """Whether the person to act plays on the board now (not only a pass)."""
        legal = self._ctx.legal if self._ctx is not None else []
        return bool(legal) and not all(type(a) is Pass for a in legal)

    def _select(self, rc: tuple[int, int] | None) -> None:
        old = self.selected
        self.picks.chosen = [] if rc is None else [rc]
        if (element := self._cell_element(old)) is not None:
            element.classList.remove("selected")
        if (element := self._cell_element(rc)) is not None:
            element.classList.add("selected")
        self._fill_choices()
        if rc is not None and self._choices is not None:
            first = self._choices.querySelector("[data-testid=remove-choice]")
            if found(first):
                first.focus()

    def _preview(self, action: Remove, on_: bool) -> None:
        """Outline ``action``'s cells on the board (one triad at a time)."""
        if on_ and self._previewed is not None and self._previewed != action:
            self._preview(self._previewed, False)
        self._previewed = action if on_ else None
        for cell in action.cells:
            element = self._cell_element(tuple(cell))
            if element is not None:
                if on_:
                    element.classList.add("preview")
                else:
                    element.classList.remove("preview")

    def _focused(self, rc: tuple[int, int]) -> None:
        old = self._cell_element(self.focus)
        if old is not None and self.focus != rc:
            old.setAttribute("tabindex", "-1")
        self.focus = rc
        element = self._cell_element(rc)
        if element is not None:
            element.setAttribute("tabindex", "0")

    def _keydown(self, event: Any) -> None:
        step = _ARROWS.get(str(event.key))
        if step is None or self.focus is None:
            return
        r, c = self.focus
        for _ in range(8):
            r, c = (r + step[0]) % 8, (c + step[1]) % 8
            if (r, c) in LABELS:
                break
        element = self._cell_element((r, c))
        if element is not None:
            element.focus()


def _scores(obs: Observation, names: list[str]) -> Any:
    panels = []
    for side in SIDES:
        who = _side_players(obs, names, side)
        score = obs["scores"][side]
        moving = obs["side_to_move"] == side
        panels.append(h(
            "section",
            {"class": f"triad-side side-{side}" + (" to-move" if moving else ""), "data-testid": f"side-{side}",
             "aria-current": "true" if moving else None},
            h("div", {"class": "side-head"},
              tree(side_piece(side)),
              # on a phone the piece (lettered A or B) stands for "Side A:", so that the names fit
              h("span", {"class": "side-name"}, h("span", {"class": "side-of"}, t("triad.side_of", side=side_name(side))),
                " ", who)),
            h("div", {"class": "side-total"},
              h("span", {"class": "score", "data-testid": f"score-{side}"}, str(score["total"])),
              h("span", {"class": "score-unit"}, t("triad.points_unit"))),
            h("div", {"class": "side-parts"},
              h("span", {"data-testid": f"score-{side}-phase1", "data-value": str(score["phase1"])},
                t("triad.part1", points=score["phase1"])),
              h("span", {"data-testid": f"score-{side}-phase2", "data-value": str(score["phase2"])},
                t("triad.part2", points=score["phase2"]))),
            h("div", {"class": "side-pieces", "data-testid": f"pieces-{side}", "data-value": str(obs["pieces_left"][side])},
              tn("triad.pieces_left", obs["pieces_left"][side], count=obs["pieces_left"][side])),
        ))
    return h("div", {"class": "triad-scores"}, panels)

def _side_players(obs: Observation, names: list[str], side: str) -> str:
    """The names of the side's player (or its two players, in a four-player game)."""
    players = [names[p] for p in range(obs["players"]) if obs["seat_sides"][p] == side]
    return players[0] if len(players) == 1 else t("triad.team_names", first=players[0], second=players[1])

def _phase(obs: Observation) -> Any:
    key = "over" if obs["over"] else str(obs["phase"])
    extra = t("triad.phase.children") if obs["children"] and not obs["over"] else None
    return h("p", {"class": "triad-phase", "data-testid": "phase", "data-phase": key},
             t(f"triad.phase.{key}"), h("span", {"class": "phase-note"}, extra) if extra else None)

def _last(obs: Observation, names: list[str]) -> Any:
    """The moves since the viewer's last turn, in a box of a fixed height (so the board below never moves).

    Two players: the other side's move as a sentence.  Four: each move on its own, in a few words
    after its side's piece (the whole sentences are what a screen reader reads)."""
    last = obs.get("last")
    kind = last["kind"] if last else "none"
    text = " ".join(since_sentences(obs, names))
    box = h("div", {"class": f"triad-last last-{kind}", "data-testid": "last-move", "data-kind": kind,
                    "data-moves": str(len(moves_since(obs)))})
    if obs["players"] == 4 and last:
        moves = moves_since(obs)
        box.append(h("span", {"class": "sr-only"}, text),
                   h("ul", {"class": "since", "aria-hidden": "true"},
                     [h("li", {"class": f"since-move side-{move['side']}",
                               "data-testid": "pass-notice" if move["kind"] == "pass" and move is moves[-1] else None},
                        h("span", {"class": "since-who"}, tree(side_piece(move["side"])),
                          h("span", {"class": "since-name"}, _name(names, move)),
                          h("span", {"class": "since-points"}, f"+{move['points']}") if move["points"] else None),
                        h("span", {"class": "since-what"}, brief_move(move))) for move in moves]))
        return box  # each move's points are in its words
    if kind == "pass":
        box.append(h("span", {"class": "pass-notice", "data-testid": "pass-notice"}, text))
    else:
        box.append(h("span", {"class": "last-text"}, text))
    if last and last.get("points"):
        box.append(h("span", {"class": "points-flash", "data-testid": "points-scored"}, f"+{last['points']}"))
    return box

def _name(names: list[str], move: LastMove) -> str:
    seat = move["seat"]
    return names[seat] if 0 <= seat < len(names) else side_name(move["side"])

def _end(obs: Observation, names: list[str]) -> Any:
    """Each side's points per phase and in total: a row a side, so it fits under the board on a phone.

    A row names its side by the side's piece (its full name is the header's label), so that both
    players' names fit whole beside the numbers in four-player games, landscape phones included."""
    scores = obs["scores"]
    parts = (("triad.end.phase1", "phase1"), ("triad.end.phase2", "phase2"), ("triad.end.total", "total"))
    head = h("tr", {}, h("th", {}, ""), *[h("th", {"scope": "col", "class": f"row-{part}"}, t(key)) for key, part in parts])
    rows = [h("tr", {"class": f"side-{side}"},
              h("th", {"scope": "row", "aria-label": t("triad.side_named", side=side_name(side),
                                                       names=_side_players(obs, names, side))},
                tree(side_piece(side)),
                _side_players(obs, names, side)),
              *[h("td", {"data-testid": f"final-{side}-{part}", "class": f"row-{part}"}, str(scores[side][part]))
                for _, part in parts])
            for side in SIDES]
    return h("section", {"class": "triad-end", "data-testid": "end-breakdown"},
             h("h2", {}, t("triad.end.title")),
             h("p", {"class": "result", "data-testid": "result", "data-result": obs["result"]}, result_sentence(obs)),
             h("table", {}, h("thead", {}, head), h("tbody", {}, rows)))

UI = TriadUI()


def register() -> None:
    """Plug the Triad screen into the router (``#/triad``)."""
    from pyapp.ui.shell import router  # noqa: PLC0415  (the platform's router, on main with the shell)

    router.register("triad", render)


__all__ = ["UI", "TriadUI", "cell_name", "last_move_sentences", "moves_since", "register", "result_sentence",
           "since_sentences", "triad_name"]

render = route(UI)
"""The router view for ``#/triad`` (what ``register`` plugs in)."""
