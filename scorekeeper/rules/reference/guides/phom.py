"""Reference content of Phỏm: places, móm, ù and feeding as worked examples."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Para

ABCD = ("Ann", "Bob", "Cy", "Dan")


def _totals(**points) -> dict:
    hands = {}
    for name, value in points.items():
        mom = value < 0
        hands[name] = {"points": abs(value), **({"mom": True} if mom else {})}
    return {"hands": hands}


PHOM = Guide(
    slug="phom",
    sections={
        "end": (
            Para(
                N_(
                    "A session lasts the agreed number of hands (the hands option; by default "
                    "twice the number of players); then the most chips win."
                ),
            ),
        ),
    },
    terms=(
        "phom",
        "meld",
        "set",
        "run",
        "deadwood",
        "u",
        "mom",
        "feeding",
        "stock",
        "discard-pile",
        "dealer",
    ),
    disputes=(
        Dispute(
            N_("Who gets the 10th card and plays first?"),
            N_(
                "The player on the dealer's left, who opens by discarding; play then runs "
                "clockwise (an app decision: the source says both left and right)."
            ),
            "deal",
            Check("deal", players=4),
        ),
        Dispute(
            N_("Two players have the same trash total: who ranks higher?"),
            N_(
                "The one who plays earlier, counting from the dealer's left. The dealer plays "
                "last, so he loses every tie."
            ),
            "scoring",
        ),
        Dispute(
            N_("I have no meld (móm) but the lowest total: do I win?"),
            N_(
                "No: a móm player ranks after every player with a meld and pays {mom_chips} chips, "
                "whatever his total (an app decision)."
            ),
            "scoring",
        ),
        Dispute(
            N_("Ù with 9 or with 10 cards: what is each worth?"),
            N_(
                "9 cards melded and one discarded: {u_chips} chips from each player. All 10 melded: twice that."
            ),
            "going-out",
            Check("going-out", "AH 2H 3H 5S 5D 5C 9C 10C JC KD"),
        ),
        Dispute(
            N_("Is Q-K-A a run?"),
            N_("No: the king is high and the ace low, so A-2-3 is a run and Q-K-A is not."),
            "melds",
            Check("meld", "QH KH AH"),
        ),
    ),
    examples=(
        Example(
            N_("Places and a móm player"),
            ABCD,
            _totals(Ann=15, Bob=9, Cy=22, Dan=-30),
            dealer="Dan",
        ),
        Example(
            N_("A tie goes to the earlier player"),
            ABCD,
            _totals(Ann=9, Bob=9, Cy=22, Dan=30),
            dealer="Dan",
        ),
        Example(
            N_("Three players pay by place too (an app decision)"),
            ABCD[:3],
            _totals(Ann=12, Bob=4, Cy=20),
            dealer="Cy",
        ),
        Example(
            N_("Ù with 9 cards melded"),
            ABCD,
            {"u": "Cy", "u_cards": 9},
            dealer="Dan",
            section="going-out",
        ),
        Example(
            N_("Ù with all 10 cards"),
            ABCD,
            {"u": "Cy", "u_cards": 10},
            dealer="Dan",
            section="going-out",
        ),
        Example(
            N_("Feeding: the player who fed three discards pays the whole ù"),
            ABCD,
            {"u": "Cy", "u_cards": 9, "fed_by": "Bob"},
            {"feeding-penalties": True},
            dealer="Dan",
            section="house-rules",
        ),
        Example(
            N_("Feeding: each eaten discard costs a chip"),
            ABCD,
            {**_totals(Ann=9, Bob=9, Cy=22, Dan=30), "eats": [{"from": "Ann", "to": "Bob"}] * 2},
            {"feeding-penalties": True},
            dealer="Dan",
            section="house-rules",
        ),
    ),
    going_out=GoingOut(
        N_("9 cards melded and a discard, or all 10 melded"),
        ways=((10, False), (9, True)),
    ),
    extra_cards=1,
)

GUIDES = (PHOM,)
