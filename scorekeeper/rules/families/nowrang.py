"""Nowrang: the first to show one 4-card and two 3-card sequences wins the game."""

from __future__ import annotations

from ..messages import N_
from ..scoring.nowrang import score_nowrang
from ..variants import Variant
from .base import Family


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
