"""``pyapp``'s packages are layers, and every import points down: a package imports only from layers below its own.

The edges are :func:`tests.test_import_cycles.graph`'s: every import anywhere in a
module (at the top, inside a function, under ``TYPE_CHECKING``).  Two packages of
one layer import neither each other.  A new package (or module directly under
``pyapp/``) must be given a layer here before the test passes; rooms inside
``pyapp/ui`` keep their own rule (ui is the top layer as a whole).
"""

from __future__ import annotations

from tests.test_import_cycles import ROOT, graph, imports_of

LAYERS: tuple[tuple[str, ...], ...] = (
    ("registry", "excerpt"),  # what exists (games, seat kinds, levels) and one text helper: import nothing
    ("engine",),  # the state API, the save format, dealing: knows no game
    ("pyapp",),  # the package itself re-exports the engine's error
    ("ai",),  # search, judge, hint, review: handed states, knows no game
    ("games",),  # Dyad, Triad, Dieci (their Hard options are built on ai), the conformance check
    ("i18n", "deals"),  # messages (they name a game's cards); fingerprints, deal numbers, challenge links
    ("drawing", "replay", "storage"),  # pictures of a game; replays in words; saved records and settings
    ("demos",),  # scripted positions drawn and captioned
    ("lessons", "rulebook"),  # built on demos
    ("play",),  # a session at one device: seats, turns, saves, the deal of the day
    ("friends",),  # a game across devices: host, guest, the wire, the guest's audit
    ("ui",),  # the page: everything below it
)
"""Lowest first."""

RANK = {package: rank for rank, layer in enumerate(LAYERS) for package in layer}


def package_of(module: str) -> str:
    """``pyapp.play.session`` → ``play``; ``pyapp.registry`` → ``registry``; ``pyapp`` → ``pyapp``."""
    return module.split(".")[1] if "." in module else module


def upward(edges: dict[str, set[str]]) -> list[str]:
    """Each import that points up or sideways (to another package of the same layer), as ``a -> b``.

    >>> upward({"pyapp.engine.state": {"pyapp.registry"}, "pyapp.play.session": {"pyapp.play.turns", "pyapp.ai"}})
    []
    >>> upward({"pyapp.deals.challenge": {"pyapp.play.setup"}, "pyapp.i18n.cards": {"pyapp.deals"}})
    ['pyapp.deals.challenge -> pyapp.play.setup', 'pyapp.i18n.cards -> pyapp.deals']
    """
    found = []
    for module, targets in sorted(edges.items()):
        source = package_of(module)
        for target in sorted(targets):
            to = package_of(target)
            if to != source and RANK[to] >= RANK[source]:
                found.append(f"{module} -> {target}")
    return found


def test_every_package_has_a_layer():
    names = {path.stem if path.is_file() else path.name for path in (ROOT / "pyapp").iterdir()
             if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()}
    assert names | {"pyapp"} == set(RANK)
    assert len(RANK) == sum(len(layer) for layer in LAYERS)  # no package in two layers


def test_every_import_points_down():
    assert upward(graph()) == []


def test_an_upward_import_inside_a_function_is_caught():
    """The check reads lazy imports too: the engine importing a game's module when a function runs is refused."""
    modules = {"pyapp.engine.state", "pyapp.games", "pyapp.games.dyad", "pyapp.registry"}
    source = "from pyapp.registry import GAMES\n\ndef later():\n    from pyapp.games import dyad\n"
    edges = {"pyapp.engine.state": imports_of("pyapp.engine.state", source, modules, False)}
    assert upward(edges) == ["pyapp.engine.state -> pyapp.games.dyad"]


def test_the_layers_are_written_in_the_architecture_document():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    line = " < ".join(" ".join(layer) for layer in LAYERS)
    assert line in text, line


__all__ = ["LAYERS", "package_of", "upward"]
