"""Messages of the Triad screen."""

EN = {
    # set-up options
    "triad.opt.children": "Children's game (Phase 1 only)",
    "triad.opt.first": "Who starts",
    "triad.opt.first_a": "Side A (▲) starts",
    "triad.opt.first_b": "Side B (●) starts",
    # sides and scores
    "triad.side.a": "Side A",
    "triad.side.b": "Side B",
    "triad.side_named": "{side}: {names}",
    "triad.team_names": "{first} & {second}",
    "triad.points_unit": "pts",
    "triad.part1": "Phase 1: {points}",
    "triad.part2": "Phase 2: {points}",
    "triad.pieces_left": "{count} pieces left",
    "triad.to_move": "to move",
    # phase
    "triad.phase.1": "Phase 1 — laying pieces",
    "triad.phase.2": "Phase 2 — removing triads",
    "triad.phase.over": "Game over",
    "triad.phase.children": "Children's game: Phase 1 only",
    # board
    "triad.board": "Triad board",
    "triad.cell.empty": "Row {row}, column {col}, label {label}, empty",
    "triad.cell.stack": "Row {row}, column {col}, label {label}, {height} of 3 pieces, bottom to top {pieces}, {top} on top",
    "triad.cell.centre": "Centre, not played",
    "triad.piece.a": "A",
    "triad.piece.b": "B",
    "triad.cell_name": "{row},{col}",
    # last move and events
    "triad.last.none": "No move yet.",
    "triad.last.place": "{side} placed on {cell}.",
    "triad.last.place_scored": "{side} placed on {cell} and made {count} triad(s): +{points}.",
    "triad.last.remove": "{side} removed the triad {cells}: +{points}.",
    "triad.last.remove_stack": "{side} removed the stack triad on {cell}: +{points}.",
    "triad.last.pass": "{side} passes: no triad to remove.",
    "triad.last.revealed": "Uncovered: {count} new triad(s) for {side}.",
    # phase 2 choices
    "triad.your_removals": "Remove one of your triads",
    "triad.removals_through": "Triads through {cell}",
    "triad.show_all": "Show all",
    "triad.remove_row": "Row {cells} · +{points}",
    "triad.remove_stack": "Stack on {cell} · +{points}",
    "triad.must_pass": "{side} has no triad to remove and must pass.",
    "triad.pass": "Pass",
    "triad.tap_to_place": "Tap a cell to place a piece of {side}.",
    "triad.tap_to_remove": "Tap a highlighted cell, then choose the triad to remove.",
    "triad.waiting": "Waiting for {side}.",
    # end
    "triad.end.title": "Final score",
    "triad.end.phase1": "Phase 1",
    "triad.end.phase2": "Phase 2",
    "triad.end.total": "Total",
    "triad.end.winner": "{side} wins {winner} to {loser}.",
    "triad.end.draw": "A draw, {points} all.",
}
