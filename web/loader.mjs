/*
 * PyScript's `interpreter` module: Pyodide's loader with this build's options.
 *
 * PyScript imports the module its config names and calls its loadPyodide with
 * only stdout, stderr and indexURL (the folder of this file).  This wrapper,
 * beside pyodide.mjs in the runtime folder, adds the lock file's content, so
 * the loader does not fetch pyodide-lock.json: the site loads no Pyodide
 * package, so the lock lists none.  The folder's python_stdlib.zip is the
 * trimmed, compiled one tools/build.py made (tools/stdlib.py).
 */
import { loadPyodide as loadRuntime, version } from "./pyodide.mjs";

const LOCK = null; // filled in by tools/build.py

export { version };

export function loadPyodide(options = {}) {
  return loadRuntime({ lockFileContents: LOCK, ...options });
}
