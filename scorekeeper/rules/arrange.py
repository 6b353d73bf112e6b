"""The optimal arrangement of a hand: disjoint melds that leave the least value unmatched.

The pipeline, in small named steps:

1. ``_meld_cores``: every set of natural cards that can be the natural part of a meld, with
   the fewest wild cards it needs and how many more it could still absorb ("room").
2. ``_Solver.best``: a memoised search over the cards left, taking the lowest card first:
   either it stays unmatched, or it goes into one of the cores that contains it.
3. Wild cards (jokers, and 2s where deuces are wild) are a pool: the most valuable are used
   first, the ones no meld can absorb stay unmatched.
4. ``_lay_out``: the chosen cores, with their wild cards, in the order a player would lay them.

Ties between arrangements of equal value go to fewer unmatched cards, then to the first found
in a fixed card order, so the same hand always shows the same arrangement.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from . import arrange_plain, runs
from .cards import Card, format_cards, parse_cards
from .deck import IN_THIS_HAND
from .melds import Ace, MeldRules
from .values import CardValues
from .variants import Table, Variant, get_variant

UNLIMITED = 31  # more room than any hand has wild cards


@dataclass(frozen=True)
class Arrangement:
    """The best split of a hand: ``melds``, the ``unmatched`` cards and their ``count``."""

    melds: tuple[tuple[Card, ...], ...]
    unmatched: tuple[Card, ...]
    count: int

    @property
    def meld_texts(self) -> list[str]:
        return [format_cards(meld) for meld in self.melds]

    @property
    def unmatched_text(self) -> str:
        return format_cards(self.unmatched)

    def __str__(self) -> str:
        parts = [f"[{m}]" for m in self.meld_texts]
        if self.unmatched:
            parts.append(f"unmatched {self.unmatched_text} = {self.count}")
        return " ".join(parts) or "no cards"


def best_arrangement(
    cards: str | Iterable[Card | str],
    variant: str | Variant | Table,
    options: Mapping[str, Any] | None = None,
) -> Arrangement:
    """Split ``cards`` into disjoint valid melds leaving the least value unmatched.

    >>> found = best_arrangement("3H 4H 5H 7C 7D 7S KD 2C", "knock-rummy")
    >>> found.meld_texts, found.unmatched_text, found.count
    (['7S 7D 7C', '3H 4H 5H'], 'KD 2C', 12)
    >>> str(best_arrangement("KH AH 2H 9S", "standard-rummy", {"around-the-corner": True}))
    '[KH AH 2H] unmatched 9S = 9'
    """
    if isinstance(variant, str) and not options:
        table, plan = _default_table(variant)
    else:
        table = variant if isinstance(variant, Table) else get_variant(variant).table(options)
        plan = arrange_plain.plan_for(table.meld_rules, table.values)
    if isinstance(cards, str):
        held = arrange_plain.typed_mask(cards)
        if held is not None:  # typed plainly, every card once and no joker
            plain = arrange_plain.solve_mask(held, plan)
            if plain is not None:  # and none wild: the deck holds them all
                return Arrangement(*plain)
    hand = parse_cards(cards)
    held = arrange_plain.held_mask(hand)
    if held is not None:
        plain = arrange_plain.solve_mask(held, plan)
        if plain is not None:
            return Arrangement(*plain)
    table.deck.check(hand, IN_THIS_HAND())
    return _arrange_general(hand, table.meld_rules, table.values)


# A variant's table with no options, and its plan, by slug: they never change.
_DEFAULT_TABLES: dict[str, tuple[Variant, Table, arrange_plain.Plan]] = {}


def _default_table(slug: str) -> tuple[Table, arrange_plain.Plan]:
    variant = get_variant(slug)
    known = _DEFAULT_TABLES.get(slug)
    if known is None or known[0] is not variant:
        table = variant.table()
        known = (variant, table, arrange_plain.plan_for(table.meld_rules, table.values))
        _DEFAULT_TABLES[slug] = known
    return known[1], known[2]


def arrange(hand: list[Card], rules: MeldRules, values: CardValues) -> Arrangement:
    """The engine behind :func:`best_arrangement`, for any meld rules and card values."""
    plain = arrange_plain.solve(hand, rules, values)
    if plain is not None:
        return Arrangement(*plain)
    return _arrange_general(hand, rules, values)


def _arrange_general(hand: list[Card], rules: MeldRules, values: CardValues) -> Arrangement:
    """Hands with wild cards or identical cards: build candidate melds, then search."""
    naturals = sorted((c for c in hand if not c.is_joker), key=_card_order)
    jokers = [c for c in hand if c.is_joker]
    best = None
    # Where 2s are wild, each 2 either plays as itself or joins the wild pool. Identical 2s
    # are interchangeable, so only how many of each go wild matters.
    for wild_deuces in _wild_deuce_choices(naturals, rules):
        kept = list(naturals)
        for card in wild_deuces:
            kept.remove(card)
        found = _Solver(kept, jokers + wild_deuces, rules, values).solve()
        if best is None or _score(found) < _score(best):
            best = found
    assert best is not None  # the choices always hold one: no 2 goes wild
    return best


def _wild_deuce_choices(naturals: list[Card], rules: MeldRules):
    if not rules.wild_deuces:
        yield []
        return
    deuces = sorted({c for c in naturals if c.rank == 2}, key=_card_order)
    counts = [naturals.count(c) for c in deuces]
    for taken in itertools.product(*(range(n + 1) for n in counts)):
        yield [card for card, n in zip(deuces, taken, strict=True) for _ in range(n)]


def _score(arrangement: Arrangement) -> tuple[int, int]:
    return arrangement.count, len(arrangement.unmatched)


def _card_order(card: Card) -> tuple[int, int]:
    return "SHDC*".index(card.suit), card.rank


@dataclass(frozen=True)
class _Core:
    mask: int  # the natural cards it uses
    earlier: int  # identical copies before them: a core using a later copy waits for these
    wilds: int  # wild cards it needs at the least
    room: int  # wild cards it could still absorb
    kind: str


class _Solver:
    def __init__(
        self, naturals: list[Card], wilds: list[Card], rules: MeldRules, values: CardValues
    ):
        self.cards = naturals
        self.rules = rules
        self.values = [values.of(c) for c in naturals]
        # The most valuable wild cards are the ones to meld first.
        self.wild_cards = sorted(wilds, key=lambda c: (-values.of(c), _card_order(c)))
        self.wild_values = [values.of(c) for c in self.wild_cards]
        self.by_first: list[list[_Core]] = [[] for _ in naturals]
        for core in _meld_cores(naturals, len(wilds), rules):
            low = (core.mask & -core.mask).bit_length() - 1
            self.by_first[low].append(core)
        self.memo: dict[int, tuple[int, int, _Core | None]] = {}

    def solve(self) -> Arrangement:
        full = (1 << len(self.cards)) - 1
        wilds = len(self.wild_cards)
        self._best(full, wilds, 0)
        chosen, rem, left, room = [], full, wilds, 0
        while rem:
            _, _, core = self.memo[self._key(rem, left, room)]
            if core is None:
                rem &= rem - 1
                continue
            chosen.append(core)
            rem ^= core.mask
            left -= core.wilds
            room = min(room + core.room, left)
        return self._lay_out(chosen)

    @staticmethod
    def _key(rem: int, left: int, room: int) -> int:
        return (rem << 10) | (left << 5) | room

    def _leftover(self, left: int, room: int) -> tuple[int, int]:
        used = len(self.wild_values) - left + min(left, room)
        rest = self.wild_values[used:]
        return sum(rest), len(rest)

    def _best(self, rem: int, left: int, room: int) -> tuple[int, int]:
        if rem == 0:
            return self._leftover(left, room)
        key = self._key(rem, left, room)
        hit = self.memo.get(key)
        if hit is not None:
            return hit[0], hit[1]
        low = (rem & -rem).bit_length() - 1
        value, count = self._best(rem & (rem - 1), left, room)
        best: tuple[int, int, _Core | None] = (value + self.values[low], count + 1, None)
        for core in self.by_first[low]:
            if best[0] == 0 and best[1] == 0:
                break
            if core.mask & rem != core.mask or core.earlier & rem or core.wilds > left:
                continue
            after = left - core.wilds
            value, count = self._best(rem ^ core.mask, after, min(room + core.room, after))
            if (value, count) < best[:2]:
                best = (value, count, core)
        self.memo[key] = best
        return best[0], best[1]

    def _lay_out(self, chosen: list[_Core]) -> Arrangement:
        used = 0
        wild_iter = iter(self.wild_cards)
        groups: list[tuple[_Core, list[Card], list[Card]]] = []
        for core in chosen:
            used |= core.mask
            members = [self.cards[i] for i in range(len(self.cards)) if core.mask >> i & 1]
            groups.append((core, members, [next(wild_iter) for _ in range(core.wilds)]))
        spare = list(wild_iter)
        for group in groups:  # extra wild cards go to the first melds with room
            take = min(group[0].room, len(spare))
            group[2].extend(spare[:take])
            spare = spare[take:]
        melds = tuple(
            _lay_out(core.kind, members, wilds, self.rules) for core, members, wilds in groups
        )
        unmatched = [self.cards[i] for i in range(len(self.cards)) if not used >> i & 1] + spare
        value = sum(self.values[i] for i in range(len(self.cards)) if not used >> i & 1)
        value += sum(self.wild_values[len(self.wild_values) - len(spare) :])
        return Arrangement(melds, tuple(unmatched), value)


# -- step 1: meld cores ---------------------------------------------------------------------


def _meld_cores(cards: list[Card], wilds: int, rules: MeldRules) -> list[_Core]:
    copies: dict[Card, list[int]] = defaultdict(list)
    for i, card in enumerate(cards):
        copies[card].append(i)
    twins = len(copies) < len(cards)  # two packs: some card is there twice
    cores: dict[int, _Core] = {}
    makers = [_run_cores] + ([_set_cores] if rules.sets else [])
    for make in makers:
        for indices, need, room, kind in make(cards, wilds, rules):
            core = _build_core(indices, need, room, kind, cards, copies if twins else None)
            old = cores.get(core.mask)
            if old is None or (core.wilds, -core.room) < (old.wilds, -old.room):
                cores[core.mask] = core
    return sorted(cores.values(), key=lambda c: (c.wilds, -c.mask.bit_count(), c.mask))


def _build_core(indices, need, room, kind, cards, copies) -> _Core:
    mask = earlier = 0
    for i in indices:
        mask |= 1 << i
    if copies is not None:
        for i in indices:
            for j in copies[cards[i]]:
                if j < i and not mask >> j & 1:
                    earlier |= 1 << j
    return _Core(mask, earlier, need, room, kind)


def _within_wild_limits(naturals: int, need: int, room: int, wilds: int, rules: MeldRules):
    """Apply 'at least one natural' and German 'wilds <= naturals'; None if impossible."""
    if naturals < 1 or need > wilds:
        return None
    if rules.jokers_at_most_naturals:
        if need > naturals:
            return None
        room = min(room, naturals - need)
    return min(room, wilds - need)


def _set_cores(cards, wilds, rules: MeldRules):
    """Natural parts of sets: one rank, distinct suits (or any copies in Double Rum)."""
    by_rank: dict[int, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, card in enumerate(cards):
        by_rank[card.rank][card.suit].append(i)
    fewest = max(1, 3 - wilds)  # fewer naturals than this would need more wilds than there are
    for suits in by_rank.values():
        if rules.identical_in_sets:
            members = [i for group in suits.values() for i in group]
            choices = (
                c
                for k in range(fewest, len(members) + 1)
                for c in itertools.combinations(members, k)
            )
        else:
            groups = list(suits.values())
            choices = (
                pick
                for k in range(fewest, min(4, len(groups)) + 1)
                for combo in itertools.combinations(groups, k)
                for pick in itertools.product(*combo)
            )
        for chosen in choices:
            k = len(chosen)
            need = max(0, 3 - k)
            top = UNLIMITED if rules.set_max is None else rules.set_max - k - need
            room = _within_wild_limits(k, need, top, wilds, rules)
            if top >= 0 and room is not None:
                yield chosen, need, room, "set"


_ALL_RUN_LENGTHS = tuple(range(3, 14))


def _run_cores(cards, wilds, rules: MeldRules):
    """Natural parts of runs: cards of one suit whose gaps the wild cards can fill."""
    lengths = rules.run_lengths or _ALL_RUN_LENGTHS
    by_suit: dict[str, dict[int, list[int]]] = defaultdict(lambda: defaultdict(list))
    for i, card in enumerate(cards):
        for position in runs.positions(card.rank, rules.ace, unrolled=True):
            by_suit[card.suit][position].append(i)
    for positions in by_suit.values():
        present = sorted(positions)
        for first, start in enumerate(present):
            if start > runs.CIRCLE:  # the unrolled copies of a wrap run only continue runs
                break
            for chosen in _gapped_runs(present, first, wilds, lengths[-1]):
                span = chosen[-1] - start + 1
                k = len(chosen)
                fit = next((n for n in lengths if n >= span), None)
                if fit is None:
                    continue
                need = fit - k
                room = _within_wild_limits(k, need, lengths[-1] - k - need, wilds, rules)
                if room is None:
                    continue
                for pick in itertools.product(*(positions[p] for p in chosen)):
                    yield pick, need, room, "run"


def _gapped_runs(present: list[int], first: int, wilds: int, longest: int):
    """Every choice of positions from ``present[first]`` on, spanning at most ``longest``,
    whose gaps add up to at most ``wilds``."""
    start = present[first]
    stack: list[tuple[int, tuple[int, ...], int]] = [(first, (start,), 0)]
    while stack:
        last, chosen, holes = stack.pop()
        yield chosen
        for nxt in range(last + 1, len(present)):
            position = present[nxt]
            gaps = holes + position - chosen[-1] - 1
            if gaps > wilds or position - start >= longest:
                break  # further positions only widen the gap
            stack.append((nxt, chosen + (position,), gaps))


def _readings(ranks, ace: Ace):
    if ace is Ace.WRAP:
        yield ("wrap", ranks)
        return
    high = tuple(runs.HIGH_ACE if r == 1 else r for r in ranks)
    if 1 in ranks and ace is Ace.HIGH_OR_LOW:
        yield ranks
        yield high
    elif 1 in ranks and ace is Ace.HIGH:
        yield high
    else:
        yield ranks


def _span(positions) -> int:
    if positions and positions[0] == "wrap":
        ranks = sorted(positions[1])
        gaps = [b - a - 1 for a, b in zip(ranks, ranks[1:], strict=False)]
        gaps.append(ranks[0] + runs.CIRCLE - ranks[-1] - 1)
        return runs.CIRCLE - max(gaps)
    return max(positions) - min(positions) + 1


# -- step 4: lay out a meld -----------------------------------------------------------------


def _lay_out(
    kind: str, members: list[Card], wilds: list[Card], rules: MeldRules
) -> tuple[Card, ...]:
    if kind == "set":
        return tuple(sorted(members, key=_card_order)) + tuple(wilds)
    ranks = tuple(c.rank for c in members)
    reading = min(_readings(ranks, rules.ace), key=_span)
    if reading and reading[0] == "wrap":
        order = _wrap_order(ranks)
    else:
        order = sorted(reading)
    pos_card = {}
    for card in members:
        pos_card[card.rank if card.rank != 1 else (runs.HIGH_ACE if runs.HIGH_ACE in order else 1)] = card
    cycle = runs.CIRCLE if rules.ace is Ace.WRAP else None
    line: list[Card] = []
    spare = list(wilds)
    for a, b in zip(order, order[1:], strict=False):
        line.append(pos_card[a])
        gap = ((b - a) % cycle if cycle else b - a) - 1
        line.extend(spare.pop(0) for _ in range(gap))
    line.append(pos_card[order[-1]])
    top = order[-1]
    ceiling = runs.ends(rules.ace)[1]
    while spare and (cycle or top < ceiling):  # extend upwards, then downwards
        line.append(spare.pop(0))
        top += 1
    return tuple(spare) + tuple(line)


def _wrap_order(ranks: tuple[int, ...]) -> list[int]:
    """Ranks of a wrap run in play order, starting after the widest gap."""
    ordered = sorted(ranks)
    gaps = [
        (ordered[(k + 1) % len(ordered)] - ordered[k] - 1) % runs.CIRCLE for k in range(len(ordered))
    ]
    start = (gaps.index(max(gaps)) + 1) % len(ordered)
    return ordered[start:] + ordered[:start]
