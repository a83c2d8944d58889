"""The judge in Pyodide, where the page runs it: the same reviews, hints and refusals as CPython."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.pyodide import judge_cases

ROOT = Path(__file__).resolve().parents[2]


def test_reviews_hints_and_refusals_are_the_same_in_pyodide():
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    cases = json.loads((ROOT / "tests/fixtures/blunders.json").read_text(encoding="utf-8"))["cases"]
    expected = json.loads(json.dumps(judge_cases.measure(cases)))
    assert len(expected["refused"]) == 3 * len(cases) and all(expected["refused"])
    done = subprocess.run([node, str(ROOT / "bench/speed_pyodide.mjs"), json.dumps({"cases": cases}),
                           str(ROOT / "tests/pyodide/judge_cases.py")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected
