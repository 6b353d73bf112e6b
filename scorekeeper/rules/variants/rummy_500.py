"""Rummy 500: what you lay on the table counts for you, what is left in hand against you."""

from types import MappingProxyType

from ..melds import Ace, MeldRules
from ..messages import N_
from ..values import CardValues
from .base import Variant
from .common import target

RUMMY_500 = Variant(
    slug="rummy-500",
    name=N_("Rummy 500"),
    aka=(N_("500 Rum"),),
    summary=N_(
        "Score the melds and lay-offs you put down, minus the cards left in hand; first to 500 wins."
    ),
    family="rummy-500",
    players=(2, 8),
    deal=MappingProxyType({n: 13 if n == 2 else 7 for n in range(2, 9)}),
    packs=MappingProxyType({n: 1 if n <= 4 else 2 for n in range(2, 9)}),
    meld_rules=MeldRules(ace=Ace.HIGH_OR_LOW),
    values=CardValues(ace=15),
    options=(target(500),),
    rules=(
        (
            N_("Players and deal"),
            N_(
                "Two to eight players, without jokers: one 52-card pack for up to four players, two "
                "packs for five or more. Two players get 13 cards each, more players 7 each."
            ),
        ),
        (
            N_("Melds"),
            N_(
                "Sets of one rank and runs of one suit. The ace may be low (A-2-3) or high (Q-K-A), "
                "but a run never turns the corner (K-A-2)."
            ),
        ),
        (
            N_("Play"),
            N_(
                "The discard pile is spread so every card shows. A player may take any card of it if "
                "he melds or lays it off at once, and takes every card above it too. Players lay melds "
                "and lay off on anyone's melds during play; a lay-off counts for the player who lays "
                "it. The hand ends when a player has no card left, with or without a last discard."
            ),
        ),
        (
            N_("Scoring"),
            N_(
                "An ace counts 15, except an ace laid low in A-2-3, which counts 1; king, queen and "
                "jack 10, other cards their number. Each player scores the cards he laid on the table "
                "(melds and lay-offs) minus the cards left in his hand, so a hand score, and a total, "
                "may be negative."
            ),
        ),
        (
            N_("End of the game"),
            N_(
                "The game ends after a hand that takes someone to 500 or more (the target option); "
                "the highest total wins, and a tie at the top plays another hand."
            ),
        ),
    ),
    decisions=(
        N_("The hand ends when a player has no card left, whether or not he discarded last."),
        N_(
            "A player may enter the two numbers, laid and left, or the cards: the melds he laid, "
            "the cards he laid off and the cards left in his hand. An ace laid off counts 15."
        ),
        N_(
            "When the game would end with two or more players sharing the highest total, "
            "another hand is played until one leads."
        ),
    ),
)

VARIANTS = (RUMMY_500,)
