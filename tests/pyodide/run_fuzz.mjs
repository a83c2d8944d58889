// Runs tests/pyodide/fuzz_storage.py inside Pyodide under Node.js and prints its JSON result.
//   node tests/pyodide/run_fuzz.mjs WHEEL SEED COUNT
// Pyodide is the vendored npm package (node_modules/pyodide, the runtime the site ships);
// WHEEL is the site's own pyapp wheel (tools/build.py), unpacked as the page's [files] does.
// The storage code reads and writes a stand-in for the browser's localStorage, so the page's
// LocalStorageBackend (and its handling of JavaScript's null) is what is tested.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const pyodideDir = join(here, "..", "..", "node_modules", "pyodide");
const [wheel, seed, count] = process.argv.slice(2);

/** The Web Storage API over a Map: getItem gives null for a missing key, like a browser. */
class MemoryStorage {
  #items = new Map();
  get length() { return this.#items.size; }
  key(index) { return [...this.#items.keys()][index] ?? null; }
  getItem(key) { return this.#items.has(String(key)) ? this.#items.get(String(key)) : null; }
  setItem(key, value) { this.#items.set(String(key), String(value)); }
  removeItem(key) { this.#items.delete(String(key)); }
  clear() { this.#items.clear(); }
}
globalThis.window = { localStorage: new MemoryStorage() };

const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel", { extractDir: "/app" });
pyodide.FS.writeFile("/app/fuzz_storage.py", readFileSync(join(here, "fuzz_storage.py")));
pyodide.globals.set("SEED", Number(seed));
pyodide.globals.set("COUNT", Number(count));
const out = await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, "/app")
import js
import fuzz_storage
from pyapp.ui.browser.local_storage import LocalStorageBackend

def local_backend(items):
    storage = js.window.localStorage
    storage.clear()
    for key, value in items.items():
        storage.setItem(key, value)
    return LocalStorageBackend(storage)

json.dumps(fuzz_storage.run(SEED, COUNT, local_backend))
`);
console.log(out);
