"""Going out with the whole hand: the melds a winner lays down all at once.

Where the winner melds his whole hand at once (RULES.md 1, "Going out with the whole hand"),
a variant says how in its :attr:`~scorekeeper.rules.variants.Variant.going_out`, a
:class:`WholeHand`: the meld sizes allowed (Continental's three patterns, Nowrang's 4-3-3), the
number of cards melded (Queen City: 7 or 8), and whether one card may be left over as the
discard. :func:`ways_out` finds how a typed hand goes out under that rule, one way for each
reading that could pay differently (which wild 2s are read as wild, which card is the discard),
so the scoring can take the one that pays the most.

>>> from scorekeeper.rules.cards import parse_cards
>>> from scorekeeper.rules.melds import Ace, MeldRules
>>> continental = MeldRules(ace=Ace.HIGH_OR_LOW, sets=False)
>>> rule = WholeHand(patterns=((5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3)))
>>> hand = parse_cards("9C 5H JS 6H 3D KS 7H JK 10C 8H QS 2D 9H AS JC")
>>> [way.text for way in ways_out(hand, rule, continental)]
['5H 6H 7H 8H 9H · JS QS KS AS · 2D 3D JK · 9C 10C JC']
>>> ways_out(parse_cards("9C 5H JS 6H 3D KS 7H JK 10C 8H QS 2D 9H AS 4C"), rule, continental)
[]

The search takes the lowest natural card still free and tries every meld that can hold it
(the cards of its suit within reach, its rank where sets exist, wild cards in the gaps),
remembering the positions it has already settled; a card that fits no meld at all ends the
search at once (:func:`strays` names it).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from . import runs
from .cards import JOKER, SUITS, Card
from .melds import MAX_RUN, MeldCard, MeldRules, format_melds

# Beyond this many cards the search is not offered (the largest whole hand is 15, or a
# Boat House hand that grew by a few draws).
MAX_CARDS = 24


@dataclass(frozen=True)
class WholeHand:
    """How a variant's winner goes out with his whole hand at once.

    ``patterns``: the meld sizes allowed, as sorted tuples (None: any valid melds);
    ``melded``: how many cards may be melded (None: any number the patterns allow);
    ``discard``: one card of the hand may be left over as the discard.
    """

    patterns: tuple[tuple[int, ...], ...] | None = None
    melded: tuple[int, ...] | None = None
    discard: bool = True

    def melds_this_many(self, count: int) -> bool:
        if count <= 0:
            return False
        if self.patterns is not None and not any(sum(p) == count for p in self.patterns):
            return False
        return self.melded is None or count in self.melded

    def shapes(self) -> str:
        """The patterns as shown in messages: ``5-4-3-3; 4-4-4-3; 3-3-3-3-3``."""
        return "; ".join("-".join(map(str, sorted(p, reverse=True))) for p in self.patterns or ())


@dataclass(frozen=True)
class WayOut:
    """One way a whole hand goes out: its melds (wild 2s designated) and the discard."""

    melds: tuple[tuple[MeldCard, ...], ...]
    discard: Card | None = None

    @property
    def texts(self) -> list[str]:
        return [" ".join(str(mc) for mc in meld) for meld in self.melds]

    @property
    def text(self) -> str:
        return format_melds(self.texts)

    @property
    def shape(self) -> str:
        return "-".join(str(len(m)) for m in self.melds)


# A card inside the search: suit index * 16 + rank (the ace is rank 1), so sorted codes run
# suit by suit, low to high.
def _code(card: Card) -> int:
    return SUITS.index(card.suit) * 16 + card.rank


def _card(code: int) -> Card:
    return Card(code % 16, SUITS[code // 16])


def ways_out(cards: Sequence[Card], rule: WholeHand, rules: MeldRules) -> list[WayOut]:
    """Every distinct way ``cards`` goes out under ``rule``: all cards melded first, then each
    possible discard; for each, one arrangement per reading of the wild 2s that pays
    differently (how many are wild, which suits the melds are in). Empty when none exists.
    """
    cards = list(cards)
    if len(cards) > MAX_CARDS:
        return []
    found: list[WayOut] = []
    options: list[Card | None] = []
    if rule.melds_this_many(len(cards)):
        options.append(None)
    if rule.discard and rule.melds_this_many(len(cards) - 1):
        discards: list[Card] = sorted(set(cards), key=_sort_key)
        options.extend(discards)
    solver = _Solver(rules)
    for discard in options:
        rest = list(cards)
        if discard is not None:
            rest.remove(discard)
        found.extend(solver.ways(rest, rule, discard))
    return found


def strays(cards: Sequence[Card], rules: MeldRules) -> list[Card]:
    """The natural cards of ``cards`` that fit in no meld with the others (wild cards help).

    >>> from scorekeeper.rules.cards import parse_cards
    >>> from scorekeeper.rules.melds import Ace, MeldRules
    >>> strays(parse_cards("5H 6H 7H 9C KD JK"), MeldRules(ace=Ace.LOW, sets=False))
    [Card(KD), Card(9C)]
    """
    solver = _Solver(rules)
    naturals = [_code(c) for c in cards if not _is_wild(c, rules)]
    wilds = len(cards) - len(naturals)
    counts = Counter(naturals)
    out = []
    for code in sorted(set(naturals)):
        rest = Counter(counts)
        rest[code] -= 1
        if not solver.fits(code, rest, wilds):
            out.append(_card(code))
    return out


def _is_wild(card: Card, rules: MeldRules) -> bool:
    return card.is_joker or (rules.wild_deuces and card.rank == 2)


def _sort_key(card: Card) -> tuple[int, int]:
    return (1, 0) if card.is_joker else (0, _code(card))


class _Solver:
    def __init__(self, rules: MeldRules) -> None:
        self.rules = rules

    def ways(self, cards: list[Card], rule: WholeHand, discard: Card | None) -> list[WayOut]:
        jokers = [c for c in cards if c.is_joker]
        naturals = [c for c in cards if not c.is_joker]
        deuces = (
            Counter(c for c in naturals if c.rank == 2) if self.rules.wild_deuces else Counter()
        )
        plain = [c for c in naturals if not (self.rules.wild_deuces and c.rank == 2)]
        # Each reading of the 2s: how many copies of each 2 are wild. Readings that pay alike
        # (as many wild 2s, melds in the same suits) need only one arrangement between them.
        kinds = sorted(deuces)
        groups: dict[tuple[int, frozenset[str]], list[tuple[int, ...]]] = {}
        for wild_counts in itertools.product(*(range(deuces[k] + 1) for k in kinds)):
            natural_suits = {c.suit for c in plain}
            natural_suits.update(
                k.suit for k, w in zip(kinds, wild_counts, strict=True) if deuces[k] - w > 0
            )
            key = (sum(wild_counts), frozenset(natural_suits))
            groups.setdefault(key, []).append(wild_counts)
        out = []
        for _key, readings in sorted(groups.items(), key=lambda kv: (kv[0][0], sorted(kv[0][1]))):
            for wild_counts in readings:
                wild_twos: list[Card] = []
                natural = list(plain)
                for kind, w in zip(kinds, wild_counts, strict=True):
                    wild_twos += [kind] * w
                    natural += [kind] * (deuces[kind] - w)
                way = self._one_way(natural, jokers, wild_twos, rule, discard)
                if way is not None:
                    out.append(way)
                    break
        return out

    def _one_way(self, natural, jokers, wild_twos, rule, discard) -> WayOut | None:
        codes = tuple(sorted(_code(c) for c in natural))
        wilds = len(jokers) + len(wild_twos)
        total = len(codes) + wilds
        counts = Counter(codes)
        # A natural card that fits no meld at all: nothing to search.
        for code in counts:
            rest = Counter(counts)
            rest[code] -= 1
            if not self.fits(code, rest, wilds):
                return None
        self.memo: dict = {}
        patterns = (
            [tuple(sorted(p)) for p in rule.patterns if sum(p) == total]
            if rule.patterns is not None
            else [None]
        )
        for sizes in patterns:
            found = self._cover(codes, wilds, sizes)
            if found is not None:
                melds = self._materialise(found, len(jokers), wild_twos)
                if melds is not None:
                    return WayOut(melds, discard)
        return None

    # -- the search --

    def _cover(self, codes: tuple[int, ...], wilds: int, sizes):
        """Melds using every natural in ``codes`` and exactly ``wilds`` wild cards, sized as
        ``sizes`` (a sorted tuple) when given. Each meld is a tuple of slots: ``(code, False)``
        for a natural card, ``(code, True)`` for a wild card standing for that card."""
        if not codes:
            return () if wilds == 0 and not sizes else None
        if sizes is not None and len(sizes) > len(codes):
            return None  # every meld needs a natural card
        key = (codes, wilds, sizes)
        if key in self.memo:
            return self.memo[key]
        self.memo[key] = None
        first = codes[0]
        counts = Counter(codes[1:])
        result = None
        for meld, used, wild in self.melds_with(first, counts, wilds, sizes):
            rest = Counter(counts)
            rest.subtract(used)
            left = tuple(sorted(rest.elements()))
            if sizes is not None:
                remaining = list(sizes)
                remaining.remove(len(meld))
                next_sizes = tuple(remaining)
            else:
                next_sizes = None
            if next_sizes is None and not left and wilds - wild:
                continue
            found = self._cover(left, wilds - wild, next_sizes)
            if found is not None:
                result = (meld, *found)
                break
        self.memo[key] = result
        return result

    def fits(self, code: int, counts: Counter, wilds: int) -> bool:
        """Whether the natural ``code`` fits in any meld at all. A longer run holding it
        holds a shortest one holding it with no more gaps, so the shortest melds decide
        (unless jokers may not outnumber naturals, where a longer run can do better)."""
        rules = self.rules
        if rules.jokers_at_most_naturals:
            return any(True for _ in self.melds_with(code, counts, wilds, None))
        shortest = next((n for n in range(3, MAX_RUN + 1) if rules.run_length_ok(n)), 3)
        sizes = (shortest, 3) if rules.sets else (shortest,)
        return any(True for _ in self.melds_with(code, counts, wilds, sizes))

    def _lengths(self, sizes, most: int, longest: int) -> list[int]:
        if sizes is not None:
            return sorted(set(sizes), reverse=True)
        return list(range(min(most, longest), 2, -1))

    def melds_with(self, first: int, counts: Counter, wilds: int, sizes):
        """Each meld holding the natural ``first``, from ``counts`` (other naturals free) and
        up to ``wilds`` wild cards: yields (slots, naturals used, wild cards used)."""
        rules = self.rules
        suit, rank = divmod(first, 16)
        free = sum(v for v in counts.values() if v > 0) + 1 + wilds
        for length in self._lengths(sizes, free, MAX_RUN):
            if not rules.run_length_ok(length):
                continue
            yield from self._runs(first, suit, rank, length, counts, wilds)
        if rules.sets:
            top = rules.set_max or free
            for length in self._lengths(sizes, free, top):
                if 3 <= length <= top:
                    yield from self._sets(first, suit, rank, length, counts, wilds)

    def _runs(self, first, suit, rank, length, counts, wilds):
        rules = self.rules
        places = runs.positions(rank, rules.ace)
        placed = []
        for window in runs.windows(length, rules.ace):
            spot = next((p for p in places if p in window), None)
            if spot is not None:
                placed.append((window.index(spot), window, spot))
        # Runs the card starts first: wild cards then read upwards (2D 3D JK is 2-3-4).
        placed.sort(key=lambda item: item[0])
        for _index, window, spot in placed:
            slots = []  # (code, natural available)
            for pos in window:
                if pos == spot:
                    continue
                code = suit * 16 + runs.rank_at(pos)
                slots.append((pos, code, counts.get(code, 0) > 0))
            must = sum(1 for _p, _c, have in slots if not have)
            if must > wilds:
                continue
            open_slots = [s for s in slots if s[2]]
            # Natural cards where they are free first; a wild card may still stand in for
            # one (its natural copy is then needed elsewhere).
            for extra in range(0, min(len(open_slots), wilds - must) + 1):
                for as_wild in itertools.combinations(range(len(open_slots)), extra):
                    wild_codes = {open_slots[i][1] for i in as_wild}
                    n_wild = must + extra
                    n_natural = length - n_wild
                    if rules.jokers_at_most_naturals and n_wild > n_natural:
                        continue
                    meld, used = [], Counter()
                    for pos in window:
                        if pos == spot:
                            meld.append((first, False))
                            continue
                        code = suit * 16 + runs.rank_at(pos)
                        if counts.get(code, 0) > 0 and code not in wild_codes:
                            meld.append((code, False))
                            used[code] += 1
                        else:
                            meld.append((code, True))
                    yield tuple(meld), used, n_wild

    def _sets(self, first, suit, rank, length, counts, wilds):
        rules = self.rules
        if rules.identical_in_sets:
            pool = [s * 16 + rank for s in range(4) for _ in range(counts.get(s * 16 + rank, 0))]
        else:
            pool = [s * 16 + rank for s in range(4) if s != suit and counts.get(s * 16 + rank, 0)]
        seen = set()
        for k in range(min(len(pool), length - 1), -1, -1):
            n_wild = length - 1 - k
            if n_wild > wilds:
                break
            if rules.jokers_at_most_naturals and n_wild > k + 1:
                continue
            for mates in itertools.combinations(pool, k):
                if mates in seen:
                    continue
                seen.add(mates)
                taken = {suit, *(m // 16 for m in mates)}
                free_suits = [s for s in range(4) if s not in taken] or list(range(4))
                meld = [(first, False), *((m, False) for m in mates)]
                meld += [(free_suits[i % len(free_suits)] * 16 + rank, True) for i in range(n_wild)]
                yield tuple(meld), Counter(mates), n_wild

    # -- back to cards --

    def _materialise(self, found, jokers: int, wild_twos: list[Card]):
        """Put the actual wild cards in the wild slots: each wild 2 where it is not its own
        natural place (there it would be natural), jokers everywhere else."""
        slots = [(i, j) for i, meld in enumerate(found) for j, (_c, wild) in enumerate(meld) if wild]
        if len(slots) != jokers + len(wild_twos):
            return None
        given: dict[tuple[int, int], MeldCard] = {}
        twos = sorted(wild_twos, key=_sort_key)
        for two in twos:
            own = _code(two)
            place = next(
                (s for s in slots if s not in given and found[s[0]][s[1]][0] != own), None
            )
            if place is None:
                return None
            given[place] = MeldCard(two, _card(found[place[0]][place[1]][0]))
        melds = []
        for i, meld in enumerate(found):
            cards = []
            for j, (code, wild) in enumerate(meld):
                if not wild:
                    cards.append(MeldCard(_card(code)))
                else:
                    cards.append(given.get((i, j), MeldCard(JOKER)))
            melds.append(tuple(cards))
        melds.sort(key=lambda m: (-len(m), _first_natural(m)))
        return tuple(melds)


def _first_natural(meld: Iterable[MeldCard]) -> tuple[int, int]:
    for mc in meld:
        if mc.stands_for is None and not mc.card.is_joker:
            return (SUITS.index(mc.card.suit), mc.card.rank)
    return (4, 0)


__all__ = ["MAX_CARDS", "WayOut", "WholeHand", "strays", "ways_out"]
