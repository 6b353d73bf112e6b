"""Nowrang: the first to show one 4-card and two 3-card sequences wins the game."""

from __future__ import annotations

from ..errors import ResultError
from ..messages import N_, define
from ..scoring.common import finish, winner_melds
from ..scoring.context import HandContext
from ..scoring.result import HandResult
from ..variants import Variant
from ..variants.nowrang import PATTERN
from .base import Family

NOT_THE_PATTERN = define(
    "nowrang.pattern",
    N_("a winning hand is one 4-card and two 3-card sequences, not {lengths}"),
)
NOT_THE_PATTERN_EMPTY = define(
    "nowrang.pattern_empty",
    N_("a winning hand is one 4-card and two 3-card sequences, not nothing"),
)
SHOWS = define("nowrang.shows", N_("{name} shows {melds}"))
WINS = define("nowrang.wins", N_("{name} wins the game"))


def score_nowrang(hand: HandContext) -> HandResult:
    out = hand.player("out")
    lines = []
    declared = winner_melds(hand, out)
    if declared is not None:
        melds, where = declared
        lengths = tuple(sorted((len(m.cards) for m in melds), reverse=True))
        if lengths != PATTERN:
            shape = "-".join(map(str, lengths))
            raise ResultError(
                NOT_THE_PATTERN(lengths=shape) if shape else NOT_THE_PATTERN_EMPTY(), where
            )
        lines.append(SHOWS(name=out, melds=" · ".join(str(m) for m in melds)))
    lines.append(WINS(name=out))
    return finish(hand, [out], {out: 1}, {}, lines)


class Nowrang(Family):
    slug = "nowrang"
    scorer = staticmethod(score_nowrang)
    role_label = N_("Who won the game?")
    role_required = N_("Choose who won.")
    seats = "winner"
    seat_keys = ("melds", "hand")
    melds_help = N_("Optional: the app checks the 4-3-3 sequences.")

    def laid_in_play(self, variant: Variant) -> bool:
        return False
