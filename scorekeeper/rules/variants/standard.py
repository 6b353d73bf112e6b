"""Standard Rummy and the variants scored exactly like it."""

from ..melds import Ace, MeldRules
from .base import Variant
from .common import STANDARD_DEAL, STANDARD_HOOKS, standard_options

STANDARD_RUMMY = Variant(
    slug="standard-rummy",
    name="Standard Rummy",
    summary="The base game: meld sets and runs, go out first, score what the others still hold.",
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    meld_rules=MeldRules(ace=Ace.LOW),
    options=standard_options(100),
    hooks=STANDARD_HOOKS,
)

RUMMY_COMPLETE = Variant(
    slug="rummy-complete",
    name="Rummy Complete",
    summary="No melding during play: lay your whole hand down at once and collect for every card the others hold.",
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    meld_rules=MeldRules(ace=Ace.LOW),
    options=standard_options(200),
    hooks=STANDARD_HOOKS,
)

BLOCK_RUMMY = Variant(
    slug="block-rummy",
    name="Block Rummy",
    summary="Standard Rummy, but when the stock runs out the hand can end blocked and the lowest count wins.",
    family="block",
    players=(2, 6),
    deal=STANDARD_DEAL,
    meld_rules=MeldRules(ace=Ace.LOW),
    options=standard_options(100),
    hooks=STANDARD_HOOKS,
)

THROW_DOWN_RUMMY = Variant(
    slug="throw-down-rummy",
    name="Throw Down Rummy",
    summary="Discards land in a scattered spread and you may draw any one of them; scored as standard.",
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    meld_rules=MeldRules(ace=Ace.LOW),
    options=standard_options(100),
    hooks=STANDARD_HOOKS,
)

VARIANTS = (STANDARD_RUMMY, RUMMY_COMPLETE, BLOCK_RUMMY, THROW_DOWN_RUMMY)
