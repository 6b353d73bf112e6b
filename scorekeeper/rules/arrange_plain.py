"""The common case of the arrangement: no wild card and no card twice.

Most hands a table enters (Knock Rummy, Boat House, Phỏm, any hand without jokers) hold each
card once and nothing wild. For those, a hand is a 52-bit mask (spades, hearts, diamonds, clubs;
ace to king in each), and every possible meld of the pack is listed once per set of meld rules
as such a mask (:class:`Plan`): no per-hand meld building, no joker bookkeeping. :func:`solve`
answers None for any other hand, and :func:`scorekeeper.rules.arrange.arrange` then uses the
general solver.

The steps for one hand, cheapest first:

1. the melds it holds: runs looked up by each suit's 13-bit mask, sets only for ranks held in
   three suits or more (most hands have none);
2. no meld, or melds that share no card (most random hands): the answer needs no search, since
   with no card worth less than nothing each meld laid beats leaving its cards unmatched;
3. otherwise a memoised search over the cards that can meld, lowest card first: it stays
   unmatched or goes into one of the melds it is the lowest card of, tried in a fixed order so
   ties always go the same way.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from . import runs
from .cards import _SPELLINGS, Card
from .melds import MeldRules
from .runs import Ace

SUIT_BASE = {"S": 0, "H": 13, "D": 26, "C": 39}
CARDS = tuple(Card(rank, suit) for suit in SUIT_BASE for rank in range(1, 14))
SUIT = 0x1FFF  # the 13 bits of one suit
_SUIT_BELOW = {suit: base - 1 for suit, base in SUIT_BASE.items()}  # the ace is rank 1
DEUCES = sum(1 << (base + 1) for base in SUIT_BASE.values())

# A card's bit, by card and by every way it may be typed (jokers are not here: they are wild).
BIT = {card: 1 << code for code, card in enumerate(CARDS)}
TYPED_BIT = {text: BIT[card] for text, card in _SPELLINGS.items() if card in BIT}

Melds = tuple[tuple[Card, ...], ...]


class Plan:
    """What the search needs of one set of meld rules and card values, built once."""

    __slots__ = (
        "deuces_wild",
        "index",
        "laid",
        "left",
        "no_negative",
        "rank_sets",
        "sets",
        "suit_runs",
        "worth",
    )

    def __init__(self, rules: MeldRules, worth: tuple[int, ...]):
        self.deuces_wild = rules.wild_deuces
        self.sets = rules.sets
        self.worth = worth
        # With no card worth less than nothing, a meld always beats leaving its cards out.
        self.no_negative = min(worth) >= 0
        melds = _melds(rules.ace, rules.sets, rules.run_lengths)
        # index: each meld's place in the search order; laid: its cards in play order.
        self.index, self.laid = melds.rank_of, melds.laid
        # A suit's 13-bit mask -> the runs it holds, as masks of spades (shift for the others).
        self.suit_runs = melds.suit_runs
        # rank -> 4-bit mask of the suits held -> the sets they make (in search order).
        self.rank_sets = melds.rank_sets
        # The unmatched cards by chunks of the pack: a chunk's mask -> (its cards, their value).
        self.left = tuple(
            [(cards, sum(worth[code] for code in codes)) for cards, codes in table]
            for table in _chunks()
        )


def plan_for(rules: MeldRules, values) -> Plan:
    """The :class:`Plan` of these rules and values (one per table's rules, built once)."""
    global _last
    last = _last  # callers timing many hands pass the same two objects again and again
    if last[0] is rules and last[1] is values:
        return last[2]
    found = _plan(rules, values)
    _last = (rules, values, found)
    return found


@cache
def _plan(rules: MeldRules, values) -> Plan:
    return Plan(rules, tuple(values.of(card) for card in CARDS))


_last: tuple = (None, None, None)


def held_mask(hand: list[Card]) -> int | None:
    """The hand as a 52-bit mask, or None for a joker or a card held twice."""
    try:  # by arithmetic: hashing a card costs more than reading its two fields
        held = sum([1 << (_SUIT_BELOW[card.suit] + card.rank) for card in hand])
    except (KeyError, AttributeError):  # a joker (suit "*"), or not a card at all
        return None
    # A sum of powers of two has as many bits set as terms only if no two are equal.
    return held if held.bit_count() == len(hand) else None


def typed_mask(text: str) -> int | None:
    """``text`` as a 52-bit mask when it is space-separated cards, each typed as one of the
    usual spellings and held once, none a joker; None for anything else (the general reader
    then parses it and explains what is wrong)."""
    tokens = text.split()
    try:
        held = sum(map(TYPED_BIT.__getitem__, tokens))
    except KeyError:
        return None
    return held if held.bit_count() == len(tokens) else None


def solve(hand: list[Card], rules: MeldRules, values) -> tuple[Melds, tuple, int] | None:
    """The best melds, the unmatched cards (in pack order) and their value; None if the hand
    holds a wild card or a card twice."""
    held = held_mask(hand)
    if held is None:
        return None
    return solve_mask(held, plan_for(rules, values))


def solve_mask(held: int, plan: Plan) -> tuple[Melds, tuple, int] | None:
    """:func:`solve` for a hand given as a mask; None if it holds a wild 2."""
    if plan.deuces_wild and held & DEUCES:
        return None
    found = _held_melds(held, plan)
    once = shared = 0  # the cards in some meld, and those in two or more
    for meld in found:
        shared |= once & meld
        once |= meld
    if not plan.no_negative:
        chosen = _search(found, plan.worth) if found else []
    elif not shared:  # no two melds share a card: lay them all
        chosen = found
    else:
        # A meld sharing no card with another is laid whatever the others do (it beats leaving
        # its cards unmatched): only the melds that share cards need the search.
        crossing = [meld for meld in found if meld & shared]
        chosen = _search(crossing, plan.worth)
        if len(crossing) < len(found):
            chosen += [meld for meld in found if not meld & shared]
            chosen.sort(key=plan.index.__getitem__)  # lowest card first, as the search lays
    laid = plan.laid
    melds, used = [], 0
    for meld in chosen:
        melds.append(laid[meld])
        used |= meld
    left = held & ~used
    unmatched: tuple[Card, ...] = ()
    total = shift = 0
    for table in plan.left:
        chunk = left >> shift & CHUNK
        if chunk:
            cards, value = table[chunk]
            unmatched += cards
            total += value
        shift += CHUNK_BITS
    return tuple(melds), unmatched, total


CHUNK_BITS = 9  # 6 chunks of 9 bits cover the 52 cards: tables of 512 entries, not 2 ** 52
CHUNK = (1 << CHUNK_BITS) - 1


@cache
def _chunks() -> tuple[list[tuple[tuple[Card, ...], tuple[int, ...]]], ...]:
    """For each chunk of the pack, each mask of it -> its cards and their codes."""
    tables = []
    for base in range(0, len(CARDS), CHUNK_BITS):
        table: list[tuple[tuple[Card, ...], tuple[int, ...]]] = [((), ())]
        for mask in range(1, CHUNK + 1):
            low_bit = mask & -mask
            code = base + low_bit.bit_length() - 1
            cards, codes = table[mask ^ low_bit]
            # Past the 52nd card a chunk's high bits hold nothing: those masks never occur.
            table.append(((CARDS[code], *cards), (code, *codes)) if code < len(CARDS) else ((), ()))
        tables.append(table)
    return tuple(tables)


def _held_melds(held: int, plan: Plan) -> list[int]:
    """Every meld of the pack that ``held`` holds, in search order (lowest card first)."""
    suit_runs = plan.suit_runs
    s, h, d, c = held & SUIT, held >> 13 & SUIT, held >> 26 & SUIT, held >> 39
    found = list(suit_runs[s])
    for suited, shift in ((h, 13), (d, 26), (c, 39)):
        hit = suit_runs[suited]
        if hit:
            found += [meld << shift for meld in hit]
    if plan.sets:
        three = (s & h & (d | c)) | (d & c & (s | h))  # ranks held in three suits or four
        while three:
            low_bit = three & -three
            three ^= low_bit
            rank = low_bit.bit_length() - 1
            suited = (s >> rank & 1) | (h >> rank & 1) << 1 | (d >> rank & 1) << 2
            found += plan.rank_sets[rank][suited | (c >> rank & 1) << 3]
    if len(found) > 1:
        found.sort(key=plan.index.__getitem__)
    return found


def held_melds(held: int, plan: Plan) -> list[int]:
    """Every meld of the pack that the hand ``held`` holds, as masks in search order (for
    callers that weigh several arrangements, such as the Gin knocker's choice)."""
    return _held_melds(held, plan)


def _search(found: list[int], worth: tuple[int, ...]) -> list[int]:
    """The melds to lay, lowest card first, when some of ``found`` share cards.

    A memoised search over the cards of the melds, lowest card first: it stays unmatched or
    goes into one of the melds it is the lowest card of, tried in search order; on a tie the
    first option tried stays. A card that is the lowest of no meld (and in no meld laid yet)
    can only stay unmatched, so the search steps over such cards without a call of its own."""
    by_low: dict[int, list[int]] = {}
    meldable = starters = 0
    for meld in found:  # in search order, so each card's list keeps it
        low_bit = meld & -meld
        meldable |= meld
        if low_bit & starters:
            by_low[low_bit].append(meld)
        else:
            by_low[low_bit] = [meld]
            starters |= low_bit
    memo: dict[int, tuple[int, int]] = {}
    choice: dict[int, int] = {}

    def best(rem: int) -> tuple[int, int]:
        """The least (value, unmatched cards) of ``rem``, whose lowest card starts a meld."""
        low_bit = rem & -rem
        top, top_value, top_count = 0, worth[low_bit.bit_length() - 1], 1
        rest = rem ^ low_bit
        while rest:  # the cards that start no meld stay unmatched
            bit = rest & -rest
            if bit & starters:
                after, left = memo.get(rest) or best(rest)
                top_value += after
                top_count += left
                break
            top_value += worth[bit.bit_length() - 1]
            top_count += 1
            rest ^= bit
        for meld in by_low[low_bit]:
            if meld & rem != meld:
                continue
            rest = rem ^ meld
            value = count = 0
            while rest:
                bit = rest & -rest
                if bit & starters:
                    after, left = memo.get(rest) or best(rest)
                    value += after
                    count += left
                    break
                value += worth[bit.bit_length() - 1]
                count += 1
                rest ^= bit
            if value < top_value or (value == top_value and count < top_count):
                top, top_value, top_count = meld, value, count
                if not value and not count:
                    break  # nothing beats an empty remainder
        memo[rem] = answer = (top_value, top_count)
        choice[rem] = top
        return answer

    chosen = []
    rem = _from_starter(meldable, starters)
    if rem:
        best(rem)
    while rem:
        meld = choice[rem]
        if meld:
            chosen.append(meld)
            rem ^= meld
        else:
            rem &= rem - 1
        rem = _from_starter(rem, starters)
    return chosen


def _from_starter(rem: int, starters: int) -> int:
    """``rem`` without the cards below its lowest card that starts a meld."""
    first = rem & starters
    return rem & ~((first & -first) - 1) if first else 0


class _PackMelds(NamedTuple):
    rank_of: dict[int, int]  # a meld's place in the search order (not ``index``: tuple's)
    laid: dict[int, tuple[Card, ...]]
    suit_runs: list[tuple[int, ...]]
    rank_sets: tuple[tuple[tuple[int, ...], ...], ...]


@cache
def _melds(ace: Ace, sets: bool, run_lengths: tuple[int, ...] | None) -> _PackMelds:
    """Every natural meld of one pack for these rules, as lookup tables (see :class:`Plan`)."""
    chains: list[list[list[int]]] = [[] for _ in CARDS]  # by lowest card: longer and longer
    order: dict[int, tuple[int, ...]] = {}
    lines = [(_runs_from(ace, start, run_lengths), True) for start in range(1, runs.HIGH_ACE + 1)]
    if sets:
        lines += [([s], False) for s in _sets()]
    for line, is_run in lines:
        for suit in range(4) if is_run else (None,):
            chain: list[int] = []
            chain_low: int | None = None
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
    # The search tries a card's melds chain by chain, shorter first: that order settles ties.
    ranked = [mask for by_low in chains for chain in by_low for mask in chain]
    index = {mask: i for i, mask in enumerate(ranked)}
    laid = {mask: tuple(CARDS[code] for code in codes) for mask, codes in order.items()}
    # Each run of spades goes to every 13-bit mask that holds it, in search order.
    held_runs: list[list[int]] = [[] for _ in range(SUIT + 1)]
    for mask in ranked:
        if mask <= SUIT and _is_run(order[mask]):
            free = SUIT & ~mask
            extra = free
            while True:
                held_runs[mask | extra].append(mask)
                if not extra:
                    break
                extra = (extra - 1) & free
    suit_runs = [tuple(found) for found in held_runs]
    rank_sets: list[tuple[tuple[int, ...], ...]] = []
    for rank in range(13):
        of_rank = [suit * 13 + rank for suit in range(4)]
        members = [m for m in ranked if sets and m & _mask(of_rank) == m and not _is_run(order[m])]
        by_suits: list[tuple[int, ...]] = []
        for suited in range(16):
            have = _mask(code for k, code in enumerate(of_rank) if suited >> k & 1)
            by_suits.append(tuple(m for m in members if m & have == m))
        rank_sets.append(tuple(by_suits))
    return _PackMelds(index, laid, suit_runs, tuple(rank_sets))


def _is_run(codes: tuple[int, ...]) -> bool:
    return len({c // 13 for c in codes}) == 1


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
