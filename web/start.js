/*
 * Starts PyScript under a strict Content-Security-Policy (no 'unsafe-eval').
 *
 * PyScript 0.7 compiles its worker hooks into a function with Function() as
 * soon as it defines <script type="py">, even on pages that start no worker.
 * Its only built-in worker hook registers the `_pyscript` module inside
 * workers; this site runs Python on the main thread only, so the hook is
 * dropped before PyScript reads it (it does so after loading its plugins,
 * which always takes a fetch, so this module body runs first).
 * tools/build.py rewrites the import below to the vendored, hashed folder.
 */
import { hooks } from "./pyscript/core.js";

hooks.worker.onBeforeRunAsync.clear();
