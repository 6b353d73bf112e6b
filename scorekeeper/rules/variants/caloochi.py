"""Caloochi (Kaluki): two packs and four jokers, a 51-point initial meld."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..messages import N_
from ..values import CardValues
from .base import Variant
from .common import COUNT_SCORING, STANDARD_HOOKS, target
from .parameters import INITIAL_MELD

CALOOCHI = Variant(
    slug="caloochi",
    name=N_("Caloochi"),
    aka=(N_("Kaluki"), N_("Kaloochi"), N_("Kalougi")),
    summary=N_("Two packs and four jokers, 15 cards each; your first melds must total 51."),
    family="standard",
    players=(2, 4),
    deal=MappingProxyType({2: 15, 3: 15, 4: 15}),
    packs=2,
    extra_jokers=4,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW),
    values=CardValues(ace=15, joker=25),
    options=(target(100), COUNT_SCORING, INITIAL_MELD(51)),
    hooks=STANDARD_HOOKS,
    rules=(
        (
            N_("Players and deal"),
            N_("Two to four players share two 52-card packs and four jokers, 108 cards in all. "
            "Everybody is dealt 15 cards."),
        ),
        (
            N_("Melds and jokers"),
            N_("A set is three or four cards of a rank in different suits; a run is three or more "
            "cards of a suit in order. An ace can begin a run (A-2-3-4) or finish one (J-Q-K-A) "
            "but never link K to 2. Jokers are wild; a player who completes a set of three with a "
            "joker says which card it replaces. A joker already on the table can be won back: once "
            "you have drawn, and before you meld or discard, swap in the natural card it "
            "represents and keep the joker."),
        ),
        (
            N_("First meld"),
            N_("A player's first meld or melds of the hand must be worth {initial_meld} or more, each joker "
            "counting as the card it represents. Until then the player draws from the stock only, "
            "except to take the top discard for immediate use in that first meld."),
        ),
        (
            N_("Scoring"),
            N_("The player who goes out scores all the points left in the other hands: ace 15, joker "
            "25, king, queen and jack 10, other cards their number. After a hand that takes "
            "someone to 100 or more (the target option) the highest total wins."),
        ),
    ),
    decisions=(
        N_("Two packs hold two copies of every card, yet a set still may not repeat a suit: each card "
        "of a set has a suit of its own."),
        N_("Towards the {initial_meld} of a first meld, an ace is worth 1 when it stands below the 2 of a run and "
        "11 anywhere else (in a set, or above the king)."),
        N_("No meld may be made of jokers alone; each needs at least one natural card."),
        N_(
            "A joker whose card is not named counts as the card that gives its meld the highest "
            "value towards a first meld; the checker shows the reading it chose."
        ),
        N_(
            "Count scoring (1 per card, 2 per joker) is offered here too, since the winner "
            "collects the value of the others' cards."
        ),
        N_("A tie for the highest total at the moment the game would end settles nothing: play "
        "continues hand by hand until a single player is ahead."),
    ),
)


VARIANTS = (CALOOCHI,)
