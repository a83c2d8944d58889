/*
 * Starts PyScript: after the first paint, a strict Content-Security-Policy and readable boot errors.
 *
 * - PyScript and the runtime are fetched once the static shell is painted: a
 *   download that ends before the largest paint counts in Lighthouse's
 *   simulated largest contentful paint (slow 4G: the runtime's megabytes took it
 *   from the first paint's 3 s to 10-25 s, issue 34); waiting costs about a frame.
 * - PyScript 0.7 compiles its worker hooks into a function with Function() as
 *   soon as it defines <script type="py">, even on pages that start no worker,
 *   which a CSP without 'unsafe-eval' forbids.  Its only built-in worker hook
 *   registers the `_pyscript` module inside workers, which our worker Python
 *   (pyapp/ui/worker/worker_page.py) never imports, so the hook is dropped before
 *   PyScript reads it (it does so after loading its plugins, which always takes
 *   a fetch, so this module body runs first).
 * - Both pages run their Python in PyScript's worker: the page hands the worker
 *   to web/worker_page.js, which draws what the worker's mirror says.  It is
 *   loaded here, after the first paint, not by a tag of its own: Lighthouse's
 *   simulated largest paint counts the scripts that start before it (0.15-0.32 s
 *   after the first paint with the tag, 0.01 s without; issue 34).
 * - A Python exception reaches PyScript's stderr as an Error object (plain
 *   output arrives as strings); it is passed on to boot.js as a
 *   `pyapp:python-error` event so the page can say the start failed.
 *
 * tools/build.py rewrites the import below to the vendored, hashed folder.
 */

/**
 * Resolves once the first contentful paint is on screen (its paint entry comes
 * after the frame is presented, later than a frame's callback).  At once in a
 * frame (the embed: an offscreen frame may not paint until scrolled to), a
 * hidden tab (it paints nothing) or a browser that does not report paints; and
 * after 3 s whatever happens, so that nothing can keep Python from starting.
 */
function painted() {
  return new Promise((resolve) => {
    const framed = window.top !== window;
    if (framed || document.visibilityState !== "visible" || !PerformanceObserver.supportedEntryTypes?.includes("paint")) {
      resolve();
      return;
    }
    setTimeout(resolve, 3000);
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === "first-contentful-paint")) return;
      observer.disconnect();
      resolve();
    }).observe({ type: "paint", buffered: true });
    document.addEventListener("visibilitychange", resolve, { once: true }); // hidden before it painted
  });
}

/** Runs the classic script at ``src`` (same-origin, so the policy's script-src 'self' allows it). */
function load(src) {
  return new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.onload = resolve;
    script.onerror = () => reject(new Error(`${src} did not load`));
    document.head.append(script);
  });
}

await painted();
const workerPage = document.querySelector("script[data-worker-page]")?.dataset.workerPage;
if (workerPage) await load(workerPage);
const { hooks } = await import("./pyscript/core.js");

hooks.worker.onBeforeRunAsync.clear();
if (globalThis.pyappWorkerPage) hooks.main.onWorker.add((wrap, xworker) => globalThis.pyappWorkerPage.attach(xworker));

hooks.main.onReady.add((wrap) => {
  const stderr = wrap.io.stderr;
  wrap.io.stderr = (error, ...rest) => {
    if (error instanceof Error) {
      dispatchEvent(new CustomEvent("pyapp:python-error", { detail: error.message }));
    }
    return stderr(error, ...rest);
  };
});
