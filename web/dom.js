/*
 * Element building for pyapp/ui/browser/dom.py and web/embed.js, in JavaScript.
 *
 * Why: every call from Pyodide into the DOM crosses the Python/JavaScript
 * boundary.  At one crossing per attribute and per child, drawing a Triad
 * board (60 cells) was most of a 60-90 ms task.  Here one element is one
 * call, its attributes and children passed as arguments.
 * Text always becomes text nodes, never markup.
 */
"use strict";

globalThis.pyappDom = (() => {
  /** Apply "prop: value; ..." through the CSSOM (the CSP forbids style attributes in markup). */
  function setStyle(element, declarations) {
    for (const declaration of declarations.split(";")) {
      const colon = declaration.indexOf(":");
      if (colon < 0) continue;
      const prop = declaration.slice(0, colon).trim();
      if (prop) element.style.setProperty(prop, declaration.slice(colon + 1).trim());
    }
  }

  /**
   * <tag> with ``count`` attributes, then children: ``rest`` holds ``count``
   * name, value pairs, then the children (nodes or strings).
   */
  function element(tag, count, ...rest) {
    const node = document.createElement(tag);
    for (let i = 0; i < 2 * count; i += 2) {
      if (rest[i] === "style") setStyle(node, rest[i + 1]);
      else node.setAttribute(rest[i], rest[i + 1]);
    }
    node.append(...rest.slice(2 * count));
    return node;
  }

  /** An element tree [tag, {name: value}, ...children] as DOM nodes; strings become text. */
  function tree(node) {
    if (typeof node === "string") return document.createTextNode(node);
    const [tag, attrs, ...children] = node;
    const pairs = Object.entries(attrs).flatMap(([name, value]) => [name, value === true ? "" : String(value)]);
    return element(tag, pairs.length / 2, ...pairs, ...children.map(tree));
  }

  /**
   * Refuse ``type``'s default action on ``element`` by ``rule`` (JSON: ``keys``, only these keys when
   * any; ``within``, only when the target is inside that selector; ``unless``, not when it is inside
   * that one), at the event itself: a handler
   * in Python may run later than the event (in a worker) and could no longer refuse it.
   */
  function prevent(element, type, rule) {
    const { keys, within, unless } = JSON.parse(rule);
    element.addEventListener(type, (event) => {
      if (keys.length && !keys.includes(event.key)) return;
      if (within && !event.target.closest?.(within)) return;
      if (unless && event.target.closest?.(unless)) return;
      event.preventDefault();
    });
  }

  return Object.freeze({ element, tree, setStyle, prevent });
})();

/*
 * window.pyappImport(name): a Promise of one of the build's lazy modules (tools/build.py,
 * LAZY_MODULES), e.g. the peer-to-peer link "p2p".  Why: they are fetched only when a
 * feature needs them, never on a normal visit, and not precached by the service worker.
 * The name -> file map is the page's boot data ("lazy"); an unknown name rejects.
 * A plain dynamic import() of a same-origin file: the CSP's script-src 'self' allows it.
 */
globalThis.pyappImport = (() => {
  let table = null;
  function lazyFiles() {
    if (table === null) {
      const data = document.getElementById("boot-data");
      table = (data && JSON.parse(data.textContent).lazy) || {};
    }
    return table;
  }
  return (name) => {
    const files = lazyFiles();
    if (!Object.hasOwn(files, name)) return Promise.reject(new Error(`pyappImport: no lazy module ${name}`));
    return import(new URL(files[name], document.baseURI).href);
  };
})();
