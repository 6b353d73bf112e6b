"""The variant registry: every variant of the rules, by slug, in display order.

A new variant is one module here with a ``VARIANTS`` tuple, added to ``MODULES`` (its guide, with the same module name, goes in ``rules/reference/guides``).
"""

from __future__ import annotations

from ..errors import UnknownVariantError
from . import (
    boat_house,
    caloochi,
    continental,
    double_rum,
    german,
    gin,
    knock,
    nowrang,
    phom,
    queen_city,
    rummy_500,
    standard,
)
from .base import EndRule, Option, Table, Variant

MODULES = (
    standard,
    boat_house,
    caloochi,
    double_rum,
    knock,
    gin,
    continental,
    queen_city,
    phom,
    german,
    nowrang,
    rummy_500,
)

REGISTRY: dict[str, Variant] = {v.slug: v for module in MODULES for v in module.VARIANTS}


def all_variants() -> list[Variant]:
    """Every variant, in the order the pages list them.

    >>> [v.slug for v in all_variants()][:3]
    ['standard-rummy', 'rummy-complete', 'block-rummy']
    """
    return list(REGISTRY.values())


def get_variant(slug: str | Variant) -> Variant:
    """The variant with this slug (a :class:`Variant` is returned as it is).

    >>> get_variant("knock-rummy").players
    (2, 5)
    >>> get_variant("poker")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.UnknownVariantError: 'poker' is not a known variant
    """
    if isinstance(slug, Variant):
        return slug
    try:
        return REGISTRY[slug]
    except (KeyError, TypeError):
        raise UnknownVariantError(str(slug)) from None


__all__ = ["REGISTRY", "EndRule", "Option", "Table", "Variant", "all_variants", "get_variant"]
