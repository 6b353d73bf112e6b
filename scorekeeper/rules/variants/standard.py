"""Standard Rummy and the variants scored exactly like it."""

from ..going_out import WholeHand
from ..melds import Ace, MeldRules
from ..messages import N_
from .base import Variant
from .common import STANDARD_DEAL, STANDARD_HOOKS, standard_options

# -- rules texts (shown on the rules pages and by the API) ------------------------------------

_DEAL = (
    N_("Players and deal"),
    N_("Two to six players use a single 52-card pack with no jokers. With two players each gets "
    "10 cards, with three or four 7, with five or six 6. The deal moves one seat to the left "
    "after every hand."),
)
_MELDS = (
    N_("Melds"),
    N_("A set is three or four cards of one rank, each of a different suit. A run is three or more "
    "cards of one suit in unbroken order. Aces are low only, so A-2-3 is a run and Q-K-A is not."),
)
_SCORE = (
    N_("Scoring"),
    N_("A card left in hand counts 1 for an ace, its number for 2 to 10 and 10 for a king, queen "
    "or jack. The player who went out adds up what every other player is still holding and "
    "scores that total; nobody else scores for the hand."),
)


# The target is the table's (reference/numbers.py fills it in): 100 or 200 in the book.
_GAME_END = (
    N_("End of the game"),
    N_(
        "Once a hand finishes with somebody on {target} or more, the game ends there and "
        "the player with the highest total wins. The target option moves that line; a "
        "target of 0 turns every hand into a full game, and its winner deals the next one."
    ),
)


_OPTIONS = (
    N_("Options"),
    N_("Around the corner lets a run wrap past the ace (K-A-2-3) and raises an ace left in hand "
    "to 11. Rummy hidden doubles the score of a player who goes out in one turn without having "
    "laid down or added anything earlier. Count scoring replaces card values with 1 point per "
    "card and 2 per joker still held, and lowers the default target to 25. Call Rummy, the two "
    "borrowing rules, one meld per turn, the lay-off restriction and the mandatory discard "
    "change the play only, never the score."),
)
_OPTIONS_COMPLETE = (
    N_("Options"),
    N_(
        "Around the corner lets a run wrap past the ace (K-A-2-3) and raises an ace left in hand "
        "to 11. Count scoring replaces card values with 1 point per card and 2 per joker still "
        "held, and lowers the default target to 25. The mandatory discard changes the play only. "
        "Nothing is laid during a hand of Rummy Complete, so the switches about laying melds or "
        "laying off (Call Rummy, borrowing, one meld per turn, the lay-off restriction) are not "
        "offered, and neither is Rummy hidden, which every player going out would earn."
    ),
)
_TIE = (
    N_(
        "A tie for the highest total at the moment the game would end settles nothing: play "
        "continues hand by hand until a single player is ahead."
    ),
)
_COMMON = N_(
    "The source describes these games as changes to a standard Rummy it does not spell out. The "
    "base game used here (players, pack, deal sizes, where the ace sits, card values, the "
    "target) is the game as commonly published."
)
_COMPLETE_SWITCHES = N_(
    "Nothing is laid during the hand, so the app does not offer Call Rummy, borrowing, additional "
    "borrowing, one meld per turn, the lay-off restriction or Rummy hidden; the target, around "
    "the corner, count scoring and the mandatory discard are offered."
)
_BLOCK_STOCK = N_(
    "Every copy of the source says the hand is blocked when the discard pile runs out. That "
    "cannot be meant, since play then goes on from the discard pile: the app reads it as the "
    "stock running out."
)


def _standard_like(
    *,
    slug: str,
    name: str,
    summary: str,
    play: tuple[str, str],
    scoring=_SCORE,
    family: str = "standard",
    target: int = 100,
    laid_in_play: bool = True,
    decisions: tuple[str, ...] = (),
    going_out: WholeHand | None = None,
) -> Variant:
    """One pack, 2-6 players, ace low, the standard options: only play and scoring differ."""
    return Variant(
        slug=slug,
        name=name,
        summary=summary,
        family=family,
        players=(2, 6),
        deal=STANDARD_DEAL,
        meld_rules=MeldRules(ace=Ace.LOW),
        going_out=going_out,
        options=standard_options(target, laying=laid_in_play),
        hooks=STANDARD_HOOKS,
        rules=(
            _DEAL,
            _MELDS,
            play,
            scoring,
            _GAME_END,
            _OPTIONS if laid_in_play else _OPTIONS_COMPLETE,
        ),
        decisions=(_COMMON, *decisions, *_TIE),
        laid_in_play=laid_in_play,
    )


STANDARD_RUMMY = _standard_like(
    slug="standard-rummy",
    name=N_("Standard Rummy"),
    summary=N_("The base game: meld sets and runs, go out first, score what the others still hold."),
    play=(
        N_("End of a hand"),
        N_("Melds and lay-offs go down during play. The first player with no cards left goes out, "
        "and the hand is over."),
    ),
)

RUMMY_COMPLETE = _standard_like(
    slug="rummy-complete",
    name=N_("Rummy Complete"),
    summary=N_("No melding during play: lay your whole hand down at once and collect for every card the others hold."),
    play=(
        N_("End of a hand"),
        N_("Nothing is melded while the hand is played. A player goes out by putting the whole "
        "hand down at once in valid melds: every card, or every card but one that is "
        "discarded."),
    ),
    scoring=(
        N_("Scoring"),
        N_("The player who went out collects the value of every card the others hold, including "
        "cards that would have made melds of their own: ace 1, 2 to 10 their number, king, "
        "queen and jack 10."),
    ),
    target=200,
    laid_in_play=False,
    going_out=WholeHand(),
    decisions=(_COMPLETE_SWITCHES,),
)

BLOCK_RUMMY = _standard_like(
    slug="block-rummy",
    name=N_("Block Rummy"),
    summary=N_("Standard Rummy, but when the stock runs out the hand can end blocked and the lowest count wins."),
    play=(
        N_("When the stock runs out"),
        N_("Play carries on, each player in turn taking the top card of the discard pile. The "
        "first player who refuses that card blocks the hand, and it stops there."),
    ),
    scoring=(
        N_("Scoring"),
        N_("When somebody goes out, the hand is scored as in Standard Rummy. In a blocked hand "
        "every player counts all the cards in hand at the usual values (ace 1, king, queen and "
        "jack 10). The lowest count collects from each other player the gap between that "
        "player's count and its own. Players level on the lowest count divide what they "
        "collect equally, each keeping the whole-number share; points that do not divide "
        "evenly are not scored."),
    ),
    family="block",
    decisions=(_BLOCK_STOCK,),
)

THROW_DOWN_RUMMY = _standard_like(
    slug="throw-down-rummy",
    name=N_("Throw Down Rummy"),
    summary=N_("Discards land in a scattered spread and you may draw any one of them; scored as standard."),
    play=(
        N_("The discard spread"),
        N_("A discard is tossed onto the table, so the discards lie scattered and face up. "
        "Instead of the top discard a player may draw any single card of the spread, moving "
        "others aside only to uncover one that is partly hidden."),
    ),
)

VARIANTS = (STANDARD_RUMMY, RUMMY_COMPLETE, BLOCK_RUMMY, THROW_DOWN_RUMMY)
