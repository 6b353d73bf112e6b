"""Reference content of Knock Rummy: the six scoring cases as worked examples."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

ABC = ("Ann", "Bob", "Cy")


def _counts(ann: int, bob: int, cy: int) -> dict:
    return {
        "knocker": "Ann",
        "hands": {"Ann": {"points": ann}, "Bob": {"points": bob}, "Cy": {"points": cy}},
    }


KNOCK = Guide(
    slug="knock-rummy",
    sections={
        "going-out": (
            Para(
                N_(
                    "Nobody goes out in Knock Rummy: a hand ends when a player knocks. Melding "
                    "every card before knocking leaves no deadwood and earns the rum bonus."
                ),
            ),
            Para(
                N_(
                    "Nobody lays off in Knock Rummy: the others may not add cards to the "
                    "knocker's melds, and each player counts the deadwood of his own hand (only "
                    "Gin Rummy lets the other player lay off)."
                ),
                Origin.DECISION,
            ),
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "deadwood",
        "knock",
        "undercut",
        "rum-bonus",
        "stock",
        "discard-pile",
        "target",
    ),
    disputes=(
        Dispute(
            N_("An opponent has the same count as the knocker: who wins?"),
            N_(
                "The opponent wins and collects the differences from the others. The knocker "
                "pays no penalty for the tie."
            ),
            "scoring",
        ),
        Dispute(
            N_("What is an undercut worth?"),
            N_(
                "The player below the knocker wins the differences plus a {undercut_bonus}-point bonus. The "
                "knocker also loses {undercut_bonus} from his own score."
            ),
            "scoring",
        ),
        Dispute(
            N_("The knocker and another player both have 0: who wins?"),
            N_(
                "The knocker keeps the win and collects the {rum_bonus}-point rum bonus from every "
                "opponent, the other 0 included."
            ),
            "scoring",
            Check("deadwood", "AS 2S 3S 7H 7D 7C JH QH KH"),
        ),
        Dispute(
            N_("Is Q-K-A a run?"),
            N_(
                "No: the king is high and the ace is low, so only A-2-3 is a run. An ace in deadwood counts 1."
            ),
            "melds",
            Check("meld", "QH KH AH"),
        ),
        Dispute(
            N_("Can one card count in two melds, like 7H in 7-7-7 and 6H 7H 8H?"),
            N_(
                "No: each card belongs to one meld. The deadwood check finds the split that "
                "leaves the least."
            ),
            "melds",
            Check("deadwood", "6H 7H 8H 7S 7D"),
        ),
    ),
    examples=(
        Example(N_("1. The knocker has the lowest count"), ABC, _counts(5, 12, 20)),
        Example(N_("2. An opponent ties the knocker and wins instead"), ABC, _counts(8, 8, 20)),
        Example(N_("3. An opponent undercuts the knocker"), ABC, _counts(9, 4, 20)),
        Example(N_("4. The knocker has no deadwood: the rum bonus"), ABC, _counts(0, 12, 20)),
        Example(N_("5. Knocker and another player both at 0"), ABC, _counts(0, 0, 15)),
        Example(N_("6. Two opponents share the undercut (an app decision)"), ABC, _counts(9, 4, 4)),
        Example(
            N_("Two players, whole hands: the app finds the melds"),
            ("Ann", "Bob"),
            {
                "knocker": "Ann",
                "hands": {
                    "Ann": {"hand": "AS 2S 3S 7H 7D 7C JH QH KH 4D"},
                    "Bob": {"hand": "2C 3D 5H 6S 8C 9D 10H JS QC KD"},
                },
            },
        ),
    ),
    going_out=GoingOut(knock=True),
)

GUIDES = (KNOCK,)
