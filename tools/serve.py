"""Serve ``dist/`` on 127.0.0.1 with the headers of ``netlify.toml`` (standard library only).

Usage: ``python tools/serve.py [--port 8000] [--dir dist]``.  The e2e tests and
the benchmark import :func:`start` to run the same server on a free port.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import re
import threading
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".whl": "application/zip",
    ".zip": "application/zip",
}


def load_rules(config: Path = ROOT / "netlify.toml") -> list[tuple[str, dict[str, str]]]:
    """The ``[[headers]]`` rules of a netlify.toml, in file order."""
    with open(config, "rb") as f:
        return [(rule["for"], dict(rule["values"])) for rule in tomllib.load(f).get("headers", [])]


def for_regexp(pattern: str) -> re.Pattern[str]:
    """A ``for`` path as Netlify's headers parser reads it (``getForRegExp``), ported to ``re``.

    ``:name`` takes one segment; a ``*`` segment takes the rest of the path or nothing,
    its slash included (so ``/web/*`` also matches ``/web`` and ``/webfont``); a ``*``
    inside a segment takes anything; a trailing slash is optional and case is ignored.

    >>> bool(for_regexp("/runtime/*").match("/runtime/pyodide-1/pyodide.mjs")), bool(for_regexp("/").match("/index.html"))
    (True, False)
    >>> bool(for_regexp("/runtime/:dir/pyodide.asm.wasm").match("/runtime/pyodide-1/pyodide.asm.wasm"))
    True
    >>> [bool(for_regexp("/*").match(p)) for p in ("/", "/embed.html", "/a/b")], bool(for_regexp("/web/*").match("/webfont"))
    ([True, True, True], True)
    """

    def part(segment: str) -> str:
        if segment.startswith(":"):
            return "([^/]+)"
        if segment == "*":
            return "?(.*)"
        if "*" in segment:
            return segment.replace("*", "(.*)")  # as Netlify's parser does: the rest is not escaped
        return re.escape(segment)

    segments = [s.rstrip() for s in pattern.split("/")]
    return re.compile("^/" + "/".join(part(s) for s in segments if s) + "/?$", re.IGNORECASE)


def matches(pattern: str, path: str) -> bool:
    """Whether a ``[[headers]]`` rule's ``for`` applies to the URL path ``path``."""
    return for_regexp(pattern).match(path) is not None


def headers_for(rules: list[tuple[str, dict[str, str]]], path: str) -> dict[str, str]:
    """Every header the rules give ``path``; later rules win on the same name."""
    found: dict[str, str] = {}
    for pattern, values in rules:
        if matches(pattern, path):
            found.update(values)
    return found


class Server(http.server.ThreadingHTTPServer):
    """Keeps a count of body bytes sent (the benchmark's first-visit figures) and the paths asked for.

    ``requested`` holds ``(status, path)`` of every request, so tests can see what the
    browser asks for on its own (a favicon), which the page's network events never show.
    """

    daemon_threads = True

    def __init__(self, address: tuple[str, int], handler: type, *, verbose: bool) -> None:
        super().__init__(address, handler)
        self.rules = load_rules()
        self.verbose = verbose
        self.sent = 0
        self.requested: list[tuple[int, str]] = []
        self._lock = threading.Lock()

    def count(self, n: int) -> None:
        with self._lock:
            self.sent += n


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the netlify.toml headers of the request's path."""

    server: Server
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def _rule_headers(self) -> dict[str, str]:
        return headers_for(self.server.rules, self.path.split("?", 1)[0].split("#", 1)[0])

    def guess_type(self, path: str) -> str:  # type: ignore[override]
        return self._rule_headers().get("Content-Type") or super().guess_type(path)

    def end_headers(self) -> None:
        for name, value in self._rule_headers().items():
            if name.lower() != "content-type":  # sent by send_head through guess_type
                self.send_header(name, value)
        super().end_headers()

    def copyfile(self, source, outputfile) -> None:  # type: ignore[no-untyped-def]
        data = source.read()
        self.server.count(len(data))
        outputfile.write(data)

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        status = code if isinstance(code, int) else 0  # an http.HTTPStatus (an int) from send_response
        self.server.requested.append((status, self.path))  # list.append is atomic
        super().log_request(code, size)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (base class name)
        if self.server.verbose:
            super().log_message(format, *args)


def start(directory: Path, port: int = 0, *, verbose: bool = False) -> Server:
    """Serve ``directory`` on 127.0.0.1 (a free port when ``port`` is 0) from a daemon thread."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"serve: {directory}/index.html is missing; build first (python tools/build.py)")
    server = Server(("127.0.0.1", port), functools.partial(Handler, directory=str(directory)), verbose=verbose)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    server = start(args.dir.resolve(), args.port, verbose=True)
    print(f"serving {args.dir} at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
