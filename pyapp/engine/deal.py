"""Dealing unseen cards at random to holders that may not take some of them.

A seat that has shown a void cannot hold that suit; a seat's model of play may
bar further cards.  :func:`deal` gives every holder exactly its number of
cards, none it is barred from, and finds a deal whenever one exists.  Dyad and
Dieci rebuild their search worlds with it.

>>> import random
>>> cards = ["AR", "KR", "QY", "JY", "TG", "9G"]
>>> barred = [{"AR", "KR", "QY", "JY"}, {"TG", "9G", "QY", "JY"}, {"AR", "KR", "TG", "9G"}]
>>> [sorted(hand) for hand in deal(cards, [2, 2, 2], barred, random.Random(1))]
[['9G', 'TG'], ['AR', 'KR'], ['JY', 'QY']]
>>> deal(cards, [2, 2, 2], [set(), set(), set(cards)], random.Random(1))
Traceback (most recent call last):
...
ValueError: no deal of the unseen cards fits what is known of the hands
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence, Set
from typing import TypeVar

C = TypeVar("C", bound=Hashable)

ATTEMPTS = 8
"""Random greedy deals tried before the exact search (almost every real deal needs one)."""


def deal(cards: Sequence[C], sizes: Sequence[int], barred: Sequence[Set[C]],
         rng: random.Random) -> list[list[C]]:
    """``cards`` dealt at random: holder ``h`` gets ``sizes[h]`` of them, none in ``barred[h]``.

    Without any barred card this is a shuffle dealt in holder order.  Otherwise
    the cards some holder may not take are placed first, the most constrained
    first, each on a holder chosen with chance proportional to its free places;
    the rest are shuffled into the places left.  When that fails a few times,
    an exact search (augmenting paths) finds a deal if there is one.
    ``ValueError`` when none exists.
    """
    if sum(sizes) != len(cards):
        raise ValueError("the hidden places do not match the unseen cards")
    limited = set().union(*barred) if any(barred) else None
    bound = [card for card in cards if card in limited] if limited else []
    if not bound:  # a shuffle, the common case: kept short, a search deals a world per iteration
        shuffled = list(cards)
        rng.shuffle(shuffled)
        return _cut(shuffled, sizes)
    holders = range(len(sizes))
    free = [card for card in cards if card not in limited]
    eligible: dict[C, list[int]] = {card: [] for card in bound}  # the holders that may take it
    for h in holders:
        for card in bound:
            if card not in barred[h]:
                eligible[card].append(h)
    for _attempt in range(ATTEMPTS):
        rng.shuffle(bound)
        bound.sort(key=lambda card: len(eligible[card]))
        room = list(sizes)
        hands: list[list[C]] = [[] for _ in holders]
        for card in bound:  # plain loops, no comprehension per card: Dieci's worlds deal here
            total = 0
            for h in eligible[card]:
                total += room[h]
            if not total:
                break
            pick = rng.randrange(total)
            for h in eligible[card]:  # a holder without room takes nothing from ``pick``
                pick -= room[h]
                if pick < 0:
                    break
            hands[h].append(card)
            room[h] -= 1
        else:
            rng.shuffle(free)
            for hand, rest in zip(hands, _cut(free, room)):
                hand += rest
            return hands
    everyone = list(holders)
    return _exact(list(cards), sizes, {card: eligible.get(card, everyone) for card in cards}, rng)


def _cut(cards: list[C], sizes: Sequence[int]) -> list[list[C]]:
    """``cards`` cut into consecutive runs of ``sizes``."""
    runs, start = [], 0
    for size in sizes:
        runs.append(cards[start:start + size])
        start += size
    return runs


def _exact(cards: list[C], sizes: Sequence[int], eligible: dict[C, list[int]], rng: random.Random) -> list[list[C]]:
    """A deal by augmenting paths: each card in random order, moving earlier cards along when needed."""
    holder: dict[C, int] = {}
    held = [0] * len(sizes)

    def place(card: C, seen: set[int]) -> bool:
        for h in eligible[card]:
            if h in seen:
                continue
            seen.add(h)
            if held[h] < sizes[h]:
                holder[card] = h
                held[h] += 1
                return True
            for other in [c for c, owner in holder.items() if owner == h]:
                del holder[other]
                held[h] -= 1
                if place(other, seen):
                    holder[card] = h
                    held[h] += 1
                    return True
                holder[other] = h
                held[h] += 1
        return False

    rng.shuffle(cards)
    for card in cards:
        if not place(card, set()):
            raise ValueError("no deal of the unseen cards fits what is known of the hands")
    hands: list[list[C]] = [[] for _ in sizes]
    for card, h in holder.items():
        hands[h].append(card)
    return hands


__all__ = ["ATTEMPTS", "deal"]
