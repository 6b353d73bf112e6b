"""Knock Rummy: no melding on the table; knock to end the hand, lowest deadwood wins."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from .base import Variant
from .common import target

KNOCK_RUMMY = Variant(
    slug="knock-rummy",
    name="Knock Rummy",
    summary="Nobody melds on the table: knock to end the hand, and the lowest deadwood wins the difference.",
    family="knock",
    players=(2, 5),
    deal=MappingProxyType({2: 10, 3: 7, 4: 7, 5: 6}),
    meld_rules=MeldRules(ace=Ace.LOW),
    options=(target(100),),
    deadwood=True,
)

VARIANTS = (KNOCK_RUMMY,)
