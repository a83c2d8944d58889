"""The embeddable rules demos: ``embed.html`` and each demo's frames as JSON.

Called by ``tools/build.py``.  For every demo and language the demo is
replayed through the engine here, at build time, and every step's element
tree (the same trees ``pyapp.ui.shell.demo`` draws) is written, every demo's in one
content-hashed JSON file per language; ``embed.html`` names them, so
``web/embed.js`` can draw the demo and step through it before Python has
started.  One file per language rather than one per demo: the demos share most
of their trees, so together they compress to half (the service worker
precaches them with the rest of the site).
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

EMBED_MESSAGES = ("demo.not_found", "demo.error", "demo.loading")


def demo_frames(language: str) -> dict[str, list[Any]]:
    """Every demo's frames drawn in ``language``: ``{"triad/stack-removal": [tree, …]}``."""
    from pyapp import demos, i18n
    from pyapp.demos.render import demo_tree

    previous = i18n.language()
    i18n.set_language(language)
    try:
        out = {}
        for demo in demos.all_demos():
            frames = demos.replay(demo)
            link = f"./#/rules/{demo.game}"
            out[demo.key] = [demo_tree(demo, frames, i, embed=True, embed_link=link) for i in range(len(frames))]
        return out
    finally:
        i18n.set_language(previous)


def add_embed(
    site: Any,
    *,
    render: Callable[[str, dict[str, str]], str],
    script_json: Callable[[object], str],
    css: str,
    rules_css: str,
    pyscript_css: str,
    start_js: str,
    dom_js: str,
    worker_page_js: str,
    worker_py: str,
    icon: str,
    py_config: dict[str, Any],
    preview_image: str,
) -> str:
    """Add the demo frames, ``web/embed.js`` and ``embed.html`` to ``site``."""
    from pyapp import demos, i18n

    embed_js = site.add_hashed("web", "embed.js", (ROOT / "web/embed.js").read_bytes())
    languages = list(i18n.LANGUAGES)
    frames = {
        language: site.add_hashed(
            "web/demos", f"frames.{language}.json",
            json.dumps(demo_frames(language), ensure_ascii=False, separators=(",", ":")).encode(),
        )
        for language in languages
    }
    entries: dict[str, Any] = {}
    for demo in demos.all_demos():
        entry = entries[demo.key] = {"title": {}, "height": demo.height}
        for language in languages:
            i18n.set_language(language)
            entry["title"][language] = i18n.t("embed.title", demo=i18n.t(demo.title), game=i18n.t(f"game.{demo.game}"))
    i18n.set_language(languages[0])
    data = {
        "languages": languages,
        "messages": {code: {k: i18n.catalog(code)[k] for k in EMBED_MESSAGES} for code in languages},
        "frames": frames,
        "demos": entries,
    }
    page = render(
        (ROOT / "embed.html").read_text(encoding="utf-8"),
        {
            "lang": languages[0],
            "title": html.escape(i18n.catalog(languages[0])["app.title"], quote=True),
            "description": html.escape(i18n.catalog(languages[0])["embed.description"], quote=True),
            "preview_image": preview_image,
            "css": css,
            "rules_css": rules_css,
            "embed_js": embed_js,
            "worker_page_js": worker_page_js,
            "worker_py": worker_py,
            "dom_js": dom_js,
            "icon": icon,
            "pyscript_css": pyscript_css,
            "start_js": start_js,
            "py_config": html.escape(json.dumps(py_config, separators=(",", ":")), quote=True),
            "embed_data": script_json(data),
        },
    )
    return site.add("embed.html", page.encode())
