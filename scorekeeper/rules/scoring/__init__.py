"""Scoring one hand, for every variant: a function per family, chosen by the registry.

>>> from scorekeeper.rules.scoring import score_hand
>>> score_hand(variant="standard-rummy", players=["Ann", "Bob", "Cy"],
...            result={"out": "Ann", "hands": {"Bob": {"points": 19}, "Cy": {"points": 11}}}).deltas
{'Ann': 30, 'Bob': 0, 'Cy': 0}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import ResultError, RulesError
from ..variants import Table, Variant
from .context import Hand
from .continental import score_continental
from .knock import score_knock
from .nowrang import score_nowrang
from .penalty import score_penalty
from .phom import score_phom
from .queen_city import score_queen_city
from .result import HandResult, PlayerDetail, Transfer
from .setup import setup_table
from .standard import score_block, score_standard

FAMILIES: dict[str, Callable[[Hand], HandResult]] = {
    "standard": score_standard,
    "block": score_block,
    "knock": score_knock,
    "continental": score_continental,
    "queen-city": score_queen_city,
    "phom": score_phom,
    "penalty": score_penalty,
    "nowrang": score_nowrang,
}


def score_hand(
    *,
    variant: str | Variant,
    options: Mapping[str, Any] | None = None,
    players: list[str],
    dealer: str | None = None,
    result: Any,
) -> HandResult:
    """Score one hand. Raises :class:`RulesError` (with ``.field``) for any bad input."""
    table, names, dealer = setup_table(
        variant=variant, options=options, players=players, dealer=dealer
    )
    return score_at(table, names, dealer, result)


def score_at(table: Table, players: tuple[str, ...], dealer: str, result: Any) -> HandResult:
    """Score one hand at an already validated table."""
    if not isinstance(result, Mapping):
        raise ResultError("expected an object describing the hand", "result")
    from ..families import family_of  # the families import the scoring functions

    family = family_of(table.variant)
    family.check_entry(table, players, result)
    hand = Hand(table, players, dealer, result)
    try:
        return family.score(hand)
    except RulesError as err:
        raise err.at("result") from None


__all__ = [
    "FAMILIES",
    "HandResult",
    "PlayerDetail",
    "Transfer",
    "score_at",
    "score_hand",
    "setup_table",
]
