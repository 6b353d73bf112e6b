"""Reference content of Caloochi."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, Guide, Origin, Para
from .shared import (
    ABC,
    EVERY_CARD_AWAY,
    GOES_OUT_EMPTY,
    HIGHEST_AT_THE_TARGET,
    JOKER_AND_ACE_LEFT,
    SCORES_THE_OTHERS_CARDS,
)

C = Origin.COMMON
_OUT = JOKER_AND_ACE_LEFT

CALOOCHI = Guide(
    slug="caloochi",
    sections={
        "play": (
            Para(
                N_(
                    "On a turn a player draws, may meld and lay off once his first meld is down, "
                    "and discards one card."
                ),
                C,
            ),
        ),
        "going-out": (
            GOES_OUT_EMPTY,
        ),
        "end": (
            HIGHEST_AT_THE_TARGET,
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "joker",
        "initial-meld",
        "going-out",
        "stock",
        "discard-pile",
        "count-scoring",
        "target",
    ),
    disputes=(
        Dispute(
            N_("Does JK QS KS count 30 or 31 towards the {initial_meld}?"),
            N_(
                "31: an unnamed joker takes the reading worth most, here the ace (QS KS AS). "
                "Name it, as JK=JS, and it counts 30."
            ),
            "melds",
            Check("opening", "JK QS KS"),
        ),
        Dispute(
            N_("Is an ace 1 or 11 in a first meld?"),
            N_(
                "1 when it sits below the 2 of a run; 11 in a set or above the king (an app decision)."
            ),
            "melds",
            Check("opening", "AS 2S 3S / AD AH AC"),
        ),
        Dispute(
            N_("Can a set hold both 7H of the two packs?"),
            N_(
                "No: each card of a set has a suit of its own, even with two packs (an app decision)."
            ),
            "melds",
            Check("meld", "7H 7H 7S"),
        ),
        Dispute(
            N_("Is K-A-2 a run?"),
            N_("No: the ace can start a run (A-2-3) or end one (Q-K-A) but never link K to 2."),
            "melds",
            Check("meld", "KS AS 2S"),
        ),
        Dispute(
            N_("What does a joker cost left in a hand?"),
            N_("25 points; an ace left in hand costs 15."),
            "scoring",
            Check("deadwood", "JK AS 5D"),
        ),
    ),
    examples=(
        Example(N_("Ann goes out: a joker 25, an ace 15"), ABC, _OUT),
        Example(
            N_("The same hand with count scoring: a joker counts 2"),
            ABC,
            _OUT,
            {"count-scoring": True},
        ),
        Example(
            N_("A first meld of 67: a run and a set"),
            ABC,
            {},
            section="melds",
            check=Check("opening", "10D JD QD KD / 9S 9H 9C"),
        ),
        Example(
            N_("An unnamed joker reads as the ace: 31"),
            ABC,
            {},
            section="melds",
            check=Check("opening", "JK QS KS"),
        ),
    ),
    core={"scoring": (SCORES_THE_OTHERS_CARDS,)},
    going_out=EVERY_CARD_AWAY,
)

GUIDES = (CALOOCHI,)
