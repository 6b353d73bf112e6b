"""Continental Rum: every other player pays the winner; only the winner's melds are entered."""

from __future__ import annotations

from typing import ClassVar

from ..errors import ResultError
from ..messages import N_, NP_, Message, define
from ..scoring.common import finish, pay_winner, winner_melds
from ..scoring.context import HandContext
from ..scoring.result import HandResult
from ..variants import Variant
from ..variants.continental import PATTERNS
from .base import EntryField, Family

WILD_DEUCE_FEE = 1
QUICK_BONUS = {0: 10, 1: 7}  # cards drawn before going out -> bonus from each player
SPECIAL_BONUS = 10

# The parts of a payment, summed in one line: "Each player pays Ann 1 + 2 × 1 joker = 3".
PLUS = define("continental.plus", N_("{left} + {right}"))
JOKER_PART = define(
    "continental.part.jokers", NP_("{fee} × {n} joker", "{fee} × {n} jokers"), count="n"
)
DEUCE_PART = define("continental.part.deuces", NP_("{n} wild 2", "{n} wild 2s"), count="n")
QUICK_PART = define("continental.part.quick", N_("{bonus} quick meld ({draws} drawn)"))
NO_WILD_PART = define("continental.part.no_wild", N_("{bonus} for no wild card"))
ONE_SUIT_PART = define("continental.part.one_suit", N_("{bonus} for one suit"))
PAYS_SUM = define("continental.pays_sum", N_("Each player pays {name} {parts} = {pay}"))
PAYS = define("continental.pays", N_("Each player pays {name} {pay}"))
COLLECTS = define("continental.collects", N_("{name} collects {total}"))
USED_JOKERS = define(
    "continental.used_jokers",
    NP_("{name} went out using {jokers} joker", "{name} went out using {jokers} jokers"),
    count="jokers",
)
MELDS = define("continental.melds", N_("{name} melds {melds} ({shape})"))
NOT_A_PATTERN = define(
    "continental.pattern", N_("the 15 cards must be sequences of {shapes}, not {lengths}")
)
NOT_A_PATTERN_EMPTY = define(
    "continental.pattern_empty", N_("the 15 cards must be sequences of {shapes}, not nothing")
)


def _sum(parts: list[Message | int]) -> Message | int:
    """The parts of a payment as one param: ``1 + 2 × 1 joker + ...``."""
    total = parts[0]
    for part in parts[1:]:
        total = PLUS(left=total, right=part)
    return total


def score_continental(hand: HandContext) -> HandResult:
    out = hand.player("out")
    table = hand.table
    jokers, deuces, same_suit, lines = _winner_facts(hand, out)
    pay = 1
    parts: list[Message | int] = [1]
    if jokers:
        fee = hand.param("joker-fee")
        pay += fee * jokers
        parts.append(JOKER_PART(fee=fee, n=jokers))
    if table.on("deuces-wild") and deuces:
        pay += WILD_DEUCE_FEE * deuces
        parts.append(DEUCE_PART(n=deuces))
    if table.on("quick-meld-bonus"):
        draws = hand.number("draws")
        bonus = QUICK_BONUS.get(draws, 0) if draws is not None else 0
        if bonus:
            pay += bonus
            parts.append(QUICK_PART(bonus=bonus, draws=draws))
    if table.on("special-bonuses"):
        if jokers == 0 and deuces == 0:
            pay += SPECIAL_BONUS
            parts.append(NO_WILD_PART(bonus=SPECIAL_BONUS))
        if same_suit:
            pay += SPECIAL_BONUS
            parts.append(ONE_SUIT_PART(bonus=SPECIAL_BONUS))
    payers = hand.others(out)
    lines.append(
        PAYS_SUM(name=out, parts=_sum(parts), pay=pay)
        if len(parts) > 1
        else PAYS(name=out, pay=pay)
    )
    deltas, transfers = pay_winner(hand, out, dict.fromkeys(payers, pay))
    lines.append(COLLECTS(name=out, total=pay * len(payers)))
    return finish(hand, [out], deltas, {}, lines, transfers)


def _winner_facts(hand: HandContext, out: str) -> tuple[int, int, bool, list[Message]]:
    """Jokers, wild 2s and one-suit from the winner's melds, or as typed in."""
    declared = winner_melds(hand, out)
    if declared is None:
        jokers = hand.number("jokers", default=0, high=hand.table.deck.jokers)
        deuces = hand.number("wild_deuces", default=0)
        same_suit = hand.flag("same_suit")
        return jokers, deuces, same_suit, [USED_JOKERS(name=out, jokers=jokers)]
    melds, where = declared
    lengths = tuple(sorted((len(m.cards) for m in melds), reverse=True))
    if lengths not in PATTERNS:
        shapes = "; ".join("-".join(map(str, p)) for p in PATTERNS)
        shape = "-".join(map(str, lengths))
        raise ResultError(
            NOT_A_PATTERN(shapes=shapes, lengths=shape)
            if shape
            else NOT_A_PATTERN_EMPTY(shapes=shapes),
            where,
        )
    jokers = sum(m.jokers for m in melds)
    deuces = sum(m.wild_deuces for m in melds)
    suits = {card.suit for m in melds for card in m.reading}
    lines = [
        MELDS(
            name=out,
            melds=" · ".join(str(m) for m in melds),
            shape="-".join(map(str, lengths)),
        )
    ]
    return jokers, deuces, len(suits) == 1, lines


DRAWS = EntryField(
    "draws",
    "number",
    N_("Cards the winner drew before going out"),
    option="quick-meld-bonus",
    section="melds",
)
JOKERS = EntryField(
    "jokers",
    "number",
    N_("Jokers used"),
    section="melds",
    help_before=N_("Without the melds, say what the winner used:"),
    instead_of_melds=True,
)
WILD_DEUCES = EntryField(
    "wild_deuces",
    "number",
    N_("2s used as wild cards"),
    option="deuces-wild",
    section="melds",
    instead_of_melds=True,
)
SAME_SUIT = EntryField(
    "same_suit",
    "flag",
    N_("All 15 cards in one suit"),
    option="special-bonuses",
    section="melds",
    instead_of_melds=True,
)


class Continental(Family):
    slug = "continental"
    scorer = staticmethod(score_continental)
    seats = "winner"
    seat_keys = ("melds", "hand")
    extras: ClassVar[tuple[EntryField, ...]] = (DRAWS, JOKERS, WILD_DEUCES, SAME_SUIT)
    zero_sum = True
    parameters = ("joker-fee",)

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # the winner lays all 15 cards down at once
