"""Scoring one hand, for every variant: a function per family (see :mod:`..families`).

>>> from scorekeeper.rules.scoring import score_hand
>>> score_hand(variant="standard-rummy", players=["Ann", "Bob", "Cy"],
...            result={"out": "Ann", "hands": {"Bob": {"points": 19}, "Cy": {"points": 11}}}).deltas
{'Ann': 30, 'Bob': 0, 'Cy': 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import ResultError, RulesError
from ..messages import N_, define
from ..variants import Table, Variant
from .context import HandContext
from .result import HandResult, PlayerDetail, Transfer
from .setup import setup_table
from .whole_hand import score_whole_hand

EXPECTED_RESULT = define("result.expected_object", N_("expected an object describing the hand"))


def score_hand(
    *,
    variant: str | Variant,
    options: Mapping[str, Any] | None = None,
    players: list[str],
    dealer: str | None = None,
    result: Any,
) -> HandResult:
    """Score one hand. Raises :class:`RulesError` (with ``.field``) for any bad input.

    >>> scored = score_hand(variant="knock-rummy", players=["Ann", "Bob"], result={
    ...     "knocker": "Ann", "hands": {"Ann": {"cards": "3C"}, "Bob": {"cards": "KS 9D"}}})
    >>> scored.winners, scored.deltas
    (('Ann',), {'Ann': 16, 'Bob': 0})
    >>> score_hand(variant="knock-rummy", players=["Ann", "Bob"], result={"knocker": "Cy"})
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.ResultError: 'Cy' is not a player in this game
    """
    table, names, dealer = setup_table(
        variant=variant, options=options, players=players, dealer=dealer
    )
    return score_at(table, names, dealer, result)


def score_at(table: Table, players: tuple[str, ...], dealer: str, entry: Any) -> HandResult:
    """Score one hand at an already validated table: the family checks ``entry`` (the hand
    as typed, the API's ``result`` object) against its schema, then scores it."""
    if not isinstance(entry, Mapping):
        raise ResultError(EXPECTED_RESULT(), "result")
    from ..families import family_of  # the families import the scoring functions

    family = family_of(table.variant)
    family.check_entry(table, players, entry)
    try:
        # A winner's whole hand, where he melds it all at once, is scored as the melds found.
        found = score_whole_hand(family, table, players, dealer, entry)
        if found is not None:
            return found
        return family.score(HandContext(table, players, dealer, entry))
    except RulesError as err:
        raise err.at("result") from None


__all__ = [
    "HandResult",
    "PlayerDetail",
    "Transfer",
    "score_at",
    "score_hand",
    "setup_table",
]
