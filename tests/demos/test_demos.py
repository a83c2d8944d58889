"""Every demo replays through the real engine, legally, with the facts its captions claim."""

from __future__ import annotations

import importlib
import json
import re

import pytest

from pyapp import demos, i18n
from pyapp.demos import render


def _engine_ready(game: str) -> bool:
    try:
        importlib.import_module(f"pyapp.games.{game}")
    except ImportError:
        return False
    return True


CASES = [pytest.param(d, id=d.key) for d in demos.all_demos()]


def _skip_without_engine(demo):
    if not _engine_ready(demo.game):
        pytest.skip(f"pyapp.games.{demo.game} is not on this branch yet")


def test_at_least_five_demos_per_game_with_unique_ids():
    for game in demos.GAMES:
        ids = [d.id for d in demos.demos(game)]
        assert len(ids) >= 5, game
        assert len(set(ids)) == len(ids), game
        for demo_id in ids:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", demo_id), demo_id


@pytest.mark.parametrize("demo", CASES)
def test_demo_replays_legally_with_the_engines_facts(demo):
    _skip_without_engine(demo)
    frames = demos.check(demo)
    assert len(frames) == len(demo.steps) >= 3
    assert any(step.action is not None for step in demo.steps)


@pytest.mark.parametrize("demo", CASES)
def test_captions_exist_in_every_language_and_take_engine_numbers(demo):
    _skip_without_engine(demo)
    frames = demos.check(demo)
    keys = [demo.title] + [step.caption for step in demo.steps]
    for code in i18n.LANGUAGES:
        table = i18n.catalog(code)
        for key in keys:
            assert key in table, f"{code} lacks {key}"
        for step, frame in zip(demo.steps, frames):
            text = table[step.caption]
            used = i18n.placeholders(text)
            assert used <= set(frame.params), f"{code} {step.caption}: {used - set(frame.params)} not computed"
            numeric = {name for name in used if isinstance(frame.facts.get(name), int) and not isinstance(frame.facts.get(name), bool)}
            assert numeric <= set(step.expect), (
                f"{step.caption} shows {sorted(numeric - set(step.expect))} without declaring them in expect"
            )
            # a number the engine computed is shown through its placeholder, never typed into the text
            bare = re.sub(r"\{\w+\}", "", text)
            for name, value in frame.facts.items():
                if name != "phase" and isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2:
                    assert not re.search(rf"(?<![\d-]){abs(value)}(?!\d)", bare), (
                        f"{code} {step.caption} types the number {value} ({name}) instead of a placeholder: {text!r}"
                    )


@pytest.mark.parametrize("demo", CASES)
def test_every_frame_renders_to_json_in_every_language(demo):
    _skip_without_engine(demo)
    frames = demos.replay(demo)
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for index in range(len(frames)):
                tree = render.demo_tree(demo, frames, index)
                json.dumps(tree)
                text = render.text_of(tree)
                assert i18n.t(frames[index].caption, **frames[index].params) in text
                assert "demo." not in text, f"untranslated key in {demo.key} step {index}: {text}"
    finally:
        i18n.set_language("en")


def test_an_illegal_step_is_refused():
    pytest.importorskip("pyapp.games.dyad")
    demo = demos.get("dyad", "matched-lead")
    broken = demos.Demo(
        game="dyad",
        id="broken",
        title=demo.title,
        setup=demo.setup,
        steps=(demos.Step(("play", "west", "6S+4S"), "x"), demos.Step(("play", "north", "7H+3H"), "x")),
    )
    with pytest.raises(demos.DemoError, match="may not play"):
        demos.replay(broken)


def test_a_wrong_expectation_is_caught():
    pytest.importorskip("pyapp.games.dyad")
    demo = demos.get("dyad", "double")
    step = demo.steps[2]
    wrong = demos.Step(step.action, step.caption, {"value": 11})
    broken = demos.Demo("dyad", "broken", demo.title, demo.setup, demo.steps[:2] + (wrong,))
    with pytest.raises(demos.DemoError, match="expected value = 11"):
        demos.check(broken)
