"""What a card left in hand counts, variant by variant."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import Card


@dataclass(frozen=True)
class CardValues:
    """Points a card counts when it is left in a hand.

    The default is the standard table: ace 1, pip cards their number, J Q K 10.
    """

    ace: int = 1
    jack: int = 10
    queen: int = 10
    king: int = 10
    joker: int = 0
    per_card: int | None = None  # count scoring: every card counts this, a joker twice

    def __post_init__(self) -> None:
        # A lookup by rank (0 = joker): scoring and the solver ask for values very often.
        if self.per_card is not None:
            table = (2 * self.per_card,) + (self.per_card,) * 13
        else:
            table = (self.joker, self.ace, *range(2, 11), self.jack, self.queen, self.king)
        object.__setattr__(self, "_by_rank", table)

    def of(self, card: Card) -> int:
        return self._by_rank[card.rank]

    def total(self, cards: Iterable[Card]) -> int:
        return sum(self.of(card) for card in cards)

    def describe(self) -> str:
        """A one-line summary for the rules card."""
        if self.per_card is not None:
            return f"every card {self.per_card}, a joker {2 * self.per_card}"
        faces = (
            f"K, Q, J {self.king}"
            if self.jack == self.queen == self.king
            else f"J {self.jack}, Q {self.queen}, K {self.king}"
        )
        text = f"ace {self.ace}, 2-10 their number, {faces}"
        if self.joker:
            text += f", joker {self.joker}"
        return text


STANDARD_VALUES = CardValues()
