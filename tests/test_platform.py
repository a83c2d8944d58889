"""The platform's pure parts under CPython: routes, headers, build helpers, shell messages."""

from __future__ import annotations

import doctest
import gzip
import json
import io
import re
import string
import sys
import zipfile
from pathlib import Path

import pytest

from pyapp import i18n
from pyapp.ui.browser import routes

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is put on the path just above)
import icons  # noqa: E402
import serve  # noqa: E402


def test_tool_doctests() -> None:
    for module in (serve, routes):
        assert doctest.testmod(module).failed == 0


@pytest.mark.parametrize(
    ("hash_", "view", "params"),
    [
        ("", "picker", {}),
        ("#", "picker", {}),
        ("#/", "picker", {}),
        ("#/dyad", "dyad", {"game": "dyad"}),
        ("#/dieci/", "dieci", {"game": "dieci"}),
        ("#/saves", "saves", {}),
        ("#/saves/x", "not-found", {"path": "/saves/x"}),
        ("#/saves?review=abc-1", "saves", {"review": "abc-1"}),
        ("#/saves?review=<b>", "not-found", {"path": "/saves?review=<b>"}),
        ("#/saves?resume=abc-1", "not-found", {"path": "/saves?resume=abc-1"}),
        ("#/rules/triad", "rules", {"game": "triad"}),
        ("#/rules", "not-found", {"path": "/rules"}),
        ("#/rules/chess", "not-found", {"path": "/rules/chess"}),
        ("#/dyad/extra", "not-found", {"path": "/dyad/extra"}),
        ("#/triad?resume=abc-1", "triad", {"game": "triad", "resume": "abc-1"}),
        ("#/dyad?level=easy&resume=a", "dyad", {"game": "dyad", "level": "easy", "resume": "a"}),
        ("#/dyad?level=grandmaster", "not-found", {"path": "/dyad?level=grandmaster"}),
        ("#/dyad?resume=" + "a" * 65, "not-found", {"path": "/dyad?resume=" + "a" * 65}),
        ("#/dyad?seed=3", "not-found", {"path": "/dyad?seed=3"}),
    ],
)
def test_routes_parse(hash_: str, view: str, params: dict[str, str]) -> None:
    assert routes.parse(hash_) == routes.Route(view, params)


def test_routes_href_round_trips() -> None:
    for game in routes.GAMES:
        assert routes.parse(routes.href(game)) == routes.Route(game, {"game": game})
        assert routes.parse(routes.href("rules", game)) == routes.Route("rules", {"game": game})
    assert routes.parse(routes.href("saves")) == routes.Route("saves")
    assert routes.parse(routes.href("saves", review="x-2")) == routes.Route("saves", {"review": "x-2"})
    with pytest.raises(ValueError, match="no link"):
        routes.href("saves", review="<b>")
    assert routes.parse(routes.href("dieci", resume="x-2")) == routes.Route("dieci", {"game": "dieci", "resume": "x-2"})
    with pytest.raises(ValueError, match="no link"):
        routes.href("dyad", resume="<script>")
    with pytest.raises(ValueError, match="no link"):
        routes.href("rules", "chess")
    with pytest.raises(ValueError, match="no link"):
        routes.href("chess")


def test_netlify_headers_cover_the_site() -> None:
    rules = serve.load_rules()
    csp = serve.headers_for(rules, "/embed.html")["Content-Security-Policy"]  # the app page's: its meta tag
    assert "'wasm-unsafe-eval'" in csp and "'unsafe-eval'" not in csp and "'unsafe-inline'" not in csp
    assert serve.headers_for(rules, "/")["X-Frame-Options"] == "DENY"
    for path in ("/", "/index.html", "/sw.js", "/manifest.webmanifest"):
        assert serve.headers_for(rules, path)["Cache-Control"] == "no-cache", path
    for path in ("/runtime/pyodide-abc/pyodide.mjs", "/app/abc/pyapp-0.1.0-py3-none-any.whl.gz", "/web/app.abc.css"):
        assert "immutable" in serve.headers_for(rules, path)["Cache-Control"], path
    assert serve.headers_for(rules, "/runtime/pyodide-abc/pyodide.asm.wasm")["Content-Type"] == "application/wasm"


def test_wheel_is_reproducible_and_complete() -> None:
    name, first = build.build_wheel("0.1.0")
    assert name == "pyapp-0.1.0-py3-none-any.whl"
    assert build.build_wheel("0.1.0")[1] == first
    with zipfile.ZipFile(io.BytesIO(first)) as wheel:
        names = set(wheel.namelist())
    assert {"pyapp/__init__.py", "pyapp/ui/shell/app.py", "pyapp-0.1.0.dist-info/RECORD"} <= names
    assert not any("__pycache__" in n for n in names)


def test_bytecode_wheel_holds_no_source_and_refuses_a_changed_tree() -> None:
    sources = build.source_digests()
    bytecode = {name.removesuffix(".py") + ".pyc": name.encode() for name in sources}
    _, data = build.build_wheel("0.1.0", build.Compiled(b"", bytecode, sources))
    with zipfile.ZipFile(io.BytesIO(data)) as wheel:
        names = set(wheel.namelist())
        listed = wheel.read("pyapp-0.1.0.dist-info/SOURCES").decode()
        record = dict(line.split(",", 1) for line in wheel.read("pyapp-0.1.0.dist-info/RECORD").decode().splitlines())
        assert wheel.read("pyapp/ui/shell/app.pyc") == b"pyapp/ui/shell/app.py"
    # every member is in RECORD; bytecode unhashed (PEP 376 allows it), the rest hashed
    assert set(record) == names
    assert all((value == ",") == (name.endswith(".pyc") or name.endswith("/RECORD")) for name, value in record.items())
    assert "pyapp/ui/shell/app.pyc" in names and not any(n.endswith(".py") for n in names)
    assert f"{sources['pyapp/ui/shell/app.py'][:build.SOURCE_DIGEST_CHARS]}  pyapp/ui/shell/app.py" in listed.splitlines()
    stale = dict(sources, **{"pyapp/ui/shell/app.py": "0" * 64})
    with pytest.raises(SystemExit, match="changed while"):
        build.build_wheel("0.1.0", build.Compiled(b"", bytecode, stale))
    # modules no page imports are left out, bytecode and digest; one a kept module imports stops the build
    assert build.NOT_IN_WHEEL and not {n + "c" for n in build.NOT_IN_WHEEL} & names
    assert not [line for line in listed.splitlines() if line.split("  ")[1] in build.NOT_IN_WHEEL]
    assert "pyapp/games/testing.py" in build.NOT_IN_WHEEL and "pyapp/games/testing.py" in sources
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "NOT_IN_WHEEL", (*build.NOT_IN_WHEEL, "pyapp/registry.py"))
        with pytest.raises(SystemExit, match="imports pyapp.registry, which the wheel leaves out"):
            build.build_wheel("0.1.0", build.Compiled(b"", bytecode, sources))


def test_fill_i18n_escapes_and_rejects_unknown_keys() -> None:
    page = '<p class="x" data-i18n="a"></p><span data-i18n="b"></span>'
    assert build.fill_i18n(page, {"a": "<b>&", "b": "B"}) == '<p class="x" data-i18n="a">&lt;b&gt;&amp;</p><span data-i18n="b">B</span>'
    with pytest.raises(SystemExit, match="unknown message key"):
        build.fill_i18n(page, {"a": "A"})


def test_render_and_hashed_names() -> None:
    assert build.render("<{{ a }}|{{b}}>", {"a": "1", "b": "2"}) == "<1|2>"
    with pytest.raises(SystemExit, match="no value"):
        build.render("{{ missing }}", {})
    assert re.fullmatch(r"app\.[0-9a-f]{10}\.css", build.hashed_name("app.css", b"x"))
    assert build.script_json({"k": "</script>"}) == '{"k":"\\u003c/script>"}'


def _static_keys() -> set[str]:
    """Keys the page shows before Python: index.html's data-i18n, boot.js's t() and guard.js's say() calls."""
    used = set(re.findall(r'data-i18n="([^"]+)"', (ROOT / "index.html").read_text()))
    used |= set(re.findall(r'\bsay\("([a-z._]+)"', (ROOT / "web/guard.js").read_text()))
    return used | set(re.findall(r'\bt\("([a-z.]+)"', (ROOT / "web/boot.js").read_text()))


def _python_keys() -> set[str]:
    """Keys of the shell's own Python views."""
    used: set[str] = set()
    for name in ("app.py", "router.py", "views.py"):
        used |= set(re.findall(r'\bt\(\s*"([a-z._]+)"', (ROOT / "pyapp/ui/shell" / name).read_text()))
    return used


def test_every_shell_string_is_in_the_catalog() -> None:
    for code in i18n.LANGUAGES:
        missing = (_static_keys() | _python_keys()) - i18n.catalog(code).keys()
        assert not missing, f"{code}: missing {sorted(missing)}"
    exported = {k for k in i18n.catalog(i18n.LANGUAGES[0]) if build.SHELL_KEY.match(k)}
    assert _static_keys() <= exported, "the build must inline these into index.html"


def test_shell_placeholders_match_across_languages() -> None:
    def fields(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    english = i18n.catalog(i18n.LANGUAGES[0])
    for code in i18n.LANGUAGES[1:]:
        for key, text in i18n.catalog(code).items():
            if key.startswith("shell.") and key in english:
                assert fields(text) == fields(english[key]), f"{code} {key}"


def test_templates_keep_their_build_markers() -> None:
    assert "const BUILD = null; // filled in by tools/build.py" in (ROOT / "web/sw.js").read_text()
    assert 'import("./pyscript/core.js");' in (ROOT / "web/start.js").read_text()


def test_serve_compresses_like_netlify_when_asked(tmp_path: Path) -> None:
    import gzip
    import urllib.request

    (tmp_path / "index.html").write_text("<p>hello</p>" * 100)
    (tmp_path / "x.zip").write_bytes(b"PK" + bytes(500))
    server = serve.start(tmp_path, compress=True)
    try:
        def get(path: str, accept: str):
            request = urllib.request.Request(f"http://127.0.0.1:{server.server_port}{path}", headers={"Accept-Encoding": accept})
            with urllib.request.urlopen(request) as response:
                return response.headers, response.read()

        headers, body = get("/", "gzip")
        assert headers["Content-Encoding"] == "gzip" and headers["Cache-Control"] == "no-cache"
        assert gzip.decompress(body) == (tmp_path / "index.html").read_bytes()
        if serve.brotli is not None:
            headers, body = get("/index.html", "gzip, br")
            assert headers["Content-Encoding"] == "br" and serve.brotli.decompress(body).startswith(b"<p>hello")
        headers, body = get("/x.zip", "gzip, br")
        assert headers["Content-Encoding"] is None and body == (tmp_path / "x.zip").read_bytes()
        headers, body = get("/", "")
        assert headers["Content-Encoding"] is None and body.startswith(b"<p>hello")
    finally:
        server.shutdown()
        server.server_close()


def test_runtime_folder_holds_the_core_and_our_stdlib_gzipped_and_no_lock_file() -> None:
    files = build.runtime_files(b"our stdlib, gzipped")
    assert tuple(files) == build.RUNTIME_FILES and "pyodide-lock.json" not in files
    assert files["python_stdlib.zip.gz"] == b"our stdlib, gzipped"


def test_gzip_is_zopfli_smaller_than_zlib_and_the_same_bytes_every_build() -> None:
    source = (ROOT / "tools/build.py").read_bytes()
    first, empty = build.gzipped(source, b"")
    assert gzip.decompress(first) == source and gzip.decompress(empty) == b""
    assert build.gzipped(source) == [first], "the same build gives the same bytes"
    assert first[4:8] == b"\0\0\0\0", "no timestamp in the gzip header"
    assert len(first) < 0.985 * len(gzip.compress(source, 9, mtime=0)), "Zopfli beats zlib's level 9"


def test_loader_points_at_the_runtime_and_app_and_holds_the_lock() -> None:
    loader = build.loader_module("runtime/pyodide-abc", "app/def/pyapp.whl.gz").decode()
    lock = json.loads(re.search(r"^const LOCK = (\{.*\});$", loader, re.M).group(1))
    assert lock["packages"] == {}, "the site loads no Pyodide package"
    npm_lock = json.loads((build.NODE_MODULES / "pyodide/pyodide-lock.json").read_text())
    assert lock["info"] == npm_lock["info"]
    assert 'from "../runtime/pyodide-abc/pyodide.mjs"' in loader
    files = json.loads(re.search(r"^const FILES = (\{.*\});$", loader, re.M).group(1))
    assert files == {"runtime": "../runtime/pyodide-abc/", "stdlib": "../runtime/pyodide-abc/python_stdlib.zip.gz",
                     "app": "../app/def/pyapp.whl.gz"}


def test_link_preview_image_is_absolute_only_when_the_host_names_the_site(monkeypatch) -> None:
    monkeypatch.delenv("URL", raising=False)
    assert build.preview_url("web/icons/preview.x.png") == "web/icons/preview.x.png"
    monkeypatch.setenv("URL", "https://example.netlify.app/")
    assert build.preview_url("web/icons/preview.x.png") == "https://example.netlify.app/web/icons/preview.x.png"
    monkeypatch.setenv("URL", "javascript:alert(1)")
    assert build.preview_url("web/icons/preview.x.png") == "web/icons/preview.x.png"


def test_preview_image_is_a_png_of_the_link_preview_shape() -> None:
    import struct

    png = icons.preview()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = struct.unpack(">II", png[16:24])
    assert (width, height) == (600, 315)


def test_icons_are_rgb_when_opaque_and_rgba_with_rounded_corners() -> None:
    import struct
    import zlib

    def decoded(png: bytes) -> tuple[int, bytes]:
        colour_type = png[25]
        data = zlib.decompress(png[41:png.index(b"IEND") - 8])  # the one IDAT chunk's pixels
        return colour_type, data

    square, rounded = decoded(icons.icon(180, maskable=True)), decoded(icons.icon(180))
    assert square[0] == 2 and len(square[1]) == 180 * (1 + 180 * 3)
    assert rounded[0] == 6 and len(rounded[1]) == 180 * (1 + 180 * 4)
    # the same colours where both are opaque: the middle row's first pixels are the background
    middle = 90 * (1 + 180 * 3) + 1
    assert square[1][middle:middle + 3] == bytes(icons.BACKGROUND)
    assert struct.unpack(">I", icons.icon(180, maskable=True)[33:37])[0] == len(icons.icon(180, maskable=True)) - 57, "one IDAT"


def test_short_name_fits_under_an_icon() -> None:
    for code in i18n.LANGUAGES:
        name = build.short_name(code)
        assert 0 < len(name) <= build.SHORT_NAME_MAX and name != i18n.catalog(code)["app.title"], code
