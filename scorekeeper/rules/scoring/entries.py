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
from ..errors import ResultError, RulesError
from ..melds import MeldReading, read_meld
from .context import HandContext
from .result import PlayerDetail

KINDS = ("points", "cards", "hand", "melds")


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

    def describe(self, name: str) -> str:
        """A line a player can read aloud: 'Bob holds KH 7S 2D = 19'."""
        if self.source == "points":
            return f"{name} counts {self.count}"
        shown = format_cards(self.unmatched or ())
        melded = " · ".join(str(m) for m in self.melds)
        if self.source == "hand" and self.melds:
            return f"{name} melds {melded}; unmatched {shown or 'none'} = {self.count}"
        if self.source == "melds":
            return f"{name} melds {melded or 'nothing'}; left {shown or 'none'} = {self.count}"
        return f"{name} holds {shown or 'nothing'} = {self.count}"


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
        raise ResultError("expected an object with one of points, cards, hand or melds", where)
    given = [k for k in KINDS if entry.get(k) is not None]
    if not given:
        raise ResultError(f"give {name}'s points, cards, hand or melds", where)
    if len(given) > 1 and set(given) != {"melds", "cards"}:
        raise ResultError(f"give only one of {', '.join(given)} (melds may come with cards)", where)
    table = hand.table
    values = table.values
    try:
        if "points" in given:
            return Counted(_points(entry["points"], f"{where}.points"), "points")
        if "melds" in given:
            melds = read_melds(entry["melds"], table, f"{where}.melds")
            left = tuple(_cards(entry.get("cards") or "", f"{where}.cards"))
            count = values.total(left)
            if count_melds:
                count += sum(values.total(mc.card for mc in m.cards) for m in melds)
            named = tuple(mc.card for m in melds for mc in m.cards) + left
            return Counted(count, "melds", tuple(melds), left, named, mom=not melds)
        key = given[0]
        cards = tuple(_cards(entry[key], f"{where}.{key}"))
        if key == "hand" and arrange_hand:
            table.deck.check(cards, "in this hand")
            best = arrange(list(cards), table.meld_rules, values)
            readings = tuple(read_meld(list(m), table.meld_rules) for m in best.melds)
            return Counted(best.count, "hand", readings, best.unmatched, cards, mom=not best.melds)
        return Counted(values.total(cards), key, (), cards, cards)
    except RulesError as err:
        raise err.at(where) from None


def _points(value: Any, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ResultError(f"expected a whole number of points, got {value!r}", where)
    if value < 0:
        raise ResultError(f"points cannot be negative, got {value}", where)
    return value


def _cards(value: Any, where: str) -> list[Card]:
    if not isinstance(value, str):
        raise ResultError(f"expected cards as text such as 'KH 7S 2D', got {value!r}", where)
    try:
        return parse_cards(value)
    except RulesError as err:
        raise err.at(where) from None


def read_melds(value: Any, table, where: str) -> list[MeldReading]:
    """Declared melds, validated one by one; errors name the meld's index."""
    if isinstance(value, str) or not isinstance(value, list):
        raise ResultError("expected a list of melds such as ['7H 8H 9H', 'QS QD QC']", where)
    readings = []
    for i, text in enumerate(value):  # field paths count from 0, as in JSON
        spot = f"{where}[{i}]"
        if not isinstance(text, str):
            raise ResultError(f"expected a meld as text, got {text!r}", spot)
        try:
            readings.append(read_meld(text, table.meld_rules))
        except RulesError as err:
            raise err.at(spot) from None
    return readings

