"""Reference content of Nowrang."""

from __future__ import annotations

from ...messages import N_
from ...variants.nowrang import PATTERN
from ..model import Check, Dispute, Example, GoingOut, Guide, Para

AB = ("Ann", "Bob")

NOWRANG = Guide(
    slug="nowrang",
    sections={
        "play": (
            Para(
                N_(
                    "The dealer's opponent starts by discarding one card. Then turns alternate: "
                    "draw from the stock or the discard pile, then discard."
                ),
            ),
        ),
        "scoring": (
            Para(
                N_(
                    "No points are kept: the player who shows a winning hand wins the game. In a "
                    "match, each game won counts 1."
                ),
            ),
        ),
    },
    terms=("run", "garwanj", "stock", "discard-pile", "dealer"),
    disputes=(
        Dispute(
            N_("Is A-2-3 a sequence?"),
            N_("No: the ace is high only in Nowrang, so Q-K-A is a sequence and A-2-3 is not."),
            "melds",
            Check("meld", "AH 2H 3H"),
        ),
        Dispute(
            N_("Do three of a kind count?"),
            N_("No: only sequences of one suit count; cards of one rank count for nothing."),
            "melds",
            Check("meld", "7H 7S 7D"),
        ),
        Dispute(
            N_("What does a winning hand need?"),
            N_("One 4-card sequence (the garwanj) and two 3-card sequences, each in one suit."),
            "going-out",
            Check("going-out", "10S JS QS KS QH KH AH 5D 6D 7D"),
        ),
        Dispute(
            N_("Can the garwanj have 5 cards?"),
            N_("No: a sequence here has 3 or 4 cards, and the winning hand is exactly 4-3-3."),
            "melds",
            Check("meld", "9S 10S JS QS KS"),
        ),
        Dispute(
            N_("Who deals the next game?"),
            N_("The winner of the game deals the next one (an app decision)."),
            "deal",
            Check("deal", players=2),
        ),
    ),
    examples=(
        Example(
            N_("Ann shows a garwanj and two sequences"),
            AB,
            {"out": "Ann", "hands": {"Ann": {"melds": ["10S JS QS KS", "QH KH AH", "5D 6D 7D"]}}},
        ),
        Example(N_("Bob wins without showing his cards"), AB, {"out": "Bob"}),
    ),
    going_out=GoingOut(
        N_("one 4-card and two 3-card sequences"), patterns=(PATTERN,), ways=((10, None),)
    ),
    extra_cards=1,
)

GUIDES = (NOWRANG,)
