"""The storage fuzz suite (``fuzz_storage``) in CPython and in Pyodide under Node.

Pyodide is where the page runs, and where deeply nested JSON used to kill the
interpreter outright (CPython raises ``RecursionError`` instead), so the same
seeded cases run in both; their counts by reason must agree and name every
kind of refusal, which shows the mutations reached past JSON parsing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.pyodide import fuzz_storage

ROOT = Path(__file__).resolve().parents[2]
SEED, COUNT = 19, 240
EXPECTED_REASONS = {"loaded", "size", "depth", "non-finite number", "not JSON", "version", "replay", "fields",
                    "deal number", "unfinishable"}


def _report(result: dict) -> None:
    print(f"\n{result['cases']} cases; by target / reason:")
    for name, count in result["counts"].items():
        print(f"  {count:4}  {name}")
    assert result["failures"] == []


@pytest.fixture(scope="module")
def cpython_result() -> dict:
    return fuzz_storage.run(SEED, COUNT)


def test_every_case_is_loaded_or_refused_with_a_reason_in_cpython(cpython_result: dict) -> None:
    _report(cpython_result)
    reasons = {name.split(" / ")[1] for name in cpython_result["counts"]}
    assert EXPECTED_REASONS <= reasons
    for target in ("save", "import", "pyapp.stats"):
        assert any(name.startswith(f"{target} / depth") for name in cpython_result["counts"])


def test_the_same_cases_in_pyodide_under_node(cpython_result: dict, tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    sys.path.insert(0, str(ROOT / "tools"))
    import build

    name, data = build.build_wheel(build.project_version())
    wheel = tmp_path / name
    wheel.write_bytes(data)
    done = subprocess.run([node, str(ROOT / "tests/pyodide/run_fuzz.mjs"), str(wheel), str(SEED), str(COUNT)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    _report(result)
    assert result["counts"] == cpython_result["counts"]
