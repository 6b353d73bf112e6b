"""Reference content of Continental Rum: the three patterns and every bonus."""

from __future__ import annotations

from ...messages import N_
from ...variants.continental import PATTERNS
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

C = Origin.COMMON
ABCD = ("Ann", "Bob", "Cy", "Dan")
_5433 = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "9C 10C JC"]
_CLEAN = ["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D 4D", "9C 10C JC"]


def _out(melds, **extra) -> dict:
    return {"out": "Ann", "hands": {"Ann": {"melds": melds}}, **extra}


CONTINENTAL = Guide(
    slug="continental-rum",
    sections={
        "play": (
            Para(
                N_(
                    "On a turn a player draws from the stock or the discard pile and discards "
                    "one card. Nothing is laid on the table until somebody goes out."
                ),
                C,
            ),
        ),
        "end": (
            Para(
                N_(
                    "The game lasts the agreed number of hands (the number of players unless the "
                    "hands option says otherwise); then the highest total wins."
                ),
            ),
        ),
    },
    terms=(
        "meld",
        "run",
        "joker",
        "wild-deuce",
        "quick-meld",
        "going-out",
        "stock",
        "discard-pile",
        "dealer",
    ),
    disputes=(
        Dispute(
            N_("Can I go out with a 6-card run?"),
            N_(
                "Only inside one of the three shapes: 5-4-3-3, 4-4-4-3 or 3-3-3-3-3. A run of "
                "six has to be split, for example into two runs of three."
            ),
            "going-out",
            Check("going-out", "3H 4H 5H 6H 7H 8H 9S 10S JS 5C 6C 7C 10D JD QD 2S"),
        ),
        Dispute(
            N_("Do I discard when I go out?"),
            N_(
                "Normally yes: 15 cards melded and one discarded. Going out before drawing (the "
                "quick meld) melds the 15 cards dealt, so there is no discard."
            ),
            "going-out",
        ),
        Dispute(
            N_("Is the 2 in 2-3-4 a wild card?"),
            N_(
                "No: a 2 in its own place is natural, even with deuces wild, and earns no "
                "wild-2 point."
            ),
            "melds",
            Check("meld", "2D 3D 4D", options={"deuces-wild": True}),
        ),
        Dispute(
            N_("How much does each player pay the winner?"),
            N_(
                "1 point, plus {joker_fee} for each joker the winner used, plus every bonus switched on "
                "(wild 2s, quick meld, no wild card, one suit)."
            ),
            "scoring",
        ),
        Dispute(
            N_("Is KD AD 2D a run?"),
            N_(
                "Not as K-A-2: a run never turns the corner. With deuces wild the 2 may stand "
                "for the queen, making Q-K-A (an app decision)."
            ),
            "melds",
            Check("meld", "KD AD 2D", options={"deuces-wild": True}),
        ),
    ),
    examples=(
        Example(N_("5-4-3-3 with one joker: each pays 1 + 2"), ABCD, _out(_5433)),
        Example(
            N_("4-4-4-3 with no wild card"),
            ABCD,
            _out(["3H 4H 5H 6H", "7H 8H 9H 10H", "JS QS KS AS", "5D 6D 7D"]),
        ),
        Example(
            N_("3-3-3-3-3 in one suit with special bonuses"),
            ABCD,
            _out(["AH 2H 3H", "4H 5H 6H", "7H 8H 9H", "10H JH QH", "KH AH JK"]),
            {"special-bonuses": True},
        ),
        Example(
            N_("Deuces wild: one wild 2 and one joker"),
            ABCD,
            _out(["5H 6H 7H 8H 9H", "JS QS KS AS", "2D 3D JK", "5C 2S 7C"]),
            {"deuces-wild": True},
        ),
        Example(N_("Special bonuses: no wild card"), ABCD, _out(_CLEAN), {"special-bonuses": True}),
        Example(
            N_("Quick meld: out before drawing, one joker"),
            ABCD,
            {"out": "Ann", "draws": 0, "jokers": 1},
            {"quick-meld-bonus": True},
        ),
    ),
    core={
        "scoring": (
            Para(
                N_(
                    "The winner collects from each opponent a base of 1 point and another {joker_fee} for "
                    "every joker used in the melds; what the others pay comes off their totals."
                ),
            ),
        ),
    },
    going_out=GoingOut(
        N_(
            "15 cards in runs of 5-4-3-3, 4-4-4-3 or 3-3-3-3-3, with a discard (none for a quick meld)"
        ),
        patterns=PATTERNS,
        ways=((15, None),),
    ),
)

GUIDES = (CONTINENTAL,)
