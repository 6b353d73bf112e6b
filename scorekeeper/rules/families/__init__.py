"""The scoring families, by the slug a :class:`~scorekeeper.rules.Variant` names.

A new family is one module here with a :class:`Family` subclass, added to ``_FAMILIES``; a new
variant of an existing family needs nothing here.

>>> from scorekeeper.rules import get_variant
>>> family_of(get_variant("knock-rummy")).role
'knocker'

The engine checks every entry against its family's schema before scoring it:

>>> from scorekeeper.rules.scoring import score_hand
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

from ..errors import UnknownVariantError
from ..variants import Variant, get_variant
from .base import MAX_COUNT, MAX_MELDS, MAX_POINTS, MAX_TEXT, EntryField, Family
from .continental import Continental
from .knock import Knock
from .nowrang import Nowrang
from .penalty import Penalty
from .phom import Phom
from .queen_city import QueenCity
from .standard import Block, Standard

_FAMILIES: tuple[type[Family], ...] = (
    Standard,
    Block,
    Knock,
    Continental,
    QueenCity,
    Phom,
    Penalty,
    Nowrang,
)

FAMILIES: dict[str, Family] = {cls.slug: cls() for cls in _FAMILIES}


def family_of(variant: str | Variant) -> Family:
    """The family that scores ``variant`` (a slug or a :class:`Variant`)."""
    chosen = get_variant(variant)
    try:
        return FAMILIES[chosen.family]
    except KeyError:
        raise UnknownVariantError(chosen.family) from None


__all__ = [
    "FAMILIES",
    "MAX_COUNT",
    "MAX_MELDS",
    "MAX_POINTS",
    "MAX_TEXT",
    "EntryField",
    "Family",
    "family_of",
]
