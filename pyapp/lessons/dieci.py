"""Dieci's guided end game: two players, seed 33, the last four tricks before the characters run out.

The start is 68 actions of a game where both seats played at the Easy level
(:data:`PREFIX`), leaving five characters in the deck and three cards in each
hand.  You are seat 0.  The four tricks teach following suit, the deck top
when no face-up character matches the trick, the round of offers, the
highest rank of any suit winning without trump, the forced claim, a re-deal
with a new trump winning a trick, and the end: the goal card and suit scoring.
"""

from __future__ import annotations

from typing import Any

from pyapp.demos.dieci import SYMBOLS, show_card, show_char
from pyapp.games.dieci.rules import GOALS, beats, goal_matches, goal_points, suit_points
from pyapp.games.dieci.state import Claim, Pass, Play, TakeTop
from pyapp.i18n import t
from pyapp.lessons import COMPUTER, LEARNER, Lesson, Step, numbered

PREFIX: tuple[str, ...] = tuple(
    text.replace("_", " ")
    for text in (
        "play_TB play_AB claim_B4 claim_P4 play_TY play_JB claim_Y4 claim_P6 play_QG play_TG claim_G6 claim_Y3 "
        "play_QP play_KP claim_P10 pass play_TP play_AP top claim_G10 play_AR play_QR claim_R10 pass "
        "play_TR play_KY claim_Y8 pass play_AG play_JG claim_G8 claim_B2 play_KG play_AY top pass "
        "play_JY play_KB claim_B6 pass play_TR play_JY top pass play_AY play_TY top pass "
        "play_AG play_QG top pass play_KY play_QP claim_P8 pass play_AP play_JB claim_P2 pass "
        "play_KP play_TG top pass play_AR play_TB claim_B8 pass"
    ).split()
)


LESSON = Lesson(
    game="dieci",
    players=2,
    seed=33,
    prefix=PREFIX,
    intro="lesson.dieci.intro",
    outro="lesson.dieci.outro",
    steps=numbered(
        "dieci",
        (COMPUTER, "play QB"),
        (LEARNER, "play KB", "dieci.follow"),
        (LEARNER, "top", "dieci.top"),
        (COMPUTER, "claim Y2", "dieci.offers"),
        (LEARNER, "play KG"),
        (COMPUTER, "play AB", "dieci.highest"),
        (COMPUTER, "claim B10", "dieci.forced_claim"),
        (LEARNER, "pass", "dieci.offers"),
        (COMPUTER, "play QR"),
        (LEARNER, "play QY"),
        (COMPUTER, "claim Y10", "dieci.forced_claim"),
        (LEARNER, "pass", "dieci.offers"),
        (LEARNER, "play JP"),
        (COMPUTER, "play JY", "dieci.trump"),
        (COMPUTER, "claim Y6", "dieci.forced_claim"),
        (LEARNER, "pass", "dieci.goal", "dieci.suits"),
    ),
)


def _suit(suit: str) -> str:
    return SYMBOLS[suit]


def _chars(chars) -> str:
    return " ".join(show_char(c) for c in chars) or "—"


def _after(state, action):
    after = state.clone()
    after.step(action)
    return after


def note_params(state, action: str | None) -> dict[str, Any]:
    """What a note may quote: trump, the trick, the face-up row, the deck, the learner's score parts.

    Only public facts and the learner's own (goal card, hand): never another seat's secrets.
    """
    seat = state.current_player()
    parts = state.score_parts(0)
    goal_chars = GOALS[state.goals[0]][1]
    params: dict[str, Any] = {
        "player": seat + 1,
        "trump": _suit(state.trump),
        "deck": len(state.char_deck),
        "face_up": _chars(state.face_up),
        "goal_name": t(f"dieci.goal.name.{state.goals[0]}"),  # the reader's language, as the table shows it
        "goal_chars": _chars(goal_chars),
        "total": parts["total"],
        "cards": parts["cards"],
        "goal": parts["goal"],
        "matches": parts["matches"],
        "characters": parts["characters"],
    }
    if state.trick:
        params["led"] = _suit(state.trick[0][1])
    if action is None:
        return params
    move = state.parse_action(action)
    if type(move) is Play:
        params["card"] = show_card(move.card)
        after = _after(state, move)
        if after.phase == "claim":
            params["winner"] = after.current_player() + 1
    elif type(move) is Claim:
        params["char"] = show_char(move.char)
    return params


def candidates(state) -> list[str]:
    """Moves a learner might try now, legal or not: every card in hand, every face-up character, top, pass."""
    seat = state.current_player()
    return [f"play {c}" for c in state.hands[seat]] + [f"claim {c}" for c in state.face_up] + ["top", "pass"]


def _total(state, action) -> dict[str, int]:
    return _after(state, action).score_parts(0)


def explain(state, action, expected, step: Step) -> tuple[str, dict[str, Any], str | None]:
    """Why ``action`` is not this step's move: a message key, its parameters and the rule it names."""
    seat = state.current_player()
    params: dict[str, Any] = {"expected": _describe(expected), "yours": _describe(action)}
    legal = action in state.legal_actions()
    phase = state.phase
    if not legal:
        if phase == "play" and type(action) is Play:
            if action.card not in state.hands[seat]:
                return "lesson.dieci.why.not_held", params, None
            led = state.trick[0][1]
            held = " ".join(show_card(c) for c in state.hands[seat] if c[1] == led)
            return "lesson.dieci.why.follow", {**params, "led": _suit(led), "held": held}, "dieci.follow"
        if phase == "claim":
            played = " ".join(sorted({_suit(c[1]) for c in state.trick}))
            if state.eligible():
                return "lesson.dieci.why.claim", {**params, "played": played}, "dieci.forced_claim"
            return "lesson.dieci.why.top", {**params, "played": played, "face_up": _chars(state.face_up)}, "dieci.top"
        if phase == "offer":
            return "lesson.dieci.why.offer", params, "dieci.offers"
        return "lesson.why.not_now", params, None
    if phase == "offer" and "dieci.suits" in step.rules:
        mine, theirs = _total(state, action), _total(state, expected)
        return (
            "lesson.dieci.other.suits",
            {**params, "value": mine["characters"], "expected_value": theirs["characters"], "total": mine["total"],
             "expected_total": theirs["total"]},
            "dieci.suits",
        )
    if phase == "offer":
        mine, theirs = _total(state, action), _total(state, expected)
        return "lesson.dieci.other.offer", {**params, "value": mine["total"], "expected_value": theirs["total"]}, "dieci.offers"
    return "lesson.other", params, None


def _describe(action) -> str:
    if type(action) is Play:
        return show_card(action.card)
    if type(action) is Claim:
        return show_char(action.char)
    return str(action)


def teaches(before, action: str, after) -> set[str]:
    """The rules this move shows, judged from the positions before and after it."""
    move = before.parse_action(action)
    seat = before.current_player()
    shown: set[str] = set()
    if type(move) is Play:
        hand = before.hands[seat]
        if before.trick:
            led = before.trick[0][1]
            if move.card[1] == led and any(c[1] != led for c in hand):
                shown.add("dieci.follow")
        if after.phase == "claim":
            cards = before.trick + [move.card]
            trump = before.trump
            best = 0
            for i in range(1, len(cards)):
                if beats(cards[i], cards[best], trump):
                    best = i
            win = cards[best]
            if win[1] == trump and cards[0][1] != trump:
                shown.add("dieci.trump")
            if all(c[1] != trump for c in cards) and win[1] != cards[0][1]:
                shown.add("dieci.highest")
    elif type(move) is Claim and before.phase == "claim" and move.char in before.eligible():
        shown.add("dieci.forced_claim")
    elif type(move) is TakeTop and not before.eligible() and len(after.claimed[seat]) == len(before.claimed[seat]) + 1:
        shown.add("dieci.top")
    if before.phase == "offer" and type(move) in (Claim, Pass):
        shown.add("dieci.offers")
    if after.is_terminal():
        chars = after.claimed[0]
        parts = after.score_parts(0)
        if parts["goal"] == goal_points(after.goals[0], chars) > 0 and goal_matches(after.goals[0], chars):
            shown.add("dieci.goal")
        if parts["characters"] == suit_points(chars) and any(sum(c[0] == s for c in chars) > 1 for s in SYMBOLS):
            shown.add("dieci.suits")
    return shown

