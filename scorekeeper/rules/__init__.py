"""Rummy Table's rules engine: cards, melds, arrangement, variants and scoring.

Pure Python with no Django imports, so it can be used as a library on its own::

    >>> from scorekeeper.rules import best_arrangement
    >>> str(best_arrangement("QD KD AD 2D 5C", "boat-house-rum"))
    '[QD KD AD 2D] unmatched 5C = 5'

The public API is what this module exports: reading and printing cards, the variants, checking
a meld, the best arrangement of a hand, scoring one hand, replaying a game, the value types
they return, messages (the engine speaks in codes, rendered by the caller) and the errors.
"""

from .arrange import Arrangement, best_arrangement
from .cards import JOKER, Card, format_cards, parse_cards
from .errors import (
    GameOverError,
    IllegalMeldError,
    InvalidCardError,
    InvalidOptionError,
    ResultError,
    RulesError,
    TooManyCopiesError,
    UnknownVariantError,
)
from .families import score_hand
from .game import GameState, Replay, replay
from .melds import MeldReading, MeldRules, read_meld
from .messages import Message, render
from .runs import Ace
from .scoring import HandResult, PlayerDetail, Transfer
from .variants import Option, Table, Variant, all_variants, get_variant

__all__ = [
    "JOKER",
    "Ace",
    "Arrangement",
    "Card",
    "GameOverError",
    "GameState",
    "HandResult",
    "IllegalMeldError",
    "InvalidCardError",
    "InvalidOptionError",
    "MeldReading",
    "MeldRules",
    "Message",
    "Option",
    "PlayerDetail",
    "Replay",
    "ResultError",
    "RulesError",
    "Table",
    "TooManyCopiesError",
    "Transfer",
    "UnknownVariantError",
    "Variant",
    "all_variants",
    "best_arrangement",
    "format_cards",
    "get_variant",
    "parse_cards",
    "read_meld",
    "render",
    "replay",
    "score_hand",
]
