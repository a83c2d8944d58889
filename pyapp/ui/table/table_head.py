"""The bands above a game's own drawing: the status line, the head's controls and the message line.

Each is drawn from the turn machine's state (:mod:`pyapp.play.turns`): the
status says who is to act or what the table waits for (``data-turn``,
``data-waiting``), Undo is live only when the person's decision offers it.
"""

from __future__ import annotations

from typing import Any

from pyapp.i18n import isolate, t
from pyapp.play import Session
from pyapp.play.turns import UNDO, ComputerRuns, Over, PersonActs, RemoteActs, Turn, Waiting
from pyapp.ui.table.deal_check import deal_chip
from pyapp.ui.browser.dom import h, on
from pyapp.ui.table.table_host import TableHost


def status_bar(table: TableHost, session: Session, turn: Turn) -> Any:
    """The status line: whose turn, why the computers wait, or who won."""
    text, kind, waiting = _status(table, session, turn)
    thinking = table.thinking
    # not a live region: it is drawn anew each time; the frame's one live region speaks
    return h("div", {"class": "status", "data-testid": "status", "tabindex": "-1", "data-turn": kind,
                     "data-thinking": "true" if thinking else "false", "data-waiting": waiting},
             h("span", {"class": "spinner" if thinking and not waiting else "turn-dot", "aria-hidden": "true"}),
             h("span", {"class": "status-text"}, text))


def _status(table: TableHost, session: Session, turn: Turn) -> tuple[str, str, str | None]:
    """The status text, its ``data-turn`` and its ``data-waiting``."""
    told = table.coach.status() if table.coach is not None else None
    if told is not None:
        return told[0], told[1], None
    seats = session.seats
    if isinstance(turn, Over):
        if turn.summary is not None:  # the last round's or deal's summary comes before the result
            return t("table.result.last_summary"), "over", "summary"
        return result(session), "over", None
    if isinstance(turn, Waiting):  # the computers are paused for the person, not thinking
        return t(f"table.waiting.{turn.reason}"), "computer", turn.reason
    if isinstance(turn, ComputerRuns):
        return t("table.thinking", name=seats[turn.seat].name), "computer", None
    if isinstance(turn, PersonActs):
        return t("table.your_move", name=seats[turn.seat].name), "you", None
    assert isinstance(turn, RemoteActs), turn
    return t("table.your_turn", name=seats[turn.seat].name), "other", None


def result(session: Session) -> str:
    """The game's result in words: who won, "You win" for the one person on this device, a team, a shared win, a draw."""
    state, seats = session.state, session.seats
    winners = list(state.winners())
    people = session.people()
    me = people[0] if len(people) == 1 else None
    names = ", ".join(isolate(seats[s].name) for s in winners)
    players = len(seats)
    teams = bool(state.options.get("teams")) or (state.GAME == "triad" and players == 4)
    if not winners or len(winners) == players > 1:
        return t("table.result.draw") if state.GAME == "triad" or not winners else t("table.result.shared", names=names)
    if len(winners) == 1:
        return t("table.result.you") if winners[0] == me else t("table.result.one", name=names)
    if teams and len(winners) == 2 and winners[1] - winners[0] == 2:
        return t("table.result.your_team") if me in winners else t("table.result.team", names=names)
    return t("table.result.shared", names=names)


def message_line(table: TableHost, session: Session, turn: Turn, hint: Any) -> Any:
    """The table's one message line: a hint, a refused move or a saving problem, else empty (its room is kept).

    It also carries the deal's chip (:mod:`pyapp.ui.table.deal_check`): the fingerprint or "Known deal" in play,
    the deal's dialog at the end.  While the last round's or deal's summary is up it holds neither the
    deal's dialog nor the end's parts: like the head's actions, they come with the end.
    """
    if table.coach is not None:
        return h("div", {"class": "table-message", "data-testid": "message"}, table.coach.message())
    if isinstance(turn, Over) and turn.summary is not None:
        parts = [hint]
    elif session.state.is_terminal():
        from pyapp.ui.table.share import challenge_parts, daily_parts  # noqa: PLC0415  (read at a game's end)

        alone = table.friends is None  # a friends' game: its deal was everyone's, no challenge or day's deal
        ending = challenge_parts(session) if session.state.TYPE.has_chance and alone else ()
        parts = [deal_chip(session, table.store, ending), hint, *(daily_parts(table, session) if alone else ())]
    else:
        parts = [deal_chip(session, table.store), hint]
    line = h("div", {"class": "table-message", "data-testid": "message"}, *parts)
    if table.error:
        line.append(h("p", {"class": "error", "role": "alert", "data-testid": "move-error"}, table.error))
    problem = session.save_problem or (None if table.store is not None else "storage.unavailable")
    if problem:  # saving is off (full or no store at all): play goes on, the player is told
        line.append(h("p", {"class": "warning", "role": "status", "data-testid": "save-problem"}, t(problem)))
    return line


def actions(table: TableHost, session: Session, turn: Turn, rematch: Any) -> Any:
    """The head's actions: Undo in play; Rematch, New game and Review at the end; a coach's own in a lesson."""
    footer = h("div", {"class": "table-actions"})
    if table.coach is not None:
        footer.append(*table.coach.actions())
        return footer
    if isinstance(turn, Over) and turn.summary is not None:
        return footer  # the last summary's own button leads to the end and its actions
    if isinstance(turn, Over) and table.friends is not None:
        footer.append(*table.friends.end_actions())
        return footer
    if isinstance(turn, Over):
        again = h("button", {"class": "primary", "data-testid": "rematch"}, t("table.rematch"))
        on(again, "click", lambda event: rematch())
        other = h("button", {"data-testid": "new-game"}, t("table.new_game"))
        on(other, "click", lambda event: table.show_setup(session))
        footer.append(again, other)
        if table.store is not None and session.people() and session.record_id not in table.store.pending:
            from pyapp.ui.saves.review import review_button  # noqa: PLC0415  (the browser's; read at a game's end)

            footer.append(review_button(session.record_id))
        return footer
    if table.friends is not None:
        return footer  # a shared table takes no move back (its rules say so): no Undo to grey out
    live = isinstance(turn, PersonActs) and UNDO in turn.controls and not table.thinking
    undo = h("button", {"data-testid": "undo", **({} if live else {"disabled": ""})}, t("table.undo"))
    on(undo, "click", lambda event: table.undo())
    footer.append(undo)
    return footer
