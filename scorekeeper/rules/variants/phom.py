"""Phỏm (Tá Lả): Vietnamese Rummy, four turns each, paid in chips."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..messages import N_
from ..values import CardValues
from .base import EndRule, Option, Variant
from .common import hands, hands_per_player
from .parameters import MOM_CHIPS, U_CHIPS

PHOM = Variant(
    slug="phom",
    name=N_("Phỏm"),
    aka=(N_("Tá Lả"), N_("Vietnamese Rummy")),
    summary=N_("Four turns each, then the lowest trash total wins chips; going ù wins at once."),
    family="phom",
    players=(2, 4),
    deal=MappingProxyType({2: 9, 3: 9, 4: 9}),
    deal_note=N_("The player on the dealer's left gets a 10th card and starts by discarding."),
    meld_rules=MeldRules(ace=Ace.LOW),
    values=CardValues(jack=11, queen=12, king=13),
    options=(
        Option(
            "feeding-penalties",
            N_("Feeding penalties"),
            "bool",
            False,
            True,
            N_("Feeding the next player a discard costs 1 chip; feeding three before an ù pays for everyone."),
        ),
        Option(
            "no-lay-off",
            N_("No lay-off"),
            "bool",
            False,
            False,
            N_("Nobody may lay cards off on other players' melds on the final turn."),
        ),
        hands(N_("How many hands the game lasts (default: twice the number of players).")),
        Option(
            "starting-chips",
            N_("Starting chips"),
            "int",
            0,
            True,
            N_("Chips each player starts the session with."),
            minimum=0,
        ),
        U_CHIPS(6),
        MOM_CHIPS(4),
    ),
    end=EndRule("hands"),
    deadwood=True,
    hooks=MappingProxyType({"default": hands_per_player(2)}),
    rules=(
        (
            N_("Players and deal"),
            N_("Two to four players, most often four, with one 52-card pack and no jokers. Each "
            "player receives 9 cards, one at a time going left; the player on the dealer's left "
            "takes a 10th card and opens by discarding."),
        ),
        (
            N_("Melds"),
            N_("A set is three or four cards of one rank; a run is three or more cards of one suit in "
            "order. The king is high and the ace low: A-2-3 is a run, Q-K-A is not."),
        ),
        (
            N_("Play"),
            N_("On each turn a player either picks up the top discard, but only to complete a meld "
            "with it straight away (the meld stays in the hand), or draws from the stock, and then "
            "discards. Each meld may contain at most one card picked up from the pile. The hand "
            "lasts four turns each. On the fourth turn a player shows all melds before discarding "
            "and may add loose cards to melds shown earlier on final turns, unless someone went ù "
            "or the no lay-off option is on. Cards outside melds are trash."),
        ),
        (
            N_("Going ù"),
            N_("When all of a player's cards fall into melds, whether or not one is left to discard, "
            "that player wins the hand on the spot. Every other player pays {u_chips} chips if 9 cards "
            "were melded and one discarded, or twice that if all 10 were melded."),
        ),
        (
            N_("Scoring without ù"),
            N_("Trash counts ace 1, 2 to 10 their number, jack 11, queen 12, king 13. The lowest "
            "trash wins the hand; on equal totals the player who comes earlier in the turn order "
            "ranks higher. The others pay by place: second 1 chip, third 2, fourth 3. Whoever has "
            "not made a single meld (móm) pays {mom_chips}, whatever the total."),
        ),
        (
            N_("Options and the session"),
            N_("Feeding penalties: whenever a discard is picked up by the next player, its discarder "
            "pays that player 1 chip; and a player who fed three discards to the next player, who "
            "then goes ù, covers the whole ù payment alone while nobody else pays. The session "
            "lasts the agreed number of hands (the hands option) and the most chips win, equal "
            "leaders sharing; starting chips sets everyone's opening balance (0 unless changed)."),
        ),
    ),
    decisions=(
        N_(
            "The source contradicts itself: it gives the 10th card to the player on the dealer's "
            "right, yet has the player on the dealer's left open by discarding, and all five "
            "translations say both. The app gives the 10th card to the player on the dealer's "
            "left, who plays first; play then runs clockwise, so the dealer plays last and loses "
            "ties."
        ),
        N_("A móm player ranks below every player who has a meld. When nobody has a meld, the lowest "
        "total still takes the hand and each other player pays {mom_chips}."),
        N_("Unless the hands option is set, a session has twice as many hands as players, so everyone "
        "deals the same number of times, the deal passing one seat left every hand."),
        N_(
            "The source counts places for four players (the highest count pays 3). With two or "
            "three players each also pays by place: second pays 1, third pays 2."
        ),
        N_("Players level on the most chips at the end of the session share the win."),
    ),
)

VARIANTS = (PHOM,)
