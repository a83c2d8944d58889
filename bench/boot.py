"""Boot benchmark: our site against a bare PyScript page on the same vendored runtime.

Usage: ``python bench/boot.py [--runs 3] [--dist dist]`` (build first; needs
Playwright and Chromium like the e2e suite).  In one run it measures,
as medians over ``--runs``:

* time from navigation to ``<body data-ready="true">``, cold (new browser
  profile: empty cache, no service worker) and warm (same profile, second
  visit: HTTP cache, and for our site its service worker);
* first-visit bytes the server sent, for our site until ready and until the
  service worker has precached everything, and for the bare page.

The bare page is served from a temporary folder holding the same runtime
folders, with the same headers minus the CSP (bare PyScript needs eval).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import chromium  # noqa: E402  (tools/ is put on the path just above)
import serve  # noqa: E402
from playwright.sync_api import BrowserContext, Playwright, sync_playwright  # noqa: E402

FLAGS = [*chromium.FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
READY_AT = """
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
BARE_PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="stylesheet" href="{pyscript}/core.css">
<script type="module" src="{pyscript}/core.js"></script></head>
<body><script type="py" config='{{"interpreter": "./{pyodide}/pyodide.mjs"}}'>
from pyscript import document
document.body.dataset.ready = "true"
</script></body></html>
"""


def bare_site(dist: Path, folder: Path) -> None:
    """A page that only boots PyScript, beside links to our runtime folders."""
    (runtime := folder / "runtime").mkdir()
    for path in (dist / "runtime").iterdir():
        os.symlink(path, runtime / path.name)
    pyodide = next(p for p in (dist / "runtime").iterdir() if p.name.startswith("pyodide-"))
    pyscript = next(p for p in (dist / "runtime").iterdir() if p.name.startswith("pyscript-"))
    page = BARE_PAGE.format(pyodide=f"runtime/{pyodide.name}", pyscript=f"runtime/{pyscript.name}")
    (folder / "index.html").write_text(page)


def visit(context: BrowserContext, url: str) -> float:
    """Load ``url`` in a new tab of ``context``; seconds from navigation to data-ready."""
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
    seconds = page.evaluate("window.__readyAt") / 1000
    page.close()
    return seconds


def measure(playwright: Playwright, chromium: str, server: serve.Server, *, is_ours: bool) -> dict[str, float]:
    """A cold then a warm visit in a new browser profile, with the bytes sent for the cold one.

    A real profile (disk cache) rather than an incognito context: Chromium's
    in-memory cache does not keep the 9.6 MB wasm, which would make the
    service worker download it a second time, as no real profile does.
    """
    url = f"http://127.0.0.1:{server.server_port}/"
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=chromium, args=FLAGS)
        context.add_init_script(READY_AT)
        server.sent = 0
        page = context.new_page()
        page.goto(url)
        page.wait_for_selector("body[data-ready=true]", state="attached", timeout=120_000)
        cold = page.evaluate("window.__readyAt") / 1000
        ready_bytes = server.sent  # the worker registers at ready: a few of its bytes may count here
        if is_ours:
            page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=120_000)
        total_bytes = server.sent
        page.close()
        warm = visit(context, url)
        context.close()
    return {"cold": cold, "warm": warm, "ready_bytes": ready_bytes, "total_bytes": total_bytes}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    executable = chromium.executable()

    with tempfile.TemporaryDirectory() as tmp:
        bare_site(dist, Path(tmp))
        ours = serve.start(dist)
        bare = serve.start(Path(tmp))
        bare.rules = [(p, {k: v for k, v in vals.items() if k != "Content-Security-Policy"}) for p, vals in bare.rules]
        results: dict[str, list[dict[str, float]]] = {"ours": [], "bare": []}
        started = time.monotonic()
        with sync_playwright() as playwright:
            for _ in range(args.runs):  # interleaved, so machine load hits both alike
                results["bare"].append(measure(playwright, executable, bare, is_ours=False))
                results["ours"].append(measure(playwright, executable, ours, is_ours=True))
        ours.shutdown()
        bare.shutdown()

    def median(kind: str, key: str) -> float:
        return statistics.median(r[key] for r in results[kind])

    runtime_bytes = sum(p.stat().st_size for p in (dist / "runtime").rglob("*") if p.is_file())
    print(f"boot benchmark: medians of {args.runs} runs, {time.monotonic() - started:.0f} s in all")
    print(f"{'page':<6} {'cold s':>7} {'warm s':>7} {'bytes to ready':>15} {'bytes w/ offline':>17}")
    for kind in ("bare", "ours"):
        print(
            f"{kind:<6} {median(kind, 'cold'):>7.2f} {median(kind, 'warm'):>7.2f} "
            f"{median(kind, 'ready_bytes') / 1e6:>12.2f} MB {median(kind, 'total_bytes') / 1e6:>14.2f} MB"
        )
    print(f"runtime's own files (all of dist/runtime): {runtime_bytes / 1e6:.2f} MB")
    print(
        f"ratios ours/bare: cold {median('ours', 'cold') / median('bare', 'cold'):.2f}x, "
        f"warm {median('ours', 'warm') / median('bare', 'warm'):.2f}x, "
        f"first-visit bytes {median('ours', 'total_bytes') / median('bare', 'total_bytes'):.2f}x "
        f"(to ready {median('ours', 'ready_bytes') / median('bare', 'ready_bytes'):.2f}x)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
