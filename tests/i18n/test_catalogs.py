"""Every message exists in every language, with the same placeholders."""

from __future__ import annotations

import importlib
import pkgutil
import re

import pytest

from pyapp import i18n
from pyapp.i18n import messages

MODULES = sorted(info.name for info in pkgutil.iter_modules(messages.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_every_language_has_every_key(name):
    module = importlib.import_module(f"{messages.__name__}.{name}")
    tables = {code: getattr(module, code.upper(), None) for code in i18n.LANGUAGES}
    missing_tables = [code for code, table in tables.items() if table is None]
    assert not missing_tables, f"messages/{name}.py has no table for {missing_tables}"
    # ``<key>#one`` (the singular, see i18n.tn) only where the language's grammar has one
    keys = {code: {k for k in table if not k.endswith("#one")} for code, table in tables.items()}
    everything = set().union(*keys.values())
    for code, present in keys.items():
        assert not everything - present, f"messages/{name}.py: {code.upper()} lacks {sorted(everything - present)}"
    for code, table in tables.items():
        for key in table:
            if key.endswith("#one"):
                base = key.removesuffix("#one")
                assert base in table, f"messages/{name}.py: {code.upper()} has {key} without {base}"
                # the singular may say "a triad" instead of the number, nothing else
                assert i18n.placeholders(table[key]) <= i18n.placeholders(table[base]), key


@pytest.mark.parametrize("name", MODULES)
def test_placeholders_agree(name):
    module = importlib.import_module(f"{messages.__name__}.{name}")
    first, *others = i18n.LANGUAGES
    base = getattr(module, first.upper())
    for code in others:
        table = getattr(module, code.upper())
        for key, text in base.items():
            if key in table:
                assert i18n.placeholders(table[key]) == i18n.placeholders(text), (
                    f"messages/{name}.py {key!r}: {code} has {sorted(i18n.placeholders(table[key]))}, "
                    f"{first} has {sorted(i18n.placeholders(text))}"
                )


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_catalog_merges_without_clashes_and_formats(code):
    table = i18n.catalog(code)
    assert table
    for key, text in table.items():
        assert text.strip(), f"{code} {key!r} is empty"
        text.format_map({name: "x" for name in i18n.placeholders(text)})


def test_korean_is_korean():
    """A translated table is not the English one copied over (a few shared strings at most)."""
    en, ko = i18n.catalog("en"), i18n.catalog("ko")
    words = re.compile(r"[A-Za-z]{3,}")
    same = [k for k in en if ko.get(k) == en[k] and words.search(re.sub(r"\{\w+\}", "", en[k]))]
    assert len(same) <= max(3, len(en) // 50), f"untranslated: {same[:20]}"


def test_dieci_goal_cards_have_korean_names_in_korean():
    ko = i18n.catalog("ko")
    names = [ko[f"dieci.goal.name.{n}"] for n in range(10)]
    assert all(re.search(r"[\uac00-\ud7a3]", name) and not re.search(r"[A-Za-z]", name) for name in names), names


def test_no_message_asks_to_tap():
    """The site is played with a mouse and keys too: a prompt says what to choose, not how to touch it."""
    en = i18n.catalog("en")
    assert not [key for key, text in en.items() if re.search(r"\btap(s|ping)?\b", text, re.IGNORECASE)]


def test_language_switch():
    try:
        i18n.set_language("ko")
        assert i18n.language() == "ko"
        assert i18n.t("game.triad") == "트라이어드"
        with pytest.raises(ValueError):
            i18n.set_language("xx")
        assert i18n.language() == "ko"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_names_are_isolated_in_every_sentence(code):
    """A name ending in a right-to-left override changes nothing after it (UAX #9: a PDI closes it)."""
    name = "\u202eEvil"
    i18n.set_language(code)
    try:
        checked = 0
        for key, text in i18n.catalog(code).items():
            names = i18n.placeholders(text) & i18n.NAME_PARAMS
            if not names:
                continue
            params = {p: name if p in names else "1" for p in i18n.placeholders(text)}
            said = i18n.t(key, **params)
            expected = sum(text.count("{" + p + "}") for p in names)
            assert said.count(f"{i18n.FSI}{name}{i18n.PDI}") == expected and said.count(name) == expected, key
            checked += 1
        assert checked > 40
    finally:
        i18n.set_language("en")


USED_CHECKED = ("hints", "hint_button", "review")
"""The catalogs whose every key the page must use (the Hint's and the Review's)."""


def _keys_in_source() -> tuple[set[str], set[str]]:
    """The string literals of ``pyapp/`` (outside the catalogs) and the fixed starts of its f-strings."""
    import ast  # noqa: PLC0415
    from pathlib import Path  # noqa: PLC0415

    literals: set[str] = set()
    prefixes: set[str] = set()
    root = Path(i18n.__file__).resolve().parents[1]
    for path in root.rglob("*.py"):
        if Path(messages.__file__).parent in path.parents:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
            elif isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                prefixes.add(node.values[0].value)
    return literals, {prefix for prefix in prefixes if prefix.endswith(".")}


@pytest.mark.parametrize("name", USED_CHECKED)
def test_every_key_is_used_by_the_page(name):
    """A key is written out in ``pyapp/``, or is one of a family the code picks with an f-string (``hint.same.{kind}``)."""
    literals, prefixes = _keys_in_source()
    table = getattr(importlib.import_module(f"{messages.__name__}.{name}"), i18n.LANGUAGES[0].upper())
    unused = [key for key in table if key.removesuffix("#one") not in literals
              and not any(key.startswith(prefix) and "." not in key[len(prefix):] for prefix in prefixes)]
    assert not unused, f"messages/{name}.py: nothing in pyapp/ uses {unused}"
