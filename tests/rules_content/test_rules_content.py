"""The rules pages' content: complete in every language, with every demo and example in place."""

from __future__ import annotations

import importlib
import json

import pytest

from pyapp import demos, i18n, rulebook
from pyapp.demos import render
from pyapp.rulebook import examples


def _shape(doc: rulebook.Rules):
    return [
        (s.id, [(b.kind, b.ref, b.decision, len(b.items), tuple(i.decision for i in b.items), len(b.rows), len(b.head)) for b in s.blocks])
        for s in doc.sections
    ]


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_every_language_has_the_same_rules(game):
    english = rulebook.rules(game, "en")
    for code in i18n.LANGUAGES:
        doc = rulebook.rules(game, code)
        assert doc.language == code, f"{game} has no {code} rules"
        assert _shape(doc) == _shape(english), f"{game} {code} differs in structure from English"
        for s in doc.sections:
            assert s.title.strip()
            for b in s.blocks:
                texts = [b.text, *(i.text for i in b.items), *b.head, *(c for r in b.rows for c in r)]
                assert all(isinstance(x, str) for x in texts)
                if b.kind in ("p",):
                    assert b.text.strip()


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_every_demo_is_on_its_rules_page_once(game):
    doc = rulebook.rules(game, "en")
    shown = [b.ref for s in doc.sections for b in s.blocks if b.kind == "demo"]
    assert sorted(shown) == sorted(d.id for d in demos.demos(game))


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_decisions_are_marked(game):
    doc = rulebook.rules(game, "en")
    marked = [b for s in doc.sections for b in s.blocks if b.decision] + [
        i for s in doc.sections for b in s.blocks for i in b.items if i.decision
    ]
    assert len(marked) >= 3


@pytest.mark.parametrize("game", rulebook.GAMES)
def test_examples_render_in_every_language(game):
    doc = rulebook.rules(game, "en")
    names = [b.ref for s in doc.sections for b in s.blocks if b.kind == "example"]
    assert set(names) <= set(examples.EXAMPLES)
    try:
        importlib.import_module(f"pyapp.games.{game}")
    except ImportError:
        pytest.skip(f"pyapp.games.{game} is not on this branch yet")
    try:
        for code in i18n.LANGUAGES:
            i18n.set_language(code)
            for name in names:
                tree = examples.example_tree(name)
                json.dumps(tree)
                assert "rules.example" not in render.text_of(tree)
    finally:
        i18n.set_language("en")


def test_dyad_example_values_come_from_the_engine():
    dyad = pytest.importorskip("pyapp.games.dyad")
    text = render.text_of(examples.dyad_values())
    for lead, pair in examples.DYAD_VALUES:
        assert str(dyad.pair_value(lead, pair)) in text


def test_label_copy_matches_the_engine():
    triad = pytest.importorskip("pyapp.games.triad")
    from pyapp.demos.triad import LABEL_GRID

    for r in range(8):
        for c in range(8):
            assert LABEL_GRID[r][c] == triad.LABELS.get((r, c))


def test_docs_rules_are_generated_from_the_same_content():
    for game in rulebook.GAMES:
        try:
            importlib.import_module(f"pyapp.games.{game}")
        except ImportError:
            pytest.skip(f"pyapp.games.{game} is not on this branch yet")
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import rules_md

    try:
        assert rules_md.main(["--check"]) == 0, "docs/rules/*.md are stale: run python tools/rules_md.py"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game", ["dyad", "triad", "dieci"])
@pytest.mark.parametrize("language", ["en", "ko"])
def test_the_shared_table_rules_are_decisions(game, language):
    """Issue 33: no undo, own summaries, own Rules, hints each from its own view, statistics apart; the deal's
    limits where there is a deal.

    Every game's rules page holds the section."""
    from pyapp.rulebook import rules as rules_of
    from pyapp.rulebook.friends import friends_section

    friends = friends_section(game, language)
    assert friends in rules_of(game, language).sections
    decisions = [b for b in friends.blocks if b.decision]
    assert len(decisions) == (4 if game == "triad" else 5)
    text = " ".join(b.text for b in friends.blocks)
    assert ("finds its own hints" in text) if language == "en" else ("힌트를 찾고" in text)
    if game != "triad":
        assert "pyapp/deals/commitment.py" in text and ("53" in text)
        assert ("host's device holds every hand" in text) if language == "en" else ("모든 손패" in text)
