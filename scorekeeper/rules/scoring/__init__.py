"""The steps several families' scoring share: the table, reading entries, the result.

Each family scores its hands in its own module (:mod:`scorekeeper.rules.families`); what they
have in common is here: :mod:`.setup` (variant, options, players, dealer), :mod:`.context` (the
hand being scored), :mod:`.entries` (one player's points, cards, whole hand or melds),
:mod:`.common` (collecting entries, sharing a pool, paying the winner) and :mod:`.result`.
Nothing here imports a family.

>>> from scorekeeper.rules import score_hand
>>> score_hand(variant="standard-rummy", players=["Ann", "Bob", "Cy"],
...            result={"out": "Ann", "hands": {"Bob": {"points": 19}, "Cy": {"points": 11}}}).deltas
{'Ann': 30, 'Bob': 0, 'Cy': 0}
"""

from __future__ import annotations

from .context import HandContext
from .result import HandResult, PlayerDetail, Transfer
from .setup import setup_table
from .whole_hand import score_whole_hand

__all__ = [
    "HandContext",
    "HandResult",
    "PlayerDetail",
    "Transfer",
    "score_whole_hand",
    "setup_table",
]
