"""Every variant's guide (disputes, examples, extra paragraphs), by variant slug.

A guide module mirrors its variant module in ``scorekeeper.rules.variants`` and exports
``GUIDES``. A test checks that every variant has exactly one guide.
"""

from __future__ import annotations

import importlib

from ... import variants
from ...variants import Variant, get_variant
from ..model import Guide

# One guide module per variant module, by the same name: the variants' list is the only list.
_MODULES = tuple(
    importlib.import_module(f"{__name__}.{module.__name__.rsplit('.', 1)[-1]}")
    for module in variants.MODULES
)

GUIDES: dict[str, Guide] = {g.slug: g for module in _MODULES for g in module.GUIDES}


def guide_for(variant: str | Variant) -> Guide:
    return GUIDES[get_variant(variant).slug]


__all__ = ["GUIDES", "guide_for"]
