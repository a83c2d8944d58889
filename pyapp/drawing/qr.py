"""A QR code's module matrix as one SVG path, with the quiet zone the standard asks for.

The encoder (npm ``qrcode-generator``, loaded only when an invite is shown) gives the
matrix; drawing it here keeps the page to two elements (``<svg>`` and one ``<path>``)
and lets CPython check the drawing.  Dark modules of a row are joined into runs, so a
version-7 code is a few hundred path commands, not two thousand rectangles.

>>> qr_path([[True, True, False], [False, True, False], [True, False, True]], quiet=1)
(5, 'M1 1h2v1h-2z M2 2h1v1h-1z M1 3h1v1h-1z M3 3h1v1h-1z')
"""

from __future__ import annotations

from collections.abc import Sequence

QUIET_ZONE = 4
"""Light modules around the code on every side: ISO/IEC 18004 asks for four, and readers miss codes with less."""


def qr_path(dark: Sequence[Sequence[bool]], quiet: int = QUIET_ZONE) -> tuple[int, str]:
    """The side of the whole drawing in modules (code plus quiet zone) and the path ``d`` of its dark modules.

    ``dark[row][column]`` is True for a dark module; the matrix must be square.
    """
    size = len(dark)
    if size == 0 or any(len(row) != size for row in dark):
        raise ValueError("a QR code's matrix is square and not empty")
    if quiet < 0:
        raise ValueError("the quiet zone cannot be negative")
    commands: list[str] = []
    for y, row in enumerate(dark):
        x = 0
        while x < size:
            if not row[x]:
                x += 1
                continue
            start = x
            while x < size and row[x]:
                x += 1
            run = x - start
            commands.append(f"M{start + quiet} {y + quiet}h{run}v1h-{run}z")
    return size + 2 * quiet, " ".join(commands)


__all__ = ["QUIET_ZONE", "qr_path"]
