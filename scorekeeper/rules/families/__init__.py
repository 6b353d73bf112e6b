"""The scoring families, by the slug a :class:`~scorekeeper.rules.Variant` names, and scoring a
hand: :func:`score_hand` finds the variant's family, which checks the entry once against its
schema and scores it.

A new family is one module here with a :class:`Family` subclass (its entry schema, the
house-rule numbers it reads and its ``score``): the registry finds it (every class of this
package that names its own ``slug``), in the order its first variant stands in the variant
registry. A new variant of an existing family needs nothing here.

>>> from scorekeeper.rules import get_variant
>>> family_of(get_variant("knock-rummy")).role
'knocker'

The engine checks every entry against its family's schema before scoring it:

>>> score_hand(variant="nowrang", players=["Ann", "Bob"], result={"out": "Ann", "eats": True})
Traceback (most recent call last):
  ...
scorekeeper.rules.errors.ResultError: Nowrang does not use 'eats': leave it out
>>> score_hand(variant="knock-rummy", players=["Ann", "Bob", "Cy"], result={
...     "knocker": "Ann", "hands": {"Ann": {"points": 5}, "Bob": {"hand": "AS 2S 3S"},
...                                 "Cy": {"points": 9}}})
Traceback (most recent call last):
  ...
scorekeeper.rules.errors.ResultError: Bob's whole hand holds 7 cards at the end of this hand, not 3
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from ..errors import ResultError, RulesError, UnknownVariantError
from ..messages import N_, define
from ..scoring import HandContext, HandResult, score_whole_hand, setup_table
from ..variants import Table, Variant, all_variants, get_variant
from .base import (
    MAX_COUNT,
    MAX_MELDS,
    MAX_POINTS,
    MAX_TEXT,
    SEAT_KEYS,
    EntryField,
    Family,
    SeatField,
    SeatKey,
)


def _found() -> list[type[Family]]:
    """Every family class of this package: a :class:`Family` subclass that names its own slug."""
    found: list[type[Family]] = []
    for module in pkgutil.iter_modules(__path__):
        loaded = importlib.import_module(f"{__name__}.{module.name}")
        found.extend(
            cls
            for cls in vars(loaded).values()
            if isinstance(cls, type)
            and issubclass(cls, Family)
            and cls.__module__ == loaded.__name__
            and "slug" in vars(cls)
        )
    return found


def _in_variant_order(classes: list[type[Family]]) -> dict[str, Family]:
    """The families by slug, in the order their first variant stands in the registry (the
    order the pages and the API's document list them); a family with no variant is a mistake."""
    by_slug = {cls.slug: cls for cls in classes}
    order = list(dict.fromkeys(v.family for v in all_variants()))
    unplayed = set(by_slug) - set(order)
    if unplayed:
        raise RuntimeError(f"families with no variant: {sorted(unplayed)}")
    return {slug: by_slug[slug]() for slug in order if slug in by_slug}


FAMILIES: dict[str, Family] = _in_variant_order(_found())


def family_of(variant: str | Variant) -> Family:
    """The family that scores ``variant`` (a slug or a :class:`Variant`)."""
    chosen = get_variant(variant)
    try:
        return FAMILIES[chosen.family]
    except KeyError:
        raise UnknownVariantError(chosen.family) from None


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
    family = family_of(table.variant)
    family.check_entry(table, players, entry)
    try:
        # A winner's whole hand, where he melds it all at once, is scored as the melds found.
        found = score_whole_hand(family, table, players, dealer, entry)
        if found is not None:
            return found
        return family.score(HandContext(table, players, dealer, entry, family))
    except RulesError as err:
        raise err.at("result") from None


__all__ = [
    "FAMILIES",
    "MAX_COUNT",
    "MAX_MELDS",
    "MAX_POINTS",
    "MAX_TEXT",
    "SEAT_KEYS",
    "EntryField",
    "Family",
    "SeatField",
    "SeatKey",
    "family_of",
    "score_at",
    "score_hand",
]
