"""Phỏm (Tá Lả): Vietnamese Rummy, four turns each, paid in chips."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..values import CardValues
from .base import EndRule, Option, Variant
from .common import hands, hands_per_player

PHOM = Variant(
    slug="phom",
    name="Phỏm",
    aka=("Tá Lả", "Vietnamese Rummy"),
    summary="Four turns each, then the lowest trash total wins chips; going ù wins at once.",
    family="phom",
    players=(2, 4),
    deal=MappingProxyType({2: 9, 3: 9, 4: 9}),
    deal_note="The player on the dealer's left gets a 10th card and starts by discarding.",
    meld_rules=MeldRules(ace=Ace.LOW),
    values=CardValues(jack=11, queen=12, king=13),
    options=(
        Option(
            "feeding-penalties",
            "Feeding penalties",
            "bool",
            False,
            True,
            "Feeding the next player a discard costs 1 chip; feeding three before an ù pays for everyone.",
        ),
        Option(
            "no-lay-off",
            "No lay-off",
            "bool",
            False,
            False,
            "Nobody may lay cards off on other players' melds on the final turn.",
        ),
        hands("twice the number of players"),
        Option(
            "starting-chips",
            "Starting chips",
            "int",
            0,
            True,
            "Chips each player starts the session with.",
            minimum=0,
        ),
    ),
    end=EndRule("hands"),
    deadwood=True,
    hooks=MappingProxyType({"default": hands_per_player(2)}),
)

VARIANTS = (PHOM,)
