"""The embed page's boot and taps, two builds side by side (issue 34: its Python runs in a worker).

Usage: ``python bench/embed.py --before DIR [--dist dist] [--runs 5] [--throttle 4]`` (build both
first).  Each run opens, in a new browser profile, the embed of one demo from each build, in
alternating order (so machine load hits both alike), at ``--throttle`` CPU slowdown, and prints
medians and the ratio ours ÷ before:

* **ready**: navigation to ``<body data-ready="true">`` (Python has taken the demo over);
* **longest task**: the longest main-thread task until then (the long-task observer of
  ``bench/boot.py``): while it runs the reader's tap on the static demo does nothing, and an
  embed in a blog post on a phone may share its main thread with the post;
* **step**: once ready, Next is clicked ``--steps`` times: from the click's event time to the
  first frame after the step counter changed (the worker's round trip, the page's drawing).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

import boot  # noqa: E402  (bench/ and tools/ are put on the path just above)
import serve  # noqa: E402
from playwright.sync_api import Page, sync_playwright  # noqa: E402

DEMO = "embed.html?game=triad&demo=covering&lang=en"
STEP = """async () => {
  const count = document.querySelector('[data-testid=demo-count]');
  const before = count.textContent;
  const clicked = new Promise((resolve) => addEventListener('click', (e) => resolve(e.timeStamp), { once: true, capture: true }));
  const changed = new Promise((resolve) => new MutationObserver((_, observer) => {
    if (document.querySelector('[data-testid=demo-count]').textContent !== before) { observer.disconnect(); resolve(); }
  }).observe(document.body, { subtree: true, childList: true, characterData: true }));
  document.querySelector('[data-action=next]').click();
  const start = await clicked;
  await changed;
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  return performance.now() - start;
}"""


def run_once(playwright, executable: str, url: str, throttle: float, steps: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=executable, args=boot.FLAGS)
        context.add_init_script(boot.OBSERVERS)
        page: Page
        page, ready, longest = boot.boot(context, url, throttle)
        taps = [page.evaluate(STEP) for _ in range(steps)]
        context.close()
    return {"ready": ready, "task": longest, "step": statistics.median(taps) / 1000}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--before", type=Path, required=True, help="another build (say, main's)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--throttle", type=float, default=4.0)
    parser.add_argument("--steps", type=int, default=3)
    args = parser.parse_args(argv)
    servers = {"before": serve.start(args.before), "ours": serve.start(args.dist)}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in servers}
    with sync_playwright() as playwright:
        executable = boot.chromium.executable()
        for run in range(args.runs):
            order = list(servers) if run % 2 == 0 else list(reversed(servers))
            for name in order:
                url = f"http://127.0.0.1:{servers[name].server_port}/{DEMO}"
                results[name].append(run_once(playwright, executable, url, args.throttle, args.steps))
                print(f"run {run + 1} {name}: " + ", ".join(f"{k} {v:.3f} s" for k, v in results[name][-1].items()),
                      flush=True)
    print(f"\nembed, {args.throttle:g}x CPU, medians of {args.runs}:")
    for key, label in (("ready", "ready"), ("task", "longest main-thread task"), ("step", "Next to frame")):
        before, ours = (statistics.median(r[key] for r in results[name]) for name in ("before", "ours"))
        print(f"  {label:26} before {before:7.3f} s   ours {ours:7.3f} s   ours/before {ours / before:5.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
