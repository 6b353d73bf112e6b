"""Rummy Table's rules engine: cards, melds, arrangement, variants and scoring.

Pure Python with no Django imports, so it can be used as a library on its own::

    >>> from scorekeeper.rules import best_arrangement
    >>> str(best_arrangement("QD KD AD 2D 5C", "boat-house-rum"))
    '[QD KD AD 2D] unmatched 5C = 5'
"""

from .arrange import Arrangement, best_arrangement
from .cards import JOKER, Card, format_cards, parse_cards
from .deck import Deck
from .errors import (
    IllegalMeldError,
    InvalidCardError,
    InvalidOptionError,
    RulesError,
    TooManyCopiesError,
    UnknownVariantError,
)
from .melds import Ace, MeldReading, MeldRules, meld_error, parse_meld, read_meld
from .values import CardValues
from .variants import REGISTRY, Option, Table, Variant, all_variants, get_variant

__all__ = [
    "JOKER",
    "REGISTRY",
    "Ace",
    "Arrangement",
    "Card",
    "CardValues",
    "Deck",
    "IllegalMeldError",
    "InvalidCardError",
    "InvalidOptionError",
    "MeldReading",
    "MeldRules",
    "Option",
    "RulesError",
    "Table",
    "TooManyCopiesError",
    "UnknownVariantError",
    "Variant",
    "all_variants",
    "best_arrangement",
    "format_cards",
    "get_variant",
    "meld_error",
    "parse_cards",
    "parse_meld",
    "read_meld",
]
