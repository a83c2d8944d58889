"""What only the page has, by message (pyapp/ui/worker/page_services.py): the clock, the address, requests, links."""

from __future__ import annotations

import asyncio

import pytest

from pyapp.ui.worker.mirror import Ops
from pyapp.ui.worker.page_services import Asks, Location, PageClock, PageLinks


def test_the_clock_is_the_pages_moved_on_by_the_workers() -> None:
    own = [1000.0]
    clock = PageClock(lambda: own[0])
    assert clock.now() == 1000.0  # nothing heard: the worker's own
    clock.heard(1_764_590_400_000)  # a test set the page's clock to a day long ago
    own[0] += 250
    assert clock.now() == 1_764_590_400_250
    clock.heard(None)  # a message without a clock changes nothing
    clock.heard(True)
    assert clock.now() == 1_764_590_400_250


def test_setting_the_hash_tells_the_page_and_reads_back_at_once() -> None:
    told: list[tuple[str, bool]] = []
    location = Location("http://x.test/?daily=2026-12-01#/dyad", lambda route, replace: told.append((route, replace)))
    assert (location.search, location.hash) == ("?daily=2026-12-01", "#/dyad")
    location.hash = "/triad"
    assert location.hash == "#/triad" and location.href == "http://x.test/?daily=2026-12-01#/triad"
    location.replace("#/daily")  # a route that only sends the page on: Back does not return to it
    assert location.hash == "#/daily" and told == [("#/triad", False), ("#/daily", True)]
    location.href = "http://x.test/"  # the page's hashchange, as its address message says
    assert (location.search, location.hash) == ("", "")


def test_a_request_is_an_op_and_its_answer_or_error_settles_it() -> None:
    async def run() -> None:
        ops = Ops()
        asks = Asks(ops)
        first, shared = asks.ask("share", {"text": "hi"})
        second, copied = asks.ask("copy", "hi")
        assert ops.take() == [["ask", first, "share", {"text": "hi"}], ["ask", second, "copy", "hi"]]
        asks.answered({"k": "answer", "n": second, "error": "NotAllowedError"})
        asks.answered({"k": "answer", "n": first, "value": None})
        asks.answered({"k": "answer", "n": first, "value": "again"})  # answered twice: the first counts
        assert await shared is None
        with pytest.raises(RuntimeError, match="NotAllowedError"):
            await copied

    asyncio.run(run())


def test_a_link_keeps_what_arrives_before_python_listens_and_drops_what_follows_its_close() -> None:
    async def run() -> None:
        ops = Ops()
        links = PageLinks(Asks(ops))
        opening = asyncio.ensure_future(links.open({"room": "r", "secret": "s"}))
        await asyncio.sleep(0)
        [[_, number, what, options]] = ops.take()
        assert (what, options) == ("link", {"room": "r", "secret": "s"})
        links.asks.answered({"k": "answer", "n": number, "value": "me"})
        links.heard({"k": "lp", "n": number, "peer": "p1", "joined": True})  # before open's caller listens
        link = await opening
        heard: list[tuple] = []
        link.onPeer(lambda peer, joined: heard.append((peer, joined)))
        link.onMessage(lambda text, peer: heard.append((text, peer)))
        links.heard({"k": "lm", "n": number, "text": "hello", "peer": "p1"})
        link.send("back", "p1")
        link.close()
        link.close()
        links.heard({"k": "lm", "n": number, "text": "late", "peer": "p1"})
        assert link.selfId == "me" and heard == [("p1", True), ("hello", "p1")]
        assert ops.take() == [["ls", number, "back", "p1"], ["lc", number]]
        with pytest.raises(RuntimeError):
            link.send("closed")

    asyncio.run(run())


def test_a_link_the_page_could_not_open_raises() -> None:
    async def run() -> None:
        ops = Ops()
        links = PageLinks(Asks(ops))
        opening = asyncio.ensure_future(links.open({}))
        await asyncio.sleep(0)
        [[_, number, _, _]] = ops.take()
        links.asks.answered({"k": "answer", "n": number, "error": "link: no relays"})
        with pytest.raises(RuntimeError, match="no relays"):
            await opening
        assert links.links == {}

    asyncio.run(run())
