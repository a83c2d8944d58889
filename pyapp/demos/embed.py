"""Addresses and the ``<iframe>`` snippet for embedding one demo on another site.

>>> from pyapp.demos import get
>>> demo = get("triad", "stack-removal")
>>> embed_path(demo, "ko")
'embed.html?game=triad&demo=stack-removal&lang=ko'
>>> print(snippet("https://example.org/games/", demo, "en", "Triad rules demo"))
<iframe src="https://example.org/games/embed.html?game=triad&amp;demo=stack-removal&amp;lang=en" title="Triad rules demo" width="100%" height="590" style="border:0;max-width:800px" loading="lazy"></iframe>
"""

from __future__ import annotations

import html
from urllib.parse import urlencode

from pyapp.demos import Demo

EMBED_PAGE = "embed.html"
MIN_WIDTH, MAX_WIDTH = 320, 800
"""Widths the embed is made for; ``Demo.height`` is enough at the narrowest."""


def embed_path(demo: Demo, lang: str) -> str:
    """The embed page's address for ``demo`` in ``lang``, relative to the site."""
    return f"{EMBED_PAGE}?{urlencode({'game': demo.game, 'demo': demo.id, 'lang': lang})}"


def site_base(href: str) -> str:
    """The site's folder from the address of any page in it (query and hash dropped).

    >>> site_base("https://example.org/games/index.html?x=1#/rules/dyad"), site_base("http://127.0.0.1:8000/")
    ('https://example.org/games/', 'http://127.0.0.1:8000/')
    """
    address = href.split("#", 1)[0].split("?", 1)[0]
    return address[: address.rfind("/") + 1]


def snippet(base: str, demo: Demo, lang: str, title: str) -> str:
    """The HTML a blogger pastes: a responsive iframe of the demo's stated height."""
    src = html.escape(base + embed_path(demo, lang), quote=True)
    return (
        f'<iframe src="{src}" title="{html.escape(title, quote=True)}" width="100%" height="{demo.height}" '
        f'style="border:0;max-width:{MAX_WIDTH}px" loading="lazy"></iframe>'
    )
