"""Computer players for Triad: ``easy``, ``normal``, ``rollout`` and ``evaluate``.

Each policy takes a world (a :class:`TriadState`, perfect information, so the
real game's copy) and a ``random.Random`` and returns one of
``world.legal_actions()``.

* ``rollout`` - fast, for search playouts: takes a triad when it can, often
  blocks one, otherwise plays at random; in Phase 2 mostly removes the triad
  worth the most points.
* ``easy`` - weaker: often takes a triad when one is there, otherwise random;
  Phase 2 greedy with mistakes.
* ``normal`` - looks one placement ahead with an evaluation that counts the 3
  points of a triad now, the opponent's threats (cells where they would make a
  triad next turn), its own threats, and the Phase 2 value of the triads on the
  board (emptied 6-cells and doubled stacks), weighted more as Phase 1 ends.
  Phase 2 is searched a few removals deep (score difference).  In teams (4
  players) three seats move before its next turn, only one of them its
  partner: it also counts the other side's *live ones* (lines where it shows
  once and could still complete), which the next opponent can turn into a
  threat for the one after, and it compares its best few placements by the
  side's estimated chance (:func:`mover_chance`) after a few sampled replies
  of the next seat.

>>> import random
>>> from pyapp.games import new_game
>>> game = new_game("triad", seed=1, players=2)
>>> for text in ["place 0,0", "place 7,7", "place 0,1", "place 7,6"]:
...     game.apply_action(text)
>>> str(normal(game, random.Random(1)))   # completes its row
'place 0,2'
"""

from __future__ import annotations

import math
import random
from operator import mul

from pyapp.games.triad.rules import LABEL_AT, LINES, PLAYABLE, SIDES, SIZE, THROUGH, points_of
from pyapp.games.triad.state import PLACE_AT, PLACEMENTS, Place, TriadState

_TWO = ("aa", "bb")


def making_cells(board, s: int) -> list[int]:
    """Cells where a piece of side ``s`` would make a triad of ``s`` now."""
    stacks = board.stacks
    found = []
    for n in board.two_lines(s):
        for i in LINES[n]:
            stack = stacks[i]
            if not stack or (stack[-1] != SIDES[s] and len(stack) < 3):
                found.append(i)
                break
    two = _TWO[s]
    if two in stacks:
        found.extend(i for i in PLAYABLE if stacks[i] == two)
    return found


def phase2_value(board, s: int) -> int:
    """Points side ``s`` would score by removing each of its triads as they stand."""
    stacks = board.stacks
    total = 0
    for n in board.line_triads(s):
        for i in LINES[n]:
            if len(stacks[i]) == 1:
                total += LABEL_AT[i]
    for i in board.stack_triads(s):
        total += 2 * LABEL_AT[i]
    return total


def random_making_cell(board, s: int, rng: random.Random) -> int:
    """A cell where side ``s`` would make a triad now (a few random tries), or -1."""
    twos = board.two_lines(s)
    stacks = board.stacks
    if twos:
        letter = SIDES[s]
        lines = tuple(twos)
        count = len(lines)
        for _ in range(4):
            for i in LINES[lines[rng.randrange(count)]]:
                stack = stacks[i]
                if len(stack) < 3 and stack[-1:] != letter:
                    return i
    two = _TWO[s]
    if two in stacks:
        return stacks.index(two)
    return -1


# -- rollout -------------------------------------------------------------------------


def rollout(world: TriadState, rng: random.Random):
    """Fast playout policy: score if possible (90%), block (50%), else random."""
    board = world.board
    s = world.side_to_move()
    if world.moves < PLACEMENTS:
        if rng.random() < 0.9:
            i = random_making_cell(board, s, rng)
            if i >= 0:
                return PLACE_AT[i]
            stacks = board.stacks
            for n in board.line_triads(s):  # a piece on its own triad scores again
                for i in LINES[n]:
                    if len(stacks[i]) < 3:
                        return PLACE_AT[i]
        if rng.random() < 0.5:
            i = random_making_cell(board, 1 - s, rng)
            if i >= 0:
                return PLACE_AT[i]
        stacks = board.stacks
        while True:
            i = PLAYABLE[rng.randrange(60)]
            if len(stacks[i]) < 3:
                return PLACE_AT[i]
    legal = world.legal_actions()
    if len(legal) == 1 or rng.random() < 0.2:
        return legal[rng.randrange(len(legal))]
    points = [points_of(board, a) for a in legal]
    best = max(points)
    top = [a for a, p in zip(legal, points) if p == best]
    return top[rng.randrange(len(top))]


# -- easy ----------------------------------------------------------------------------


def easy(world: TriadState, rng: random.Random):
    """Takes a triad most of the time, blocks sometimes, and is greedy-ish in Phase 2."""
    board = world.board
    s = world.side_to_move()
    legal = world.legal_actions()
    if world.moves < PLACEMENTS:
        mine = making_cells(board, s)
        if mine and rng.random() < 0.75:
            return PLACE_AT[rng.choice(mine)]
        theirs = making_cells(board, 1 - s)
        if theirs and rng.random() < 0.3:
            return PLACE_AT[rng.choice(theirs)]
        return rng.choice(legal)
    if len(legal) == 1 or rng.random() < 0.35:
        return rng.choice(legal)
    best = max(points_of(board, a) for a in legal)
    return rng.choice([a for a in legal if points_of(board, a) == best])


# -- normal --------------------------------------------------------------------------


def live_ones(board, s: int) -> int:
    """Lines where side ``s`` shows on exactly one cell and could still complete (no
    other cell of the line is a full stack of the other side)."""
    letter = SIDES[s]
    stacks = board.stacks
    counts = board._count[s]
    return sum(1 for n, line in enumerate(LINES) if counts[n] == 1 and _open_line(stacks, line, letter))


def _open_line(stacks: list[str], line: tuple[int, int, int], letter: str) -> bool:
    for j in line:
        stack = stacks[j]
        if len(stack) == 3 and stack[-1] != letter:
            return False
    return True


TEAM_ONES = 0.3
"""In teams: Normal's penalty per live one of the other side (see :func:`live_ones`).
Its next opponent, unanswered by Normal's partner, often completes it into a threat
that the opponent after takes; with 2 players Normal answers every threat itself."""


def placement_value(board, s: int, made_now: bool, progress: float, ones: float = 0.0) -> float:
    """Normal's value for side ``s`` of the board after its placement (``ones``: the
    weight of the other side's live ones, 0 with 2 players)."""
    o = 1 - s
    mine = making_cells(board, s)
    theirs = making_cells(board, o)
    value = 3.0 if made_now else 0.0
    if theirs:
        value -= 3.0 + 0.75 * (len(set(theirs)) - 1)
    value += 0.9 * min(len(set(mine)), 3)
    weight = 0.15 + 0.65 * progress * progress
    value += weight * (phase2_value(board, s) - phase2_value(board, o))
    if ones:
        value -= ones * live_ones(board, o)
    return value


def _local(board, i: int) -> list[tuple[list[int], int, int]]:
    """Per side: the making cells, Phase 2 points and live ones owed to the lines through
    cell ``i`` and to the stack on ``i`` (only these change when a piece goes on or off ``i``)."""
    stacks = board.stacks
    through = THROUGH[i]
    found = []
    for s in (0, 1):
        letter = SIDES[s]
        counts = board._count[s]
        cells: list[int] = []
        points = 0
        ones = 0
        for n in through:
            k = counts[n]
            if k == 1:
                ones += _open_line(stacks, LINES[n], letter)
            elif k == 2:
                for j in LINES[n]:
                    stack = stacks[j]
                    if len(stack) < 3 and stack[-1:] != letter:
                        cells.append(j)
                        break
            elif k == 3:
                for j in LINES[n]:
                    if len(stacks[j]) == 1:
                        points += LABEL_AT[j]
        stack = stacks[i]
        if stack == _TWO[s]:
            cells.append(i)
        elif len(stack) == 3 and stack == letter * 3:
            points += 2 * LABEL_AT[i]
        found.append((cells, points, ones))
    return found


def _making_counts(board, s: int) -> dict[int, int]:
    """For each making cell of side ``s``: how many lines (or stacks) make it one."""
    counts: dict[int, int] = {}
    for i in making_cells(board, s):
        counts[i] = counts.get(i, 0) + 1
    return counts


def _distinct_after(base: dict[int, int], distinct: int, before: list[int], after: list[int]) -> int:
    if not before and not after:
        return distinct
    change: dict[int, int] = {}
    for i in before:
        change[i] = change.get(i, 0) - 1
    for i in after:
        change[i] = change.get(i, 0) + 1
    for i, d in change.items():
        if d:
            old = base.get(i, 0)
            distinct += (old + d > 0) - (old > 0)
    return distinct


def placement_values(world: TriadState) -> list[tuple[float, Place]]:
    """Normal's value of every placement open to the side to move (Phase 1).

    The same as placing, scoring the whole board with :func:`placement_value`
    and taking the piece back, but only the lines through the cell are
    re-examined, which is several times faster.  In teams the other side's live
    ones count too (:data:`TEAM_ONES`).
    """
    board = world.board
    s = world.side_to_move()
    o = 1 - s
    letter = SIDES[s]
    progress = (world.moves + 1) / PLACEMENTS
    weight = 0.15 + 0.65 * progress * progress
    base = [_making_counts(board, 0), _making_counts(board, 1)]
    distinct = [len(base[0]), len(base[1])]
    p2 = [phase2_value(board, 0), phase2_value(board, 1)]
    ones_weight = TEAM_ONES if world.players == 4 else 0.0
    theirs_ones = live_ones(board, o) if ones_weight else 0
    stacks = board.stacks
    values = []
    for action in world.legal_actions():
        i = action.row * SIZE + action.col
        before = _local(board, i)
        board.place(i, letter)
        after = _local(board, i)
        made_now = stacks[i] == letter * 3 or any(board._count[s][n] == 3 for n in THROUGH[i])  # as the engine scores
        board.pop(i)
        mine = _distinct_after(base[s], distinct[s], before[s][0], after[s][0])
        theirs = _distinct_after(base[o], distinct[o], before[o][0], after[o][0])
        value = 3.0 if made_now else 0.0
        if theirs:
            value -= 3.0 + 0.75 * (theirs - 1)
        value += 0.9 * min(mine, 3)
        mine_p2 = p2[s] - before[s][1] + after[s][1]
        theirs_p2 = p2[o] - before[o][1] + after[o][1]
        value += weight * (mine_p2 - theirs_p2)
        if ones_weight:
            value -= ones_weight * (theirs_ones - before[o][2] + after[o][2])
        values.append((value, action))
    board.made.clear()
    return values


def normal(world: TriadState, rng: random.Random):
    """One placement ahead with a threat and label-aware evaluation; Phase 2 searched.
    In teams its best placements are compared after sampled replies (:func:`_team_choice`)."""
    if world.moves >= PLACEMENTS:
        return _phase2_choice(world, rng, depth=2)
    values = placement_values(world)
    if world.players == 4 and world.moves < PLACEMENTS - 1:
        return _team_choice(world, values, rng)
    best_value = max(v for v, _ in values)
    best = [a for v, a in values if v > best_value - 1e-9]
    return best[rng.randrange(len(best))]


TEAM_TOP = 6
"""In teams: how many of Normal's best placements :func:`_team_choice` compares."""
TEAM_REPLIES = 4
"""In teams: sampled replies of the next seat per compared placement."""


def _team_choice(world: TriadState, values: list[tuple[float, Place]], rng: random.Random) -> Place:
    """The placement among the :data:`TEAM_TOP` best by ``values`` that leaves the side
    the best estimated chance (:func:`side_chance`) after the next seat's reply.

    In teams the next opponent moves, then Normal's partner, then the other
    opponent: what the next opponent does with the position matters more than
    with 2 players, where Normal answers it at once.  Its reply is sampled
    :data:`TEAM_REPLIES` times from :func:`rollout` (takes a triad, often blocks
    one, otherwise anything), and the mean chance is compared; ties go to the
    higher placement value.
    """
    s = world.side_to_move()
    order = sorted(range(len(values)), key=lambda n: -values[n][0])[:TEAM_TOP]
    best, best_chance = values[order[0]][1], -1.0
    for n in order:
        action = values[n][1]
        child = world.clone()
        child.step(action)
        chance = 0.0
        for _ in range(TEAM_REPLIES):
            reply = child.clone()
            reply.step(rollout(reply, rng))
            chance += side_chance(reply, s)
        if chance > best_chance:
            best, best_chance = action, chance
    return best


def _phase2_choice(world: TriadState, rng: random.Random, depth: int):
    legal = world.legal_actions()
    if len(legal) == 1:
        return legal[0]
    s = world.side_to_move()
    budget = [80]
    scored = [(_value_after(world, action, s, depth - 1, budget), action) for action in legal]
    best = max(v for v, _ in scored)
    return rng.choice([a for v, a in scored if v >= best - 1e-9])


def _value_after(world: TriadState, action, s: int, depth: int, budget: list[int]) -> float:
    """Value for side ``s`` of playing ``action`` in ``world``."""
    budget[0] -= 1
    child = world.clone()
    child.step(action)
    if child.is_terminal():
        totals = child.side_totals()
        return totals[s] - totals[1 - s]
    value = _negamax(child, depth, budget)
    return value if child.side_to_move() == s else -value


def _negamax(world: TriadState, depth: int, budget: list[int]) -> float:
    """Score difference (plus what is on offer) from the view of the side to move."""
    s = world.side_to_move()
    if depth <= 0 or budget[0] <= 0:
        totals = world.side_totals()
        board = world.board
        return totals[s] - totals[1 - s] + 0.25 * (phase2_value(board, s) - phase2_value(board, 1 - s))
    return max(_value_after(world, action, s, depth - 1, budget) for action in world.legal_actions())


# -- evaluation ----------------------------------------------------------------------


def scoring_cells(board, s: int) -> set[int]:
    """Cells where a piece of side ``s`` would score now: its making cells, and the
    cells of its line triads that can take another piece (a piece on its own
    triad scores again)."""
    return side_summary(board, s)[0]


def side_summary(board, s: int) -> tuple[set[int], int, int]:
    """Side ``s``'s :func:`scoring_cells`, the room left in them (free places) and its
    :func:`phase2_value`, in one pass over its two-in-a-lines and triads (for :func:`evaluate`)."""
    stacks = board.stacks
    letter = SIDES[s]
    cells = set()
    for n in board.two_lines(s):
        for i in LINES[n]:
            stack = stacks[i]
            if not stack or (stack[-1] != letter and len(stack) < 3):
                cells.add(i)
                break
    two = _TWO[s]
    if two in stacks:
        cells.update(i for i in board.open_cells() if stacks[i] == two)
    points = 0
    for n in board.line_triads(s):
        for i in LINES[n]:
            height = len(stacks[i])
            if height < 3:
                cells.add(i)
                if height == 1:
                    points += LABEL_AT[i]
    for i in board.stack_triads(s):
        points += 2 * LABEL_AT[i]
    room = 3 * len(cells)
    for i in cells:
        room -= len(stacks[i])
    return cells, room, points


# Logistic weights fitted on about 36 000 positions of 510 Normal-vs-Normal games with
# random openings and random moves mixed in (the method of bench/triad_strength.py
# --fit, whose 500 games are 500 of these), predicting whether the side to move wins;
# the features are those of _features_1 / _features_2.  On held-out positions the
# log loss is 0.582 in Phase 1 and 0.439 in Phase 2, against 0.596 and 0.490 for
# the earlier hand-made evaluation (Normal's judgement squashed by a logistic curve).
# The same weights predict 4-player team games as well as a refit on them (held-out
# Phase 1 log loss 0.586 against 0.586: --fit 300 --fit-players 4, docs/triad-strength.md).
_WEIGHTS_1 = (0.077, 0.541, 0.691, -0.092, 0.216, -0.294, 0.357, 0.139, 0.837, 0.083, 0.212)
_WEIGHTS_2 = (0.34, 1.319, 0.437, 1.255, -0.973, 0.818, -1.078, 0.247)


def _features_1(world: TriadState) -> list[float]:
    """Phase 1 features from the view of the side to move ``m`` (other side ``o``)."""
    board = world.board
    m = world.side_to_move()
    o = 1 - m
    totals = world.side_totals()
    diff = (totals[m] - totals[o]) / 10.0
    progress = world.moves / PLACEMENTS
    left = 1.0 - progress
    mine, mine_room, mine_p2 = side_summary(board, m)
    theirs, theirs_room, theirs_p2 = side_summary(board, o)
    room = mine_room - theirs_room
    p2 = (mine_p2 - theirs_p2) / 10.0
    twos = len(board.two_lines(m)) - len(board.two_lines(o))
    return [
        1.0,
        diff,
        diff * progress,
        1.0 if mine else 0.0,
        min(len(mine), 4) / 4,
        min(len(theirs), 4) / 4,
        1.0 if len(theirs) >= 2 else 0.0,
        room / 10 * left,
        twos / 5 * left,
        p2,
        p2 * progress * progress,
    ]


def _features_2(world: TriadState) -> list[float]:
    """Phase 2 features from the view of the side to move ``m`` (other side ``o``)."""
    board = world.board
    m = world.side_to_move()
    o = 1 - m
    totals = world.side_totals()
    mine = world.removals(m)
    theirs = world.removals(o)
    best = max((points_of(board, a) for a in mine), default=0)
    return [
        1.0,
        (totals[m] - totals[o]) / 10.0,
        (phase2_value(board, m) - phase2_value(board, o)) / 10.0,
        best / 10,
        1.0 if mine else 0.0,
        1.0 if theirs else 0.0,
        min(len(mine), 4) / 4,
        min(len(theirs), 4) / 4,
    ]


def side_chance(world: TriadState, s: int) -> float:
    """Estimated chance in [0, 1] that side ``s`` wins (a draw counts half); exact once
    the game is over."""
    if world.is_terminal():
        totals = world.side_totals()
        diff = totals[s] - totals[1 - s]
        return 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
    chance = mover_chance(world)
    return chance if s == world.side_to_move() else 1.0 - chance


def mover_chance(world: TriadState) -> float:
    """Estimated chance in [0, 1] that the side to move wins (a draw counts half)."""
    if world.moves < PLACEMENTS:
        z = sum(map(mul, _WEIGHTS_1, _features_1(world)))
    else:
        z = sum(map(mul, _WEIGHTS_2, _features_2(world)))
    z = -30.0 if z < -30.0 else 30.0 if z > 30.0 else z
    return 1.0 / (1.0 + math.exp(-z))


def evaluate(world: TriadState, seat: int) -> float:
    """Value of the position for ``seat`` on the scale of ``returns()`` (for search cut-offs).

    The side's estimated chance of winning (:func:`mover_chance`, a logistic
    model of the score difference, the cells where each side scores next, its
    two-in-a-lines, the Phase 2 value of the triads on the board...), times
    the share of a win a seat gets: 1 with 2 players, 1/2 in teams (so that a
    cut-off position and a finished game are valued alike).
    """
    return evaluate_seats(world)[seat]


def evaluate_seats(world: TriadState) -> list[float]:
    """:func:`evaluate` for every seat at once (the search asks for all of them):
    the model is computed once per position."""
    share = 2.0 / world.players
    if world.is_terminal():
        chances = [side_chance(world, 0), side_chance(world, 1)]
    else:
        chance = mover_chance(world)
        chances = [chance, 1.0 - chance] if world.side_to_move() == 0 else [1.0 - chance, chance]
    return [share * chances[seat % 2] for seat in range(world.players)]


# -- candidates for the search ----------------------------------------------------------


def placement_scores(world: TriadState, legal: list) -> list[float]:
    """A quick score of each placement in ``legal`` for the side to move (Phase 1).

    Only the lines through the cell are looked at: whether the piece scores now
    (completes a line or a stack of its side, or adds to a triad of its side),
    breaks a triad or a two-in-a-line of the other side by covering it, fills
    the cell the other side needs to complete a line, or makes a new
    two-in-a-line of its own that can still be completed.  Each line that
    matters is visited once and credits its cells (cheaper than visiting the
    lines through every open cell).
    """
    board = world.board
    s = world.side_to_move()
    letter = SIDES[s]
    other = SIDES[1 - s]
    stacks = board.stacks
    bonus = [0.0] * (SIZE * SIZE)
    made = set()  # cells where this side's piece scores now
    for n in board.line_triads(s):  # a piece on its own triad scores again
        made.update(LINES[n])
    for n in board.two_lines(s):  # completes the line
        for j in LINES[n]:
            if stacks[j][-1:] != letter:
                made.add(j)
    for n, k in enumerate(board._count[s]):
        if k == 1:  # a second piece in the line makes a two that can be completed if the third cell has room
            x, y = [j for j in LINES[n] if stacks[j][-1:] != letter]
            if len(stacks[y]) < 3:
                bonus[x] += 1.0
            if len(stacks[x]) < 3:
                bonus[y] += 1.0
    for n in board.line_triads(1 - s):  # covering breaks the other side's triad
        for j in LINES[n]:
            bonus[j] += 3.0
    for n in board.two_lines(1 - s):  # covering breaks its two, or filling blocks its cell
        for j in LINES[n]:
            stack = stacks[j]
            top = stack[-1:]
            if top == other or (top == letter and len(stack) == 2):
                bonus[j] += 2.5
    two = _TWO[s]
    scores = []
    for action in legal:
        i = action.row * SIZE + action.col
        score = bonus[i]
        if i in made or stacks[i] == two:
            score += 10.0
        scores.append(score + 0.1 * LABEL_AT[i])
    return scores


def candidates(world: TriadState, k: int, legal: list) -> list:
    """The ``k`` most promising of ``legal`` for the search's ``prune`` (all of them in Phase 2).

    Phase 1: the best ``k`` by :func:`placement_scores` (ties in board order).
    """
    if world.moves >= PLACEMENTS or len(legal) <= k:
        return legal
    scores = placement_scores(world, legal)
    order = sorted(range(len(legal)), key=scores.__getitem__, reverse=True)  # stable: ties keep board order
    return [legal[n] for n in order[:k]]


__all__ = [
    "candidates", "easy", "evaluate", "evaluate_seats", "live_ones", "making_cells", "mover_chance", "normal", "phase2_value", "placement_value", "rollout",
    "scoring_cells", "side_chance",
]
