"""Dieci's game state: deals, tricks, character claims, re-deals and the end."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, cast

from pyapp.engine import Chance, GameType, Information, State
from pyapp.engine.deal import deal
from pyapp.engine.fields import SHARED, rows, sets
from pyapp.engine.state import per_seat, read_position
from pyapp.games.dieci.view import Observation, PublicView
from pyapp.games.dieci.rules import (
    CHARACTER_IDS,
    GOALS,
    RANK_VALUE,
    SUITS,
    beats,
    deck,
    goal_matches,
    goal_points,
    hand_size,
    is_card,
    suit_points,
)

LOG_TAIL = 40
"""How many recent public events an observation carries (for the UI's announcements)."""

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_DECKS = {n: tuple(deck(n)) for n in range(2, 9)}
"""Each player count's playing cards, built once (``sample_world`` needs them thousands of times)."""


def recent(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The public log as a copy keeps it: its last ``LOG_TAIL`` events (all an observation shows)."""
    return log[-LOG_TAIL:]


def card_key(card: str) -> tuple[int, int]:
    """Sort key: suit order, then rank."""
    return _SUIT_INDEX[card[1]], RANK_VALUE[card[0]]


_CARD_ORDER = {card: i for i, card in enumerate(sorted(_DECKS[6], key=card_key))}
"""``card_key`` as one number per card: a cheaper sort key for the hands of sampled worlds."""


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card from the hand; text ``play TR``."""

    card: str

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim a face-up character; text ``claim R10``."""

    char: str

    def __str__(self) -> str:
        return f"claim {self.char}"


@dataclass(frozen=True, slots=True)
class TakeTop:
    """The trick's winner takes the top character of the deck (no face-up one is eligible)."""

    def __str__(self) -> str:
        return "top"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the offer to claim a face-up character."""

    def __str__(self) -> str:
        return "pass"


TOP = TakeTop()
PASS = Pass()
PLAYS = {f"{r}{s}": Play(f"{r}{s}") for s in SUITS for r in RANK_VALUE}
"""Every play action built once; states and policies share these objects instead of making new ones."""
_CLAIMS = {c: Claim(c) for c in CHARACTER_IDS}


class DieciState(State):
    """A game of Dieci for 2 to 8 players.

    Phases: ``play`` (the current player plays a card), ``claim`` (the trick's
    winner must claim an eligible face-up character, or take the deck's top when
    none is eligible), ``offer`` (one round: each other player, clockwise from
    the winner's left, claims a face-up character or passes) and ``over``.
    """

    GAME = "dieci"
    PLAYERS = (2, 3, 4, 5, 6, 7, 8)
    OPTIONS: dict[str, Any] = {}
    TYPE = GameType(Information.IMPERFECT, Chance.SAMPLED)  # hidden hands and goals, re-deals
    FIELDS = State.FIELDS | {
        "goals": list.copy,  # goal card index per seat
        "char_deck": list.copy,  # the top is the end of the list
        "face_up": list.copy,
        "claimed": rows,
        "set_aside": SHARED,  # characters out of the game (a position names only some)
        "taken": list.copy,  # playing cards taken per seat
        "log": recent,  # public events, each numbered by ``n``
        "events": SHARED,  # events so far
        "deal_no": SHARED,
        "dealer": SHARED,
        "winner": SHARED,  # the current trick's winner
        "offer_order": list.copy,  # seats still to be offered a character
        "last_trick": SHARED,  # the last trick of this deal, as observed
        "last_deal": SHARED,  # what each seat took in the deal before this one (``_deal_result``), or None
        "_last_reveal": SHARED,  # history length after the last action that revealed something
        "_last_by": list.copy,  # per seat: history length after its last action
        # this deal:
        "deal_start": SHARED,  # cards taken and characters claimed per seat when it was dealt
        "hands": rows,
        "trump_card": SHARED,
        "rest": list.copy,  # the undealt cards
        "trump": SHARED,
        "voids": sets,  # suits each seat has shown it lacks
        "played": list.copy,
        "trick": list.copy,
        "trick_seats": list.copy,
        "leader": SHARED,
        "turn": SHARED,
        "phase": SHARED,
        "_scores": SHARED,  # (events, scores()) when last asked for (see scores_now), or None
    }

    # -- set-up -----------------------------------------------------------------------------

    def setup(self) -> None:
        n = self.players
        self.goals: list[int] = self.rng.sample(range(len(GOALS)), n)
        chars = list(CHARACTER_IDS)
        self.rng.shuffle(chars)
        self.char_deck: list[str] = chars  # the top is the end of the list
        self.face_up: list[str] = [self.char_deck.pop() for _ in range(3)]
        self.claimed: list[list[str]] = [[] for _ in range(n)]
        self.set_aside: tuple[str, ...] = ()
        self.taken: list[int] = [0] * n
        self.log: list[dict[str, Any]] = []
        self.events = 0
        self.deal_no = 0
        self.dealer = n - 1  # [D] seat 0 leads the first trick
        self.winner = -1
        self.offer_order: list[int] = []
        self.last_trick: dict[str, Any] | None = None
        self.last_deal: dict[str, Any] | None = None
        self._last_reveal = 0
        self._last_by = [0] * n
        self._deal()
        self._scores: tuple[int, list[int]] | None = None

    def _log(self, event: dict[str, Any]) -> None:
        """Record a public event; ``n`` numbers the events from the start of the game."""
        event["n"] = self.events
        self.events += 1
        self.log.append(event)

    def _deal(self) -> None:
        """Shuffle all playing cards, deal the hands and turn the trump card."""
        n = self.players
        self.deal_start: dict[str, list[int]] = {"taken": list(self.taken), "claims": [len(c) for c in self.claimed]}
        cards = deck(n)
        self.rng.shuffle(cards)
        size = hand_size(n)
        self.hands: list[list[str]] = [sorted(cards[i * size:(i + 1) * size], key=card_key) for i in range(n)]
        self.trump_card: str = cards[n * size]
        self.rest: list[str] = cards[n * size + 1:]
        self.trump = self.trump_card[1]
        self.deal_no += 1
        self.voids: list[set[str]] = [set() for _ in range(n)]
        self.played: list[str] = []
        self.last_trick = None  # the last trick of this deal
        self.trick: list[str] = []
        self.trick_seats: list[int] = []
        self.leader = (self.dealer + 1) % n
        self.turn = self.leader
        self.phase = "play"
        self._log({"type": "deal", "deal": self.deal_no, "dealer": self.dealer, "trump_card": self.trump_card})

    # -- a given position ---------------------------------------------------------------------

    def set_position(self, position) -> None:
        """Start in the middle of deal 1: ``hands`` and ``trump_card`` given, the rest optional.

        ``face_up`` (up to three characters), ``char_deck`` (top first),
        ``claimed`` and ``taken`` (characters and playing cards per seat so
        far), ``goals`` (goal card numbers per seat, ``None`` for one drawn from
        the state's generator), ``leader`` (who leads the trick in progress, 0)
        and ``trick`` (the cards played to it so far, from the leader on).
        Playing cards no hand or trick names are out of this deal, characters
        nothing names out of the game.  The seats that have played to the trick
        hold one card fewer than the others, and every card of the trick follows
        suit if its player could.  With the character deck empty and no card in
        hand, the game is over (a position to score).

        >>> state = DieciState.at_position({"hands": [["QR", "9G"], ["9R", "TB"]], "trump_card": "JB",
        ...                                 "face_up": ["R4"], "char_deck": ["P6"]}, players=2)
        Traceback (most recent call last):
        ...
        ValueError: 9G is not in the deck of 2 players
        >>> state = DieciState.at_position({"hands": [["QR", "AG"], ["KR", "TB"]], "trump_card": "JB",
        ...                                 "face_up": ["R4"], "char_deck": ["P6"]}, players=2)
        >>> state.apply_action("play QR"); [str(a) for a in state.legal_actions()]
        ['play KR']
        >>> DieciState.at_position({"hands": [["QR"], ["KR", "TB"]], "trump_card": "JB", "char_deck": ["P6"]}, players=2)
        Traceback (most recent call last):
        ...
        ValueError: seat 0 holds 1 cards, not 2 like the seats yet to play
        """
        n = self.players
        given = read_position(position, ("hands", "trump_card"), {
            "face_up": (), "char_deck": (), "claimed": None, "taken": None, "goals": None, "leader": 0, "trick": (),
        })
        hands = [list(hand) for hand in per_seat(given["hands"], n, "hands")]
        leader = given["leader"]
        if leader not in range(n):
            raise ValueError(f"the leader is a seat, 0 to {n - 1}, not {leader!r}")
        trick = list(given["trick"])
        if len(trick) >= n:
            raise ValueError(f"a trick in progress has fewer cards than players ({n}), not {len(trick)}")
        seats = [(leader + k) % n for k in range(len(trick))]
        out = self._check_cards(hands, trick, seats, given["trump_card"])
        claimed = [list(c) for c in per_seat(given["claimed"] or [[]] * n, n, "claimed")]
        chars = list(given["face_up"]) + list(given["char_deck"]) + [c for pile in claimed for c in pile]
        if len(given["face_up"]) > 3 or len(set(chars)) != len(chars) or not set(chars) <= set(CHARACTER_IDS):
            raise ValueError(f"up to three face-up characters, and every character at most once: {chars}")
        self.goals = self._position_goals(given["goals"])
        self.char_deck = list(reversed(given["char_deck"]))
        self.face_up = list(given["face_up"])
        self.claimed = claimed
        self.set_aside = tuple(c for c in CHARACTER_IDS if c not in chars)
        taken = per_seat(given["taken"] or [0] * n, n, "taken")
        if any(isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in taken):
            raise ValueError(f"cards taken are whole numbers from 0, not {taken!r}")
        self.taken = list(taken)
        self._set_deal(hands, trick, leader, out, given["trump_card"])

    def _check_cards(self, hands: list[list[str]], trick: list[str], seats: list[int], trump_card: str) -> list[str]:
        """Every card of the deck at most once, hand sizes that fit the trick, a trick that follows suit.

        Returns the cards of the deck the position leaves out."""
        n = self.players
        cards = [c for hand in hands for c in hand] + trick + [trump_card]
        for card in cards:
            if card not in _DECKS[n]:
                raise ValueError(f"{card} is not in the deck of {n} players")
            if cards.count(card) > 1:
                raise ValueError(f"{card} is in the position twice")
        size = max((len(hand) + (seat in seats) for seat, hand in enumerate(hands)), default=0)
        for seat, hand in enumerate(hands):
            if len(hand) + (seat in seats) != size or size > hand_size(n):
                raise ValueError(f"seat {seat} holds {len(hand)} cards, not {size - (seat in seats)} like the seats yet to play"
                                 if size <= hand_size(n) else f"a hand holds {size} cards, more than a deal")
        for seat, card in zip(seats[1:], trick[1:]):
            if card[1] != trick[0][1] and any(c[1] == trick[0][1] for c in hands[seat]):
                raise ValueError(f"seat {seat} could not play {card} after {trick[0]}: it holds that suit")
        return [c for c in _DECKS[n] if c not in cards]

    def _position_goals(self, goals: Any) -> list[int]:
        n = self.players
        goals = per_seat(goals or [None] * n, n, "goals")
        known = [g for g in goals if g is not None]
        if len(set(known)) != len(known) or not set(known) <= set(range(len(GOALS))):
            raise ValueError(f"goal cards are different numbers, 0 to {len(GOALS) - 1}: {goals!r}")
        free = [g for g in range(len(GOALS)) if g not in known]
        drawn = self.rng.sample(free, goals.count(None))
        return [g if g is not None else drawn.pop() for g in goals]

    def _set_deal(self, hands: list[list[str]], trick: list[str], leader: int, out: list[str], trump_card: str) -> None:
        n = self.players
        seats = [(leader + k) % n for k in range(len(trick))]
        over = not self.char_deck and not any(hands) and not trick
        if not over and not any(hands) and not trick:
            raise ValueError("every hand is empty, so a new deal is due: give the hands it deals")
        self.log = []
        self.events = 0
        self.dealer = (leader - 1) % n
        self.deal_start = {"taken": list(self.taken), "claims": [len(c) for c in self.claimed]}
        self.hands = [sorted(hand, key=card_key) for hand in hands]
        self.trump_card = trump_card
        self.rest = []
        self.trump = trump_card[1]
        self.voids = [set() for _ in range(n)]
        for seat, card in zip(seats[1:], trick[1:]):
            if card[1] != trick[0][1]:
                self.voids[seat].add(trick[0][1])
        self.played = out + trick  # cards out of the deal count as played: every seat knows they are gone
        self.trick = trick
        self.trick_seats = seats
        self.leader = leader
        self.turn = -1 if over else (leader + len(trick)) % n
        self.phase = "over" if over else "play"
        self._scores = None

    # -- the API ------------------------------------------------------------------------------

    def current_player(self) -> int:
        return -1 if self.phase == "over" else self.turn

    def eligible(self) -> list[str]:
        """Face-up characters whose suit was played in the current trick."""
        suits = {card[1] for card in self.trick}
        return [c for c in self.face_up if c[0] in suits]

    def legal_actions(self) -> list[Any]:
        phase = self.phase
        if phase == "play":
            hand = self.hands[self.turn]
            if self.trick:
                led = self.trick[0][1]
                follow = [PLAYS[c] for c in hand if c[1] == led]
                if follow:
                    return follow
            return [PLAYS[c] for c in hand]
        if phase == "claim":
            eligible = self.eligible()
            return [_CLAIMS[c] for c in eligible] if eligible else [TOP]
        if phase == "offer":
            return [_CLAIMS[c] for c in self.face_up] + [PASS]
        return []

    def parse_action(self, text: str) -> Any:
        if not isinstance(text, str):
            raise ValueError(f"not a Dieci action: {text!r}")
        words = text.split()
        if words == ["top"]:
            return TOP
        if words == ["pass"]:
            return PASS
        if len(words) == 2 and words[0] == "play" and is_card(words[1]):
            return PLAYS[words[1]]
        if len(words) == 2 and words[0] == "claim" and words[1] in _CLAIMS:
            return _CLAIMS[words[1]]
        raise ValueError(f"not a Dieci action: {text!r} (try 'play TR', 'claim R10', 'top' or 'pass')")

    def _apply(self, action: Any) -> None:
        actor = self.turn
        revealed = False
        kind = type(action)
        if kind is Play:
            self._play(action.card)
        elif kind is Claim:
            self.face_up.remove(action.char)
            self.claimed[actor].append(action.char)
            self._log({"type": "claim", "seat": actor, "char": action.char, "forced": self.phase == "claim"})
            revealed = self._after_claim()
        elif kind is TakeTop:
            char = self.char_deck.pop()
            self.claimed[actor].append(char)
            self._log({"type": "top", "seat": actor, "char": char})
            revealed = True
            self._after_claim()
        else:  # Pass
            self._log({"type": "pass", "seat": actor})
            revealed = self._after_claim()
        after = len(self._history) + 1
        self._last_by[actor] = after
        if revealed:
            self._last_reveal = after

    def _play(self, card: str) -> None:
        seat = self.turn
        self.hands[seat].remove(card)
        if self.trick and card[1] != self.trick[0][1]:
            self.voids[seat].add(self.trick[0][1])
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.played.append(card)
        self._log({"type": "play", "seat": seat, "card": card})
        n = self.players
        if len(self.trick) < n:
            self.turn = (seat + 1) % n
            return
        trump = self.trump
        best = 0
        for i in range(1, n):
            if beats(self.trick[i], self.trick[best], trump):
                best = i
        self.winner = self.trick_seats[best]
        self.taken[self.winner] += n
        self._log({"type": "trick", "winner": self.winner, "cards": list(self.trick)})
        self.phase = "claim"
        self.turn = self.winner

    def _after_claim(self) -> bool:
        """Move on after a claim, top-take or pass; True if a character was turned up."""
        n = self.players
        if self.phase == "claim":
            self.offer_order = [(self.winner + i) % n for i in range(1, n)]
        else:
            self.offer_order.pop(0)
        if self.offer_order and self.face_up:
            self.phase = "offer"
            self.turn = self.offer_order[0]
            return False
        return self._end_trick()

    def _end_trick(self) -> bool:
        """Refill, then end the game, re-deal or let the winner lead; True if anything was revealed."""
        self.offer_order = []
        drawn = []
        while len(self.face_up) + len(drawn) < 3 and self.char_deck:
            drawn.append(self.char_deck.pop())
        self.face_up.extend(drawn)
        if drawn:
            self._log({"type": "refill", "chars": drawn})
        self.last_trick = {"cards": list(self.trick), "seats": list(self.trick_seats), "winner": self.winner}
        self.trick = []
        self.trick_seats = []
        if not self.char_deck:
            self.phase = "over"
            self.turn = -1
            self._log({"type": "end", "winners": self.winners()})
            return bool(drawn)
        if not self.hands[self.winner]:
            self.last_deal = self._deal_result()
            self.dealer = (self.dealer + 1) % self.players
            self._deal()
            return True
        self.phase = "play"
        self.leader = self.turn = self.winner
        return bool(drawn)

    def _deal_result(self) -> dict[str, Any]:
        """The deal just played out, for the summary the table shows before the next one starts.

        Its number, dealer and trump card, and per seat the playing cards taken
        and the characters claimed in it.
        """
        start = self.deal_start
        return {"deal": self.deal_no, "dealer": self.dealer, "trump_card": self.trump_card,
                "cards": [now - then for now, then in zip(self.taken, start["taken"])],
                "chars": [claimed[k:] for claimed, k in zip(self.claimed, start["claims"])]}

    def is_terminal(self) -> bool:
        return self.phase == "over"

    # -- scoring ------------------------------------------------------------------------------

    def score_parts(self, seat: int) -> dict[str, int]:
        """A seat's score in parts: cards taken, goal card, characters by suit, total."""
        chars = self.claimed[seat]
        parts = {
            "cards": self.taken[seat],
            "goal": goal_points(self.goals[seat], chars),
            "characters": suit_points(chars),
            "matches": goal_matches(self.goals[seat], chars),
        }
        parts["total"] = parts["cards"] + parts["goal"] + parts["characters"]
        return parts

    def scores(self) -> list[int]:
        return [self.score_parts(seat)["total"] for seat in range(self.players)]

    def scores_now(self) -> list[int]:
        """``scores()`` computed once per position (every action logs an event); a search's
        evaluator asks for every seat.  The list is shared: read it, never change it."""
        cached = self._scores
        if cached is not None and cached[0] == self.events:
            return cached[1]
        scores = self.scores()
        self._scores = (self.events, scores)
        return scores

    def public_scores(self) -> list[int]:
        """Cards taken and characters claimed: each seat's goal card is secret until the end."""
        return [self.taken[seat] + suit_points(self.claimed[seat]) for seat in range(self.players)]

    def winners(self) -> list[int]:
        if self.phase != "over":
            return []
        parts = [self.score_parts(seat) for seat in range(self.players)]
        best = max((p["total"], p["matches"]) for p in parts)
        return [seat for seat, p in enumerate(parts) if (p["total"], p["matches"]) == best]

    # -- information --------------------------------------------------------------------------

    def undo_floor(self, seat: int) -> int:
        """Earliest history length ``seat`` may undo to: never before another seat's
        action, a character turned up or a deal."""
        others = [self._last_by[s] for s in range(self.players) if s != seat]
        return max([self._last_reveal, *others])

    def public_view(self, seat: int) -> PublicView:
        """The part of ``observation(seat)`` a world can be rebuilt from (see ``sample_world``)."""
        n = self.players
        mine = 0 <= seat < n
        over = self.phase == "over"
        view: PublicView = {
            "game": self.GAME,
            "players": n,
            "seat": seat,
            "phase": self.phase,
            "turn": self.current_player(),
            "deal": self.deal_no,
            "dealer": self.dealer,
            "leader": self.leader,
            "trump_card": self.trump_card,
            "trump": self.trump,
            "hand": list(self.hands[seat]) if mine else [],
            "hand_counts": [len(h) for h in self.hands],
            "rest_count": len(self.rest),
            "trick": [{"seat": s, "card": c} for s, c in zip(self.trick_seats, self.trick)],
            "trick_winner": self.winner if self.phase in ("claim", "offer") else None,
            "offers_left": list(self.offer_order),
            "face_up": list(self.face_up),
            "char_deck": len(self.char_deck),
            "claimed": [list(c) for c in self.claimed],
            "set_aside": list(self.set_aside),
            "taken": list(self.taken),
            "voids": [sorted(v, key=SUITS.index) for v in self.voids],
            "played": list(self.played),
            "goals": [g if (over or s == seat) else None for s, g in enumerate(self.goals)],
            "events": self.events,
            "deal_start": self.deal_start,
        }
        return view

    def observation(self, seat: int) -> Observation:
        view = cast(Observation, self.public_view(seat))
        n = self.players
        over = self.phase == "over"
        view["led"] = self.trick[0][1] if self.trick else None
        view["eligible"] = self.eligible() if self.phase == "claim" else []
        view["last_trick"] = self.last_trick
        view["last_deal"] = self.last_deal
        view["log"] = self.log[-LOG_TAIL:]
        if 0 <= seat < n:
            g = self.goals[seat]
            view["goal"] = {"index": g, "name": GOALS[g][0], "characters": list(GOALS[g][1])}
        else:
            view["goal"] = None
        scores = []
        for s in range(n):
            if over or s == seat:
                scores.append(self.score_parts(s))
            else:
                scores.append({"cards": self.taken[s], "characters": suit_points(self.claimed[s])})
        view["scores"] = scores
        view["winners"] = self.winners() if over else []
        return view

    def sample_world(self, seat: int, rng: random.Random) -> "DieciState":
        return world_from_view(self.public_view(seat), seat, rng)

    @classmethod
    def from_observation(cls, observation: Observation, seat: int, rng: random.Random) -> "DieciState":
        """The observation holds the public view (and more for the table), which is all a world is built from."""
        return world_from_view(cast(PublicView, observation), seat, rng)


# -- worlds for search ----------------------------------------------------------------------------


def world_from_view(view: PublicView, seat: int, rng: random.Random) -> DieciState:
    """A full state consistent with ``view`` (a seat's public view), hidden parts drawn from ``rng``.

    Unseen playing cards go to the other hands and the undealt rest (respecting
    every void shown by failing to follow), unknown goal cards come from the
    goal cards not known to be elsewhere, and the character deck is shuffled.
    """
    n = view["players"]
    generator = random.Random(rng.random())
    played = list(view["played"])
    trump_card = view["trump_card"]
    voids = [set(v) for v in view["voids"]]
    # Playing cards.
    own = list(view["hand"])
    seen = set(own) | set(played) | {trump_card}
    unseen = [c for c in _DECKS[n] if c not in seen]
    others = [s for s in range(n) if s != seat]
    caps = [view["hand_counts"][s] for s in others] + [view["rest_count"]]
    if any(voids):
        barred = [{c for c in unseen if c[1] in voids[s]} if voids[s] else set() for s in others] + [set()]
    else:  # the common case, without a comprehension: a search samples a world per iteration
        barred = [frozenset()] * len(caps)
    dealt = deal(unseen, caps, barred, rng)
    hands: list[list[str]] = [[] for _ in range(n)]
    if 0 <= seat < n:
        hands[seat] = own
    for s, cards in zip(others, dealt):
        hands[s] = sorted(cards, key=_CARD_ORDER.__getitem__)
    # Goal cards.
    goals = list(view["goals"])
    known = {g for g in goals if g is not None}
    free = [g for g in range(len(GOALS)) if g not in known]
    rng.shuffle(free)
    # Character deck.
    face_up = list(view["face_up"])
    claimed = [list(c) for c in view["claimed"]]
    gone = set(face_up).union(*map(set, claimed), view["set_aside"])
    deck_chars = [c for c in CHARACTER_IDS if c not in gone]
    rng.shuffle(deck_chars)
    if len(deck_chars) != view["char_deck"]:
        raise ValueError("the character count does not add up")
    world = object.__new__(DieciState)  # every field of FIELDS, set one by one (see State.clone)
    world.options = {}
    world.seed = 0
    world.players = n
    world.rng = generator
    world._history = []
    world._start = None
    world.goals = [g if g is not None else free.pop() for g in goals]
    world.char_deck = deck_chars
    world.face_up = face_up
    world.claimed = claimed
    world.set_aside = tuple(view["set_aside"])
    world.taken = list(view["taken"])
    world.log = []
    world.events = view["events"]
    world.deal_no = view["deal"]
    world.dealer = view["dealer"]
    world.winner = view["trick_winner"] if view["trick_winner"] is not None else -1
    world.offer_order = list(view["offers_left"])
    world.last_trick = None
    world.last_deal = None
    world._last_reveal = 0
    world._last_by = [0] * n
    world.deal_start = view["deal_start"]
    world.hands = hands
    world.trump_card = trump_card
    world.rest = dealt[-1]
    world.trump = view["trump"]
    world.voids = voids
    world.played = played
    world.trick = [t["card"] for t in view["trick"]]
    world.trick_seats = [t["seat"] for t in view["trick"]]
    world.leader = view["leader"]
    world.turn = view["turn"]
    world.phase = view["phase"]
    world._scores = None
    return world
