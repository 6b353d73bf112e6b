"""Melds: what makes a set or a run valid, and what a declared meld is worth.

A variant's :class:`MeldRules` hold everything that differs between tables: where the ace may
sit in a run, whether sets exist and may hold identical cards, whether 2s are wild, and German
Rummy's "never more jokers than natural cards". :func:`read_meld` checks one declared meld and
returns the reading a table would agree on; jokers may be designated (``JK=7H``), otherwise the
engine takes the valid reading that is worth most.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from . import runs
from .cards import Card
from .errors import IllegalMeldError, InvalidCardError
from .messages import N_, Message, define
from .runs import Ace

# Why a meld is not valid: the reason inside an IllegalMeldError, citing the rule.
WHY_NOT_WILD = define(
    "meld.why.not_wild", N_("only a wild card may stand for another card ({card})")
)
WHY_SHORT = define("meld.why.short", N_("a meld needs at least 3 cards"))
WHY_ALL_WILD = define("meld.why.all_wild", N_("every meld must hold at least one natural card"))
WHY_TOO_MANY_JOKERS = define(
    "meld.why.too_many_jokers", N_("a meld may not hold more jokers than natural cards")
)
WHY_NO_SETS = define(
    "meld.why.no_sets", N_("only sequences count in this variant, not sets of one rank")
)
WHY_SET_SUITS = define(
    "meld.why.set_suits", N_("the cards of a set must all be of different suits")
)
WHY_SET_SIZE = define("meld.why.set_size", N_("a set has at most 4 cards"))
WHY_RUN_LENGTHS = define("meld.why.run_lengths", N_("a sequence here has {allowed} cards"))
WHY_RUN_SIZE = define("meld.why.run_size", N_("a run has at most 13 cards"))
WHY_GAPS = define(
    "meld.why.gaps",
    N_(
        "the cards of a run must be consecutive"
        " (wild cards fill only as many gaps as there are of them)"
    ),
)
WHY_SHAPE = define("meld.why.shape", N_("a meld is a set of one rank or a run of one suit"))
WHY_ONE_SUIT = define("meld.why.one_suit", N_("a sequence must be of one suit"))
WHY_ACE_LOW = define(
    "meld.why.ace_low", N_("the ace is low only here (A-2-3 is a run, Q-K-A is not)")
)
WHY_ACE_HIGH = define(
    "meld.why.ace_high", N_("the ace is high only here (Q-K-A is a run, A-2-3 is not)")
)
WHY_ACE_ENDS = define(
    "meld.why.ace_ends",
    N_("the ace may end a run high or start it low, but a run never turns the corner (K-A-2)"),
)
WHY_CONSECUTIVE = define("meld.why.consecutive", N_("the cards of a run must be consecutive"))


MAX_RUN = 13

# What may stand between declared melds in one text: the app prints " · " between melds, and
# tables type "/", "|", ";" or one meld per line. No card spelling holds any of them.
MELD_SEPARATORS = ("/", "|", "·", ";", "\n")
PRINTED_SEPARATOR = " · "
_MELD_SPLIT = re.compile("[" + re.escape("".join(MELD_SEPARATORS)) + "\r]")


def split_melds(text: str) -> list[str]:
    r"""Several melds typed in one text, one string per meld (empty parts dropped).

    >>> split_melds("7H 8H 9H / QS QD QC")
    ['7H 8H 9H', 'QS QD QC']
    >>> split_melds("5H 6H 7H · JS QS KS|2D 3D JK;\n9C 10C JC\n")
    ['5H 6H 7H', 'JS QS KS', '2D 3D JK', '9C 10C JC']

    What :func:`format_melds` prints splits back into the same melds.
    """
    return [part.strip() for part in _MELD_SPLIT.split(text) if part.strip()]


def whole_hand_text(text: str) -> str:
    """A whole hand typed as melds is still one list of cards: the separators go.

    >>> whole_hand_text("QD KD AD 2D · 5C")
    'QD KD AD 2D 5C'
    """
    return " ".join(split_melds(text))


def format_melds(melds: Iterable[object]) -> str:
    """Melds as the app prints them: ``7H 8H 9H · QS QD QC``.

    >>> format_melds(["7H 8H 9H", "QS QD QC"])
    '7H 8H 9H · QS QD QC'
    """
    return PRINTED_SEPARATOR.join(str(m) for m in melds)


@dataclass(frozen=True)
class MeldRules:
    """The meld rules of one variant (with its options applied)."""

    ace: Ace = Ace.LOW
    sets: bool = True  # Continental and Nowrang have runs only
    identical_in_sets: bool = False  # Double Rum: 7H 7H 7S is a set
    jokers_at_most_naturals: bool = False  # German Rummy
    wild_deuces: bool = False  # Continental option deuces-wild
    run_lengths: tuple[int, ...] | None = None  # None: any length 3-13 (Nowrang: 3 or 4)

    @property
    def set_max(self) -> int | None:
        """Largest set, or None when identical cards make any size possible."""
        return None if self.identical_in_sets else 4

    def run_length_ok(self, length: int) -> bool:
        if self.run_lengths is not None:
            return length in self.run_lengths
        return 3 <= length <= MAX_RUN


@dataclass(frozen=True)
class MeldCard:
    """One card of a declared meld, with what a wild card was declared to stand for."""

    card: Card
    stands_for: Card | None = None

    def __str__(self) -> str:
        return f"{self.card}={self.stands_for}" if self.stands_for else str(self.card)


@dataclass(frozen=True)
class MeldReading:
    """A valid reading of a declared meld."""

    kind: str  # "set" or "run"
    cards: tuple[MeldCard, ...]
    reading: tuple[Card, ...]  # what each card stands for, in the order given
    value: int  # initial-meld value: K Q J 10, pip, ace 1 below the 2 and 11 otherwise
    jokers: int  # jokers in the meld
    wild_deuces: int  # 2s used as wild cards

    @property
    def wilds(self) -> int:
        return self.jokers + self.wild_deuces

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.wilds

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


_DESIGNATION = re.compile(r"^(?P<card>[^=]+)=(?P<stands>[^=]+)$")


def parse_meld(text: str | Iterable[Card | str]) -> list[MeldCard]:
    """Read a declared meld; a wild card may carry ``=CARD`` to say what it stands for."""
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    out = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            out.append(MeldCard(token))
            continue
        match = _DESIGNATION.match(token)
        if match is None:
            out.append(MeldCard(Card.parse(token, position=position)))
            continue
        card = Card.parse(match["card"], position=position)
        stands_for = Card.parse(match["stands"], position=position)
        if stands_for.is_joker:
            raise InvalidCardError(token, position)
        out.append(MeldCard(card, stands_for))
    return out


def as_meld_cards(cards: str | Iterable[Card | str | MeldCard]) -> list[MeldCard]:
    """Accept notation, cards or meld cards, and return meld cards."""
    if isinstance(cards, str):
        return parse_meld(cards)
    out = []
    for position, item in enumerate(cards, start=1):
        if isinstance(item, MeldCard):
            out.append(item)
        elif isinstance(item, Card):
            out.append(MeldCard(item))
        else:
            out.extend(
                parse_meld([str(item)])
                if "=" in str(item)
                else [MeldCard(Card.parse(str(item), position=position))]
            )
    return out


def initial_value(card: Card, ace_high: bool) -> int:
    """A card's worth towards an initial meld (German 40, Caloochi 51)."""
    if card.rank == 1:
        return 11 if ace_high else 1
    return min(card.rank, 10)


def read_meld(cards: str | Iterable[Card | str | MeldCard], rules: MeldRules) -> MeldReading:
    """Check one declared meld; return its reading or raise :class:`IllegalMeldError`.

    An undesignated joker takes the valid reading worth most:

    >>> from scorekeeper.rules import get_variant
    >>> rules = get_variant("german-rummy").table().meld_rules
    >>> found = read_meld("8H JK 10H", rules)
    >>> found.kind, " ".join(map(str, found.reading)), found.value
    ('run', '8H 9H 10H', 27)
    >>> read_meld("8H 9S 10H", rules)
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.IllegalMeldError: '8H 9S 10H' is not a valid meld: a meld is a set of one rank or a run of one suit
    """
    meld = as_meld_cards(cards)
    text = " ".join(str(c) for c in meld)
    _check_designations(meld, rules, text)
    readings = list(_readings(meld, rules))
    if not readings:
        raise IllegalMeldError(text, _why_not(meld, rules))
    # Fewest 2s used as wild (a 2 in its own place is natural), then the highest value.
    return min(readings, key=lambda r: (r.wild_deuces, -r.value, r.kind))


def meld_error(cards, rules: MeldRules) -> Message | None:
    """The reason a meld is invalid, or None when it is valid."""
    try:
        read_meld(cards, rules)
    except IllegalMeldError as err:
        return err.reason
    return None


def _is_wild_capable(card: Card, rules: MeldRules) -> bool:
    return card.is_joker or (rules.wild_deuces and card.rank == 2)


def _check_designations(meld: list[MeldCard], rules: MeldRules, text: str) -> None:
    for mc in meld:
        if mc.stands_for is not None and not _is_wild_capable(mc.card, rules):
            raise IllegalMeldError(text, WHY_NOT_WILD(card=str(mc)))


def _readings(meld: list[MeldCard], rules: MeldRules):
    """Every valid reading, trying each 2 as natural or wild where 2s are wild."""
    deuce_slots = [
        i for i, mc in enumerate(meld) if not mc.card.is_joker and _is_wild_capable(mc.card, rules)
    ]
    for wild_choice in itertools.product((False, True), repeat=len(deuce_slots)):
        wild = {i for i, mc in enumerate(meld) if mc.card.is_joker}
        wild.update(i for i, w in zip(deuce_slots, wild_choice, strict=True) if w)
        # A designated 2 is wild by declaration.
        if any(meld[i].stands_for is not None and i not in wild for i in deuce_slots):
            continue
        if not _wild_count_ok(len(meld), len(wild), rules):
            continue
        n_deuces = sum(wild_choice)
        if rules.sets:
            reading = _as_set(meld, wild, rules)
            if reading is not None:
                yield _make("set", meld, reading, wild, n_deuces, ace_high=lambda i: True)
        yield from _as_runs(meld, wild, rules, n_deuces)


def _wild_count_ok(size: int, wilds: int, rules: MeldRules) -> bool:
    naturals = size - wilds
    if naturals < 1:
        return False
    return not (rules.jokers_at_most_naturals and wilds > naturals)


def _make(kind, meld, reading, wild, n_deuces, ace_high) -> MeldReading:
    value = sum(initial_value(card, ace_high(i)) for i, card in enumerate(reading))
    jokers = sum(1 for mc in meld if mc.card.is_joker)
    return MeldReading(kind, tuple(meld), tuple(reading), value, jokers, n_deuces)


def _fixed(meld: list[MeldCard], wild: set[int]) -> dict[int, Card]:
    """The cards of ``meld`` that stand for something known: a natural card, or a wild card
    named (``JK=7H``), by place."""
    found: dict[int, Card] = {}
    for i, mc in enumerate(meld):
        card = mc.stands_for if i in wild else mc.card
        if card is not None:
            found[i] = card
    return found


def _as_set(meld: list[MeldCard], wild: set[int], rules: MeldRules) -> list[Card] | None:
    fixed = _fixed(meld, wild)
    ranks = {c.rank for c in fixed.values()}
    if len(ranks) != 1 or len(meld) < 3:
        return None
    if rules.set_max is not None and len(meld) > rules.set_max:
        return None
    rank = ranks.pop()
    suits = [c.suit for c in fixed.values()]
    if not rules.identical_in_sets and len(set(suits)) != len(suits):
        return None
    free_suits = (
        [s for s in "SHDC" if s not in suits] if not rules.identical_in_sets else list("SHDC")
    )
    reading, k = [], 0
    for i, _mc in enumerate(meld):
        if i in fixed:
            reading.append(fixed[i])
        else:
            reading.append(Card(rank, free_suits[k % len(free_suits)]))
            k += 1
    return reading


def _as_runs(meld: list[MeldCard], wild: set[int], rules: MeldRules, n_deuces: int):
    if not rules.run_length_ok(len(meld)):
        return
    fixed = _fixed(meld, wild)
    suits = {c.suit for c in fixed.values()}
    if len(suits) != 1:
        return
    suit = suits.pop()
    seen = set()
    for window in runs.windows(len(meld), rules.ace):
        slots = set(window)
        placed: dict[int, int] = {}
        for i, card in fixed.items():
            choices = [
                p
                for p in runs.positions(card.rank, rules.ace)
                if p in slots and p not in placed.values()
            ]
            if not choices:
                break
            placed[i] = choices[0]
        else:
            free = iter(p for p in window if p not in placed.values())
            for i in range(len(meld)):
                if i not in placed:
                    placed[i] = next(free)
            reading = [Card(runs.rank_at(placed[i]), suit) for i in range(len(meld))]
            key = tuple(reading)
            if key in seen:
                continue
            seen.add(key)
            order = {p: k for k, p in enumerate(window)}

            def ace_high(i, placed=placed, order=order, window=window):
                pos = placed[i]
                if pos == runs.HIGH_ACE:
                    return True
                # In a wrap run an ace counts low only when the 2 follows it.
                nxt = order[pos] + 1
                return not (nxt < len(window) and window[nxt] == 2)

            yield _make("run", meld, reading, wild, n_deuces, ace_high)


def _why_not(meld: list[MeldCard], rules: MeldRules) -> Message:
    """A reason, citing the rule, for a meld with no valid reading."""
    size = len(meld)
    jokers = sum(1 for mc in meld if mc.card.is_joker)
    if size < 3:
        return WHY_SHORT()
    if jokers == size:
        return WHY_ALL_WILD()
    if rules.jokers_at_most_naturals and jokers > size - jokers:
        return WHY_TOO_MANY_JOKERS()
    # A designated wild card counts as the card it stands for when we look for the reason.
    naturals = [mc.stands_for or mc.card for mc in meld if mc.stands_for or not mc.card.is_joker]
    same_rank = len({c.rank for c in naturals}) == 1
    same_suit = len({c.suit for c in naturals}) == 1
    if same_rank and len(naturals) > 1:
        if not rules.sets:
            return WHY_NO_SETS()
        suits = [c.suit for c in naturals]
        if not rules.identical_in_sets and len(set(suits)) != len(suits):
            return WHY_SET_SUITS()
        if rules.set_max is not None and size > rules.set_max:
            return WHY_SET_SIZE()
    if same_suit:
        if rules.run_lengths is not None and size not in rules.run_lengths:
            allowed = " or ".join(str(n) for n in rules.run_lengths)
            return WHY_RUN_LENGTHS(allowed=allowed)
        if size > MAX_RUN:
            return WHY_RUN_SIZE()
        if any(c.rank == 1 for c in naturals):
            return _ace_reason(rules.ace)
        return WHY_GAPS()
    if rules.sets:
        return WHY_SHAPE()
    return WHY_ONE_SUIT()


def _ace_reason(ace: Ace) -> Message:
    return {
        Ace.LOW: WHY_ACE_LOW,
        Ace.HIGH: WHY_ACE_HIGH,
        Ace.HIGH_OR_LOW: WHY_ACE_ENDS,
        Ace.WRAP: WHY_CONSECUTIVE,
    }[ace]()


__all__ = [
    "Ace",
    "MeldCard",
    "MeldReading",
    "MeldRules",
    "initial_value",
    "meld_error",
    "MELD_SEPARATORS",
    "format_melds",
    "parse_meld",
    "read_meld",
    "split_melds",
    "whole_hand_text",
]
