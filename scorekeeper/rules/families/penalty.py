"""German Rummy: everybody but the winner takes penalty points."""

from __future__ import annotations

from ..messages import N_, define
from ..scoring.common import count_others, finish
from ..scoring.context import HandContext
from ..scoring.result import HandResult
from .base import Family

WENT_OUT = define("penalty.out", N_("{name} went out: 0"))
PENALTY = define("penalty.points", N_("{line}: {count} penalty points"))


def score_penalty(hand: HandContext) -> HandResult:
    out = hand.player("out")
    counted = count_others(hand, out)
    lines = [WENT_OUT(name=out)]
    lines += [PENALTY(line=c.describe(name), count=c.count) for name, c in counted.items()]
    deltas = {name: c.count for name, c in counted.items()}
    return finish(hand, [out], deltas, counted, lines)


class Penalty(Family):
    slug = "penalty"
    scorer = staticmethod(score_penalty)
