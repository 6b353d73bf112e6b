"""German Rummy: every player but the winner takes the value of his cards as penalty points."""

from __future__ import annotations

from .common import count_others, finish
from .context import HandContext
from .result import HandResult


def score_penalty(hand: HandContext) -> HandResult:
    out = hand.player("out")
    counted = count_others(hand, out)
    lines = [f"{out} went out: 0"]
    lines += [f"{c.describe(name)}: {c.count} penalty points" for name, c in counted.items()]
    deltas = {name: c.count for name, c in counted.items()}
    return finish(hand, [out], deltas, counted, lines)
