"""Continental Rum: 15 cards melded at once in sequences only; every other player pays."""

from types import MappingProxyType

from ..going_out import WholeHand
from ..melds import Ace, MeldRules
from ..messages import N_
from .base import EndRule, Option, Variant
from .common import hands, hands_per_player
from .parameters import house_number

JOKER_FEE = house_number(
    "joker-fee",
    N_("Joker fee"),
    N_("What each player pays the winner for every joker in the winning hand."),
)

PATTERNS = ((5, 4, 3, 3), (4, 4, 4, 3), (3, 3, 3, 3, 3))

CONTINENTAL_RUM = Variant(
    slug="continental-rum",
    name=N_("Continental Rum"),
    summary=N_("Up to 12 players with 2-4 packs; go out by melding all 15 cards in sequences at once."),
    family="continental",
    players=(2, 12),
    deal=MappingProxyType({n: 15 for n in range(2, 13)}),
    packs=MappingProxyType({n: 2 if n <= 5 else 3 if n <= 8 else 4 for n in range(2, 13)}),
    jokers_per_pack=1,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW, sets=False),
    going_out=WholeHand(patterns=PATTERNS),
    options=(
        Option(
            "starting-points",
            N_("Starting points"),
            "int",
            100,
            True,
            N_("Points each player starts the game with."),
            minimum=0,
        ),
        hands(N_("How many hands the game lasts (default: the number of players).")),
        Option(
            "deuces-wild",
            N_("Deuces wild"),
            "bool",
            False,
            True,
            N_("2s are wild too; the winner collects 1 more from each player per wild 2 used."),
        ),
        Option(
            "quick-meld-bonus",
            N_("Quick meld bonus"),
            "bool",
            False,
            True,
            N_(
                "Going out before drawing (no discard) earns 10 from each player; after drawing "
                "one card, 7."
            ),
        ),
        Option(
            "special-bonuses",
            N_("Special bonuses"),
            "bool",
            False,
            True,
            N_("Going out with no wild card, or all in one suit, earns 10 from each player."),
        ),
        JOKER_FEE(2),
    ),
    end=EndRule("hands"),
    winner_deals=True,
    hooks=MappingProxyType({"default": hands_per_player(1)}),
    rules=(
        (
            N_("Players and cards"),
            N_("Two to twelve players. A pack here means 52 cards and one joker: two to five players "
            "use two packs, six to eight use three, nine to twelve use four. Everyone gets 15 "
            "cards, and the winner of a hand deals the next."),
        ),
        (
            N_("Melds"),
            N_("Only runs count, never sets: three or more cards of a suit in order, with the ace at "
            "the low or the high end but never in the middle of K-A-2. Jokers are wild, and two "
            "runs may share a suit."),
        ),
        (
            N_("Going out"),
            N_("Nothing is melded along the way. A player goes out by laying down all 15 cards at "
            "once, discarding one more, in one of three shapes: runs of 5, 4, 3 and 3 cards; runs "
            "of 4, 4, 4 and 3; or five runs of 3."),
        ),
        (
            N_("Scoring"),
            N_("The winner collects from each opponent a base of 1 point and another {joker_fee} for every "
            "joker used in the melds; what the others pay comes off their totals. Players start on "
            "{starting_points} (the starting points option). When the agreed number of hands is played (the "
            "hands option), the highest total wins, and leaders on the same total share the win."),
        ),
        (
            N_("Options"),
            N_("Deuces wild: 2s are wild too, and every 2 that stands in for another card earns 1 "
            "more from each player (a 2 sitting in its natural spot, as in 2-3-4, is not wild). "
            "Quick meld bonus: 10 from each player for going out before drawing a card (the 15 "
            "cards dealt are melded, so there is no discard), 7 for going out after drawing just "
            "one. Special bonuses: 10 from each player for going out "
            "with no wild card at all, and 10 for melding all 15 cards in one suit. Every bonus "
            "comes on top of the basic payment."),
        ),
    ),
    decisions=(
        N_("The rules leave the length of a game open: unless the hands option is set, the number of "
        "hands equals the number of players."),
        N_("No meld may be made of wild cards alone; each needs at least one natural card."),
        N_(
            "With deuces wild a 2 may stand for any card, not only a card next to it: KD AD 2D "
            "is a run of three diamonds with the 2 as the queen or the jack."
        ),
        N_(
            "A joker whose card is not named counts as the card that gives its meld the highest "
            "value towards a first meld; the checker shows the reading it chose."
        ),
        N_("Players level on the highest total after the last hand share the win."),
    ),
)

VARIANTS = (CONTINENTAL_RUM,)
