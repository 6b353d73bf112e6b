"""Queen City Rum: the player out scores his own melds times the number of other players."""

from __future__ import annotations

from ..errors import ResultError
from ..variants.queen_city import GOING_OUT
from .common import deck_check, finish
from .context import Hand
from .entries import read_entry
from .result import HandResult


def score_queen_city(hand: Hand) -> HandResult:
    out = hand.player("out")
    entry = hand.entries().get(out)
    if entry is None:
        raise ResultError(
            f"give the melds {out} went out with (or their points)", f"result.hands.{out}"
        )
    counted = read_entry(hand, out, _melds_as_counted(entry), arrange_hand=False, count_melds=True)
    if counted.source == "melds":
        size = sum(len(m.cards) for m in counted.melds)
        if size not in GOING_OUT or counted.unmatched:
            raise ResultError(
                f"a player goes out by melding all 8 cards (or 7 and a discard), not {size}",
                f"result.hands.{out}.melds",
            )
        deck_check(hand, [counted])
    others = len(hand.players) - 1
    score = counted.count * others
    lines = [
        f"{out} melds {' · '.join(str(m) for m in counted.melds)} = {counted.count}"
        if counted.melds
        else f"{out}'s melds are worth {counted.count}",
        f"{counted.count} × {others} other players = {score}",
    ]
    return finish(hand, [out], {out: score}, {out: counted}, lines)


def _melds_as_counted(entry):
    if isinstance(entry, dict) and entry.get("cards") is not None and entry.get("melds") is None:
        raise ResultError("give the winner's melds (or points), not loose cards", "result.hands")
    return entry
