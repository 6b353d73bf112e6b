"""Continental Rum: 15 cards melded at once in sequences only; every other player pays."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from .base import EndRule, Option, Variant
from .common import hands, hands_per_player

PATTERNS = ((5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3))

CONTINENTAL_RUM = Variant(
    slug="continental-rum",
    name="Continental Rum",
    summary="Up to 12 players with 2-4 packs; go out by melding all 15 cards in sequences at once.",
    family="continental",
    players=(2, 12),
    deal=MappingProxyType({n: 15 for n in range(2, 13)}),
    packs=MappingProxyType({n: 2 if n <= 5 else 3 if n <= 8 else 4 for n in range(2, 13)}),
    jokers_per_pack=1,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW, sets=False),
    options=(
        Option(
            "starting-points",
            "Starting points",
            "int",
            100,
            True,
            "Points each player starts the game with.",
            minimum=0,
        ),
        hands("the number of players"),
        Option(
            "deuces-wild",
            "Deuces wild",
            "bool",
            False,
            True,
            "2s are wild too; the winner collects 1 more from each player per wild 2 used.",
        ),
        Option(
            "quick-meld-bonus",
            "Quick meld bonus",
            "bool",
            False,
            True,
            "Going out before drawing earns 10 from each player; after drawing one card, 7.",
        ),
        Option(
            "special-bonuses",
            "Special bonuses",
            "bool",
            False,
            True,
            "Going out with no wild card, or all in one suit, earns 10 from each player.",
        ),
    ),
    end=EndRule("hands"),
    winner_deals=True,
    hooks=MappingProxyType({"default": hands_per_player(1)}),
)

VARIANTS = (CONTINENTAL_RUM,)
