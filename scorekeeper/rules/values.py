"""What a card left in hand counts, variant by variant."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .cards import Card
from .messages import N_, Message, define

PER_CARD = define("values.per_card", N_("every card {per_card}, a joker {joker}"))
FACES_SAME = define("values.faces_same", N_("ace {ace}, 2-10 their number, K, Q, J {king}"))
FACES_SAME_JOKER = define(
    "values.faces_same_joker", N_("ace {ace}, 2-10 their number, K, Q, J {king}, joker {joker}")
)
FACES = define("values.faces", N_("ace {ace}, 2-10 their number, J {jack}, Q {queen}, K {king}"))
FACES_JOKER = define(
    "values.faces_joker",
    N_("ace {ace}, 2-10 their number, J {jack}, Q {queen}, K {king}, joker {joker}"),
)


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
    # by rank (0 = joker), made in __post_init__; not an argument, shown or compared
    _by_rank: tuple[int, ...] = field(init=False, repr=False, compare=False, default=())

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

    def describe(self) -> Message:
        """A one-line summary for the rules card.

        >>> str(CardValues().describe())
        'ace 1, 2-10 their number, K, Q, J 10'
        """
        if self.per_card is not None:
            return PER_CARD(per_card=self.per_card, joker=2 * self.per_card)
        if self.jack == self.queen == self.king:
            if self.joker:
                return FACES_SAME_JOKER(ace=self.ace, king=self.king, joker=self.joker)
            return FACES_SAME(ace=self.ace, king=self.king)
        faces = {"ace": self.ace, "jack": self.jack, "queen": self.queen, "king": self.king}
        if self.joker:
            return FACES_JOKER(**faces, joker=self.joker)
        return FACES(**faces)


STANDARD_VALUES = CardValues()
