"""Lighthouse's mobile performance run against builds of the site, served compressed.

Usage: ``python bench/lighthouse.py [--runs 3] [--dist dist] [--before DIR]``
(needs ``npm ci``: Lighthouse is a pinned dev dependency, run on Debian's
Chromium).  Lighthouse's default mobile profile: simulated slow 4G and 4x CPU,
a fresh profile each run.  The site is served by ``tools/serve.py`` with its
Netlify headers and compression (brotli, else gzip); with ``--before`` the two
builds are run in turn, first one then the other.  Prints medians of the score and the main metrics,
LCP - FCP (simulated, and observed: 0 when the first paint is the largest), the longest main-thread
task (Lighthouse's ``long-tasks`` audit, simulated at 4x), and each run's largest-paint element.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import chromium  # noqa: E402  (tools/ is put on the path just above)
import serve  # noqa: E402

METRICS = {
    "first-contentful-paint": "FCP s",
    "largest-contentful-paint": "LCP s",
    "speed-index": "SI s",
    "total-blocking-time": "TBT s",
    "interactive": "TTI s",
}
"""Lighthouse's metric audits, each read as its numeric value in seconds."""
COLUMNS = {**METRICS, "lcp-fcp": "LCP-FCP", "observed-lcp-fcp": "obs L-F", "longest-task": "task s"}
"""What the medians table shows: the metrics, LCP - FCP (simulated, observed) and the longest task, in seconds."""


def lighthouse(url: str) -> dict[str, float | str]:
    """One Lighthouse performance run: the score (0-1), :data:`COLUMNS` in seconds and the LCP element."""
    command = [
        str(ROOT / "node_modules/.bin/lighthouse"), url, "--only-categories=performance", "--output=json",
        "--output-path=stdout", "--quiet", f"--chrome-flags=--headless=new {' '.join(chromium.FLAGS)}",
    ]
    env = {**os.environ, "CHROME_PATH": chromium.executable()}
    report = json.loads(subprocess.run(command, check=True, capture_output=True, env=env).stdout)
    audits = report["audits"]
    figures: dict[str, float | str] = {"score": report["categories"]["performance"]["score"]}
    for audit in METRICS:
        figures[audit] = audits[audit]["numericValue"] / 1000
    figures["lcp-fcp"] = figures["largest-contentful-paint"] - figures["first-contentful-paint"]
    figures["longest-task"] = max((task["duration"] for task in audits["long-tasks"]["details"]["items"]), default=0) / 1000
    observed = audits["metrics"]["details"]["items"][0]
    figures["observed-lcp-fcp"] = (observed["observedLargestContentfulPaint"] - observed["observedFirstContentfulPaint"]) / 1000
    figures["lcp-element"] = _lcp_element(audits["largest-contentful-paint-element"])
    return figures


def _lcp_element(audit: dict) -> str:
    """The largest paint's element as Lighthouse names it (a CSS selector), with its render delay's share.

    Lighthouse 12.2 on Debian's Chromium fails this audit ("RootCauses ... frame_sequence"): then
    its error; the observed LCP - FCP beside it says whether the largest paint was the first one.
    """
    if "details" not in audit:
        return f"({audit.get('errorMessage', 'no details')[:60]})"
    tables = audit["details"]["items"]
    node = tables[0]["items"][0]["node"]
    delay = next((row for row in tables[1]["items"] if row["phase"] == "Render Delay"), None) if len(tables) > 1 else None
    share = f" (render delay {delay['percent']})" if delay else ""
    return f"{node.get('selector', '?')}{share}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--before", type=Path, help="another build of the site to run beside it")
    args = parser.parse_args(argv)
    builds = {"ours": args.dist.resolve()}
    if args.before:
        builds = {"before": args.before.resolve(), **builds}
    servers = {name: serve.start(folder, compress=True) for name, folder in builds.items()}
    results: dict[str, list[dict[str, float | str]]] = {name: [] for name in builds}
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    for run in range(args.runs):
        order = list(servers.items())
        for name, server in order if run % 2 == 0 else order[::-1]:  # neither build always goes first
            figures = lighthouse(f"http://127.0.0.1:{server.server_port}/")
            results[name].append(figures)
            print(f"run {run + 1} {name}: " + " ".join(f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}"
                                                       for k, v in figures.items()), flush=True)
    for server in servers.values():
        server.shutdown()
    print(f"\nmedians of {args.runs} runs; load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'build':<8}{'score':>7}" + "".join(f"{title:>8}" for title in COLUMNS.values()))
    for name, runs in results.items():
        row = "".join(f"{statistics.median(r[m] for r in runs):>8.2f}" for m in COLUMNS)
        print(f"{name:<8}{statistics.median(r['score'] for r in runs):>7.2f}{row}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
