"""Reference content of German Rummy: first melds as worked examples."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

C = Origin.COMMON
ABC = ("Ann", "Bob", "Cy")

GERMAN = Guide(
    slug="german-rummy",
    sections={
        "play": (
            Para(
                N_(
                    "On a turn a player draws from the stock or the discard pile, may meld and "
                    "lay off once his first meld is down, and discards one card."
                ),
                C,
            ),
        ),
        "going-out": (
            Para(
                N_(
                    "A player goes out by playing his second-to-last card and discarding the "
                    "last one; going out always takes a discard."
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
        "lay-off",
        "going-out",
        "stock",
        "discard-pile",
    ),
    disputes=(
        Dispute(
            N_("Does JK 5H 6H count 18 or 15 towards the {initial_meld}?"),
            N_(
                "18: an unnamed joker takes the reading worth most, here 7H. Write JK=4H and it "
                "counts as the 4: 15."
            ),
            "melds",
            Check("opening", "JK 5H 6H"),
        ),
        Dispute(
            N_("Is JK JK 5H a meld?"),
            N_("No: a meld never holds more jokers than natural cards. JK 5H 6H is fine."),
            "melds",
            Check("meld", "JK JK 5H"),
        ),
        Dispute(
            N_("Do two melds laid in the same turn count together for the {initial_meld}?"),
            N_(
                "Yes: every new meld laid in that one turn adds up. Q-K-A of hearts (31) and "
                "three aces (33) make 64."
            ),
            "melds",
            Check("opening", "QH KH AH / AS AH AD"),
        ),
        Dispute(
            N_("Is an ace 1 or 11 in a first meld?"),
            N_("11 in a set or above the king, 1 below the 2: A-2-3 is worth only 6."),
            "melds",
            Check("opening", "AH 2H 3H / 10S JS QS"),
        ),
        Dispute(
            N_("Who wins the game: the highest or the lowest total?"),
            N_(
                "The lowest: cards left in hand are penalty points. Players level on the lowest "
                "total after the last hand share the win (an app decision)."
            ),
            "end",
        ),
    ),
    examples=(
        Example(
            N_("Ann goes out: the others take penalty points"),
            ABC,
            {"out": "Ann", "hands": {"Bob": {"cards": "JK AS 5D"}, "Cy": {"cards": "KC 2H"}}},
        ),
        Example(
            N_("A first meld of 64: Q-K-A and three aces"),
            ABC,
            {},
            section="melds",
            check=Check("opening", "QH KH AH / AS AH AD"),
        ),
        Example(
            N_("A first meld that falls short: A-2-3 and 10-J-Q"),
            ABC,
            {},
            section="melds",
            check=Check("opening", "AH 2H 3H / 10S JS QS"),
        ),
        Example(
            N_("A named joker counts as the card it names"),
            ABC,
            {},
            section="melds",
            check=Check("opening", "JK=4H 5H 6H / 10C JC QC KC"),
        ),
    ),
    going_out=GoingOut(
        N_("every card melded or laid off but one, which is discarded"), ways=((None, True),)
    ),
)

GUIDES = (GERMAN,)
