"""Prose several guides say in the same words (Caloochi, Double Rum, Boat House, Rummy 500):
written once here, so a correction reaches every page that says it."""

from __future__ import annotations

from ...messages import N_
from ..model import GoingOut, Origin, Para

ABC = ("Ann", "Bob", "Cy")
#: a hand where Ann goes out and Bob is left with a joker and an ace: what each costs
JOKER_AND_ACE_LEFT = {
    "out": "Ann",
    "hands": {"Bob": {"cards": "JK AS 5D"}, "Cy": {"cards": "KC 2H"}},
}

GOES_OUT_EMPTY = Para(
    N_("A player goes out by getting rid of every card, with or without a final discard."),
    Origin.COMMON,
)
SCORES_THE_OTHERS_CARDS = Para(
    N_("The player who goes out scores the value of every card left in the other hands.")
)
HIGHEST_AT_THE_TARGET = Para(
    N_(
        "After a hand that takes someone to {target} or more (the target option), "
        "the highest total wins; a tie at the top plays another hand."
    ),
)
EVERY_CARD_AWAY = GoingOut(N_("every card melded or laid off, with or without a discard"))
