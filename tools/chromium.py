"""How the e2e suite and the benchmarks launch Chromium: the executable and its flags.

``CHROMIUM_PATH`` points at another Chromium (default ``/usr/bin/chromium``).
"""

from __future__ import annotations

import os

DEFAULT_PATH = "/usr/bin/chromium"

FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
"""Headless in a container, and quiet: no GPU, no background fetches or updates, no first-run UI."""


def executable() -> str:
    """The Chromium to launch: ``CHROMIUM_PATH`` or the default (not checked to exist)."""
    return os.environ.get("CHROMIUM_PATH", DEFAULT_PATH)
