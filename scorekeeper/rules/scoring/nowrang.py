"""Nowrang: the first to show one 4-card and two 3-card sequences wins the game."""

from __future__ import annotations

from ..errors import ResultError
from ..variants.nowrang import PATTERN
from .common import finish, winner_melds
from .context import HandContext
from .result import HandResult


def score_nowrang(hand: HandContext) -> HandResult:
    out = hand.player("out")
    lines = []
    declared = winner_melds(hand, out)
    if declared is not None:
        melds, where = declared
        lengths = tuple(sorted((len(m.cards) for m in melds), reverse=True))
        if lengths != PATTERN:
            raise ResultError(
                f"a winning hand is one 4-card and two 3-card sequences, not {'-'.join(map(str, lengths)) or 'nothing'}",
                where,
            )
        lines.append(f"{out} shows {' · '.join(str(m) for m in melds)}")
    lines.append(f"{out} wins the game")
    return finish(hand, [out], {out: 1}, {}, lines)
