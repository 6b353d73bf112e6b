"""The common case of the arrangement: no wild card and no card twice.

Most hands a table enters (Knock Rummy, Boat House, Phỏm, any hand without jokers) hold each
card once and nothing wild. For those, every possible meld of the whole pack is listed once per
set of meld rules as a 52-bit mask, and a hand's search only tests which of them it holds: no
per-hand meld building, no joker bookkeeping. :func:`solve` answers None for any other hand,
and :func:`scorekeeper.rules.arrange.arrange` then uses the general solver.
"""

from __future__ import annotations

from functools import cache

from . import runs
from .cards import Card
from .melds import MeldRules
from .runs import Ace

SUIT_BASE = {"S": 0, "H": 13, "D": 26, "C": 39}
CARDS = tuple(Card(rank, suit) for suit in SUIT_BASE for rank in range(1, 14))

Chains = list[list[list[int]]]  # by lowest card: chains of melds, each a longer copy of the last


def solve(hand: list[Card], rules: MeldRules, values) -> tuple[tuple, tuple, int] | None:
    """The best melds, the unmatched cards (in pack order) and their value; None if the hand
    holds a wild card or a card twice."""
    held = _held(hand, rules.wild_deuces)
    if held is None:
        return None
    chains, order = _melds(rules.ace, rules.sets, rules.run_lengths)
    worth = _worth(values)
    # Step 1: the melds this hand holds, by lowest card. A card in none of them is unmatched
    # whatever else happens, so the search below only sees the cards that can meld.
    held_melds: dict[int, list[int]] = {}
    meldable = 0
    rest = held
    while rest:
        low_bit = rest & -rest
        rest ^= low_bit
        low = low_bit.bit_length() - 1
        found = []
        for chain in chains[low]:
            for meld in chain:
                if meld & held != meld:
                    break  # the longer melds of this chain hold this one
                found.append(meld)
                meldable |= meld
        if found:
            held_melds[low] = found
    # Step 2: a memoised search over the meldable cards, lowest card first: it stays unmatched
    # or goes into one of the melds it is the lowest card of.
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}
    choice: dict[int, int] = {}

    def best(rem: int) -> tuple[int, int]:
        hit = memo.get(rem)
        if hit is not None:
            return hit
        low = (rem & -rem).bit_length() - 1
        value, count = best(rem & (rem - 1))
        top_value, top_count, top = value + worth[low], count + 1, 0
        for meld in held_melds.get(low, ()):
            if meld & rem != meld:
                continue
            if top_value == 0 and top_count == 0:
                break  # nothing beats an empty remainder
            value, count = best(rem ^ meld)
            if value < top_value or (value == top_value and count < top_count):
                top_value, top_count, top = value, count, meld
        memo[rem] = (top_value, top_count)
        choice[rem] = top
        return top_value, top_count

    best(meldable)
    # Step 3: lay the chosen melds out in the order the search took them.
    melds: list[tuple[Card, ...]] = []
    rem, used = meldable, 0
    while rem:
        meld = choice[rem]
        if meld:
            melds.append(tuple(CARDS[c] for c in order[meld]))
            rem ^= meld
            used |= meld
        else:
            rem &= rem - 1
    left = held & ~used
    unmatched, total = [], 0
    while left:
        low_bit = left & -left
        left ^= low_bit
        code = low_bit.bit_length() - 1
        unmatched.append(CARDS[code])
        total += worth[code]
    return tuple(melds), tuple(unmatched), total


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
    lines = [(_runs_from(ace, start, run_lengths), True) for start in range(1, runs.HIGH_ACE + 1)]
    if sets:
        lines += [([s], False) for s in _sets()]
    for line, is_run in lines:
        for suit in range(4) if is_run else (None,):
            chain, chain_low = [], None
            for cards in line:
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
    """The runs starting at position ``start`` (14 = the high ace), shortest first, as ranks."""
    return [
        tuple(runs.rank_at(p) for p in window)
        for n in run_lengths or range(3, runs.CIRCLE + 1)
        for window in runs.windows(n, ace)
        if window[0] == start
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
