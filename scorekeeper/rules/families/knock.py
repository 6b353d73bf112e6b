"""Knock Rummy: the knocker against the lowest deadwood; every seat's cards are entered."""

from __future__ import annotations

from ..messages import N_
from ..scoring import knock
from ..variants import Variant
from .base import Family


class Knock(Family):
    slug = "knock"
    scorer = staticmethod(knock.score_knock)
    role = "knocker"
    role_label = N_("Who knocked?")
    role_required = N_("Choose who knocked.")
    seats = "all"
    undercut_bonus = knock.UNDERCUT_BONUS
    rum_bonus = knock.RUM_BONUS

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # nothing goes down before the knock
