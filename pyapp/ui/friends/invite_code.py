"""The invite's QR code, drawn as inline SVG from the encoder the page loads only now.

``qrcode-generator`` (a module the build keeps out of the first visit and of the offline
cache) is fetched by the page and gives the module matrix (``page.qr_modules``),
and :func:`pyapp.drawing.qr.qr_path` turns that into one path.  The SVG is made
with ``dom.svg`` (``createElementNS``): no markup, and no ``data:`` or ``blob:`` image, which the
Content-Security-Policy forbids.  Light modules are painted white and dark ones
black whatever the theme: a reader needs dark on light with its quiet zone.
"""

from __future__ import annotations

from typing import Any

from pyapp.drawing.qr import qr_path
from pyapp.i18n import t
from pyapp.ui.browser import page
from pyapp.ui.browser.dom import svg

ERROR_LEVEL = "M"
"""Medium error correction (15 %): a phone reads a code on a scratched or glaring screen, and the link stays
a version small enough (about 45 modules) to draw at 4 px a module on a 360 px screen."""


async def draw_code(box: Any, link: str) -> None:
    """Fill ``box`` with ``link``'s QR code, or say in it that the encoder could not be loaded."""
    try:
        dark = await page.qr_modules(link, ERROR_LEVEL)
    except Exception:  # noqa: BLE001  (offline and never fetched: the link is there to share)
        box.replaceChildren(t("invite.qr_failed"))
        box.dataset.state = "failed"
        return
    side, path = qr_path(dark)
    drawing = svg("svg", {"viewBox": f"0 0 {side} {side}", "role": "img", "aria-label": t("invite.qr_label"),
                          "shape-rendering": "crispEdges", "data-testid": "invite-qr-svg"},
                  svg("rect", {"width": side, "height": side, "fill": "#fff"}), svg("path", {"d": path, "fill": "#000"}))
    box.replaceChildren(drawing)
    box.dataset.state = "drawn"
    box.dataset.modules = str(len(dark))


__all__ = ["draw_code"]
