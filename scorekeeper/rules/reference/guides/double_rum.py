"""Reference content of Double Rum."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, Guide, Origin, Para
from .shared import (
    ABC,
    EVERY_CARD_AWAY,
    GOES_OUT_EMPTY,
    JOKER_AND_ACE_LEFT,
    SCORES_THE_OTHERS_CARDS,
)

C = Origin.COMMON
_OUT = JOKER_AND_ACE_LEFT

DOUBLE_RUM = Guide(
    slug="double-rum",
    sections={
        "play": (
            Para(
                N_(
                    "On a turn a player draws from the stock or the discard pile, may meld and "
                    "lay off, and discards one card."
                ),
                C,
            ),
        ),
        "going-out": (
            GOES_OUT_EMPTY,
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "joker",
        "lay-off",
        "going-out",
        "stock",
        "discard-pile",
        "count-scoring",
        "target",
    ),
    disputes=(
        Dispute(
            N_("Is 7H 7H 7S a set?"),
            N_("Yes: in Double Rum a set may hold identical cards from the two packs."),
            "melds",
            Check("meld", "7H 7H 7S"),
        ),
        Dispute(
            N_("Is K-A-2 a run?"),
            N_("No: the ace may end a run high or start it low, but never sit between K and 2."),
            "melds",
            Check("meld", "KD AD 2D"),
        ),
        Dispute(
            N_("What does a joker cost left in a hand?"),
            N_("15 points; an ace costs 11, king, queen and jack 10."),
            "scoring",
            Check("deadwood", "JK AS 5D"),
        ),
        Dispute(
            N_("May I move a joker from one end of a run to the other?"),
            N_(
                "Yes, when you lay off on that run: a joker at either end may be shifted to the "
                "other end to make room."
            ),
            "melds",
        ),
        Dispute(
            N_("How many cards does each player get?"),
            N_(
                "The source does not say. The app allows 2 to 6 players and suggests the Standard "
                "Rummy deal: 10, 7 or 6 cards (an app decision)."
            ),
            "deal",
            Check("deal", players=4),
        ),
    ),
    examples=(
        Example(N_("Ann goes out: a joker 15, an ace 11"), ABC, _OUT),
        Example(
            N_("Identical cards in a set still count when left in hand"),
            ABC,
            {"out": "Ann", "hands": {"Bob": {"cards": "7H 7H 7S"}, "Cy": {"cards": "JK"}}},
        ),
    ),
    core={"scoring": (SCORES_THE_OTHERS_CARDS,)},
    going_out=EVERY_CARD_AWAY,
)

GUIDES = (DOUBLE_RUM,)
