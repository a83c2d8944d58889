"""Lighthouse's mobile performance run against builds of the site, served compressed.

Usage: ``python bench/lighthouse.py [--runs 3] [--dist dist] [--before DIR]``
(needs ``npm ci``: Lighthouse is a pinned dev dependency, run on Debian's
Chromium).  Lighthouse's default mobile profile: simulated slow 4G and 4x CPU,
a fresh profile each run.  The site is served by ``tools/serve.py`` with its
Netlify headers and compression (brotli, else gzip); with ``--before`` the two
builds are run in turn, first one then the other.  Prints medians of the score and the main metrics.
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


def lighthouse(url: str) -> dict[str, float]:
    """One Lighthouse performance run: the score (0-1) and :data:`METRICS` in seconds."""
    command = [
        str(ROOT / "node_modules/.bin/lighthouse"), url, "--only-categories=performance", "--output=json",
        "--output-path=stdout", "--quiet", f"--chrome-flags=--headless=new {' '.join(chromium.FLAGS)}",
    ]
    env = {**os.environ, "CHROME_PATH": chromium.executable()}
    report = json.loads(subprocess.run(command, check=True, capture_output=True, env=env).stdout)
    figures = {"score": report["categories"]["performance"]["score"]}
    for audit in METRICS:
        figures[audit] = report["audits"][audit]["numericValue"] / 1000
    return figures


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
    results: dict[str, list[dict[str, float]]] = {name: [] for name in builds}
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    for run in range(args.runs):
        order = list(servers.items())
        for name, server in order if run % 2 == 0 else order[::-1]:  # neither build always goes first
            figures = lighthouse(f"http://127.0.0.1:{server.server_port}/")
            results[name].append(figures)
            print(f"run {run + 1} {name}: " + " ".join(f"{k} {v:.2f}" for k, v in figures.items()), flush=True)
    for server in servers.values():
        server.shutdown()
    print(f"\nmedians of {args.runs} runs; load average at end: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(f"{'build':<8}{'score':>7}" + "".join(f"{title:>8}" for title in METRICS.values()))
    for name, runs in results.items():
        row = "".join(f"{statistics.median(r[m] for r in runs):>8.2f}" for m in METRICS)
        print(f"{name:<8}{statistics.median(r['score'] for r in runs):>7.2f}{row}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
