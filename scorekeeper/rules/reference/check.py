"""The checker for people at a table: melds, first melds, going out, deadwood and the deal.

Every answer is a plain value the pages and the API show as they like; reasons are
:class:`~scorekeeper.rules.messages.Message` values (or the meld engine's own reason), rendered
at the edge.

>>> from scorekeeper.rules import get_variant
>>> german = get_variant("german-rummy").table()
>>> report = check_melds(["JK 5H 6H", "QH KH AH"], german)
>>> [reading_text(m.reading) for m in report.melds]
['5H 6H [7H]', 'QH KH AH']
>>> report.total, report.opening.required, report.opening.met
(49, 40, True)
>>> str(report.opening.verdict)
'49 meets the first-meld minimum of 40.'
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache

from ..arrange import Arrangement, arrange
from ..cards import Card, parse_cards
from ..deck import ACROSS_MELDS, IN_THIS_HAND
from ..errors import IllegalMeldError, ResultError
from ..families import family_of
from ..going_out import ways_out
from ..melds import MeldCard, MeldReading, as_meld_cards, read_meld, split_melds
from ..messages import N_, Message, define
from ..values import CardValues
from ..variants import Table, Variant, get_variant
from .guides import guide_for
from .model import GoingOut
from .numbers import BESIDE_BOOK

MAX_CHECK_CARDS = 18  # the largest hand the going-out and deadwood checks take
MAX_MELDS = 30  # melds in one check

OPENING_MET = define("check.opening.met", N_("{total} meets the first-meld minimum of {required}."))
OPENING_SHORT = define(
    "check.opening.short",
    N_("{total} is {short} short of the first-meld minimum of {required}."),
)
OPENING_INVALID = define(
    "check.opening.invalid",
    N_("An invalid meld never counts towards the first-meld minimum of {required}."),
)
MELD_INVALID = define("check.meld.invalid", N_("Meld {n} ({cards}) is not valid: {reason}."))
OUT_KNOCK = define(
    "check.going_out.knock",
    N_("Nobody goes out in {game}: the hand ends with a knock. Check the deadwood instead."),
    translate=("game",),
)
OUT_ENDS = define(
    "check.going_out.ends",
    N_("Nobody goes out in {game}: {ways}. Check the deadwood instead."),
    translate=("game", "ways"),
)
OUT_OK_DISCARD = define(
    "check.going_out.ok_discard",
    N_("Yes: {melded} cards melded ({shape}) and {discard} discarded."),
)
OUT_OK_ALL = define(
    "check.going_out.ok_all", N_("Yes: all {melded} cards melded ({shape}), no discard.")
)
OUT_NO = define(
    "check.going_out.no",
    N_("No: going out in {game} takes {ways}, and these {cards} cards cannot do it."),
    translate=("game", "ways"),
)
OUT_SHAPE = define(
    "check.going_out.shape",
    N_("No: going out in {game} takes {ways}; these melds are {shape} with {discards} discarded."),
    translate=("game", "ways"),
)
OUT_BAD_MELD = define(
    "check.going_out.bad_meld",
    N_("No: meld {n} ({cards}) is not valid: {reason}."),
)
OUT_TOO_MANY = define(
    "check.too_many_cards",
    N_("A hand here holds at most {limit} cards; {count} were given."),
)
WITH_DISCARD = N_("every card melded but one, and that one discarded (Mandatory discard)")
TOO_MANY_MELDS = define(
    "check.too_many_melds", N_("At most {limit} melds can be checked at once; {count} were given.")
)


# ------------------------------------------------------------------------------------------
# Melds and first melds
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ReadCard:
    """One card of a meld as read: the card it counts as, and whether a wild card stands there."""

    card: Card
    wild: bool = False
    natural: Card | None = None  # the wild card itself (JK, or a wild 2)

    def __str__(self) -> str:
        return f"[{self.card}]" if self.wild else str(self.card)


@dataclass(frozen=True)
class MeldVerdict:
    cards: str  # the meld as given, in canonical notation
    valid: bool
    kind: str | None = None  # "set" or "run"
    reading: tuple[ReadCard, ...] = ()
    value: int | None = None  # towards a first meld
    hand_value: int | None = None  # what the cards count left in a hand at this table
    jokers: int = 0
    wild_deuces: int = 0
    reason: Message | str | None = None
    section: str = "melds"  # the anchor of the rule a failed meld breaks
    as_given: tuple[Card, ...] = ()  # what each card counts as, in the order given (the API's)


@dataclass(frozen=True)
class OpeningVerdict:
    required: int
    total: int
    met: bool
    verdict: Message


@dataclass(frozen=True)
class MeldsReport:
    melds: tuple[MeldVerdict, ...]
    valid: bool
    total: int
    reason: Message | None
    opening: OpeningVerdict | None


def reading_text(reading: Iterable[ReadCard]) -> str:
    """``7H 8H [9H]``: a meld's cards as read, wild ones in brackets."""
    return " ".join(str(c) for c in reading)


def read_in_order(meld: MeldReading) -> tuple[ReadCard, ...]:
    """The reading of ``meld`` with runs in rank order and every wild card marked.

    >>> from scorekeeper.rules.melds import MeldRules, Ace
    >>> reading_text(read_in_order(read_meld("JK 7H 8H", MeldRules(ace=Ace.LOW))))
    '7H 8H [9H]'
    >>> reading_text(read_in_order(read_meld("2D KD AD", MeldRules(ace=Ace.WRAP))))
    'KD AD 2D'
    """
    cards = []
    for given, stands in zip(meld.cards, meld.reading, strict=True):
        wild = given.card.is_joker or given.card != stands
        cards.append(ReadCard(stands, wild, given.card if wild else None))
    if meld.kind != "run":
        return tuple(cards)
    return tuple(sorted(cards, key=_run_position(c.card for c in cards)))


def _run_position(cards: Iterable[Card]):
    """A sort key placing a run's cards in order, the ace high or low (or around the corner)."""
    ranks = {c.rank for c in cards}
    # Find the start of the run on the 13-step cycle: the one rank whose predecessor is absent.
    starts = [r for r in ranks if (r - 2) % 13 + 1 not in ranks]
    start = starts[0] if starts else 1
    return lambda rc: (rc.card.rank - start) % 13


def check_melds(melds: Sequence[str | Sequence[MeldCard]], table: Table) -> MeldsReport:
    """Check each meld at ``table``; total their first-meld values; say if an opening is met.

    Card notation errors are raised (:class:`~scorekeeper.rules.errors.InvalidCardError`);
    an invalid meld is a verdict, not an error. The deck check across all melds is raised
    too (:class:`~scorekeeper.rules.errors.TooManyCopiesError`).
    """
    if len(melds) > MAX_MELDS:
        raise ResultError(TOO_MANY_MELDS(limit=MAX_MELDS, count=len(melds)), "melds")
    parsed = [as_meld_cards(m) for m in melds]
    table.deck.check((mc.card for meld in parsed for mc in meld), ACROSS_MELDS())
    verdicts = []
    reason = None
    for n, meld in enumerate(parsed, start=1):
        verdict = check_meld(meld, table)
        verdicts.append(verdict)
        if not verdict.valid and reason is None:
            reason = MELD_INVALID(n=n, cards=verdict.cards, reason=verdict.reason)
    valid = reason is None and bool(verdicts)
    total = sum(v.value or 0 for v in verdicts)
    return MeldsReport(tuple(verdicts), valid, total, reason, _opening(table, total, valid))


def check_meld(meld: str | Sequence[Card | MeldCard], table: Table) -> MeldVerdict:
    """One meld's verdict at ``table``.

    >>> from scorekeeper.rules import get_variant
    >>> v = check_meld("JK JK 5H", get_variant("german-rummy").table())
    >>> v.valid, str(v.reason)
    (False, 'a meld may not hold more jokers than natural cards')
    """
    cards = as_meld_cards(meld)
    text = " ".join(str(mc) for mc in cards)
    try:
        reading = read_meld(cards, table.meld_rules)
    except IllegalMeldError as err:
        return MeldVerdict(text, False, reason=err.reason)
    return MeldVerdict(
        text,
        True,
        kind=reading.kind,
        reading=read_in_order(reading),
        value=family_of(table.variant).meld_value(reading, table),
        hand_value=table.values.total(mc.card for mc in reading.cards),
        jokers=reading.jokers,
        wild_deuces=reading.wild_deuces,
        as_given=tuple(reading.reading),
    )


def opening_minimum(variant: Variant | Table) -> int | None:
    """The first-meld minimum (German Rummy 40, Caloochi 51), or None: at a table, the
    table's house rule (``initial-meld``); for a variant, its default.

    >>> caloochi = get_variant("caloochi")
    >>> opening_minimum(caloochi), opening_minimum(caloochi.table({"initial-meld": 40}))
    (51, 40)
    """
    found = variant.variant if isinstance(variant, Table) else variant
    return family_of(found).initial_meld(variant)


def _opening(table: Table, total: int, valid: bool) -> OpeningVerdict | None:
    """The first-meld verdict at ``table``; a minimum the table changed is said with the
    book's beside it ("40 (at this table; the book says 51)")."""
    required = opening_minimum(table)
    if required is None:
        return None
    book = opening_minimum(table.variant)
    said = required if required == book else BESIDE_BOOK(value=required, book=book)
    met = valid and total >= required
    if not valid:
        verdict = OPENING_INVALID(required=said)
    elif met:
        verdict = OPENING_MET(total=total, required=said)
    else:
        verdict = OPENING_SHORT(total=total, required=said, short=required - total)
    return OpeningVerdict(required, total, met, verdict)


# ------------------------------------------------------------------------------------------
# Going out
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class GoingOutVerdict:
    valid: bool
    verdict: Message
    melds: tuple[MeldVerdict, ...] = ()
    discard: Card | None = None


def check_going_out(
    cards: str | Sequence[Card | str] | None,
    table: Table,
    *,
    melds: Sequence[str] | None = None,
    discard: str | None = None,
) -> GoingOutVerdict:
    """Can this whole hand go out at ``table``, and how?

    Give either ``cards`` (the whole hand; the engine looks for a way out) or ``melds`` as the
    player would lay them, with an optional ``discard``.

    >>> from scorekeeper.rules import get_variant
    >>> nowrang = get_variant("nowrang").table()
    >>> str(check_going_out("10S JS QS KS QH KH AH 5D 6D 7D", nowrang).verdict)
    'Yes: all 10 cards melded (4-3-3), no discard.'
    >>> str(check_going_out(None, nowrang, melds=["AH 2H 3H", "10S JS QS KS", "5D 6D 7D"]).verdict)
    'No: meld 1 (AH 2H 3H) is not valid: the ace is high only here (Q-K-A is a run, A-2-3 is not).'
    >>> queen = get_variant("queen-city-rum").table()
    >>> str(check_going_out("KH QH JH 7S 7D 7C 7H 2C", queen).verdict)
    'Yes: 7 cards melded (4-3) and 2C discarded.'
    """
    variant = table.variant
    rule = going_out_rule(table)
    if rule.knock and rule.ways_text:  # Straight Gin: no knock either, only gin
        return GoingOutVerdict(False, OUT_ENDS(game=variant.name, ways=rule.ways_text))
    if rule.knock:
        return GoingOutVerdict(False, OUT_KNOCK(game=variant.name))
    if melds is not None:
        return _check_laid(melds, discard, table, rule)
    hand = parse_cards(cards or "")
    if len(hand) > MAX_CHECK_CARDS:
        return GoingOutVerdict(False, OUT_TOO_MANY(limit=MAX_CHECK_CARDS, count=len(hand)))
    table.deck.check(hand, IN_THIS_HAND())
    found: tuple[tuple[tuple[Card | MeldCard, ...], ...], Card | None] | None
    if variant.going_out is not None:
        # The search the scoring uses for a winner's whole hand (rules/going_out.py).
        ways = ways_out(hand, variant.going_out, table.meld_rules)
        found = (ways[0].melds, ways[0].discard) if ways else None
    else:
        found = find_way_out(hand, table, rule)
    if found is None:
        return GoingOutVerdict(
            False, OUT_NO(game=variant.name, ways=rule.ways_text, cards=len(hand))
        )
    groups, left = found
    verdicts = tuple(check_meld(list(g), table) for g in groups)
    return _ok(verdicts, left)


def going_out_rule(table: Table) -> GoingOut:
    """How a hand goes out at ``table``: the guide's rule, a discard required where the
    Mandatory discard house rule is on.

    >>> from scorekeeper.rules import get_variant
    >>> standard = get_variant("standard-rummy")
    >>> going_out_rule(standard.table()).ways, going_out_rule(
    ...     standard.table({"mandatory-discard": True})).ways
    (((None, None),), ((None, True),))
    """
    rule = guide_for(table.variant).going_out
    if not table.on("mandatory-discard"):
        return rule
    ways = tuple((count, True) for count, discard in rule.ways if discard is not False)
    return replace(rule, ways=ways, ways_text=WITH_DISCARD)


def check_going_out_typed(
    texts: Sequence[str], table: Table, *, discard: str | None = None
) -> GoingOutVerdict:
    """Going out as a table types it, the same on the page and in the API: several melds
    (separated as in :func:`~scorekeeper.rules.melds.split_melds`, or given one by one) or a
    discard are checked as laid; one run of cards without separators is the whole hand, and
    the engine looks for the way out (a whole Continental hand typed in one go).

    >>> from scorekeeper.rules import get_variant
    >>> table = get_variant("continental-rum").table()
    >>> hand = "5H 6H 7H 8H 9H JS QS KS AS 2D 3D JK 9C 10C JC"
    >>> verdict = check_going_out_typed([hand], table)
    >>> verdict.valid, str(verdict.verdict)
    (True, 'Yes: all 15 cards melded (5-4-3-3), no discard.')
    """
    melds = [part for text in texts for part in split_melds(text) or [text]]
    if len(melds) > 1 or discard:
        return check_going_out(None, table, melds=melds, discard=discard)
    return check_going_out(melds[0] if melds else "", table)


def _ok(verdicts: tuple[MeldVerdict, ...], discard: Card | None) -> GoingOutVerdict:
    shape = _shape(len(v.reading) for v in verdicts)
    melded = sum(len(v.reading) for v in verdicts)
    if discard is None:
        return GoingOutVerdict(True, OUT_OK_ALL(melded=melded, shape=shape), verdicts)
    verdict = OUT_OK_DISCARD(melded=melded, shape=shape, discard=str(discard))
    return GoingOutVerdict(True, verdict, verdicts, discard)


def _shape(sizes: Iterable[int]) -> str:
    return "-".join(str(n) for n in sorted(sizes, reverse=True))


def _check_laid(melds, discard, table: Table, rule: GoingOut) -> GoingOutVerdict:
    parsed = [as_meld_cards(m) for m in melds]
    left = parse_cards(discard or "")
    table.deck.check([mc.card for m in parsed for mc in m] + left, IN_THIS_HAND())
    verdicts = tuple(check_meld(m, table) for m in parsed)
    for n, v in enumerate(verdicts, start=1):
        if not v.valid:
            return GoingOutVerdict(
                False, OUT_BAD_MELD(n=n, cards=v.cards, reason=v.reason), verdicts
            )
    sizes = tuple(sorted((len(v.reading) for v in verdicts), reverse=True))
    melded = sum(sizes)
    if len(left) <= 1 and _fits(rule, sizes, melded, bool(left)):
        return _ok(verdicts, left[0] if left else None)
    verdict = OUT_SHAPE(
        game=table.variant.name, ways=rule.ways_text, shape=_shape(sizes) or "0", discards=len(left)
    )
    return GoingOutVerdict(False, verdict, verdicts)


def _fits(rule: GoingOut, sizes: tuple[int, ...], melded: int, discarded: bool) -> bool:
    if not sizes:
        return False
    if rule.patterns is not None and sizes not in rule.patterns:
        return False
    return any(
        (count is None or count == melded) and (discard is None or discard == discarded)
        for count, discard in rule.ways
    )


def find_way_out(
    hand: list[Card], table: Table, rule: GoingOut
) -> tuple[tuple[tuple[Card, ...], ...], Card | None] | None:
    """Melds using the whole hand (or all but one discard) that go out under ``rule``.

    Prefers going out without a discard where the rule allows both.
    """
    splitter = _Splitter(table.meld_rules) if rule.patterns is not None else None
    options = [(None, hand)] + [(card, _without(hand, card)) for card in dict.fromkeys(hand)]
    for left, rest in options:
        discarded = left is not None
        if not any(
            (count is None or count == len(rest)) and (discard is None or discard == discarded)
            for count, discard in rule.ways
        ):
            continue
        groups = _cover(rest, table, rule.patterns, splitter)
        if groups is not None:
            return groups, left
    return None


def _without(hand: list[Card], card: Card) -> list[Card]:
    rest = list(hand)
    rest.remove(card)
    return rest


def _cover(cards: list[Card], table: Table, patterns, splitter) -> tuple | None:
    """Split all of ``cards`` into valid melds (sized as one of ``patterns``, if given)."""
    if not cards:
        return None
    if patterns is None:
        # Count every card as 1 (jokers 2): the best arrangement then leaves the fewest cards.
        found: Arrangement = arrange(list(cards), table.meld_rules, CardValues(per_card=1))
        return found.melds if not found.unmatched else None
    for pattern in patterns:
        if sum(pattern) != len(cards):
            continue
        groups = splitter.split(cards, tuple(sorted(pattern)))
        if groups is not None:
            return groups
    return None


class _Splitter:
    """Splits a hand into valid melds of given sizes. The lowest natural card left must
    open a meld, and only cards that could share a meld with it (wild cards, its suit within
    reach, its rank where sets exist) are tried beside it; results are remembered across
    the discards tried."""

    def __init__(self, rules) -> None:
        self.rules = rules
        self.valid = cache(self._valid)
        self.solve = cache(self._solve)

    def split(self, cards: list[Card], sizes: tuple[int, ...]):
        ordered = tuple(sorted(cards, key=lambda c: (self._wild(c), c.suit, c.rank)))
        return self.solve(ordered, sizes)

    def _wild(self, card: Card) -> bool:
        return card.is_joker or (self.rules.wild_deuces and card.rank == 2)

    def _valid(self, group: tuple[Card, ...]) -> bool:
        try:
            read_meld(list(group), self.rules)
        except IllegalMeldError:
            return False
        return True

    def _near(self, first: Card, card: Card, size: int) -> bool:
        if self._wild(card) or first.is_joker:
            return True
        if self.rules.sets and card.rank == first.rank:
            return True
        if card.suit != first.suit:
            return False
        gap = abs(card.rank - first.rank)
        return min(gap, 13 - gap) < size  # 13 - gap: an ace above the king, or a wrap

    def _solve(self, rest: tuple[Card, ...], sizes: tuple[int, ...]):
        if not rest:
            return () if not sizes else None
        first, others = rest[0], rest[1:]
        for size in sorted(set(sizes), reverse=True):
            left_sizes = list(sizes)
            left_sizes.remove(size)
            near = [c for c in others if self._near(first, c, size)]
            for mates in dict.fromkeys(itertools.combinations(near, size - 1)):
                group = (first, *mates)
                if not self.valid(group):
                    continue
                remaining = list(others)
                for card in mates:
                    remaining.remove(card)
                found = self.solve(tuple(remaining), tuple(left_sizes))
                if found is not None:
                    return (group, *found)
        return None


# ------------------------------------------------------------------------------------------
# Deadwood and the deal
# ------------------------------------------------------------------------------------------


def check_deadwood(cards: str | Sequence[Card | str], table: Table) -> Arrangement:
    """The best arrangement of any hand at ``table``: melds, unmatched cards, their count.

    >>> from scorekeeper.rules import get_variant
    >>> str(check_deadwood("AS 2S 3S 7H 7D 7C JH QH KH 4D", get_variant("knock-rummy").table()))
    '[AS 2S 3S] [7H 7D 7C] [JH QH KH] unmatched 4D = 4'
    """
    hand = parse_cards(cards)
    if len(hand) > MAX_CHECK_CARDS:
        raise ResultError(OUT_TOO_MANY(limit=MAX_CHECK_CARDS, count=len(hand)), "cards")
    table.deck.check(hand, IN_THIS_HAND())
    return arrange(hand, table.meld_rules, table.values)


KNOCK_OVER = define(
    "check.knock.over",
    N_("Deadwood {count} is over this table's knock limit of {limit}: this hand may not knock."),
)
KNOCK_WITHIN = define(
    "check.knock.within",
    N_("Deadwood {count} is within this table's knock limit of {limit}: this hand may knock."),
)
KNOCK_GIN = define("check.knock.gin", N_("No deadwood: this hand goes gin."))
GIN_ONLY_OVER = define(
    "check.knock.gin_only",
    N_("Deadwood {count}: only gin ends a hand in {game}, so this hand may not knock."),
    translate=("game",),
)


@dataclass(frozen=True)
class KnockVerdict:
    """May a hand with this deadwood knock at this table, and the verdict in words."""

    may_knock: bool
    verdict: Message


def knock_verdict(count: int, table: Table) -> KnockVerdict | None:
    """What a deadwood of ``count`` means at ``table`` where a hand ends with a knock: over or
    within the table's knock limit (a limit the table changed is said with the book's beside
    it), gin, or, where only gin ends a hand (Straight Gin), no knock at all. None where no
    knock limit applies (Knock Rummy has none; an Oklahoma hand's limit is its upcard's).

    >>> from scorekeeper.rules import get_variant
    >>> gin = get_variant("gin-rummy")
    >>> over = knock_verdict(8, gin.table({"knock-limit": 7}))
    >>> over.may_knock, str(over.verdict)
    (False, "Deadwood 8 is over this table's knock limit of 7 (at this table; the book says 10): this hand may not knock.")
    >>> str(knock_verdict(8, gin.table()).verdict)
    "Deadwood 8 is within this table's knock limit of 10: this hand may knock."
    >>> str(knock_verdict(3, get_variant("straight-gin").table()).verdict)
    'Deadwood 3: only gin ends a hand in Straight Gin, so this hand may not knock.'
    >>> knock_verdict(3, get_variant("knock-rummy").table()) is None
    True
    """
    gin_only = table.variant.param("gin-only")
    limit = table.options.get("knock-limit")
    if not gin_only and limit is None:
        return None
    if count == 0:
        return KnockVerdict(True, KNOCK_GIN())
    if gin_only:
        return KnockVerdict(False, GIN_ONLY_OVER(count=count, game=table.variant.name))
    knock_limit = table.variant.option("knock-limit")
    if limit is None or knock_limit is None:  # (not gin-only: the table has a limit)
        return None
    book = knock_limit.default
    said = limit if limit == book else BESIDE_BOOK(value=limit, book=book)
    if count > limit:
        return KnockVerdict(False, KNOCK_OVER(count=count, limit=said))
    return KnockVerdict(True, KNOCK_WITHIN(count=count, limit=said))


@dataclass(frozen=True)
class DealPlan:
    """What a table needs to set up a hand: cards, deal sizes, who deals and who plays first."""

    players: int
    packs: int
    jokers: int
    cards: int  # cards in play
    each: int  # cards dealt to each player
    extra: int  # players who get one card more (Phỏm's first player, Nowrang's non-dealer)
    stock: int  # cards left for the stock (and the first upcard, where there is one)
    names: tuple[str, ...]
    dealer: str
    first: str  # who plays first
    winner_deals: bool


def deal_plan(
    variant: str | Variant,
    players: int | Sequence[str],
    *,
    dealer: str | None = None,
) -> DealPlan:
    """Packs, jokers and cards each for a number of players (or a list of names).

    >>> plan = deal_plan("continental-rum", 7)
    >>> plan.packs, plan.jokers, plan.each, plan.stock
    (3, 3, 15, 54)
    >>> plan = deal_plan("phom", ["Ann", "Bob", "Cy", "Dan"], dealer="Dan")
    >>> plan.each, plan.extra, plan.first
    (9, 1, 'Ann')
    """
    found = get_variant(variant)
    names = (
        tuple(f"{n}" for n in range(1, players + 1)) if isinstance(players, int) else tuple(players)
    )
    found.check_players(len(names))
    dealer = dealer if dealer in names else names[-1]
    deck = found.deck(len(names))
    each = found.deal_for(len(names))
    extra = guide_for(found).extra_cards
    first = names[(names.index(dealer) + 1) % len(names)]
    return DealPlan(
        players=len(names),
        packs=deck.packs,
        jokers=deck.jokers,
        cards=deck.size,
        each=each,
        extra=extra,
        stock=deck.size - each * len(names) - extra,
        names=names,
        dealer=dealer,
        first=first,
        winner_deals=found.winner_deals,
    )


__all__ = [
    "DealPlan",
    "GoingOutVerdict",
    "KnockVerdict",
    "MeldVerdict",
    "MeldsReport",
    "OpeningVerdict",
    "ReadCard",
    "check_deadwood",
    "check_going_out",
    "check_going_out_typed",
    "check_meld",
    "check_melds",
    "deal_plan",
    "find_way_out",
    "knock_verdict",
    "opening_minimum",
    "read_in_order",
    "reading_text",
]
