"""Redraw benchmark: main-thread CPU time the page spends per move while two Easy computers play.

Usage: ``python bench/redraw.py [--dist dist] [--moves 24] [--runs 5] [--before DIR_OR_REF]``
(build first; needs Playwright and Chromium like the e2e suite).  Easy thinks for
well under a millisecond, so what the page does per move is drawing the table,
saving, and the browser's style, layout and paint.  Run N deals with seed N in
both builds, so the two play the very same moves and a ratio compares like with
like (deals differ in how much a move redraws: a round's end draws more).  The
figures come from a Chromium trace: each main-thread task's *thread* time, which
a busy machine inflates far less than wall-clock time.  Printed per game: CPU ms
per move and the longest task's CPU ms, medians over ``--runs``.

``--before`` measures another build beside this one in the same run, interleaved
(each run alternates which build goes first), and prints the ratio this ÷ before:
either a folder holding a built site, or a git ref (``main``, ``949d9ec``) that is
built in a temporary worktree sharing this checkout's ``node_modules``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import boot  # noqa: E402  (bench/ and tools/ are on the path: bench/ as the script's own folder)
import chromium  # noqa: E402  (tools/ is put on the path just above)
import serve  # noqa: E402
import tracing  # noqa: E402
from playwright.sync_api import Browser, sync_playwright  # noqa: E402

TIMEOUT_MS = 300_000
"""A boot or a stretch of moves on a machine others share can take minutes."""


def traced_game(browser: Browser, url: str, game: str, moves: int, trace: Path, seed: int) -> None:
    """Two Easy computers play ``game`` at phone size; a Chromium trace of ``moves`` of their moves goes to ``trace``."""
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(f"{url}/#/{game}")
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
    steps = [lambda: page.get_by_test_id("setup-players").select_option("2")]
    steps += [lambda seat=seat: page.get_by_test_id(f"seat-kind-{seat}").select_option("easy") for seat in (0, 1)]
    if page.locator(".setup-deal").count():  # a game of chance: the deal number is under "More options"
        steps += [lambda: page.locator(".setup-deal summary").click(),
                  lambda: page.get_by_test_id("setup-seed").fill(str(seed))]
    for step in [*steps, lambda: page.get_by_test_id("start").click()]:
        step()
        boot.settle(page)  # as a person looks: the next control may be the worker's redraw of this one
    first = 2  # past the first moves, which import the AI
    page.wait_for_function(f"() => ({tracing.ACTIONS_SAVED})() >= {first}", timeout=TIMEOUT_MS)
    browser.start_tracing(page=page, path=str(trace), categories=tracing.CATEGORIES)
    page.wait_for_function(f"() => ({tracing.ACTIONS_SAVED})() >= {first + moves}", timeout=TIMEOUT_MS)
    browser.stop_tracing()
    page.close()


def one_game(browser: Browser, url: str, game: str, moves: int, trace: Path, seed: int) -> tuple[float, float]:
    """(CPU ms per move, longest task's CPU ms) over ``moves`` moves of two Easy computers at phone size."""
    traced_game(browser, url, game, moves, trace, seed)
    tasks = [task.cpu_ms for task in tracing.main_thread_tasks(trace)]
    return sum(tasks) / moves, max(tasks, default=0.0)


@contextmanager
def built(before: str) -> Iterator[Path]:
    """The site to compare with: ``before`` itself if it is a built folder, else that git ref built in a worktree."""
    folder = Path(before)
    if (folder / "index.html").is_file():
        yield folder.resolve()
        return
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), before], check=True)
        try:
            (tree / "node_modules").symlink_to(ROOT / "node_modules")
            subprocess.run([sys.executable, str(tree / "tools" / "build.py"), "--out", str(tree / "dist")], check=True)
            yield tree / "dist"
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=True)


def report(figures: dict[str, dict[str, list[tuple[float, float]]]], moves: int, runs: int) -> None:
    print(f"main-thread CPU while two Easy computers play {moves} moves, medians of {runs} runs")
    for game in figures["this"]:
        line = []
        for build, runs_of in figures.items():
            per_move = statistics.median(r[0] for r in runs_of[game])
            longest = statistics.median(r[1] for r in runs_of[game])
            line.append(f"{build}: {per_move:6.1f} ms per move, longest task {longest:5.1f} ms")
        if "before" in figures:
            ratio = (statistics.median(r[0] for r in figures["this"][game])
                     / statistics.median(r[0] for r in figures["before"][game]))
            paired = statistics.median(a[0] / b[0] for a, b in zip(figures["this"][game], figures["before"][game]))
            line.append(f"this / before {ratio:.2f}x (median of the runs' own ratios {paired:.2f}x)")
        print(f"{game:6s} " + "   ".join(line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--moves", type=int, default=24)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", default="triad,dyad,dieci")
    parser.add_argument("--before", help="another build to measure beside it: a built folder or a git ref")
    args = parser.parse_args(argv)
    games = args.games.split(",")
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    with built(args.before) if args.before else nullcontext() as before:
        sites = {"this": args.dist.resolve(), **({"before": before} if before else {})}
        servers = {build: serve.start(site) for build, site in sites.items()}
        figures: dict[str, dict[str, list[tuple[float, float]]]] = {b: {g: [] for g in games} for b in sites}
        with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium.executable(), args=chromium.FLAGS)
            for run in range(args.runs):
                for game in games:
                    order = list(sites) if run % 2 == 0 else list(reversed(sites))  # neither always goes first
                    for build in order:
                        url = f"http://127.0.0.1:{servers[build].server_port}"
                        trace = Path(folder) / f"{build}-{game}-{run}.json"
                        figures[build][game].append(one_game(browser, url, game, args.moves, trace, seed=run + 1))
                        per_move, longest = figures[build][game][-1]
                        print(f"run {run + 1} {game} {build}: {per_move:.1f} ms per move, longest {longest:.1f} ms",
                              flush=True)
            browser.close()
        for server in servers.values():
            server.shutdown()
    print(f"load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    report(figures, args.moves, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
