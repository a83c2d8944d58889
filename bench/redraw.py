"""Redraw benchmark: main-thread CPU time the page spends per move while two Easy computers play.

Usage: ``python bench/redraw.py [--dist dist] [--moves 24] [--runs 3]`` (build
first; needs Playwright and Chromium like the e2e suite).  Easy thinks for well
under a millisecond, so what the page does per move is drawing the table,
saving, and the browser's style, layout and paint.  The figures come from a Chromium trace: each main-thread task's *thread*
time, which a busy machine inflates far less than wall-clock time.  Printed per
game: CPU ms per move and the longest task's CPU ms, medians over ``--runs``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import chromium  # noqa: E402  (tools/ is put on the path just above)
import serve  # noqa: E402
import tracing  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

ACTIONS_SAVED = """() => {
  const id = localStorage.getItem('pyapp.current');
  const text = id && localStorage.getItem('pyapp.save.' + id);
  return text ? JSON.parse(text).game.actions.length : 0;
}"""


def one_game(browser: Browser, url: str, game: str, moves: int, trace: Path) -> tuple[float, float]:
    """(CPU ms per move, longest task's CPU ms) over ``moves`` moves of two Easy computers at phone size."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{url}/#/{game}")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
    page.get_by_test_id("setup-players").select_option("2")
    for seat in (0, 1):
        page.get_by_test_id(f"seat-kind-{seat}").select_option("easy")
    page.get_by_test_id("start").click()
    first = 2  # past the first moves, which import the AI
    page.wait_for_function(f"() => ({ACTIONS_SAVED})() >= {first}", timeout=120_000)
    browser.start_tracing(page=page, path=str(trace), categories=tracing.CATEGORIES)
    page.wait_for_function(f"() => ({ACTIONS_SAVED})() >= {first + moves}", timeout=120_000)
    browser.stop_tracing()
    page.close()
    tasks = [task.cpu_ms for task in tracing.main_thread_tasks(trace)]
    return sum(tasks) / moves, max(tasks, default=0.0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--moves", type=int, default=24)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--games", default="triad,dyad,dieci")
    args = parser.parse_args(argv)
    server = serve.start(args.dist)
    url = f"http://127.0.0.1:{server.server_port}"
    games = args.games.split(",")
    figures: dict[str, list[tuple[float, float]]] = {game: [] for game in games}
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium.executable(), args=chromium.FLAGS)
        for run in range(args.runs):
            for game in games:
                figures[game].append(one_game(browser, url, game, args.moves, Path(folder) / f"{game}-{run}.json"))
        browser.close()
    server.shutdown()
    print(f"main-thread CPU while two Easy computers play {args.moves} moves, medians of {args.runs} runs")
    for game, runs in figures.items():
        per_move = statistics.median(r[0] for r in runs)
        longest = statistics.median(r[1] for r in runs)
        print(f"{game:6s} {per_move:6.1f} ms per move   longest task {longest:5.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
