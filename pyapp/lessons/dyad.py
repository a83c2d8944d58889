"""Dyad's guided round: three players, the 2's option, seed 0 (you are Player 1 and lead).

The round teaches, in play order: a matched lead and the follow rule, a tie
going to the earlier pair, an unmatched pair counting its lower card,
retrieval, a double with a 2, and the round's scoring with the 2's option.
"""

from __future__ import annotations

from typing import Any

from pyapp.demos.dyad import show
from pyapp.games.dyad.rules import (
    SUIT_SYMBOLS, SUITS, card_text, follow_problem, is_matched, parse_card, rank_of, round_score, score_cards, suit_of,
    value_of,
)
from pyapp.lessons import COMPUTER, LEARNER, Lesson, Step, numbered


LESSON = Lesson(
    game="dyad",
    players=3,
    seed=0,
    options={"twos": True},
    intro="lesson.dyad.intro",
    outro="lesson.dyad.outro",
    steps=numbered(
        "dyad",
        (LEARNER, "5D+3D", "dyad.matched"),
        (COMPUTER, "6D+2D", "dyad.follow"),
        (COMPUTER, "5S+4H", "dyad.lower", "dyad.tie"),
        (LEARNER, "take 2D", "dyad.retrieve"),
        (LEARNER, "7D+4C"),
        (COMPUTER, "6C+2C"),
        (COMPUTER, "7C+5H"),
        (COMPUTER, "take 7D"),
        (COMPUTER, "6S+4S"),
        (LEARNER, "7H+2S", "dyad.double"),
        (COMPUTER, "7S+3S"),
        (LEARNER, "take 7S", "dyad.retrieve"),
        (LEARNER, "7S+3C"),
        (COMPUTER, "4D+3H"),
        (COMPUTER, "5C+2H"),
        (LEARNER, "take 5C", "dyad.round", "dyad.twos"),
    ),
)


def _suit(card: int) -> str:
    return SUIT_SYMBOLS[SUITS[suit_of(card)]]


def _cards(cards) -> str:
    return show([card_text(c) for c in cards])


def _value(state, cards: tuple[int, ...]) -> int:
    lead = state.lead_pair() or cards
    return value_of(is_matched(*lead), *cards)


def note_params(state, action: str | None) -> dict[str, Any]:
    """The numbers a note may quote, computed from the position (``action``: the step's move).

    Only public facts and the learner's own cards: never another seat's hand.
    """
    seat = state.current_player()
    params: dict[str, Any] = {"player": seat + 1, "hand": _cards(state.hands[0])}
    if state.sheet:
        entry = state.sheet[-1]
        params.update(score=entry["scores"][0], scores=" · ".join(str(s) for s in entry["scores"]))
    if action is None:
        return params
    move = state.parse_action(action)
    if move.kind == "play":
        params.update(pair=_cards(move.cards), value=_value(state, move.cards))
        lead = state.lead_pair()
        if lead is not None:
            suit = lead[0] % 4
            params["suit"] = _suit(lead[0])
            if seat == LESSON.learner:  # another seat's cards stay hidden
                params["held"] = _cards([c for c in state.hands[seat] if c % 4 == suit])
            params["best"] = max(value_of(is_matched(*lead), *p) for _, p in state.trick)
    elif move.kind == "take":
        params["card"] = _cards(move.cards)
        if seat == LESSON.learner:
            params["keep"] = score_cards(state.hands[seat] + [move.cards[0]], state.options["twos"])
    return params


def candidates(state) -> list[str]:
    """Moves a learner might try now, legal or not: every pair of the hand, every card of the trick."""
    from itertools import combinations

    seat = state.current_player()
    if state.phase == "take":
        return [f"take {card_text(c)}" for _, pair in state.trick for c in pair]
    return [f"{card_text(a)}+{card_text(b)}" for a, b in combinations(state.hands[seat], 2)]


def explain(state, action, expected, step: Step) -> tuple[str, dict[str, Any], str | None]:
    """Why ``action`` is not this step's move: a message key, its parameters and the rule it names."""
    seat = state.current_player()
    hand = state.hands[seat]
    params: dict[str, Any] = {"expected": _cards(expected.cards), "yours": _cards(action.cards)}
    legal = action in state.legal_actions()
    if not legal:
        if state.phase == "play" and action.kind == "play":
            missing = [c for c in action.cards if c not in hand]
            if missing:
                return "lesson.dyad.why.not_held", {**params, "cards": _cards(missing)}, None
            problem = follow_problem(hand, state.lead_pair(), action.cards)
            suit = state.lead_pair()[0] % 4 if state.lead_pair() else 0
            held = [c for c in hand if c % 4 == suit]
            if problem:
                return f"lesson.dyad.why.{problem}", {**params, "suit": _suit(held[0]), "held": _cards(held)}, "dyad.follow"
        if state.phase == "take" and action.kind == "take":
            return "lesson.dyad.why.retrieve", {**params, "choices": _cards(state.retrievable())}, "dyad.retrieve"
        return "lesson.why.not_now", params, None
    rules = step.rules
    if action.kind == "play" and "dyad.matched" in rules and not is_matched(*action.cards):
        return "lesson.dyad.other.matched", {**params, "suit": _suit(expected.cards[0])}, "dyad.matched"
    if action.kind == "play" and "dyad.double" in rules:
        return (
            "lesson.dyad.other.double",
            {**params, "value": _value(state, action.cards), "expected_value": _value(state, expected.cards)},
            "dyad.double",
        )
    if action.kind == "take" and "dyad.round" in rules:
        twos = state.options["twos"]
        return (
            "lesson.dyad.other.round",
            {
                **params,
                "value": score_cards(hand + [action.cards[0]], twos),
                "expected_value": score_cards(hand + [expected.cards[0]], twos),
            },
            "dyad.round",
        )
    if action.kind == "take":
        return "lesson.dyad.other.retrieve", params, "dyad.retrieve"
    return "lesson.other", params, None


def teaches(before, action: str, after) -> set[str]:
    """The rules this move shows, judged from the positions before and after it."""
    move = before.parse_action(action)
    seat = before.current_player()
    shown: set[str] = set()
    if move.kind == "play":
        a, b = move.cards
        lead = before.lead_pair()
        if lead is None:
            if is_matched(a, b):
                shown.add("dyad.matched")
        elif is_matched(*lead):
            suit = lead[0] % 4
            held = sum(1 for c in before.hands[seat] if c % 4 == suit)
            played = sum(1 for c in move.cards if c % 4 == suit)
            if held and played == min(held, 2):
                shown.add("dyad.follow")
            ranks = (rank_of(a), rank_of(b))
            value = value_of(True, a, b)
            if not is_matched(a, b) and 2 not in ranks and value == min(ranks) < sum(ranks):
                shown.add("dyad.lower")
            if not is_matched(a, b) and 2 in ranks and value == 2 * max(ranks):
                shown.add("dyad.double")
        if after.phase == "take":
            lead = after.lead_pair()
            values = [value_of(is_matched(*lead), *p) for _, p in after.trick]
            winner = [s for s, _ in after.trick].index(after.turn)
            if values.count(values[winner]) > 1 and values.index(values[winner]) == winner:
                shown.add("dyad.tie")
    elif move.kind == "take":
        card = move.cards[0]
        source = next(s for s, p in before.trick if card in p)
        ended = len(after.sheet) > len(before.sheet)
        kept = after.sheet[-1]["hands"][seat] if ended else [card_text(c) for c in after.hands[seat]]
        if source != seat and card_text(card) in kept:
            shown.add("dyad.retrieve")
        if len(after.sheet) > len(before.sheet):
            entry = after.sheet[-1]
            plain = [sum(rank_of(parse_card(c)) for c in hand) for hand in entry["hands"]]
            if entry["scores"] == [round_score(hand, twos=before.options["twos"]) for hand in entry["hands"]]:
                shown.add("dyad.round")
            if before.options["twos"] and any(
                any(c.startswith("2") for c in hand) and score != p
                for hand, score, p in zip(entry["hands"], entry["scores"], plain)
            ):
                shown.add("dyad.twos")
    return shown

