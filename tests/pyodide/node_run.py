"""Running a cases module in Pyodide under Node (``bench/speed_pyodide.mjs``) and reading its answer."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


def in_pyodide(cases: str, args: dict[str, Any] | None = None) -> Any:
    """What ``measure(**args)`` of ``tests/pyodide/<cases>.py`` returns in Pyodide (skips without node or Pyodide)."""
    node = shutil.which("node")
    if node is None or not (ROOT / "node_modules/pyodide/pyodide.mjs").is_file():
        pytest.skip("needs node and node_modules/pyodide (npm ci)")
    done = subprocess.run([node, str(ROOT / "bench/speed_pyodide.mjs"), json.dumps(args or {}),
                           str(ROOT / f"tests/pyodide/{cases}.py")], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])
