"""Nowrang: the first to show one 4-card and two 3-card sequences wins the game."""

from __future__ import annotations

from collections.abc import Mapping

from ..errors import ResultError
from ..variants.nowrang import PATTERN
from .common import deck_check, finish
from .context import Hand
from .entries import read_melds
from .result import HandResult


def score_nowrang(hand: Hand) -> HandResult:
    out = hand.player("out")
    lines = []
    entry = hand.entries().get(out)
    if isinstance(entry, Mapping) and entry.get("melds") is not None:
        where = f"result.hands.{out}.melds"
        melds = read_melds(entry["melds"], hand.table, where)
        lengths = tuple(sorted((len(m.cards) for m in melds), reverse=True))
        if lengths != PATTERN:
            raise ResultError(
                f"a winning hand is one 4-card and two 3-card sequences, not {'-'.join(map(str, lengths)) or 'nothing'}",
                where,
            )
        deck_check(hand, [], extra=[mc.card for m in melds for mc in m.cards])
        lines.append(f"{out} shows {' · '.join(str(m) for m in melds)}")
    lines.append(f"{out} wins the game")
    return finish(hand, [out], {out: 1}, {}, lines)
