/*
 * Service worker: the whole site, runtime included, from one cache per build.
 *
 * tools/build.py fills BUILD with the cache name (a hash of every built file),
 * the list of files and the digests of the few files served under fixed names.
 * A new build means a new sw.js, which installs a complete new cache, then waits
 * until every page of the old build is closed or the player asks for the update;
 * pages keep being served by one build until then, never a mix.
 */
"use strict";

const BUILD = null; // filled in by tools/build.py
const PREFIX = "pyapp-";
const scope = new URL(self.registration.scope);
const INDEX = new URL("index.html", scope).href;
const EMBED = new URL("embed.html", scope).href; // one page for every demo: its query says which

async function sha256(buffer) {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Fetch and store every file; fail (keeping the old worker) if any is missing or from another build. */
async function precache() {
  const cache = await caches.open(BUILD.cache);
  try {
    await Promise.all(
      BUILD.files.map(async (path) => {
        const url = new URL(path, scope).href;
        const expected = BUILD.digests[path];
        // content-hashed files may come from the HTTP cache; fixed names must be fresh
        const response = await fetch(url, { cache: expected ? "no-cache" : "default" });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        if (expected && (await sha256(await response.clone().arrayBuffer())) !== expected) {
          throw new Error(`${path} belongs to another build`);
        }
        await cache.put(url, response);
      }),
    );
  } catch (error) {
    await caches.delete(BUILD.cache);
    throw error;
  }
}

async function dropOldCaches() {
  const names = await caches.keys();
  await Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== BUILD.cache).map((n) => caches.delete(n)));
  await self.clients.claim();
}

async function respond(request) {
  const cache = await caches.open(BUILD.cache);
  const url = new URL(request.url);
  const path = url.origin + url.pathname;
  const isPage = request.mode === "navigate" && (path === scope.href || path === INDEX);
  const hit = isPage
    ? await cache.match(INDEX)
    : path === EMBED
      ? await cache.match(EMBED)
      : await cache.match(request);
  return hit || fetch(request);
}

/**
 * WebAssembly: from the network first (which the browser answers from its HTTP
 * cache, the file being content-hashed and immutable), this build's cache when
 * that fails.  Chromium keeps the compiled code of a module beside its HTTP
 * cache entry, not beside a Cache Storage copy: served from Cache Storage, the
 * 9 MB Pyodide module was compiled again on every visit (warm boot 1.27-1.64x
 * a bare page's; 0.86-1.07x this way, bench/boot.py).
 */
async function respondWasm(request) {
  const cached = () => caches.open(BUILD.cache).then((cache) => cache.match(request));
  try {
    const response = await fetch(request);
    return response.ok ? response : (await cached()) || response;
  } catch (error) {
    const hit = await cached();
    if (hit) return hit;
    throw error;
  }
}

self.addEventListener("install", (event) => event.waitUntil(precache()));
// A waiting build takes over only when a page asks (the player chose Update); every
// page of the old build then reloads on its controllerchange (web/boot.js).
self.addEventListener("message", (event) => {
  if (event.data?.type === "skip-waiting") self.skipWaiting();
});
self.addEventListener("activate", (event) => event.waitUntil(dropOldCaches()));
self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== scope.origin) return;
  event.respondWith(new URL(request.url).pathname.endsWith(".wasm") ? respondWasm(request) : respond(request));
});
