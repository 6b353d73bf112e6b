"""Continental Rum: every other player pays the winner; only the winner's melds are entered."""

from __future__ import annotations

from typing import ClassVar

from ..messages import N_
from ..scoring import continental
from ..variants import Variant
from .base import EntryField, Family

DRAWS = EntryField(
    "draws",
    "number",
    N_("Cards the winner drew before going out"),
    option="quick-meld-bonus",
    section="melds",
)
JOKERS = EntryField(
    "jokers",
    "number",
    N_("Jokers used"),
    section="melds",
    help_before=N_("Without the melds, say what the winner used:"),
    instead_of_melds=True,
)
WILD_DEUCES = EntryField(
    "wild_deuces",
    "number",
    N_("2s used as wild cards"),
    option="deuces-wild",
    section="melds",
    instead_of_melds=True,
)
SAME_SUIT = EntryField(
    "same_suit",
    "flag",
    N_("All 15 cards in one suit"),
    option="special-bonuses",
    section="melds",
    instead_of_melds=True,
)


class Continental(Family):
    slug = "continental"
    scorer = staticmethod(continental.score_continental)
    seats = "winner"
    seat_keys = ("melds", "hand")
    extras: ClassVar[tuple[EntryField, ...]] = (DRAWS, JOKERS, WILD_DEUCES, SAME_SUIT)
    zero_sum = True
    joker_fee = continental.JOKER_FEE
    wild_deuce_fee = continental.WILD_DEUCE_FEE
    quick_bonus = continental.QUICK_BONUS
    special_bonus = continental.SPECIAL_BONUS

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # the winner lays all 15 cards down at once
