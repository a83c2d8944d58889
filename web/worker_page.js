/*
 * The page's side of Python in a worker (pyapp/ui/worker_page.py, issue 34): apply the
 * worker's ops to the document, report the events it listens to.
 *
 * Why: Pyodide's start is one task of seconds; in a worker it leaves the page's main
 * thread free to paint and take taps.  The worker holds a mirror of the document
 * (pyapp/ui/mirror.py); each node has an id both sides share.  This script
 * - answers the worker's hello with a snapshot of <body> (every element and text an id),
 *   the <html> attributes, the title and the focused element;
 * - applies each batch of ops in one task (the op list is in mirror.py's docstring);
 * - forwards the events of the elements the worker listens to, with what a handler reads
 *   (key, modifiers, the target's value), and reports every focus change and typed value;
 * - refuses default actions by the rules the worker declared (web/dom.js's prevent):
 *   the worker hears of an event after the browser has acted on it.
 * Text goes in as text nodes and attribute values, never as markup.
 */
"use strict";

globalThis.pyappWorkerPage = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const FIELDS = ["key", "shiftKey", "ctrlKey", "altKey", "metaKey", "repeat", "detail", "persisted", "newValue"];
  const CALLS = new Set(["focus", "blur", "select", "click", "showModal", "close"]);

  function attach(worker) {
    const nodes = new Map(); // id -> node, for every node the worker holds
    const ids = new WeakMap(); // node -> id
    const numbers = new WeakMap(); // event -> its number, the same for every element it reaches
    let nextId = 1;
    let nextEvent = 1;
    const dom = globalThis.pyappDom;

    let hello = false; // before the worker's hello a message would reach PyScript's bootstrap, not Python
    const say = (message) => hello && worker.postMessage(JSON.stringify(message));
    const name = (node) => {
      if (!ids.has(node)) {
        ids.set(node, nextId);
        nodes.set(nextId, node);
        nextId += 1;
      }
      return ids.get(node);
    };

    /** ``[id, tag, attrs, ...children]`` or ``[id, text]``; comments are left out (no op names them). */
    function snapshot(node) {
      if (node.nodeType === Node.TEXT_NODE) return [name(node), node.data];
      const attrs = {};
      for (const attr of node.attributes) attrs[attr.name] = attr.value;
      const children = [];
      for (const child of node.childNodes) {
        if (child.nodeType === Node.ELEMENT_NODE || child.nodeType === Node.TEXT_NODE) children.push(snapshot(child));
      }
      return [name(node), node.localName, attrs, ...children];
    }

    nodes.set(0, document.documentElement); // the mirror's <html> is 0
    ids.set(document.documentElement, 0);

    function start() {
      const html = {};
      for (const attr of document.documentElement.attributes) html[attr.name] = attr.value;
      const body = snapshot(document.body);
      const active = document.activeElement && ids.has(document.activeElement) ? ids.get(document.activeElement) : null;
      say({ k: "start", href: location.href, page: { html, title: document.title, body, active, next: nextId } });
    }

    function path(target, upTo) {
      const found = [];
      for (let node = target; node; node = node.parentNode) {
        if (ids.has(node)) found.push(ids.get(node));
        if (node === upTo) break;
      }
      return found;
    }

    function forward(element, type) {
      element.addEventListener(type, (event) => {
        if (!numbers.has(event)) numbers.set(event, nextEvent++);
        const fields = {};
        for (const field of FIELDS) if (event[field] !== undefined && event[field] !== null) fields[field] = event[field];
        const target = event.target;
        if (target && "value" in target && typeof target.value === "string") fields.value = target.value;
        if (target && target.type === "checkbox") fields.checked = target.checked;
        say({ k: "ev", n: numbers.get(event), id: ids.get(element), type, path: path(target, element), fields });
      });
    }

    function setAttribute(node, attr, value) {
      if (value === null) node.removeAttribute(attr);
      else if (attr === "style" && node.namespaceURI !== SVG) {
        node.removeAttribute("style");
        dom.setStyle(node, value);
      } else node.setAttribute(attr, value);
    }

    const get = (id) => nodes.get(id);
    const APPLY = {
      e(id, tag, ns, pairs) {
        const node = ns === "svg" ? document.createElementNS(SVG, tag) : document.createElement(tag);
        for (let i = 0; i < pairs.length; i += 2) setAttribute(node, pairs[i], pairs[i + 1]);
        nodes.set(id, node);
        ids.set(node, id);
      },
      t(id, text) {
        const node = document.createTextNode(text);
        nodes.set(id, node);
        ids.set(node, id);
      },
      a: (id, children) => get(id).append(...children.map(get)),
      r: (id, children) => get(id).replaceChildren(...children.map(get)),
      w: (id, others) => get(id).replaceWith(...others.map(get)),
      x: (id) => get(id).remove(),
      s: (id, attr, value) => setAttribute(get(id), attr, value),
      p(id, property, value) {
        if (property === "value" || property === "checked") get(id)[property] = value;
      },
      c(id, method) {
        const node = get(id);
        if (method === "scrollIntoView") node.scrollIntoView({ block: "nearest" });
        else if (CALLS.has(method)) node[method]();
      },
      l(id, type, rule) {
        if (rule === null) forward(get(id), type);
        else dom.prevent(get(id), type, rule);
      },
      d: (title) => {
        document.title = title;
      },
      f: (freed) => freed.forEach((id) => nodes.delete(id)),
    };

    function apply(ops) {
      for (const [op, ...args] of ops) {
        try {
          APPLY[op](...args);
        } catch (error) {
          console.error(`worker page: op ${op} failed`, args, error);
        }
      }
    }

    worker.addEventListener("message", (event) => {
      if (typeof event.data !== "string") return; // PyScript's own channel
      const message = JSON.parse(event.data);
      if (message.k === "hello") {
        hello = true;
        start();
      }
      else if (message.k === "ops") apply(message.ops);
    });
    document.addEventListener("focusin", (event) => say({ k: "focus", id: ids.get(event.target) ?? null }), true);
    document.addEventListener("focusout", (event) => {
      if (!event.relatedTarget) say({ k: "focus", id: null });
    }, true);
    for (const type of ["input", "change"]) {
      document.addEventListener(type, (event) => {
        const target = event.target;
        if (!ids.has(target)) return;
        say({ k: "value", id: ids.get(target), value: typeof target.value === "string" ? target.value : null,
              checked: target.type === "checkbox" ? target.checked : null });
      }, true);
    }
  }

  return Object.freeze({ attach });
})();
