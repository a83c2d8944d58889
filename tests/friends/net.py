"""An in-memory network for the friends' protocol: it drops, delays, duplicates and reorders (seeded), and a
table driver that plays a whole game over it with random legal moves from each guest's own view."""

from __future__ import annotations

import heapq
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pyapp.friends.guest import Guest
from pyapp.friends.host import FRIEND, HOST, PLAY, SEATING, Deadlines, Host, RoomSeat
from pyapp.games import load

HOST_PEER = "host"


def byte_source(rng: random.Random) -> Callable[[int], bytes]:
    return lambda size: bytes(rng.randrange(256) for _ in range(size))


class Net:
    """Texts between peers, each delivered after a random delay, maybe twice, maybe never."""

    def __init__(self, rng: random.Random, *, drop: float = 0.1, duplicate: float = 0.1, delay: float = 0.75) -> None:
        self.rng, self.drop, self.duplicate, self.delay = rng, drop, duplicate, delay
        self.now = 0.0
        self.queue: list[tuple[float, int, str, str, str]] = []
        self.count = 0
        self.received: dict[str, list[str]] = {}
        """Every text each peer was handed, in order."""
        self.down: set[str] = set()
        """Peers whose link is cut: texts to or from them are lost."""

    def send(self, source: str, target: str, text: str) -> None:
        if source in self.down or target in self.down or self.rng.random() < self.drop:
            return
        for _ in range(2 if self.rng.random() < self.duplicate else 1):
            self.count += 1
            heapq.heappush(self.queue, (self.now + self.rng.uniform(0, self.delay), self.count, source, target, text))

    def due(self) -> list[tuple[str, str, str]]:
        out = []
        while self.queue and self.queue[0][0] <= self.now:
            _, _, source, target, text = heapq.heappop(self.queue)
            if target not in self.down:
                out.append((source, target, text))
        return out


@dataclass
class Table:
    """A host, its guests and the net between them; ``step`` runs a quarter of a second of play."""

    game: str
    players: int
    options: dict[str, Any]
    kinds: list[str]
    """Each seat: ``host``, ``friend`` or a computer level."""
    seed: int
    summary_key: Callable[[dict[str, Any]], str | None] | None = None
    lossy: bool = True
    allow_hints: bool = False
    rng: random.Random = field(init=False)
    net: Net = field(init=False)
    host: Host = field(init=False)
    guests: dict[str, Guest] = field(init=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.moves = random.Random(self.seed + 1)
        self.net = Net(random.Random(self.seed + 2), **({} if self.lossy else {"drop": 0, "duplicate": 0, "delay": 0}))
        seats = [RoomSeat(kind, "Host" if kind == HOST else "") for kind in self.kinds]
        self.host = self.new_host(seats)
        self.guests = {}
        for index, kind in enumerate(self.kinds):
            if kind == FRIEND:
                self.add_guest(f"g{index}", f"Guest {index}")

    def clock(self) -> float:
        return self.net.now

    def new_host(self, seats: list[RoomSeat] | None = None, record: dict[str, Any] | None = None) -> Host:
        kwargs = dict(send=lambda text, peer: self.net.send(HOST_PEER, peer, text), clock=self.clock,
                      source=byte_source(self.rng), summary_key=self.summary_key, deadlines=Deadlines(deal=30.0))
        if record is not None:
            return Host.restore(record, **kwargs)
        return Host(game=self.game, options=self.options, seats=seats, room="room-1", secret="s" * 32,
                    allow_hints=self.allow_hints, **kwargs)

    def add_guest(self, peer: str, name: str, token: str | None = None) -> Guest:
        guest = Guest(room=self.host.room, secret=self.host.secret, name=name, token=token, clock=self.clock,
                      key=self.host.key,
                      send=lambda text, peer=peer: self.net.send(peer, HOST_PEER, text), source=byte_source(self.rng))
        guest.self_id = peer
        self.guests[peer] = guest
        guest.join()
        return guest

    def step(self) -> None:
        self.net.now += 0.25
        for source, target, text in self.net.due():
            self.net.received.setdefault(target, []).append(text)
            if target == HOST_PEER:
                self.host.receive(text, source)
            elif target in self.guests:
                self.guests[target].receive(text)
        host = self.host
        if host.phase == SEATING and host.invited_filled():
            host.start()
        host.tick()
        for guest in self.guests.values():
            guest.tick()
        if host.phase == PLAY and not host.session.state.is_terminal():
            self._host_turn()
        for guest in self.guests.values():
            self._guest_turn(guest)

    def _host_turn(self) -> None:
        host = self.host
        seat = host.host_seat
        if self.summary_key is not None:
            key = self.summary_key(host.session.state.observation(seat))
            if key is not None and key not in host.dismissed[seat]:
                host.dismiss(seat, key)
        if host.computers_may_play():
            host.play_computer()
        elif host.session.to_act() == seat:
            host.play(str(self.moves.choice(host.session.state.legal_actions())))

    def _guest_turn(self, guest: Guest) -> None:
        view = guest.view
        if view is None or guest.pending is not None or guest.record is not None or guest.removed:
            return
        if self.summary_key is not None and guest.seat in view.summaries:
            key = self.summary_key(view.observation)
            if key is not None:
                guest.dismiss(key)
                return
        if view.turn == guest.seat and view.legal :
            guest.act(self.moves.choice(view.legal))

    def finished(self) -> bool:
        state = self.host.session.state if self.host.session else None
        return (state is not None and state.is_terminal()
                and all(guest.record is not None for guest in self.guests.values() if not guest.removed))

    def run(self, limit: int = 40_000, until: Callable[[], bool] | None = None) -> None:
        done = until or self.finished
        for _ in range(limit):
            if done():
                return
            self.step()
        raise AssertionError(f"stuck: phase {self.host.phase}, {self.host.session and self.host.session.state.history[-3:]}")


def expected_views(record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """What the engine gives ``seat`` after each action of the record: its observation and (its decision) legal texts."""
    save = record["game"]
    state = load({**save, "actions": []})
    out: list[dict[str, Any]] = []
    for index in range(len(save["actions"]) + 1):
        entry = {"observation": state.observation(seat),
                 "legal": [str(a) for a in state.legal_actions()] if state.current_player() == seat else []}
        if not out or out[-1] != entry:
            out.append(entry)
        if index < len(save["actions"]):
            state.apply_action(save["actions"][index])
    return out


def kept(host: Host) -> dict[str, Any]:
    """The host's saved game without its times: what two tables that played alike must agree on."""
    return {key: value for key, value in host.saved_record().items() if key not in ("created", "updated")}


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    items = iter(whole)
    return all(any(entry == other for other in items) for entry in part)


HEX32 = re.compile(r"(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])")


def before_record(texts: list[str]) -> list[str]:
    """The texts a peer received before the final record."""
    out = []
    for text in texts:
        if json.loads(text).get("t") == "record":
            break
        out.append(text)
    return out
