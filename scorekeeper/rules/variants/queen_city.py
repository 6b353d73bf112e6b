"""Queen City Rum: seven cards, melded all at once, paid by every other player."""

from types import MappingProxyType

from ..going_out import WholeHand
from ..melds import Ace, MeldRules
from ..messages import N_
from .base import Variant
from .common import target

# Cards melded when going out: all 8 held after drawing, or 7 and a discard.
GOING_OUT = (7, 8)

QUEEN_CITY_RUM = Variant(
    slug="queen-city-rum",
    name=N_("Queen City Rum"),
    summary=N_("Seven cards each, melded all at once; your melds score times the number of other players."),
    family="queen-city",
    players=(2, 6),
    deal=MappingProxyType({n: 7 for n in range(2, 7)}),
    meld_rules=MeldRules(ace=Ace.LOW),
    going_out=WholeHand(melded=GOING_OUT),
    options=(target(500),),
    rules=(
        (
            N_("Players and deal"),
            N_("Two to six players with one 52-card pack and no jokers. Everyone is dealt 7 cards, "
            "however many are playing."),
        ),
        (
            N_("Melds"),
            N_(
                "Sets and runs as in Standard Rummy, with the ace low. Nothing is melded during "
                "play: on his turn, after drawing, a player goes out by laying down all 8 cards "
                "he then holds in melds, or 7 of them and a discard."
            ),
        ),
        (
            N_("Scoring"),
            N_("The player who goes out adds up his own melded cards (ace 1, 2 to 10 their number, "
            "king, queen and jack 10) and multiplies the sum by the number of other players: 30 "
            "points of melds against three opponents scores 90."),
        ),
        (
            N_("End of the game"),
            N_("After a hand that takes someone to {target} or more (the target option), the highest total "
            "wins."),
        ),
    ),
    decisions=(
        N_("The rules set no target. Since hand scores are multiplied, the usual 100 would often end "
        "a game after one hand, so the app plays to {target}."),
        N_("A tie for the highest total at the moment the game would end settles nothing: play "
        "continues hand by hand until a single player is ahead."),
    ),
)

VARIANTS = (QUEEN_CITY_RUM,)
