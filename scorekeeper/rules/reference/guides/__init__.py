"""Every variant's guide (disputes, examples, extra paragraphs), by variant slug.

A guide module mirrors its variant module in ``scorekeeper.rules.variants`` and exports
``GUIDES``. A test checks that every variant has exactly one guide.
"""

from __future__ import annotations

from ...variants import Variant, get_variant
from ..model import Guide
from . import (
    boat_house,
    caloochi,
    continental,
    double_rum,
    german,
    knock,
    nowrang,
    phom,
    queen_city,
    standard,
)

_MODULES = (
    standard,
    boat_house,
    caloochi,
    double_rum,
    knock,
    continental,
    queen_city,
    phom,
    german,
    nowrang,
)

GUIDES: dict[str, Guide] = {g.slug: g for module in _MODULES for g in module.GUIDES}


def guide_for(variant: str | Variant) -> Guide:
    return GUIDES[get_variant(variant).slug]


__all__ = ["GUIDES", "guide_for"]
