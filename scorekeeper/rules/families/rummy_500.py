"""The Rummy 500 family (RULES.md 11): every player scores what he laid on the table (his melds
and his lay-offs) minus what is left in his hand; a hand score and a total may be negative.

An ace counts 15, except an ace laid low in a run with a 2 (A-2-3), which counts 1. The same
holds for a lay-off (RULES.md 11, Decision): an ace laid off at the low end of a run counts 1,
one laid off high or on a set of aces 15; the entry lists the aces that went low in
``aces_low`` (each also in ``layoffs``). Each seat gives either the two numbers ``laid`` and
``left``, or the cards: ``melds`` (declared, checked), ``layoffs`` (a card list), ``aces_low``
and ``cards`` (left in hand). The player who went out holds nothing.

>>> from scorekeeper.rules import score_hand
>>> score_hand(variant="rummy-500", players=["Ann", "Bob"], result={"out": "Ann", "hands": {
...     "Ann": {"melds": ["QD KD AD"]}, "Bob": {"laid": 30, "left": 40}}}).deltas
{'Ann': 35, 'Bob': -10}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from ..cards import Card, format_cards
from ..deck import IN_THIS_HAND
from ..errors import ResultError, RulesError
from ..melds import MeldReading
from ..messages import N_, define
from ..scoring.common import deck_check, finish
from ..scoring.context import HandContext
from ..scoring.entries import GIVE_ENTRY, Counted, parse_card_text, read_melds
from ..scoring.result import HandResult
from ..values import CardValues
from .base import Family, SeatField

LOW_ACE = 1  # an ace at the bottom of a run (A-2-3)

LAID = define("r500.laid", N_("{name} laid {melds} = {value}"))
LAID_OFF = define("r500.laid_off", N_("{name} laid off {cards} = {value}"))
HOLDS = define("r500.holds", N_("{name} holds {cards} = {value}"))
SCORE = define("r500.score", N_("{name}: laid {laid} − left {left} = {score}"))
OUT_HOLDS = define(
    "r500.out_holds", N_("{name} went out, so no card is left in his hand: leave out what is left")
)
NUMBERS_OR_CARDS = define(
    "r500.numbers_or_cards",
    N_("give either the numbers laid and left or the cards, not both"),
)
GIVE_BOTH = define("r500.give_both", N_("give both numbers: laid and left"))
EXPECTED_NUMBER = define("r500.expected_number", N_("expected a whole number, got {value}"))
LOW_NOT_ACE = define(
    "r500.low_not_ace", N_("{card} is not an ace: only an ace laid off can go low (onto 2-3)")
)
LOW_NOT_LAID_OFF = define(
    "r500.low_not_laid_off",
    N_("{card} is not among {name}'s lay-offs: list the ace there too"),
)
LAID_OFF_LOW = define(
    "r500.laid_off_low", N_("{name} laid off {cards} = {value} ({aces} low, 1 each)")
)

NUMBERS = ("laid", "left")
CARD_KEYS = ("melds", "layoffs", "aces_low", "cards")


def meld_value(meld: MeldReading, values: CardValues) -> int:
    """What a laid meld is worth: card values, but an ace low in a run (with a 2) counts 1.

    >>> from scorekeeper.rules.variants import get_variant
    >>> from scorekeeper.rules.melds import read_meld
    >>> table = get_variant("rummy-500").table()
    >>> [meld_value(read_meld(m, table.meld_rules), table.values) for m in ("AS 2S 3S", "QD KD AD")]
    [6, 35]
    """
    low_run = meld.kind == "run" and any(card.rank == 2 for card in meld.reading)
    return sum(LOW_ACE if low_run and card.rank == 1 else values.of(card) for card in meld.reading)


def score_rummy_500(hand: HandContext) -> HandResult:
    out = hand.player("out")
    entries = hand.entries()
    values = hand.table.values
    counted: dict[str, Counted] = {}
    deltas: dict[str, int] = {}
    lines = []
    named: list[Card] = []
    for name in hand.players:
        entry = entries.get(name)
        where = f"result.hands.{name}"
        if entry is None:
            raise ResultError(GIVE_ENTRY(name=name), where)
        if not isinstance(entry, Mapping):
            raise ResultError(GIVE_ENTRY(name=name), where)
        laid, left, seat_lines, melds, cards = _read_seat(hand, name, entry, where, values)
        if name == out and left:
            key = "left" if "left" in entry else "cards"
            raise ResultError(OUT_HOLDS(name=name), f"{where}.{key}")
        named += cards
        score = laid - left
        lines += seat_lines
        lines.append(SCORE(name=name, laid=laid, left=left, score=score))
        deltas[name] = score
        counted[name] = Counted(
            left,
            "melds" if melds or cards else "points",
            tuple(melds),
            tuple(c for c in cards if c not in {mc.card for m in melds for mc in m.cards})
            if cards
            else None,
            tuple(cards),
        )
    deck_check(hand, [], extra=named)
    return finish(hand, [out], deltas, counted, lines)


def _read_seat(hand, name, entry, where, values):
    numbers = [k for k in NUMBERS if entry.get(k) is not None]
    cards_given = [k for k in CARD_KEYS if entry.get(k) is not None]
    if numbers and cards_given:
        raise ResultError(NUMBERS_OR_CARDS(), f"{where}.{cards_given[0]}")
    if numbers:
        if len(numbers) != 2:
            missing = next(k for k in NUMBERS if k not in numbers)
            raise ResultError(GIVE_BOTH(), f"{where}.{missing}")
        laid, left = entry["laid"], entry["left"]
        return laid, left, [], [], []
    if not cards_given:
        raise ResultError(GIVE_ENTRY(name=name), where)
    lines = []
    melds = read_melds(entry["melds"], hand.table, f"{where}.melds") if entry.get("melds") else []
    layoffs = parse_card_text(entry.get("layoffs") or "", f"{where}.layoffs")
    low = _aces_low(entry, layoffs, name, f"{where}.aces_low")
    left_cards = parse_card_text(entry.get("cards") or "", f"{where}.cards")
    laid = sum(meld_value(m, values) for m in melds)
    if melds:
        lines.append(LAID(name=name, melds=" · ".join(str(m) for m in melds), value=laid))
    if layoffs:
        value = layoff_value(layoffs, low, values)
        laid += value
        if low:
            lines.append(
                LAID_OFF_LOW(
                    name=name, cards=format_cards(layoffs), value=value, aces=format_cards(low)
                )
            )
        else:
            lines.append(LAID_OFF(name=name, cards=format_cards(layoffs), value=value))
    left = values.total(left_cards)
    if left_cards:
        lines.append(HOLDS(name=name, cards=format_cards(left_cards), value=left))
    every = [mc.card for m in melds for mc in m.cards] + layoffs + left_cards
    try:
        hand.table.deck.check(every, IN_THIS_HAND())
    except RulesError as err:
        raise err.at(where) from None
    return laid, left, lines, melds, every


def layoff_value(layoffs: list[Card], low: list[Card], values: CardValues) -> int:
    """What a player's lay-offs are worth: card values, each ace in ``low`` (laid off at the
    low end of a run) counting 1 (RULES.md 11, example 60).

    >>> from scorekeeper.rules.cards import parse_cards
    >>> values = CardValues(ace=15)
    >>> layoff_value(parse_cards("AS"), parse_cards("AS"), values)
    1
    >>> layoff_value(parse_cards("AH 5C"), [], values)
    20
    """
    return values.total(layoffs) - len(low) * (values.ace - LOW_ACE)


def _aces_low(entry: Mapping, layoffs: list[Card], name: str, where: str) -> list[Card]:
    """The aces of ``entry["aces_low"]``: each an ace, each among the lay-offs (a card laid
    off twice, with two packs, may be listed twice)."""
    low = parse_card_text(entry.get("aces_low") or "", where)
    spare = list(layoffs)
    for card in low:
        if card.rank != 1:
            raise ResultError(LOW_NOT_ACE(card=str(card)), where)
        if card not in spare:
            raise ResultError(LOW_NOT_LAID_OFF(card=str(card), name=name), where)
        spare.remove(card)
    return low


class Rummy500(Family):
    slug = "rummy-500"
    scorer = staticmethod(score_rummy_500)
    seats = "all"
    seat_keys = ("laid", "left", "melds", "layoffs", "aces_low", "cards")
    seat_fields: ClassVar[tuple[SeatField, ...]] = (
        SeatField("laid", "laid", "number", N_("Laid on the table (points)")),
        SeatField(
            "left", "left", "number", N_("Left in hand (points)"), zero_when_out=True
        ),
        SeatField("melds", "melds", "melds", N_("or the melds laid")),
        SeatField("layoffs", "layoffs", "cards", N_("the cards laid off on any meld")),
        SeatField(
            "aces_low",
            "aces_low",
            "cards",
            N_("of those, the aces laid off low (onto 2-3)"),
            aces_of="layoffs",
        ),
        SeatField("cards", "cards", "cards", N_("the cards left in hand")),
    )
    seat_heading = N_("What each player laid and has left")
    allows_negative = True

    def laid_in_play(self, variant: Any) -> bool:
        return True

    def meld_value(self, meld: MeldReading, table: Any) -> int:
        return meld_value(meld, table.values)  # Q-K-A laid counts 35 (RULES.md 11, example 55)
