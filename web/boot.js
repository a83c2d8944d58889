/*
 * Boot glue that runs before Python: picks the language, shows real loading
 * progress, turns any boot failure into a readable message, and registers the
 * service worker once the app is ready.  Python owns everything after
 * <body data-ready="true">.
 */
(() => {
  "use strict";

  const data = JSON.parse(document.getElementById("boot-data").textContent);
  const LANGUAGE_KEY = "pyapp.language";

  /** The stored choice, else the browser's first supported language, else the default. */
  function pickLanguage() {
    let stored = null;
    try {
      stored = localStorage.getItem(LANGUAGE_KEY);
    } catch {
      // storage may be disabled; the browser languages still apply
    }
    const wanted = [stored, ...(navigator.languages || [])].filter(Boolean);
    for (const code of wanted) {
      const base = code.toLowerCase().split("-")[0];
      if (data.languages.includes(base)) return base;
    }
    return data.languages[0];
  }

  const language = pickLanguage();
  document.documentElement.lang = language; // pyapp.ui.shell.app reads it back
  const messages = data.messages[language];
  const fallback = data.messages[data.languages[0]];

  /** Same lookup as pyapp.i18n.t for the shell's own strings. */
  function t(key, params = {}) {
    const text = messages[key] ?? fallback[key] ?? key;
    return text.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
  }

  // only texts that differ: the build wrote the default language's already
  for (const element of document.querySelectorAll("[data-i18n]")) {
    const text = t(element.dataset.i18n);
    if (element.textContent !== text) element.textContent = text;
  }

  const status = document.getElementById("boot-status");
  const bar = document.getElementById("boot-progress");
  const label = document.getElementById("boot-message");

  // --- progress: bytes of the runtime files fetched, then the interpreter's stages
  const wanted = new Map(
    Object.entries(data.files).map(([path, size]) => [new URL(path, location.href).href, size]),
  );
  const totalBytes = [...wanted.values()].reduce((a, b) => a + b, 0);
  let fetchedBytes = 0;
  let stage = "download";
  const mb = (bytes) => (bytes / 1e6).toFixed(1);

  function showProgress() {
    if (stage === "download" && fetchedBytes < totalBytes) {
      bar.value = Math.round((60 * fetchedBytes) / totalBytes);
      label.textContent = t("shell.loading.files", { done: mb(fetchedBytes), total: mb(totalBytes) });
    } else if (stage === "download" || stage === "interpreter") {
      bar.value = stage === "download" ? 60 : 85;
      label.textContent = t("shell.loading.interpreter");
    } else {
      bar.value = 95;
      label.textContent = t("shell.loading.app");
    }
  }

  /** Files fetched (``{name, status}``): the page's own, and those its Python worker fetched (web/loader.mjs). */
  function fetched(entries) {
    for (const { name, status } of entries) {
      // a missing runtime file makes Pyodide wait forever rather than throw
      if (status >= 400 && name.startsWith(location.origin)) fail(`Could not load ${name} (HTTP ${status})`);
      const size = wanted.get(name);
      if (size !== undefined) {
        wanted.delete(name);
        fetchedBytes += size;
      }
    }
    showProgress();
  }
  new PerformanceObserver((list) => {
    fetched(list.getEntries().map(({ name, responseStatus }) => ({ name, status: responseStatus })));
  }).observe({ type: "resource", buffered: true });
  addEventListener("pyapp:worker-boot", ({ detail }) => fetched(detail));

  addEventListener("py:progress", ({ detail }) => {
    if (detail === "Loaded interpreter") stage = "interpreter";
    else if (detail === "Loaded Pyodide") stage = "app";
    else return;
    showProgress();
  });
  showProgress();

  // --- failures: anything uncaught before Python says it is ready
  const isReady = () => document.body.dataset.ready === "true";

  function fail(detail) {
    if (isReady() || document.body.dataset.boot === "failed") return;
    document.body.dataset.boot = "failed";
    status.hidden = true;
    document.getElementById("boot-error-details").textContent = detail;
    document.getElementById("boot-error").hidden = false;
  }

  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLScriptElement || target instanceof HTMLLinkElement) {
        fail(`Could not load ${target.src || target.href}`);
      } else if (event.message) {
        fail(event.error?.stack || event.message);
      }
    },
    true,
  );
  addEventListener("pyapp:python-error", ({ detail }) => fail(detail));
  addEventListener("unhandledrejection", ({ reason }) => fail(String(reason?.stack || reason)));
  document.getElementById("boot-reload").addEventListener("click", () => location.reload());

  // --- a tap before Python: the link follows at once (the hash is the route Python opens when
  // ready), so the tap shows it was taken, even while the main thread is busy starting Python
  function unpress() {
    for (const pressed of document.querySelectorAll("#view .pressed")) pressed.classList.remove("pressed");
  }
  document.getElementById("view").addEventListener("click", (event) => {
    const link = event.target.closest?.('a[href^="#/"]');
    if (isReady() || !link) return;
    unpress();
    link.classList.add("pressed");
  });

  // --- ready: hide the indicator, then make the site available offline
  function onReady() {
    status.hidden = true;
    unpress();
    if ("serviceWorker" in navigator) registerWorker();
  }

  async function registerWorker() {
    try {
      watchForUpdates(await navigator.serviceWorker.register(data.worker));
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) =>
          navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }),
        );
      }
      document.body.dataset.offline = "ready";
      document.getElementById("offline-status").hidden = false;
    } catch (error) {
      // the site still works online; only offline play is lost
      console.warn("Service worker not installed:", error);
    }
  }

  // --- updates: a new build installs beside this one and waits until the player asks for it
  /** Offer each build that installs while this page is served; reload once one takes over. */
  function watchForUpdates(registration) {
    const workers = navigator.serviceWorker;
    let controller = workers.controller;
    workers.addEventListener("controllerchange", () => {
      // a first install claims an uncontrolled page without changing its build: no reload.
      // Otherwise a new build took over (this tab's Update, or another tab's): reload, so
      // that no page runs one build's code with another's files; games are saved already.
      if (controller) location.reload();
      controller = workers.controller;
    });
    const offerOnceInstalled = (worker) => {
      const check = () => worker.state === "installed" && workers.controller && offerUpdate(worker);
      check();
      worker.addEventListener("statechange", check);
    };
    if (registration.waiting) offerOnceInstalled(registration.waiting);
    if (registration.installing) offerOnceInstalled(registration.installing);
    registration.addEventListener("updatefound", () => offerOnceInstalled(registration.installing));
    // a page left open for days never navigates, so look for a new build when it is shown again
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => {}); // offline: later
    });
  }

  /** Show the "new version" bar; its button lets the waiting build take over (web/sw.js). */
  function offerUpdate(worker) {
    const button = document.getElementById("update-now");
    button.disabled = false;
    button.onclick = () => {
      button.disabled = true;
      worker.postMessage({ type: "skip-waiting" });
    };
    document.getElementById("update-bar").hidden = false;
    document.body.dataset.update = "ready";
  }

  if (isReady()) onReady();
  else {
    const watcher = new MutationObserver(() => {
      if (!isReady()) return;
      watcher.disconnect();
      onReady();
    });
    watcher.observe(document.body, { attributes: true, attributeFilter: ["data-ready"] });
  }
})();
