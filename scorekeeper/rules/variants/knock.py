"""Knock Rummy: no melding on the table; knock to end the hand, lowest deadwood wins."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..messages import N_
from .base import Variant
from .common import target
from .parameters import RUM_BONUS, UNDERCUT_BONUS

KNOCK_RUMMY = Variant(
    slug="knock-rummy",
    name=N_("Knock Rummy"),
    summary=N_("Nobody melds on the table: knock to end the hand, and the lowest deadwood wins the difference."),
    family="knock",
    players=(2, 5),
    deal=MappingProxyType({2: 10, 3: 7, 4: 7, 5: 6}),
    meld_rules=MeldRules(ace=Ace.LOW),
    options=(target(100), UNDERCUT_BONUS(10), RUM_BONUS(25)),
    deadwood=True,
    rules=(
        (
            N_("Players and deal"),
            N_("Two to five players, each playing alone, with one 52-card pack. Two players get 10 "
            "cards, three or four get 7, five get 6."),
        ),
        (
            N_("Melds"),
            N_("Sets of a rank and runs of a suit, with the king high and the ace low: A-2-3 is a "
            "run, Q-K-A is not. Melds stay in the hand; nothing goes on the table."),
        ),
        (
            N_("Knocking"),
            N_("Any player who has drawn may knock instead of simply discarding; the knock stops the "
            "hand immediately. The knocker discards and shows the hand split into melds and "
            "unmatched cards (deadwood), then everyone else does the same. Deadwood counts ace 1, "
            "king, queen and jack 10, other cards their number; for a whole hand entered, the app "
            "finds the melds that leave the least deadwood."),
        ),
        (
            N_("Scoring"),
            N_("If the knocker's deadwood is lower than everyone else's, the knocker scores, for each "
            "opponent, that opponent's count minus the knocker's. If an opponent matches the "
            "knocker's count, that opponent wins instead and collects the same kind of differences "
            "from all the others, and the knocker loses nothing. If an opponent has less than the "
            "knocker, that opponent wins the differences plus {undercut_bonus}, and the knocker loses {undercut_bonus}. A "
            "winner with no deadwood also earns {rum_bonus} for every opponent. When the knocker and "
            "another player both have 0, the knocker still wins and collects the {rum_bonus} from every "
            "opponent, that player included. No other score changes."),
        ),
        (
            N_("End of the game"),
            N_("The game ends after a hand that takes someone to {target} or more (the target option), and "
            "the highest total wins; if the top is shared, another hand is played."),
        ),
    ),
    decisions=(
        N_("If two or more players other than the knocker tie for the lowest count, whether level "
        "with the knocker or below, all of them win. Their pot is the sum of every non-winner's "
        "count minus that lowest count, with {undercut_bonus} added when the knocker was undercut and {rum_bonus} per "
        "opponent added when the lowest count is 0. The pot is divided equally, rounding each "
        "share down, and what is left over goes to no one. The knocker's {undercut_bonus}-point loss happens "
        "only once."),
        N_(
            "When the game would end with two or more players sharing the highest total, "
            "another hand is played until one leads."
        ),
    ),
)

VARIANTS = (KNOCK_RUMMY,)
