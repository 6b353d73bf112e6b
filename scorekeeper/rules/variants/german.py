"""German Rummy (Rommé): penalty points, jokers worth 30, lowest total wins."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..messages import N_
from ..values import CardValues
from .base import EndRule, Variant
from .common import hands, hands_per_player
from .parameters import INITIAL_MELD

GERMAN_RUMMY = Variant(
    slug="german-rummy",
    name=N_("German Rummy"),
    aka=(N_("Rommé"),),
    summary=N_("Two packs and six jokers; first melds must total 40; cards left are penalty points."),
    family="penalty",
    players=(2, 6),
    deal=MappingProxyType({n: 13 for n in range(2, 7)}),
    packs=2,
    extra_jokers=6,
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW, jokers_at_most_naturals=True),
    values=CardValues(ace=11, joker=30),
    options=(
        hands(N_("How many hands the game lasts (default: the number of players).")),
        INITIAL_MELD(40),
    ),
    end=EndRule("hands", highest_wins=False),
    hooks=MappingProxyType({"default": hands_per_player(1)}),
    rules=(
        (
            N_("Players and deal"),
            N_("Two packs and six jokers, 110 cards in all. Each player is dealt 13 cards; the rest "
            "are the stock, whose top card is turned over to start the discard pile."),
        ),
        (
            N_("Melds and jokers"),
            N_("A set is three or four cards of a rank, all in different suits; a run is three or "
            "more cards of a suit in order. The ace may stand low (A-2-3) or high (Q-K-A), never "
            "between K and 2. A joker can stand for any card, but no meld may hold more jokers "
            "than natural cards. Once your first meld is down, you may free a joker on the table "
            "by laying the natural card it represents in its spot; the joker must then go into a "
            "meld before your turn ends."),
        ),
        (
            N_("First meld"),
            N_("The new melds a player puts down in the first melding turn must add up to at least "
            "{initial_meld}. King, queen and jack count 10, other cards their number, a joker the card it "
            "replaces, and an ace 11 in a set or above the king but 1 below the 2."),
        ),
        (
            N_("End of a hand and scoring"),
            N_("The hand goes to the first player to meld down to one card and discard it. Every "
            "other player takes penalty points for the cards still in hand: joker 30, ace 11, "
            "king, queen and jack 10, other cards their number. The winner takes none."),
        ),
        (
            N_("End of the game"),
            N_("After the agreed number of hands (the hands option) the player with the fewest "
            "penalty points wins; players level on the lowest total share the win."),
        ),
    ),
    decisions=(
        N_("The rules give no player count: the app allows 2 to 6 players."),
        N_("Unless the hands option is set, a game lasts as many hands as there are players."),
        N_(
            "A joker whose card is not named counts as the card that gives its meld the highest "
            "value towards a first meld; the checker shows the reading it chose."
        ),
        N_("Players level on the lowest total at the end share the win; no extra hand is played."),
    ),
)


VARIANTS = (GERMAN_RUMMY,)
