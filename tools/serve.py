"""Serve ``dist/`` on 127.0.0.1 with the headers of ``netlify.toml`` (standard library only).

Usage: ``python tools/serve.py [--port 8000] [--dir dist] [--compress] [--connect URL] [--plain]``.  The e2e
tests and the benchmark import :func:`start` to run the same server on a free port.
``--compress`` compresses responses as Netlify does (brotli when the ``brotli``
module is installed and the client takes it, else gzip; zips, wheels, gzip files
and images as they are), for Lighthouse runs.  ``--connect ws://127.0.0.1:PORT`` (tests only,
off by default) adds a local signalling endpoint to every policy's ``connect-src`` (the headers' and the
pages' meta tags), so friends' browser tests (e2e/friends) reach the tracker they start.  ``--plain`` sends none of
netlify.toml's headers (no policy header, no caching rules, no COOP), as a host without our headers serves a site
(``python -m http.server``, GitHub Pages): the e2e suite's second server mode (e2e/conftest.py).
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import io
import os
import re
import threading
import tomllib
from pathlib import Path

try:
    import brotli
except ImportError:  # the test extras install it; gzip serves without
    brotli = None

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".zip": "application/zip",
}


ALREADY_COMPRESSED = (".zip", ".whl", ".gz", ".png")


@functools.lru_cache(maxsize=512)
def compressed(path: str, mtime: float, encoding: str) -> bytes:
    """The file at ``path`` (as of ``mtime``) compressed with ``encoding``."""
    data = Path(path).read_bytes()
    return brotli.compress(data, quality=9) if encoding == "br" else gzip.compress(data, 9, mtime=0)


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


def widened(policy: str, sources: tuple[str, ...]) -> str:
    """``policy`` with ``sources`` added to its ``connect-src``."""
    extra = " ".join(sources)
    return re.sub(r"(^|;\s*)(connect-src [^;\"]*)", lambda m: f"{m.group(1)}{m.group(2)} {extra}", policy)


def with_connect(rules: list[tuple[str, dict[str, str]]], sources: tuple[str, ...]) -> list[tuple[str, dict[str, str]]]:
    """``rules`` with ``sources`` added to each policy's ``connect-src`` (the tests' local tracker)."""
    if not sources:
        return rules
    return [(pattern, {name: widened(value, sources) if name == "Content-Security-Policy" else value
                       for name, value in values.items()}) for pattern, values in rules]


META_POLICY = re.compile(rb'(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(">)')
"""A page's own policy (index.html's, 404.html's), which ``connect`` widens too."""


def with_connect_meta(page: bytes, sources: tuple[str, ...]) -> bytes:
    """``page`` with ``sources`` added to its meta policy's ``connect-src``, if it has one."""
    return META_POLICY.sub(lambda m: m.group(1) + widened(m.group(2).decode(), sources).encode() + m.group(3), page)


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

    def __init__(self, address: tuple[str, int], handler: type, *, verbose: bool, compress: bool = False,
                 connect: tuple[str, ...] = (), plain: bool = False) -> None:
        super().__init__(address, handler)
        self.rules = [] if plain else with_connect(load_rules(), connect)
        self.connect = connect
        self.verbose = verbose
        self.compress = compress
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

    def _encoding(self) -> str | None:
        if not self.server.compress:
            return None
        accepted = self.headers.get("Accept-Encoding", "")
        if "br" in accepted and brotli is not None:
            return "br"
        return "gzip" if "gzip" in accepted else None

    def send_head(self):  # type: ignore[no-untyped-def]
        """The file, compressed when the server compresses and the client takes it."""
        encoding = self._encoding()
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if self.server.connect and path.endswith(".html") and os.path.isfile(path):
            encoding = None  # a test run: the page's meta policy widened like the headers', uncompressed
            body = with_connect_meta(Path(path).read_bytes(), self.server.connect)
        elif encoding is None or not os.path.isfile(path) or path.endswith(ALREADY_COMPRESSED):
            return super().send_head()
        else:
            body = compressed(path, os.path.getmtime(path), encoding)
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if encoding is not None:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A missing path gets the site's own 404.html, with that path's rule headers (as Netlify sends it)."""
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.is_file():
            super().send_error(code, message, explain)
            return
        body = page.read_bytes()
        self.send_response(404, message)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

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


def start(directory: Path, port: int = 0, *, verbose: bool = False, compress: bool = False,
          connect: tuple[str, ...] = (), plain: bool = False) -> Server:
    """Serve ``directory`` on 127.0.0.1 (a free port when ``port`` is 0) from a daemon thread;
    ``connect``: endpoints added to ``connect-src`` (tests only, :func:`with_connect`); ``plain``: none of
    netlify.toml's headers (the pages' meta policies still take ``connect``)."""
    if not (directory / "index.html").is_file():
        raise SystemExit(f"serve: {directory}/index.html is missing; build first (python tools/build.py)")
    handler = functools.partial(Handler, directory=str(directory))
    server = Server(("127.0.0.1", port), handler, verbose=verbose, compress=compress, connect=connect,
                    plain=plain)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--dir", type=Path, default=ROOT / "dist")
    parser.add_argument("--compress", action="store_true", help="compress responses as Netlify does")
    parser.add_argument("--connect", action="append", default=[], metavar="URL",
                        help="tests only: also allow this endpoint in connect-src (a local tracker)")
    parser.add_argument("--plain", action="store_true",
                        help="send none of netlify.toml's headers, as a host without our headers serves the site")
    args = parser.parse_args(argv)
    server = start(args.dir.resolve(), args.port, verbose=True, compress=args.compress, connect=tuple(args.connect),
                   plain=args.plain)
    print(f"serving {args.dir} at http://127.0.0.1:{server.server_port}/ (Ctrl+C stops)", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
