/*
 * The page's side of the protocol under a DOM library: web/worker_page.js (as the build writes it, with
 * pyapp/ui/browser/protocol.py's table) replays what the worker's Python posted while whole games were drawn
 * (tests/protocol/record.py), and its document must end up as the mirror's tree after each game.
 *
 * Usage: node tests/protocol/replay.mjs WORKER_PAGE_JS RECORDING_JSON  (tests/protocol/test_replay.py runs it)
 * Prints one JSON line: {ok, messages, ops, checkpoints, failures}; exits 1 on any failure.
 *
 * Why linkedom: a real DOM (parsing, append/replaceWith/replaceChildren moving nodes, the CSSOM's
 * style) without a browser.  It has no layout and no Web Animations, so web/motion.js is stubbed: the
 * stub checks that what after() is handed is what before() measured for the same root.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import vm from "node:vm";

const require = createRequire(import.meta.url);
const { parseHTML } = require("linkedom");

const [scriptPath, recordingPath] = process.argv.slice(2);
const recording = JSON.parse(readFileSync(recordingPath, "utf8"));
const here = new URL(".", import.meta.url);
const failures = [];

/** localStorage: linkedom has none (worker_page.js wraps Storage.prototype's writers). */
class Storage {
  #items = new Map();
  get length() { return this.#items.size; }
  key(index) { return [...this.#items.keys()][index] ?? null; }
  getItem(key) { return this.#items.has(key) ? this.#items.get(key) : null; }
  setItem(key, value) { this.#items.set(String(key), String(value)); }
  removeItem(key) { this.#items.delete(key); }
  clear() { this.#items.clear(); }
}

const { window, document } = parseHTML(recording.html);
Object.defineProperty(document, "hidden", { value: false }); // a tab in front
// What linkedom does not do as a browser does: a field's value is a property apart from its attribute,
// and focus() moves the focus.
const values = new WeakMap();
Object.defineProperty(window.HTMLInputElement.prototype, "value", {
  get() { return values.has(this) ? values.get(this) : this.getAttribute("value") ?? ""; },
  set(value) { values.set(this, String(value)); },
});
let focused = null;
window.HTMLElement.prototype.focus = function focus() { focused = this; };
window.HTMLElement.prototype.blur = function blur() { if (focused === this) focused = null; };
const measured = new Map(); // what the motion stub's before() returned, to be handed back to after()
let motions = 0;
const context = {
  window, document, Node: window.Node, CustomEvent: window.CustomEvent, Storage, localStorage: new Storage(),
  location: new URL(recording.start.href), navigator: {}, scrollY: 0, performance, URL, JSON, Promise, Date,
  setTimeout, console: { ...console, error: (...args) => failures.push(`console.error: ${args.map(String).join(" ")}`) },
  addEventListener: window.addEventListener.bind(window), dispatchEvent: window.dispatchEvent.bind(window),
  scrollTo(x, y) { context.scrollY = y; },
  pyappMotion: {
    before(root, keys, list) {
      const seen = { root, keys, list: JSON.parse(list) };
      measured.set(seen, true);
      return seen;
    },
    after(root, keys, seen) {
      motions += 1;
      if (!measured.delete(seen) || seen.root !== root || seen.keys !== keys) failures.push("motion: after() was not handed before()'s measures of the same root");
    },
  },
};
context.globalThis = context;
vm.createContext(context);
vm.runInContext(readFileSync(new URL("../../web/dom.js", here), "utf8"), context, { filename: "web/dom.js" });
vm.runInContext(readFileSync(scriptPath, "utf8"), context, { filename: "worker_page.js" });

/** The worker as the page sees it: it posts the recorded texts and hears what the page says. */
const heard = [];
let listener = null;
const worker = {
  postMessage: (message) => heard.push(typeof message === "string" ? JSON.parse(message) : message),
  addEventListener: (type, handler) => { if (type === "message") listener = handler; },
  terminate() {},
};
context.pyappWorkerPage.attach(worker);

/** A node as [tag, {name: value} sorted, ...children], texts as strings: record.py writes the mirror's alike. */
function tree(node) {
  if (node.nodeType === window.Node.TEXT_NODE) return node.data;
  const pairs = node.getAttributeNames().map((name) => [name, node.getAttribute(name)]);
  if (node.localName === "input") pairs.push([".value", node.value], [".checked", Boolean(node.checked)]);
  const attrs = Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const children = [];
  for (const child of node.childNodes) {
    if (child.nodeType === window.Node.ELEMENT_NODE || child.nodeType === window.Node.TEXT_NODE) children.push(tree(child));
  }
  return [node.localName, attrs, ...children];
}

/** One way to write both trees: a style as its declarations (the CSSOM rewrites the spacing). */
function canonical(value) {
  if (Array.isArray(value)) {
    if (typeof value[0] === "string" && value[1] && typeof value[1] === "object" && !Array.isArray(value[1])) {
      const [tag, attrs, ...children] = value;
      const fixed = { ...attrs };
      if ("style" in fixed) {
        fixed.style = fixed.style.split(";").map((part) => part.split(":").map((s) => s.trim()).join(":")).filter((part) => part && part !== ":").join(";");
      }
      return [tag, fixed, ...children.map(canonical)];
    }
  }
  return value;
}

/** The first place two trees differ, as a path and both sides, or null. */
function difference(page, mirror, path = "body") {
  if (typeof page === "string" || typeof mirror === "string") {
    return page === mirror ? null : `${path}: page ${JSON.stringify(page)} != mirror ${JSON.stringify(mirror)}`;
  }
  const [pageTag, pageAttrs, ...pageChildren] = page;
  const [mirrorTag, mirrorAttrs, ...mirrorChildren] = mirror;
  if (pageTag !== mirrorTag) return `${path}: page <${pageTag}> != mirror <${mirrorTag}>`;
  if (JSON.stringify(pageAttrs) !== JSON.stringify(mirrorAttrs)) {
    return `${path}: page ${JSON.stringify(pageAttrs)} != mirror ${JSON.stringify(mirrorAttrs)}`;
  }
  for (let i = 0; i < Math.max(pageChildren.length, mirrorChildren.length); i++) {
    if (i >= pageChildren.length || i >= mirrorChildren.length) {
      return `${path}: page has ${pageChildren.length} children, mirror ${mirrorChildren.length}`;
    }
    const found = difference(pageChildren[i], mirrorChildren[i], `${path} > ${mirrorChildren[i][0] ?? "#text"}[${i}]`);
    if (found) return found;
  }
  return null;
}

const { MSG } = vm.runInContext("PROTOCOL", context); // the codes as the build wrote them in
const [hello, ...rest] = recording.posted;
listener({ data: hello });
const start = heard.shift();
// the page's answer to the hello: the snapshot the mirror adopted (ids, focus, next id) and its storage
if (start?.k !== MSG.START) failures.push(`the page answered the hello with ${JSON.stringify(start?.k)}`);
for (const field of ["page", "storage", "href"]) {
  if (JSON.stringify(start?.[field]) !== JSON.stringify(recording.start[field])) {
    failures.push(`start: ${field} ${JSON.stringify(start?.[field])} != recorded ${JSON.stringify(recording.start[field])}`);
  }
}

let ops = 0;
let index = 1;
for (const checkpoint of recording.checkpoints) {
  for (; index < checkpoint.messages; index++) {
    ops += JSON.parse(rest[index - 1]).ops?.length ?? 0;
    listener({ data: rest[index - 1] });
  }
  const after = `after ${checkpoint.game ?? "the end"}`;
  const found = difference(canonical(tree(document.body)), canonical(checkpoint.body), `${after}: body`);
  if (found) failures.push(found);
  let focus = []; // the focused element's child indexes from the body; null when it is out of the page
  for (let node = focused; node !== document.body && focus !== null; node = node?.parentNode) {
    if (!node?.parentNode) focus = null;
    else focus.unshift([...node.parentNode.childNodes].indexOf(node));
  }
  if (JSON.stringify(focus) !== JSON.stringify(checkpoint.focus)) failures.push(`${after}: focus ${JSON.stringify(focus)} != ${JSON.stringify(checkpoint.focus)}`);
  if (context.scrollY !== checkpoint.scroll) failures.push(`${after}: scrolled to ${context.scrollY}, not ${checkpoint.scroll}`);
}
if (motions === 0) failures.push("no motion was replayed");
const painted = heard.filter((message) => message.k === "painted").length;
console.log(JSON.stringify({ ok: failures.length === 0, messages: recording.posted.length, ops, motions, painted,
                             checkpoints: recording.checkpoints.length, failures: failures.slice(0, 5) }));
process.exit(failures.length === 0 ? 0 : 1);
