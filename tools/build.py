"""Build the self-contained static site into ``dist/`` (standard library only).

Usage: ``python tools/build.py [--out DIR]``; needs ``npm ci`` to have filled
``node_modules`` with the pinned Pyodide and PyScript, and ``node`` to run that
Pyodide, which compiles the standard library and ``pyapp`` (:func:`compiled_python`).

Every file except ``index.html``, ``sw.js`` and ``manifest.webmanifest`` gets a
content hash in its path, so hosts may cache it forever.  The service worker's
cache name is a hash of every built file, so a new build always installs into a
new cache and an old page is never served a mix of builds.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import embed_build  # noqa: E402  (tools/ is put on the path just above)
import icons  # noqa: E402
import stdlib  # noqa: E402
from pyapp.registry import GAMES  # noqa: E402
from pyapp.ui.browser.protocol import fill_script  # noqa: E402

NODE_MODULES = ROOT / "node_modules"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The runtime's files as npm publishes them."""
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
"""Pyodide's loader and core, which the build copies as npm publishes them."""
RUNTIME_FILES = (*CORE_FILES, "python_stdlib.zip.gz")
"""The runtime folder of a build: Pyodide's loader and core, and the trimmed compiled standard library
(:func:`compiled_python`) gzipped whole; ``web/loader.mjs`` (:func:`loader_module`) unpacks it and holds
the lock in place of ``pyodide-lock.json``."""
PYSCRIPT_CHUNKS = ("core", "deprecations-manager", "donkey", "error", "py-editor", "py-game", "py-terminal")
"""PyScript's modules that its core imports on every boot (named ``<chunk>-<hash>.js``).

The rest of ``@pyscript/core/dist`` serves features this site never uses (MicroPython,
the editor's and terminal's libraries, TOML configs, package lists): about 1 MB that every
first visit would otherwise download into the offline cache.  ``e2e/test_site.py`` checks
that a boot never asks for a missing file.
"""
LAZY_MODULES = {
    "p2p": "web/friends/link.mjs",
    "qr": "node_modules/qrcode-generator/dist/qrcode.mjs",
}
"""Page modules fetched only when a feature needs them (``window.pyappImport(name)``, web/dom.js):
name -> entry file, bundled with its npm imports by esbuild into ``web/lazy/<name>.<hash>.mjs``.
They stay out of the service worker's precache, so a first visit never downloads them: the peer-to-peer link
(friends' games) and the QR code encoder (an invite)."""
UNHASHED = ("index.html", "manifest.webmanifest", "embed.html", "404.html")
"""Files served under fixed names (no-cache); the worker checks their digests."""

WHEEL_DATE = (2020, 1, 1, 0, 0, 0)
"""Fixed timestamp inside the wheel so the same sources give the same bytes."""

SHELL_KEY = re.compile(rf"^(shell\.|game\.({'|'.join(GAMES)})$|app\.title$|daily\.link$)")
"""Message keys the page shows before Python is ready (the picker's "Today's deal" among them)."""


def digest(data: bytes, length: int = 10) -> str:
    """Short hex content hash used in file and folder names."""
    return hashlib.sha256(data).hexdigest()[:length]


def hashed_name(name: str, data: bytes) -> str:
    """``app.css`` → ``app.<hash>.css``."""
    stem, dot, ext = name.rpartition(".")
    return f"{stem}.{digest(data)}.{ext}" if dot else f"{name}.{digest(data)}"


class Site:
    """The files of one build, kept in memory until written out at once."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}

    def add(self, path: str, data: bytes) -> str:
        if path in self.files:
            raise ValueError(f"two build outputs want the path {path}")
        self.files[path] = data
        return path

    def add_hashed(self, folder: str, name: str, data: bytes) -> str:
        return self.add(f"{folder}/{hashed_name(name, data)}", data)

    def add_folder(self, prefix: str, files: dict[str, bytes]) -> str:
        """Put ``files`` in ``prefix-<hash of them all>/`` (they refer to each other by name)."""
        combined = hashlib.sha256()
        for name in sorted(files):
            combined.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
        folder = f"{prefix}-{combined.hexdigest()[:10]}"
        for name, data in files.items():
            self.add(f"{folder}/{name}", data)
        return folder

    def write(self, out: Path) -> None:
        """Replace ``out`` by this build, swapping whole folders so a server never sees half of one."""
        staging = out.with_name(out.name + ".tmp")
        shutil.rmtree(staging, ignore_errors=True)
        for path, data in self.files.items():
            target = staging / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        old = out.with_name(out.name + ".old")
        shutil.rmtree(old, ignore_errors=True)
        if out.exists():
            out.rename(old)
        staging.rename(out)
        shutil.rmtree(old, ignore_errors=True)


def read_package(name: str, wanted: tuple[str, ...] | None = None) -> dict[str, bytes]:
    """Files of an installed npm package folder (all but source maps, or just ``wanted``)."""
    folder = NODE_MODULES / name
    if not folder.is_dir():
        raise SystemExit(f"build: {folder} is missing; run `npm ci` first")
    if wanted is not None:
        missing = [f for f in wanted if not (folder / f).is_file()]
        if missing:
            raise SystemExit(f"build: {name} lacks {', '.join(missing)}; is the pinned version installed?")
        return {f: (folder / f).read_bytes() for f in wanted}
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and not p.name.endswith(".map")
    }


def pyscript_files() -> dict[str, bytes]:
    """``core.js``, ``core.css`` and the :data:`PYSCRIPT_CHUNKS` of the pinned PyScript."""
    chunk = re.compile(r"(.+)-[\w-]{8}\.js")
    kept: dict[str, bytes] = {}
    found: set[str] = set()
    for name, data in read_package("@pyscript/core/dist").items():
        m = chunk.fullmatch(name)
        if m and m.group(1) in PYSCRIPT_CHUNKS:
            found.add(m.group(1))
        elif name not in ("core.js", "core.css"):
            continue
        kept[name] = data
    if missing := set(PYSCRIPT_CHUNKS) - found:
        raise SystemExit(f"build: @pyscript/core lacks {', '.join(sorted(missing))}; is the pinned version installed?")
    return kept


def project_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["project"]["version"]


class Compiled(NamedTuple):
    stdlib: bytes
    bytecode: dict[str, bytes]
    """``{"pyapp/x.pyc": ...}``"""
    sources: dict[str, str]
    """``{"pyapp/x.py": sha256}`` of the sources that bytecode was compiled from."""


def compiled_python() -> Compiled:
    """The trimmed standard library as bytecode and ``pyapp``'s bytecode, made by the vendored
    Pyodide under Node (``tools/stdlib.mjs`` running ``tools/stdlib.py``), so they match it exactly."""
    with tempfile.TemporaryDirectory() as out:
        try:
            subprocess.run(["node", str(ROOT / "tools/stdlib.mjs"), str(ROOT / "pyapp"), out], check=True)
        except (OSError, subprocess.CalledProcessError) as error:
            raise SystemExit(f"build: compiling Python in Pyodide under Node failed: {error}") from error
        folder = Path(out)
        bytecode = {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.glob("pyapp/**/*.pyc"))}
        sources = json.loads((folder / "sources.json").read_text())
        return Compiled((folder / "python_stdlib.zip").read_bytes(), bytecode, sources)


GZIP_ITERATIONS = 1
"""Zopfli's optimisation passes per file: 5 saved under 3 kB of the first visit and took the
library from 22 to 82 s (docs/boot.md, "fourth round")."""


def gzipped(*blobs: bytes) -> list[bytes]:
    """Each of ``blobs`` as one gzip stream, made by Zopfli (``tools/gzip.mjs``) in parallel.

    Zopfli writes plain gzip about 4 % smaller than zlib's level 9, which the page's
    ``DecompressionStream`` reads as any other; no timestamp, so the same input gives the
    same bytes.  Each result is unpacked and compared before it is used: the site must not
    ship a stream that does not give its file back."""
    command = ["node", str(ROOT / "tools/gzip.mjs"), str(GZIP_ITERATIONS)]

    def one(data: bytes) -> bytes:
        try:
            packed = subprocess.run(command, input=data, capture_output=True, check=True).stdout
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", b"").decode(errors="replace").strip()
            raise SystemExit(f"build: gzip with Zopfli under Node failed (is `npm ci` done?): {error} {detail}") from error
        if gzip.decompress(packed) != data:
            raise SystemExit("build: Zopfli's gzip stream does not unpack to its input")
        return packed

    with ThreadPoolExecutor(max_workers=len(blobs)) as pool:
        return list(pool.map(one, blobs))


def bundled(entry: str) -> bytes:
    """``entry`` and what it imports from node_modules as one minified ES module (esbuild; the same
    sources give the same bytes)."""
    command = [str(NODE_MODULES / ".bin/esbuild"), str(ROOT / entry), "--bundle", "--format=esm", "--minify",
               "--platform=browser", "--target=es2022", "--legal-comments=none", "--charset=utf8"]
    try:
        return subprocess.run(command, capture_output=True, check=True, cwd=ROOT).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", b"").decode(errors="replace").strip()
        raise SystemExit(f"build: bundling {entry} with esbuild failed (is `npm ci` done?): {error} {detail}") from error


def lazy_modules(site: Site) -> dict[str, str]:
    """Bundle every :data:`LAZY_MODULES` entry into ``site``: ``{name: path in the site}``."""
    return {name: site.add_hashed("web/lazy", f"{name}.mjs", bundled(entry)) for name, entry in LAZY_MODULES.items()}


def runtime_files(stdlib_gz: bytes) -> dict[str, bytes]:
    """:data:`RUNTIME_FILES`: npm's Pyodide core with our standard library (a zip of stored members,
    :func:`gzipped`)."""
    files = read_package("pyodide", CORE_FILES)
    files["python_stdlib.zip.gz"] = stdlib_gz
    return {name: files[name] for name in RUNTIME_FILES}


def loader_module(runtime: str, app: str) -> bytes:
    """``web/loader.mjs``, PyScript's ``interpreter`` (served from ``web/``), pointed at the runtime
    folder and the app, with the lock's content: its ``info`` and no packages (the site loads none), and the
    page protocol's message kinds."""
    loader = (ROOT / "web/loader.mjs").read_text(encoding="utf-8")
    lock = json.loads(read_package("pyodide", ("pyodide-lock.json",))["pyodide-lock.json"])
    filled = {
        'from "./pyodide/pyodide.mjs";': f'from "../{runtime}/pyodide.mjs";',
        "const LOCK = null; // filled in by tools/build.py":
            f"const LOCK = {json.dumps({'info': lock['info'], 'packages': {}}, separators=(',', ':'))};",
        "const FILES = null; // filled in by tools/build.py: {runtime, stdlib, app}, relative to this file":
            "const FILES = " + json.dumps({"runtime": f"../{runtime}/", "stdlib": f"../{runtime}/python_stdlib.zip.gz",
                                           "app": f"../{app}"}) + ";",
    }
    for marker, value in filled.items():
        if marker not in loader:
            raise SystemExit(f"build: web/loader.mjs lost its line {marker!r}")
        loader = loader.replace(marker, value)
    return protocol_filled(loader, "web/loader.mjs").encode()


def worker_page_script() -> str:
    """``web/worker_page.js`` as the site serves it: with the page protocol (the Node test loads this too)."""
    return protocol_filled((ROOT / "web/worker_page.js").read_text(encoding="utf-8"), "web/worker_page.js")


def protocol_filled(text: str, name: str) -> str:
    """The script ``name`` with the page protocol's codes written in (``pyapp/ui/browser/protocol.py``: one table for
    Python and the page)."""
    try:
        return fill_script(text, name)
    except ValueError as error:
        raise SystemExit(f"build: {error}") from error


NOT_IN_WHEEL = ("pyapp/games/testing.py",)
"""Modules the site's (bytecode) wheel leaves out: no page imports them, only the tests and
``bench/soak.py`` do (the conformance check).  :func:`shipped` stops the build if a module the
wheel keeps imports one; ``e2e/test_stdlib.py`` imports every other module from the built wheel."""


def shipped(sources: dict[str, str]) -> dict[str, str]:
    """``sources`` (``{"pyapp/x.py": ...}``) without :data:`NOT_IN_WHEEL`, after checking that
    no module kept imports a left-out one, in a function body or not (literal names only, as
    :func:`stdlib.imports` reads them; the games' and screens' modules are named in full)."""
    left_out = {name.removesuffix(".py").replace("/", ".") for name in NOT_IN_WHEEL}
    for name in sources:
        if name in NOT_IN_WHEEL:
            continue
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        found = stdlib.imports((ROOT / name).read_bytes(), module, name.endswith("/__init__.py")) & left_out
        if found:
            raise SystemExit(f"build: {name} imports {', '.join(sorted(found))}, which the wheel leaves out (NOT_IN_WHEEL)")
    return {name: sha for name, sha in sources.items() if name not in NOT_IN_WHEEL}


def build_wheel(version: str, compiled: Compiled | None = None) -> tuple[str, bytes]:
    """A pure wheel of ``pyapp`` made straight from the source tree: its data files and its
    modules, as sources or, given ``compiled``, as the bytecode compiled from them only
    (``pyapp/x.pyc`` for ``pyapp/x.py``: the site's wheel, without :data:`NOT_IN_WHEEL`).

    A bytecode wheel lists the digest of every source it carries compiled in its ``.dist-info/SOURCES``
    (the first :data:`SOURCE_DIGEST_CHARS` hex digits); the build stops if the tree is not what was compiled, and ``e2e/test_stdlib.py`` compares
    a built wheel with the tree (:func:`source_digests`).  Members are stored, not deflated:
    the site serves the wheel gzipped whole (:func:`gzipped`), which compresses better than
    deflating each member alone."""
    import base64
    import io

    dist_info = f"pyapp-{version}.dist-info"
    skipped = (".pyc",) if compiled is None else (".py", ".pyc")
    entries: dict[str, bytes] = {}
    for path in sorted((ROOT / "pyapp").rglob("*")):  # modules and any data files beside them
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in skipped:
            entries[path.relative_to(ROOT).as_posix()] = path.read_bytes()
    if compiled is not None:
        if compiled.sources != source_digests():
            raise SystemExit("build: pyapp's sources changed while they were being compiled; build again")
        kept = shipped(compiled.sources)
        entries.update(sorted((n, data) for n, data in compiled.bytecode.items() if n.removesuffix("c") in kept))
        entries[f"{dist_info}/SOURCES"] = "".join(
            f"{sha[:SOURCE_DIGEST_CHARS]}  {n}\n" for n, sha in sorted(kept.items())).encode()
    entries[f"{dist_info}/METADATA"] = f"Metadata-Version: 2.1\nName: pyapp\nVersion: {version}\n".encode()
    entries[f"{dist_info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: tools/build.py\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = []
    for name, data in entries.items():
        if name.endswith(".pyc"):  # PEP 376 lets bytecode go unhashed: 6 kB of digests that do not compress
            record.append(f"{name},,")
            continue
        sha = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{name},sha256={sha},{len(data)}")
    record.append(f"{dist_info}/RECORD,,")
    entries[f"{dist_info}/RECORD"] = ("\n".join(record) + "\n").encode()

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as wheel:
        for name, data in entries.items():
            info = zipfile.ZipInfo(name, WHEEL_DATE)
            info.external_attr = 0o644 << 16
            wheel.writestr(info, data, zipfile.ZIP_STORED)  # served gzipped whole (:func:`gzipped`)
    return f"pyapp-{version}-py3-none-any.whl", buffer.getvalue()


SOURCE_DIGEST_CHARS = 16
"""How much of each source's sha256 the wheel's ``SOURCES`` lists: 64 bits tell two trees apart,
and the full digests would cost about 4 kB of every first visit (hex does not compress)."""


def source_digests() -> dict[str, str]:
    """``{"pyapp/x.py": sha256}`` of every module in the source tree."""
    return {
        path.relative_to(ROOT).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted((ROOT / "pyapp").rglob("*.py"))
        if "__pycache__" not in path.parts
    }


def shell_messages() -> tuple[tuple[str, ...], dict[str, dict[str, str]]]:
    """The languages and, for each, the messages the page needs before Python."""
    from pyapp import i18n

    messages = {code: {k: v for k, v in i18n.catalog(code).items() if SHELL_KEY.match(k)} for code in i18n.LANGUAGES}
    return tuple(i18n.LANGUAGES), messages


SHORT_NAME_MAX = 12
"""Characters an installed icon's label shows before the platform truncates it."""


def short_name(language: str) -> str:
    """The manifest's ``short_name``: the title is too long for a label under an icon."""
    from pyapp import i18n

    name = i18n.catalog(language)["app.short_name"]
    if len(name) > SHORT_NAME_MAX:
        raise SystemExit(f"build: app.short_name {name!r} ({language}) is over {SHORT_NAME_MAX} characters")
    return name


def fill_i18n(page: str, messages: dict[str, str]) -> str:
    """Put each ``data-i18n`` key's text inside its (empty) element, escaped."""

    def replace(match: re.Match[str]) -> str:
        key = match.group("key")
        if key not in messages:
            raise SystemExit(f"build: index.html uses unknown message key {key!r}")
        return match.group("open") + html.escape(messages[key], quote=False) + match.group("close")

    pattern = re.compile(r'(?P<open><(?P<tag>\w+)\b[^>]*\bdata-i18n="(?P<key>[^"]+)"[^>]*>)(?P<close></(?P=tag)>)')
    return pattern.sub(replace, page)


def render(template: str, values: dict[str, str]) -> str:
    """Replace ``{{ name }}`` markers; every marker must have a value."""

    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise SystemExit(f"build: template marker {{{{ {name} }}}} has no value")
        return values[name]

    return re.sub(r"\{\{\s*(\w+)\s*\}\}", replace, template)


GAME_CARD = """<li class="game-card" data-game="{g}">
          <h2 class="game-title" id="game-title-{g}"><span class="game-mark" aria-hidden="true"></span><span class="game-name" data-i18n="game.{g}"></span></h2>
          <p class="game-about" data-i18n="shell.about.{g}"></p>
          <p class="game-facts" data-i18n="shell.facts.{g}"></p>
          <p class="game-ways">
            <a class="button" href="#/{g}" data-testid="game-link-{g}" aria-describedby="game-title-{g}" data-i18n="shell.play"></a>
            <a class="button secondary" href="#/rules/{g}" data-testid="rules-link-{g}" aria-describedby="game-title-{g}" data-i18n="shell.howto"></a>
            <a class="button secondary" href="#/learn/{g}" data-testid="learn-link-{g}" aria-describedby="game-title-{g}" data-i18n="shell.learn"></a>
          </p>
        </li>"""
"""The static picker's card of one game (texts filled from the catalog by :func:`fill_i18n`)."""


def game_cards() -> str:
    """Every registered game's picker card, in the registry's order."""
    from pyapp.registry import GAMES

    return "\n        ".join(GAME_CARD.format(g=game) for game in GAMES)


def script_json(value: object) -> str:
    """JSON safe to place inside a ``<script type="application/json">`` element."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")


def preview_url(path: str) -> str:
    """The link-preview image's address: absolute when the host names the site's address.

    Link previews want an absolute ``og:image``; Netlify sets ``URL`` (the site's main
    address) during its builds.  Elsewhere the path stays relative to the page.
    """
    base = os.environ.get("URL", "").rstrip("/")
    return f"{base}/{path}" if base.startswith("https://") else path


def build(out: Path) -> Site:
    """Assemble every output file of the site in memory, then write ``out``."""
    site = Site()
    version = project_version()
    languages, messages = shell_messages()
    default = messages[languages[0]]

    compiled = compiled_python()
    wheel_name, wheel = build_wheel(version, compiled)
    stdlib_gz, wheel_gz = gzipped(compiled.stdlib, wheel)
    pyodide = site.add_folder("runtime/pyodide", runtime_files(stdlib_gz))
    pyscript = site.add_folder("runtime/pyscript", pyscript_files())
    wheel_path = site.add(f"app/{digest(wheel)}/{wheel_name}.gz", wheel_gz)
    loader = site.add_hashed("web", "loader.mjs", loader_module(pyodide, wheel_path))

    icon_192 = site.add_hashed("web/icons", "icon-192.png", icons.icon(192))
    icon_512 = site.add_hashed("web/icons", "icon-512.png", icons.icon(512))
    maskable = site.add_hashed("web/icons", "maskable-512.png", icons.icon(512, maskable=True))
    apple = site.add_hashed("web/icons", "apple-touch-180.png", icons.icon(180, maskable=True))
    preview = preview_url(site.add_hashed("web/icons", "preview.png", icons.preview()))
    # the shell's styles first, then each screen's (web/css/*.css), all loaded up front
    css = site.add_hashed("web", "app.css", (ROOT / "web/app.css").read_bytes())
    screen_css = {
        sheet.name: site.add_hashed("web/css", sheet.name, sheet.read_bytes())
        for sheet in sorted((ROOT / "web/css").glob("*.css"))
    }
    stylesheets = [css, *screen_css.values()]
    guard_js = site.add_hashed("web", "guard.js", (ROOT / "web/guard.js").read_bytes())
    boot_js = site.add_hashed("web", "boot.js", (ROOT / "web/boot.js").read_bytes())
    dom_js = site.add_hashed("web", "dom.js", (ROOT / "web/dom.js").read_bytes())
    motion_js = site.add_hashed("web", "motion.js", (ROOT / "web/motion.js").read_bytes())
    worker_page_js = site.add_hashed("web", "worker_page.js", worker_page_script().encode())
    worker_py = site.add_hashed("web", "worker.py", (ROOT / "web/worker.py").read_bytes())
    start_js = site.add_hashed("web", "start.js", start_module(pyscript))
    lazy = lazy_modules(site)

    manifest = {
        "id": "./",
        "name": default["app.title"],
        "short_name": short_name(languages[0]),
        "description": default["shell.tagline"],
        "lang": languages[0],
        "dir": "ltr",
        "start_url": "./",
        "scope": "./",
        "display": "standalone",
        "orientation": "any",
        "categories": ["games", "entertainment"],
        "background_color": "#f6f3ee",
        "theme_color": "#2f5d62",
        "icons": [
            {"src": icon_192, "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": icon_512, "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {"src": maskable, "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
    }
    site.add("manifest.webmanifest", json.dumps(manifest, ensure_ascii=False, indent=1).encode())

    boot_files = [f"{pyodide}/{name}" for name in RUNTIME_FILES] + [wheel_path]
    boot_data = {
        "languages": languages,
        "messages": messages,
        "files": {path: len(site.files[path]) for path in boot_files},
        "worker": "sw.js",
        "lazy": lazy,
    }
    # sync_main_only: PyScript's own `pyscript` module, which our worker Python never uses, would warn
    # on every boot that its `window` cannot be made (it compiles a function, which the CSP forbids)
    py_config = {"interpreter": f"./{loader}", "sync_main_only": True}
    page = render(
        (ROOT / "index.html").read_text(encoding="utf-8"),
        {
            "lang": languages[0],
            "stylesheets": "\n  ".join(f'<link rel="stylesheet" href="{href}">' for href in stylesheets),
            "guard_js": guard_js,
            "boot_js": boot_js,
            "dom_js": dom_js,
            "motion_js": motion_js,
            "worker_page_js": worker_page_js,
            "worker_py": worker_py,
            "icon": icon_192,
            "apple_icon": apple,
            "pyscript_css": f"{pyscript}/core.css",
            "start_js": start_js,
            "py_config": html.escape(json.dumps(py_config, separators=(",", ":")), quote=True),
            "boot_data": script_json(boot_data),
            "title": html.escape(default["app.title"], quote=True),
            "description": html.escape(default["shell.meta.description"], quote=True),
            "preview_image": html.escape(preview, quote=True),
            "game_cards": game_cards(),
        },
    )
    site.add("index.html", fill_i18n(page, default).encode())
    site.add("404.html", (ROOT / "404.html").read_bytes())
    embed_build.add_embed(
        site,
        render=render,
        script_json=script_json,
        css=css,
        rules_css=screen_css["rules.css"],
        pyscript_css=f"{pyscript}/core.css",
        start_js=start_js,
        dom_js=dom_js,
        worker_page_js=worker_page_js,
        worker_py=worker_py,
        icon=icon_192,
        py_config=py_config,
        preview_image=html.escape(preview, quote=True),
    )

    site.add("sw.js", service_worker(site, not_cached=frozenset(lazy.values())).encode())
    site.write(out)
    return site


def start_module(pyscript: str) -> bytes:
    """web/start.js with its PyScript import pointed at the vendored folder (both under the site root)."""
    source = (ROOT / "web/start.js").read_text(encoding="utf-8")
    marker = 'import("./pyscript/core.js");'
    if marker not in source:
        raise SystemExit("build: web/start.js lost its PyScript import line")
    return source.replace(marker, f'import("../{pyscript}/core.js");').encode()


def service_worker(site: Site, not_cached: frozenset[str] = frozenset()) -> str:
    """The worker script with this build's cache name, file list and digests filled in; the files
    in ``not_cached`` (the lazy modules) are left out of its list, so installing never fetches them."""
    combined = hashlib.sha256()
    for path in sorted(site.files):
        combined.update(path.encode() + b"\0" + hashlib.sha256(site.files[path]).digest())
    build = {
        "cache": f"pyapp-{combined.hexdigest()[:16]}",
        "files": sorted(set(site.files) - not_cached),
        "digests": {path: hashlib.sha256(site.files[path]).hexdigest() for path in UNHASHED},
    }
    template = (ROOT / "web/sw.js").read_text(encoding="utf-8")
    marker = "const BUILD = null; // filled in by tools/build.py"
    if marker not in template:
        raise SystemExit("build: web/sw.js lost its BUILD marker line")
    return template.replace(marker, f"const BUILD = {json.dumps(build, indent=1)};")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "dist", help="site folder to (re)create (default: dist/)")
    args = parser.parse_args(argv)
    site = build(args.out.resolve())
    total = sum(len(d) for d in site.files.values())
    print(f"build: wrote {len(site.files)} files, {total / 1e6:.1f} MB, to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
