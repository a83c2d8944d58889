"""Dyad's game state: rounds of paired-card tricks with Cipher, 2's and Teams."""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from pyapp.engine import Chance, GameType, Information, State, fields
from pyapp.engine.deal import deal
from pyapp.engine.fields import SHARED, rows
from pyapp.engine.state import per_seat, read_position
from pyapp.games.dyad import rules
from pyapp.games.dyad.view import Observation
from pyapp.games.dyad.rules import (
    canonical, card_text, legal_pair_cards, order_key, pair_cards, parse_card, score_cards, value_of,
)


class Move(NamedTuple):
    """One Dyad action.

    ``kind`` is ``"play"`` (a pair, text ``7H+2S``), ``"take"`` (the card the
    taker retrieves, ``take 7H``), ``"cipher"`` / ``"decline"`` (``cipher`` /
    ``no cipher``) or ``"pass"`` (two cards to the partner, ``pass 7H+2S``).
    Pairs are kept in canonical order: higher value first, then suit S H D C.
    """

    kind: str
    cards: tuple[int, ...] = ()

    def __str__(self) -> str:
        kind = self.kind
        if kind == "play":
            return f"{card_text(self.cards[0])}+{card_text(self.cards[1])}"
        if kind == "take":
            return f"take {card_text(self.cards[0])}"
        if kind == "pass":
            return f"pass {card_text(self.cards[0])}+{card_text(self.cards[1])}"
        return "cipher" if kind == "cipher" else "no cipher"


CIPHER = Move("cipher")
DECLINE = Move("decline")

PLAYS = {(a, b): Move("play", (a, b)) for a in range(32) for b in range(32) if a != b}
"""Every play action built once; states and policies share these objects instead of making new ones."""
_PASSES = {(a, b): Move("pass", (a, b)) for a in range(32) for b in range(32) if a != b}
TAKES = [Move("take", (c,)) for c in range(32)]
"""Every take action built once; states and policies share these objects instead of making new ones."""


def parse_move(text: str) -> Move:
    """The action written ``text`` (pairs in either card order).

    >>> str(parse_move("2S+7H")), str(parse_move("take 7h")), str(parse_move("no cipher"))
    ('7H+2S', 'take 7H', 'no cipher')
    """
    if not isinstance(text, str):
        raise ValueError(f"a Dyad action is text, not {text!r}")
    words = text.strip().lower().split()
    if words == ["cipher"]:
        return CIPHER
    if words == ["no", "cipher"]:
        return DECLINE
    if len(words) == 2 and words[0] == "take":
        return Move("take", (parse_card(words[1]),))
    if len(words) == 2 and words[0] == "pass":
        return Move("pass", pair_cards(words[1]))
    if len(words) == 1 and "+" in words[0]:
        return Move("play", pair_cards(words[0]))
    raise ValueError(f"not a Dyad action: {text!r} (e.g. '7H+2S', 'take 7H', 'cipher', 'no cipher', 'pass 7H+2S')")


_TEXT = rules.CARD_TEXT


def _texts(cards) -> list[str]:
    return [_TEXT[c] for c in cards]


_DISPLAY = [(c % 4) * 32 + 31 - c for c in range(32)]


def display_order(cards) -> list[int]:
    """Cards grouped by suit (S H D C), high to low inside a suit."""
    return sorted(cards, key=_DISPLAY.__getitem__)


class DyadState(State):
    GAME = "dyad"
    PLAYERS = (2, 3, 4)
    OPTIONS = {"cipher": False, "twos": False, "teams": False}
    TYPE = GameType(Information.IMPERFECT, Chance.SAMPLED)  # hidden hands, a deal every round
    # ``_rng`` takes the place of ``rng`` (a property here), so the declared order is the order
    # setup() sets them in: CPython keeps a class's instances compact only while they agree.
    FIELDS = {("_rng" if name == "rng" else name): copy for name, copy in State.FIELDS.items()} | {
        "_rng": fields.generator,  # None until a deal needs it (see rng)
        "_rng_seed": SHARED,  # what seeds ``_rng`` when it is first needed
        "_deal_next": SHARED,  # False once a search rollout said it stops at the round's end (stop_at)
        "teams": SHARED,
        "target": SHARED,
        "round_len": SHARED,  # tricks per round
        "totals": list.copy,
        "sheet": list.copy,  # one entry per finished round
        "round_no": SHARED,
        "_last": SHARED,  # see last_trick
        "win": list.copy,
        "tiebreak": SHARED,
        "log": list.copy,  # per applied action: (seat who acted, whether it revealed cards to everyone)
        # this round:
        "dealer": SHARED,
        "leader": SHARED,
        "hands": rows,
        "ciphers": list.copy,
        "pending": list.copy,  # Teams: the pair each seat has chosen to pass
        "gave": list.copy,
        "got": list.copy,
        "trick": list.copy,
        "tricks": list.copy,  # completed tricks: (plays, winner, retrieved card, retrieved from)
        "set_aside": SHARED,  # cards out of this round that no trick shows (a position names only some)
        "turn": SHARED,
        "phase": SHARED,
    }

    @classmethod
    def check_options(cls, players, options):
        filled = super().check_options(players, options)
        if filled["teams"] and players != 4:
            raise ValueError(f"Teams needs 4 players, not {players}")
        return filled

    # -- set-up -----------------------------------------------------------------------

    def setup(self) -> None:
        n = self.players
        self._rng_seed = self.seed
        self._deal_next = True
        self.teams = self.options["teams"]
        self.target = rules.TEAMS_TARGET if self.teams else rules.TARGET
        self.round_len = rules.tricks_per_round(n)  # tricks in this round (fewer in a position's); each round resets it
        self.totals = [0] * n
        self.sheet: list[dict[str, Any]] = []
        self.round_no = 0
        self._last: dict[str, Any] | tuple | None = None  # see last_trick
        self.win: list[int] = []
        self.tiebreak: str | None = None
        self.log: list[tuple[int, bool]] = []
        self._start_round(n - 1)

    def _start_round(self, dealer: int) -> None:
        n = self.players
        self.round_no += 1
        self.dealer = dealer
        self.leader = (dealer + 1) % n
        self.round_len = rules.tricks_per_round(n)
        if self._deal_next:
            cards = rules.deck(n)
            self.rng.shuffle(cards)
            size = len(cards) // n
            self.hands = [sorted(cards[i * size:(i + 1) * size]) for i in range(n)]
        else:  # see stop_at: this world is only evaluated from now on
            self.hands = [[] for _ in range(n)]
        self.ciphers: list[bool | None] = [None] * n
        self.pending: list[tuple[int, int] | None] = [None] * n
        self.gave: list[tuple[int, int] | None] = [None] * n
        self.got: list[tuple[int, int] | None] = [None] * n
        self.trick: list[tuple[int, tuple[int, int]]] = []
        self.tricks: list[tuple] = []
        self.set_aside: tuple[int, ...] = ()
        self.turn = self.leader
        if not self._deal_next:
            self.phase = "undealt"
        elif self.teams:
            self.phase = "pass"
        elif self.options["cipher"]:
            self.phase = "cipher"
        else:
            self.phase = "play"

    @property
    def rng(self) -> random.Random:
        """The state's random generator (the next deals).

        A sampled world only keeps the seed of its own until a deal needs it:
        seeding a generator costs more than the rest of a search iteration's
        world, and most search rollouts stop before the next deal.
        """
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._rng_seed)
        return rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value

    # -- a given position ---------------------------------------------------------------

    def set_position(self, position) -> None:
        """Start in the middle of round 1: ``hands`` (card texts per seat), the rest optional.

        ``leader`` (the seat that leads the trick in progress, 0), ``trick`` (the
        pairs played to it so far, from the leader on), ``tricks_left`` (in this
        round, the trick in progress included: 1), ``ciphers`` (per seat, with
        the Cipher option) and ``totals`` (points so far).  Cards no hand or trick
        names are out of this round.  Every seat must hold two cards for each
        pair it has still to play, and every pair in the trick must follow.

        >>> state = DyadState.at_position({"hands": [["6S", "4S"], ["5S", "2S", "7H", "3H"]]}, players=2)
        >>> [str(a) for a in state.legal_actions()]
        ['6S+4S']
        >>> state.apply_action("6S+4S"); [str(a) for a in state.legal_actions()]
        ['5S+2S']
        >>> DyadState.at_position({"hands": [["6S", "4S"], ["6S", "2S"]]}, players=2)
        Traceback (most recent call last):
        ...
        ValueError: 6S is in the position twice
        >>> DyadState.at_position({"hands": [["6S", "4S"], ["5S", "2S"]], "tricks_left": 2}, players=2)
        Traceback (most recent call last):
        ...
        ValueError: seat 0 holds 2 cards, too few for 2 more pairs
        """
        n = self.players
        given = read_position(position, ("hands",), {"leader": 0, "trick": (), "tricks_left": 1, "ciphers": None, "totals": None})
        hands = [[parse_card(c) for c in hand] for hand in per_seat(given["hands"], n, "hands")]
        leader = given["leader"]
        if leader not in range(n):
            raise ValueError(f"the leader is a seat, 0 to {n - 1}, not {leader!r}")
        trick = [((leader + k) % n, pair_cards(pair)) for k, pair in enumerate(given["trick"])]
        if len(trick) >= n:
            raise ValueError(f"a trick in progress has fewer pairs than players ({n}), not {len(trick)}")
        self._check_cards(hands, trick)
        tricks_left = given["tricks_left"]
        if tricks_left not in range(1, rules.tricks_per_round(n) + 1):
            raise ValueError(f"a round has 1 to {rules.tricks_per_round(n)} tricks left, not {tricks_left!r}")
        played = {seat for seat, _ in trick}
        for seat, hand in enumerate(hands):
            pairs = tricks_left - (seat in played)
            if len(hand) < 2 * pairs or len(hand) > rules.hand_size(n):
                raise ValueError(f"seat {seat} holds {len(hand)} cards, too few for {pairs} more pairs"
                                 if len(hand) < 2 * pairs else f"seat {seat} holds {len(hand)} cards, more than a deal")
        self._set_round(hands, trick, leader, tricks_left, given)

    def _check_cards(self, hands: list[list[int]], trick: list[tuple[int, tuple[int, int]]]) -> None:
        """Every card of the deck at most once, and every pair of the trick one its player could play."""
        size = len(rules.deck(self.players))
        seen: set[int] = set()
        for card in [c for hand in hands for c in hand] + [c for _, pair in trick for c in pair]:
            if card >= size:
                raise ValueError(f"{card_text(card)} is not in the deck of {self.players} players")
            if card in seen:
                raise ValueError(f"{card_text(card)} is in the position twice")
            seen.add(card)
        for seat, pair in trick[1:]:
            if pair not in legal_pair_cards(hands[seat] + list(pair), trick[0][1]):
                raise ValueError(f"seat {seat} could not play {rules.pair_text(pair)} after {rules.pair_text(trick[0][1])}")

    def _set_round(self, hands, trick, leader: int, tricks_left: int, given: dict[str, Any]) -> None:
        n = self.players
        if given["ciphers"] is None:
            ciphers = [False if self.options["cipher"] else None] * n
        else:
            ciphers = [bool(c) for c in per_seat(given["ciphers"], n, "ciphers")]
            if any(ciphers) and not self.options["cipher"]:
                raise ValueError("a seat declared Cipher, but the Cipher option is off")
        totals = [0] * n if given["totals"] is None else per_seat(given["totals"], n, "totals")
        if any(isinstance(t, bool) or not isinstance(t, int) for t in totals):
            raise ValueError(f"totals are whole numbers, not {totals!r}")
        self.totals = list(totals)
        if max(self.team_totals() if self.teams else self.totals) >= self.target:
            raise ValueError(f"a total of {self.target} or more has already ended the game")
        named = {c for hand in hands for c in hand} | {c for _, pair in trick for c in pair}
        self.dealer = (leader - 1) % n
        self.leader = leader
        self.round_len = tricks_left
        self.hands = [sorted(hand) for hand in hands]
        self.ciphers = ciphers
        self.trick = trick
        self.set_aside = tuple(c for c in rules.deck(n) if c not in named)
        self.turn = (leader + len(trick)) % n
        self.phase = "play"

    # -- the API ----------------------------------------------------------------------

    def current_player(self) -> int:
        return -1 if self.phase == "over" else self.turn

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def partner(self, seat: int) -> int | None:
        return (seat + 2) % 4 if self.teams else None

    def lead_pair(self) -> tuple[int, int] | None:
        return self.trick[0][1] if self.trick else None

    def legal_actions(self) -> list[Move]:
        phase = self.phase
        if phase == "play":
            plays = PLAYS
            return [plays[p] for p in legal_pair_cards(self.hands[self.turn], self.trick[0][1] if self.trick else None)]
        if phase == "take":
            return [TAKES[c] for c in self.retrievable()]
        if phase == "cipher":
            return [CIPHER, DECLINE]
        if phase == "pass":
            passes = _PASSES
            return [passes[p] for p in legal_pair_cards(self.hands[self.turn], None)]
        return []

    def retrievable(self) -> list[int]:
        """Cards the taker may retrieve: those opponents played to the trick."""
        taker = self.turn
        mate = self.partner(taker)
        cards = [c for seat, pair in self.trick if seat != taker and seat != mate for c in pair]
        return sorted(cards, key=order_key)

    def parse_action(self, text: str) -> Move:
        return parse_move(text)

    def _apply(self, action: Move) -> None:
        seat = self.turn
        reveal = False
        kind = action.kind
        n = self.players
        if kind == "play":
            hand = self.hands[seat]
            a, b = action.cards
            hand.remove(a)
            hand.remove(b)
            self.trick.append((seat, action.cards))
            if len(self.trick) == n:
                lead = self.trick[0][1]
                index = rules.winner_index(lead[0] % 4 == lead[1] % 4, [p for _, p in self.trick])
                self.phase = "take"
                self.turn = self.trick[index][0]
            else:
                self.turn = (seat + 1) % n
        elif kind == "take":
            card = action.cards[0]
            source = next(s for s, pair in self.trick if card in pair)
            self.hands[seat].append(card)
            record = (tuple(self.trick), seat, card, source)
            self.tricks.append(record)
            self._last = (self.round_no, len(self.tricks), record)  # made text only when read
            self.trick = []
            self.turn = seat
            self.phase = "play"
            if len(self.tricks) == self.round_len:
                self._end_round()
                reveal = True
        elif kind in ("cipher", "decline"):
            self.ciphers[seat] = kind == "cipher"
            self.turn = (seat + 1) % n
            if self.turn == self.leader:
                self.phase = "play"
        elif kind == "pass":
            self.pending[seat] = action.cards
            self.turn = (seat + 1) % n
            if self.turn == self.leader:
                for giver in range(n):
                    mate = (giver + 2) % 4
                    cards = self.pending[giver]
                    for c in cards:
                        self.hands[giver].remove(c)
                        self.hands[mate].append(c)
                    self.gave[giver] = cards
                    self.got[mate] = cards
                self.pending = [None] * n
                self.phase = "cipher" if self.options["cipher"] else "play"
                reveal = True
        else:  # pragma: no cover - parse_move makes only the kinds above
            raise ValueError(f"unknown action {action!r}")
        self.log.append((seat, reveal))

    def _end_round(self) -> None:
        n = self.players
        twos = self.options["twos"]
        hands = [display_order(h) for h in self.hands]
        scores = [score_cards(h, twos, bool(self.ciphers[s])) for s, h in enumerate(hands)]
        for seat in range(n):
            self.totals[seat] += scores[seat]
        entry: dict[str, Any] = {
            "round": self.round_no,
            "dealer": self.dealer,
            "hands": [_texts(h) for h in hands],
            "ciphers": [bool(c) for c in self.ciphers],
            "scores": scores,
            "totals": list(self.totals),
        }
        if self.teams:
            entry["team_scores"] = [scores[0] + scores[2], scores[1] + scores[3]]
            entry["team_totals"] = self.team_totals()
        self.sheet.append(entry)
        if self.teams:
            totals, last = self.team_totals(), entry["team_scores"]
        else:
            totals, last = self.totals, scores
        if max(totals) >= self.target:
            self._finish(totals, last)
        else:
            self._start_round((self.dealer + 1) % n)

    def _finish(self, totals: list[int], last: list[int]) -> None:
        sides, self.tiebreak = rules.final_standing(totals, last)
        if self.teams:
            self.win = sorted(s for side in sides for s in (side, side + 2))
        else:
            self.win = sides
        self.phase = "over"
        self.turn = -1

    @property
    def last_trick(self) -> dict[str, Any] | None:
        """The last completed trick as shown to everyone (``None`` before the first)."""
        last = self._last
        if isinstance(last, tuple):
            round_no, number, record = last
            last = self._last = {"round": round_no, "trick": number, **self._trick_json(record)}
        return last

    @last_trick.setter
    def last_trick(self, value: dict[str, Any] | None) -> None:
        self._last = value

    def team_totals(self) -> list[int]:
        t = self.totals
        return [t[0] + t[2], t[1] + t[3]]

    def scores(self) -> list[int]:
        if self.teams:
            team = self.team_totals()
            return [team[s % 2] for s in range(4)]
        return list(self.totals)

    def winners(self) -> list[int]:
        return list(self.win)

    def undo_floor(self, seat: int) -> int:
        """How far back ``seat`` may undo: never before another seat's action or a deal."""
        for index in range(len(self.log) - 1, -1, -1):
            actor, reveal = self.log[index]
            if actor != seat or reveal:
                return index + 1
        return 0

    # -- views ------------------------------------------------------------------------

    def _play_json(self, lead_matched: bool, seat: int, pair: tuple[int, int]) -> dict[str, Any]:
        return {"seat": seat, "pair": _texts(pair), "value": value_of(lead_matched, *pair)}

    def _trick_json(self, record: tuple) -> dict[str, Any]:
        plays, winner, card, source = record
        lead = plays[0][1]
        matched = lead[0] % 4 == lead[1] % 4
        return {
            "plays": [self._play_json(matched, s, p) for s, p in plays],
            "matched": matched,
            "winner": winner,
            "retrieved": card_text(card),
            "from": source,
        }

    def observation(self, seat: int) -> Observation:
        n = self.players
        lead = self.lead_pair()
        matched = None if lead is None else lead[0] % 4 == lead[1] % 4
        obs: Observation = {
            "game": self.GAME,
            "players": n,
            "seat": seat,
            "options": dict(self.options),
            "target": self.target,
            "phase": self.phase,
            "to_act": self.current_player(),
            "round": self.round_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "tricks_per_round": self.round_len,
            "trick_number": min(len(self.tricks) + 1, self.round_len),
            "hand": _texts(display_order(self.hands[seat])),
            "hand_counts": [len(h) for h in self.hands],
            "trick": [self._play_json(bool(matched), s, p) for s, p in self.trick],
            "lead_matched": matched,
            "tricks": [self._trick_json(r) for r in self.tricks],
            "set_aside": _texts(self.set_aside),
            "last_trick": self.last_trick,
            "ciphers": list(self.ciphers),
            "totals": list(self.totals),
            "scores": self.scores(),
            "sheet": list(self.sheet),  # a snapshot: the game appends to its own list
            "winners": list(self.win),
            "tiebreak": self.tiebreak,
        }
        if self.teams:
            obs["partner"] = (seat + 2) % 4
            obs["team_totals"] = self.team_totals()
            obs["pass_chosen"] = [p is not None for p in self.pending]
            own = self.pending[seat]
            obs["my_pass"] = None if own is None else _texts(own)
            obs["gave"] = None if self.gave[seat] is None else _texts(self.gave[seat])
            obs["received"] = None if self.got[seat] is None else _texts(self.got[seat])
        if self.phase == "take":
            obs["retrievable"] = _texts(self.retrievable())
        return obs

    # -- search support -------------------------------------------------------------

    def stop_at(self, horizon: str) -> None:
        """A search rollout ends when ``horizon`` changes: at ``"round_no"``, deal no next round.

        The round's end then leaves the world with exact totals, empty hands and the
        phase ``"undealt"`` (no legal action), good only for evaluation; shuffling and
        dealing cost about a tenth of a search iteration.
        """
        if horizon == "round_no":
            self._deal_next = False

    def sample_world(self, seat: int, rng: random.Random) -> DyadState:
        return world_from_observation(self.observation(seat), seat, rng, self.seed)

    @classmethod
    def from_observation(cls, observation: Observation, seat: int, rng: random.Random) -> DyadState:
        return world_from_observation(observation, seat, rng)


_CARD = rules.CARD_BY_TEXT


def _card_list(texts) -> list[int]:
    return [_CARD[t] for t in texts]


def _pair(texts) -> tuple[int, int]:
    """A pair from an observation (two card texts written by the engine) as card numbers."""
    return canonical(_CARD[texts[0]], _CARD[texts[1]])


def knowledge(obs: Observation, seat: int) -> tuple[dict[int, set[int]], dict[int, set[int]], list[int]]:
    """What ``seat`` knows about the other hands, from its observation alone.

    Returns (known cards per other seat, suits each other seat is known to lack
    among its unknown cards, the pool of cards whose holder is unknown).
    """
    n = obs["players"]
    deck = rules.deck(n)
    where: dict[int, int] = {}  # card -> seat holding it (known), or -1 for out of play
    if obs.get("gave") and obs.get("partner") is not None:
        for c in _card_list(obs["gave"]):
            where[c] = obs["partner"]
    voids: dict[int, set[int]] = {p: set() for p in range(n) if p != seat}

    def read_plays(plays: list[dict[str, Any]]) -> None:
        lead = _card_list(plays[0]["pair"])
        matched = lead[0] % 4 == lead[1] % 4
        suit = lead[0] % 4
        for k, play in enumerate(plays):
            cards = _card_list(play["pair"])
            for c in cards:
                where[c] = -1
            p = play["seat"]
            if k and matched and p != seat and sum(1 for c in cards if c % 4 == suit) < 2:
                voids[p].add(suit)

    for c in _card_list(obs["set_aside"]):
        where[c] = -1
    for trick in obs["tricks"]:
        read_plays(trick["plays"])
        where[_CARD[trick["retrieved"]]] = trick["winner"]
    if obs["trick"]:
        read_plays(obs["trick"])
    mine = _card_list(obs["hand"])
    for c in mine:
        where[c] = seat
    known: dict[int, set[int]] = {p: set() for p in voids}
    for c, s in where.items():
        if s in known:
            known[s].add(c)
    pool = [c for c in deck if c not in where]
    return known, voids, pool


def _refused(pool: list[int], void: set[int], model: set[int] | None) -> set[int]:
    """The unseen cards a seat may not hold: its void suits', and those its play model rules out."""
    refused = {c for c in pool if c % 4 in void} if void else set()
    return refused | model if model else refused


def world_from_observation(obs: Observation, seat: int, rng: random.Random, seed: int = 0,
                           barred: dict[int, set[int]] | None = None) -> DyadState:
    """A full state consistent with ``obs`` (seat's observation), unseen cards dealt from ``rng``.

    ``barred``: cards a seat is assumed not to hold (a model of its play, see
    ``worlds.PassInformed``); ``ValueError`` when no deal fits them.
    """
    n = obs["players"]
    known, voids, pool = knowledge(obs, seat)
    counts = obs["hand_counts"]
    others = list(known)
    need = [counts[p] - len(known[p]) for p in others]  # the unseen cards each other seat holds
    if sum(need) != len(pool) or min(need, default=0) < 0:
        raise ValueError("the observation's hand counts do not add up")
    if barred or any(voids.values()):
        refused = [_refused(pool, voids[p], barred and barred.get(p)) for p in others]
    else:  # the common case, without a comprehension: a search samples a world per iteration
        refused = [frozenset()] * len(others)
    dealt = deal(pool, need, refused, rng)
    options = dict(obs["options"])
    rng_seed = rng.random()  # random.Random(rng_seed) when first needed
    teams = options["teams"]
    hands = [[] for _ in range(n)]
    hands[seat] = _card_list(obs["hand"])
    for p, cards in zip(others, dealt):
        hands[p] = sorted(known[p] | set(cards))
    pending: list[tuple[int, int] | None] = [None] * n
    gave: list[tuple[int, int] | None] = [None] * n
    got: list[tuple[int, int] | None] = [None] * n
    if teams:
        if obs.get("my_pass"):
            pending[seat] = pair_cards(obs["my_pass"])
        for p, chosen in enumerate(obs["pass_chosen"]):
            if chosen and p != seat:
                two = rng.sample(hands[p], 2)
                pending[p] = canonical(two[0], two[1])
        if obs.get("gave"):
            gave[seat] = pair_cards(obs["gave"])
            got[(seat + 2) % 4] = gave[seat]
        if obs.get("received"):
            got[seat] = pair_cards(obs["received"])
            gave[(seat + 2) % 4] = got[seat]
    world = object.__new__(DyadState)  # every field of FIELDS, set one by one (see State.clone)
    world.options = options
    world.seed = seed
    world.players = n
    world._rng = None
    world._history = []
    world._start = None
    world._rng_seed = rng_seed
    world._deal_next = True
    world.teams = teams
    world.target = obs["target"]
    world.round_len = obs["tricks_per_round"]
    world.totals = list(obs["totals"])
    world.sheet = list(obs["sheet"])
    world.round_no = obs["round"]
    world._last = obs["last_trick"]
    world.win = list(obs["winners"])
    world.tiebreak = obs["tiebreak"]
    world.log = []
    world.dealer = obs["dealer"]
    world.leader = obs["leader"]
    world.hands = hands
    world.ciphers = list(obs["ciphers"])
    world.pending = pending
    world.gave = gave
    world.got = got
    world.trick = [(play["seat"], _pair(play["pair"])) for play in obs["trick"]]
    world.tricks = [
        (tuple([(play["seat"], _pair(play["pair"])) for play in t["plays"]]),
         t["winner"], _CARD[t["retrieved"]], t["from"])
        for t in obs["tricks"]
    ]
    world.set_aside = tuple(_card_list(obs["set_aside"]))
    world.turn = obs["to_act"]
    world.phase = obs["phase"]
    return world
