"""Reference content of Caloochi."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

C = Origin.COMMON
ABC = ("Ann", "Bob", "Cy")
_OUT = {"out": "Ann", "hands": {"Bob": {"cards": "JK AS 5D"}, "Cy": {"cards": "KC 2H"}}}

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
            Para(
                N_(
                    "A player goes out by getting rid of every card, with or without a final discard."
                ),
                C,
            ),
        ),
        "end": (
            Para(
                N_(
                    "After a hand that takes someone to {target} or more (the target option), "
                    "the highest total wins; a tie at the top plays another hand."
                ),
            ),
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
    core={
        "scoring": (
            Para(
                N_(
                    "The player who goes out scores the value of every card left in the other hands."
                )
            ),
        ),
    },
    going_out=GoingOut(N_("every card melded or laid off, with or without a discard")),
)

GUIDES = (CALOOCHI,)
