"""Nowrang: two players race to a 4-card and two 3-card sequences."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from .base import EndRule, Option, Variant

PATTERN = (4, 3, 3)

NOWRANG = Variant(
    slug="nowrang",
    name="Nowrang",
    summary="Two players, ace high: the first to hold one 4-card and two 3-card sequences wins.",
    family="nowrang",
    players=(2, 2),
    deal=MappingProxyType({2: 10}),
    deal_note="The dealer takes 10 cards and deals 11 to the opponent, who starts by discarding.",
    meld_rules=MeldRules(ace=Ace.HIGH, sets=False, run_lengths=(3, 4)),
    options=(
        Option(
            "match-games",
            "Match length",
            "int",
            1,
            True,
            "How many games make a match; the most games won leads.",
            minimum=1,
        ),
    ),
    end=EndRule("match"),
    winner_deals=True,
)

VARIANTS = (NOWRANG,)
