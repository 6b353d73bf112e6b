"""Boat House Rum: whole-hand melding, wrap runs, only unmatched cards count."""

from ..melds import Ace, MeldRules
from ..values import CardValues
from .base import Variant
from .common import STANDARD_DEAL, target

BOAT_HOUSE_RUM = Variant(
    slug="boat-house-rum",
    name="Boat House Rum",
    summary="Take two when you take a discard, go out with your whole hand; only unmatched cards count.",
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    meld_rules=MeldRules(ace=Ace.WRAP),
    values=CardValues(ace=11),
    options=(target(100),),
    deadwood=True,
)

VARIANTS = (BOAT_HOUSE_RUM,)
