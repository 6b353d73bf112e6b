"""Reference content of Queen City Rum."""

from __future__ import annotations

from ...messages import N_
from ...variants.queen_city import GOING_OUT
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

C = Origin.COMMON
FIVE = ("Ann", "Bob", "Cy", "Dan", "Eve")

QUEEN_CITY = Guide(
    slug="queen-city-rum",
    sections={
        "play": (
            Para(
                N_(
                    "On a turn a player draws from the stock or the discard pile and discards. "
                    "Nobody melds during play."
                ),
                C,
            ),
        ),
        "going-out": (
            Para(
                N_(
                    "On his turn, after drawing, a player holds 8 cards. He goes out by melding "
                    "all 8, or 7 of them and a discard; 6 melded cards are not enough."
                ),
            ),
        ),
    },
    terms=("meld", "set", "run", "going-out", "stock", "discard-pile", "target"),
    disputes=(
        Dispute(
            N_("How many cards must I meld to go out?"),
            N_("All 8 you hold after drawing, or 7 of them and a discard."),
            "going-out",
            Check("going-out", "KH QH JH 7S 7D 7C 7H 2C"),
        ),
        Dispute(
            N_("Can I go out with 6 melded cards and a discard?"),
            N_("No: after drawing you hold 8 cards, so 6 melds and a discard leave a card over."),
            "going-out",
            Check("going-out", "KH QH JH / 7S 7D 7C", discard="2C"),
        ),
        Dispute(
            N_("What does the player who goes out score?"),
            N_("The value of his own melded cards, times the number of other players."),
            "scoring",
            Check("meld", "KH QH JH / 7S 7D 7C 7H"),
        ),
        Dispute(
            N_("Do the other players lose points?"),
            N_(
                "No: only the player who goes out scores. The cards left in other hands count for nothing."
            ),
            "scoring",
        ),
        Dispute(
            N_("When does the game end?"),
            N_(
                "After a hand that takes someone to {target} (an app decision; the target option "
                "changes it). The highest total wins."
            ),
            "end",
        ),
    ),
    examples=(
        Example(
            N_("Seven cards melded and a discard, four other players"),
            FIVE,
            {"out": "Ann", "hands": {"Ann": {"melds": ["KH QH JH", "7S 7D 7C 7H"]}}},
        ),
        Example(
            N_("All eight cards melded, two other players"),
            FIVE[:3],
            {"out": "Ann", "hands": {"Ann": {"melds": ["10H JH QH KH", "7S 7D 7C 7H"]}}},
        ),
    ),
    going_out=GoingOut(
        N_("all 8 cards melded, or 7 and a discard"),
        ways=((GOING_OUT[1], False), (GOING_OUT[0], True)),
    ),
)

GUIDES = (QUEEN_CITY,)
