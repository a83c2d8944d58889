"""A stored review read in Pyodide, where the page reads it: kept when whole, dropped when tampered, game kept."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from pyapp.storage import decode_record
from tests.pyodide import review_cases

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests/fixtures/record-v2-dyad-2p-finished-review.json"


def test_reviews_are_kept_or_dropped_alike_in_pyodide():
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    record, _ = decode_record(FIXTURE.read_text(encoding="utf-8"))
    args = {"record": record}
    expected = json.loads(json.dumps(review_cases.measure(**args)))
    assert expected[0]["review"] == record["review"]
    assert len(expected) == len(review_cases.TAMPERED) + 1
    assert all(case == {"review": None, "actions": expected[0]["actions"]} for case in expected[1:])
    done = subprocess.run([node, str(ROOT / "bench/speed_pyodide.mjs"), json.dumps(args),
                           str(ROOT / "tests/pyodide/review_cases.py")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected
