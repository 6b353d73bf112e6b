"""Gin Rummy: two players, knock at 10 or less, the defender lays off; scored by the Gin
family (a Knock with small hooks). Oklahoma Gin and Straight Gin derive from it by parameters
(RULES.md 10.1): each states only its parameters, its options and the rule texts that differ.
"""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..messages import N_, define
from .base import Option, Variant
from .common import target
from .parameters import (
    BIG_GIN_BONUS,
    BOX_BONUS,
    GAME_BONUS,
    GIN_BONUS,
    KNOCK_LIMIT,
    UNDERCUT_BONUS,
)

BIG_GIN = Option(
    "big-gin",
    N_("Big gin"),
    "bool",
    False,
    True,
    N_("A player whose 11 cards all meld after the draw goes out without discarding: big gin."),
)

SHUTOUT = Option(
    "shutout",
    N_("Shutout"),
    "bool",
    True,
    True,
    N_("When the loser won no hand, the winner's hand points are doubled at the end of the game."),
)



def gin_options(*, to: int = 100, knock_limit: bool = True, undercut: bool = True):
    """Gin's house rules, written once: Oklahoma Gin plays to 150 and its upcard sets the knock
    limit (no knock-limit option); Straight Gin has no knocking, so no limit and no undercut."""
    return tuple(
        option
        for option in (
            target(to),
            KNOCK_LIMIT(10) if knock_limit else None,
            GIN_BONUS(25),
            BIG_GIN,
            BIG_GIN_BONUS(31),
            UNDERCUT_BONUS(25) if undercut else None,
            BOX_BONUS(25),
            GAME_BONUS(100),
            SHUTOUT,
        )
        if option is not None
    )


GIN_RUMMY = Variant(
    slug="gin-rummy",
    name=N_("Gin Rummy"),
    summary=N_(
        "Two players, ten cards: knock with 10 or less, the other lays off; gin pays 25 more."
    ),
    family="gin",
    players=(2, 2),
    deal=MappingProxyType({2: 10}),
    meld_rules=MeldRules(ace=Ace.LOW),
    options=gin_options(),
    params=MappingProxyType({"upcard-limit": False, "spade-doubles": False, "gin-only": False}),
    deadwood=True,
    rules=(
        (
            N_("Players and deal"),
            N_(
                "Two players and one 52-card pack without jokers; each gets 10 cards and the deal "
                "alternates between them."
            ),
        ),
        (
            N_("Melds"),
            N_(
                "Sets of one rank and runs of one suit; the king is high and the ace low, so A-2-3 is "
                "a run and Q-K-A is not. Melds stay in the hand until someone knocks."
            ),
        ),
        (
            N_("Knocking"),
            N_(
                "After drawing, a player whose unmatched cards (deadwood) count {knock_limit} or less (the knock "
                "limit) may knock: he discards and lays out his melds and deadwood. With no deadwood "
                "at all it is gin. Unless it is gin, the other player lays out his melds and may lay "
                "off unmatched cards on the knocker's melds, even on cards laid off before. Deadwood "
                "counts ace 1, king, queen and jack 10, other cards their number."
            ),
        ),
        (
            N_("Scoring"),
            N_(
                "If the knocker has less deadwood, he scores the difference. If the other player has "
                "as much or less, that is an undercut: he scores the difference plus {undercut_bonus}. Gin scores "
                "the other player's deadwood plus {gin_bonus} and is never undercut. A hand that ends with two "
                "cards left in the stock and no knock is void: nobody scores."
            ),
        ),
        (
            N_("End of the game"),
            N_(
                "The first player to reach {target} wins and adds a game bonus of {game_bonus}; each player adds {box_bonus} "
                "for every hand he won. If the loser won no hand at all, the winner's points are "
                "doubled first (a shutout)."
            ),
        ),
    ),
    decisions=(
        N_(
            "The deal alternates between the two players; after a void hand the same player deals "
            "again."
        ),
        N_(
            "When both whole hands are entered, the app arranges the knocker's hand for the least "
            "deadwood (or takes the melds he gives), then finds the other player's melds and lay-offs "
            "that leave him the least deadwood, and shows both."
        ),
        N_(
            "Where the knocker's hand has several arrangements with the least deadwood and he "
            "did not give his melds, the app lays the one a knocker would choose: the one that "
            "leaves him the best score after the other player's best lay-offs."
        ),
        N_(
            "A knocker who gives his melds gives his whole hand: melds and unmatched cards "
            "together hold 10 cards (11 for big gin)."
        ),
        N_(
            "The game bonus, the box bonuses and the shutout are added when the game ends and shown "
            "as separate lines in the final standings."
        ),
    ),
)

# -- variants derived by parameters: their texts state only what differs; numbers are the
# table's, filled in where the text is shown (reference/numbers.py) --

OKLAHOMA_KNOCKING = define(
    "rules.oklahoma.knocking",
    N_(
        "As in Gin Rummy, except that the first card turned up to start the discard pile, the "
        "upcard, sets the knock limit of the hand: its value ({values}). With an ace only gin "
        "ends the hand. When the upcard is a spade, the hand scores double, its bonuses included."
    ),
)
STRAIGHT_KNOCKING = define(
    "rules.straight.knocking",
    N_(
        "Nobody knocks: only gin (no deadwood at all) ends a hand, so there are no lay-offs and "
        "no undercuts."
    ),
)
STRAIGHT_MELDS = N_("As in Gin Rummy, except that melds stay in the hand until someone goes gin.")
STRAIGHT_SCORING = N_(
    "Gin scores the other player's deadwood plus {gin_bonus}. A hand that ends with two cards "
    "left in the stock and no gin is void: nobody scores."
)


OKLAHOMA_GIN = GIN_RUMMY.derive(
    slug="oklahoma-gin",
    name=N_("Oklahoma Gin"),
    summary=N_(
        "Gin Rummy where the first upcard sets the knock limit, and a spade doubles the hand."
    ),
    params={"upcard-limit": True, "spade-doubles": True},
    options=gin_options(to=150, knock_limit=False),
    rules=(("Knocking", OKLAHOMA_KNOCKING(values=GIN_RUMMY.values.describe())),),
)

STRAIGHT_GIN = GIN_RUMMY.derive(
    slug="straight-gin",
    name=N_("Straight Gin"),
    summary=N_("Gin Rummy without knocking: only gin ends a hand."),
    params={"gin-only": True},
    options=gin_options(knock_limit=False, undercut=False),
    rules=(
        ("Melds", STRAIGHT_MELDS),
        ("Knocking", STRAIGHT_KNOCKING()),
        ("Scoring", STRAIGHT_SCORING),
    ),
    # Gin Rummy's decisions about the knocker's arrangement and the lay-offs against a knock
    # do not apply: nobody knocks (RULES.md 10.1).
    kept_decisions=(1, 4, 5),
    decisions=(
        N_(
            "A hand is entered with the player who went gin in the knocker's place; a hand "
            "entered with any deadwood for him is refused, since only gin ends a hand."
        ),
        N_(
            "When the other player's whole hand is entered, the app finds the melds that leave "
            "him the least deadwood; nothing is laid off against gin."
        ),
    ),
)

VARIANTS = (GIN_RUMMY, OKLAHOMA_GIN, STRAIGHT_GIN)
