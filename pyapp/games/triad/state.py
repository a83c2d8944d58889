"""Triad as a :class:`pyapp.engine.State`: turns, phases, scoring, observations.

Seats: with 2 players seat 0 is side A and seat 1 side B; with 4 players
(teams) the seats go A1, B1, A2, B2 (seats 0 and 2 are side A).  Turns go round
the seats in that order starting with the first side's first seat, so the two
sides always alternate, in both phases.

Action texts:

* ``place R,C`` - Phase 1: put a piece on row R, column C (0-7 each);
* ``remove R,C R,C R,C`` - Phase 2: remove the row triad on those cells (in line order);
* ``remove stack R,C`` - Phase 2: remove the stack triad on that cell;
* ``pass`` - Phase 2, only when the side to move has no triad but the other side has.

>>> from pyapp.games import new_game
>>> game = new_game("triad", seed=1, players=2)
>>> for text in ["place 0,0", "place 7,7", "place 0,1", "place 7,6", "place 0,2"]:
...     game.apply_action(text)
>>> game.scores()
[3, 0]
>>> game.observation(0)["last"]["triads"]
[[[0, 0], [0, 1], [0, 2]]]
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from pyapp.engine import Chance, GameType, Information, State
from pyapp.engine.fields import SHARED
from pyapp.engine.state import read_position
from pyapp.games.triad.view import LastMove, Observation
from pyapp.games.triad.rules import (
    LABEL_AT,
    LABELS,
    LINE_NUMBER,
    LINE_TRIADS,
    PIECES,
    PLACE_AT,
    PLAYABLE_SET,
    SIDES,
    SIZE,
    STACK_TRIADS,
    THROUGH,
    Board,
    Place,
    Triad,
    points_of,
    remove,
)

PLACEMENTS = 2 * PIECES
"""Phase 1 lasts until both sides have placed all their pieces: 60 turns."""


@dataclass(frozen=True, slots=True)
class Remove:
    """Phase 2: remove a triad.  Text ``remove R,C R,C R,C`` or ``remove stack R,C``."""

    cells: tuple[tuple[int, int], ...]
    stack: bool

    def __str__(self) -> str:
        where = " ".join(f"{r},{c}" for r, c in self.cells)
        return f"remove stack {where}" if self.stack else f"remove {where}"

    @property
    def triad(self) -> Triad:
        return Triad(self.cells, self.stack)


@dataclass(frozen=True, slots=True)
class Pass:
    """Phase 2: the side to move has no removable triad.  Text ``pass``."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
REMOVE_LINE: tuple[Remove, ...] = tuple(Remove(t.cells, False) for t in LINE_TRIADS)
REMOVE_STACK: tuple[Remove | None, ...] = tuple(
    Remove(t.cells, True) if t is not None else None for t in STACK_TRIADS
)
REMOVALS: tuple[Remove, ...] = tuple(
    sorted((*REMOVE_LINE, *(a for a in REMOVE_STACK if a is not None)), key=lambda a: (a.cells, a.stack))
)
"""Every removal action in the stable order of :meth:`TriadState.removals` (by cells)."""
LINE_RANK: tuple[int, ...] = tuple(REMOVALS.index(a) for a in REMOVE_LINE)
STACK_RANK: tuple[int, ...] = tuple(REMOVALS.index(a) if a is not None else -1 for a in REMOVE_STACK)
_BY_TEXT: dict[str, Place | Remove | Pass] = {"pass": PASS}
for _action in (*PLACE_AT, *REMOVE_LINE, *REMOVE_STACK):
    if _action is not None:
        _BY_TEXT[str(_action)] = _action


def _cell_of(token: str) -> tuple[int, int]:
    parts = token.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise ValueError(f"{token!r} is not a cell (write it row,col, e.g. 2,5)")
    r, c = int(parts[0]), int(parts[1])
    if not (0 <= r < SIZE and 0 <= c < SIZE):
        raise ValueError(f"{token!r} is off the board (rows and columns are 0-7)")
    if (r, c) not in LABELS:
        raise ValueError(f"{token!r} is a centre cell, which is never played")
    return r, c


def parse(text: str) -> Place | Remove | Pass:
    """The action written ``text``; ``ValueError`` when it is not a Triad action.

    >>> parse("place 2,5")
    Place(row=2, col=5)
    >>> str(parse("remove  stack 0,0"))
    'remove stack 0,0'
    >>> parse("remove 0,0 1,1 2,3")
    Traceback (most recent call last):
    ...
    ValueError: 'remove 0,0 1,1 2,3': the cells are not three in a line (in line order)
    """
    if not isinstance(text, str):
        raise ValueError(f"an action is text, not {text!r}")
    norm = " ".join(text.lower().split())
    found = _BY_TEXT.get(norm)
    if found is not None:
        return found
    words = norm.split(" ")
    if words[0] == "place" and len(words) == 2:
        _cell_of(words[1])
    elif words[0] == "remove" and len(words) == 3 and words[1] == "stack":
        _cell_of(words[2])
    elif words[0] == "remove" and len(words) == 4:
        cells = tuple(_cell_of(w) for w in words[1:])
        if cells not in LINE_NUMBER:
            raise ValueError(f"{text!r}: the cells are not three in a line (in line order)")
    raise ValueError(
        f"not a Triad action: {text!r} (expected 'place R,C', 'remove R,C R,C R,C', 'remove stack R,C' or 'pass')"
    )


class TriadState(State):
    """A game of Triad.  Options: ``children`` (Phase 1 only), ``first`` (0: side A starts, 1: side B)."""

    GAME = "triad"
    PLAYERS = (2, 4)
    TYPE = GameType(Information.PERFECT, Chance.DETERMINISTIC)  # no dice, no deck
    OPTIONS = {"children": False, "first": 0}
    FIELDS = State.FIELDS | {
        "rng": SHARED,  # never drawn from: Triad has no chance
        "board": Board.copy,
        "moves": SHARED,  # actions applied (passes included)
        "placed": list.copy,  # pieces placed per side
        "phase1": list.copy,  # points per side
        "phase2": list.copy,
        "events": list.copy,  # scoring events: (move number, seat, side, phase, points, action)
        "last": SHARED,  # (seat, action, points, made triads, emptied cells)
        "recent": SHARED,  # the last ``players - 1`` moves, alike, oldest first (all since the mover's last turn)
        "over": SHARED,
    }

    @classmethod
    def check_options(cls, players, options):
        filled = super().check_options(players, options)
        if filled["first"] not in (0, 1):
            raise ValueError(f"option 'first' is the starting side, 0 (A) or 1 (B), not {filled['first']!r}")
        return filled

    def setup(self) -> None:
        self.board = Board()
        self.moves = 0
        self.placed = [0, 0]
        self.phase1 = [0, 0]
        self.phase2 = [0, 0]
        self.events: list[tuple] = []
        self.last: tuple | None = None
        self.recent: tuple = ()
        self.over = False

    # -- a given position ---------------------------------------------------------------

    def set_position(self, position) -> None:
        """Start in Phase 1 with the pieces of ``board`` (the board's text form) placed.

        ``scores``: each side's points so far, ``[A, B]`` (0), three per triad
        made.  The pieces on the board are all the pieces placed, so the side
        that starts (option ``first``) has as many as the other or one more,
        and that count says whose turn it is; with every piece placed, Phase 2
        begins (or the game ends, as after the last placement).

        >>> rows = [". . . . . . . ."] * 8
        >>> rows[3] = rows[4] = ". . . # # . . ."
        >>> rows[0] = "ab a . . . . . ."
        >>> state = TriadState.at_position({"board": "\\n".join(rows)}, players=2)
        >>> state.current_player(), state.placed
        (1, [2, 1])
        >>> rows[0] = "ab b . . . . . ."
        >>> TriadState.at_position({"board": "\\n".join(rows)}, players=2)
        Traceback (most recent call last):
        ...
        ValueError: side A starts, so it has placed as many pieces as side B or one more, not 1 and 2
        """
        given = read_position(position, ("board",), {"scores": (0, 0)})
        board = Board.from_text(given["board"])
        placed = [board.pieces()[side] for side in SIDES]
        first = self.options["first"]
        if placed[first] - placed[1 - first] not in (0, 1) or max(placed) > PIECES:
            raise ValueError(f"side {SIDES[first].upper()} starts, so it has placed as many pieces as side "
                             f"{SIDES[1 - first].upper()} or one more, not {placed[first]} and {placed[1 - first]}"
                             if max(placed) <= PIECES else f"a side has {PIECES} pieces, not {max(placed)}")
        scores = list(given["scores"])
        if len(scores) != 2 or any(not isinstance(p, int) or p < 0 or p % 3 or p > 3 * n for p, n in zip(scores, placed)):
            raise ValueError(f"Phase 1 scores are three points per triad made, per side: not {given['scores']!r}")
        self.board = board
        self.moves = sum(placed)
        self.placed = placed
        self.phase1 = scores
        if self.moves >= PLACEMENTS:
            self.over = self.options["children"] or not (board.has_triad(0) or board.has_triad(1))

    @classmethod
    def from_observation(cls, observation: Observation, seat: int, rng: random.Random) -> TriadState:
        """The observation shows everything (Triad hides nothing and draws nothing): the board, the moves and
        points so far, the scoring events; the last moves' display (``last``, ``recent``) is left out.

        >>> from pyapp.games import new_game
        >>> state = new_game("triad", seed=0, players=2)
        >>> for text in ("place 0,0", "place 0,1", "place 0,2"): state.apply_action(text)
        >>> world = TriadState.from_observation(state.observation(1), 1, random.Random(0))
        >>> world.board.to_text() == state.board.to_text(), world.current_player(), world.legal_actions() == state.legal_actions()
        (True, 1, True)
        """
        state = cls(seed=0, players=observation["players"], children=observation["children"],
                    first=SIDES.index(observation["first"]))
        state.board = Board.from_text(observation["board"])
        state.moves = observation["moves"]
        state.placed = [PIECES - observation["pieces_left"][side] for side in SIDES]
        state.phase1 = [observation["scores"][side]["phase1"] for side in SIDES]
        state.phase2 = [observation["scores"][side]["phase2"] for side in SIDES]
        state.events = [(event["move"], event["seat"], SIDES.index(event["side"]), event["phase"], event["points"],
                         parse(event["action"])) for event in observation["events"]]
        state.over = observation["over"]
        return state

    # -- turn order ------------------------------------------------------------------

    def seat_to_move(self) -> int:
        return (self.options["first"] + self.moves) % self.players

    def side_to_move(self) -> int:
        """0 (A) or 1 (B); meaningless once the game is over."""
        return (self.options["first"] + self.moves) % 2

    @property
    def phase(self) -> int:
        return 1 if self.moves < PLACEMENTS else 2

    def current_player(self) -> int:
        return -1 if self.over else (self.options["first"] + self.moves) % self.players

    def legal_actions(self) -> list[Place | Remove | Pass]:
        if self.over:
            return []
        if self.moves < PLACEMENTS:
            return self.board.placements()
        s = (self.options["first"] + self.moves) % 2
        removals = self.removals(s)
        return removals if removals else [PASS]

    def removals(self, s: int) -> list[Remove]:
        """The removal actions open to side ``s`` now, in a stable order."""
        board = self.board
        ranks = [LINE_RANK[n] for n in board.line_triads(s)]
        ranks.extend([STACK_RANK[i] for i in board.stack_triads(s)])
        ranks.sort()
        return [REMOVALS[k] for k in ranks]

    def parse_action(self, text: str) -> Place | Remove | Pass:
        return parse(text)

    # -- playing ---------------------------------------------------------------------

    def _apply(self, action) -> None:
        board = self.board
        seat = (self.options["first"] + self.moves) % self.players
        s = (self.options["first"] + self.moves) % 2
        board.made.clear()
        if type(action) is Place:
            i = action.row * SIZE + action.col
            letter = SIDES[s]
            on_own = board.stacks[i][-1:] == letter
            board.place(i, letter)
            self.placed[s] += 1
            # The placed piece is part of a triad of its side: a line through its cell
            # showing that side three times, or its stack of three (new or not).  When
            # the piece covers another side's piece (or none), such a line has just
            # become a triad, so the board lists it in ``made`` (lines in line order,
            # then the stack); on its own side's piece, the lines were triads already.
            if on_own:
                rows = board.line_triads(s)
                made = [(s, LINE_TRIADS[n]) for n in THROUGH[i] if n in rows]
                made.extend(board.made)
            else:
                made = board.made[:]
            if made:
                points = 3
                self.phase1[s] += 3
                self.events.append((self.moves, seat, s, 1, 3, action))
            else:
                points = 0
            self.last = (seat, action, points, made, ())
        elif type(action) is Remove:
            before = [board.stacks[r * SIZE + c] for r, c in action.cells]
            points = remove(board, action)  # type: ignore[arg-type]  (the same cells and kind as its triad)
            emptied = tuple(cell for cell, old in zip(action.cells, before) if old and not board.stacks[cell[0] * SIZE + cell[1]])
            if points:
                self.phase2[s] += points
                self.events.append((self.moves, seat, s, 2, points, action))
            self.last = (seat, action, points, board.made[:], emptied)
        else:
            self.last = (seat, action, 0, [], ())
        self.recent = (self.recent + (self.last,))[1 - self.players:]
        self.moves += 1
        if self.moves >= PLACEMENTS:
            if self.options["children"]:
                self.over = True
            elif not (board.has_triad(0) or board.has_triad(1)):
                self.over = True

    def undo_floor(self, seat: int) -> int:
        """Perfect information: a seat may always undo to the very start."""
        return 0

    # -- results ---------------------------------------------------------------------

    def is_terminal(self) -> bool:
        return self.over

    def side_totals(self) -> list[int]:
        return [self.phase1[0] + self.phase2[0], self.phase1[1] + self.phase2[1]]

    def scores(self) -> list[int]:
        totals = self.side_totals()
        return [totals[seat % 2] for seat in range(self.players)]

    def result(self) -> str | None:
        """``"a"`` or ``"b"`` for the winning side, ``"draw"``, or None while playing."""
        if not self.over:
            return None
        a, b = self.side_totals()
        return "a" if a > b else "b" if b > a else "draw"

    def winners(self) -> list[int]:
        result = self.result()
        if result is None:
            return []
        if result == "draw":
            return list(range(self.players))
        s = SIDES.index(result)
        return [seat for seat in range(self.players) if seat % 2 == s]

    # -- what everyone sees ----------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        board = self.board
        cells = []
        for r in range(SIZE):
            for c in range(SIZE):
                i = r * SIZE + c
                if i not in PLAYABLE_SET:
                    continue
                stack = board.stacks[i]
                cells.append({"row": r, "col": c, "label": LABEL_AT[i], "stack": stack, "top": stack[-1:], "height": len(stack)})
        totals = self.side_totals()
        scores = {
            SIDES[s]: {"phase1": self.phase1[s], "phase2": self.phase2[s], "total": totals[s]} for s in (0, 1)
        }
        removable = {}
        for s in (0, 1):
            removable[SIDES[s]] = [
                {"cells": [list(cell) for cell in a.cells], "stack": a.stack, "points": points_of(board, a.triad), "action": str(a)}
                for a in self.removals(s)
            ]
        turn = self.current_player()
        return {
            "game": self.GAME,
            "players": self.players,
            "teams": self.players == 4,
            "children": self.options["children"],
            "first": SIDES[self.options["first"]],
            "seat": seat,
            "seat_sides": [SIDES[p % 2] for p in range(self.players)],
            "board": board.to_text(),
            "cells": cells,
            "phase": self.phase,
            "over": self.over,
            "result": self.result(),
            "turn": turn,
            "side_to_move": None if self.over else SIDES[self.side_to_move()],
            "moves": self.moves,
            "scores": scores,
            "pieces_left": {SIDES[s]: PIECES - self.placed[s] for s in (0, 1)},
            "removable": removable if self.phase == 2 else {"a": [], "b": []},
            "last": self._move_observation(self.last, self.moves),
            "recent": [self._move_observation(move, self.moves - n)
                       for n, move in zip(range(len(self.recent) - 1, -1, -1), self.recent)],
            "events": [
                {"move": n, "seat": p, "side": SIDES[s], "phase": ph, "points": pts, "action": str(a)}
                for (n, p, s, ph, pts, a) in self.events
            ],
        }

    def _move_observation(self, move: tuple | None, moves: int) -> LastMove | None:
        """A move (``last`` or one of ``recent``) as the observation shows it; ``moves``: the count once it was made."""
        if move is None:
            return None
        seat, action, points, made, emptied = move
        side = seat % 2
        info: LastMove = {
            "seat": seat,
            "side": SIDES[side],
            "action": str(action),
            "points": points,
            "phase": 1 if moves <= PLACEMENTS and type(action) is Place else 2,
            "triads": [[list(cell) for cell in t.cells] for s, t in made if s == side],
            "other_triads": [[list(cell) for cell in t.cells] for s, t in made if s != side],
            "emptied": [list(cell) for cell in emptied],
        }
        if type(action) is Place:
            info.update(kind="place", cell=[action.row, action.col])
        elif type(action) is Remove:
            info.update(kind="remove", cells=[list(cell) for cell in action.cells], stack=action.stack)
        else:
            info.update(kind="pass", reason="no_removable_triad")
        return info


__all__ = ["PASS", "PLACEMENTS", "Pass", "Place", "Remove", "TriadState", "parse"]
