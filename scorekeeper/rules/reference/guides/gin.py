"""Reference content of Gin Rummy: RULES.md 10's examples, scored by the engine on the page."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, GoingOut, Guide, Origin, Para

AB = ("Ann", "Bob")
ANN_HAND = "AS 2S 3S 7H 7D 7C JH QH KH 4D"


def _counts(ann: int, bob: int) -> dict:
    return {"knocker": "Ann", "hands": {"Ann": {"points": ann}, "Bob": {"points": bob}}}


def _hands(bob: str) -> dict:
    return {"knocker": "Ann", "hands": {"Ann": {"hand": ANN_HAND}, "Bob": {"hand": bob}}}


GIN = Guide(
    slug="gin-rummy",
    origin=Origin.COMMON,  # beyond the source page (RULES.md 10)
    sections={
        "going-out": (
            Para(
                N_(
                    "Nobody goes out by melding on the table: a hand ends when a player knocks "
                    "with no more deadwood than the knock limit, or goes gin with none."
                ),
            ),
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "deadwood",
        "knock",
        "knock-limit",
        "gin",
        "big-gin",
        "lay-off",
        "undercut",
        "void-hand",
        "box-bonus",
        "shutout",
        "stock",
        "discard-pile",
        "target",
    ),
    disputes=(
        Dispute(
            N_("Both players have the same deadwood: who scores?"),
            N_(
                "The defender: a tie is an undercut. He scores the difference, 0, plus the "
                "undercut bonus."
            ),
            "scoring",
        ),
        Dispute(
            N_("May the defender lay off on a card he has just laid off?"),
            N_(
                "Yes: 4S on the knocker's AS 2S 3S, then 5S on the 4S. The app tries every "
                "lay-off when both whole hands are entered and keeps the one that leaves the "
                "least deadwood."
            ),
            "scoring",
        ),
        Dispute(
            N_("May the defender lay off after a gin?"),
            N_("No: against gin the defender counts all his deadwood, and gin is never undercut."),
            "scoring",
        ),
        Dispute(
            N_("Is Q-K-A a run?"),
            N_("No: the ace is low only, so A-2-3 is a run and an ace in deadwood counts 1."),
            "melds",
            Check("meld", "QH KH AH"),
        ),
        Dispute(
            N_("May the knocker lay off on the defender's melds?"),
            N_("No: only the defender lays off, and only on the knocker's melds."),
            "scoring",
            Check("deadwood", ANN_HAND),
        ),
    ),
    examples=(
        Example(N_("1. The knocker has less deadwood"), AB, _counts(5, 12)),
        Example(N_("2. A tie is an undercut"), AB, _counts(8, 8)),
        Example(N_("3. The defender undercuts the knocker"), AB, _counts(9, 4)),
        Example(N_("4. Gin: the defender's whole deadwood plus the bonus"), AB, _counts(0, 31)),
        Example(
            N_("5. Whole hands: nothing to meld, nothing to lay off"),
            AB,
            _hands("8H 9H 5C 5D 2C 3D 6S 8C 9D 10S"),
        ),
        Example(
            N_("6. Whole hands: the defender lays off, once onto his own lay-off"),
            AB,
            _hands("10H 4S 5S 7S 9C 9D 9S 2D 3D 6C"),
        ),
    ),
    going_out=GoingOut(knock=True),
)

# -- RULES.md 10.1: the derived variants share this guide and add their examples ------------


def _upcard(ann: int, bob: int, upcard: str) -> dict:
    return {**_counts(ann, bob), "upcard": upcard}


OKLAHOMA = GIN.derive(
    slug="oklahoma-gin",
    variant=N_("Oklahoma Gin"),
    parent=N_("Gin Rummy"),
    terms=("upcard",),
    examples=(
        Example(N_("1. The knocker has less deadwood"), AB, _upcard(5, 12, "7H")),
        Example(N_("2. A spade upcard doubles the hand"), AB, _upcard(5, 12, "7S")),
        Example(N_("3. An ace upcard: only gin, doubled by the spade"), AB, _upcard(0, 31, "AS")),
    ),
)

STRAIGHT = GIN.derive(
    slug="straight-gin",
    variant=N_("Straight Gin"),
    parent=N_("Gin Rummy"),
    # RULES.md 10.1: nobody knocks, so no knock limit, no lay-offs and no undercut
    sections={
        "going-out": (
            Para(
                N_(
                    "Nobody goes out by melding on the table, and nobody knocks: a hand ends "
                    "only when a player goes gin with no deadwood at all (or big gin, with the "
                    "house rule), or is void when the stock is down to two cards."
                ),
            ),
        ),
    },
    without_terms=("knock-limit", "lay-off", "undercut"),
    going_out=GoingOut(N_("only gin (no deadwood at all) ends a hand"), knock=True),
    disputes=(3, 4),
    more_disputes=(
        Dispute(
            N_("May a player knock with a little deadwood?"),
            N_("No: only gin ends a hand, so a knock with any deadwood is refused."),
            "play",
            Check("deadwood", ANN_HAND),
        ),
        Dispute(
            N_("Who scores when the stock is down to two cards?"),
            N_("Nobody: the hand is void, and the same player deals again."),
            "scoring",
        ),
        Dispute(
            N_("Is big gin played?"),
            N_("Only with the big gin house rule: all 11 cards melded after the draw."),
            "house-rules",
        ),
    ),
    examples=(
        Example(N_("1. Gin: the other's deadwood plus the gin bonus"), AB, _counts(0, 20)),
        Example(
            N_("2. Big gin, with the house rule"),
            AB,
            {**_counts(0, 20), "big_gin": True},
            options={"big-gin": True},
        ),
    ),
)

GUIDES = (GIN, OKLAHOMA, STRAIGHT)
