"""Double Rum: two packs, four jokers, sets may hold identical cards."""

from ..melds import Ace, MeldRules
from ..values import CardValues
from .base import Variant
from .common import STANDARD_DEAL, target

DOUBLE_RUM = Variant(
    slug="double-rum",
    name="Double Rum",
    summary="Two packs and four jokers; a set may hold two identical cards.",
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    packs=2,
    extra_jokers=4,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW, identical_in_sets=True),
    values=CardValues(ace=11, joker=15),
    options=(target(100),),
)

VARIANTS = (DOUBLE_RUM,)
