"""Queen City Rum: seven cards, melded all at once, paid by every other player."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from .base import Variant
from .common import target

QUEEN_CITY_RUM = Variant(
    slug="queen-city-rum",
    name="Queen City Rum",
    summary="Seven cards each, melded all at once; your melds score times the number of other players.",
    family="queen-city",
    players=(2, 6),
    deal=MappingProxyType({n: 7 for n in range(2, 7)}),
    meld_rules=MeldRules(ace=Ace.LOW),
    options=(target(500),),
)

VARIANTS = (QUEEN_CITY_RUM,)
