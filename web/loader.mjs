/*
 * PyScript's `interpreter` module: Pyodide's loader with this build's files.
 *
 * PyScript imports the module its config names and calls its loadPyodide with
 * only stdout, stderr and indexURL.  tools/build.py fills in the constants
 * below and points the import at the runtime folder.  This wrapper
 * - passes the lock file's content, so the loader does not fetch
 *   pyodide-lock.json (the site loads no Pyodide package, so the lock lists none);
 * - fetches the trimmed, compiled standard library and our package, each a zip
 *   of stored members compressed whole with gzip (one stream shares what the
 *   files have in common; a zip deflates each member alone), unpacks them with
 *   the browser's DecompressionStream as they arrive, both downloads at once;
 * - answers Pyodide's one fetch of the standard library with those bytes, and
 *   unpacks our package where PyScript's `files` would ("./*");
 * - in PyScript's worker (both pages), tells the page what it fetched, for boot.js's
 *   progress bar and its missing-file check (the page sees only its own fetches), and
 *   why the start failed: web/worker_page.js passes both on as events (the messages of
 *   pyapp/ui/browser/protocol.py, like every message between the worker and its page).
 */
import { loadPyodide as loadRuntime, version } from "./pyodide/pyodide.mjs";

const LOCK = null; // filled in by tools/build.py
const FILES = null; // filled in by tools/build.py: {runtime, stdlib, app}, relative to this file
const PROTOCOL = null; // filled in by tools/build.py from pyapp/ui/browser/protocol.py
const { MSG } = PROTOCOL;

export { version };

const here = (path) => new URL(path, import.meta.url).href;

/**
 * The bytes of the gzip file at `url`, decompressed while it downloads.
 *
 * A host that labels the file `Content-Encoding: gzip` has the browser unpack
 * it already: then the body starts as a zip does ("PK"), not with gzip's 0x1f,
 * and is taken as it is.
 */
async function gunzip(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Failed to load '${url}': HTTP ${response.status}`);
  const reader = response.body.getReader();
  let first = await reader.read();
  while (!first.done && first.value.length === 0) first = await reader.read();
  const packed = !first.done && first.value[0] === 0x1f;
  const body = new ReadableStream({
    start(controller) {
      if (!first.done) controller.enqueue(first.value);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  try {
    return new Uint8Array(await new Response(packed ? body.pipeThrough(new DecompressionStream("gzip")) : body).arrayBuffer());
  } catch (error) {
    throw new Error(`Failed to unpack '${url}': ${error.message}`);
  }
}

const inWorker = typeof document === "undefined";
const tell = (message) => inWorker && postMessage(JSON.stringify(message));

if (inWorker) {
  new PerformanceObserver((list) => {
    tell({ k: MSG.BOOT, fetched: list.getEntries().map(({ name, responseStatus }) => ({ name, status: responseStatus })) });
  }).observe({ type: "resource", buffered: true });
}

export async function loadPyodide(options = {}) {
  try {
    return await load(options);
  } catch (error) {
    tell({ k: MSG.ERROR, text: String(error?.stack || error) });
    throw error;
  }
}

async function load(options) {
  const stdlibURL = here(FILES.stdlib);
  const stdlib = gunzip(stdlibURL);
  const app = gunzip(here(FILES.app));
  // Pyodide fetches stdLibURL itself and takes any response: that one request gets the unpacked bytes
  const fetchOthers = globalThis.fetch;
  globalThis.fetch = (resource, init) =>
    String(resource) === stdlibURL ? stdlib.then((bytes) => new Response(bytes)) : fetchOthers(resource, init);
  let pyodide, wheel;
  try {
    // a file that fails fails the start at once, with its name (Pyodide only logs a library it could not load)
    const runtime = loadRuntime({ lockFileContents: LOCK, ...options, indexURL: here(FILES.runtime), stdLibURL: stdlibURL });
    [pyodide, , wheel] = await Promise.all([runtime, stdlib, app]);
  } finally {
    globalThis.fetch = fetchOthers;
  }
  // a task of its own, as when PyScript fetched the wheel after the start: taps are handled in between
  await new Promise((resolve) => setTimeout(resolve));
  pyodide.unpackArchive(wheel, "whl", { extractDir: "./" });
  return pyodide;
}
