/*
 * The page's side of Python in a worker (pyapp/ui/worker/worker_page.py, issue 34): apply the
 * worker's ops to the document, report the events it listens to.
 *
 * Why: Pyodide's start is one task of seconds; in a worker it leaves the page's main
 * thread free to paint and take taps.  The worker holds a mirror of the document
 * (pyapp/ui/worker/mirror.py); each node has an id both sides share.  This script
 * - answers the worker's hello with the module to run (the script's data-entry) and a
 *   snapshot of <head> and <body> (every element and text an id), the <html> attributes,
 *   the focused element, whether the tab is hidden and a copy of localStorage;
 * - writes localStorage for the worker, in order, a game's under its Web Lock, and answers each write;
 * - applies each batch of ops in one task (the ops and messages, their codes, fields and meanings, are
 *   declared once in pyapp/ui/browser/protocol.py: the build writes its PROTOCOL line below, and this script
 *   names every code by its name there, OP.ELEMENT, MSG.START..., as Python does);
 * - forwards the events of the elements (and the window, id -1) the worker listens to,
 *   with what a handler reads (key, modifiers, the target's value, a drop's or a chooser's
 *   files), the page's time of the event and the batch of ops applied last (which drawing the
 *   person saw: the worker judges a tap by these, not by when it hears of it), and reports
 *   every focus change, typed value and change of visibility, and, when asked, when it
 *   applied a batch;
 * - refuses default actions by the rules the worker declared (web/dom.js's prevent):
 *   the worker hears of an event after the browser has acted on it.
 * Text goes in as text nodes and attribute values, never as markup.
 */
"use strict";

const PROTOCOL = null; // filled in by tools/build.py from pyapp/ui/browser/protocol.py

globalThis.pyappWorkerPage = (() => {
  const { OP, MSG } = PROTOCOL;
  const SVG = "http://www.w3.org/2000/svg";
  const FIELDS = ["key", "shiftKey", "ctrlKey", "altKey", "metaKey", "repeat", "detail", "persisted", "newValue",
                  "timeStamp"];
  const CALLS = new Set(["focus", "blur", "select", "click", "showModal", "close"]);
  let sent = 0; // text messages sent to the page's worker
  let drawn = 0; // of those, how many the worker had handled by the last batch applied
  let waiting = []; // settled() calls waiting for drawn to reach sent
  let queue = Promise.resolve(); // the worker's writes to localStorage, applied one after another (put below)

  function attach(worker) {
    const nodes = new Map(); // id -> node, for every node the worker holds (the window is -1)
    const ids = new WeakMap(); // node -> id
    const numbers = new WeakMap(); // event -> its number, the same for every element it reaches
    let nextId = 1;
    let nextEvent = 1;
    let applied = 0; // the last batch of ops applied: the drawing an event happens on (its "b")
    const dom = globalThis.pyappDom;

    let hello = false; // before the worker's hello a message would reach PyScript's bootstrap, not Python
    let known = null; // the share sheet and the e2e suite's pyappTest* hooks as last sent (a test may change them)
    // every message carries what the worker reads of the page's own (pyapp/ui/worker/page_services.py): its clock
    // (a test may set it, and a worker does not share it) and scroll, and whether it has a share sheet and
    // the hooks when they changed
    const say = (message) => {
      if (!hello) return;
      sent += 1;
      const hooks = {};
      for (const key of Object.keys(globalThis)) if (key.startsWith("pyappTest")) hooks[key] = globalThis[key];
      const share = typeof navigator.share === "function";
      const now = JSON.stringify([share, hooks]);
      if (now !== known) {
        known = now;
        Object.assign(message, { share, hooks });
      }
      message.t = Date.now();
      message.y = scrollY;
      worker.postMessage(JSON.stringify(message));
    };
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
    nodes.set(-1, window);
    ids.set(window, -1);
    const seen = new Map(); // motion.js's measures before a redraw, by the number the worker gave them

    function start() {
      const html = {};
      for (const attr of document.documentElement.attributes) html[attr.name] = attr.value;
      const head = snapshot(document.head);
      const body = snapshot(document.body);
      const active = document.activeElement && ids.has(document.activeElement) ? ids.get(document.activeElement) : null;
      const entry = document.querySelector('script[type="py"][worker]')?.dataset.entry;
      say({ k: MSG.START, entry, href: location.href, storage: stored(),
            page: { html, head, body, active, next: nextId, hidden: document.hidden } });
    }

    /** Every item of localStorage, or null where the page may have none (private mode, cookies off). */
    function stored() {
      try {
        const items = {};
        for (let i = 0; i < localStorage.length; i++) {
          const key = localStorage.key(i);
          items[key] = localStorage.getItem(key);
        }
        return items;
      } catch {
        return null;
      }
    }

    // The worker reads a copy of localStorage (pyapp/ui/browser/page_storage.py's PageStorage): it hears of every
    // change it did not make, another tab's (the storage event) or a script's on this page, as the value
    // stored now (an event may come late, after a newer write).
    let writing = false; // the worker's own write, which it has in its copy already
    const report = (key) => say(key === null ? { k: MSG.STORAGE, all: stored() }
      : { k: MSG.STORAGE, key, value: localStorage.getItem(key) });
    addEventListener("storage", (event) => {
      if (event.storageArea === localStorage) report(event.key);
    });
    for (const method of ["setItem", "removeItem", "clear"]) {
      const original = Storage.prototype[method];
      Storage.prototype[method] = function (...args) {
        const result = original.apply(this, args);
        if (!writing && this === localStorage) report(method === "clear" ? null : String(args[0]));
        return result;
      };
    }
    const write = (key, value) => {
      writing = true;
      try {
        if (value === null) localStorage.removeItem(key);
        else localStorage.setItem(key, value);
      } finally {
        writing = false;
      }
    };

    // The page is the one writer of its localStorage: the worker's writes ({k: MSG.PUT, n, items, if, lock})
    // are applied strictly in the order sent, each answered ({k: MSG.STORED, n}, or with why and what is
    // stored). A guarded one is checked and written under its Web Lock, which every tab's page takes for
    // that game: localStorage has no lock across tabs, and two tabs' checks must not pass together.
    function put({ n, items, if: expect, lock }) {
      const keys = [...new Set([...Object.keys(items), ...Object.keys(expect)])];
      const now = () => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)]));
      const run = () => {
        let answer = { k: MSG.STORED, n };
        try {
          if (Object.entries(expect).some(([key, value]) => localStorage.getItem(key) !== value)) {
            answer = { k: MSG.STORED, n, why: "stale", items: now() };
          } else {
            const before = now();
            try {
              for (const [key, value] of Object.entries(items)) write(key, value);
            } catch (error) { // all or nothing: what was written of it is put back
              for (const [key, value] of Object.entries(before)) try { write(key, value); } catch { /* it was there */ }
              answer = { k: MSG.STORED, n, why: error?.name === "QuotaExceededError" ? "full" : "refused", items: now() };
            }
          }
        } catch {
          answer = { k: MSG.STORED, n, why: "none" }; // the page has no storage (any more)
        }
        say(answer); // at once, before a storage event that follows the write
      };
      const locks = lock ? globalThis.navigator?.locks : null;
      queue = queue.then(() => (locks ? locks.request(lock, run) : run())).catch((error) => {
        console.error("worker page: a write failed", error);
        say({ k: MSG.STORED, n, why: "refused", items: {} });
      });
    }

    function path(target, upTo) {
      const found = [];
      for (let node = target; node; node = node.parentNode) {
        if (ids.has(node)) found.push(ids.get(node));
        if (node === upTo) break;
      }
      return found;
    }

    function forward(element, type, capture) {
      element.addEventListener(type, (event) => {
        if (!numbers.has(event)) numbers.set(event, nextEvent++);
        const fields = {};
        for (const field of FIELDS) if (event[field] !== undefined && event[field] !== null) fields[field] = event[field];
        const target = event.target;
        if (target && "value" in target && typeof target.value === "string") fields.value = target.value;
        if (target && target.type === "checkbox") fields.checked = target.checked;
        const files = event.dataTransfer?.files ?? (target?.type === "file" ? target.files : null);
        if (hello && files) worker.postMessage({ k: MSG.FILES, n: numbers.get(event), files: [...files] });
        // the focus as the event finds it: a background tab's focus() may fire no focusin
        const active = ids.get(document.activeElement) ?? null;
        const message = { k: MSG.EVENT, n: numbers.get(event), id: ids.get(element), type, path: path(target, element), fields,
                          active, b: applied };
        if (capture) message.capture = true;
        say(message);
      }, capture);
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
      [OP.ELEMENT](id, tag, ns, pairs) {
        const node = ns === "svg" ? document.createElementNS(SVG, tag) : document.createElement(tag);
        for (let i = 0; i < pairs.length; i += 2) setAttribute(node, pairs[i], pairs[i + 1]);
        nodes.set(id, node);
        ids.set(node, id);
      },
      [OP.TEXT](id, text) {
        const node = document.createTextNode(text);
        nodes.set(id, node);
        ids.set(node, id);
      },
      [OP.RENAME](id, next) { // the worker drew this node again alike: its new node takes the element over
        const node = nodes.get(id);
        nodes.delete(id);
        nodes.set(next, node);
        ids.set(node, next);
      },
      [OP.SET_TEXT]: (id, text) => {
        get(id).data = text;
      },
      [OP.APPEND]: (id, children) => get(id).append(...children.map(get)),
      [OP.REPLACE_CHILDREN]: (id, children) => get(id).replaceChildren(...children.map(get)),
      [OP.REPLACE_WITH]: (id, others) => get(id).replaceWith(...others.map(get)),
      [OP.REMOVE]: (id) => get(id).remove(),
      [OP.SET_ATTRIBUTE]: (id, attr, value) => setAttribute(get(id), attr, value),
      [OP.SET_PROPERTY](id, property, value) {
        if (property === "value" || property === "checked") get(id)[property] = value;
      },
      [OP.CALL](id, method) {
        const node = get(id);
        if (method === "scrollIntoView") node.scrollIntoView({ block: "nearest" });
        else if (CALLS.has(method)) node[method]();
      },
      [OP.LISTEN](id, type, rule, capture = false) {
        if (rule === null) forward(get(id), type, capture);
        else dom.prevent(get(id), type, rule);
      },
      [OP.SCROLL]: (x, y) => scrollTo(x, y),
      [OP.MEASURE](id, keys, motions, number) {
        seen.set(number, globalThis.pyappMotion.before(get(id), keys, motions));
      },
      [OP.MOVE](id, keys, number) {
        const measured = seen.get(number);
        seen.delete(number);
        if (measured) globalThis.pyappMotion.after(get(id), keys, measured);
      },
      [OP.FORGET]: (freed) => freed.forEach((id) => nodes.delete(id)),
      [OP.ROUTE](hash, replace) {
        if (replace) location.replace(hash);
        else location.hash = hash;
      },
      [OP.DOWNLOAD](text, filename, type) { // a download: the Blob and its object URL are the page's, freed later
        const url = URL.createObjectURL(new Blob([text], { type }));
        const link = document.createElement("a");
        link.href = url;
        link.download = filename;
        link.hidden = true;
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 30000);
      },
      [OP.ASK](n, what, data) { // a request the worker awaits: answered with a value or an error
        const fail = (error) => say({ k: MSG.ANSWER, n, error: String(error?.message ?? error) });
        try {
          Promise.resolve(ASK[what](data, n)).then((value) => say({ k: MSG.ANSWER, n, value: value ?? null }), fail);
        } catch (error) {
          fail(error);
        }
      },
      [OP.LINK_SEND](n, text, peer) {
        try {
          links.get(n)?.send(text, peer)?.catch?.(() => {}); // a peer that just left: the protocol sends again
        } catch {
          // closed underneath: as above
        }
      },
      [OP.LINK_CLOSE](n) {
        links.get(n)?.close();
        links.delete(n);
      },
    };

    // The requests of ask: what the page does for the worker.  The share sheet and the clipboard keep the
    // tap's user activation: the worker asks within milliseconds of the event it was sent.
    const links = new Map(); // the friends' links (web/friends/link.mjs: WebRTC, which workers lack), by ask
    const ASK = {
      share: (data) => navigator.share(data),
      copy: (text) => navigator.clipboard.writeText(text),
      async qr({ text, level }) { // the QR encoder, fetched only now: its modules, row by row (1: dark)
        const code = (await globalThis.pyappImport("qr")).default(0, level); // 0: the smallest version that holds it
        code.addData(text);
        code.make();
        const count = code.getModuleCount();
        return Array.from({ length: count }, (_, row) => Array.from({ length: count }, (_, col) => (code.isDark(row, col) ? 1 : 0)));
      },
      async link(options, n) {
        const link = await (await globalThis.pyappImport("p2p")).open(options);
        links.set(n, link);
        link.onMessage((text, peer) => say({ k: MSG.LINK_MESSAGE, n, text, peer }));
        link.onPeer((peer, joined) => say({ k: MSG.LINK_PEER, n, peer, joined }));
        link.onError((text) => say({ k: MSG.LINK_ERROR, n, text }));
        return link.selfId;
      },
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
      if (message.k === MSG.HELLO) {
        hello = true;
        start();
      } else if (message.k === MSG.OPS) {
        apply(message.ops);
        applied = message.b;
        // when the worker asks (a guard's drawing): the page's time it was applied, before any event on it
        if (message.w) worker.postMessage(JSON.stringify({ k: MSG.PAINTED, b: applied, t: performance.now() }));
        drawn = message.q;
        if (drawn >= sent) {
          for (const resolve of waiting) resolve();
          waiting = [];
        }
      } else if (message.k === MSG.PUT) {
        put(message);
      } else if (message.k === MSG.STORE) { // the reading mark: best-effort, not waited for
        try {
          write(message.key, message.value);
        } catch {
          try { // as pyapp/storage/aside.py's _clear_mark: a refused removal leaves an empty mark, naming no record
            if (message.value === null) write(message.key, "");
          } catch {
            // a full store reads without the mark
          }
        }
      } else if (message.k === MSG.ERROR) { // Python's, or the loader's (web/loader.mjs)
        dispatchEvent(new CustomEvent("pyapp:python-error", { detail: message.text }));
      } else if (message.k === MSG.BOOT) { // what the loader fetched, for web/boot.js
        dispatchEvent(new CustomEvent("pyapp:worker-boot", { detail: message.fetched }));
      }
    });
    // the address before the worker's own hashchange listener hears of the change (added later, by an op)
    addEventListener("hashchange", () => say({ k: MSG.ADDRESS, href: location.href }));
    document.addEventListener("visibilitychange", () => say({ k: MSG.HIDDEN, hidden: document.hidden }));
    // a dialog the browser closed (Escape) or a <details> the person toggled: the worker's `open` follows
    for (const type of ["close", "toggle"]) {
      document.addEventListener(type, ({ target }) => {
        if (ids.has(target)) say({ k: MSG.OPEN, id: ids.get(target), open: target.open });
      }, true);
    }
    // a page unloaded for good ends its worker now: what the worker holds (a game's Web Lock) is let go
    // before the next page asks, which the browser's own, later clean-up would not promise
    addEventListener("pagehide", (event) => event.persisted || worker.terminate());
    document.addEventListener("focusin", (event) => say({ k: MSG.FOCUS, id: ids.get(event.target) ?? null }), true);
    document.addEventListener("focusout", (event) => {
      if (!event.relatedTarget) say({ k: MSG.FOCUS, id: null });
    }, true);
    for (const type of ["input", "change"]) {
      document.addEventListener(type, (event) => {
        const target = event.target;
        if (!ids.has(target)) return;
        say({ k: MSG.VALUE, id: ids.get(target), value: typeof target.value === "string" ? target.value : null,
              checked: target.type === "checkbox" ? target.checked : null });
      }, true);
    }
  }

  /**
   * Resolves once the worker has handled every message the page sent it so far (the events of a tap
   * just made included), the page has drawn what that changed and made the writes to localStorage it
   * asked for: what an e2e test waits for after an action, as it would after a handler on the main
   * thread.  Rejects after 60 s.
   */
  function settled() {
    return new Promise((resolve, reject) => {
      setTimeout(() => { // a task later: the events an action just caused have been forwarded
        const written = () => queue.then(resolve); // and the writes the worker asked for meanwhile are made
        if (drawn >= sent) written();
        else {
          waiting.push(written);
          setTimeout(() => reject(new Error(`worker page: ${sent - drawn} messages not handled in 60 s`)), 60000);
        }
      });
    });
  }

  return Object.freeze({ attach, settled });
})();
