"""The one dealer (pyapp.engine.deal): every deal fits its constraints, and a feasible case never fails."""

import itertools
import random
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyapp.engine import deal as dealer
from pyapp.engine.deal import deal


def feasible(cards, sizes, barred) -> bool:
    """Hall's condition, worked out independently: every set of holders can be filled from the cards they may take."""
    holders = range(len(sizes))
    for k in range(1, len(sizes) + 1):
        for group in itertools.combinations(holders, k):
            takeable = [c for c in cards if any(c not in barred[h] for h in group)]
            if len(takeable) < sum(sizes[h] for h in group):
                return False
    return True


@st.composite
def cases(draw):
    holders = draw(st.integers(1, 5))
    cards = list(range(draw(st.integers(0, 18))))
    cuts = sorted(draw(st.lists(st.integers(0, len(cards)), min_size=holders - 1, max_size=holders - 1)))
    sizes = [b - a for a, b in zip([0, *cuts], [*cuts, len(cards)])]
    # Voids by "suit" (card % 4), as the games have them, plus a few single barred cards.
    voids = [draw(st.sets(st.integers(0, 3), max_size=3)) for _ in range(holders)]
    extra = [draw(st.sets(st.sampled_from(cards), max_size=3)) if cards else set() for _ in range(holders)]
    barred = [{c for c in cards if c % 4 in voids[h]} | extra[h] for h in range(holders)]
    return cards, sizes, barred


@pytest.mark.parametrize("attempts", [dealer.ATTEMPTS, 0], ids=["greedy-then-exact", "exact-only"])
@settings(max_examples=300, deadline=None)
@given(case=cases(), seed=st.integers(0, 2**32))
def test_every_deal_fits_and_a_feasible_case_never_fails(attempts, case, seed):
    cards, sizes, barred = case
    with mock.patch.object(dealer, "ATTEMPTS", attempts):
        if not feasible(cards, sizes, barred):
            with pytest.raises(ValueError, match="no deal"):
                deal(cards, sizes, barred, random.Random(seed))
            return
        hands = deal(cards, sizes, barred, random.Random(seed))
    assert [len(hand) for hand in hands] == sizes
    assert sorted(c for hand in hands for c in hand) == cards
    for hand, refused in zip(hands, barred):
        assert not set(hand) & refused


def test_tight_cases_have_one_answer_and_the_deal_is_seeded():
    cards = ["AR", "KR", "QY", "JY", "TG", "9G"]
    voids = [{"R", "Y"}, {"G", "Y"}, {"R", "G"}]
    barred = [{c for c in cards if c[1] in v} for v in voids]
    for k in range(30):
        hands = deal(cards, [2, 2, 2], barred, random.Random(k))
        assert [sorted(h) for h in hands] == [["9G", "TG"], ["AR", "KR"], ["JY", "QY"]]
    loose = [set(), {"AR"}, set()]
    assert deal(cards, [2, 2, 2], loose, random.Random(3)) == deal(cards, [2, 2, 2], loose, random.Random(3))
    with pytest.raises(ValueError, match="do not match"):
        deal(cards, [2, 2], [set(), set()], random.Random(1))


def test_without_constraints_it_is_a_shuffle_dealt_in_order():
    cards = list(range(12))
    shuffled = cards[:]
    random.Random(5).shuffle(shuffled)
    assert deal(cards, [5, 4, 3], [set(), set(), set()], random.Random(5)) == [shuffled[:5], shuffled[5:9], shuffled[9:]]
