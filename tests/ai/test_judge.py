"""The judge, hints and reviews: paired, from one seat's observation only, sliced, JSON-able."""

from __future__ import annotations

import copy
import json
import os
import random
from time import process_time

import pytest

from pyapp.ai import choose_action
from pyapp.engine import Chance, GameType, Information, State
from pyapp.engine.fields import SHARED
from pyapp.ai.hint import hint
from pyapp.ai.judge import judge
from pyapp.ai.review import decisions, review
from pyapp.engine.steps import finish
from pyapp.games import load, new_game, register
from pyapp.games.triad.rules import Place
from pyapp.i18n import catalog, t

FIXTURE = os.path.join(os.path.dirname(__file__), "..", "fixtures", "blunders.json")
with open(FIXTURE, encoding="utf-8") as _file:
    BLUNDERS = json.load(_file)["cases"]

HIDDEN = [("dyad", 3, {}), ("dyad", 4, {"teams": True}), ("dieci", 3, {}), ("dieci", 5, {})]


def _normal_position(game: str, players: int, options: dict, moves: int, seed: int = 3):
    state = new_game(game, seed=seed, players=players, **options)
    rng = random.Random(seed)
    for _ in range(moves):
        state.step(choose_action(state, level="normal", seed=rng.getrandbits(32)))
    return state


HIDDEN_PARTS = ("hands", "goals", "char_deck", "rest")
"""What a seat cannot see: the others' hands (Dieci also their goals, the decks)."""


def _other_world(state, seat: int):
    """The real position with every hidden part redrawn (from a world sampled for ``seat``)."""
    for k in range(50):
        world = state.sample_world(seat, random.Random(1000 + k))
        other = state.clone()
        for part in HIDDEN_PARTS:
            if hasattr(state, part):
                setattr(other, part, copy.deepcopy(getattr(world, part)))
        if other.observation(seat) == state.observation(seat) and other.hands != state.hands:
            return other
    return None  # nothing is hidden from the seat any more (late in a round)


@pytest.mark.parametrize("game, players, options", HIDDEN)
@pytest.mark.parametrize("moves", [4, 11])
def test_judge_and_hint_read_only_the_observation(game, players, options, moves):
    state = _normal_position(game, players, options, moves)
    seat = state.current_player()
    other = _other_world(state, seat)
    assert other is not None
    assert finish(judge(state, seed=5, worlds=6)) == finish(judge(other, seed=5, worlds=6))
    assert finish(hint(state, seed=5, worlds=6)) == finish(hint(other, seed=5, worlds=6))


@pytest.mark.parametrize("case", [c for c in BLUNDERS if c["game"] != "triad"], ids=lambda c: f"{c['game']}{c['players']}")
def test_review_reads_only_what_the_seat_knew_at_each_decision(case):
    """Each decision's verdict is what the judge says from a world with the others' cards redrawn."""
    save, seat = case["save"], case["seat"]
    result = finish(review(load(save), seat=seat, seed=3, worlds=4))
    actions = save["actions"]
    checked = 0
    for decision in sorted(result["decisions"], key=lambda d: d["index"])[:12]:
        state = load({**save, "actions": actions[:decision["index"]]})
        other = _other_world(state, seat)
        if other is None:
            continue
        checked += 1
        judged = finish(judge(other, seed=f"3:{decision['index']}", include=(state.parse_action(decision["played"]),),
                              worlds=4))
        verdict = judged.verdict(decision["played"])
        assert (judged.best, verdict.points_loss, verdict.about_equal) == (
            decision["best"], decision["points_loss"], decision["about_equal"])
    assert checked >= 4


@pytest.mark.parametrize("case", BLUNDERS, ids=lambda c: f"{c['game']}{c['players']}")
def test_the_judge_finds_the_better_move_where_normal_blunders(case):
    save = case["save"]
    state = load({**save, "actions": save["actions"][:case["index"]]})
    played = state.parse_action(case["played"])
    judgment = finish(judge(state, seed=11, include=(played,), worlds=16))
    assert judgment.best != case["played"]
    assert not judgment.verdict(played).about_equal


@pytest.mark.parametrize("case", BLUNDERS, ids=lambda c: f"{c['game']}{c['players']}")
def test_review_ranks_normals_blunder_first(case):
    result = finish(review(load(case["save"]), seat=case["seat"], seed=2, worlds=12))  # as recorded
    first = result["decisions"][0]
    assert (first["index"], first["played"], first["about_equal"]) == (case["index"], case["played"], False)
    assert result["done"] == result["total"] == len(decisions(load(case["save"]), case["seat"]))


def test_a_review_round_trips_through_json_identically():
    result = finish(review(load(BLUNDERS[0]["save"]), seat=0, seed=2, worlds=3))
    text = json.dumps(result, allow_nan=False)
    assert json.loads(text) == result
    assert result["version"] == 1 and result["decisions"]


class LotteryState(State):
    """Seat 0 keeps 0 or 1 point, then a draw adds 0-200 points: the draw dwarfs the choice."""

    GAME = "lottery"
    PLAYERS = (2,)
    TYPE = GameType(Information.PERFECT, Chance.SAMPLED)
    FIELDS = State.FIELDS | {"points": list.copy, "moves": SHARED}

    def setup(self) -> None:
        self.points = [0, 0]
        self.moves = 0

    def current_player(self) -> int:
        return -1 if self.moves == 2 else self.moves

    def legal_actions(self) -> list[str]:
        return ["keep0", "keep1"] if self.moves == 0 else ["draw"] if self.moves == 1 else []

    def parse_action(self, text: str) -> str:
        return text

    def _apply(self, action: str) -> None:
        self.points[0] += 1 if action == "keep1" else self.rng.randint(0, 200) if action == "draw" else 0
        self.moves += 1

    def is_terminal(self) -> bool:
        return self.moves == 2

    def scores(self) -> list[int]:
        return list(self.points)

    def winners(self) -> list[int]:
        return [0] if self.is_terminal() else []

    def observation(self, seat: int) -> dict:
        return {"points": list(self.points), "moves": self.moves}


register(LotteryState)


def test_moves_are_compared_on_the_same_draws():
    """Paired, the 1 point is exact however wild the draw; unpaired it would be lost in noise."""
    judgment = finish(judge(new_game("lottery", seed=1, players=2), seed=3, worlds=12))
    worse = judgment.verdict("keep0")
    assert judgment.best == "keep1"
    assert (worse.points_loss, worse.points_se, worse.about_equal) == (1.0, 0.0, False)


def test_mirror_image_moves_are_about_equal():
    """On Triad's empty board a corner and the opposite corner are worth the same."""
    state = new_game("triad", seed=1, players=2)
    a, b = Place(0, 0), Place(7, 7)
    assert {a, b} <= set(state.legal_actions())
    judgment = finish(judge(state, seed=4, candidates=[a, b], worlds=24))
    assert all(v.about_equal for v in judgment.verdicts)
    assert judgment.verdicts[1].points_se > 0 and judgment.verdicts[1].win_se > 0  # noisy, yet within 2 SE


def test_a_clear_difference_is_not_about_equal_and_the_measures_are_paired():
    state = _normal_position("dyad", 2, {"twos": True}, 9)
    judgment = finish(judge(state, seed=2, worlds=24))
    worst = judgment.verdicts[-1]
    assert not worst.about_equal and worst.points_loss > 2 * worst.points_se > 0
    assert judgment.verdicts[0].points_loss == 0 and judgment.worlds == 24
    assert all(v.worlds == 24 for v in judgment.verdicts)


def test_the_judge_is_sliced_within_its_budget_and_stops_when_closed():
    state = _normal_position("triad", 2, {}, 10)
    work = judge(state, seed=1, worlds=10_000, budget_ms=150, slice_ms=10)
    # CPU time: a loaded machine that deschedules the test makes wall-clock slices shorter, not longer.
    longest, mark, started = 0.0, process_time(), process_time()
    try:
        while True:
            next(work)
            longest = max(longest, process_time() - mark)
            mark = process_time()
    except StopIteration as stop:
        judgment = stop.value
    assert 2 <= judgment.worlds < 10_000
    assert longest < 0.1 and process_time() - started < 2
    work = judge(state, seed=1, worlds=10_000)
    next(work)
    work.close()
    with pytest.raises(StopIteration):
        next(work)


def test_the_judge_refuses_nonsense():
    state = new_game("triad", seed=1, players=2)
    with pytest.raises(ValueError):
        finish(judge(state, seed=1, worlds=1))
    with pytest.raises(ValueError):
        finish(judge(state, seed=1, candidates=["place 0,0"]))
    for seat in (5, -1, "0", True):
        with pytest.raises(ValueError):
            finish(review(state, seat=seat, seed=1))


@pytest.mark.parametrize("damage", [
    lambda save: [save],
    lambda save: {**save, "actions": save["actions"] + ["place 9,9"]},
    lambda save: {**save, "actions": "place 0,0"},
    lambda save: {**save, "players": 3},
    lambda save: {**save, "format": 99},
])
def test_a_damaged_save_is_refused_with_a_reason(damage):
    """A review starts from a stored save: anything wrong is a ValueError (the load's) before any work."""
    save = BLUNDERS[-1]["save"]
    with pytest.raises(ValueError):
        next(review(load(damage(save)), seat=0, seed=1, worlds=2))


# -- reasons, checked against the engine's facts -------------------------------------------


def _sentences(found: dict) -> list[str]:
    return [t(key, **params) for key, params in found["reasons"]]


def test_every_reason_key_has_english_and_korean():
    keys = {k for k in catalog("en") if k.startswith("hint.")}
    assert keys and keys == {k for k in catalog("ko") if k.startswith("hint.")}


@pytest.mark.parametrize("moves", range(0, 30, 3))
def test_triad_reasons_state_the_points_made_and_the_reply_allowed(moves):
    from pyapp.games.triad.hints import reasons
    state = _normal_position("triad", 2, {}, moves, seed=moves)
    side = state.current_player() % 2
    for action in state.legal_actions()[:12]:
        after = state.clone()
        after.step(action)
        made = after.side_totals()[side] - state.side_totals()[side]
        found = dict(reasons(state, action))
        key = "hint.triad.makes" if made else "hint.triad.place"
        assert found[key]["points"] == made
        best_reply = 0
        for reply in after.legal_actions():
            later = after.clone()
            later.step(reply)
            best_reply = max(best_reply, later.side_totals()[1 - side] - after.side_totals()[1 - side])
        assert found.get("hint.triad.allows", {"points": 0})["points"] == best_reply


@pytest.mark.parametrize("moves", range(1, 40, 2))
def test_dieci_reasons_agree_with_the_trick_and_the_score(moves):
    from pyapp.games.dieci.hints import reasons
    from pyapp.games.dieci.state import Claim, Play
    state = _normal_position("dieci", 3, {}, moves, seed=moves)
    seat = state.current_player()
    for action in state.legal_actions():
        found = dict(reasons(state, action))
        after = state.clone()
        after.step(action)
        if type(action) is Play and len(state.trick) == state.players - 1:
            assert ("hint.dieci.wins_trick" in found) == (after.winner == seat)
        if type(action) is Claim:
            before = state.score_parts(seat)
            now = after.score_parts(seat)
            assert found["hint.dieci.claim_points"]["points"] == now["goal"] + now["characters"] - before["goal"] - before["characters"]
            assert ("hint.dieci.on_goal" in found) == (now["matches"] > before["matches"])


@pytest.mark.parametrize("players, options", [(2, {"twos": True}), (3, {}), (4, {})])
@pytest.mark.parametrize("moves", range(1, 20, 3))
def test_dyad_reasons_agree_with_the_trick_and_the_hand(players, options, moves):
    from pyapp.games.dyad import rules
    from pyapp.games.dyad.hints import reasons
    state = _normal_position("dyad", players, options, moves, seed=moves)
    seat = state.current_player()
    for action in state.legal_actions()[:15]:
        found = dict(reasons(state, action))
        if action.kind != "play":
            continue
        kept = [c for c in state.hands[seat] if c not in action.cards]
        before = rules.score_cards(state.hands[seat], options.get("twos", False))
        spent = found["hint.dyad.spends"]["points"]
        if not options.get("twos"):
            assert before - rules.score_cards(kept) == spent
        if len(state.trick) == players - 1:
            after = state.clone()
            after.step(action)
            assert ("hint.dyad.wins_trick" in found) == (after.current_player() == seat)
        assert ("hint.dyad.keeps_two" in found) == any(c < 4 for c in kept)
        if not state.trick:
            after = state.clone()
            after.step(action)
            size = len(after.hands[after.current_player()])
            free = len(after.legal_actions()) == size * (size - 1) // 2  # the next seat may play any two
            assert ("hint.dyad.matched_lead" in found) == rules.is_matched(*action.cards)
            assert ("hint.dyad.open_lead" in found) <= free


def test_a_hint_compares_the_selected_move_or_else_normals():
    state = _normal_position("dieci", 3, {}, 6)
    legal = state.legal_actions()
    selected = legal[-1]
    found = finish(hint(state, seed=1, selected=selected, worlds=6))
    assert (found["compared"], found["compared_with"]) == (str(selected), "selected")
    found = finish(hint(state, seed=1, worlds=6))
    assert found["compared_with"] == "normal" and found["best"] in {str(a) for a in legal}
    assert _sentences(found) and json.loads(json.dumps(found)) == found
