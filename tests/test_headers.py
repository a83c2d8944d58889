"""netlify.toml's header rules over every built file, read by Netlify's own parser and by tools/serve.py.

Where two rules match one path and set the same header, what the response
carries depends on the host (Netlify's engine keeps the later value, other hosts
join both, and two Content-Security-Policy headers are both enforced), so no path
may be matched by two rules setting one header.
"""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402  (tools/ is put on the path just above)
import serve  # noqa: E402

CSP = "Content-Security-Policy"
PROBES = ("/", "/webfont.css", "/WEB/x.css", "/index.html/", "/runtime", "/nowhere/x.js")
"""Paths beside the built files on which Netlify's wildcard, case and slash rules are compared."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("headers") / "dist"
    build.build(out)
    return out


@pytest.fixture(scope="module")
def paths(site: Path) -> list[str]:
    """Every URL path of the build, and ``/`` (served as index.html)."""
    return ["/"] + sorted("/" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def netlify_parser(paths: list[str]) -> dict:
    """The rules as @netlify/headers-parser reads netlify.toml, and which match each path."""
    done = subprocess.run(
        ["node", str(ROOT / "tests/netlify_headers.mjs"), str(ROOT / "netlify.toml")],
        input=json.dumps(paths), capture_output=True, text=True, check=True, cwd=ROOT,
    )
    return json.loads(done.stdout)


NOT_FOUND = "/404.html"
"""Served for every unknown path, whose rules give it no policy: its one policy is its own meta tag."""
UNKNOWN = "/no/such/page"
META_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', re.IGNORECASE)


APP_PAGE = ("/", "/index.html")
"""The app page: its one policy is index.html's meta tag, which any host serves (issue 47); a meta policy
cannot say frame-ancestors, so its rules send X-Frame-Options DENY."""


def policy_of(path: str) -> str:
    return "frame-ancestors *" if path == "/embed.html" else "frame-ancestors 'none'"


def meta_policies(site: Path, path: str) -> list[str]:
    """The meta policies of the page at ``path`` (none for a file that is no page)."""
    file = site / ("index.html" if path == "/" else path[1:])
    return META_CSP.findall(file.read_text(encoding="utf-8")) if file.suffix == ".html" else []


def header_policies(parsed: dict, path: str) -> list[str]:
    rules = parsed["rules"]
    return [rules[i]["values"][CSP] for i in parsed["matches"][path] if CSP in rules[i]["values"]]


def test_no_path_gets_one_header_from_two_rules(site: Path, paths: list[str]) -> None:
    parsed = netlify_parser([*paths, *PROBES])
    assert parsed["errors"] == []
    rules = parsed["rules"]
    for path in paths:
        setters: dict[str, list[str]] = {}
        for index in parsed["matches"][path]:
            for name in rules[index]["values"]:
                setters.setdefault(name.lower(), []).append(rules[index]["for"])
        assert all(len(fors) == 1 for fors in setters.values()), (path, setters)
        assert "cache-control" in setters, path
        if path == NOT_FOUND:
            continue  # its policy: test_the_page_for_unknown_paths_has_one_policy
        policies = header_policies(parsed, path)
        if path in APP_PAGE:
            assert policies == [] and len(meta_policies(site, path)) == 1, (path, policies)
            assert "x-frame-options" in setters, path
            continue
        assert len(policies) == 1 and policies[0].endswith(policy_of(path)), (path, policies)
        assert meta_policies(site, path) == [], path


def test_the_page_for_unknown_paths_has_one_policy(site: Path) -> None:
    """What Netlify's parser gives an unknown path, plus 404.html's own meta tag: exactly one policy."""
    parsed = netlify_parser([UNKNOWN, NOT_FOUND])
    metas = META_CSP.findall((site / NOT_FOUND[1:]).read_text(encoding="utf-8"))
    for path in (UNKNOWN, NOT_FOUND):
        assert len(header_policies(parsed, path) + metas) == 1, (path, header_policies(parsed, path), metas)
    assert metas and metas[0].startswith("default-src 'none'") and "'unsafe" not in metas[0]


def test_serve_answers_an_unknown_path_with_the_sites_404_page(site: Path) -> None:
    server = serve.start(site)
    try:
        connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=30)
        connection.request("GET", UNKNOWN)
        response = connection.getresponse()
        body = response.read().decode()
        assert response.status == 404 and META_CSP.search(body)
        assert response.headers.get_all(CSP) is None  # the page's meta tag is its one policy
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        connection.close()
    finally:
        server.shutdown()
        server.server_close()


def test_serve_matches_paths_as_netlify_does(paths: list[str]) -> None:
    parsed = netlify_parser([*paths, *PROBES])
    ours = serve.load_rules()
    assert [pattern for pattern, _ in ours] == [rule["for"] for rule in parsed["rules"]]
    assert [values for _, values in ours] == [rule["values"] for rule in parsed["rules"]]
    for path in [*paths, *PROBES]:
        assert [i for i, (pattern, _) in enumerate(ours) if serve.matches(pattern, path)] == parsed["matches"][path], path


def test_serve_sends_one_policy_per_file(site: Path, paths: list[str]) -> None:
    server = serve.start(site)
    try:
        for path in paths:
            connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=30)
            connection.request("HEAD", path)
            response = connection.getresponse()
            assert response.status == 200, path
            policies = response.headers.get_all(CSP) or []
            if path in (NOT_FOUND, *APP_PAGE):
                assert not policies, policies  # its meta tag is its policy
                continue
            assert len(policies) == 1 and policies[0].endswith(policy_of(path)), (path, policies)
            assert "'unsafe-eval'" not in policies[0] and "'unsafe-inline'" not in policies[0]
            connection.close()
    finally:
        server.shutdown()
        server.server_close()


def connect_sources(policy: str) -> list[str]:
    directive = next(d.strip() for d in policy.split(";") if d.strip().startswith("connect-src "))
    return directive.split()[1:]


def app_policy(site: Path) -> str:
    [policy] = meta_policies(site, "/")
    return policy


def test_the_app_pages_policy_is_its_meta_tag_and_as_strict(site: Path) -> None:
    """index.html's meta policy is the app page's header policy of old minus frame-ancestors (which a meta
    tag cannot say): nothing unsafe, and it stands before anything it governs in the page."""
    page = (site / "index.html").read_text(encoding="utf-8")
    policy = app_policy(site)
    assert policy.startswith("default-src 'none'; script-src 'self' 'wasm-unsafe-eval';") and "frame-ancestors" not in policy
    assert "'unsafe-eval'" not in policy and "'unsafe-inline'" not in policy
    assert page.index("Content-Security-Policy") < min(page.index("<script"), page.index("<link"))


def test_only_the_app_page_may_reach_the_pinned_relays(site: Path) -> None:
    """The app page's connect-src is 'self' and exactly pyapp/friends/relays.py's trackers; every other
    rule keeps 'self' alone."""
    from pyapp.friends.relays import RELAYS, policy_sources

    assert policy_sources() and all(url.startswith("wss://") for url in RELAYS)
    assert connect_sources(app_policy(site)) == ["'self'", *policy_sources()]
    for pattern, values in serve.load_rules():
        if CSP in values:
            assert connect_sources(values[CSP]) == ["'self'"], pattern


def test_no_page_is_cross_origin_isolated(site: Path, paths: list[str]) -> None:
    """No page asks for cross-origin isolation (its worker needs no synchronous bridge since issue 47, and no
    figure is better for it); the app page keeps its window from other sites' (COOP), and the embed, framed
    by other sites, must stay framable without their opting in.  Both start their worker from a blob: (worker-src)."""
    rules = serve.load_rules()
    for path in paths:
        headers = serve.headers_for(rules, path)
        app = path in APP_PAGE
        assert headers.get("Cross-Origin-Opener-Policy") == ("same-origin" if app else None), path
        assert "Cross-Origin-Embedder-Policy" not in headers, path
        if path in (*APP_PAGE, "/embed.html"):
            policy = app_policy(site) if app else headers[CSP]
            worker_src = next(d.split()[1:] for d in policy.split(";") if d.strip().startswith("worker-src"))
            assert worker_src == ["'self'", "blob:"], path


def test_serve_adds_a_test_endpoint_only_when_asked(site: Path) -> None:
    local = "ws://127.0.0.1:4567"
    for connect, expected in (((), False), ((local,), True)):
        server = serve.start(site, connect=connect)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=30)
            connection.request("GET", "/")
            [policy] = META_CSP.findall(connection.getresponse().read().decode())
            connection.request("HEAD", "/sw.js")
            header = connection.getresponse().headers[CSP]
            connection.close()
        finally:
            server.shutdown()
            server.server_close()
        assert (local in connect_sources(policy)) is expected, policy
        assert (local in connect_sources(header)) is expected, header
        assert policy == (serve.widened(app_policy(site), connect) if connect else app_policy(site))


def test_serve_can_leave_out_our_headers(site: Path) -> None:
    """The e2e suite's second server mode: the site as a host without our headers serves it."""
    for plain in (False, True):
        server = serve.start(site, plain=plain)
        try:
            connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=30)
            connection.request("HEAD", "/")
            headers = connection.getresponse().headers
            connection.close()
        finally:
            server.shutdown()
            server.server_close()
        ours = (headers["Cross-Origin-Opener-Policy"], headers["X-Frame-Options"], headers["Cache-Control"])
        assert ours == ((None, None, None) if plain else ("same-origin", "DENY", "no-cache"))
        assert headers["Content-Type"].startswith("text/html")


def test_lazy_modules_are_built_but_not_precached(site: Path) -> None:
    """Each lazy module is in dist and named in the page's boot data, and the worker never fetches it."""
    page = (site / "index.html").read_text(encoding="utf-8")
    data = json.loads(re.search(r'<script type="application/json" id="boot-data">(.*?)</script>', page, re.S).group(1))
    lazy = data["lazy"]
    assert set(lazy) == set(build.LAZY_MODULES)
    worker = (site / "sw.js").read_text(encoding="utf-8")
    precached = json.loads(re.search(r"^const BUILD = (\{.*?\});$", worker, re.M | re.S).group(1))["files"]
    for path in lazy.values():
        assert (site / path).is_file() and path.startswith("web/lazy/")
        assert path not in precached
    assert "index.html" in precached
