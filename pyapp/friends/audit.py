"""A guest's check at the end of a friends' game: the host's full record against what the guest saw.

During play the host's device holds every hand; a guest sees only its own
observations.  At the end the host sends the full record (the saved-game
record plus a ``friends`` block: room, every seat's commitment and value, the
room's restarts), and :func:`audit` checks, on the guest's own engine:

* every revealed value is the one its seat committed to
  (:func:`pyapp.deals.commitment.mismatched`), the commitments are the ones
  the guest was shown before it revealed its value, and the guest's own value
  and room are the ones it knows;
* in a game with chance, the record's deal number is
  :func:`pyapp.deals.commitment.seed_of` of those values, so the host did
  not choose it, and the deal's fingerprint recomputes to the one the guest
  was shown at the deal (a game without chance deals nothing to check);
* every action replays legally to the game's end (:func:`pyapp.deals.verify.check`);
* every observation the guest received is ``observation(seat)`` at some point
  of that replay, in the order received, and each non-empty ``legal`` list is
  the legal action texts at that point.

Each thing found is a :class:`~pyapp.deals.verify.Finding` under ``audit.``
in the catalog.  What it cannot show: the host's device could have shown
every hand to its person during play; nothing a guest holds can tell.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pyapp.deals.commitment import mismatched, seed_of
from pyapp.deals.fingerprint import is_fingerprint, short
from pyapp.deals.verify import Finding, check
from pyapp.games import game_class, new_game
from pyapp.storage.friends import read_friends


@dataclass(frozen=True)
class Audit:
    """What :func:`audit` found: ``findings`` in the order found; none means every check held."""

    moves: int
    """Actions replayed legally."""
    matched: int
    """Received observations found, in order, in the replay."""
    findings: tuple[Finding, ...]

    @property
    def ok(self) -> bool:
        """The record is honest as far as this guest can tell."""
        return not self.findings


def _plain(value: Any) -> Any:
    """``value`` as it arrives after JSON (tuples become lists), for comparing a replay's view with a received one."""
    return json.loads(json.dumps(value))


def _points(save: dict[str, Any], seat: int) -> list[tuple[Any, list[str] | None]]:
    """Each point of the replay: ``seat``'s observation, and its legal texts when it is that seat's decision."""
    state = new_game(save["game"], seed=save["seed"], players=save["players"], **save["options"])
    points = []
    for text in [*save["actions"], None]:
        legal = [str(action) for action in state.legal_actions()] \
            if not state.is_terminal() and state.current_player() == seat else None
        points.append((_plain(state.observation(seat)), legal))
        if text is not None:
            state.apply_action(text)
    return points


def _match(points: list[tuple[Any, list[str] | None]], received: Sequence[Mapping[str, Any]]) -> tuple[int, list[Finding]]:
    """Find each received view in order (earliest match first); say which ones no later point gives."""
    findings: list[Finding] = []
    at, matched = 0, 0
    for number, entry in enumerate(received, start=1):
        view = entry.get("observation") if isinstance(entry, Mapping) else None
        legal = entry.get("legal") if isinstance(entry, Mapping) else None
        try:
            plain = _plain(view)
        except (TypeError, ValueError, RecursionError):  # not JSON: no replay point gives it
            plain = None
        views = [index for index in range(at, len(points)) if plain is not None and points[index][0] == plain]
        if not views or not (legal is None or isinstance(legal, list)):
            findings.append(Finding("observation_unmatched", {"number": number}))
            continue
        if legal:
            exact = [index for index in views if points[index][1] == list(legal)]
            if not exact:
                findings.append(Finding("legal_differs", {"number": number}))
            views = exact or views
        at, matched = views[0], matched + 1
    return matched, findings


def audit(record: Any, seat: int, received: Sequence[Mapping[str, Any]], announced: str | None, *,
          room: str | None = None, own_value: str | None = None, shown: Mapping[int, str] | None = None) -> Audit:
    """Check the host's full ``record`` for the guest at ``seat`` (see the module's docstring); never raises.

    ``received``: what the guest was sent, ``{"observation", "legal"}`` in the
    order received (duplicates dropped); ``announced``: the fingerprint shown
    at the deal; ``room`` and ``own_value``, when given: the room the guest
    joined, the value its device drew and the commitments it was shown before revealing it.
    """
    friends = read_friends(record.get("friends")) if isinstance(record, dict) else None
    save = record.get("game") if isinstance(record, dict) else None
    if friends is None or not isinstance(save, dict):
        return Audit(0, 0, (Finding("unreadable"),))
    block_room, commitments, values, _restarts = friends
    findings: list[Finding] = []
    if room is not None and block_room != room:
        findings.append(Finding("room_differs"))
    if seat not in commitments:
        findings.append(Finding("own_commitment_missing", {"seat": seat}))
    elif own_value is not None and values[seat] != own_value:
        findings.append(Finding("own_value_differs"))
    if shown is not None and dict(shown) != commitments:
        findings.append(Finding("commitments_changed"))
    wrong = mismatched(block_room, commitments, values)
    if wrong:
        findings.append(Finding("commitments_differ", {"seats": ", ".join(str(n + 1) for n in wrong)}))
    verdict = check(record)
    players = save.get("players")
    if verdict.fingerprint is None or not (isinstance(seat, int) and isinstance(players, int) and 0 <= seat < players):
        return Audit(0, 0, (*findings, Finding("unreadable")))
    if game_class(save["game"]).TYPE.has_chance:  # a game without chance (Triad) deals nothing: no seed to check
        if save.get("seed") != seed_of(block_room, commitments, values):
            findings.append(Finding("seed_differs"))
        if not is_fingerprint(announced):
            findings.append(Finding("not_announced"))
        elif announced != verdict.fingerprint:
            findings.append(Finding("fingerprint_differs", {"stored": short(str(announced)),
                                                            "computed": short(verdict.fingerprint)}))
        if record.get("fingerprint") != verdict.fingerprint and announced == verdict.fingerprint:
            findings.append(Finding("record_fingerprint_differs"))
    findings.extend(finding for finding in verdict.findings if finding.key in ("illegal", "truncated"))
    if not verdict.legal:
        return Audit(verdict.moves, 0, tuple(findings))
    matched, unmatched = _match(_points(save, seat), received)
    return Audit(verdict.moves, matched, (*findings, *unmatched))


__all__ = ["Audit", "audit"]
