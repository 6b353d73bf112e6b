"""Phỏm: chips for going ù, or by place on the trash totals, with optional feeding penalties."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from ..messages import N_
from ..scoring import phom
from ..variants import Table, Variant
from .base import EntryField, Family

U_CARDS = EntryField(
    "u_cards",
    "choice",
    N_("Cards melded"),
    minimum=min(phom.U_CHIPS),
    maximum=max(phom.U_CHIPS),
    choices=((9, N_("9 cards and a discard")), (10, N_("All 10 cards"))),
    winner_only=True,
)
FED_BY = EntryField(
    "fed_by",
    "feeder",
    N_("The player before the winner fed three discards"),
    option="feeding-penalties",
    help=N_("That player then pays the ù chips for everyone."),
    winner_only=True,
    name="fed",
)
ORDER = EntryField(
    "order",
    "order",
    N_("The finishing order, instead of each player's trash"),
    help=N_("First place first. Móm players finish last and are left out."),
    section="order",
)
EATS = EntryField(
    "eats",
    "eats",
    N_("{name} took from {previous}"),
    option="feeding-penalties",
    maximum=4,  # times one player takes from the one before (the page's count per seat)
    section="eats",
)


class Phom(Family):
    slug = "phom"
    scorer = staticmethod(phom.score_phom)
    role = "u"
    role_label = N_("Did anyone go ù?")
    role_required = N_("Choose who went out.")
    role_optional = True
    nobody_label = N_("Nobody went ù: count the trash")
    seats = "all"
    seat_keys = ("points", "cards", "hand", "melds", "mom")
    extras: ClassVar[tuple[EntryField, ...]] = (U_CARDS, FED_BY, ORDER, EATS)
    zero_sum = True
    winner_hides_seats = True
    winner_legend = N_("The ù")
    seat_heading = N_("Each player's trash")
    deadwood_heading = N_("Each player's trash")
    ledger_heading = N_("Chip ledger")
    u_chips = phom.U_CHIPS
    place_chips = phom.PLACE_CHIPS
    mom_chips = phom.MOM_CHIPS

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # melds go down only when the hand ends

    def hand_size(self, table: Table, players: int, name: str, result: Mapping) -> tuple[int, int]:
        deal = table.variant.deal_for(players)
        if result.get("u") == name:  # the ù winner may hold all 10 cards (no discard)
            melded = result.get("u_cards")
            if melded == deal + 1:
                return deal + 1, deal + 1
            if melded == deal:
                return deal, deal
            return deal, deal + 1
        return deal, deal
