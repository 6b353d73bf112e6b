"""Reference content of Rummy 500: RULES.md 11's examples, scored by the engine on the page."""

from __future__ import annotations

from ...messages import N_
from ..model import Check, Dispute, Example, Guide, Origin, Para
from .shared import EVERY_CARD_AWAY

ABC = ("Ann", "Bob", "Cy")

RUMMY_500 = Guide(
    slug="rummy-500",
    origin=Origin.COMMON,  # beyond the source page (RULES.md 11)
    sections={
        "play": (
            Para(
                N_(
                    "Every card of the discard pile shows. Taking a card from deep in the pile "
                    "takes every card above it, and the card taken must be melded or laid off "
                    "in the same turn."
                ),
            ),
        ),
        "going-out": (
            Para(
                N_(
                    "A player goes out by getting rid of his last card: melded, laid off or "
                    "discarded. The hand ends there and every player counts what he laid and "
                    "what he still holds."
                ),
            ),
        ),
    },
    terms=(
        "meld",
        "set",
        "run",
        "lay-off",
        "going-out",
        "spread-discards",
        "stock",
        "discard-pile",
        "target",
    ),
    disputes=(
        Dispute(
            N_("What is an ace worth?"),
            N_(
                "15, laid or left in hand, except an ace laid low in a run with a 2 (A-2-3) or "
                "laid off at the low end of a run (onto 2-3), which counts 1."
            ),
            "scoring",
            Check("meld", "AS 2S 3S"),
        ),
        Dispute(
            N_("Who scores a card laid off on my meld?"),
            N_("The player who lays it off, not the owner of the meld."),
            "scoring",
        ),
        Dispute(
            N_("Can a hand score, or a total, be below zero?"),
            N_("Yes: cards left in hand count against the player, even before he has laid any."),
            "scoring",
        ),
        Dispute(
            N_("Is K-A-2 a run?"),
            N_("No: the ace is low (A-2-3) or high (Q-K-A), never both at once."),
            "melds",
            Check("meld", "KD AD 2D"),
        ),
        Dispute(
            N_("Must I discard to go out?"),
            N_("No: the hand ends as soon as a player has no card left, discard or not."),
            "going-out",
            Check("going-out", "7C 8C 9C KH KD KC"),
        ),
    ),
    examples=(
        Example(
            N_("1. Laid minus left, for everyone"),
            ABC,
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"melds": ["AS 2S 3S", "KH KD KC"]},
                    "Bob": {"melds": ["QH JH 10H"], "cards": "AD 5C"},
                    "Cy": {"cards": "9S 9D 4C"},
                },
            },
        ),
        Example(
            N_("2. An ace laid high counts 15"),
            ("Ann", "Bob"),
            {
                "out": "Ann",
                "hands": {"Ann": {"melds": ["QD KD AD"]}, "Bob": {"laid": 0, "left": 12}},
            },
        ),
        Example(
            N_("3. Typed numbers, and a lay-off"),
            ABC,
            {
                "out": "Bob",
                "hands": {
                    "Ann": {"laid": 40, "left": 15},
                    "Bob": {"melds": ["7C 8C 9C"], "layoffs": "10H"},
                    "Cy": {"laid": 0, "left": 31},
                },
            },
        ),
        Example(
            N_("4. An ace laid off low counts 1, laid off high 15"),
            ABC,
            {
                "out": "Ann",
                "hands": {
                    "Ann": {"melds": ["KH KD KC"], "layoffs": "AS", "aces_low": "AS"},
                    "Bob": {"melds": ["2S 3S 4S"], "cards": "7D"},
                    "Cy": {"melds": ["10D JD QD"], "layoffs": "AD", "cards": "5C"},
                },
            },
        ),
    ),
    going_out=EVERY_CARD_AWAY,
)

GUIDES = (RUMMY_500,)
