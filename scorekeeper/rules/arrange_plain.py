"""The common case of the arrangement: no wild card and no card twice.

Most hands a table enters (Knock Rummy, Boat House, Phỏm, any hand without jokers) hold each
card once and nothing wild. For those, every possible meld of the whole pack is listed once per
set of meld rules as a 52-bit mask, and a hand's search only tests which of them it holds: no
per-hand meld building, no joker bookkeeping. :func:`solve` answers None for any other hand,
and :func:`scorekeeper.rules.arrange.arrange` then uses the general solver.
"""

from __future__ import annotations

from functools import cache

from .cards import Card
from .melds import Ace, MeldRules

SUIT_BASE = {"S": 0, "H": 13, "D": 26, "C": 39}
CARDS = tuple(Card(rank, suit) for suit in SUIT_BASE for rank in range(1, 14))

Chains = list[list[list[int]]]  # by lowest card: chains of melds, each a longer copy of the last


def solve(hand: list[Card], rules: MeldRules, values) -> tuple[list, list[Card], int] | None:
    """The best melds, the unmatched cards (in pack order) and their value; None if the hand
    holds a wild card or a card twice."""
    held = _held(hand, rules.wild_deuces)
    if held is None:
        return None
    chains, order = _melds(rules.ace, rules.sets, rules.run_lengths)
    worth = _worth(values)
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}
    choice: dict[int, int] = {}

    def best(rem: int) -> tuple[int, int]:
        hit = memo.get(rem)
        if hit is not None:
            return hit
        low = (rem & -rem).bit_length() - 1
        value, count = best(rem & (rem - 1))
        top_value, top_count, top = value + worth[low], count + 1, 0
        for chain in chains[low]:
            for meld in chain:
                if meld & rem != meld or (top_value == 0 and top_count == 0):
                    break  # the longer melds of this chain hold this one
                value, count = best(rem ^ meld)
                if value < top_value or (value == top_value and count < top_count):
                    top_value, top_count, top = value, count, meld
        memo[rem] = (top_value, top_count)
        choice[rem] = top
        return top_value, top_count

    total, _ = best(held)
    melds, rem, used = [], held, 0
    while rem:
        meld = choice[rem]
        if meld:
            melds.append(tuple(CARDS[c] for c in order[meld]))
            rem ^= meld
            used |= meld
        else:
            rem &= rem - 1
    left = held & ~used
    unmatched = [CARDS[c] for c in range(52) if left >> c & 1]
    return melds, unmatched, total


def _held(hand: list[Card], wild_deuces: bool) -> int | None:
    """The hand as a 52-bit mask, or None for a joker, a wild 2 or a card held twice."""
    held = 0
    for card in hand:
        base = SUIT_BASE.get(card.suit)
        if base is None or (wild_deuces and card.rank == 2):
            return None
        bit = 1 << (base + card.rank - 1)
        if held & bit:
            return None
        held |= bit
    return held


@cache
def _worth(values) -> tuple[int, ...]:
    return tuple(values.of(card) for card in CARDS)


@cache
def _melds(ace: Ace, sets: bool, run_lengths: tuple[int, ...] | None) -> tuple[Chains, dict]:
    """Every natural meld of one pack, as chains by lowest card, and each mask's play order."""
    chains: Chains = [[] for _ in CARDS]
    order: dict[int, tuple[int, ...]] = {}
    lines = [(_runs_from(ace, start, run_lengths), True) for start in range(1, 15)]
    if sets:
        lines += [([s], False) for s in _sets()]
    for runs, is_run in lines:
        for suit in range(4) if is_run else (None,):
            chain, chain_low = [], None
            for cards in runs:
                codes = cards if suit is None else tuple(suit * 13 + r - 1 for r in cards)
                mask = _mask(codes)
                if mask in order:
                    continue
                order[mask] = codes
                low = min(codes)
                if low != chain_low:  # a run through the ace gets a new lowest card
                    chain, chain_low = [], low
                    chains[low].append(chain)
                chain.append(mask)
    return chains, order


def _runs_from(ace: Ace, start: int, run_lengths) -> list[tuple[int, ...]]:
    """The runs starting at ``start`` (14 = the high ace), shortest first, as ranks."""
    lengths = run_lengths or range(3, 14)
    if ace is Ace.WRAP:
        if start > 13:
            return []
        return [tuple((start - 1 + k) % 13 + 1 for k in range(n)) for n in lengths]
    low, high = {Ace.LOW: (1, 13), Ace.HIGH: (2, 14), Ace.HIGH_OR_LOW: (1, 14)}[ace]
    if not low <= start <= high:
        return []
    return [
        tuple(1 if r == 14 else r for r in range(start, start + n))
        for n in lengths
        if start + n - 1 <= high
    ]


def _sets() -> list[tuple[int, ...]]:
    four = [[s * 13 + rank for s in range(4)] for rank in range(13)]
    return [tuple(c for c in codes if c != skip) for codes in four for skip in codes] + [
        tuple(codes) for codes in four
    ]


def _mask(codes) -> int:
    mask = 0
    for code in codes:
        mask |= 1 << code
    return mask
