"""A small slice of the soak (bench/soak.py): every configuration of every game once or twice."""

import pytest

from bench.soak import configurations, soak
from pyapp.games import NAMES


@pytest.mark.parametrize("game", ["nim", *NAMES])
def test_soak_slice_has_no_failures(game):
    lines = []
    results = soak(len(configurations(game)), seed=7, names=[game], out=lines.append)
    counts = results[game]
    assert counts["failures"] == 0, "\n".join(lines)
    assert counts["games"] == len(configurations(game)) and counts["actions"] > 0


def test_configurations_cover_player_counts_and_bool_options():
    configs = configurations("nim")
    assert {players for players, _ in configs} == {2, 3}
    assert {options["max_take"] for _, options in configs} == {2, 3, 5}
