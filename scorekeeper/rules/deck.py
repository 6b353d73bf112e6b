"""Decks: how many copies of each card a game holds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from .cards import JOKER, Card, full_pack
from .errors import TooManyCopiesError
from .messages import N_, Message, define

# Where a deck check looks, for its error ("'KH' appears 3 times ... in this hand").
IN_THIS_HAND = define("deck.where.hand", N_("in this hand"))
ACROSS_PLAYERS = define("deck.where.players", N_("across the players of this hand"))
ACROSS_MELDS = define("deck.where.melds", N_("across these melds"))


@dataclass(frozen=True)
class Deck:
    packs: int = 1
    jokers: int = 0

    def copies(self, card: Card) -> int:
        return self.jokers if card.is_joker else self.packs

    @property
    def size(self) -> int:
        return 52 * self.packs + self.jokers

    def cards(self) -> list[Card]:
        """Every card of the deck, in a fixed order (for dealing test hands)."""
        return full_pack() * self.packs + [JOKER] * self.jokers

    def check(self, cards: Iterable[Card], where: Message | None = None) -> None:
        """Raise :class:`TooManyCopiesError` if ``cards`` holds more of a card than the deck.

        ``where`` (e.g. ``IN_THIS_HAND()``) says among what the cards were counted."""
        if not isinstance(cards, list | tuple):
            cards = list(cards)
        if len(set(cards)) == len(cards) and (self.jokers or JOKER not in cards):
            return  # every card once, and each is in the deck: nothing to count
        for card, count in sorted(Counter(cards).items()):
            allowed = self.copies(card)
            if count > allowed:
                raise TooManyCopiesError(str(card), count, allowed, where)
