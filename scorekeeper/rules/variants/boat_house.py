"""Boat House Rum: whole-hand melding, wrap runs, only unmatched cards count."""

from ..going_out import WholeHand
from ..melds import Ace, MeldRules
from ..messages import N_
from ..values import CardValues
from .base import Variant
from .common import COUNT_SCORING, STANDARD_DEAL, STANDARD_HOOKS, target

BOAT_HOUSE_RUM = Variant(
    slug="boat-house-rum",
    name=N_("Boat House Rum"),
    summary=N_("Take two when you take a discard, go out with your whole hand; only unmatched cards count."),
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    meld_rules=MeldRules(ace=Ace.WRAP),
    going_out=WholeHand(),
    values=CardValues(ace=11),
    options=(target(100), COUNT_SCORING),
    hooks=STANDARD_HOOKS,
    deadwood=True,
    hand_grows=True,
    rules=(
        (
            N_("Players and deal"),
            N_("Two to six players with one 52-card pack and no jokers. Two players get 10 cards "
            "each, three or four get 7, five or six get 6."),
        ),
        (
            N_("Drawing"),
            N_("A player who picks up the top discard must take a second card as well: the next "
            "discard underneath or the top card of the stock. The turn still ends with a single "
            "discard."),
        ),
        (
            N_("Melds"),
            N_("Sets of one rank and runs of one suit, as usual. The ace may sit at either end of a "
            "run and runs may go around the corner, so Q-K-A-2 counts."),
        ),
        (
            N_("End of a hand"),
            N_("Nobody melds during play. A player goes out by showing the entire hand as melds, with "
            "or without a last discard, and the hand ends. The others then show their hands, "
            "setting their melds apart from the cards that fit nowhere."),
        ),
        (
            N_("Scoring"),
            N_("The player who went out scores the unmatched cards of all opponents: ace 11, king, "
            "queen and jack 10, the rest their number. When a whole hand is entered, the app "
            "splits it into the melds that leave the least unmatched value. After a hand that "
            "takes someone to {target} or more (the target option) the highest total wins."),
        ),
    ),
    decisions=(
        N_(
            "Count scoring (1 per unmatched card) is offered here too, since the winner collects "
            "the value of the others' cards."
        ),
        N_("A tie for the highest total at the moment the game would end settles nothing: play "
        "continues hand by hand until a single player is ahead."),
    ),
)

VARIANTS = (BOAT_HOUSE_RUM,)
