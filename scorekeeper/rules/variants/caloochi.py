"""Caloochi (Kaluki): two packs and four jokers, a 51-point initial meld."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..values import CardValues
from .base import Variant
from .common import target

CALOOCHI = Variant(
    slug="caloochi",
    name="Caloochi",
    aka=("Kaluki", "Kaloochi", "Kalougi"),
    summary="Two packs and four jokers, 15 cards each; your first melds must total 51.",
    family="standard",
    players=(2, 4),
    deal=MappingProxyType({2: 15, 3: 15, 4: 15}),
    packs=2,
    extra_jokers=4,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW),
    values=CardValues(ace=15, joker=25),
    options=(target(100),),
)

INITIAL_MELD = 51

VARIANTS = (CALOOCHI,)
