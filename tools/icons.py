"""Draw the site's PNG icons with the standard library (no image tools needed).

The mark is three dots on a calm background, one for each game.  A normal
icon has rounded corners; the maskable one fills the square and keeps the
dots inside the central safe zone, since the platform crops it to its own shape.
"""

from __future__ import annotations

import math
import struct
import zlib

BACKGROUND = (0x2F, 0x5D, 0x62)
DOTS = ((0xF4, 0xEF, 0xE6), (0xE9, 0xB8, 0x72), (0xF4, 0xEF, 0xE6))


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """Encode RGBA rows as a PNG file: RGB (colour type 2) when every pixel is opaque, which is
    about a tenth smaller for the square icons; RGBA (colour type 6) otherwise."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    opaque = all(row[3::4] == b"\xff" * width for row in rows)
    if opaque:
        rows = [bytes(byte for i, byte in enumerate(row) if i % 4 != 3) for row in rows]
    raw = b"".join(b"\x00" + row for row in rows)
    header = struct.pack(">IIBBBBB", width, height, 8, 2 if opaque else 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def _coverage(distance: float) -> float:
    """Anti-aliased coverage of a pixel whose centre is ``distance`` inside an edge."""
    return min(1.0, max(0.0, distance + 0.5))


def _draw(width: int, height: int, dots: list[tuple[float, float, tuple[int, int, int]]], radius: float, corner: float) -> bytes:
    """The background (rounded by ``corner``, 0 for square) with anti-aliased dots, as a PNG."""
    rows = []
    for y in range(height):
        row = bytearray()
        for x in range(width):
            px, py = x + 0.5, y + 0.5
            # distance inside the rounded rectangle (positive = inside)
            dx = max(corner - px, 0.0, px - (width - corner))
            dy = max(corner - py, 0.0, py - (height - corner))
            inside = corner - math.hypot(dx, dy) if (dx or dy) else min(px, py, width - px, height - py)
            alpha = _coverage(inside) if corner else 1.0
            r, g, b = BACKGROUND
            for cx, cy, colour in dots:
                cover = _coverage(radius - math.hypot(px - cx, py - cy))
                if cover:
                    r, g, b = (round(c * cover + base * (1 - cover)) for c, base in zip(colour, (r, g, b)))
            row += bytes((r, g, b, round(alpha * 255)))
        rows.append(bytes(row))
    return _png(width, height, rows)


def icon(size: int, *, maskable: bool = False) -> bytes:
    """The site icon as a ``size``×``size`` PNG."""
    scale = size / 512
    corner = 0 if maskable else 96 * scale
    spread = 0.62 if maskable else 0.8  # maskable: stay in the 80 % safe circle
    radius = 58 * scale * spread / 0.8
    centre = size / 2
    reach = 120 * scale * spread / 0.8
    dots = [
        (centre + reach * math.cos(angle), centre + reach * math.sin(angle) + 10 * scale * spread, colour)
        for angle, colour in zip((-math.pi / 2, math.pi / 6, 5 * math.pi / 6), DOTS)
    ]
    return _draw(size, size, dots, radius, corner)


def preview(width: int = 600, height: int = 315) -> bytes:
    """The link-preview image (Open Graph, Twitter): the three dots in a row on the site's colour.

    600×315 keeps the 1.91:1 shape link previews use, at a quarter of the pixels of 1200×630.
    """
    radius = height * 0.16
    step = radius * 3
    dots = [(width / 2 + (i - 1) * step, height / 2, colour) for i, colour in enumerate(DOTS)]
    return _draw(width, height, dots, radius, 0)
