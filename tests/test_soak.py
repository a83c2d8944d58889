"""Every game in every configuration passes the conformance check (:mod:`pyapp.games.testing`),
and the check catches a game that breaks an invariant."""

import pytest

from pyapp.engine.fields import SHARED
from pyapp.games.testing import ConformanceError, configurations, random_sim_test
from pyapp.games import NAMES, register
from tests.ai.toys import TricksState  # registers "tricks"
from tests.toy_games import NimState

VALUES = {"triad": {"first": (0, 1)}, "nim": {"max_take": (2, 3, 5)}}
"""Values of the options that are not bools."""


@pytest.mark.parametrize("game", ["nim", "tricks", *NAMES])
def test_random_play_keeps_every_invariant(game):
    sims = 2 * len(configurations(game, VALUES.get(game)))
    report = random_sim_test(game, sims=sims, seed=7, values=VALUES.get(game))
    assert report.games == sims and report.actions > sims and report.deep >= 2 * sims


def test_configurations_cover_player_counts_and_options():
    configs = configurations("nim", VALUES["nim"])
    assert {players for players, _ in configs} == {2, 3}
    assert {options["max_take"] for _, options in configs} == {2, 3, 5}
    dyad = configurations("dyad")
    assert len(dyad) == 4 + 4 + 8 and all(players == 4 for players, o in dyad if o["teams"])


class SharedNim(NimState):
    """Declares a list as shared, so a clone and its original take stones together."""

    GAME = "sharednim"
    FIELDS = NimState.FIELDS | {"taken": SHARED}


class PeekingNim(NimState):
    """Its observation hands out the game's own list."""

    GAME = "peekingnim"

    def observation(self, seat):
        return {**super().observation(seat), "taken": self.taken}


class UndeclaredNim(NimState):
    """Sets a field its FIELDS does not declare."""

    GAME = "undeclarednim"

    def setup(self) -> None:
        super().setup()
        self.extra = 1


class ForgetfulTricks(TricksState):
    """Its worlds forget a field."""

    GAME = "forgetfultricks"

    def sample_world(self, seat, rng):
        world = super().sample_world(seat, rng)
        del world.stock
        return world


@pytest.mark.parametrize("cls, message", [
    (UndeclaredNim, "the state's attributes do not match its FIELDS: not declared in FIELDS: extra"),
    (SharedNim, "playing on a clone changed the original"),
    (PeekingNim, "an observation changed after it was returned"),
    (ForgetfulTricks, "a sampled world does not match FIELDS"),
])
def test_a_broken_game_is_caught(cls, message):
    register(cls)
    with pytest.raises(ConformanceError, match=f"{cls.GAME} players=2 .*{message}"):
        random_sim_test(cls.GAME, sims=4, seed=1, deep=1.0)
