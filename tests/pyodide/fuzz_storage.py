"""Damaged stored data and imported files, run through the page's own storage code.

Standard library and ``pyapp`` only, so the same cases run in CPython (with
``MemoryBackend``) and in Pyodide under Node (with the page's
``LocalStorageBackend`` over a ``localStorage`` stand-in, see
``run_fuzz.mjs``).  Real saves and statistics are made by playing random games
of every game through :class:`pyapp.play.Session`; each case damages one
stored value (or an imported file) and then does what the pages do: list the
saved games, look up and resume the game in play, say each game's unfinished
game as the picker does, read the statistics and the settings, import.  A case passes when its target is loaded or refused with a
reason, every other stored value is unchanged and readable, and nothing
raises.  :func:`run` returns the counts by target and reason.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from pyapp.games import NAMES, game_class
from pyapp.play import Seat, Session
from pyapp.play.saved import continue_text, summaries, unfinished
from pyapp.storage import CorruptRecord, MemoryBackend, SaveStore
from pyapp.storage.aside import ASIDE_PREFIX
from pyapp.storage.prefs import LANGUAGE_KEY, SETTING_PREFIX, SETTINGS, setting
from pyapp.storage.stats import STATS_KEY, decode_stats, load_stats
from pyapp.storage.store import CURRENT_KEY, PREFIX
from pyapp.storage.transfer import import_file
from pyapp.storage.versions import MAX_PROBLEM

Items = dict[str, str]
Case = tuple[str, str, str, str]
"""(target key or "import", mutation kind, text, expected name or "")."""

HOSTILE_NAMES = ("\u202eevil\u202c name", "<img src=x onerror=alert(1)>", "<script>alert(1)</script>",
                 "\u2067\u05e9\u05dc\u05d5\u05dd\u2069 &amp; \x00", "a" * 80)
REASONS = (
    ("too large", "size"),
    ("nested more than", "depth"),
    ("out of range", "non-finite number"),
    ("not a number JSON allows", "non-finite number"),
    ("not valid JSON", "not JSON"),
    ("version", "version"),
    ("format", "version"),
    ("cannot be replayed", "replay"),
    ("deal number", "deal number"),
    ("could not be finished here", "unfinishable"),
    ("not a JSON object", "not an object"),
)


def bounded(message: str) -> bool:
    """A refusal as the page shows it: one printable line, a short excerpt of the file at most (issue 47)."""
    return len(message) <= MAX_PROBLEM and message.isprintable()


def reason_of(message: str) -> str:
    """A short name for why something was refused, from its message (``fields`` for the rest)."""
    for needle, reason in REASONS:
        if needle in message:
            return reason
    return "fields"


def real_items(seed: int) -> Items:
    """A device's storage after random games of every game (finished and in play), statistics and settings."""
    rng = random.Random(seed)
    store = SaveStore(MemoryBackend(), clock=lambda: 1_764_500_000.0 + rng.random() * 1e6)
    kinds = ["person", "easy", "normal", "hard"]
    for game in NAMES:
        counts = game_class(game).PLAYERS
        for players, finished in ((counts[0], True), (counts[-1], False)):
            seats = [Seat(f"P{n}", kinds[n % 4]) for n in range(players)]
            session = Session.start(game, seats, seed=rng.randrange(10**6), store=store, name=f"{game} {players}")
            if game != NAMES[0]:  # hints used: records say so and the statistics count them apart
                session.hint_used()
            while not session.state.is_terminal() and (finished or len(session.state.history) < 15):
                session.apply(session.to_act(), rng.choice(session.state.legal_actions()))
    items = dict(store.backend.items)
    items[SETTING_PREFIX + "cards"] = "contrast"
    items[SETTING_PREFIX + "motion"] = "reduce"
    items[LANGUAGE_KEY] = "ko"
    return items


def json_paths(value: Any, prefix: tuple = ()) -> Iterator[tuple]:
    """Every path into a JSON tree (dict keys and list indices), the root first."""
    yield prefix
    if isinstance(value, dict):
        for key, child in value.items():
            yield from json_paths(child, prefix + (key,))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from json_paths(child, prefix + (index,))


def _get(tree: Any, path: tuple) -> Any:
    for step in path:
        tree = tree[step]
    return tree


def _with(tree: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    _get(tree, path[:-1])[path[-1]] = value
    return tree


MARK = "\u0000MARK\u0000"


def _splice(tree: Any, path: tuple, raw: str) -> str:
    """``tree`` as JSON with the value at ``path`` replaced by the raw text ``raw``."""
    return json.dumps(_with(tree, path, MARK), ensure_ascii=False).replace(json.dumps(MARK), raw, 1)


def _nested(rng: random.Random) -> str:
    depth = rng.choice([65, 200, 1000, 6000, 30000])
    return "[" * depth + "]" * depth if rng.random() < 0.5 else '{"a":' * depth + "0" + "}" * depth


def mutate(text: str, kind: str, rng: random.Random, *, record: bool) -> tuple[str, str]:
    """``text`` (JSON) damaged one way; also the name a loaded record must then carry ("" if none)."""
    if kind == "truncate":
        return text[:rng.randrange(len(text))], ""
    tree = json.loads(text)
    paths = list(json_paths(tree))
    numbers = [p for p in paths if isinstance(_get(tree, p), (int, float)) and not isinstance(_get(tree, p), bool)]
    if kind == "type_swap":
        path = rng.choice(paths[1:])
        return json.dumps(_with(tree, path, rng.choice([None, True, "7", [], {}, 3, 2.5, [[1]], {"x": []}]))), ""
    if kind == "huge_number" and numbers:
        raw = rng.choice(["1e20", "-1e300", str(10**30), "9" * 5000, "123456789.123e200"])
        return _splice(tree, rng.choice(numbers), raw), ""
    if kind == "non_finite" and numbers:
        return _splice(tree, rng.choice(numbers), rng.choice(["NaN", "Infinity", "-Infinity", "1e999"])), ""
    if kind == "deep":
        return _splice(tree, rng.choice(paths), _nested(rng)), ""
    if kind == "oversize":
        return _splice(tree, rng.choice(paths[1:]), json.dumps("x" * 1_100_000)), ""
    if record and kind == "illegal_action" and tree["game"]["actions"]:
        actions = tree["game"]["actions"]
        step = rng.randrange(len(actions))
        actions[step] = rng.choice([actions[rng.randrange(len(actions))], "pass", "take 99", "", "place 9,9"])
        return json.dumps(tree), ""
    if record and kind == "version":
        where = rng.choice([("record",), ("game", "format")])
        return json.dumps(_with(tree, where, rng.choice([0, 2, 99, -1, "1", None, 1.5]))), ""
    if record and kind == "unfinishable":  # issue 47: a game that would freeze at its end
        if rng.random() < 0.5:
            tree["game"]["seed"] = rng.choice([-5, -1, 2**53, 2**64])
        else:
            tree["seats"][rng.randrange(len(tree["seats"]))]["kind"] = "random"  # a stored one may; an import not
        return json.dumps(tree), ""
    if record and kind == "hostile_text":
        name = rng.choice(HOSTILE_NAMES)
        tree["name"] = name
        tree["seats"][rng.randrange(len(tree["seats"]))]["name"] = name
        return json.dumps(tree, ensure_ascii=rng.random() < 0.5), name
    return json.dumps(_with(tree, rng.choice(paths[1:]), None)), ""


KINDS = ("truncate", "type_swap", "huge_number", "non_finite", "deep", "oversize",
         "illegal_action", "version", "hostile_text", "unfinishable")
PLAIN = ("", "[" * 5000, "x" * 300_000, "null", "CONTRAST", "classic ", '"classic"', "\u202eclassic")
"""Values planted in the non-JSON keys (settings, language, the game in play)."""


def cases(seed: int, count: int) -> tuple[Items, list[Case]]:
    """The stored items every case starts from and ``count`` cases, all from ``seed``."""
    rng = random.Random(seed)
    items = real_items(seed)
    saves = sorted(key for key in items if key.startswith(PREFIX))
    plain = [CURRENT_KEY, LANGUAGE_KEY, *(SETTING_PREFIX + name for name in SETTINGS)]
    out: list[Case] = []
    for _ in range(count):
        target = rng.choice(["save"] * 5 + ["import"] * 3 + ["stats"] * 2 + ["plain"])
        kind = rng.choice(KINDS)
        if target == "plain":
            key = rng.choice(plain)
            out.append((key, "plain", rng.choice(PLAIN + (_nested(rng),)), ""))
            continue
        key = STATS_KEY if target == "stats" else rng.choice(saves)
        text, name = mutate(items[key], kind, rng, record=target != "stats")
        out.append(("import" if target == "import" else key, kind, text, name))
    return items, out


def run_case(items: Items, case: Case, backend_for: Callable[[Items], Any]) -> tuple[str, str | None]:
    """``(reason, failure)``: how the target was read ("loaded" or why refused) and what went wrong, if anything."""
    target, kind, text, name = case
    planted = dict(items) if target == "import" else dict(items, **{target: text})
    backend = backend_for(planted)
    store = SaveStore(backend)
    reason = "loaded"
    rows = {row.record_id: row for row in summaries(store)}
    for row in rows.values():
        if row.broken and not row.problem:
            return "", f"{row.record_id} refused without a reason"
        if row.broken and not bounded(row.problem):
            return "", f"{row.record_id} refused at length: {row.problem[:200]!r}"
    for game, record in unfinished(store).items():  # the picker's Continue, read without replaying
        stored = rows.get(record["id"])
        if stored is None or (not stored.broken and stored.finished) or record["game"] != game:
            return "", f"the picker offers {record['id']} as an unfinished {game} game"
        continue_text(record)
    current = store.current()
    if current is not None:
        try:
            Session.resume(store, current, claim=False)  # as the game screen offers it
        except (CorruptRecord, KeyError) as error:
            if target != PREFIX + current and target != CURRENT_KEY:
                return "", f"the game in play {current} no longer resumes: {error}"
    stats, problem = load_stats(backend)
    for name_ in SETTINGS:
        if setting(backend, name_) not in SETTINGS[name_]:
            return "", f"setting {name_} read as a value it does not allow"
    if target.startswith(PREFIX):
        row = rows.get(target[len(PREFIX):])
        if row is None:
            return "", "the damaged save vanished from the list"
        if row.broken:
            reason = reason_of(row.problem or "")
        elif name and row.record["name"] != name:
            return "", "a hostile name did not survive as text"
    elif target == STATS_KEY:
        try:
            decode_stats(text)
        except ValueError as error:
            reason = reason_of(str(error))
            if problem != "stats.reset" or not any(key.startswith(ASIDE_PREFIX) for key in backend.keys()):
                return "", "damaged statistics were not reported and set aside"
        else:
            if problem is not None:
                return "", f"good statistics reported as {problem}"
    elif target == "import":
        try:
            record, _, _ = import_file(text.encode("utf-8", "surrogatepass"), store)
        except CorruptRecord as error:
            reason = reason_of(str(error))
            if not bounded(str(error)):
                return "", f"an import refused at length: {str(error)[:200]!r}"
        else:
            if name and record["name"] != name:
                return "", "a hostile name did not survive an import"
    else:  # a plain value: used only when it is an allowed one
        allowed = {CURRENT_KEY: [k[len(PREFIX):] for k in items if k.startswith(PREFIX)],
                   LANGUAGE_KEY: ["en", "ko"]}.get(target) or list(SETTINGS[target[len(SETTING_PREFIX):]])
        reason = "loaded" if text in allowed else "not allowed (default used)"
        if target == CURRENT_KEY and current is not None and current != text:
            return "", "the game in play is not the one stored"
    for key, value in items.items():
        if key == target:
            continue
        if backend.get(key) != value:
            return "", f"{key} changed"
        if key.startswith(PREFIX) and rows[key[len(PREFIX):]].broken:
            return "", f"{key} became unreadable"
    return reason, None


def memory_backend(items: Items) -> MemoryBackend:
    backend = MemoryBackend()
    backend.items.update(items)
    return backend


def fresh_device(backend_for: Callable[[Items], Any]) -> str | None:
    """What is wrong on a device with nothing stored (a first visit), if anything."""
    backend = backend_for({})
    store = SaveStore(backend)
    if summaries(store) or unfinished(store):
        return "an empty store lists games"
    if store.current() is not None:
        return "an empty store has a game in play"
    if load_stats(backend)[1] is not None:
        return f"empty statistics reported as {load_stats(backend)[1]}"
    try:
        store.read("gone")
    except KeyError:
        return None
    except CorruptRecord as error:
        return f"a missing game reads as damaged: {error}"
    return "a missing game reads as a game"


def run(seed: int, count: int, backend_for: Callable[[Items], Any] = memory_backend) -> dict[str, Any]:
    """Every case of :func:`cases` after a first visit's checks: counts by target and reason, and the failures."""
    items, todo = cases(seed, count)
    counts: Counter[str] = Counter()
    failures = []
    fresh = fresh_device(backend_for)
    if fresh:
        failures.append({"case": -1, "target": "fresh device", "kind": "", "failure": fresh})
    for number, case in enumerate(todo):
        target, kind = case[0], case[1]
        try:
            reason, failure = run_case(items, case, backend_for)
        except Exception as error:  # the harness reports it; the page must never see one
            reason, failure = "", f"raised {type(error).__name__}: {error}"[:300]
        if failure:
            failures.append({"case": number, "target": target, "kind": kind, "failure": failure})
        group = "save" if target.startswith(PREFIX) else target
        counts[f"{group} / {reason or 'FAILED'}"] += 1
    return {"cases": len(todo), "counts": dict(sorted(counts.items())), "failures": failures}


if __name__ == "__main__":
    import sys

    print(json.dumps(run(int(sys.argv[1]), int(sys.argv[2])), indent=1))
