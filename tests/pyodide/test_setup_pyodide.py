"""The set-up parser in Pyodide, where the page runs it: the same answers as CPython to the same text."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.pyodide import setup_cases

ROOT = Path(__file__).resolve().parents[2]


def test_the_parser_answers_the_same_in_pyodide():
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    expected = json.loads(json.dumps(setup_cases.measure()))
    assert {"setup.seed_invalid", "setup.seed_too_large"} <= {seed for seed, _ in expected["answers"]}
    done = subprocess.run([node, str(ROOT / "bench/speed_pyodide.mjs"), "{}",
                           str(ROOT / "tests/pyodide/setup_cases.py")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert json.loads(done.stdout.strip().splitlines()[-1]) == expected
