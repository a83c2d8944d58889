/*
 * Element building for pyapp/ui/dom.py and web/embed.js, in JavaScript.
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

  /** Where an element sits (its nearest named section) and what it shows, read from ``keys``. */
  function identity(node, keys) {
    const parts = [];
    for (const name of keys) {
      const value = node.getAttribute(name);
      if (value !== null) parts.push(`${name}=${value}`);
    }
    const height = node.getAttribute("data-height");
    if (height !== null) parts.push(`h=${height}`);
    const section = node.parentElement?.closest("[data-testid]");
    if (section) parts.push(`in=${section.getAttribute("data-testid")}`);
    return parts.join(" ");
  }

  /** The identities of the elements under ``root`` that carry one of ``keys`` (space-separated). */
  function identities(root, keys) {
    const names = keys.split(" ");
    const selector = names.map((name) => `[${name}]`).join(",");
    return new Set(Array.from(root.querySelectorAll(selector), (node) => identity(node, names)));
  }

  /** Give the class ``fresh`` to elements whose identity was not in ``before`` (CSS animates them). */
  function markFresh(root, keys, before) {
    if (before.size === 0) return; // the first drawing: nothing to compare with
    const names = keys.split(" ");
    for (const node of root.querySelectorAll(names.map((name) => `[${name}]`).join(","))) {
      if (!before.has(identity(node, names))) node.classList.add("fresh");
    }
    travel(root);
  }

  const still = () =>
    document.documentElement.dataset.motion === "reduce" || matchMedia("(prefers-reduced-motion: reduce)").matches;

  /**
   * A pair or card just played travels from its seat's chip to its place in the trick (FLIP: it is
   * drawn in place, then moved back to the chip and animated home with transform and opacity only,
   * so input is never held up). Nothing moves under reduced motion.
   */
  function travel(root) {
    if (still()) return;
    const plays = [];
    for (const play of root.querySelectorAll(".dyad-trick .fresh[data-seat], .dieci-trick .fresh.play[data-seat]")) {
      const seat = root.querySelector(`[data-testid="player-${play.dataset.seat}"]`);
      if (!seat) continue;
      play.classList.add("travels"); // its CSS arrival gives way to the journey
      plays.push([play, seat]);
    }
    if (!plays.length) return;
    // measured in the next frame, whose layout is due anyway: the redraw's task does not pay for one
    requestAnimationFrame(() => {
      for (const [play, seat] of plays) {
        const from = seat.getBoundingClientRect();
        const to = play.getBoundingClientRect();
        const dx = from.left + from.width / 2 - (to.left + to.width / 2);
        const dy = from.top + from.height / 2 - (to.top + to.height / 2);
        play.animate(
          [{ transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0.4 }, { transform: "none", opacity: 1 }],
          { duration: 320, easing: "ease-out" },
        );
      }
    });
  }

  return Object.freeze({ element, tree, identities, markFresh });
})();
