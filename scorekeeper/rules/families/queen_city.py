"""Queen City Rum: the winner scores his melds' value from each other player."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import ResultError
from ..messages import N_, define
from ..scoring.common import deck_check, finish
from ..scoring.context import HandContext
from ..scoring.entries import read_entry
from ..scoring.result import HandResult
from ..variants import Table, Variant
from ..variants.queen_city import GOING_OUT
from .base import Family

GIVE_MELDS = define(
    "queen_city.give_melds", N_("give the melds {name} went out with (or their points)")
)
MELD_ALL = define(
    "queen_city.meld_all",
    N_("a player goes out by melding all 8 cards (or 7 and a discard), not {size}"),
)
NO_LOOSE_CARDS = define(
    "queen_city.no_loose_cards", N_("give the winner's melds (or points), not loose cards")
)
MELDS_WORTH = define("queen_city.melds", N_("{name} melds {melds} = {count}"))
WORTH = define("queen_city.worth", N_("{name}'s melds are worth {count}"))
TIMES = define("queen_city.times", N_("{count} × {others} other players = {score}"))


def score_queen_city(hand: HandContext) -> HandResult:
    out = hand.player("out")
    entry = hand.entries().get(out)
    if entry is None:
        raise ResultError(GIVE_MELDS(name=out), f"result.hands.{out}")
    counted = read_entry(hand, out, _melds_as_counted(entry), arrange_hand=False, count_melds=True)
    if counted.source == "melds":
        size = sum(len(m.cards) for m in counted.melds)
        if size not in GOING_OUT or counted.unmatched:
            raise ResultError(MELD_ALL(size=size), f"result.hands.{out}.melds")
        deck_check(hand, [counted])
    others = len(hand.players) - 1
    score = counted.count * others
    lines = [
        MELDS_WORTH(name=out, melds=" · ".join(str(m) for m in counted.melds), count=counted.count)
        if counted.melds
        else WORTH(name=out, count=counted.count),
        TIMES(count=counted.count, others=others, score=score),
    ]
    return finish(hand, [out], {out: score}, {out: counted}, lines)


def _melds_as_counted(entry):
    if isinstance(entry, dict) and entry.get("cards") is not None and entry.get("melds") is None:
        raise ResultError(NO_LOOSE_CARDS(), "result.hands")
    return entry


class QueenCity(Family):
    slug = "queen-city"
    scorer = staticmethod(score_queen_city)
    seats = "winner"
    seat_keys = ("points", "cards", "hand", "melds")

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # the winner lays the whole hand down at once

    def hand_size(self, table: Table, players: int, name: str, result: Mapping) -> tuple[int, int]:
        # Going out: every card melded after the draw, or all but a discard.
        deal = table.variant.deal_for(players)
        return deal, deal + 1
