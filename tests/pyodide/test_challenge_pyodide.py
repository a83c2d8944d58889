"""Challenge links and the daily rule in Pyodide, where the page runs them: the same answers as CPython."""

from __future__ import annotations

import json

from tests.pyodide import challenge_cases
from tests.pyodide.node_run import in_pyodide


def test_links_and_daily_deals_answer_the_same_in_pyodide():
    expected = json.loads(json.dumps(challenge_cases.measure()))
    refusals = {answer for _, answer in expected["answers"] if isinstance(answer, str)}
    assert {"challenge.damaged", "challenge.unplayable"} <= refusals
    assert any(isinstance(answer, list) for _, answer in expected["answers"])
    assert in_pyodide("challenge_cases") == expected
