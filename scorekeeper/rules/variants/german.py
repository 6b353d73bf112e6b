"""German Rummy (Rommé): penalty points, jokers worth 30, lowest total wins."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..values import CardValues
from .base import EndRule, Variant
from .common import hands, hands_per_player

GERMAN_RUMMY = Variant(
    slug="german-rummy",
    name="German Rummy",
    aka=("Rommé",),
    summary="Two packs and six jokers; first melds must total 40; cards left are penalty points.",
    family="penalty",
    players=(2, 6),
    deal=MappingProxyType({n: 13 for n in range(2, 7)}),
    packs=2,
    extra_jokers=6,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW, jokers_at_most_naturals=True),
    values=CardValues(ace=11, joker=30),
    options=(hands("the number of players"),),
    end=EndRule("hands", highest_wins=False),
    hooks=MappingProxyType({"default": hands_per_player(1)}),
)

INITIAL_MELD = 40

VARIANTS = (GERMAN_RUMMY,)
