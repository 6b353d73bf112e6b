"""Cards and the notation players type.

A card is a rank and a suit (``10H``, ``t♣``, ``a♠``) or a joker (``JK``, ``*``, ``🃏``).
:func:`parse_cards` reads a list separated by spaces and/or commas; ``str(card)`` and
:func:`format_cards` print the canonical form (``AS 10H KD JK``). Every card value is a small
immutable object, so cards can be hashed, counted and sorted freely.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidCardError

SUITS = "SHDC"
SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
_RANK_FROM_TEXT = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_RANK_FROM_TEXT.update({str(n): n for n in range(2, 11)})
JOKER_SPELLINGS = {"JK", "*", "🃏", "JOKER"}

_SEPARATOR = re.compile(r"[\s,]+")


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. ``rank`` 1 (ace) to 13 (king); ``suit`` one of ``SHDC``.

    A joker has rank 0 and suit ``"*"``; use :data:`JOKER` rather than building one.
    """

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        return self.rank == 0

    @classmethod
    def parse(cls, text: str, *, position: int | None = None) -> Card:
        """Read one card such as ``10h``, ``T♣``, ``a♠`` or ``JK``."""
        token = text.strip()
        if token.upper() in JOKER_SPELLINGS:
            return JOKER
        if len(token) < 2:
            raise InvalidCardError(token, position)
        rank_text, suit_text = token[:-1].upper(), token[-1]
        suit = SUIT_SYMBOLS.get(suit_text, suit_text.upper())
        rank = _RANK_FROM_TEXT.get(rank_text)
        if rank is None or suit not in SUITS:
            raise InvalidCardError(token, position)
        return cls(rank, suit)

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit}"

    def __repr__(self) -> str:
        return f"Card({self})"


JOKER = Card(0, "*")


def _spellings() -> dict[str, Card]:
    """Every way a single card may be typed, upper or lower case, letters or suit symbols."""
    out = {spelling: JOKER for spelling in ("JK", "jk", "Jk", "jK", "*", "🃏")}
    rank_texts = {1: "Aa", 10: ["10", "T", "t"], 11: "Jj", 12: "Qq", 13: "Kk"}
    suit_texts = {s: [s, s.lower()] for s in SUITS}
    for symbol, suit in SUIT_SYMBOLS.items():
        suit_texts[suit].append(symbol)
    for rank in range(1, 14):
        for rank_text in rank_texts.get(rank, [str(rank)]):
            for suit, texts in suit_texts.items():
                for suit_text in texts:
                    out[rank_text + suit_text] = Card(rank, suit)
    return out


# Looked up before the general reader: a hand of ten cards parses in about a microsecond.
_SPELLINGS = _spellings()


def parse_cards(text: str | Iterable[Card | str]) -> list[Card]:
    """Read a list of cards; errors name the bad token and its 1-based position.

    Accepts a notation string, or an iterable of :class:`Card` objects and card strings.

    >>> parse_cards("10h, KD a♠ t♣ jk")
    [Card(10H), Card(KD), Card(AS), Card(10C), Card(JK)]
    >>> parse_cards("AS 7X")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.errors.InvalidCardError: '7X' is not a card (card 2)
    """
    if isinstance(text, str):
        if "," in text:
            tokens = [t for t in _SEPARATOR.split(text.strip()) if t]
        else:
            tokens = text.split()
    else:
        tokens = list(text)
    known = _SPELLINGS
    cards = []
    for position, token in enumerate(tokens, start=1):
        if isinstance(token, Card):
            cards.append(token)
            continue
        if not isinstance(token, str):
            token = str(token)
        card = known.get(token)
        cards.append(card if card is not None else Card.parse(token, position=position))
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """The canonical notation: cards in the given order, separated by single spaces.

    >>> format_cards(parse_cards("t♣ a♠  kd"))
    '10C AS KD'
    """
    return " ".join(str(card) for card in cards)


def full_pack() -> list[Card]:
    """The 52 cards of one pack, spades to clubs, ace to king."""
    return [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
