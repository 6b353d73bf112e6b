"""Double Rum: two packs, four jokers, sets may hold identical cards."""

from ..melds import Ace, MeldRules
from ..messages import N_
from ..values import CardValues
from .base import Variant
from .common import COUNT_SCORING, STANDARD_DEAL, STANDARD_HOOKS, target

DOUBLE_RUM = Variant(
    slug="double-rum",
    name=N_("Double Rum"),
    summary=N_("Two packs and four jokers; a set may hold two identical cards."),
    family="standard",
    players=(2, 6),
    deal=STANDARD_DEAL,
    packs=2,
    extra_jokers=4,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW, identical_in_sets=True),
    values=CardValues(ace=11, joker=15),
    options=(target(100), COUNT_SCORING),
    hooks=STANDARD_HOOKS,
    rules=(
        (
            N_("Players and deal"),
            N_("Two 52-card packs and four jokers. Two to six players; the app suggests 10 cards each "
            "for two players, 7 for three or four and 6 for five or six."),
        ),
        (
            N_("Melds and jokers"),
            N_("A run is three or more cards of a suit in order, with the ace at the bottom or the "
            "top but never between K and 2. A set is three or more cards of one rank, and it may "
            "hold identical cards such as 7H 7H 7S. Jokers are wild. Someone laying off on a run "
            "that ends in a joker may shift that joker to the run's other end."),
        ),
        (
            N_("Scoring"),
            N_("The player who goes out scores the cards left in all the other hands: ace 11, joker "
            "15, king, queen and jack 10, other cards their number."),
        ),
        (
            N_("End of the game"),
            N_("After a hand that takes someone to {target} or more (the target option), the highest total "
            "wins."),
        ),
    ),
    decisions=(
        N_("The rules give neither a player count nor deal sizes: the app allows 2 to 6 players and "
        "proposes the Standard Rummy deal."),
        N_("No meld may be made of jokers alone; each needs at least one natural card."),
        N_(
            "Count scoring (1 per card, 2 per joker) is offered here too, since the winner "
            "collects the value of the others' cards."
        ),
        N_(
            "A joker whose card is not named counts as the card that gives its meld the highest "
            "value; the checker shows the reading it chose."
        ),
        N_("A tie for the highest total at the moment the game would end settles nothing: play "
        "continues hand by hand until a single player is ahead."),
    ),
)

VARIANTS = (DOUBLE_RUM,)
