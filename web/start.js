/*
 * Starts PyScript: a strict Content-Security-Policy and readable boot errors.
 *
 * - PyScript 0.7 compiles its worker hooks into a function with Function() as
 *   soon as it defines <script type="py">, even on pages that start no worker,
 *   which a CSP without 'unsafe-eval' forbids.  Its only built-in worker hook
 *   registers the `_pyscript` module inside workers; this site runs Python on
 *   the main thread only, so the hook is dropped before PyScript reads it (it
 *   does so after loading its plugins, which always takes a fetch, so this
 *   module body runs first).
 * - A Python exception reaches PyScript's stderr as an Error object (plain
 *   output arrives as strings); it is passed on to boot.js as a
 *   `pyapp:python-error` event so the page can say the start failed.
 *
 * tools/build.py rewrites the import below to the vendored, hashed folder.
 */
import { hooks } from "./pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();

hooks.main.onReady.add((wrap) => {
  const stderr = wrap.io.stderr;
  wrap.io.stderr = (error, ...rest) => {
    if (error instanceof Error) {
      dispatchEvent(new CustomEvent("pyapp:python-error", { detail: error.message }));
    }
    return stderr(error, ...rest);
  };
});
