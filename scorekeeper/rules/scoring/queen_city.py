"""Queen City Rum: the player out scores his own melds times the number of other players."""

from __future__ import annotations

from ..errors import ResultError
from ..messages import N_, define
from .common import deck_check, finish
from .context import HandContext
from .entries import read_entry
from .result import HandResult

GIVE_MELDS = define(
    "queen_city.give_melds", N_("give the melds {name} went out with (or their points)")
)
MELD_ALL = define(
    "queen_city.meld_all",
    N_("a player goes out by melding all 7 cards (or 6 and a discard), not {size}"),
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
        if size not in (6, 7) or counted.unmatched:
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
