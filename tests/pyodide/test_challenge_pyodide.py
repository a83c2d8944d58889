"""Challenge links and the daily rule in Pyodide, where the page runs them: the same answers as CPython."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.pyodide import challenge_cases

ROOT = Path(__file__).resolve().parents[2]


def test_links_and_daily_deals_answer_the_same_in_pyodide():
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    expected = json.loads(json.dumps(challenge_cases.measure()))
    assert {"challenge.damaged", "challenge.unplayable"} <= {answer for _, answer in expected["answers"]
                                                             if isinstance(answer, str)}
    done = subprocess.run([node, str(ROOT / "bench/speed_pyodide.mjs"), "{}",
                           str(ROOT / "tests/pyodide/challenge_cases.py")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected
