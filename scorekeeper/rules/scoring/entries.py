"""One player's entry in a hand: typed points, counted cards, a whole hand, or declared melds.

Every entry becomes a :class:`Counted`: the value that counts against the player, the melds
and unmatched cards behind it, and every card named (for the deck check across players).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..arrange import arrange
from ..cards import Card, format_cards, parse_cards
from ..deck import IN_THIS_HAND
from ..errors import ResultError, RulesError
from ..melds import MeldReading, read_meld, split_melds, whole_hand_text
from ..messages import N_, Message, define
from .context import HandContext
from .result import PlayerDetail

KINDS = ("points", "cards", "hand", "melds")

# What a player's entry says, as explanation lines.
COUNTS = define("entry.counts", N_("{name} counts {count}"))
HAND_MELDS = define("entry.hand_melds", N_("{name} melds {melds}; unmatched {cards} = {count}"))
HAND_MELDS_NONE = define(
    "entry.hand_melds_none", N_("{name} melds {melds}; unmatched none = {count}")
)
DECLARED = define("entry.declared", N_("{name} melds {melds}; left {cards} = {count}"))
DECLARED_NONE = define("entry.declared_none", N_("{name} melds {melds}; left none = {count}"))
DECLARED_NOTHING = define(
    "entry.declared_nothing", N_("{name} melds nothing; left {cards} = {count}")
)
DECLARED_EMPTY = define("entry.declared_empty", N_("{name} melds nothing; left none = {count}"))
HOLDS = define("entry.holds", N_("{name} holds {cards} = {count}"))
HOLDS_NOTHING = define("entry.holds_nothing", N_("{name} holds nothing = {count}"))

# What is wrong with an entry.
EXPECTED_ENTRY = define(
    "entry.expected_object", N_("expected an object with one of points, cards, hand or melds")
)
GIVE_ENTRY = define("entry.missing", N_("give {name}'s points, cards, hand or melds"))
ONLY_ONE = define("entry.only_one", N_("give only one of {given} (melds may come with cards)"))
EXPECTED_POINTS = define(
    "entry.expected_points", N_("expected a whole number of points, got {value}")
)
NEGATIVE_POINTS = define("entry.negative_points", N_("points cannot be negative, got {value}"))
EXPECTED_CARDS = define(
    "entry.expected_cards", N_("expected cards as text such as 'KH 7S 2D', got {value}")
)
EXPECTED_MELDS = define(
    "entry.expected_melds", N_("expected a list of melds such as ['7H 8H 9H', 'QS QD QC']")
)
EXPECTED_MELD = define("entry.expected_meld", N_("expected a meld as text, got {value}"))


@dataclass(frozen=True)
class Counted:
    count: int
    source: str
    melds: tuple[MeldReading, ...] = ()
    unmatched: tuple[Card, ...] | None = None
    cards: tuple[Card, ...] = field(default=(), repr=False)  # every card named, for the deck check
    mom: bool | None = None  # no meld at all (Phỏm), where the entry tells

    def detail(self, *, mom: bool | None = None) -> PlayerDetail:
        return PlayerDetail(
            count=self.count,
            melds=tuple(str(m) for m in self.melds),
            unmatched=None if self.unmatched is None else format_cards(self.unmatched),
            source=self.source,
            mom=mom,
        )

    def describe(self, name: str) -> Message:
        """A line a player can read aloud: 'Bob holds KH 7S 2D = 19'."""
        count = self.count
        if self.source == "points":
            return COUNTS(name=name, count=count)
        shown = format_cards(self.unmatched or ())
        melded = " · ".join(str(m) for m in self.melds)
        if self.source == "hand" and self.melds:
            if shown:
                return HAND_MELDS(name=name, melds=melded, cards=shown, count=count)
            return HAND_MELDS_NONE(name=name, melds=melded, count=count)
        if self.source == "melds":
            if melded:
                if shown:
                    return DECLARED(name=name, melds=melded, cards=shown, count=count)
                return DECLARED_NONE(name=name, melds=melded, count=count)
            if shown:
                return DECLARED_NOTHING(name=name, cards=shown, count=count)
            return DECLARED_EMPTY(name=name, count=count)
        if shown:
            return HOLDS(name=name, cards=shown, count=count)
        return HOLDS_NOTHING(name=name, count=count)


def read_entry(
    hand: HandContext, name: str, entry: Any, *, arrange_hand: bool, count_melds: bool = False
) -> Counted:
    """Read ``result.hands[name]``.

    ``arrange_hand``: a whole ``hand`` is split into its best melds and only the unmatched
    cards count (deadwood variants); otherwise every card of it counts.
    ``count_melds``: declared melds still count against the player (Rummy Complete).
    """
    where = f"result.hands.{name}"
    if not isinstance(entry, Mapping):
        raise ResultError(EXPECTED_ENTRY(), where)
    given = [k for k in KINDS if entry.get(k) is not None]
    if not given:
        raise ResultError(GIVE_ENTRY(name=name), where)
    if len(given) > 1 and set(given) != {"melds", "cards"}:
        raise ResultError(ONLY_ONE(given=", ".join(given)), where)
    table = hand.table
    values = table.values
    try:
        if "points" in given:
            return Counted(_points(entry["points"], f"{where}.points"), "points")
        if "melds" in given:
            melds = read_melds(entry["melds"], table, f"{where}.melds")
            left = tuple(parse_card_text(entry.get("cards") or "", f"{where}.cards"))
            count = values.total(left)
            if count_melds:
                count += sum(values.total(mc.card for mc in m.cards) for m in melds)
            named = tuple(mc.card for m in melds for mc in m.cards) + left
            return Counted(count, "melds", tuple(melds), left, named, mom=not melds)
        key = given[0]
        text = entry[key]
        if key == "hand" and isinstance(text, str):
            text = whole_hand_text(text)  # melds shown as the app prints them, typed back
        cards = tuple(parse_card_text(text, f"{where}.{key}"))
        if key == "hand" and arrange_hand:
            table.deck.check(cards, IN_THIS_HAND())
            best = arrange(list(cards), table.meld_rules, values)
            readings = tuple(read_meld(list(m), table.meld_rules) for m in best.melds)
            return Counted(best.count, "hand", readings, best.unmatched, cards, mom=not best.melds)
        return Counted(values.total(cards), key, (), cards, cards)
    except RulesError as err:
        raise err.at(where) from None


def _points(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResultError(EXPECTED_POINTS(value=repr(value)), where)
    if value < 0:
        raise ResultError(NEGATIVE_POINTS(value=value), where)
    return value


def parse_card_text(value: Any, where: str) -> list[Card]:
    """A card list typed in an entry; errors name ``where``."""
    if not isinstance(value, str):
        raise ResultError(EXPECTED_CARDS(value=repr(value)), where)
    try:
        return parse_cards(value)
    except RulesError as err:
        raise err.at(where) from None


def read_melds(value: Any, table, where: str) -> list[MeldReading]:
    """Declared melds, validated one by one; errors name the meld's index.

    One text may hold several melds separated as the app prints them (``·``) or as tables
    type them (``/``, ``|``, ``;``, new lines): see :func:`~scorekeeper.rules.melds.split_melds`.
    """
    if isinstance(value, str) or not isinstance(value, list):
        raise ResultError(EXPECTED_MELDS(), where)
    readings = []
    for i, text in enumerate(value):  # field paths count from 0, as in JSON
        spot = f"{where}[{i}]"
        if not isinstance(text, str):
            raise ResultError(EXPECTED_MELD(value=repr(text)), spot)
        try:
            for part in split_melds(text) or [text]:
                readings.append(read_meld(part, table.meld_rules))
        except RulesError as err:
            raise err.at(spot) from None
    return readings
