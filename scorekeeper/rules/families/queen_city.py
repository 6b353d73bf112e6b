"""Queen City Rum: the winner scores his melds' value from each other player."""

from __future__ import annotations

from collections.abc import Mapping

from ..scoring.queen_city import score_queen_city
from ..variants import Table, Variant
from .base import Family


class QueenCity(Family):
    slug = "queen-city"
    scorer = staticmethod(score_queen_city)
    seats = "winner"
    seat_keys = ("points", "cards", "hand", "melds")

    def laid_in_play(self, variant: Variant) -> bool:
        return False  # the winner lays the whole hand down at once

    def hand_size(self, table: Table, players: int, name: str, result: Mapping) -> tuple[int, int]:
        # Going out: every card melded after the draw, or all but a discard.
        deal = table.variant.deal_for(players)
        return deal, deal + 1
