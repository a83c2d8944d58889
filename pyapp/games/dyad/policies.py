"""Dyad's computer players: easy, normal, the rollout policy and an evaluator.

Each policy gets a world already sampled for the acting seat (see
``DyadState.sample_world``) and returns one of ``world.legal_actions()``.

The heuristics rest on two facts of the rules: a player ends a round holding
exactly as many cards as tricks they took, and they keep the cards they did
not play.  So a trick is worth about the card the taker retrieves, and
winning it costs whatever good cards the winning pair spends.
"""

from __future__ import annotations

import math
import random
from operator import itemgetter

from pyapp.games.dyad.rules import canonical, legal_pair_cards, rank_of, score_cards, top_rank, value_of
from pyapp.games.dyad.state import CIPHER, DECLINE, PLAYS

# -- small helpers on the state's internals (cards are ints: rank = c // 4 + 2) -----


def _lead_matched(world) -> bool | None:
    if not world.trick:
        return None
    a, b = world.trick[0][1]
    return a % 4 == b % 4


def _best_so_far(world) -> tuple[int, int]:
    """(value, seat) of the pair currently taking the trick; (-1, -1) when leading."""
    if not world.trick:
        return -1, -1
    matched = _lead_matched(world)
    best, seat = -1, -1
    for s, (a, b) in world.trick:
        v = value_of(matched, a, b)
        if v > best:
            best, seat = v, s
    return best, seat


def _same_side(world, a: int, b: int) -> bool:
    return a == b or (world.teams and (a - b) % 2 == 0)


def _won_so_far(world, seat: int) -> int:
    return sum(1 for record in world.tricks if record[1] == seat)


# What spending each card costs (see ``card_costs``): a 2 is cheap, a card kept to
# the end costs its value (``_KEPT``), another card 0.3 x its value.
_KEPT = [float(c // 4 + 2) for c in range(32)]
_COST_TWO_ON = [0.5 if c < 4 else 0.3 * (c // 4 + 2) for c in range(32)]
_COST_TWO_OFF = [2.5 if c < 4 else 0.3 * (c // 4 + 2) for c in range(32)]


def card_costs(hand: list[int], keep: int, twos: bool) -> dict[int, float]:
    """What playing each card of ``hand`` now gives up.

    The ``keep`` best cards are those likely to stay in hand to the end and
    score: spending one costs its value.  Other cards only matter as future
    trick-winning power (0.3 x their value); 2s are also doubles (with 2's on,
    a kept 2 costs points, so they are cheap to spend).
    """
    base = _COST_TWO_ON if twos else _COST_TWO_OFF
    bar = sorted(hand, reverse=True)[keep - 1] if keep < len(hand) else -1  # the keepers: c >= bar
    return {c: (_KEPT[c] if c >= bar and c >= 4 else base[c]) for c in hand}


def _expected_keep(world, seat: int) -> int:
    left = world.round_len - len(world.tricks)
    return _won_so_far(world, seat) + max(1, round(left / world.players))


def _retrieve_choice(world, legal: list) -> object:
    """The card to retrieve: the one that scores best in the hand we will end with."""
    seat = world.turn
    hand = world.hands[seat]
    twos = world.options["twos"]
    last = len(world.tricks) + 1 == world.round_len
    if last:
        cipher = bool(world.ciphers[seat])
        return max(legal, key=lambda a: (score_cards(hand + [a.cards[0]], twos, cipher), a.cards[0]))
    if twos:
        return max(legal, key=lambda a: (rank_of(a.cards[0]) if rank_of(a.cards[0]) > 2 else -5, a.cards[0]))
    return max(legal, key=lambda a: a.cards[0])


def hand_strength(world, hand: list[int]) -> float:
    """Mean rank of the hand relative to the deck's mean (0 = average)."""
    top = top_rank(world.players)
    return sum(rank_of(c) for c in hand) / len(hand) - (2 + top) / 2


def _cipher_choice(world, threshold: float) -> object:
    seat = world.turn
    hand = world.hands[seat]
    top = top_rank(world.players)
    if world.players == 2:
        return world.legal_actions()[1]
    high = sum(1 for c in hand if rank_of(c) >= top - 1)
    twos = sum(1 for c in hand if rank_of(c) == 2)
    score = hand_strength(world, hand) + 0.6 * high - 0.2 * twos
    return CIPHER if score < threshold else DECLINE


def _pass_choice(world, legal: list) -> object:
    """Teams: a weak hand sends its best two cards, a strong one its worst two.

    A weak hand then has a good chance of Cipher (or at least costs little),
    while the strong partner gets stronger still.
    """
    seat = world.turn
    hand = world.hands[seat]
    weak = hand_strength(world, hand) < 0
    ranked = sorted(hand, key=lambda c: (rank_of(c), c))
    chosen = set(ranked[-2:] if weak else ranked[:2])
    for action in legal:
        if set(action.cards) == chosen:
            return action
    return legal[0]


def _outside_play(world) -> object:
    """The cheap rules outside the play phase: retrieve, Cipher (below -0.9), pass."""
    legal = world.legal_actions()
    if world.phase == "take":
        return _retrieve_choice(world, legal)
    if world.phase == "cipher":
        return _cipher_choice(world, -0.9)
    return _pass_choice(world, legal)


def _ciphering(world, seat: int) -> bool:
    return bool(world.ciphers[seat]) and _won_so_far(world, seat) == 0


# -- the rollout policy: cheap rules --------------------------------------------------


def simple(world, rng: random.Random):
    """Plain rules (Easy's base): win cheaply when possible, else dump the lowest pair.

    Written with plain loops over card numbers.
    """
    if world.phase != "play":
        return _outside_play(world)
    if rng.random() < 0.05:
        legal = world.legal_actions()
        return legal[rng.randrange(len(legal))]
    seat = world.turn
    hand = world.hands[seat]
    trick = world.trick
    ciphering = world.ciphers[seat] and not any(r[1] == seat for r in world.tricks)
    if not trick:
        ordered = sorted(hand)
        if not ciphering and rng.random() < 0.6:
            return PLAYS[canonical(ordered[-1], ordered[-2])]
        return PLAYS[canonical(ordered[0], ordered[1])]
    lead = trick[0][1]
    matched = lead[0] % 4 == lead[1] % 4
    best, holder = _best_so_far(world)
    pairs = legal_pair_cards(hand, lead)
    lose = bool(ciphering) or holder == seat or (world.teams and (holder - seat) % 2 == 0)
    pick = None
    pick_key = None
    if not lose:
        for a, b in pairs:
            v = value_of(matched, a, b)
            if v > best:
                key = v * 64 + a + b
                if pick_key is None or key < pick_key:
                    pick, pick_key = (a, b), key
        if pick is not None:
            return PLAYS[pick]
        for a, b in pairs:
            key = a + b
            if pick_key is None or key < pick_key:
                pick, pick_key = (a, b), key
        return PLAYS[pick]
    for a, b in pairs:
        key = value_of(matched, a, b) * 64 + a + b
        if pick_key is None or key < pick_key:
            pick, pick_key = (a, b), key
    return PLAYS[pick]


# -- easy: the rollout rules with mistakes --------------------------------------------


def easy(world, rng: random.Random):
    """Mostly the cheap rules, with a random legal move a quarter of the time."""
    legal = world.legal_actions()
    if world.phase == "play" and rng.random() < 0.25:
        return legal[rng.randrange(len(legal))]
    if world.phase == "cipher":
        return _cipher_choice(world, -1.2)
    return simple(world, rng)


# -- normal: a real heuristic -----------------------------------------------------------

SAMPLES = 10


def _response(world, seat: int, lead: tuple[int, int] | None, matched: bool | None) -> int:
    """The highest value ``seat`` can play in this trick (its strongest legal pair)."""
    return best_value(world.hands[seat], lead[0] % 4 if matched else -1)


def best_value(hand: list[int], suit: int) -> int:
    """The most ``hand`` can count in a trick whose lead is matched in ``suit`` (-1: unmatched).

    Follows the follow rule: two cards of the suit if it holds two; its one
    card of the suit with another; otherwise its best pair of any kind.
    """
    if suit < 0:
        top = second = -1
        for c in hand:
            if c > top:
                top, second = c, top
            elif c > second:
                second = c
        return top // 4 + second // 4 + 4
    same = [c for c in hand if c % 4 == suit]
    if len(same) >= 2:
        same.sort()
        return same[-1] // 4 + same[-2] // 4 + 4
    if len(same) == 1:
        s = same[0]
        rs = s // 4 + 2
        best = 0
        for c in hand:
            if c == s:
                continue
            r = c // 4 + 2
            if c % 4 == suit:
                v = rs + r
            elif rs == 2 or r == 2:
                v = 2 * (rs if rs > r else r)
            else:
                v = rs if rs < r else r
            if v > best:
                best = v
        return best
    best = 0
    by_suit: list[list[int]] = [[], [], [], []]
    for c in hand:
        by_suit[c % 4].append(c // 4 + 2)
    for ranks in by_suit:
        if len(ranks) >= 2:
            ranks.sort()
            if ranks[-1] + ranks[-2] > best:
                best = ranks[-1] + ranks[-2]
    for c in hand:
        if c < 4:  # a 2: doubled with the highest card of another suit
            high = max((d // 4 + 2 for d in hand if d % 4 != c % 4), default=0)
            if high and 2 * high > best:
                best = 2 * high
    ordered = sorted(hand, reverse=True)
    first = ordered[0]
    for c in ordered[1:]:
        if c % 4 != first % 4:
            low = c // 4 + 2
            if low > best:
                best = low
            break
    return best


_BEST: dict[tuple[int, ...], int] = {}
MEMORY_SIZE = 50_000


def remembered_best_value(hand: list[int], suit: int) -> int:
    """``best_value`` remembered: a search meets the same sampled hands again and again.

    (About three calls in four in a search repeat an earlier one.)  The memory is
    emptied when it holds ``MEMORY_SIZE`` answers.
    """
    key = (suit, *hand)
    value = _BEST.get(key)
    if value is None:
        if len(_BEST) >= MEMORY_SIZE:
            _BEST.clear()
        value = _BEST[key] = best_value(hand, suit)
    return value


_PAIR_VALUE = {lead_matched: {(a, b): value_of(lead_matched, a, b) for a in range(32) for b in range(32) if a != b}
               for lead_matched in (False, True)}
"""``value_of`` as tables by the lead's kind (a lookup instead of a call at every pair)."""


def _guessed_hands(world, seat: int, seats: list[int], rng: random.Random) -> list[list[int]]:
    """The hands of ``seats`` as ``seat`` might guess them: the cards it cannot see, dealt at random.

    A card a seat retrieved this round and still holds is public: it stays with that seat.
    """
    hands = world.hands
    public = {}
    for record in world.tricks:
        taker, card = record[1], record[2]
        if taker != seat and card in hands[taker]:
            public[card] = taker
    pool = [c for p in range(world.players) if p != seat for c in hands[p] if c not in public]
    rng.shuffle(pool)
    out = []
    start = 0
    for p in seats:
        known = [c for c in hands[p] if public.get(c) == p]
        end = start + len(hands[p]) - len(known)
        out.append(sorted(known + pool[start:end]))
        start = end
    return out


def pair_scores(world, rng: random.Random | None = None) -> list[tuple[float, tuple[int, int]]]:
    """Every legal pair of the player to act with a quick score (higher is better).

    A pair scores the card a trick brings back if it takes the trick against the
    strongest answers of the players still to come, minus the good cards it
    spends.  A ciphering player scores low values best.  Without ``rng`` the
    players to come hold their hands of the (sampled) world; with it, hands the
    player to act guesses from the cards it cannot see (``_guessed_hands``).
    (The search calls this at every node and rollout step: written with plain
    loops over card numbers.)
    """
    n = world.players
    seat = world.turn
    hand = world.hands[seat]
    trick = world.trick
    teams = world.teams
    won = 0
    for record in world.tricks:
        if record[1] == seat:
            won += 1
    lead = trick[0][1] if trick else None
    pairs = legal_pair_cards(hand, lead)
    if world.ciphers[seat] and not won:
        matched = lead is not None and lead[0] % 4 == lead[1] % 4
        return [(-value_of(matched, a, b) + (a + b) / 64, (a, b)) for a, b in pairs]
    later_seats = [(seat + k) % n for k in range(1, n - len(trick)) if not teams or k % 2]
    if rng is None:
        later = [world.hands[p] for p in later_seats]
    else:
        later = _guessed_hands(world, seat, later_seats, rng)
    left = world.round_len - len(world.tricks)
    keep = won + max(1, round(left / n))
    gain = top_rank(n) + (0.5 if left > 1 else -0.5)
    if teams and world.ciphers[(seat + 2) % 4] and not any(r[1] == (seat + 2) % 4 for r in world.tricks):
        gain += 6.0
    cost = card_costs(hand, keep, world.options["twos"])
    out = []
    append = out.append
    if lead is None:
        threat_un = -1
        for other in later:
            v = remembered_best_value(other, -1)
            if v > threat_un:
                threat_un = v
        threats = [None, None, None, None]
        for pair in pairs:
            a, b = pair
            if a % 4 == b % 4:
                threat = threats[a % 4]
                if threat is None:
                    threat = -1
                    for other in later:
                        v = remembered_best_value(other, a % 4)
                        if v > threat:
                            threat = v
                    threats[a % 4] = threat
            else:
                threat = threat_un
            append(((gain if a // 4 + b // 4 + 4 >= threat else 0.0) - cost[a] - cost[b], pair))
        return out
    matched = lead[0] % 4 == lead[1] % 4
    values = _PAIR_VALUE[matched]
    best, holder = -1, -1
    for s_, pair in trick:
        v = values[pair]
        if v > best:
            best, holder = v, s_
    ours_already = holder == seat or (teams and (holder - seat) % 2 == 0)
    suit = lead[0] % 4 if matched else -1
    threat = -1
    for other in later:
        v = remembered_best_value(other, suit)
        if v > threat:
            threat = v
    for pair in pairs:
        a, b = pair
        v = values[pair]
        ours = v if v > best else (best if ours_already else -1)
        append(((gain if ours >= 0 and ours >= threat else 0.0) - cost[a] - cost[b], pair))
    return out


def candidates(world, k: int = 8, legal: list | None = None) -> list:
    """The ``k`` most promising legal actions by ``pair_scores`` (all of them outside play).

    Offered to search code that wants to narrow a wide choice of pairs.
    """
    if legal is None:
        legal = world.legal_actions()
    if world.phase != "play" or len(legal) <= k:
        return legal
    ranked = sorted(pair_scores(world), key=itemgetter(0), reverse=True)[:k]  # stable: ties keep legal order
    return [PLAYS[pair] for _, pair in ranked]


def rollout(world, rng: random.Random):
    """Fast and decent: the best pair by ``pair_scores``; the cheap rules elsewhere."""
    if world.phase != "play":
        return _outside_play(world)
    if rng.random() < 0.03:
        legal = world.legal_actions()
        return legal[rng.randrange(len(legal))]
    return PLAYS[max(pair_scores(world), key=itemgetter(0))[1]]  # the first of the best


def rollout_blind(world, rng: random.Random):
    """``rollout`` for a player who reads only its own hand and the table (``pair_scores`` with ``rng``).

    Search playouts with this policy do not let every player see the sampled deal.
    """
    if world.phase != "play":
        return _outside_play(world)
    if rng.random() < 0.03:
        legal = world.legal_actions()
        return legal[rng.randrange(len(legal))]
    return PLAYS[max(pair_scores(world, rng), key=itemgetter(0))[1]]


def _win_chances(world, seat: int, legal: list, rng: random.Random) -> list[float]:
    """For each candidate pair: how often it takes the trick (for our side) in sampled deals.

    Everyone still to play after us answers with their strongest legal pair:
    a pessimistic but simple model of opponents who want the trick.
    """
    n = world.players
    later = [(seat + k) % n for k in range(1, n - len(world.trick))]
    if not later:
        best, holder = _best_so_far(world)
        matched = _lead_matched(world)
        return [1.0 if value_of(matched, *a.cards) > best else 0.0 for a in legal]
    worlds = [world] + [world.sample_world(seat, rng) for _ in range(SAMPLES - 1)]
    best, holder = _best_so_far(world)
    lead_known = world.trick[0][1] if world.trick else None
    wins = [0.0] * len(legal)
    for w in worlds:
        if lead_known is not None:
            matched = lead_known[0] % 4 == lead_known[1] % 4
            threats = [_response(w, p, lead_known, matched) for p in later if not _same_side(w, p, seat)]
            top = max(threats) if threats else -1
            ours_already = _same_side(w, holder, seat)
            for i, action in enumerate(legal):
                v = value_of(matched, *action.cards)
                ours = v if v > best else (best if ours_already else -1)
                if ours >= 0 and ours >= top:  # later equal values lose to ours
                    wins[i] += 1
        else:
            cache: dict[bool, int] = {}
            for i, action in enumerate(legal):
                a, b = action.cards
                matched = a % 4 == b % 4
                v = rank_of(a) + rank_of(b)
                if matched:
                    threats = [_response(w, p, action.cards, True) for p in later if not _same_side(w, p, seat)]
                    top = max(threats) if threats else -1
                else:
                    if False not in cache:
                        threats = [_response(w, p, None, None) for p in later if not _same_side(w, p, seat)]
                        cache[False] = max(threats) if threats else -1
                    top = cache[False]
                if v >= top:
                    wins[i] += 1
    return [x / len(worlds) for x in wins]


def normal(world, rng: random.Random):
    """Lead matched when the suit is likely to hold, win tricks cheaply, dump low, keep high.

    * Retrieve the card that scores best in the hand kept to the end.
    * Cipher with a hand weak enough to lose every trick; then play the
      lowest-valued pairs.
    * Teams: a weak hand passes its two best cards to the partner, a strong
      hand its two worst; never fight a partner who is taking the trick.
    * Playing: weigh each legal pair's chance of taking the trick (against the
      strongest answers of the players still to come, over sampled deals) times
      the card it brings back, minus the good cards it spends.
    """
    legal = world.legal_actions()
    phase = world.phase
    if phase == "take":
        return _retrieve_choice(world, legal)
    if phase == "cipher":
        return _cipher_choice(world, -0.9)
    if phase == "pass":
        return _pass_choice(world, legal)
    if len(legal) == 1:
        return legal[0]
    seat = world.turn
    hand = world.hands[seat]
    matched = _lead_matched(world)
    best, holder = _best_so_far(world)

    def value(action) -> int:
        a, b = action.cards
        if matched is None:
            return rank_of(a) + rank_of(b)
        return value_of(matched, a, b)

    if _ciphering(world, seat):
        # lose the trick: lowest value, then spend the highest cards while it is safe
        return min(legal, key=lambda a: (value(a), -(a.cards[0] + a.cards[1])))
    partner_cipher = world.teams and _ciphering(world, (seat + 2) % 4)
    keep = _expected_keep(world, seat)
    cost = card_costs(hand, keep, world.options["twos"])
    top = top_rank(world.players)
    last_trick = len(world.tricks) + 1 == world.round_len
    gain = top - 0.5 + (0 if last_trick else 1.0)
    if partner_cipher:
        gain += 6.0  # taking the trick also shields the partner's Cipher
    if best >= 0 and len(world.trick) == world.players - 1 and _same_side(world, holder, seat):
        # last to play behind a partner who takes the trick: spend the cheapest cards
        return min(legal, key=lambda a: (cost[a.cards[0]] + cost[a.cards[1]], value(a)))
    chances = _win_chances(world, seat, legal, rng)
    scored = []
    for action, chance in zip(legal, chances):
        a, b = action.cards
        spend = cost[a] + cost[b]
        scored.append((chance * gain - spend, chance, -spend, value(action), action))
    scored.sort(key=lambda row: row[:4], reverse=True)
    return scored[0][4]


# -- evaluation for search cut-offs --------------------------------------------------------


def projected_round(world) -> list[float]:
    """Each seat's likely score for the round in play, from the cards it holds.

    A player ends with as many cards as tricks taken and keeps its best ones,
    so the estimate is the sum of its best ``k`` cards, ``k`` being the tricks
    taken plus a fair share of those left (fractional for the last card).
    """
    n = world.players
    twos = world.options["twos"]
    won = [0] * n
    for record in world.tricks:
        won[record[1]] += 1
    done = len(world.tricks)
    if world.phase == "take":
        won[world.turn] += 1
        done += 1
    share = (world.round_len - done) / n
    top = top_rank(n)
    out = []
    for p in range(n):
        if world.ciphers[p]:
            out.append(0.0 if won[p] else 20.0 * (1 - 1 / n) ** (world.round_len - done))
            continue
        values = sorted(((-2 if twos and c < 4 else c // 4 + 2) for c in world.hands[p]), reverse=True)
        k = won[p] + share
        whole = int(k)
        est = float(sum(values[:whole]))
        if whole < len(values):
            est += (k - whole) * values[whole]
        # Before the first pair of a round the cards held say little about the cards
        # kept: use the average (a fair share of tricks, each bringing a good card) so
        # that a fresh deal adds no noise to the evaluation.
        if done or world.trick:
            out.append(est)
        else:
            out.append(k * (top - 1.5))
    return out


def evaluate(world, seat: int) -> float:
    """A rough chance that ``seat`` (or its team) wins, from totals and the round so far.

    Scaled like ``returns()``: a team's chance is shared between the partners.
    """
    if world.is_terminal():
        return world.returns()[seat]
    projected = [t + r for t, r in zip(world.totals, projected_round(world))]
    if world.teams:
        sides = [projected[0] + projected[2], projected[1] + projected[3]]
        mine = seat % 2
        share = 0.5
    else:
        sides = projected
        mine = seat
        share = 1.0
    m = max(sides)
    scale = 3.0 + max(0.0, world.target - m) / 5
    weights = [math.exp((v - m) / scale) for v in sides]
    return share * weights[mine] / sum(weights)


__all__ = ["best_value", "candidates", "card_costs", "easy", "evaluate", "hand_strength", "normal", "pair_scores",
           "projected_round", "remembered_best_value", "rollout", "rollout_blind", "simple"]
