"""The page protocol end to end without a browser: real games' ops through ``web/worker_page.js`` under linkedom.

``record.py`` draws whole games of Dyad, Triad and Dieci over the mirror in CPython (in a process of its
own: it stands in for Pyodide's modules) and ``replay.mjs`` (Node) feeds what the worker posted to the
page's script as the build writes it; the page's tree must equal the mirror's after each game.  The same
replay with one side's table changed must fail: the test can tell a drift.  Node is no option here: the
build needs it too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pyapp.ui.browser import protocol
from pyapp.ui.browser.protocol import OPS, SCRIPT_MARKER

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is put on the path just above)

@pytest.fixture(scope="module")
def recording(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("protocol") / "recording.json"
    subprocess.run([sys.executable, str(ROOT / "tests/protocol/record.py"), str(out)], check=True, cwd=ROOT)
    return out


def replay(script: str, recording: Path) -> tuple[int, dict]:
    """Run ``replay.mjs`` over ``script`` (a worker_page.js): its exit code and its report."""
    path = recording.with_name("worker_page.js")
    path.write_text(script, encoding="utf-8")
    done = subprocess.run(["node", str(ROOT / "tests/protocol/replay.mjs"), str(path), str(recording)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.stdout, done.stderr
    return done.returncode, json.loads(done.stdout)


def test_the_page_ends_each_game_with_the_mirror_s_tree(recording: Path) -> None:
    code, report = replay(build.worker_page_script(), recording)
    assert code == 0 and report["ok"], report["failures"]
    assert report["checkpoints"] == 5 and report["motions"] > 100 and report["ops"] > 10_000


def test_every_op_the_games_send_is_replayed(recording: Path) -> None:
    """The recording exercises the ops a redraw sends (the page services' are left to e2e)."""
    sent = {op[0] for text in json.loads(recording.read_text())["posted"] for op in json.loads(text).get("ops", ())}
    services = {"ROUTE", "DOWNLOAD", "ASK", "LINK_SEND", "LINK_CLOSE"}
    assert sent == {kind.code for name, kind in OPS.items() if name not in services}


def test_a_page_whose_table_drifted_from_the_worker_s_fails(recording: Path) -> None:
    """Append and replace-the-children swapped on the page's side only: the trees part."""
    drifted = {**vars(protocol.OP), "APPEND": protocol.OP.REPLACE_CHILDREN, "REPLACE_CHILDREN": protocol.OP.APPEND}
    table = json.dumps({"OP": drifted, "MSG": vars(protocol.MSG)})
    source = (ROOT / "web/worker_page.js").read_text(encoding="utf-8")
    code, report = replay(source.replace(SCRIPT_MARKER, f"const PROTOCOL = {table};"), recording)
    assert code == 1 and not report["ok"]
    assert any("mirror" in failure for failure in report["failures"])
