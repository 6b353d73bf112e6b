"""Reference content of Boat House Rum."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Para
from .shared import HIGHEST_AT_THE_TARGET

BOAT_HOUSE = Guide(
    slug="boat-house-rum",
    sections={
        "end": (
            HIGHEST_AT_THE_TARGET,
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "deadwood",
        "around-the-corner",
        "going-out",
        "stock",
        "discard-pile",
        "count-scoring",
        "target",
    ),
    disputes=(
        Dispute(
            N_("Is Q-K-A-2 a run?"),
            N_(
                "Yes: runs may go around the corner in Boat House Rum, so K-A-2 and Q-K-A-2 are runs."
            ),
            "melds",
            Check("meld", "QD KD AD 2D"),
        ),
        Dispute(
            N_("How much is an ace left unmatched?"),
            N_("11 points. King, queen and jack count 10, the rest their number."),
            "scoring",
            Check("deadwood", "AH 7C"),
        ),
        Dispute(
            N_("Do an opponent's melds count against him?"),
            N_(
                "No: only his unmatched cards count. For a whole hand the app finds the melds "
                "that leave the least."
            ),
            "scoring",
            Check("deadwood", "AS 2S 3S KC 9C"),
        ),
        Dispute(
            N_("I took the top discard: must I take another card?"),
            N_(
                "Yes: the next discard or the top card of the stock. The turn still ends with "
                "one discard."
            ),
            "play",
        ),
        Dispute(
            N_("Can I lay melds down before going out?"),
            N_(
                "No: nobody melds during play. You go out by showing the whole hand in melds, "
                "with or without a last discard."
            ),
            "going-out",
            Check("going-out", "QD KD AD 2D 5C 5S 5H"),
        ),
    ),
    examples=(
        Example(
            N_("Only unmatched cards count, around the corner"),
            ("Ann", "Bob", "Cy"),
            {
                "out": "Ann",
                "hands": {
                    "Bob": {"hand": "AS 2S 3S KC 9C 7H 7D 7C"},
                    "Cy": {"hand": "QD KD AD 2D 5C 8H 8S 8C"},
                },
            },
        ),
        Example(
            N_("An unmatched ace counts 11"),
            ("Ann", "Bob", "Cy"),
            {
                "out": "Ann",
                "hands": {
                    "Bob": {"hand": "AS 2S 3S KC 9C 7H 7D 7S"},
                    "Cy": {"hand": "AH 7C 9S 9H 9D 4D 5D 6D"},
                },
            },
        ),
    ),
    core={
        "scoring": (
            Para(
                N_(
                    "The player who went out scores the unmatched cards of all opponents. When "
                    "a whole hand is entered, the app splits it into the melds that leave the "
                    "least unmatched value."
                ),
            ),
        ),
    },
    going_out=GoingOut(N_("the whole hand in melds, every card or all but one discard")),
)

GUIDES = (BOAT_HOUSE,)
