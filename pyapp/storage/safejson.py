"""Parsing untrusted JSON text without letting it take the interpreter down.

Python's JSON parser recurses once per nesting level.  In Pyodide it runs out
of WebAssembly stack (a fatal error that kills the page's Python, not a
``RecursionError``) long before CPython would complain, so the size and the
depth of any stored or imported text are measured first, with a plain loop,
and text too large or nested too deeply is refused unparsed.  ``web/guard.js``
applies the same depth limit to ``localStorage`` before Python starts (a test
keeps the two numbers equal).  Numbers must be finite: ``NaN``, ``Infinity``
and ``1e999`` are refused too.

>>> loads('{"a": [1, "[[[["]}', max_chars=100)
{'a': [1, '[[[[']}
>>> loads("[" * 1000 + "]" * 1000, max_chars=10_000)
Traceback (most recent call last):
...
pyapp.storage.safejson.UnsafeJSON: it is nested more than 64 levels deep
>>> loads('[1e999]', max_chars=100)
Traceback (most recent call last):
...
pyapp.storage.safejson.UnsafeJSON: it is not valid JSON (the number 1e999 is out of range)
>>> nesting_depth(r'{"x": "\\"[", "y": [[]]}')
3
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

MAX_DEPTH = 64
"""Deepest nesting accepted.  Real records and statistics nest 4 levels; the
limit Chromium's Pyodide survives is measured in docs/architecture.md (Stored
data), far above this."""

_TOKENS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|"|[\[\]{}]', re.DOTALL)
"""A whole string (escapes included), an unterminated string's quote, or a bracket."""


class UnsafeJSON(ValueError):
    """Text refused before or while parsing: too large, nested too deeply, or not JSON."""


def nesting_depth(text: str) -> int:
    """The deepest bracket nesting of ``text``, counting only brackets outside strings.

    A loop over a regular expression's matches, no recursion: safe on any input.
    """
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        char = match.group()
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
        elif char == '"':
            break  # an unterminated string runs to the end: no bracket after it counts
    return deepest


def check_text(text: str, *, max_chars: int, max_depth: int = MAX_DEPTH) -> None:
    """``UnsafeJSON`` unless ``text`` is small and shallow enough to be parsed safely."""
    if len(text) > max_chars:
        raise UnsafeJSON(f"it is too large ({len(text):,} characters; at most {max_chars:,})")
    if nesting_depth(text) > max_depth:
        raise UnsafeJSON(f"it is nested more than {max_depth} levels deep")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is out of range")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def loads(text: str, *, max_chars: int, max_depth: int = MAX_DEPTH) -> Any:
    """Parse ``text`` after :func:`check_text`; every float finite. ``UnsafeJSON`` says why not."""
    check_text(text, max_chars=max_chars, max_depth=max_depth)
    try:
        return json.loads(text, parse_float=_finite, parse_constant=_constant)
    except (ValueError, RecursionError) as error:
        reason = error.args[0] if isinstance(error, ValueError) and error.args else str(error)
        raise UnsafeJSON(f"it is not valid JSON ({reason})") from None


def is_number(value: Any, low: float, high: float) -> bool:
    """A JSON number (not a bool) within ``[low, high]``; NaN is never in range.

    >>> is_number(3, 0, 10), is_number(True, 0, 10), is_number(float("nan"), 0, 10), is_number(1e20, 0, 10)
    (True, False, False, False)
    """
    return isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high


__all__ = ["MAX_DEPTH", "UnsafeJSON", "check_text", "is_number", "loads", "nesting_depth"]
