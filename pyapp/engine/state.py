"""The one state API that every game implements.

Modelled on OpenSpiel's ``State`` (legal actions, current player, terminal
test, per-seat observations) with python-chess conveniences (immutable move
values with a text form, ``IllegalMoveError``, undo).  The AI, the save format,
replay and the UI use nothing but this interface.

Randomness comes only from ``self.rng``, a ``random.Random(seed)`` owned by the
state, so a game is reproduced exactly by its seed and its action list.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, TypeVar

from pyapp.engine import fields
from pyapp.engine.errors import IllegalMoveError
from pyapp.engine.fields import SHARED, Fields
from pyapp.engine.game_type import GameType

Action = Hashable
"""An action is a small immutable, hashable value whose ``str()`` is its text form."""

SAVE_FORMAT = 1

S = TypeVar("S", bound="State")


def read_position(position: Mapping[str, Any], required: tuple[str, ...], optional: Mapping[str, Any]) -> dict[str, Any]:
    """``position`` with every optional key filled in; ``ValueError`` for a missing or unknown key.

    >>> read_position({"hands": []}, ("hands",), {"leader": 0})
    {'leader': 0, 'hands': []}
    >>> read_position({"hand": []}, ("hands",), {"leader": 0})
    Traceback (most recent call last):
    ...
    ValueError: a position needs hands; unknown: hand (known: hands, leader)
    """
    missing = [name for name in required if name not in position]
    unknown = sorted(set(position) - set(required) - set(optional))
    if missing or unknown:
        known = ", ".join(sorted((*required, *optional)))
        raise ValueError(f"a position needs {', '.join(missing) or 'nothing more'}; unknown: {', '.join(unknown) or 'none'} (known: {known})")
    return {**optional, **position}


def per_seat(values: Any, players: int, name: str) -> list[Any]:
    """``values`` as a list of one entry per seat; ``ValueError`` for another count.

    >>> per_seat([[], []], 3, "hands")
    Traceback (most recent call last):
    ...
    ValueError: hands needs one entry per seat (3), not 2
    """
    if isinstance(values, (str, Mapping)) or not hasattr(values, "__len__") or len(values) != players:
        count = len(values) if hasattr(values, "__len__") else values
        raise ValueError(f"{name} needs one entry per seat ({players}), not {count!r}")
    return list(values)


class State(ABC):
    """A game in progress.

    Subclasses declare ``GAME`` (the name), ``PLAYERS`` (the player counts),
    ``OPTIONS``, ``TYPE`` (perfect or imperfect information, chance: a
    :class:`~pyapp.engine.game_type.GameType`) and ``FIELDS`` (every attribute
    of a state and how ``clone()`` copies it, see :mod:`pyapp.engine.fields`;
    usually ``State.FIELDS | {...}``) and implement the abstract methods.
    ``OPTIONS`` maps each option name to its default; the default's type is
    the option's type.
    """

    GAME: ClassVar[str]
    PLAYERS: ClassVar[tuple[int, ...]]
    OPTIONS: ClassVar[Mapping[str, Any]] = {}
    TYPE: ClassVar[GameType]
    FIELDS: ClassVar[Fields] = {
        "options": SHARED,  # never changed after the start
        "seed": SHARED,
        "players": SHARED,
        "rng": fields.generator,
        "_history": list.copy,
        "_start": SHARED,  # the position the game started at (``at_position``), None for the seed's deal
    }

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kind = getattr(cls, "TYPE", None)
        if not isinstance(kind, GameType):
            raise TypeError(f"{cls.__name__} must declare TYPE, a GameType")
        if not kind.perfect_information and cls.sample_world is State.sample_world:
            raise TypeError(f"{cls.__name__} hides information, so it must rebuild worlds in sample_world")

    def __init__(self, *, seed: int, players: int, **options: Any) -> None:
        self.options: dict[str, Any] = self.check_options(players, options)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        self.seed = seed
        self.players = players
        self.rng = random.Random(seed)
        self._history: list[Action] = []
        self._start: dict[str, Any] | None = None
        self.setup()

    @classmethod
    def at_position(cls: type[S], position: Mapping[str, Any], *, players: int, seed: int = 0, **options: Any) -> S:
        """A game that starts at ``position`` instead of the seed's deal (python-chess's ``Board(fen)``).

        ``position`` is game-specific data (hands, scores, whose turn, a trick
        in progress: see each game's ``set_position``), so a rules demo or a
        lesson can begin at a hand-picked moment.  It is checked: ``ValueError``
        for an inconsistent position (a card twice, wrong counts, an impossible
        turn).  The seed drives what comes after (later deals).  Such a game
        plays, clones and undoes like any other, but has no save: a save is a
        seed and actions, and no seed deals this position.
        """
        state = cls(seed=seed, players=players, **options)
        state.set_position(position)
        state._start = dict(position)
        return state

    @classmethod
    def check_options(cls, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Validate the player count and options; return every option filled in.

        Subclasses extend this for rules that tie options together, calling
        ``super().check_options`` first.
        """
        if isinstance(players, bool) or players not in cls.PLAYERS:
            allowed = ", ".join(str(n) for n in cls.PLAYERS)
            raise ValueError(f"{cls.GAME} is played by {allowed} players, not {players!r}")
        unknown = sorted(set(options) - set(cls.OPTIONS))
        if unknown:
            known = ", ".join(sorted(cls.OPTIONS)) or "none"
            raise ValueError(f"unknown option(s) for {cls.GAME}: {', '.join(unknown)} (known: {known})")
        filled = dict(cls.OPTIONS)
        for name, value in options.items():
            kind = type(cls.OPTIONS[name])
            if type(value) is not kind:
                raise ValueError(f"option {name!r} must be {kind.__name__}, not {value!r}")
            filled[name] = value
        return filled

    # -- what each game implements -------------------------------------------------

    @abstractmethod
    def setup(self) -> None:
        """Lay out the start of the game (deal with ``self.rng``)."""

    def set_position(self, position: Mapping[str, Any]) -> None:
        """Put this freshly set-up game at ``position`` (see :meth:`at_position`); ``ValueError`` if inconsistent.

        Games that offer positions override it; the default refuses.
        """
        raise ValueError(f"{self.GAME} cannot start at a given position")

    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or -1 once the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take, in a stable order."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action whose text form is ``text``; ``ValueError`` if malformed.

        Parsing does not judge legality: ``apply_action`` does.
        """

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out an action already known to be legal."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def scores(self) -> list[int]:
        """Points per seat so far (final once terminal)."""

    def public_scores(self) -> list[int]:
        """Points per seat as every seat sees them while the game is on (summaries, lists).

        Equal to ``scores()`` unless part of a score is secret (a hidden goal):
        such a game leaves that part out, so nothing computed from this
        changes when hidden cards change.  Once the game is over, use ``scores()``.
        """
        return self.scores()

    @abstractmethod
    def winners(self) -> list[int]:
        """Seats that won; several on a shared win; empty until the game is over."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may see, JSON-serialisable; never another seat's secrets."""

    # -- provided ----------------------------------------------------------------------

    def apply_action(self, action: Action | str) -> None:
        """Play ``action`` (or its text form) for the current player.

        Raises ``IllegalMoveError`` for anything not in ``legal_actions()``,
        leaving the state unchanged.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.is_terminal():
            raise IllegalMoveError(f"{action} cannot be played: the game is over")
        if action not in self.legal_actions():
            raise IllegalMoveError(f"{action} is not a legal move for seat {self.current_player()} now")
        self.step(action)

    def step(self, action: Action) -> None:
        """Apply an action taken from ``legal_actions()`` without checking it again.

        For search code that already holds a legal action; everything else
        uses ``apply_action``.
        """
        self._apply(action)
        self._history.append(action)

    @property
    def start(self) -> dict[str, Any] | None:
        """The position the game started at (``at_position``), ``None`` for the seed's deal."""
        return self._start

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action applied since the start, in order."""
        return tuple(self._history)

    def undo(self) -> Action:
        """Take back the last action and return it.

        The default replays the game from its seed, which is always exact;
        games with a cheaper undo may override it.
        """
        if not self._history:
            raise IndexError("nothing to undo")
        last = self._history[-1]
        fresh = self.replay(self._history[:-1])
        for name in self.FIELDS:
            setattr(self, name, getattr(fresh, name))
        return last

    def replay(self: S, actions: list[Action]) -> S:
        """A new state: this game's seed, options and starting position with ``actions`` applied."""
        if self._start is None:
            fresh = type(self)(seed=self.seed, players=self.players, **self.options)
        else:
            fresh = type(self).at_position(self._start, players=self.players, seed=self.seed, **self.options)
        for action in actions:
            fresh.step(action)
        return fresh

    def clone(self: S) -> S:
        """An independent copy: every field copied as ``FIELDS`` says."""
        state = object.__new__(type(self))
        # Attributes read and set one by one, in their declared order, never through
        # ``__dict__``: CPython 3.11 then keeps both objects' attributes inline, and every
        # later read (thousands per search playout) is faster.
        for name, copy in self.FIELDS.items():
            value = getattr(self, name)
            setattr(state, name, value if copy is None else copy(value))
        return state

    def returns(self) -> list[float]:
        """Utility per seat at the end: winners share 1, everyone else gets 0."""
        won = self.winners()
        return [1 / len(won) if seat in won else 0.0 for seat in range(self.players)]

    def undo_floor(self, seat: int) -> int:
        """The shortest history ``seat`` may undo back to.

        Undo must never take back an action after which ``seat`` saw something
        it could not see before (a deal, another player's card): that would let
        a player peek and retry.  Perfect-information games return 0.
        """
        return 0

    def sample_world(self: S, seat: int, rng: random.Random) -> S:
        """A full state consistent with everything ``seat`` may know.

        Games of imperfect information (``TYPE``) override this to rebuild a
        world from ``self.observation(seat)`` alone, drawing the unseen parts
        (and future chance) from ``rng``.  For perfect information the state is
        its own only world, so the default is a copy.
        """
        return self.clone()

    @classmethod
    def from_observation(cls: type[S], observation: Mapping[str, Any], seat: int, rng: random.Random) -> S:
        """A full state consistent with ``observation`` (``seat``'s, as ``observation(seat)`` gave it) alone.

        What a device that holds one seat's view and nothing more searches from: a
        friend's hint on the guest's own device (:mod:`pyapp.friends.remote`).  The
        unseen parts and future chance are drawn from ``rng``; ``seat`` has the same
        legal actions in it, and its ``sample_world(seat, ...)`` draws worlds of the
        same observation.  Each game that can be played with friends defines it.
        """
        raise NotImplementedError(f"{cls.GAME} rebuilds no state from an observation")

    def to_save(self) -> dict[str, Any]:
        """The save: seed, options and the action texts replay the game exactly.

        ``ValueError`` for a game started at a position (``at_position``): no seed deals it.
        """
        if self._start is not None:
            raise ValueError(f"a {self.GAME} game started at a given position has no save")
        return {
            "format": SAVE_FORMAT,
            "game": self.GAME,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": [str(action) for action in self._history],
        }


__all__ = ["Action", "IllegalMoveError", "SAVE_FORMAT", "State", "per_seat", "read_position"]
