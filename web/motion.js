/*
 * The table's motion, for pyapp/ui/browser/motion.py: what just arrived (the class ``fresh``, which CSS
 * animates), a played card or pair travelling from its seat to the trick, and the motions a game
 * names for a change (a won trick going to its taker, a retrieved card to a hand, a Triad piece
 * dropping onto its cell, removed triads lifting off).
 *
 * Why here: a redraw replaces the table, so what leaves it must be measured and copied before
 * (``before``) and moved after (``after``); both are one call from Python.  Only transform and
 * opacity are animated, with the Web Animations API, and every rectangle of the new table is read
 * in the next frame, whose layout is due anyway, so the redraw's task pays for no layout.  Copies
 * (ghosts) take no pointer and are hidden from screen readers, so input is never held up; the next
 * redraw clears them with the table, which ends any motion still running.  Under reduced motion or
 * with animations off nothing is measured, copied or started.  Every moving element carries
 * ``data-moving`` (its kind) while it moves: the e2e suite watches that.
 */
"use strict";

globalThis.pyappMotion = (() => {
  const still = () =>
    document.documentElement.dataset.motion === "reduce" || matchMedia("(prefers-reduced-motion: reduce)").matches;

  /** Where an element sits (its nearest named section) and what it shows, read from ``names``. */
  function identity(node, names) {
    const parts = [];
    for (const name of names) {
      const value = node.getAttribute(name);
      if (value !== null) parts.push(`${name}=${value}`);
    }
    const height = node.getAttribute("data-height");
    if (height !== null) parts.push(`h=${height}`);
    const section = node.parentElement?.closest("[data-testid]");
    if (section) parts.push(`in=${section.getAttribute("data-testid")}`);
    return parts.join(" ");
  }

  const marked = (root, names) => root.querySelectorAll(names.map((name) => `[${name}]`).join(","));

  /** A copy of ``node`` that only looks like it: no hooks, names, roles, focus or pointer (``.motion-ghost``). */
  function ghostOf(node) {
    const ghost = node.cloneNode(true);
    for (const element of [ghost, ...ghost.querySelectorAll("*")]) {
      for (const name of element.getAttributeNames()) {
        if (name !== "class" && name !== "data-glyph") element.removeAttribute(name);
      }
    }
    ghost.classList.remove("fresh", "travels");
    ghost.classList.add("motion-ghost");
    ghost.setAttribute("aria-hidden", "true");
    ghost.inert = true; // a copied button (a Triad cell) takes no focus
    return ghost;
  }

  /**
   * What is on screen under ``root`` before a redraw: the identities of elements carrying one of
   * ``keys`` (space-separated), and copies of what ``motions`` (JSON, pyapp/ui/browser/motion.py) take
   * from this drawing, measured if they move from where they are now.
   */
  function before(root, keys, motions) {
    const names = keys.split(" ");
    const seen = new Set(Array.from(marked(root, names), (node) => identity(node, names)));
    // a redraw from a worker keeps the elements that show the same (pyapp/ui/worker/mirror.py): only the next
    // drawing's arrivals are fresh
    for (const node of root.querySelectorAll(".fresh")) node.classList.remove("fresh");
    const leaving = [];
    if (!still()) {
      for (const motion of JSON.parse(motions)) {
        const sources = motion.source ? Array.from(root.querySelectorAll(motion.source)) : [];
        const measured = motion.kind !== "lift"; // a lifted piece leaves from its cell, which stays put
        leaving.push({
          motion,
          ghosts: sources.map((node) => [ghostOf(node), measured ? node.getBoundingClientRect() : null]),
        });
      }
    }
    return { seen, leaving };
  }

  /** Animate ``element`` (a ghost is removed when done); ``data-moving`` says its kind meanwhile. */
  function move(element, kind, frames, duration, easing = "ease-out", delay = 0) {
    element.dataset.moving = kind;
    // while it waits to start it is held at its first frame (``backwards``)
    const animation = element.animate(frames, { duration, easing, delay, fill: "backwards" });
    const done = () => {
      if (element.classList.contains("motion-ghost")) element.remove();
      else delete element.dataset.moving;
    };
    animation.onfinish = done;
    animation.oncancel = done;
  }

  const centre = (rect) => [rect.left + rect.width / 2, rect.top + rect.height / 2];

  /** From ``from``'s centre to ``to``'s: the translation. */
  function offset(from, to) {
    const [fx, fy] = centre(from);
    const [tx, ty] = centre(to);
    return [tx - fx, ty - fy];
  }

  /** Put ``ghost`` over ``rect`` (fixed, so it leaves the layout alone) inside ``layer``. */
  function place(ghost, rect, layer) {
    ghost.style.left = `${rect.left}px`;
    ghost.style.top = `${rect.top}px`;
    ghost.style.width = `${rect.width}px`;
    ghost.style.height = `${rect.height}px`;
    layer.append(ghost);
  }

  /**
   * ``element``, drawn at ``to``, starts at ``from``, at ``scale`` (else ``from``'s size), and
   * comes home: the last step of FLIP.
   */
  function arrive(element, kind, from, to, duration, scale = null, delay = 0) {
    const [dx, dy] = offset(to, from);
    scale ??= to.width ? Math.min(Math.max(from.width / to.width, 0.4), 1.5) : 1;
    element.classList.add("travels"); // its CSS arrival gives way to the journey
    move(element, kind, [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: 0.5 },
      { transform: "none", opacity: 1 }], duration, "ease-out", delay);
  }

  const LEAVE_MS = 480;
  const LEAD_LAG_MS = LEAVE_MS / 2;

  /** Ghosts leave their places for ``to`` together, shrinking and fading on the way. */
  function leave(kind, ghosts, to, layer) {
    for (const [ghost, from] of ghosts) {
      const [dx, dy] = offset(from, to);
      place(ghost, from, layer);
      move(ghost, kind, [{ transform: "none", opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(0.35)`, opacity: 0 }], LEAVE_MS, "ease-in");
    }
  }

  /** A piece placed just now falls onto its cell. */
  function drop(piece) {
    piece.classList.add("travels");
    move(piece, "drop", [{ transform: "translateY(-70%) scale(1.5)", opacity: 0 },
      { transform: "translateY(4%) scale(0.96)", opacity: 1, offset: 0.75 }, { transform: "none", opacity: 1 }],
    300, "ease-in");
  }

  /** Copies of a cell's removed pieces rise from it and fade, beside it (the board's styles still draw them). */
  function lift(ghosts, at, board) {
    for (const [ghost] of ghosts) {
      place(ghost, at, board);
      move(ghost, "lift", [{ transform: "none", opacity: 1 }, { transform: "translateY(-55%) scale(1.35)", opacity: 0 }],
        420);
    }
  }

  /**
   * Measure what one motion of ``leaving`` needs in the new drawing; return what starts it, if it
   * can start. Every motion is measured before any starts: one layout for all.
   */
  function prepare({ motion, ghosts }, root) {
    const target = motion.target ? root.querySelector(motion.target) : null;
    if (!target) return null;
    const to = target.getBoundingClientRect();
    if (motion.kind === "drop") return () => drop(target);
    if (motion.kind === "lift") return () => lift(ghosts, to, target.parentElement);
    if (motion.lands) return ghosts.length ? () => arrive(target, motion.kind, ghosts[0][1], to, 420) : null;
    return () => leave(motion.kind, ghosts, to, target.closest('[data-testid$="-table"]') || root);
  }

  /**
   * After a redraw: the class ``fresh`` on elements whose identity was not ``before``'s; a pair
   * or card just played travels from its seat's chip to its place in the trick; then the motions
   * ``before`` prepared.
   */
  function after(root, keys, { seen, leaving }) {
    if (seen.size === 0) return; // the first drawing: nothing to compare with
    const names = keys.split(" ");
    for (const node of marked(root, names)) {
      if (!seen.has(identity(node, names))) node.classList.add("fresh");
    }
    if (still()) return;
    const plays = [];
    for (const node of root.querySelectorAll(".dyad-trick .fresh[data-seat], .dieci-trick .fresh.play[data-seat]")) {
      const seat = root.querySelector(`[data-testid="player-${node.dataset.seat}"]`);
      if (!seat) continue;
      node.classList.add("travels");
      plays.push([node, seat]);
    }
    if (!plays.length && !leaving.length) return;
    // the lead of a new trick sets off once the won trick is half-way to its taker, not with it
    const lag = leaving.some((item) => item.motion.kind === "trick-to-taker") ? LEAD_LAG_MS : 0;
    // Two drawings can land before one frame (a slow phone: the person's move, then the computer's):
    // each still plays its motions, on what of it is on screen then (``prepare`` looks its targets up again)
    requestAnimationFrame(() => {
      const starts = plays.filter(([node, seat]) => node.isConnected && seat.isConnected).map(([node, seat]) => {
        const [from, to] = [seat.getBoundingClientRect(), node.getBoundingClientRect()];
        return () => arrive(node, "play", from, to, 320, 0.5, lag);
      });
      starts.push(...leaving.map((item) => prepare(item, root)));
      for (const start of starts) start?.();
    });
  }

  return Object.freeze({ before, after });
})();
