/*
 * Stored data can never trap the player.  Runs before boot.js and Python:
 *
 * - every `pyapp.*` value of localStorage is measured (length, and bracket
 *   nesting outside strings, in one loop); one that Python could not parse
 *   safely is set aside: copied under `pyapp.aside.<reason>.<ms>.<key>`, then
 *   removed, never deleted.  Python's JSON parser dies in Pyodide on deep
 *   nesting instead of raising, so this must happen before Python starts.
 * - Python writes the key it is parsing under `pyapp.reading` and removes it
 *   when done (pyapp.storage.aside.reading).  A mark left over means Python
 *   died reading that record: it is set aside too ("crashed").  An empty mark
 *   (a storage that refused the removal) names no record.
 * - the boot error panel gets two actions: download a backup of everything
 *   the site stored (one JSON file), and set aside the record that failed.
 *   The panel also opens when Python dies reading a record after the start.
 *
 * Each key's limit is pyapp.storage.kinds's (tests/test_guard.py compares the tables).
 */
(() => {
  "use strict";

  const MAX_DEPTH = 64; // pyapp.storage.safejson.MAX_DEPTH
  // Every stored kind, as pyapp.storage.kinds.KINDS declares it: [key, a prefix of keys?, at most this many
  // characters (null: left alone)].  tests/test_guard.py holds this copy equal to the table, each limit included.
  const KINDS = [
    ["pyapp.save.", true, 1000000],
    ["pyapp.current", false, 1000],
    ["pyapp.owner.", true, 1000],
    ["pyapp.rev.", true, 32],
    ["pyapp.stats", false, 200000],
    ["pyapp.daily", false, 10000],
    ["pyapp.language", false, 1000],
    ["pyapp.setting.turn", false, 1000],
    ["pyapp.setting.", true, 1000],
    ["pyapp.lesson.", true, 1000],
    ["pyapp.friends.", true, 1000],
    ["pyapp.hostkey.", true, 1000],
    ["pyapp.diag", false, 20000],
    ["pyapp.aside.", true, null],
    ["pyapp.reading", false, null]
  ];
  const OTHER_MAX_CHARS = 1000; // pyapp.storage.kinds.OTHER_MAX_CHARS: a pyapp.* key no kind names
  const ASIDE_PREFIX = "pyapp.aside."; // pyapp.storage.aside.ASIDE_PREFIX
  const READING_KEY = "pyapp.reading"; // pyapp.storage.aside.READING_KEY

  let storage = null;
  try {
    storage = window.localStorage;
    storage.getItem(READING_KEY);
  } catch {
    return; // no storage (private mode): nothing stored can hurt, nothing to back up
  }

  /** The deepest nesting of brackets outside JSON strings. */
  function nestingDepth(text) {
    let depth = 0;
    let deepest = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++; // backslash: skip the escaped character
        else if (c === 34) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 91 || c === 123) deepest = Math.max(deepest, ++depth);
      else if (c === 93 || c === 125) depth--;
    }
    return deepest;
  }

  /** A key's limit as pyapp.storage.kinds.max_chars gives it: the exact key, else the longest prefix. */
  function maxChars(key) {
    let found = null;
    for (const [name, prefix, limit] of KINDS) {
      if (!prefix && name === key) return limit;
      if (prefix && key.startsWith(name) && (found === null || name.length > found[0].length)) found = [name, limit];
    }
    return found === null ? OTHER_MAX_CHARS : found[1];
  }

  function storedKeys() {
    const keys = [];
    for (let i = 0; i < storage.length; i++) keys.push(storage.key(i));
    return keys;
  }

  /** Copy first, then remove: a failure half-way leaves two copies, never none. */
  function setAside(key, reason) {
    const value = storage.getItem(key);
    if (value === null) return false;
    let stamp = Date.now();
    while (storage.getItem(`${ASIDE_PREFIX}${reason}.${stamp}.${key}`) !== null) stamp++;
    try {
      storage.setItem(`${ASIDE_PREFIX}${reason}.${stamp}.${key}`, value);
    } catch {
      return false; // no room for the copy: leave it where it is
    }
    storage.removeItem(key);
    return true;
  }

  /** The record Python died reading, set aside; true if there was one. */
  function setAsideCrashed() {
    const key = storage.getItem(READING_KEY);
    if (key === null) return false;
    const moved = key.startsWith("pyapp.") && !key.startsWith(ASIDE_PREFIX) && setAside(key, "crashed");
    storage.removeItem(READING_KEY);
    return moved;
  }

  function guard() {
    setAsideCrashed();
    for (const key of storedKeys()) {
      const limit = key.startsWith("pyapp.") ? maxChars(key) : null;
      if (limit === null) continue; // another site's key, a copy set aside, the reading mark
      const value = storage.getItem(key) ?? "";
      if (nestingDepth(value) > MAX_DEPTH) setAside(key, "deep");
      else if (value.length > limit) setAside(key, "large");
    }
  }

  try {
    guard();
  } catch (error) {
    console.warn("Stored data not checked:", error);
  }

  // --- the recovery actions of the error panel
  const panel = document.getElementById("boot-error");
  const setAsideButton = document.getElementById("boot-set-aside");
  const note = document.getElementById("boot-recovery-note");
  const messages = JSON.parse(document.getElementById("boot-data").textContent).messages;

  function say(key) {
    const table = messages[document.documentElement.lang] || messages[Object.keys(messages)[0]];
    note.textContent = table[key] || key;
    note.hidden = false;
  }

  function backup() {
    const items = {};
    for (const key of storedKeys()) items[key] = storage.getItem(key);
    const text = JSON.stringify({ backup: 1, site: location.origin + location.pathname, saved: new Date().toISOString(), items }, null, 1);
    const url = URL.createObjectURL(new Blob([text + "\n"], { type: "application/json" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: `games-backup-${new Date().toISOString().slice(0, 10)}.json`, hidden: true });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 30000);
    say("shell.recovery.backed_up");
  }

  function showPanel() {
    if (!panel.hidden) return;
    document.body.dataset.boot = "failed";
    document.getElementById("boot-status").hidden = true;
    panel.hidden = false;
  }

  // the set-aside action is offered only when a record is known to have failed
  new MutationObserver(() => {
    if (!panel.hidden) setAsideButton.hidden = storage.getItem(READING_KEY) === null;
  }).observe(panel, { attributes: true, attributeFilter: ["hidden"] });

  document.getElementById("boot-backup").addEventListener("click", backup);
  setAsideButton.addEventListener("click", () => {
    setAsideButton.hidden = true;
    say(setAsideCrashed() ? "shell.recovery.set_aside" : "shell.recovery.nothing");
  });

  // Python dying while it reads a record, after the start: the mark is still there
  const died = () => {
    if (document.body.dataset.ready === "true" && storage.getItem(READING_KEY) !== null) showPanel();
  };
  addEventListener("error", died);
  addEventListener("unhandledrejection", died);
})();
