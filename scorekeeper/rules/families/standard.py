"""The standard family: the player who went out scores what the others hold.

Standard Rummy, Rummy Complete, Throw Down, Boat House, Caloochi and Double Rum.
"""

from __future__ import annotations

from typing import ClassVar

from ..messages import N_
from ..scoring.standard import score_block, score_standard
from ..variants import Variant
from .base import EntryField, Family

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
