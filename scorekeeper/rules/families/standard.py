"""The standard family: the player who went out scores what the others hold.

Standard Rummy, Rummy Complete, Throw Down, Boat House, Caloochi and Double Rum.
"""

from __future__ import annotations

from typing import ClassVar

from ..errors import ResultError
from ..messages import N_, define
from ..scoring.common import collect, count_others, finish, split_pool
from ..scoring.context import HandContext
from ..scoring.result import HandResult
from ..variants import Variant
from .base import EntryField, Family

RUMMY_DOUBLED = define(
    "standard.rummy", N_("{name} went rummy in one turn: {total} doubled is {doubled}")
)
WENT_OUT = define("standard.out", N_("{name} went out and scores {total}"))
BLOCKED = define(
    "block.blocked", N_("Blocked: lowest count {low}; the others' differences make {pool}")
)
BLOCKED_AND_OUT = define(
    "block.out_and_blocked", N_("a blocked hand has nobody out: give either out or blocked")
)


def score_standard(hand: HandContext) -> HandResult:
    """The player who went out scores what every opponent holds (doubled for a hidden rummy)."""
    out = hand.player("out")
    counted = count_others(hand, out)
    total = sum(c.count for c in counted.values())
    lines = [c.describe(name) for name, c in counted.items()]
    if hand.flag("rummy"):
        lines.append(RUMMY_DOUBLED(name=out, total=total, doubled=2 * total))
        total *= 2
    lines.append(WENT_OUT(name=out, total=total))
    return finish(hand, [out], {out: total}, counted, lines)


def score_block(hand: HandContext) -> HandResult:
    """Out: as standard. Blocked: the lowest count earns the differences, ties split them."""
    if not hand.flag("blocked"):
        return score_standard(hand)
    if hand.entry.get("out") is not None:
        raise ResultError(BLOCKED_AND_OUT(), "result.out")
    counted = collect(hand, hand.players)
    low = min(c.count for c in counted.values())
    winners = [p for p in hand.players if counted[p].count == low]
    lines = [c.describe(name) for name, c in counted.items()]
    pool = sum(c.count - low for name, c in counted.items() if name not in winners)
    lines.append(BLOCKED(low=low, pool=pool))
    deltas, share_lines = split_pool(winners, pool)
    return finish(hand, winners, deltas, counted, lines + share_lines)


RUMMY = EntryField(
    "rummy",
    "flag",
    N_("Went rummy: laid everything down in one turn"),
    option="rummy-hidden",
    section="role",
)


class Standard(Family):
    slug = "standard"
    scorer = staticmethod(score_standard)
    extras: ClassVar[tuple[EntryField, ...]] = (RUMMY,)

    def melds_count(self, variant: Variant) -> bool:
        # Nothing is laid during the hand (Rummy Complete), so declared melds still count.
        return not variant.laid_in_play


class Block(Standard):
    """Block Rummy: as standard, or a blocked hand where the lowest count wins."""

    slug = "block"
    scorer = staticmethod(score_block)
    blocked_key = "blocked"
    blocked_label = N_("Nobody: the hand was blocked")
