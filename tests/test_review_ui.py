"""The review screen's words and chart on a fake DOM: sentences from the stored review and the engine's facts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyapp.ai.hint import reasons
from pyapp.ai.review import gist
from pyapp.i18n import t
from pyapp.storage import decode_record
from tests import fake_dom

FIXTURE = Path(__file__).parent / "fixtures" / "record-v2-dyad-2p-finished-review.json"


@pytest.fixture(scope="module")
def review_ui():
    """``pyapp.ui.saves.review`` loaded on the fake DOM."""
    with fake_dom.ui_loaded("pyapp.ui.saves.review") as module:
        yield module


def _view(review_ui, record, state, root=None):
    root = fake_dom.h("main") if root is None else root
    return review_ui.ReviewView(root, None, record, state, None, jump=lambda at: None, back=lambda: None)


def test_the_chart_has_a_bar_per_decision_in_the_order_of_the_game(review_ui):
    decisions = [{"index": 9, "points_loss": 4.0}, {"index": 2, "points_loss": -3.0}, {"index": 5, "points_loss": 8.0}]
    drawn = review_ui.bars(decisions)
    assert [d["index"] for *_, d in drawn] == [2, 5, 9]
    heights = [height for _, _, height, _ in drawn]
    assert heights[0] == 0 and heights[1] == review_ui.CHART_H - review_ui.CHART_TOP and heights[2] == heights[1] / 2
    assert [x for x, *_ in drawn] == [0, review_ui.CHART_W / 3, 2 * review_ui.CHART_W / 3]
    assert review_ui.bars([]) == []


def test_about_equal_is_never_a_mistake(review_ui):
    kind = review_ui.kind_of
    assert kind({"played": "a", "best": "b", "about_equal": False}) == "mistake"
    assert kind({"played": "a", "best": "b", "about_equal": True}) == "equal"
    assert kind({"played": "a", "best": "a", "about_equal": True}) == "same"


def test_each_listed_decision_says_the_moves_the_loss_and_the_engines_facts_that_tell_them_apart(review_ui):
    record, state = decode_record(FIXTURE.read_text(encoding="utf-8"))
    decisions = record["review"]["decisions"]
    items = _view(review_ui, record, state)._items("Ada", decisions[:5])
    assert len(items) == 5
    replayed = state.replay([])
    before = {}
    for index, action in enumerate(state.history):
        before[index] = replayed.clone()
        replayed.step(action)
    for item, decision in zip(items, decisions):
        text = item.textContent
        kind = review_ui.kind_of(decision)
        assert item.getAttribute("data-index") == str(decision["index"]) and item.getAttribute("data-kind") == kind
        assert t("review.heading", n=decision["index"] + 1, kind=t(f"review.{kind}")) in text
        if kind == "mistake":
            assert t("review.played_mistake", name="Ada", played=decision["played"], best=decision["best"],
                     points=review_ui.points_text(decision["points_loss"]),
                     se=review_ui.points_text(decision["points_se"])) in text
        position = before[decision["index"]]
        best = reasons(position, position.parse_action(decision["best"]))
        played = reasons(position, position.parse_action(decision["played"]))
        told = {gist(fact) for fact in played}
        for fact, params in best:
            assert (t(fact, **params) in text) == (gist([fact, params]) not in told or kind == "same")
        jump = item.find(**{"data-testid": "review-jump"})
        assert jump.getAttribute("data-position") == str(decision["index"])


def test_the_stored_review_opens_without_judging(review_ui):
    record, state = decode_record(FIXTURE.read_text(encoding="utf-8"))
    view = _view(review_ui, record, state)
    assert (view.phase, view.source, view.seat) == ("done", "stored", 0)
    assert view.task is None and json.dumps(view.result) == json.dumps(record["review"])


def test_with_two_people_the_review_asks_whose_decisions(review_ui):
    record, state = decode_record(FIXTURE.read_text(encoding="utf-8"))
    record = {key: value for key, value in record.items() if key != "review"}
    record["seats"] = [{"name": "Ada", "kind": "person"}, {"name": "Bea", "kind": "person"}]
    root = fake_dom.h("main")
    view = _view(review_ui, record, state, root).open()
    assert view.phase == "choose" and view.task is None
    section = root.find(**{"data-testid": "review"})
    assert section.getAttribute("data-phase") == "choose"
    assert [b.textContent for b in section.walk() if str(b.getAttribute("data-testid") or "").startswith("review-seat-")] \
        == ["Ada", "Bea"]


def test_an_unfinished_game_is_not_reviewed(review_ui):
    record, state = decode_record(FIXTURE.read_text(encoding="utf-8"))
    unfinished = state.replay(state.history[:10])
    root = fake_dom.h("main")
    view = _view(review_ui, record, unfinished, root).open()
    assert view.phase == "unfinished" and view.task is None
    assert root.find(**{"data-testid": "review-unfinished"}).textContent == t("review.unfinished")
