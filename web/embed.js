/*
 * embed.html before Python: pick the language, draw the requested demo from
 * the frames the build exported (the same element trees Python draws), and
 * let the reader step through them at once.  When Python is ready,
 * pyapp.ui.shell.embed replays the demo with the real engine and takes over at the
 * same step.  Text always goes in as text nodes, never as markup.
 */
(() => {
  "use strict";

  const data = JSON.parse(document.getElementById("embed-data").textContent);
  const query = new URLSearchParams(location.search);
  const host = document.getElementById("embed");

  function pickLanguage() {
    const wanted = [query.get("lang"), ...(navigator.languages || [])].filter(Boolean);
    for (const code of wanted) {
      const base = code.toLowerCase().split("-")[0];
      if (data.languages.includes(base)) return base;
    }
    return data.languages[0];
  }

  const language = pickLanguage();
  document.documentElement.lang = language; // pyapp.ui.shell.embed reads it back
  const messages = data.messages[language];

  const build = globalThis.pyappDom.tree; // web/dom.js, loaded just before this script

  function say(text) {
    host.replaceChildren(build(["p", { class: "embed-message" }, text]));
  }

  const key = `${query.get("game")}/${query.get("demo")}`;
  const entry = data.demos[key];
  if (!entry) {
    say(messages["demo.not_found"]);
    return;
  }
  document.title = entry.title[language];

  let frames = null;
  let index = 0;

  function show(focus) {
    if (document.body.dataset.ready === "true") return; // Python has taken over
    host.replaceChildren(build(frames[index]));
    if (focus) {
      const wanted = host.querySelector(`[data-action=${focus}]`);
      const other = host.querySelector(`[data-action=${focus === "back" ? "next" : "back"}]`);
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    }
  }

  host.addEventListener("click", (event) => {
    if (!frames || document.body.dataset.ready === "true") return;
    const button = event.target.closest("[data-action]");
    if (!button) return;
    const action = button.dataset.action;
    if (action === "next" && index < frames.length - 1) index += 1;
    else if (action === "back" && index > 0) index -= 1;
    else return;
    show(action);
  });

  fetch(data.frames[language]) // every demo's frames in this language
    .then((response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    })
    .then((loaded) => {
      frames = loaded[key];
      show(null);
      document.body.dataset.static = "shown";
    })
    .catch(() => say(messages["demo.error"]));
})();
