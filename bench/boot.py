"""Boot benchmark: our site against a bare Pyodide and a bare PyScript page on the same runtime.

Usage: ``python bench/boot.py [--runs 3] [--throttle 1 4] [--dist dist] [--before DIR]`` (build
first; needs Playwright, Chromium and ``brotli``, all in the test extras).  Every
page is measured in every run, interleaved (throttle settings too), so machine
load hits them alike; it prints medians over ``--runs`` and the ratios ours ÷
bare Pyodide and ours ÷ bare PyScript:

* **cold**: navigation to ``<body data-ready="true">`` in a new browser profile
  (empty cache, no service worker), and the longest main-thread task until then
  (``PerformanceObserver`` for long tasks: while it runs, a tap does nothing);
* **warm**: the same on a second visit in that profile (HTTP cache, and for our
  site its service worker);
* **tap**: (ours only, third visit) Triad is tapped as soon as the picker is
  drawn, then 2 players and Start: navigation to the board accepting a move;
* **bytes**: every response of the first visit as served (for our site until
  the service worker has precached everything), each file counted brotli
  quality 9 as Netlify serves text, except files already compressed (zip,
  wheel, gzip, images), which count at their size; beside it the untouched runtime's
  five files counted the same way.

``--bytes`` only counts: one cold visit of ours (and of ``--before``), no timings, no bare
pages; quick enough for every change that adds code.

``--before`` adds another build of our site (say, main's) as a fourth page,
measured the same way, for before/after figures from one interleaved run.
``--throttle`` slows Chromium's CPU (``Emulation.setCPUThrottlingRate``; 4 is
about a mid-range phone).  The bare pages are served from a temporary folder
holding the same runtime folders, with the same headers minus the CSP (bare
PyScript needs eval).
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

import build  # noqa: E402  (tools/ is put on the path just above)
import chromium  # noqa: E402
import serve  # noqa: E402
from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

FLAGS = [*chromium.FLAGS, "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
TIMEOUT_MS = 300_000
OBSERVERS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
new MutationObserver((_, observer) => {
  if (document.body && document.body.dataset.ready === "true") {
    window.__readyAt = performance.now();
    observer.disconnect();
  }
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
BOOT_FIGURES = """async () => {
  // long-task entries arrive after their task: let the observer's callback run first
  await new Promise((resolve) => setTimeout(resolve, 300));
  const before = window.__longTasks.filter(([start]) => start < window.__readyAt);
  return [window.__readyAt, Math.max(0, ...before.map(([, duration]) => duration))];
}"""
TRIAD_READY = """() => {
  const status = document.querySelector('[data-testid=status]');
  return !!document.querySelector('[data-testid=triad-board] .cell.legal')
    && !(status && status.dataset.thinking === 'true');
}"""
BARE_PYSCRIPT = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare PyScript</title>
<link rel="stylesheet" href="{pyscript}/core.css">
<script type="module" src="{pyscript}/core.js"></script></head>
<body><script type="py" config='{{"interpreter": "./{pyodide}/pyodide.mjs"}}'>
from pyscript import document
document.body.dataset.ready = "true"
</script></body></html>
"""
BARE_PYODIDE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module">
import {{ loadPyodide }} from "./{pyodide}/pyodide.mjs";
const pyodide = await loadPyodide();
pyodide.runPython("import js; js.document.body.dataset.ready = 'true'");
</script></head><body></body></html>
"""
PAGES = ("pyodide", "pyscript", "before", "ours")
OURS = ("before", "ours")


def bare_sites(folder: Path) -> dict[str, Path]:
    """Folders for the two bare pages, each beside links to the untouched runtime files.

    The runtime comes from ``node_modules`` (PyScript trimmed as our build keeps it), not
    from ``dist/``: the bare pages measure the runtime as published.
    """
    pyodide_files = build.read_package("pyodide", build.PYODIDE_FILES)
    pyscript_files = build.pyscript_files()
    packages = {"pyodide": (build.NODE_MODULES / "pyodide", pyodide_files),
                "pyscript": (build.NODE_MODULES / "@pyscript/core/dist", pyscript_files)}
    sites = {}
    for kind, template in (("pyodide", BARE_PYODIDE), ("pyscript", BARE_PYSCRIPT)):
        site = folder / kind
        for prefix, (source, files) in packages.items():
            (site / "runtime" / prefix).mkdir(parents=True)
            for name in files:
                os.symlink(source / name, site / "runtime" / prefix / name)
        page = template.format(pyodide="runtime/pyodide", pyscript="runtime/pyscript")
        (site / "index.html").write_text(page)
        sites[kind] = site
    return sites


def served_size(path: Path) -> int:
    """Bytes of ``path`` as a compressing host serves it (brotli 9 unless already compressed)."""
    if path.name.endswith(serve.ALREADY_COMPRESSED):
        return path.stat().st_size
    return len(serve.compressed(str(path), path.stat().st_mtime, "br"))


def served_bytes(root: Path, server: serve.Server) -> int:
    """The bytes of every file ``server`` answered with 200 since ``requested`` was emptied, as served."""
    total = 0
    for path in (path for status, path in server.requested if status == 200):
        file = root / path.split("?", 1)[0].lstrip("/")
        total += served_size((file / "index.html" if file.is_dir() else file).resolve())
    return total


def open_page(context: BrowserContext, throttle: float) -> Page:
    page = context.new_page()
    if throttle != 1:
        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": throttle})
    return page


def boot(context: BrowserContext, url: str, throttle: float) -> tuple[Page, float, float]:
    """Open ``url`` in a new tab; (page, seconds to data-ready, longest task before it in seconds)."""
    page = open_page(context, throttle)
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", state="attached", timeout=TIMEOUT_MS)
    ready, longest = page.evaluate(BOOT_FIGURES)
    return page, ready / 1000, longest / 1000


SETTLED = "() => globalThis.pyappWorkerPage?.settled()"
"""Resolves once Python in a worker has drawn what the page's last events changed (at once on the main thread)."""


def settle(page: Page) -> None:
    """Wait, as a person looks, for the page to show what the last step changed (``web/worker_page.js``).

    A step taken before the worker's redraw lands would go to a control the redraw replaces."""
    page.evaluate(SETTLED)


def start_triad(page: Page) -> None:
    """From the set-up form: a person (first) against Easy at Triad for 2; returns once the board takes a move."""
    for step in (lambda: page.get_by_test_id("setup-players").select_option("2"),
                 lambda: page.get_by_test_id("seat-kind-0").select_option("person"),
                 lambda: page.get_by_test_id("seat-kind-1").select_option("easy"),
                 lambda: page.locator('[data-option="first"]').select_option("0"),
                 lambda: page.get_by_test_id("start").click()):
        step()
        settle(page)
    page.wait_for_function(TRIAD_READY, timeout=TIMEOUT_MS)


def tap_triad(context: BrowserContext, url: str, throttle: float) -> float:
    """Seconds from navigation until a Triad board for 2 takes a move, Triad tapped at once."""
    page = open_page(context, throttle)
    page.goto(url, wait_until="commit")
    page.get_by_test_id("game-link-triad").click(timeout=TIMEOUT_MS)
    page.get_by_test_id("start").wait_for(timeout=TIMEOUT_MS)
    start_triad(page)
    seconds = page.evaluate("performance.now()") / 1000
    page.close()
    return seconds


def first_visit_bytes(playwright: Playwright, executable: str, server: serve.Server, root: Path) -> int:
    """The bytes of one cold visit of our site as served, until its worker has precached everything."""
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=executable, args=FLAGS)
        server.requested = []
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{server.server_port}/")
        page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=TIMEOUT_MS)
        context.close()
    return served_bytes(root, server)


def measure(
    playwright: Playwright, executable: str, server: serve.Server, root: Path, *, kind: str, throttle: float
) -> dict[str, float]:
    """A cold, a warm (and for ours a tap) visit in a new browser profile; bytes of the cold one.

    A real profile (disk cache) rather than an incognito context: Chromium's
    in-memory cache does not keep the 9.6 MB wasm, which would make the
    service worker download it a second time, as no real profile does.
    """
    url = f"http://127.0.0.1:{server.server_port}/"
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(profile, executable_path=executable, args=FLAGS)
        context.add_init_script(OBSERVERS)
        server.requested = []
        page, figures["cold"], figures["cold_task"] = boot(context, url, throttle)
        if kind in OURS:
            page.wait_for_selector("body[data-offline=ready]", state="attached", timeout=TIMEOUT_MS)
        figures["bytes"] = served_bytes(root, server)
        page.close()
        page, figures["warm"], figures["warm_task"] = boot(context, url, throttle)
        page.close()
        if kind in OURS:
            figures["tap"] = tap_triad(context, url, throttle)
        context.close()
    return figures


def report(results: dict[tuple[float, str], list[dict[str, float]]], runtime_bytes: int) -> None:
    def median(throttle: float, kind: str, key: str) -> float:
        return statistics.median(r[key] for r in results[throttle, kind])

    columns = (("cold", "cold s"), ("cold_task", "cold task s"), ("warm", "warm s"), ("warm_task", "warm task s"))
    for throttle in sorted({t for t, _ in results}):
        print(f"\nCPU throttle {throttle:g}x, medians of {len(results[throttle, 'ours'])} runs")
        print(f"{'page':<9}" + "".join(f"{title:>13}" for _, title in columns) + f"{'bytes MB':>10}{'tap s':>8}")
        for kind in (k for k in PAGES if (throttle, k) in results):
            row = "".join(f"{median(throttle, kind, key):>13.2f}" for key, _ in columns)
            tap = f"{median(throttle, kind, 'tap'):>8.2f}" if kind in OURS else f"{'-':>8}"
            print(f"{kind:<9}{row}{median(throttle, kind, 'bytes') / 1e6:>10.2f}{tap}")
        for bare in (k for k in ("pyodide", "pyscript", "before") if (throttle, k) in results):
            ratios = ", ".join(
                f"{key} {median(throttle, 'ours', key) / median(throttle, bare, key):.2f}x"
                for key in ("cold", "cold_task", "warm", "warm_task", "bytes")
            )
            print(f"ours / {bare}: {ratios}")
    print(f"\nthe untouched runtime's five files as served: {runtime_bytes / 1e6:.2f} MB")
    for kind in OURS:
        if any(k == kind for _, k in results):
            kind_bytes = statistics.median(r["bytes"] for (_, k), rs in results.items() if k == kind for r in rs)
            print(f"{kind} / them: {kind_bytes / runtime_bytes:.2f}x")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--throttle", type=float, nargs="+", default=[1.0], help="CPU slowdown factors, e.g. 1 4")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--before", type=Path, help="another build of the site to measure beside it")
    parser.add_argument("--bytes", action="store_true", help="only the first visit's bytes (no timings)")
    parser.add_argument("--plain", action="store_true", help="serve with none of our headers (tools/serve.py)")
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    executable = chromium.executable()
    if serve.brotli is None:
        raise SystemExit("bench/boot.py needs the brotli module (pip install -e '.[test]')")
    runtime_bytes = sum(served_size(build.NODE_MODULES / "pyodide" / name) for name in build.PYODIDE_FILES)
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    if args.bytes:
        builds = {"ours": dist, **({"before": args.before.resolve()} if args.before else {})}
        with sync_playwright() as playwright:
            for kind, root in builds.items():
                server = serve.start(root)
                counted = first_visit_bytes(playwright, executable, server, root)
                server.shutdown()
                print(f"{kind}: first visit {counted:,} B, {counted / runtime_bytes:.4f}x the untouched runtime's "
                      f"five files ({runtime_bytes:,} B)")
        return 0

    with tempfile.TemporaryDirectory() as tmp:
        roots = {**bare_sites(Path(tmp)), "ours": dist}
        if args.before:
            roots["before"] = args.before.resolve()
        servers = {kind: serve.start(root, plain=args.plain) for kind, root in roots.items()}
        for kind in ("pyodide", "pyscript"):
            servers[kind].rules = [
                (p, {k: v for k, v in vals.items() if k != "Content-Security-Policy"}) for p, vals in servers[kind].rules
            ]
        results: dict[tuple[float, str], list[dict[str, float]]] = {}
        started = time.monotonic()
        with sync_playwright() as playwright:
            for run in range(args.runs):
                for throttle in args.throttle:
                    for kind in (k for k in PAGES if k in roots):
                        figures = measure(playwright, executable, servers[kind], roots[kind], kind=kind, throttle=throttle)
                        results.setdefault((throttle, kind), []).append(figures)
                        shown = " ".join(f"{k} {v / 1e6 if k == 'bytes' else v:.2f}" for k, v in figures.items())
                        print(f"run {run + 1} throttle {throttle:g}x {kind}: {shown}", flush=True)
        for server in servers.values():
            server.shutdown()

    print(f"\n{time.monotonic() - started:.0f} s in all; load average at end: "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    report(results, runtime_bytes)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
